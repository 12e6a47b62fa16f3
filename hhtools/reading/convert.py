"""Convert histories of any supported site (or PHH files) to PHH or JSON.

``convert(paths, to, out)`` reads every file, writes each hand and yields one ``Converted``
per input file. Without ``out`` everything goes to ``stream``: JSON as one object per line,
PHH as one hand, or as a ``.phhs`` document of tables ``[1]``, ``[2]``... when there are
several. With ``out`` (a directory, created if needed): JSON makes one ``<file stem>.jsonl``
per input file; PHH one ``<site>-<hand id>.phh`` per hand, the unit PHH tools read.
A partial hand (Full Tilt's summary only) has no stacks or actions for PHH: it is counted in
``skipped`` with the hands of unsupported games.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from hhtools.core.inputs import InputError, shown
from hhtools.core.outputs import write_text
from hhtools.core.records import HandError, hand_to_json
from hhtools.core.words import plural
from hhtools.errors import PHHError, UsageError
from hhtools.reading.parsing import besides_hands, history_files, parse_file, refused
from hhtools.reading.phh import to_phh

FORMATS = ("phh", "json")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True, slots=True)
class Converted:
    """One input file: hands written, hands skipped (unsupported games), errors."""

    path: str
    written: int
    skipped: int
    errors: tuple[HandError | str, ...]
    #: What the file gave besides hands, one sentence each (hhtools.reading.parsing.besides_hands):
    #: no hand history in it, hands of unsupported games or partial hands skipped.
    notes: tuple[str, ...] = ()


def check_format(to: str) -> None:
    """``UsageError`` unless ``to`` is a format hhtools writes."""
    if to not in FORMATS:
        raise UsageError(f"cannot convert to {to!r}: choose phh or json")


def convert(paths: Iterable[str | Path], to: str, out: str | Path | None = None, *,
            site: str = "auto", stream: TextIO | None = None) -> Iterator[Converted]:
    """Convert every hand of ``paths`` to ``to`` (``phh`` or ``json``); see the module doc."""
    check_format(to)
    stream = stream or sys.stdout
    files = list(history_files(paths))
    target = Path(out) if out is not None else None
    if target is not None:
        target.mkdir(parents=True, exist_ok=True)
    number = 0
    pending_single: str | None = None  # the first PHH hand, held until we know if it is alone
    for f in files:
        try:
            result = parse_file(f, site)
        except InputError as exc:  # a pipe, a device, too large: only this file is lost
            result = refused(f, exc)
        hands, skipped = result.hands, len(result.skipped)
        errors: list[HandError | str] = list(result.errors)
        written = 0
        lines: list[str] = []
        for hand in hands:
            if to == "json":
                lines.append(json.dumps(hand_to_json(hand), ensure_ascii=False) + "\n")
                written += 1
                continue
            if hand.partial:
                # Full Tilt saved only the summary: no stacks, no actions, nothing PHH can hold.
                # Counted with the skipped hands, as the import records it and the audit
                # calls it unverifiable: the file is not damaged.
                skipped += 1
                continue
            try:
                text = to_phh(hand)
            except PHHError as e:
                errors.append(f"{shown(f)}: hand {hand.hand_id}: {e}")
                continue
            written += 1
            if target is not None:
                name = _UNSAFE.sub("_", f"{hand.site}-{hand.hand_id}") + ".phh"
                write_text(target / name, text)
                continue
            number += 1
            if number == 1:
                pending_single = text
                continue
            if number == 2:
                stream.write(f"[1]\n{pending_single}\n")
                pending_single = None
            stream.write(f"[{number}]\n{text}\n")
        if lines:
            if target is not None:
                write_text(target / f"{f.stem}.jsonl", "".join(lines))
            else:
                stream.write("".join(lines))
        notes = besides_hands(result)
        if skipped > len(result.skipped):
            notes.append(f"{f}: {plural(skipped - len(result.skipped), 'hand')} skipped: only "
                         "the summary was saved, with no stacks or actions for PHH")
        yield Converted(str(f), written, skipped, tuple(errors), tuple(notes))
    if pending_single is not None:
        stream.write(pending_single)
