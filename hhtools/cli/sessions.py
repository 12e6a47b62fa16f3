"""``hhtools sessions``, registered on the command group by hhtools.cli.main: a thin layer over
hhtools.analytics.sessions, rendered like ``hhtools stats`` (hhtools.analytics.tables)."""

from __future__ import annotations

from typing import Annotated

import typer

from hhtools.cli.options import (
    TABLE_FORMATS,
    DbOption,
    GameFilter,
    PlayerFilter,
    PositionFilter,
    SinceFilter,
    SiteFilter,
    StakesFilter,
    TypeFilter,
    UntilFilter,
    fail,
    failure,
    filters_from,
    json_value,
)
from hhtools.errors import HHToolsError

#: The columns that name a session: always shown, first.
KEYS = ("player", "unit", "session")


def sessions_command(
    db: DbOption = None,
    player: PlayerFilter = None,
    game: GameFilter = None,
    site: SiteFilter = None,
    stakes: StakesFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
    position: PositionFilter = None,
    hand_type: TypeFilter = None,
    gap: Annotated[int, typer.Option(
        "--gap", help="Idle minutes after which a new session starts.")] = 30,
    fmt: Annotated[str, typer.Option("--format", help="table, csv or json.")] = "table",
) -> None:
    """Sessions: each player's hands grouped as trackers group them, across tables.

    A session ends when no hand starts for more than --gap minutes (FPDB's rule, 30 by
    default); hands at two tables at the same time are one session. Per session and money
    unit: start, end, minutes, tables at once (at most), hands, hands per hour, net,
    net in big bets, the win rate (BB/100 for limit games, bb/100 for the others) and the
    net per hour. The exit status is 2 for a store that does not exist, a player not in it
    or a wrong option value.

    Examples:

        hhtools sessions --player Hero
        hhtools sessions --player Hero --game badugi --gap 60 --format csv
    """
    import json
    import shutil

    from hhtools.analytics import tables as st
    from hhtools.analytics.filters import Tables, check_filters, player_tables, store_names
    from hhtools.analytics.sessions import sessions, untimed_hands
    from hhtools.core.words import plural
    from hhtools.store.store import open_store

    if fmt not in TABLE_FORMATS:
        raise fail(f"--format must be one of {', '.join(TABLE_FORMATS)}, not {fmt!r}", 2)
    try:
        filters = filters_from(player, game, site, stakes, since, until, position, hand_type)
        store = open_store(db).snapshot()
        if player:
            # The player's rows alone, read batch by batch: memory for that player's hands.
            filters = check_filters(filters, store_names(store))
            name = filters.player or player
            tables = player_tables(store, [name], filters)[name]
        else:
            tables = Tables.load(store, filters)
            filters = check_filters(filters, tables.player_names())
        rows = sessions(tables, filters, gap)
        untimed = untimed_hands(tables, filters)
    except HHToolsError as exc:
        raise failure(exc) from None
    if untimed:
        typer.echo(f"hhtools: {plural(untimed, 'hand')} without a start time in no session",
                   err=True)
    if fmt == "json":
        typer.echo(json.dumps(rows.to_dicts(), default=json_value, indent=1))
        return
    if fmt == "table":
        rows = rows.with_columns(rows["start"].dt.strftime("%Y-%m-%d %H:%M"),
                                 rows["end"].dt.strftime("%Y-%m-%d %H:%M"))
    st.echo_frames({"sessions": rows}, fmt, shutil.get_terminal_size().columns,
                   {"sessions": len(KEYS)}, "no hands match",
                   "--format csv or json gives every column", typer.echo)
