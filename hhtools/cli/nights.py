"""Game nights of Whisky Poker and La Viuda on the command line: ``hhtools audit`` of a night's
record and ``hhtools generate --game whisky|la-viuda``, called from hhtools.cli.main's commands.

A night is told from a hand history by its first line ("Whisky Poker night" or "La Viuda
night"); hand histories keep the poker path unchanged.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import typer

from hhtools.cli.options import fail
from hhtools.commerce.header import is_night
from hhtools.core.inputs import open_input
from hhtools.core.words import plural
from hhtools.errors import HHToolsError, RecordError, UsageError


def _first_line(path: Path) -> str:
    try:
        with open_input(path) as f:  # a pipe named p.txt must not block the audit
            return f.readline(4096).decode("utf-8", "replace")
    except (OSError, HHToolsError):
        return ""  # the poker path reports it


def night_files(paths: list[str]) -> list[Path] | None:
    """The game-night records among ``paths`` (files, or folders searched as for hand
    histories), or None when there are none. Nights and hand histories are audited apart: a
    mix is a usage error. A path that is not there is left to the poker path to report."""
    from hhtools.reading.parsing import history_files

    try:
        files = list(history_files(paths))
    except HHToolsError:
        return None
    nights = [f for f in files if is_night(_first_line(f))]
    if not nights:
        return None
    others = [f for f in files if f not in nights]
    if others:
        raise UsageError(f"{nights[0]} is a game night and {others[0]} a hand history: "
                         "audit them apart")
    return nights


def audit_nights(paths: list[str], as_json: bool, explain: str | None) -> bool:
    """``hhtools audit`` of game nights: False when ``paths`` hold none (the poker path goes
    on), else prints each night's audit and ends the command (status 1 when a night could not
    be read or is not ok or unverifiable). ``explain`` is ``all`` (the whole night, turn by
    turn) or a deal number."""
    try:
        files = night_files(paths)
        if files is None:
            return False
        deal = _deal_number(explain)
    except HHToolsError as exc:
        raise fail(str(exc), exc.exit_status) from None
    # Imported here: every hand-history audit asks whether its files are nights first.
    from hhtools.commerce.audit import audit_night_file

    failed = 0
    for path in files:
        result = audit_night_file(str(path))
        if isinstance(result, RecordError):
            e = result
            failed += 1
            typer.echo(json.dumps({"game": None, "path": str(path), "verdict": "unparsed",
                                   "error": str(e), "line": e.line, "column": e.column},
                                  ensure_ascii=False) if as_json else f"? {path} unparsed: {e}")
            continue
        failed += result.verdict in ("mismatch", "invalid")
        if explain is not None:
            if deal is not None and not any(d.number == deal for d in result.deals):
                raise fail(f"{path} has no deal {deal} (it has {plural(len(result.deals), 'deal')})", 2)
            typer.echo(result.explain(deal))
        elif as_json:
            typer.echo(json.dumps(result.as_dict(), ensure_ascii=False))
        else:
            typer.echo(result.report())
    if failed:
        raise typer.Exit(1)
    raise typer.Exit(0)


def _deal_number(explain: str | None) -> int | None:
    if explain is None or explain.lower() == "all":
        return None
    if explain.isdigit() and int(explain) > 0:
        return int(explain)
    raise UsageError(f"--explain {explain}: for a game night give all, or a deal number")


def generate_night(game: str, players: str, seed: int, out: str) -> None:
    """``hhtools generate --game whisky|la-viuda``: one simulated night, to ``out`` or to
    standard output."""
    from hhtools.commerce.games import get_commerce_game
    from hhtools.commerce.generate import MAX_PLAYERS, MIN_PLAYERS, night_text

    low, _, high = players.partition("-")
    if not (low.isdigit() and (high or low).isdigit()
            and MIN_PLAYERS <= int(low) <= int(high or low) <= MAX_PLAYERS):
        raise fail(f"--players {players}: give N or MIN-MAX between {MIN_PLAYERS} and "
                   f"{MAX_PLAYERS}", 2)
    name = get_commerce_game(game).name
    # A span of player counts: the seed chooses one, as it chooses everything else.
    count = random.Random(seed).randint(int(low), int(high or low))
    text = night_text(name, count, seed)
    if not out:
        typer.echo(text, nl=False)
        return
    from hhtools.core.outputs import write_text

    try:
        write_text(out, text)
    except HHToolsError as exc:
        raise fail(str(exc), 2) from None
    deals = text.count("\nDeal ")
    typer.echo(f"{name} night of {plural(deals, 'deal')} written to {out}")
