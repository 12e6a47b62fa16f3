"""Importing history files into the hand store, atomically and without duplicates.

Files whose size and modification time match their last import are skipped without being
read; hands already stored (same site and hand id) are skipped after parsing. Hands are written
in batches of whole hands (see hhtools.store), so an import killed at any moment can simply be
run again.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import polars as pl

from hhtools.rows import error_row, hand_rows
from hhtools.store import SCHEMAS, Store

#: How many hands a batch holds before it is written: bounds memory on large imports.
BATCH_HANDS = int(os.environ.get("HHTOOLS_BATCH_HANDS", "20000"))


@dataclass
class ImportSummary:
    """What an import did."""

    files_seen: int = 0
    files_read: int = 0
    files_unchanged: int = 0
    hands_new: int = 0
    duplicates: int = 0
    skipped_games: Counter = field(default_factory=Counter)
    rejected: int = 0
    verdicts: Counter = field(default_factory=Counter)
    rejected_examples: list[str] = field(default_factory=list)

    def render(self) -> str:
        """The summary printed at the end of ``hhtools import``."""
        skipped = ", ".join(f"{g} {n}" for g, n in sorted(self.skipped_games.items())) or "none"
        lines = [
            f"files read: {self.files_read} (unchanged since last import: {self.files_unchanged})",
            f"hands new: {self.hands_new}",
            f"duplicates: {self.duplicates}",
            f"skipped games: {skipped}",
            f"rejected: {self.rejected}",
        ]
        if self.verdicts:
            lines.append("verdicts: " + ", ".join(f"{v} {n}" for v, n in sorted(self.verdicts.items())))
        lines += [f"  {e}" for e in self.rejected_examples]
        return "\n".join(lines)


def history_files(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The files named, and the files found in the folders named, recursively, in a stable order."""
    from hhtools.parsing import history_files as found

    return list(found(paths))


def import_paths(paths: Iterable[str | os.PathLike], store: Store,
                 progress: Callable[[Path], None] | None = None) -> ImportSummary:
    """Import every history file under ``paths`` into ``store``, auditing every new hand."""
    from hhtools.auditor import audit
    from hhtools.parsing import parse_file

    store.discard_unfinished()
    summary = ImportSummary()
    known = store.hand_keys()
    previous = store.imported_files()
    pending = _Batch()
    for path in history_files(paths):
        summary.files_seen += 1
        stat = path.stat()
        resolved = str(path.resolve())
        if previous.get(resolved) == (stat.st_size, stat.st_mtime_ns):
            summary.files_unchanged += 1
            if progress:
                progress(path)
            continue
        summary.files_read += 1
        result = parse_file(path)
        new_here = rejected_here = 0
        for hand in result.hands:
            key = (hand.site, hand.hand_id)
            if key in known:
                summary.duplicates += 1
                continue
            known.add(key)
            result_of_audit = audit(hand)
            summary.verdicts[result_of_audit.verdict] += 1
            rows = hand_rows(hand, result_of_audit)
            rows["hands"][0]["path"] = resolved
            pending.add(rows)
            new_here += 1
        for skipped in result.skipped:
            summary.skipped_games[skipped.game] += 1
            pending.rows["skipped"].append({"path": resolved, "site": skipped.site,
                                            "hand_id": skipped.hand_id, "game": skipped.game})
        for error in result.errors:
            rejected_here += 1
            row = error_row(error)
            row["path"] = resolved
            pending.rows["rejected"].append(row)
            if len(summary.rejected_examples) < 10:
                summary.rejected_examples.append(error.message)
        summary.hands_new += new_here
        summary.rejected += rejected_here
        # A file with rejected hands is read again next time: a newer hhtools may read them.
        if not rejected_here:
            pending.rows["files"].append({
                "path": resolved, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns,
                "hands": new_here, "rejected": rejected_here,
                "imported_at": datetime.now(timezone.utc)})
        if pending.hands >= BATCH_HANDS:
            pending.write(store)
            pending = _Batch()
        if progress:
            progress(path)
    if pending:
        pending.write(store)
    return summary


class _Batch:
    """Rows waiting to be written as one atomic batch."""

    def __init__(self) -> None:
        self.rows: dict[str, list[dict]] = {name: [] for name in SCHEMAS}
        self.hands = 0

    def __bool__(self) -> bool:
        return any(self.rows.values())

    def add(self, rows: dict[str, list[dict]]) -> None:
        for name, items in rows.items():
            self.rows[name].extend(items)
        self.hands += len(rows.get("hands", ()))

    def write(self, store: Store) -> None:
        frames = {name: pl.DataFrame(items, schema=SCHEMAS[name])
                  for name, items in self.rows.items()}
        store.write_batch(frames)
