"""The options and arguments several ``hhtools`` commands share, and the checks made on them
before anything is read (hhtools.cli.main holds the commands)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, datetime
from typing import TYPE_CHECKING, Annotated

import typer

from hhtools.errors import HHToolsError, UsageError, unknown_name
from hhtools.sites import SITE_NAMES

if TYPE_CHECKING:  # polars and the analytics load only in the commands that use them
    from hhtools.analytics.stats import Filters

# Every --site help names the sites from the registry, so a new site is listed everywhere.
_SITE_NAMES = ", ".join(sorted(SITE_NAMES)[:-1]) + " or " + sorted(SITE_NAMES)[-1]
SITE_HELP = f"auto (detect from each file), {_SITE_NAMES}."
# The kinds of file read in folders (hhtools.reading.parsing.HISTORY_SUFFIXES; a test keeps them equal).
FILES_HELP = ("History files, or folders searched recursively for *.txt, *.xml, *.phh and "
              "*.phhs files.")

GameOption = Annotated[str, typer.Option(
    "--game", "-g", help="badugi, badeucy (badeucey), badacey, 2-7, a-5, 2-7-single-draw, "
                         "a-5-single-draw, 5-card-draw; for eval also whisky "
                         "or la-viuda.", show_default=False)]
JsonOption = Annotated[bool, typer.Option("--json", help="One JSON object per line instead of text.")]
DbOption = Annotated[str | None, typer.Option(
    "--db", help="The hand store folder (default: $HHTOOLS_DB, else the XDG data folder).",
    show_default=False)]

# The hand filters shared by stats, chart and report (hhtools.analytics.stats.Filters). Each name is
# checked (hhtools.analytics.stats.check_filters): a wrong one is a usage error naming the close ones.
PlayerFilter = Annotated[str | None, typer.Option(
    help="Only this player (any case when only one stored name matches).", show_default=False)]
GameFilter = Annotated[str | None, typer.Option(
    help="badugi, badeucy, badacey, 2-7, a-5, 2-7-single-draw, a-5-single-draw or 5-card-draw.",
    show_default=False)]
SiteFilter = Annotated[str | None, typer.Option(help=f"Only this site: {_SITE_NAMES}.",
                                                show_default=False)]
StakesFilter = Annotated[str | None, typer.Option(help="Small/big bet as written, e.g. 0.25/0.50.",
                                                  show_default=False)]


#: The formats of the commands that print tables (stats, sessions, tournaments).
TABLE_FORMATS = ("table", "csv", "json")


def _day(text: str) -> date:
    """A day as --since and --until take it: 2026-01-31."""
    try:
        return datetime.strptime(text, "%Y-%m-%d").date()
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not a day written YYYY-MM-DD (e.g. 2026-01-31)") from None


SinceFilter = Annotated[date | None, typer.Option(parser=_day, metavar="YYYY-MM-DD",
                                                  help="From this day (UTC).", show_default=False)]
UntilFilter = Annotated[date | None, typer.Option(parser=_day, metavar="YYYY-MM-DD",
                                                  help="To this day, included (UTC).",
                                                  show_default=False)]
PositionFilter = Annotated[str | None, typer.Option(
    help="button, cutoff, hijack, lojack, utg, utg+1, utg+2, utg+3, small blind or big blind.",
    show_default=False)]
TypeFilter = Annotated[str | None, typer.Option(
    "--type", help="cash or tournament: only cash-game hands, or only tournament hands.",
    show_default=False)]

# hhtools watch
WatchPaths = Annotated[list[str], typer.Argument(
    help="Folders (or files) the poker client writes its hand histories to; a folder not there "
         "yet is waited for.", show_default=False)]
OnceOption = Annotated[bool, typer.Option(
    "--once", help="Import what is written whole now and stop (a hand still being written is "
                   "left for the next run).")]


def print_version(show: bool) -> None:
    """The --version option: print the version and stop."""
    if show:
        from importlib.metadata import PackageNotFoundError, version

        from hhtools.core.build import build_info

        try:
            typer.echo(f"hhtools {version('hhtools')}")
        except PackageNotFoundError:  # run from a source tree that is not installed
            from hhtools import __version__

            typer.echo(f"hhtools {__version__}")
        typer.echo(f"build: {build_info().line()}")
        raise typer.Exit()


def filters_from(player: str | None, game: str | None, site: str | None, stakes: str | None,
                 since: date | None, until: date | None, position: str | None,
                 hand_type: str | None = None) -> Filters:
    """The ``Filters`` the filter options give."""
    from hhtools.analytics.stats import Filters

    return Filters(player, game, site, stakes, since, until, position, hand_type)


def chosen_reports(fmt: str, formats: Collection[str], report: list[str] | None,
                   reports: Collection[str]) -> tuple[str, ...]:
    """The ``--report`` names asked for (every report by default), in order and once each,
    after checking them and ``--format``: a wrong one is a usage error naming the close ones."""
    if fmt not in formats:
        raise unknown_name("format", fmt, formats)
    names = tuple(dict.fromkeys(report or reports))
    for name in names:
        if name not in reports:
            raise unknown_name("report", name, reports)
    return names


def history_files(paths: list[str], site: str = "auto") -> list[str]:
    """The history files named or found under ``paths``, listed once before any is read: a
    path that is not there, or paths holding no history file, is a usage error, as is an
    unknown ``site`` (checked first: the options, then the paths)."""
    # Here, not above: the reader loads lark and every site, which --help and eval never need.
    from hhtools.reading import parsing
    from hhtools.sites import get_site

    if site != "auto":
        get_site(site)
    files = [str(f) for f in parsing.history_files(paths)]
    if not files:
        raise UsageError(f"no history files (*.txt, *.xml, *.phh, *.phhs) under {', '.join(paths)}")
    return files


def json_value(value: object) -> str:
    """What ``--format json`` writes for a value JSON has no type for: money as exact text
    (``"1.2000"``), times in ISO 8601 (``2024-03-02T00:40:48+00:00``)."""
    return value.isoformat() if isinstance(value, datetime) else str(value)


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``message`` on standard error and return the Exit to raise."""
    typer.echo(f"hhtools: {message}", err=True)
    return typer.Exit(code)


def failure(exc: HHToolsError) -> typer.Exit:
    """Print the error and return the Exit to raise: 2 for a usage error or a store that cannot
    be used, else 1 (the error's ``exit_status``)."""
    return fail(str(exc), exc.exit_status)


def say_waiting(message: str) -> None:
    """Tell the user a writer waits for the store's lock (hhtools.store.lock)."""
    typer.echo(f"hhtools: {message}", err=True)
