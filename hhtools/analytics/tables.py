"""The ``hhtools stats`` tables as text that fits the terminal, and as safe CSV.

Each report has its group columns (always shown, first) and a default set of value columns
read at a glance; the value columns that do not fit the width are left out, and named, from
the right. ``--wide`` shows every column and ``--columns`` chooses them.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Iterable, Sequence
from decimal import Decimal
from typing import Protocol

import polars as pl

from hhtools.errors import UsageError, unknown_name

#: The value columns each report shows by default, in the order shown.
DEFAULT_COLUMNS = {
    # The win rate in the unit limit players use (BB/100), or bb/100 in big-blind games.
    "players": ("hands", "net", "win_rate", "win_rate_unit", "vpip", "raise_predraw",
                "three_bet", "went_to_showdown", "won_at_showdown", "net_big_bets"),
    "positions": ("hands", "net", "win_rate", "win_rate_unit"),
    "draws": ("draws", "pat_pct", "broken_pct", "made_after_pct", "snows", "fold_to_pat"),
    "splits": ("showdowns", "scoop_pct", "badugi_half_pct", "low_half_pct"),
    "stakes": ("hands", "win_rate", "win_rate_unit", "net", "vpip", "won_at_showdown"),
    "draw-classes": ("made", "draws", "pat_pct", "cards"),
    "draw-positions": ("draws", "cards", "pat_pct"),
}
#: The group columns of the reports whose groups are fixed (players and positions are grouped
#: by ``--group-by``).
FIXED_GROUPS = {"draws": ("player", "game", "street"), "splits": ("player", "game"),
                "stakes": ("player", "game", "stakes", "unit"),
                "draw-classes": ("player", "game", "street", "component", "class"),
                "draw-positions": ("player", "game", "street", "position")}
#: A text cell longer than this is cut (with "…") unless every column is asked for.
LONGEST_TEXT = 24
GAP = "  "


def group_columns(report: str, by: Sequence[str]) -> tuple[str, ...]:
    """The columns that name a row of ``report`` when the money reports are grouped ``by``."""
    if report in FIXED_GROUPS:
        return FIXED_GROUPS[report]
    return tuple(by) + (("position",) if report == "positions" else ())


def check_columns(wanted: Iterable[str], frames: dict[str, pl.DataFrame]) -> list[str]:
    """``wanted`` if each is a column of one of ``frames`` (``UsageError`` with close names)."""
    known = sorted({c for f in frames.values() for c in f.columns})
    wanted = [w.strip() for w in wanted if w.strip()]
    if not wanted:
        raise UsageError(f"--columns names no column: choose among {', '.join(known)}")
    for w in wanted:
        if w not in known:
            raise unknown_name("column", w, known)
    return wanted


def select(frame: pl.DataFrame, keys: Sequence[str], columns: Sequence[str]) -> pl.DataFrame:
    """``frame`` with its group columns, then those of ``columns`` it has, in that order."""
    chosen = [c for c in keys if c in frame.columns]
    chosen += [c for c in columns if c in frame.columns and c not in chosen]
    return frame.select(chosen)


def cell(value: object) -> str:
    """A value as the table shows it: money without the store's trailing zeros (2.3500 is
    2.35, 0.1250 is 0.125), nothing as "-"."""
    if value is None:
        return "-"
    if isinstance(value, Decimal):
        text = format(value, "f")
        if "." in text:
            whole, frac = text.split(".")
            frac = frac.rstrip("0").ljust(2, "0")
            return f"{whole}.{frac}"
        return text
    return str(value)


def _cut(text: str, limit: int | None) -> str:
    return text if limit is None or len(text) <= limit else text[:limit - 1] + "…"


def render(frame: pl.DataFrame, width: int | None, keep: int = 1,
           figures: Collection[str] = ()) -> tuple[list[str], list[str]]:
    """The lines of ``frame`` as a text table no wider than ``width`` (``None``: no limit),
    and the columns left out to fit. Columns are dropped from the right, but never the first
    ``keep`` (the groups: a net without its unit would mislead) nor the one after them; long
    names are cut. Numbers are right-aligned, and so are the text columns named in
    ``figures`` (money written as text beside ``unknown``)."""
    limit = None if width is None else LONGEST_TEXT
    text = {c: [_cut(c, None)] + [_cut(cell(v), limit) for v in frame[c].to_list()]
            for c in frame.columns}
    numeric = {c for c, t in frame.schema.items() if t.is_numeric()} | set(figures)
    sizes = {c: max(map(len, cells)) for c, cells in text.items()}
    shown = list(frame.columns)
    left_out: list[str] = []
    while width is not None and len(shown) > keep + 1 and (
            sum(sizes[c] for c in shown) + len(GAP) * (len(shown) - 1) > width):
        left_out.insert(0, shown.pop())
    lines = []
    for i in range(frame.height + 1):
        parts = [text[c][i].rjust(sizes[c]) if c in numeric else text[c][i].ljust(sizes[c])
                 for c in shown]
        lines.append(GAP.join(parts).rstrip())
    return lines, left_out


# A spreadsheet runs a cell starting with one of these as a formula (=HYPERLINK(...)).
_FORMULA = r"^[=+\-@\t\r]"


def safe_csv(frame: pl.DataFrame) -> str:
    """``frame`` as CSV where no text cell can run as a spreadsheet formula: a text cell
    starting with =, +, -, @, a tab or a carriage return gets a ' in front. Numbers are
    left as numbers, negative ones included."""
    text = [c for c, t in frame.schema.items() if t == pl.String]
    safe = frame.with_columns(
        pl.when(pl.col(c).str.contains(_FORMULA)).then(pl.lit("'") + pl.col(c))
        .otherwise(pl.col(c)).alias(c) for c in text)
    return safe.write_csv()


class Echo(Protocol):
    """What ``echo_frames`` writes with: ``typer.echo``."""

    def __call__(self, message: str, *, nl: bool = ..., err: bool = ...) -> None: ...


def echo_frames(frames: dict[str, pl.DataFrame], fmt: str, width: int | None,
                keep: dict[str, int], empty: str, hint: str, echo: Echo,
                figures: Collection[str] = ()) -> None:
    """Each report through ``echo`` (typer.echo): CSV, or a table fitting ``width`` whose first
    ``keep[name]`` columns always stay (``figures``: text columns aligned as numbers), the
    columns left out named on standard error with ``hint``; under a ``# name`` heading when
    there are several reports."""
    for name, frame in frames.items():
        if len(frames) > 1:
            echo(f"# {name}")
        if fmt == "csv":
            echo(safe_csv(frame), nl=False)
        elif frame.height == 0:
            echo(f"({empty})")
        else:
            lines, left_out = render(frame, width, keep[name], figures)
            echo("\n".join(lines))
            if left_out:
                note = (f"({name}: {', '.join(left_out)} left out to fit {width} characters; "
                        f"{hint})")
                # Wrapped as the table is: a note wider than the terminal would be cut or folded.
                echo("\n".join(textwrap.wrap(note, width, break_on_hyphens=False))
                     if width else note, err=True)
        if len(frames) > 1:
            echo("")
