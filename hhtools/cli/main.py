"""The ``hhtools`` command: a thin layer over the Python API.

Each command calls one library function and turns HHToolsError into a one-line message on
standard error; no traceback reaches the user. Every command keeps one contract for its exit
status: 0 all read and fine, 1 something rejected or a finding made, 2 a usage error
(UsageError: a bad option value, a missing path, a missing or foreign store), 130 Ctrl-C.
"""

from __future__ import annotations

import copy
import functools
import inspect
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

from hhtools.cli.commerce import DrawnOption, ManotazoOption, WildOption, commerce_eval
from hhtools.cli.generate import generate_command
from hhtools.cli.options import (
    FILES_HELP,
    SITE_HELP,
    TABLE_FORMATS,
    DbOption,
    GameFilter,
    GameOption,
    JsonOption,
    OnceOption,
    PlayerFilter,
    PositionFilter,
    SinceFilter,
    SiteFilter,
    StakesFilter,
    TypeFilter,
    UntilFilter,
    WatchPaths,
    chosen_reports,
    fail,
    failure,
    filters_from,
    history_files,
    print_version,
    say_waiting,
)
from hhtools.cli.report import chart_command, report_command
from hhtools.cli.sessions import sessions_command
from hhtools.cli.store import check_command, rejected_command
from hhtools.cli.tournaments import tournaments_command
from hhtools.cli.usage import given_values, one_line, plain_help
from hhtools.core.words import plural
from hhtools.errors import HHToolsError, UsageError

if TYPE_CHECKING:  # for annotations: the parser loads only in the commands that read histories
    from hhtools.reading.parsing import ParseResult


class _Group(typer.core.TyperGroup):
    """The command group: Ctrl-C in any command ends it with one line and status 130, a usage
    error Typer finds is one line too (hhtools.cli.usage), and the help names no Python type.

    The contexts, commands and parameters are typed ``Any``: Typer makes them from classes of
    its private ``typer._click`` (``typer.Context`` is a subclass it never makes)."""

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except typer.TyperException as exc:
            one_line(exc)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            typer.echo("\nhhtools: interrupted", err=True)
            raise typer.Exit(130) from None
        except typer.TyperException as exc:
            one_line(exc)

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        plain_help(params)
        given_values(params)
        return params

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            params = command.get_params(ctx)
            plain_help(params)
            given_values(params)
        return command


app = typer.Typer(
    cls=_Group,
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
def root(
    show_version: Annotated[bool, typer.Option(
        "--version", callback=print_version, is_eager=True, help="Print the version and exit.")] = False,
) -> None:
    """Hand histories, showdown audits and player statistics for draw-lowball poker.

    Run `hhtools COMMAND --help` for a command's options and examples. Exit status: 0 all
    read and fine, 1 something rejected or a finding made, 2 a usage error (bad option
    value, missing path, missing or foreign store), 130 interrupted (Ctrl-C).
    """


@app.command("eval")
def eval_command(
    hands: Annotated[list[str], typer.Argument(
        help="Hands as quoted strings of cards (\"As 2d 3h 4c\", \"10d\", \"K♥\"), "
             "or - to read one hand per line from standard input.", show_default=False)],
    game: GameOption,
    as_json: JsonOption = False,
    wild: WildOption = None,
    drawn: DrawnOption = None,
    manotazo: ManotazoOption = None,
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
        hhtools eval --game la-viuda --wild 2 "Ann=8h 8s 9h 5c 4d" "Bob=8d 8c 9s 5h 4h"
    """
    from hhtools.commerce.games import is_commerce_game
    from hhtools.core.compare import compare, compare_lines, dumps
    from hhtools.core.games import get_game

    if is_commerce_game(game):
        return commerce_eval(hands, game, wild, drawn, manotazo, as_json)
    if wild is not None or drawn is not None or manotazo:
        raise fail("--wild, --drawn and --manotazo are for la-viuda", 2)
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
                raise fail(f"{plural(bad, 'line')} rejected")
            return
        result = compare(chosen, hands)
    except HHToolsError as exc:
        raise failure(exc) from None
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
        help=FILES_HELP, show_default=False)],
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

        hhtools parse sample_histories/histories sample_histories/generated
        hhtools parse --site pokerstars --json history.txt > hands.jsonl
    """
    import json

    from hhtools.core.records import error_to_json, hand_to_json
    from hhtools.reading.parsing import format_report, parse_paths

    rejected: list[int] = []

    def counted(results: Iterable[ParseResult]) -> Iterator[ParseResult]:
        for result in results:
            rejected.append(len(result.errors))
            yield result

    try:
        results = counted(parse_paths(history_files(paths, site), site))
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
        raise failure(exc) from None
    bad = sum(rejected)
    if bad:
        raise fail(f"{plural(bad, 'hand')} rejected")


@app.command("audit")
def audit_command(
    paths: Annotated[list[str], typer.Argument(
        help=FILES_HELP, show_default=False)],
    as_json: JsonOption = False,
    rules: Annotated[str | None, typer.Option(
        "--rules", help="Rule profile: pokerstars, kingsclub or wsop (default: each "
        "site's own).", show_default=False)] = None,
    explain_id: Annotated[str | None, typer.Option(
        "--explain", metavar="HAND_ID", help="Replay this hand step by step instead (a "
        "game night: all, or a deal number).",
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
    hand is ok or unverifiable, 1 otherwise, 2 for a hand id that is not in the files.

    Examples:

        hhtools audit sample_histories/histories
        hhtools audit --json --rules wsop history.txt
        hhtools audit sample_histories/histories --explain 910000012
        hhtools audit night.txt --explain all   (a Whisky Poker or La Viuda night)
    """
    from hhtools.auditing.auditor import audit_paths, explain, find_hand, unparsed_json
    from hhtools.auditing.rules import get_profile
    from hhtools.auditing.tally import AuditTally
    from hhtools.cli.nights import audit_nights
    from hhtools.core.compare import dumps
    from hhtools.core.records import HandError

    if audit_nights(paths, as_json, explain_id):  # Whisky Poker and La Viuda nights
        return

    try:
        if explain_id == "all":
            raise UsageError("--explain takes a hand id for hand histories (as the audit "
                             "prints it); --explain all replays Whisky Poker and La Viuda "
                             "nights")
        if explain_id is not None:
            typer.echo(explain(find_hand(paths, explain_id, site), rules))
            return
        failed = 0
        if rules is not None:
            get_profile(rules)  # the options first, then the paths
        tally = AuditTally()

        def noted(result: ParseResult) -> None:
            # JSON output stays one hand object a line: the sentences go to standard error.
            for note in tally.file(result):
                typer.echo(note, err=as_json)

        for item in audit_paths(history_files(paths, site), rules, site, noted):
            tally.add(item)
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
        if not as_json and tally.wanted():
            typer.echo(tally.line())
    except HHToolsError as exc:
        raise failure(exc) from None
    if failed:
        raise typer.Exit(1)


@app.command("import")
def import_command(
    paths: Annotated[list[str], typer.Argument(help=FILES_HELP, show_default=False)],
    db: DbOption = None,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, show_default=False,
        help="Processes reading files in parallel (default: one per processor for large "
             "imports, else one).")] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", envvar="HHTOOLS_SCHEDULER", show_default=False,
        help="Read, parse and audit on the Dask cluster of this scheduler (tcp://host:8786); "
             "needs pip install 'hhtools[dask]'.")] = None,
) -> None:
    """Import hand histories into the hand store, auditing every new hand.

    Hands already stored (same site and hand id) are skipped, and files unchanged since their
    last import are not read again, so importing the same folder twice is cheap. On a
    terminal, a line on standard error counts the hands and bytes read and their rates.
    Ctrl-C stops within a second or so, says how many hands were stored, and running the same
    command again completes the import. Rejected hands are listed by `hhtools rejected`. One
    process writes a store at a time: a second import waits for the first, saying so. The
    exit status is 1 when a hand was rejected, 2 for a missing path, a folder that is not a
    hand store, or a store that cannot be written (read-only, full disk) or is damaged (see
    `hhtools check`), 130 when interrupted.

    Example:

        hhtools import ~/histories --db ~/poker-db --jobs 2
    """
    from hhtools.cli.progress import ProgressLine
    from hhtools.store.importer import ImportProgress, import_paths
    from hhtools.store.store import open_store

    state = ImportProgress()
    line = ProgressLine()

    def progress(p: ImportProgress) -> None:
        nonlocal state
        state = p
        line(p)

    try:
        files = history_files(paths)
        store = open_store(db, create=True)
    except HHToolsError as exc:
        raise failure(exc) from None
    try:
        try:
            summary = import_paths(files, store, progress=progress, jobs=jobs,
                                   waiting=say_waiting, scheduler=scheduler)
        finally:
            line.close()
    except HHToolsError as exc:
        raise failure(exc) from None
    except KeyboardInterrupt:
        typer.echo(f"hhtools: interrupted: {plural(state.hands_stored, 'new hand')} stored "
                   f"in {store.root} ({state.files_read:,} of {plural(state.files, 'file')} "
                   "read); run the same command again to complete the import", err=True)
        raise typer.Exit(130) from None
    typer.echo(f"store: {store.root}")
    typer.echo(summary.render())
    if summary.rejected:
        raise typer.Exit(1)


@app.command("watch")
def watch_command(paths: WatchPaths, db: DbOption = None, once: OnceOption = False) -> None:
    """Import hands as the poker client writes them, until Ctrl-C.

    New files and hands added to a file are stored within two seconds; a hand still being
    written is waited for. Renamed files and folders created later are followed; the store
    is locked only while hands are written. Ctrl-C prints a summary (status 130); --once
    exits 0, or 1 when a hand was rejected; 2 for a store that cannot be used.

    Example:

        hhtools watch ~/PokerStars/HandHistory --db ~/poker-db
    """
    from hhtools.store.store import open_store
    from hhtools.store.watch import Watcher, import_line

    try:
        if once:  # a missing path is waited for, but not by a single pass
            history_files(paths)
        store = open_store(db, create=True)
    except HHToolsError as exc:
        raise failure(exc) from None
    watcher = Watcher(paths, store, on_event=say_waiting,
                      on_import=lambda path, done: typer.echo(import_line(path, done)))
    try:
        with watcher.interrupts_between_imports():
            if once:
                watcher.look(final=True)
            else:
                say_waiting(f"watching {', '.join(paths)} into {store.root}; Ctrl-C stops")
                watcher.run()
    except HHToolsError as exc:
        raise failure(exc) from None
    except KeyboardInterrupt:
        say_waiting(f"stopped watching; store: {store.root}")
        typer.echo(watcher.summary.render())
        raise typer.Exit(130) from None
    typer.echo(watcher.summary.render())
    if watcher.summary.rejected:
        raise typer.Exit(1)


# The store's upkeep commands (hhtools.cli.store), in the order of the help.
app.command("rejected")(rejected_command)
app.command("check")(check_command)
app.command("tournaments")(tournaments_command)




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
    hand_type: TypeFilter = None,
    report: Annotated[list[str] | None, typer.Option(
        help="players, positions, draws, splits, stakes (results per game and stakes), "
        "draw-classes (pat and draw per strength class) or draw-positions; repeat for "
        "several (default: players, positions, draws, splits).",
        show_default=False)] = None,
    fmt: Annotated[str, typer.Option("--format", help="table, csv or json.")] = "table",
    group_by: Annotated[str, typer.Option(
        "--group-by", help="What one row of the players and positions reports covers: some of "
        "player, game, site, stakes and unit, comma separated. unit (the currency, or "
        "tournament bb: tournament chips in big blinds) "
        "is always one: money of different units is never summed.")] = "player,game,unit",
    columns: Annotated[str | None, typer.Option(
        "--columns", help="The columns shown, comma separated, after the group columns "
        "(default: a readable set that fits the terminal; CSV and JSON: all).",
        show_default=False)] = None,
    wide: Annotated[bool, typer.Option("--wide", help="Every column, however wide.")] = False,
) -> None:
    """Player statistics and draw patterns from the hand store.

    Per player, game and unit: hands, net won (money, big blinds, big bets), bb/100, VPIP,
    pre-draw raise %, 3-bet %, aggression per round, showdown figures; results by position;
    for each draw the cards drawn, pat %, broken Badugis, made hands and snows;
    Badeucy/Badacey scoops and halves. Definitions are in the README. The table fits the
    terminal's width (COLUMNS): the columns left out are named on standard error, --wide
    shows them all and --columns chooses. The exit status is 2 for a store that does not
    exist, a player not in it (with the close names) or a wrong option value.

    Examples:

        hhtools stats --player Hero --game badugi
        hhtools stats --report players --columns hands,net,vpip,af_predraw
        hhtools stats --report players --group-by player,unit --wide
        hhtools stats --player Hero --format csv > hero.csv
    """
    import json
    import shutil

    from hhtools.analytics import tables as st
    from hhtools.analytics.partials import store_reports
    from hhtools.analytics.stats import DEFAULT_REPORTS, REPORTS, group_keys
    from hhtools.store.store import open_store

    try:
        names = chosen_reports(fmt, TABLE_FORMATS, report or list(DEFAULT_REPORTS), REPORTS)
        by = group_keys(group_by.split(","))
        filters = filters_from(player, game, site, stakes, since, until, position, hand_type)
        frames = store_reports(open_store(db), filters, names, by)
        wanted = st.check_columns(columns.split(","), frames) if columns else None
    except HHToolsError as exc:
        raise failure(exc) from None
    keys = {name: st.group_columns(name, by) for name in frames}
    if wanted is not None:
        # A report holding none of the columns asked for is left out, unless asked for.
        frames = {name: st.select(f, keys[name], wanted) for name, f in frames.items()
                  if report or set(wanted) & set(f.columns)}
    elif fmt == "table" and not wide:
        frames = {name: st.select(f, keys[name], st.DEFAULT_COLUMNS[name])
                  for name, f in frames.items()}
    if fmt == "json":
        typer.echo(json.dumps({n: f.to_dicts() for n, f in frames.items()}, default=str, indent=1))
        return
    width = None if wide or wanted else shutil.get_terminal_size().columns
    st.echo_frames(frames, fmt, width, {name: len(keys[name]) for name in frames},
                   "no hands match", "--wide shows every column, --columns chooses", typer.echo)


@app.command("convert")
def convert_command(
    paths: Annotated[list[str], typer.Argument(
        help=FILES_HELP, show_default=False)],
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
    on standard error and the exit status is 1; an unknown --to is a usage error (2).

    Examples:

        hhtools convert sample_histories/generated/merge --to phh --out phh/
        hhtools convert history.txt --to json > hands.jsonl
    """
    from hhtools.reading.convert import check_format, convert

    rejected = written = 0
    try:
        check_format(to)  # the options first, then the paths
        for done in convert(history_files(paths, site), to, out, site=site):
            written += done.written
            for note in done.notes:
                typer.echo(note, err=True)
            for error in done.errors:
                rejected += 1
                typer.echo(str(error), err=True)
    except HHToolsError as exc:
        raise failure(exc) from None
    except BrokenPipeError:
        raise  # standard output closed early: see main()
    except OSError as exc:  # --out cannot be created or written
        raise fail(f"cannot write {exc.filename}: {exc.strerror}", 2) from None
    if rejected:
        raise fail(f"{plural(rejected, 'hand')} rejected")
    if not written:
        typer.echo("no hand converted", err=True)


app.command("chart")(chart_command)
app.command("report")(report_command)


app.command("generate")(generate_command)
app.command("sessions")(sessions_command)


def explain_all(argv: list[str]) -> list[str]:
    """``argv`` with ``audit ... --explain`` given nothing (it ends the line, or an option
    follows) read as ``--explain all``: a night's whole replay, as the README writes it.
    Typer has no option whose value may be left out, hence this one rewrite.

    >>> explain_all(["audit", "night.txt", "--explain"])
    ['audit', 'night.txt', '--explain', 'all']
    >>> explain_all(["audit", "--explain", "--json", "n.txt"])
    ['audit', '--explain', 'all', '--json', 'n.txt']
    >>> explain_all(["audit", "--explain", "12", "h.txt"])
    ['audit', '--explain', '12', 'h.txt']
    """
    if "audit" not in argv or "--explain" not in argv:
        return argv
    at = argv.index("--explain") + 1
    if at == len(argv) or (argv[at].startswith("-") and argv[at] != "-"):
        return argv[:at] + ["all"] + argv[at:]
    return argv


def app_for(args: list[str]) -> typer.Typer:
    """The app that runs the command line ``args``. Typer makes every command's parameters
    from its signature before it runs any (all of them took 28 ms against 4 ms for audit's
    alone, on a busy machine), so: when they name a command, an app holding that command alone;
    when they are root options only (``--help``, ``--version``, none), the listing app, whose
    commands carry their names and summaries but no parameters; else (a misspelt command name,
    answered from all the names) the whole app.

    >>> [c.name for c in app_for(["audit", "h.txt"]).registered_commands]
    ['audit']
    >>> app_for(["--help"]) is app_for([]) is not app
    True
    >>> app_for(["adit"]) is app_for(["--", "audit"]) is app
    True
    """
    named = [command for command in app.registered_commands if args and command.name == args[0]]
    if named:
        one = copy.copy(app)  # the same callback and settings
        one.registered_commands = named
        return one
    if all(word.startswith("-") and word != "--" for word in args):
        return _listing()
    return app


@functools.cache
def _listing() -> typer.Typer:
    """The app that lists the commands (the root's help): each command as registered, with
    its help, but a callback without parameters. No command can run in it: app_for gives it
    only command lines that name none."""
    listed = copy.copy(app)
    listed.registered_commands = []
    for command in app.registered_commands:
        summary = copy.copy(command)
        if summary.help is None:  # Typer's own default: the callback's docstring
            summary.help = inspect.getdoc(command.callback)
        summary.callback = _listed
        listed.registered_commands.append(summary)
    return listed


def _listed() -> None:
    """The callback of every command of the listing app, which is never run (see _listing)."""
    raise AssertionError("the listing app runs no command")


def main() -> None:
    """Entry point of the console script."""
    try:
        args = explain_all(sys.argv[1:])
        app_for(args)(args=args)
    except BrokenPipeError:
        # `hhtools eval - < big | head` closes the pipe early; that is not an error.
        sys.stderr.close()
    except KeyboardInterrupt:
        # Ctrl-C before a command started (while the command line is read).
        typer.echo("\nhhtools: interrupted", err=True)
        raise SystemExit(130) from None
