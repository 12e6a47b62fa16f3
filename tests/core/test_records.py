"""Records whose ``__init__`` is written out, for mypyc, which compiles what is written and
leaves a dataclass's generated ``__init__`` interpreted (docs/design.md, "Compiled build"):
each takes exactly its fields, in order, with the fields' defaults, and keeps what it is given.
Checked on every dataclass of the modules that write them, on either build, so a field added
without its parameter, or assigned to another field, fails here."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import pytest

from hhtools.auditing import results
from hhtools.auditing.auditor import audit
from hhtools.core import records
from hhtools.reading.parsing import parse_text

RECORDS = sorted((c for m in (records, results) for c in vars(m).values()
                  if isinstance(c, type) and dataclasses.is_dataclass(c)
                  and c.__module__ == m.__name__), key=lambda c: c.__name__)
SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "histories"


def test_the_written_ones_are_found() -> None:
    assert {"Action", "Hand", "SeatResult", "PlayerAudit", "Show"} <= {
        c.__name__ for c in RECORDS}


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_init_takes_the_fields(cls: type) -> None:
    params = list(inspect.signature(cls).parameters.values())
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    assert [p.kind for p in params] == [inspect.Parameter.POSITIONAL_OR_KEYWORD] * len(fields)
    for p, f in zip(params, fields):
        assert (p.default is inspect.Parameter.empty) == (f.default is dataclasses.MISSING), f.name
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f.name


def _made(value: object, seen: dict[type, list[object]]) -> None:
    """Every record reachable from ``value``, by class."""
    if isinstance(value, (tuple, list)):
        for v in value:
            _made(v, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        seen.setdefault(type(value), []).append(value)
        for f in dataclasses.fields(value):
            _made(getattr(value, f.name), seen)


def test_init_keeps_each_field_where_it_belongs() -> None:
    seen: dict[type, list[object]] = {}
    for path in sorted(SAMPLES.glob("pokerstars-*.txt"))[:6]:
        for hand in parse_text(path.read_text(encoding="utf-8"), "pokerstars").hands:
            _made(audit(hand), seen)
    assert {records.Action, records.Hand, results.PlayerAudit} <= set(seen)
    for cls, made in seen.items():
        for record in made:
            values = [getattr(record, f.name) for f in dataclasses.fields(cls)]
            again = cls(*values)
            assert [getattr(again, f.name) for f in dataclasses.fields(cls)] == values
            assert all(getattr(again, f.name) is v for f, v in zip(dataclasses.fields(cls), values))
