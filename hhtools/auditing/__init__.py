"""The rules applied to a hand: rule profiles, the replay, the settlement, the deck,
findings, and the auditor that compares them with the history.

Imports ``core``, ``sites`` and ``reading``."""
