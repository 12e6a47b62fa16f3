"""``hhtools tournaments``, registered on the command group by hhtools.cli.main: a thin layer over
hhtools.analytics.tournaments, rendered like ``hhtools stats`` (hhtools.analytics.tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from hhtools.cli.options import TABLE_FORMATS, DbOption, chosen_reports, failure, json_value
from hhtools.errors import HHToolsError

if TYPE_CHECKING:  # polars loads only when the command runs
    import polars as pl

REPORTS = ("results", "totals")


def tournaments_command(
    db: DbOption = None,
    player: Annotated[str | None, typer.Option(
        help="Only this player (any case when only one stored name matches).",
        show_default=False)] = None,
    report: Annotated[list[str] | None, typer.Option(
        help="results (one row per tournament and player) or totals (per player and "
             "currency); repeat for both (default: both).", show_default=False)] = None,
    fmt: Annotated[str, typer.Option("--format", help="table, csv or json.")] = "table",
) -> None:
    """Tournament results from the hand store, and each player's totals.

    Per tournament and player: site, tournament id, game, buy-in as the header splits it
    (buy-in, bounty, fee) and its cost, first and last hand, hands played, chips before the
    first hand and after the last, finish place and prize when the histories (or a PokerStars
    tournament summary file) print them, net, and a note where hands and summary differ. Per
    player and currency: tournaments, total buy-ins, prizes, net, ROI and
    in-the-money %, over the tournaments whose result is known; the others are counted as
    unknown, never as 0. Hands of one tournament imported at different times are put
    together. The exit status is 2 for a store that does not exist, a player not in it
    (with the close names) or one without a tournament hand.

    Examples:

        hhtools tournaments --player Hero
        hhtools tournaments --report totals --format csv > totals.csv
    """
    import json
    import shutil

    from hhtools.analytics import tables as st
    from hhtools.analytics.tournaments import (
        TournamentTables,
        check_player,
        results,
        totals,
        unread,
    )
    from hhtools.store.store import open_store

    try:
        names = chosen_reports(fmt, TABLE_FORMATS, report, REPORTS)
        store = open_store(db).snapshot()
        tables = TournamentTables.load(store)
        if player is not None:
            known = store.read_columns("players", ["player"])["player"].unique().to_list()
            tables = tables.only(check_player(tables, player, known))
        rows = results(tables)
    except HHToolsError as exc:
        raise failure(exc) from None
    frames = {"results": rows, "totals": totals(rows)}
    frames = {name: frames[name] for name in names}
    notes = _notes(rows, unread(tables))
    if fmt == "json":
        out = {n: f.to_dicts() for n, f in frames.items()}
        typer.echo(json.dumps({**out, "notes": notes}, default=json_value, indent=1))
        return
    for note in notes:
        typer.echo(f"hhtools: {note}", err=True)
    width = shutil.get_terminal_size().columns
    shown = {name: _shown(name, frame) if frame.height else frame for name, frame in frames.items()}
    st.echo_frames(shown if fmt == "table" else frames, fmt, width,
                   {"results": 3, "totals": 2}, "no tournament hands in the store",
                   "--format csv or json gives every column", typer.echo,
                   figures=("cost", "prizes", "prize", "net"))


def _notes(rows: pl.DataFrame, unread: int) -> list[str]:
    """What the totals leave out, and why."""
    from hhtools.core.words import plural

    notes = []
    unknown = rows.filter(rows["net"].is_null()).height
    if unknown:
        notes.append(f"{plural(unknown, 'result')} of a player in a tournament not known (no "
                     "finish printed: still playing when the histories end, or not the "
                     "hero's table; or no buy-in printed): shown as unknown and left out of "
                     "the totals' money, ROI and in-the-money %; importing a PokerStars "
                     "tournament's summary file completes its places")
    for tournament, player, note in rows.filter(rows["note"].is_not_null()).select(
            "tournament_id", "player", "note").iter_rows():
        notes.append(f"tournament {tournament}, {player}: {note}")
    if unread:
        notes.append(f"{plural(unread, 'tournament')} stored by an hhtools older than the "
                     "tournaments table: buy-ins and finishes unknown; import those files "
                     "into a new store (--db) to read them")
    return notes


def _shown(name: str, frame: pl.DataFrame) -> pl.DataFrame:
    """The table's columns: results with the buy-in as one text and the finish as a place,
    and ``unknown`` where a result is not known."""
    import polars as pl

    from hhtools.analytics.tables import cell
    from hhtools.analytics.tournaments import shown

    def known(column: str) -> pl.Expr:
        return pl.col(column).map_elements(cell, return_dtype=pl.String).fill_null("unknown")

    if name == "totals":
        return frame.with_columns(known("cost"), known("prizes"), known("net"))
    for chips in ("chips_start", "chips_end"):
        # Tournament chips are whole: shown without cents when they are.
        whole = frame[chips].cast(pl.Int64, strict=False)
        if (whole.cast(frame[chips].dtype) == frame[chips]).all():
            frame = frame.with_columns(whole.alias(chips))
    return shown(frame).with_columns(prize=known("prize"), net=known("net")).select(
        # The result first: at 80 characters the buy-in is left out before the net.
        "tournament_id", "player", "game", "finish", "prize", "net", "buy_in", "hands",
        "chips_start", "chips_end", "started", "site")
