"""``hhtools generate``: legal simulated hands written as a site writes them, a whole sit & go,
or a Whisky Poker or La Viuda night (hhtools.generate, hhtools.cli.nights)."""

from __future__ import annotations

from typing import Annotated

import typer

from hhtools.cli.options import GameOption, fail
from hhtools.core.words import plural
from hhtools.errors import HHToolsError


def generate_command(
    game: GameOption,
    site: Annotated[str, typer.Option(
        "--site", help="pokerstars, kingsclub, fulltilt, merge, winamax or phh (none for "
        "whisky and la-viuda).", show_default=False)] = "",
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
    tournament: Annotated[bool, typer.Option(
        "--tournament", help="A whole sit & go instead (pokerstars): the most --players "
        "entrants the table seats, 1500 chips, limits rising every 10 hands, to the last "
        "player; --hands is not used.")] = False,
    summary: Annotated[str, typer.Option(
        "--summary", help="With --tournament: also write the tournament's summary file "
        "(PokerStars' format) here.", show_default=False)] = "",
    until_hero_out: Annotated[bool, typer.Option(
        "--until-hero-out", help="With --tournament: the file stops with the hand Hero is "
        "knocked out in, as the client's file does.")] = False,
    draw_procedure: Annotated[str, typer.Option(
        "--draw-procedure", help="serve (each player served before the next discards) or "
        "batch (everyone discards, then the replacements are dealt; a short stub takes this "
        "round's discards too).")] = "serve",
) -> None:
    """Generate legal hands, written exactly as the site writes its histories.

    Folds, checks, bets, raises to the cap, all-ins with side pots, draws sized by the hand,
    split pots and ties, sit-outs; every hand audits ok. A game or structure the site's format
    cannot express is refused (exit status 2); the README lists what each site can write.
    With --game whisky or la-viuda (no --site): one whole game night in the record format
    `hhtools audit` reads, to --out or standard output.

    Example:

        hhtools generate --game badeucy --site kingsclub --hands 1000 --out x.txt
    """
    from hhtools.cli.nights import generate_night
    from hhtools.commerce.games import is_commerce_game
    from hhtools.core.games import get_game
    from hhtools.errors import unknown_name
    from hhtools.generate import STRUCTURES, check_supported, write_history

    if is_commerce_game(game):  # a game night's record: hhtools.cli.nights
        return generate_night(game, players, seed, out)
    if not site:
        raise fail("--site is required for poker games", 2)
    if not out:
        raise fail("--out FILE is required", 2)
    try:
        name = get_game(game).name
        if structure not in STRUCTURES:
            raise unknown_name("structure", structure, STRUCTURES)
        check_supported(site, name, structure)
        from hhtools.generate.dealer import DRAW_PROCEDURES

        if draw_procedure not in DRAW_PROCEDURES:
            raise unknown_name("draw procedure", draw_procedure, DRAW_PROCEDURES)
        low, _, high = players.partition("-")
        span = (int(low), int(high or low))
        if not 2 <= span[0] <= span[1] <= 8:
            raise HHToolsError(f"--players {players}: give N or MIN-MAX between 2 and 8")
    except ValueError as exc:
        raise fail(str(exc) if isinstance(exc, HHToolsError) else
                   f"--players {players}: give N or MIN-MAX between 2 and 8", 2) from None
    except HHToolsError as exc:
        raise fail(str(exc), 2) from None
    if tournament and draw_procedure != "serve":
        raise fail("--draw-procedure goes with cash tables, not --tournament", 2)
    if (summary or until_hero_out) and not tournament:
        raise fail("--summary and --until-hero-out go with --tournament", 2)
    if tournament:
        from hhtools.generate.tournament import write_for_command
        try:
            typer.echo(write_for_command(out, site, name, seed, span[1], structure,
                                         summary or None, until_hero_out))
        except HHToolsError as exc:
            raise fail(str(exc), 2) from None
        return
    try:
        write_history(out, site, name, structure, hands, seed=seed, players=span,
                      draw_procedure=draw_procedure)
    except HHToolsError as exc:  # hhtools.core.outputs.OutputError: a full disk, no right to write
        raise fail(str(exc), 2) from None
    typer.echo(f"{plural(hands, f'{site.lower()} {name} {structure} hand')} written to {out}")
