"""The settlement of a replayed hand: pots, showdown, runs."""
