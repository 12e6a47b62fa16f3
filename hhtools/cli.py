"""The ``hhtools`` command: a thin layer over the Python API.

Each command calls one library function and turns HHToolsError into a one-line message on
standard error with a non-zero exit status; no traceback reaches the user.
"""

from __future__ import annotations

import sys
from datetime import datetime
from typing import Annotated

import typer

from hhtools.errors import HHToolsError
from hhtools.sites import SITE_NAMES

# Every --site help names the sites from the registry, so a new site is listed everywhere.
_SITE_NAMES = ", ".join(sorted(SITE_NAMES)[:-1]) + " or " + sorted(SITE_NAMES)[-1]
SITE_HELP = f"auto (detect from each file), {_SITE_NAMES}."

app = typer.Typer(
    name="hhtools",
    help=(
        "Hand histories, showdown audits and player statistics for draw-lowball poker "
        "(Badugi, Badeucy, Badacey, 2-7 Triple Draw).\n\n"
        "Example:  hhtools eval --game badeucy \"2c 3s 4d 5h 7c\" \"As 2d 3h 4c 6s\""
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)

@app.callback()
def root() -> None:
    """Hand histories, showdown audits and player statistics for draw-lowball poker.

    Run `hhtools COMMAND --help` for a command's options and examples.
    """


GameOption = Annotated[str, typer.Option(
    "--game", "-g", help="badugi, badeucy (badeucey), badacey, 2-7, a-5, 2-7-single-draw, "
                         "a-5-single-draw or 5-card-draw.", show_default=False)]
JsonOption = Annotated[bool, typer.Option("--json", help="One JSON object per line instead of text.")]


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``message`` on standard error and return the Exit to raise."""
    typer.echo(f"hhtools: {message}", err=True)
    return typer.Exit(code)


@app.command("eval")
def eval_command(
    hands: Annotated[list[str], typer.Argument(
        help="Hands as quoted strings of cards (\"As 2d 3h 4c\", \"10d\", \"K♥\"), "
             "or - to read one hand per line from standard input.", show_default=False)],
    game: GameOption,
    as_json: JsonOption = False,
) -> None:
    """Evaluate hands and say who wins each component (each half of a split pot), and why.

    With one hand, prints each component: its rank (1 is the best hand), the cards that make
    it and its description. With several, also names the winner of each component, ties
    included. With -, reads one hand per line from standard input (several hands on a line,
    separated by |, are compared) and writes one line per hand as it goes; a bad line is
    reported on standard error with its line number and the exit status is 1.

    Examples:

        hhtools eval --game badugi "As 2d 3h Kc"
        hhtools eval --game badeucy "2c 3s 4d 5h 7c" "As 2d 3h 4c 6s"
        hhtools eval --game 2-7 --json - < hands.txt
    """
    from hhtools.compare import compare, compare_lines, dumps
    from hhtools.games import get_game

    try:
        chosen = get_game(game)
        if hands == ["-"]:
            bad = 0
            write = sys.stdout.write
            for number, result in compare_lines(chosen, sys.stdin):
                if isinstance(result, HHToolsError):
                    bad += 1
                    typer.echo(f"line {number}: {result}", err=True)
                elif as_json:
                    obj = (result.hand_json(0) if len(result.hands) == 1
                           else {"line": number, "hands": [result.hand_json(i) for i in range(len(result.hands))]}
                           | result.winners_json())
                    write(dumps(obj) + "\n")
                else:
                    write(result.render_line() + "\n")
            sys.stdout.flush()
            if bad:
                raise fail(f"{bad} line{'s' * (bad != 1)} rejected")
            return
        result = compare(chosen, hands)
    except HHToolsError as exc:
        raise fail(str(exc)) from None
    if as_json:
        for i in range(len(result.hands)):
            typer.echo(dumps(result.hand_json(i)))
        if len(result.hands) > 1:
            typer.echo(dumps(result.winners_json()))
    else:
        typer.echo(result.render())


@app.command("parse")
def parse_command(
    paths: Annotated[list[str], typer.Argument(
        help="History files, or directories searched recursively for *.txt files.",
        show_default=False)],
    site: Annotated[str, typer.Option(
        "--site", help=SITE_HELP)] = "auto",
    as_json: JsonOption = False,
) -> None:
    """Read hand histories into records and report what they hold, or print them as JSON.

    Without --json: for each file, the hands read per game, the hands of unsupported games
    skipped, and each rejected hand as FILE:LINE:COLUMN with the reason; then the totals.
    With --json: one JSON object per hand (fields in the README) and one per rejected hand,
    with an "error" field. The exit status is 1 when any hand was rejected.

    Examples:

        hhtools parse ../shared/corpus/pokerstars ../shared/corpus/kingsclub
        hhtools parse --site pokerstars --json history.txt > hands.jsonl
    """
    import json

    from hhtools.parsing import format_report, parse_paths
    from hhtools.records import error_to_json, hand_to_json

    rejected: list[int] = []

    def counted(results):
        for result in results:
            rejected.append(len(result.errors))
            yield result

    try:
        results = counted(parse_paths(paths, site))
        if as_json:
            write = sys.stdout.write
            for result in results:
                for hand in result.hands:
                    write(json.dumps(hand_to_json(hand), ensure_ascii=False) + "\n")
                for error in result.errors:
                    write(json.dumps(error_to_json(error), ensure_ascii=False) + "\n")
            sys.stdout.flush()
        else:
            for line in format_report(results):
                typer.echo(line)
    except HHToolsError as exc:
        raise fail(str(exc)) from None
    bad = sum(rejected)
    if bad:
        raise fail(f"{bad} hand{'s' * (bad != 1)} rejected")


@app.command("audit")
def audit_command(
    paths: Annotated[list[str], typer.Argument(
        help="History files, or directories searched recursively for *.txt files.",
        show_default=False)],
    as_json: JsonOption = False,
    rules: Annotated[str | None, typer.Option(
        "--rules", help="Rule profile: pokerstars, kingsclub or wsop (default: each "
        "site's own).", show_default=False)] = None,
    explain_id: Annotated[str | None, typer.Option(
        "--explain", metavar="HAND_ID", help="Replay this hand step by step instead.",
        show_default=False)] = None,
    site: Annotated[str, typer.Option(
        "--site", help=SITE_HELP)] = "auto",
) -> None:
    """Replay hands under their rules, re-evaluate the showdown, check the recorded result.

    Prints one line per hand (site, hand id, game, verdict: ok, mismatch, invalid or
    unverifiable) and, for each hand that is not ok, what a referee needs: each player's
    cards and hands, their order, each pot and half with its eligible players, what the
    rules give and what the history says. With --json: one object per hand (fields in the
    README), and one with "verdict": "unparsed" per hand that could not be read. With
    --explain HAND_ID: that hand's replay, action by action. The exit status is 0 when every
    hand is ok or unverifiable, 1 otherwise.

    Examples:

        hhtools audit ../shared/corpus/kingsclub
        hhtools audit --json --rules wsop history.txt
        hhtools audit --explain 40200897 ../shared/corpus/kingsclub
    """
    from hhtools.auditor import audit_paths, explain, find_hand, unparsed_json
    from hhtools.compare import dumps
    from hhtools.records import HandError

    try:
        if explain_id is not None:
            typer.echo(explain(find_hand(paths, explain_id, site), rules))
            return
        failed = 0
        for item in audit_paths(paths, rules, site):
            if isinstance(item, HandError):
                failed += 1
                typer.echo(dumps(unparsed_json(item)) if as_json
                           else f"{item.site} {item.hand_id} ? unparsed: {item.message}")
                continue
            failed += item.verdict in ("mismatch", "invalid")
            if as_json:
                typer.echo(dumps(item.as_dict()))
            else:
                typer.echo(item.line())
                if item.verdict != "ok":
                    typer.echo(item.explanation())
    except HHToolsError as exc:
        raise fail(str(exc)) from None
    if failed:
        raise typer.Exit(1)


DbOption = Annotated[str | None, typer.Option(
    "--db", help="The hand store folder (default: $HHTOOLS_DB, else the XDG data folder).",
    show_default=False)]


@app.command("import")
def import_command(
    paths: Annotated[list[str], typer.Argument(help="History files or folders (searched recursively).",
                                               show_default=False)],
    db: DbOption = None,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, show_default=False,
        help="Processes reading files in parallel (default: one per processor for large "
             "imports, else one).")] = None,
) -> None:
    """Import hand histories into the hand store, auditing every new hand.

    Hands already stored (same site and hand id) are skipped, and files unchanged since their
    last import are not read again, so importing the same folder twice is cheap. An import that
    is interrupted can simply be run again. Rejected hands are listed by `hhtools rejected`.
    One process writes a store at a time: a second import waits for the first, saying so. The
    exit status is 1 when a hand was rejected, 2 when the store cannot be written (read-only,
    full disk) or is damaged (see `hhtools check`).

    Example:

        hhtools import ~/histories --db ~/poker-db --jobs 2
    """
    from rich.progress import Progress

    from hhtools.importer import history_files, import_paths
    from hhtools.store import Store, StoreError

    try:
        store = Store(db)
        files = history_files(paths)
        if not files:
            raise fail(f"no history files under {', '.join(paths)}")
        with Progress(transient=True, disable=not sys.stderr.isatty()) as bar:
            task = bar.add_task("importing", total=len(files))
            summary = import_paths(files, store, progress=lambda _: bar.advance(task), jobs=jobs,
                                   waiting=_say_waiting)
    except StoreError as exc:
        raise fail(str(exc), 2) from None
    except HHToolsError as exc:
        raise fail(str(exc)) from None
    typer.echo(f"store: {store.root}")
    typer.echo(summary.render())
    if summary.rejected:
        raise typer.Exit(1)


def _say_waiting(message: str) -> None:
    typer.echo(f"hhtools: {message}", err=True)


@app.command("rejected")
def rejected_command(
    path: Annotated[str | None, typer.Argument(
        help="Only the hands rejected in this file, or in the files under this folder.",
        show_default=False)] = None,
    db: DbOption = None,
    clear: Annotated[bool, typer.Option(
        "--clear", help="Forget these rejections (all of them without PATH).")] = False,
) -> None:
    """List the hands an import rejected and still not stored: file, line, column, hand id
    and reason.

    Each file read again replaces its own rejections, and a hand stored since it was rejected
    is not listed. --clear forgets them; the next import of a file with hands still rejected
    lists those again.

    Examples:

        hhtools rejected --db ~/poker-db
        hhtools rejected --clear ~/histories/old --db ~/poker-db
    """
    from hhtools.store import Store, StoreError

    try:
        store = Store(db)
        if clear:
            removed = store.clear_rejections(path, _say_waiting)
            typer.echo(f"{removed} rejection{'s' * (removed != 1)} cleared")
            return
        rows = store.rejections(path)
    except StoreError as exc:
        raise fail(str(exc), 2) from None
    except HHToolsError as exc:
        raise fail(str(exc)) from None
    for file, line, column, hand_id, reason in rows.select(
            "path", "line", "column", "hand_id", "reason").iter_rows():
        hand = f" hand {hand_id}:" if hand_id else ""
        typer.echo(f"{file}:{line}:{column}:{hand} {reason}")
    typer.echo(f"{rows.height} rejected hand{'s' * (rows.height != 1)}", err=True)


@app.command("check")
def check_command(
    db: DbOption = None,
    repair: Annotated[bool, typer.Option(
        "--repair", help="Move what is damaged into DB/damaged/ and say what the next "
        "import reads again.")] = False,
) -> None:
    """Check the hand store: every batch whole, every Parquet file readable, nothing foreign.

    Prints one line per damaged or foreign file (path and what is wrong); the exit status is
    1 when there is any, 0 when the store is fine. Imports refuse to write into a damaged
    store. With --repair: moves each damaged batch, and each foreign file, into DB/damaged/
    and marks the files whose hands it held, so the next import reads them again.

    Examples:

        hhtools check --db ~/poker-db
        hhtools check --repair --db ~/poker-db
    """
    from hhtools.storecheck import find_damage, repair as repair_store
    from hhtools.store import Store, StoreError

    store = Store(db)
    if not store.batches.is_dir():
        raise fail(f"no hand store at {store.root}", 2)
    try:
        if repair:
            for line in repair_store(store, _say_waiting).lines() or [f"store {store.root}: fine"]:
                typer.echo(line)
            return
        damage = find_damage(store, full=True)
    except StoreError as exc:
        raise fail(str(exc), 2) from None
    for found in damage:
        typer.echo(str(found))
    if damage:
        raise fail(f"the store {store.root} is damaged: `hhtools check --repair` moves "
                   f"{'them' if len(damage) > 1 else 'it'} aside")
    batches = len(store.batch_folders())
    typer.echo(f"store {store.root}: {batches} batch{'es' * (batches != 1)}, fine")


# The hand filters shared by stats, chart and report (hhtools.stats.Filters).
PlayerFilter = Annotated[str | None, typer.Option(help="Only this player.", show_default=False)]
GameFilter = Annotated[str | None, typer.Option(help="badugi, badeucy, badacey, 2-7...", show_default=False)]
SiteFilter = Annotated[str | None, typer.Option(help=f"Only this site: {_SITE_NAMES}.",
                                                show_default=False)]
StakesFilter = Annotated[str | None, typer.Option(help="Small/big bet as written, e.g. 0.25/0.50.",
                                                  show_default=False)]
SinceFilter = Annotated[datetime | None, typer.Option(formats=["%Y-%m-%d"], help="From this day (UTC).",
                                                      show_default=False)]
UntilFilter = Annotated[datetime | None, typer.Option(formats=["%Y-%m-%d"], help="To this day, included (UTC).",
                                                      show_default=False)]
PositionFilter = Annotated[str | None, typer.Option(
    help="button, cutoff, hijack, lojack, utg, small blind, big blind.", show_default=False)]


def _filters(player, game, site, stakes, since, until, position):
    from hhtools.stats import Filters

    return Filters(player, game, site, stakes, since.date() if since else None,
                   until.date() if until else None, position)


@app.command("stats")
def stats_command(
    db: DbOption = None,
    player: PlayerFilter = None,
    game: GameFilter = None,
    site: SiteFilter = None,
    stakes: StakesFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
    position: PositionFilter = None,
    report: Annotated[list[str] | None, typer.Option(
        help="players, positions, draws or splits; repeat for several (default: all).",
        show_default=False)] = None,
    fmt: Annotated[str, typer.Option("--format", help="table, csv or json.")] = "table",
) -> None:
    """Player statistics and draw patterns from the hand store.

    Per player: hands, net won (money, big blinds, big bets), bb/100, VPIP, pre-draw raise %,
    3-bet %, aggression per round, showdown figures; results by position; for each draw the
    cards drawn, pat %, broken Badugis, made hands and snows; Badeucy/Badacey scoops and halves.
    Definitions are in the README.

    Example:

        hhtools stats --player Hero --game badugi --format csv
    """
    import json

    from hhtools.stats import REPORTS, Tables, reports
    from hhtools.store import Store, StoreError

    if fmt not in ("table", "csv", "json"):
        raise fail(f"unknown format {fmt!r}: use table, csv or json", 2)
    names = tuple(report or REPORTS)
    unknown = [n for n in names if n not in REPORTS]
    if unknown:
        raise fail(f"unknown report {unknown[0]!r}: use {', '.join(REPORTS)}", 2)
    try:
        filters = _filters(player, game, site, stakes, since, until, position)
        frames = reports(Tables.load(Store(db)), filters, names)
    except StoreError as exc:
        raise fail(str(exc), 2) from None
    except HHToolsError as exc:
        raise fail(str(exc)) from None
    if fmt == "json":
        typer.echo(json.dumps({n: f.to_dicts() for n, f in frames.items()}, default=str, indent=1))
        return
    import polars as pl

    with pl.Config(tbl_rows=-1, tbl_cols=-1, tbl_hide_dataframe_shape=True,
                   tbl_hide_column_data_types=True, tbl_width_chars=400, fmt_str_lengths=40):
        for name, frame in frames.items():
            if len(frames) > 1:
                typer.echo(f"# {name}")
            if fmt == "csv":
                typer.echo(frame.write_csv(), nl=False)
            else:
                typer.echo(frame if frame.height else "(no hands match)")
            if len(frames) > 1:
                typer.echo("")


@app.command("convert")
def convert_command(
    paths: Annotated[list[str], typer.Argument(
        help="History files of any supported site or PHH files (.phh, .phhs), or "
             "directories searched recursively for them.", show_default=False)],
    to: Annotated[str, typer.Option("--to", help="phh or json.", show_default=False)],
    out: Annotated[str | None, typer.Option(
        "--out", help="Directory to write into (created if needed); default: standard "
        "output.")] = None,
    site: Annotated[str, typer.Option(
        "--site", help=SITE_HELP)] = "auto",
) -> None:
    """Convert hand histories to PHH (pokerkit's TOML notation) or JSON.

    Without --out: JSON is one object per hand per line; PHH is one hand, or a .phhs
    document of tables [1], [2]... when there are several. With --out DIR: JSON writes one
    FILE.jsonl per input file, PHH one SITE-HANDID.phh per hand. Rejected hands are reported
    on standard error and the exit status is 1.

    Examples:

        hhtools convert ../shared/corpus/merge --to phh --out phh/
        hhtools convert history.txt --to json > hands.jsonl
    """
    from hhtools.convert import convert

    rejected = 0
    try:
        for done in convert(paths, to, out, site=site):
            for error in done.errors:
                rejected += 1
                typer.echo(str(error), err=True)
    except HHToolsError as exc:
        raise fail(str(exc)) from None
    if rejected:
        raise fail(f"{rejected} hand{'s' * (rejected != 1)} rejected")


@app.command("chart")
def chart_command(
    player: Annotated[str, typer.Option(help="The player charted.", show_default=False)],
    kind: Annotated[str, typer.Option(
        help="winnings, draws, positions, showdowns or splits.", show_default=False)],
    out: Annotated[str, typer.Option(help="The image written: FILE.png or FILE.svg.", show_default=False)],
    db: DbOption = None,
    game: GameFilter = None,
    site: SiteFilter = None,
    stakes: StakesFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
    position: PositionFilter = None,
    measure: Annotated[str, typer.Option(
        "--in", help="winnings in money (one currency) or big-bets.")] = "money",
) -> None:
    """Draw a chart of one player from the hand store, as a PNG or SVG image.

    winnings: cumulative net over hands played, with the lines won at showdown and without
    showdown (they add up to it), in money or big bets. draws: cards drawn at each draw round
    and pat rates. positions: big blinds per 100 hands by position. showdowns: strength of the
    hands shown down, won and lost, per game component. splits: Badeucy/Badacey halves won
    and scoops. When no hand matches, nothing is written and the exit status is 1.

    Example:

        hhtools chart --player Hero --kind winnings --in big-bets --out winnings.png
    """
    from pathlib import Path

    from hhtools.charts import chart
    from hhtools.stats import Tables
    from hhtools.store import Store, StoreError

    suffix = Path(out).suffix.lower()
    if suffix not in (".png", ".svg"):
        raise fail(f"--out must end in .png or .svg, not {out!r}", 2)
    try:
        filters = _filters(player, game, site, stakes, since, until, position)
        figure = chart(Tables.load(Store(db)), kind, filters, measure)
        figure.savefig(out, format=suffix[1:], dpi=100)
    except StoreError as exc:
        raise fail(str(exc), 2) from None
    except HHToolsError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc.strerror}") from None
    typer.echo(f"chart: {Path(out).resolve()}")


@app.command("report")
def report_command(
    out: Annotated[str, typer.Option(help="The HTML file written.", show_default=False)],
    player: PlayerFilter = None,
    db: DbOption = None,
    game: GameFilter = None,
    site: SiteFilter = None,
    stakes: StakesFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
    position: PositionFilter = None,
) -> None:
    """Write one self-contained HTML page: statistics, charts and the disputed hands explained.

    The page holds the stats tables, the player's charts as embedded images, and an audit
    section with every hand whose verdict is not ok: its findings, the referee's explanation
    and a step-by-step replay, re-read from the history file. It needs no network to be
    viewed and can be sent as one file. Without --player it covers every player and charts
    the one whose cards are known in the most hands.

    Example:

        hhtools report --player Hero --db ~/poker-db --out report.html
    """
    from pathlib import Path

    from hhtools.report import write_report
    from hhtools.store import Store, StoreError

    try:
        written = write_report(Store(db), out, _filters(player, game, site, stakes, since, until, position))
    except StoreError as exc:
        raise fail(str(exc), 2) from None
    except HHToolsError as exc:
        raise fail(str(exc)) from None
    typer.echo(f"report: {Path(written).resolve()}")


@app.command("generate")
def generate_command(
    game: GameOption,
    site: Annotated[str, typer.Option(
        "--site", help="pokerstars, kingsclub, fulltilt, merge, winamax or phh.",
        show_default=False)],
    hands: Annotated[int, typer.Option("--hands", "-n", help="How many hands.", min=1)] = 100,
    out: Annotated[str, typer.Option("--out", "-o", help="The file to write.",
                                     show_default=False)] = "",
    structure: Annotated[str, typer.Option(
        "--structure", help="fixed-limit, pot-limit, half-pot-limit or no-limit.")]
        = "fixed-limit",
    players: Annotated[str, typer.Option(
        "--players", help="Players dealt in per hand: N or MIN-MAX (2 to 8).")] = "2-8",
    seed: Annotated[int, typer.Option("--seed", help="The same seed writes the same file.")]
        = 0,
) -> None:
    """Generate legal hands, written exactly as the site writes its histories.

    Folds, checks, bets, raises to the cap, all-ins with side pots, draws sized by the hand,
    split pots and ties, sit-outs; every hand audits ok. A game or structure the site's format
    cannot express is refused (exit status 2); the README lists what each site can write.

    Example:

        hhtools generate --game badeucy --site kingsclub --hands 1000 --out x.txt
    """
    from hhtools.games import get_game
    from hhtools.generate import STRUCTURES, check_supported, write_history

    if not out:
        raise fail("--out FILE is required", 2)
    try:
        name = get_game(game).name
        if structure not in STRUCTURES:
            raise HHToolsError(f"unknown structure {structure!r}: use "
                               f"{', '.join(STRUCTURES)}")
        check_supported(site, name, structure)
        low, _, high = players.partition("-")
        span = (int(low), int(high or low))
        if not 2 <= span[0] <= span[1] <= 8:
            raise HHToolsError(f"--players {players}: give N or MIN-MAX between 2 and 8")
    except ValueError as exc:
        raise fail(str(exc) if isinstance(exc, HHToolsError) else
                   f"--players {players}: give N or MIN-MAX between 2 and 8", 2) from None
    except HHToolsError as exc:
        raise fail(str(exc), 2) from None
    write_history(out, site, name, structure, hands, seed=seed, players=span)
    typer.echo(f"{hands} {site.lower()} {name} {structure} hands written to {out}")


def main() -> None:
    """Entry point of the console script."""
    try:
        app()
    except BrokenPipeError:
        # `hhtools eval - < big | head` closes the pipe early; that is not an error.
        sys.stderr.close()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
