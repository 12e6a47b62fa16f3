"""The exceptions hhtools raises: one root, narrow families below it."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any, Protocol


class HHToolsError(Exception):
    """Root of every error hhtools raises on purpose; its message is meant for the user."""

    #: The command line's exit status for this error (see the README's contract).
    exit_status = 1


class UsageError(HHToolsError):
    """What was asked cannot be done as asked: a bad option value, a missing or unreadable
    path, a missing or foreign hand store. The command line exits with status 2 for these."""

    exit_status = 2


class CardError(HHToolsError, ValueError):
    """A card or a hand of cards that cannot be read (bad card, repeated card, wrong count)."""


class UnknownNameError(UsageError, KeyError):
    """A game, component or site name that hhtools does not know."""

    def __str__(self) -> str:
        # KeyError would print the message with quotes around it.
        return str(self.args[0]) if self.args else ""


def unknown_name(kind: str, name: str, known: Iterable[str]) -> UnknownNameError:
    """Build "Unknown game 'badgui'. Did you mean badugi?" with the list of known names."""
    known = sorted(set(known))
    close = difflib.get_close_matches(name.lower(), known, n=1)
    hint = f" Did you mean {close[0]}?" if close else ""
    return UnknownNameError(f"Unknown {kind} {name!r}.{hint} Known: {', '.join(known)}.")


# The store


class StoreError(HHToolsError):
    """The store folder cannot be used (not writable, full disk, damaged file...): the command
    line exits with status 2, as for a missing store."""

    exit_status = 2


class StoreWriteError(StoreError):
    """Writing into the store failed (full disk, read-only file system...)."""


# Reading


class BadHand(Protocol):
    """What a HandParseError carries: the first bad hand's ``HandError`` record."""

    @property
    def message(self) -> str: ...


class HandParseError(HHToolsError, ValueError):
    """Raised for the first bad hand when parsing with ``errors="raise"``."""

    def __init__(self, error: BadHand):
        super().__init__(error.message)
        self.error = error


class PHHError(HHToolsError, ValueError):
    """A hand that cannot be written as PHH (a variant without a code)."""


class SkipHand(HHToolsError):
    """The header names a game hhtools does not support."""

    def __init__(self, game: str):
        super().__init__(game)
        self.game = game


class StructureRefused(HHToolsError):
    """A line kind (or the end) that cannot come where it is in a hand: the site's structure
    check (``Structure.check``) says where and what could have come."""


class LineError(HHToolsError):
    """A line that classified but says something impossible; becomes a HandError."""

    def __init__(self, token: Any, reason: str, column: int = 1):
        super().__init__(reason)
        self.token = token
        self.reason = reason
        self.column = column


class AmountError(HHToolsError, ValueError):
    """Text that is not an amount of money."""


# Auditing


class RuleViolation(HHToolsError):
    """An action the rules do not allow: ``kind`` is one of KINDS, ``line`` the history's line,
    ``rule`` the rule it breaks in a few words (``short all-in``, ``cap``, ``bet size``...)."""

    def __init__(self, kind: str, message: str, line: int, rule: str | None = None):
        super().__init__(f"line {line}: {message}")
        self.kind = kind
        self.line = line
        self.text = message
        self.rule = rule


# The store


class ClusterError(HHToolsError):
    """The cluster failed the import (lost, or left with no worker): the batches published
    before are kept, and the same command completes the import."""

    exit_status = 2


# Reports and charts


class NoDataError(HHToolsError):
    """There is nothing to draw; the message says which player and filters found nothing."""


# Generating


class UnsupportedCombination(HHToolsError, ValueError):
    """A game or structure the site's history format cannot express."""


# Game nights


class CardMismatch(HHToolsError):
    """The record moves or shows a card that the replay says is not there."""


class DuplicateCard(HHToolsError):
    """The record puts a card in two places at once."""


class RecordError(HHToolsError):
    """A night that cannot be read: where, and what was expected there."""

    def __init__(self, path: str | None, line: int, column: int, reason: str,
                 expected: tuple[str, ...] = (), got: str | None = None):
        self.path, self.line, self.column = path, line, column
        self.reason, self.expected, self.got = reason, expected, got
        super().__init__(f"{path or '<text>'}:{line}:{column}: {reason}")


class TieBreakError(HHToolsError, ValueError):
    """Table cards (a drawn card, Manotazo cards) that the tie-break cannot use."""


class WildRankError(HHToolsError, ValueError):
    """A wild rank or a pool count that cannot be read."""
