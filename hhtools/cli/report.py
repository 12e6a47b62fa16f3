"""hhtools chart and hhtools report: one player's chart, and the HTML page of the store."""

from __future__ import annotations

from typing import Annotated

import typer

from hhtools.cli.options import (
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
)
from hhtools.errors import HHToolsError


def chart_command(
    player: Annotated[str, typer.Option(help="The player charted.", show_default=False)],
    kind: Annotated[str, typer.Option(
        help="winnings, draws, positions, showdowns, splits or tournaments.",
        show_default=False)],
    out: Annotated[str, typer.Option(help="The image written: FILE.png or FILE.svg.", show_default=False)],
    db: DbOption = None,
    game: GameFilter = None,
    site: SiteFilter = None,
    stakes: StakesFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
    position: PositionFilter = None,
    hand_type: TypeFilter = None,
    measure: Annotated[str, typer.Option(
        "--in", help="winnings in money (one currency) or big-bets.")] = "money",
) -> None:
    """Draw a chart of one player from the hand store, as a PNG or SVG image.

    winnings: cumulative net over hands played, with the lines won at showdown and without
    showdown (they add up to it), in money or big bets. draws: cards drawn at each draw round
    and pat rates. positions: big blinds per 100 hands by position. showdowns: strength of the
    hands shown down, won and lost, per game component. splits: Badeucy/Badacey halves won
    and scoops. tournaments: cumulative profit in money over the tournaments with a known
    result, in order of start (the filters other than --player do not apply). When no hand
    matches, nothing is written and the exit status is 1; a player not in the store (the
    close names are given), a wrong option value or an --out that cannot be written is a
    usage error (2).

    Example:

        hhtools chart --player Hero --kind winnings --in big-bets --out winnings.png
    """
    from pathlib import Path

    from hhtools.analytics.chartdata import MEASURES
    from hhtools.analytics.filters import check_filters, player_tables, store_names
    from hhtools.errors import UsageError, unknown_name
    from hhtools.report.charts import CHARTS, chart
    from hhtools.store.store import open_store

    suffix = Path(out).suffix.lower()
    if suffix not in (".png", ".svg"):
        raise fail(f"--out must end in .png or .svg, not {out!r}", 2)
    try:
        if measure not in MEASURES:
            raise unknown_name("measure", measure, MEASURES)
        filters = filters_from(player, game, site, stakes, since, until, position, hand_type)
        if kind == "tournaments":  # hhtools.report.tournament_chart: results in money per tournament
            from hhtools.report.tournament_chart import tournament_chart
            figure = tournament_chart(open_store(db), player)
        else:
            if kind not in CHARTS:  # said before the player, as chart() says it
                raise unknown_name("chart", kind, CHARTS)
            store = open_store(db).snapshot()
            if not player:
                raise UsageError("a chart is about one player: give --player NAME")
            # The player's rows alone, read batch by batch: a chart of one player costs
            # memory for that player's hands, not for the store's.
            filters = check_filters(filters, store_names(store))
            tables = player_tables(store, [player], filters)[player]
            figure = chart(tables, kind, filters, measure)
        from hhtools.core.outputs import replacing
        from hhtools.report.html import png_bytes

        with replacing(out, "wb") as image:  # whole or not at all
            if suffix == ".png":  # the report's PNG, drawn once
                image.write(png_bytes(figure))
            else:
                # The same chart is the same file, as a PNG is: no date, and the clip paths'
                # ids hashed with a fixed salt instead of a random one.
                from matplotlib import rc_context

                with rc_context({"svg.hashsalt": "hhtools"}):
                    figure.savefig(image, format=suffix[1:], dpi=100, metadata={"Date": None})
    except HHToolsError as exc:
        raise failure(exc) from None
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc.strerror}", 2) from None
    typer.echo(f"chart: {Path(out).resolve()}")


def report_command(
    out: Annotated[str, typer.Option(help="The HTML file written.")] = "hhtools-report.html",
    player: PlayerFilter = None,
    db: DbOption = None,
    game: GameFilter = None,
    site: SiteFilter = None,
    stakes: StakesFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
    position: PositionFilter = None,
    hand_type: TypeFilter = None,
) -> None:
    """Write one self-contained HTML page: a tracker's summary, charts and the disputed hands.

    Per player shown in detail: headline numbers per money unit, the winnings chart, then
    results per game, by position, draws, showdowns, split pots and tournaments; a table of
    every player; every hand whose verdict is not ok with its findings, the referee's
    explanation and a step-by-step replay; and the hands that were not read. It needs no
    network to be viewed and can be sent as one file. Without --player it covers every player
    and details the heroes with the most hands (at most three). Without --out it is written to
    hhtools-report.html in the current folder; the path written is printed. The exit status
    is 2 for a store that does not exist, a player not in it or a wrong option value, and 1
    when the filters match no hand (nothing is written).

    Examples:

        hhtools report --player Hero --db ~/poker-db
        hhtools report --db ~/poker-db --game badugi --out badugi.html
    """
    from pathlib import Path

    from hhtools.report.page import write_report
    from hhtools.store.store import open_store

    try:
        written = write_report(open_store(db), out,
                               filters_from(player, game, site, stakes, since, until, position,
                                            hand_type))
    except HHToolsError as exc:
        raise failure(exc) from None
    typer.echo(f"report: {Path(written).resolve()}")
