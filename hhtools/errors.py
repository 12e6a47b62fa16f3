"""The exceptions hhtools raises: one root, narrow families below it."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


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
