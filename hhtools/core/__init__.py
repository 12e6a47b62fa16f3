"""The poker model: cards, money, typed records, games declared as data, evaluators.

Imports nothing of hhtools but ``hhtools.errors``."""
