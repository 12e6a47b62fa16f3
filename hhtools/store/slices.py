"""One slice of a history file read, parsed, audited and flattened into the store's rows: a
pure function of the slice, run in this process, in a worker process of a parallel import, or on
a Dask worker (hhtools.store.cluster)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import polars as pl

from hhtools.auditing.auditor import audit_or_error
from hhtools.auditing.results import Verdict
from hhtools.core.collector import collector_paused
from hhtools.core.records import HandError
from hhtools.errors import HHToolsError
from hhtools.reading.parsing import ParseResult
from hhtools.reading.slicing import Slice, parse_slice
from hhtools.reading.unfinished import ends_inside_line, hold_last
from hhtools.store.frames import frames, new_rows
from hhtools.store.rows import add_hand, error_row
from hhtools.store.summary_rows import summary_frames


@dataclass
class FileRows:
    """One file (or slice of one) parsed, audited and flattened into table rows."""

    path: str
    size: int
    mtime_ns: int
    frames: dict[str, pl.DataFrame]
    verdicts: dict[tuple[str, str], Verdict]  # (site, hand id) -> verdict, in file order
    skipped: Counter[str]
    errors: list[str]
    repeated: int = 0  # hands that appear twice in this very file
    not_history: bool = False
    warnings: list[str] = field(default_factory=list)
    part: int = 0  # the slice of the file (hhtools.reading.slicing), and whether it is its last
    last: bool = True
    bytes: int = 0  # read for these rows
    held: list[str] = field(default_factory=list)  # the last hand, still being written


def read_slice(part: Slice, worker: str | None = None) -> FileRows:
    """Parse, audit and flatten one slice of a file (runs in a worker process when importing
    in parallel, on a Dask worker with a scheduler): a pure function of the slice.

    ``worker`` names the machine reading it, said if the file cannot be read there."""

    path = part.path
    try:
        # The size and time recorded are those the importing process saw when it planned the
        # file (a Dask worker may read a copy made at another time): a file changed since is
        # taken for changed by the next import, and read again.
        result = parse_slice(part)
        held = None
        if part.last:
            result, held = hold_last(result, part.mtime_ns, ends_inside_line(path))
    except (HHToolsError, OSError) as exc:
        # A file that cannot be read (permissions, a read error) costs only itself: it is one
        # rejection, read again by the next import, and the other files are imported.
        reason = (str(exc) if isinstance(exc, HHToolsError)
                  else f"cannot read {path}: {exc.strerror or exc}")
        if worker:
            reason += (f" (on the Dask worker {worker}: every worker must see the input files "
                       "at the same path)")
        return rejected_slice(part, reason)
    with collector_paused():
        rows = flatten(path, part.size, part.mtime_ns, result)
    rows.part, rows.last, rows.bytes = part.part, part.last, part.bytes
    if held is not None:
        rows.held.append(held.message)
    return rows


def rejected_slice(part: Slice, reason: str) -> FileRows:
    """The rows of a slice that could not be read: one rejection, from its first line, that
    the next import reads again."""
    path = part.path
    error = HandError(path, part.first_line, 1, None, None, (), None, reason)
    rows = new_rows()
    rows["rejected"].rows.append(error_row(error, path))
    return FileRows(path, part.size, part.mtime_ns, frames(rows), {}, Counter(),
                    [error.message], 0, False, [], part.part, part.last, part.bytes)


def flatten(path: str, size: int, mtime_ns: int, result: ParseResult) -> FileRows:
    """Audit the hands of a parsed file and turn them into table rows."""

    rows = new_rows()
    verdicts: dict[tuple[str, str], Verdict] = {}
    repeated = 0
    errors = list(result.errors)
    for hand in result.hands:
        key = (hand.site, hand.hand_id)
        if key in verdicts:
            repeated += 1
            continue
        checked = audit_or_error(hand)
        if isinstance(checked, HandError):
            errors.append(checked)
            continue
        add_hand(rows, hand, checked, path)
        verdicts[key] = checked.verdict
    rows["skipped"].rows += [(path, s.site, s.hand_id, s.game) for s in result.skipped]
    rows["rejected"].rows += [error_row(e, path) for e in errors]
    tables = frames(rows)
    if result.summaries:

        tables.update(summary_frames(result.summaries, path))
    return FileRows(path, size, mtime_ns, tables, verdicts,
                    Counter(s.game for s in result.skipped), [e.message for e in errors],
                    repeated, result.not_history is not None,
                    [w.message for w in result.warnings])
