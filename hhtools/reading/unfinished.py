"""The last hand of a file the poker client may still be writing: left for the next import.

A client writes a hand in a few writes, so a file read while it plays may end inside its last
hand. Such a hand often reads (a KingsClub hand cut after its first summary seat reads, with
wrong nets); stored, it would stay as it was cut, since the finished hand is then a duplicate.
So a file's last record is held back, neither stored nor rejected, and reported as "still being
written" when the file changed less than ``QUIET`` seconds ago and:

- the file's last line has no line end (a client writes whole lines); or
- the record could not be read (a hand cut in a line, or a Merge game not yet closed); or
- the hand's summary is short of what its own lines promise (``unfinished``): a seat without
  its summary entry, a winner not in the summary, chips put in that nobody won, got back or
  paid as rake (a side pot or second run not yet awarded), no summary at all.

A Full Tilt "(partial)" hand has only its summary, so nothing tells a cut one from a whole one:
it is taken as it reads.

Only the last record of a file can be unfinished: a hand followed by another hand's header was
finished by the client, so a broken one there is rejected. After ``QUIET`` seconds without a
change the client has stopped writing the file (it crashed, or the hand was cut for good): its
last hand is then read like any other, and an unfinished one is rejected, naming what it lacks.
A file holding a held hand is not marked as imported, so the next import reads it again.
"""

from __future__ import annotations

import dataclasses
import os
import time
from decimal import Decimal

from hhtools.core.records import Hand, HandError, chip_totals
from hhtools.reading.parsing import ParseResult
from hhtools.sites import SITES

ZERO = Decimal(0)
#: Seconds since a file last changed after which its client is taken to have stopped writing
#: it: a client writes a hand within seconds; five minutes leave room for a slow network share.
QUIET = float(os.environ.get("HHTOOLS_WRITING_QUIET", "300"))


def unfinished(hand: Hand) -> str | None:
    """What the hand's summary lacks that its own lines promise, or None if it is whole."""
    summary = hand.summary
    listed = {s.player for s in summary.seats}
    # What the site's summaries hold (a PHH file's hands, of no site, promise nothing).
    site = SITES.get(hand.site)
    if (site is not None and site.summary_total and summary.total_pot is None
            and not summary.seats):
        return "its summary is missing"
    if site is not None and site.summary_every_seat:
        missing = [s for s in hand.seats if s.name not in listed]
        if missing:
            names = ", ".join(f"seat {s.seat} ({s.name})" for s in missing[:3])
            more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
            return f"its summary has no line for {names}{more}"
    if hand.cancelled or hand.partial:
        return None
    if not hand.collections:
        return "no pot is awarded"
    put, won, back = chip_totals(hand)
    # Every chip put in is won, returned or raked in every finished hand of every site: a
    # shortfall is a pot (a side pot, a second run) whose line is not written yet.
    # Decimal starts: typed ``Decimal | Literal[0]`` otherwise, which the compiled module
    # takes for an int and refuses a Decimal.
    left = (sum(put.values(), ZERO) - sum(back.values(), ZERO) - sum(won.values(), ZERO)
            - (summary.rake or ZERO))
    if left > 0:
        return f"{left} of the pot is not awarded yet"
    if site is not None and site.summary_winners:
        absent = sorted({c.player for c in hand.collections} - listed)
        if absent:
            return f"its summary has no line for the winner {', '.join(absent)}"
    return None


@dataclasses.dataclass(frozen=True, slots=True)
class Held:
    """A file's last hand left for the next import: where it starts and why."""

    path: str
    line: int
    hand_id: str | None
    reason: str

    @property
    def message(self) -> str:
        hand = f" hand {self.hand_id}:" if self.hand_id else ""
        return (f"{self.path}:{self.line}:{hand} still being written ({self.reason}); "
                "the next import reads it again")


def recently_changed(mtime_ns: int, now: float | None = None) -> bool:
    """True if a file changed at ``mtime_ns`` may still be written to by its client."""
    return (now if now is not None else time.time()) - mtime_ns / 1e9 < QUIET


def ends_inside_line(path: str) -> bool:
    """True if the file's last byte is not a line end, NUL padding after it aside."""
    try:
        with open(path, "rb") as f:
            end = f.seek(0, os.SEEK_END)
            while end:  # back over the padding, a block at a time
                f.seek(max(0, end - (1 << 16)))
                block = f.read(end - max(0, end - (1 << 16))).rstrip(b"\0")
                if block:
                    # UTF-16's line feed ends in 0x0A (big-endian) or is stripped to it.
                    return block[-1:] not in (b"\n", b"\r")
                end = max(0, end - (1 << 16))
    except OSError:
        pass
    return False


def hold_last(result: ParseResult, mtime_ns: int, cut_line: bool,
              now: float | None = None) -> tuple[ParseResult, Held | None]:
    """The result without its last record if the client may still be writing it, and that record.

    ``cut_line``: the file ends inside a line. The other records are returned as they are.
    """
    if not recently_changed(mtime_ns, now):
        return reject_unfinished(result), None
    last = _last_record(result)
    if last is None:
        return result, None
    path = result.path or "<text>"
    if isinstance(last, HandError):
        if last.hand_id is None and not cut_line:
            return result, None  # lines in no hand, whole: not a hand being written
        held = Held(path, last.line, last.hand_id, f"it does not read yet: {last.reason}")
        return dataclasses.replace(result, errors=tuple(e for e in result.errors
                                                       if e is not last)), held
    if isinstance(last, Hand):
        reason = "its last line is not ended" if cut_line else unfinished(last)
        if reason is None:
            return result, None
        held = Held(path, last.source.first_line, last.hand_id, reason)
        return dataclasses.replace(result, hands=tuple(h for h in result.hands
                                                      if h is not last)), held
    return result, None


def _last_record(result: ParseResult) -> Hand | HandError | None:
    """The record that starts last in the file (a skipped hand is never held: its rows hold no
    result a longer version could change)."""
    records: list[tuple[int, object]] = [(h.source.first_line, h) for h in result.hands]
    records += [(s.source.first_line, s) for s in result.skipped]
    records += [(e.line, e) for e in result.errors]
    if not records:
        return None
    record = max(records, key=lambda r: r[0])[1]
    return record if isinstance(record, (Hand, HandError)) else None


def reject_unfinished(result: ParseResult, quiet: float = QUIET) -> ParseResult:
    """A file its client stopped writing: an unfinished last hand is rejected, naming its lack."""
    last = _last_record(result)
    if not isinstance(last, Hand) or (reason := unfinished(last)) is None:
        return result
    error = HandError(result.path, last.source.first_line, 1, last.hand_id, last.site, (), None,
                      f"the hand is not finished: {reason}, and the file has not changed for "
                      f"{quiet:g} s (the client stopped writing it)")
    return dataclasses.replace(result, hands=tuple(h for h in result.hands if h is not last),
                               errors=result.errors + (error,))
