"""``hhtools eval`` for the commerce games (Whisky Poker, La Viuda): the options only they take
(--wild, --drawn, --manotazo) and the command's work for them, a thin layer over
hhtools.commerce.compare. hhtools.cli.main's eval command hands these games over here."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from hhtools.cli.options import fail, failure
from hhtools.core.words import plural
from hhtools.errors import HHToolsError, UsageError

if TYPE_CHECKING:  # the commerce games load only when one is evaluated
    from hhtools.commerce.compare import Comparison

WildOption = Annotated[str | None, typer.Option(
    "--wild", metavar="RANK", help="La Viuda: the deal's wild rank, A 2 ... K (one chip in the "
    "pool: aces; two: twos; 14: aces again). The jokers (Jk) are always wild.",
    show_default=False)]
DrawnOption = Annotated[str | None, typer.Option(
    "--drawn", metavar="CARD", help="La Viuda: the card drawn from the deck when the worst "
    "hands tie down to the colours (its colour decides).", show_default=False)]
ManotazoOption = Annotated[list[str] | None, typer.Option(
    "--manotazo", metavar="PLAYER=CARD ...", help="La Viuda: the cards drawn in Manotazo, as "
    "\"1=Th 2=4d\" (hand numbers or names); repeat for each round drawn again.",
    show_default=False)]


def commerce_eval(hands: list[str], game: str, wild: str | None, drawn: str | None,
                  manotazo: list[str] | None, as_json: bool) -> None:
    """Evaluate and compare Whisky Poker or La Viuda hands, as ``hhtools eval`` prints them.

    A hand may be named: ``Ann=8h 8s 9h 5c 4d``; unnamed hands are ``hand 1``, ``hand 2``...
    With -, each line of standard input is one comparison (hands separated by |).
    """
    from hhtools.commerce.cards import parse_rank
    from hhtools.commerce.compare import compare
    from hhtools.commerce.games import get_commerce_game
    from hhtools.core.compare import HAND_SEPARATOR, dumps

    try:
        chosen = get_commerce_game(game)
        if wild is not None:
            try:
                wild = parse_rank(wild)
            except HHToolsError as exc:
                raise UsageError(f"--wild: {exc}") from None
        if wild is not None and not chosen.wild_rank:
            raise UsageError(f"--wild: {chosen.title} has no wild cards")
        if wild is None and chosen.wild_rank:
            raise UsageError(f"--wild is needed: the deal's wild rank in {chosen.title} "
                             "(A when one chip is in the pool, 2 for two chips ... K for 13)")
        rounds = [_named_cards(r) for r in manotazo or ()]
        if hands == ["-"]:
            if drawn is not None or rounds:
                raise UsageError("--drawn and --manotazo settle one comparison: give its hands "
                                 "as arguments, not with -")
            bad = 0
            for number, line in enumerate(sys.stdin, 1):
                text = line.strip()
                if not text or text.startswith("#"):
                    continue
                try:
                    result = compare(chosen, _named_hands(text.split(HAND_SEPARATOR)), wild)
                except HHToolsError as exc:
                    bad += 1
                    typer.echo(f"line {number}: {exc}", err=True)
                    continue
                out = dumps({"line": number} | result.as_dict()) if as_json else _one_line(result)
                sys.stdout.write(out + "\n")
            sys.stdout.flush()
            if bad:
                raise fail(f"{plural(bad, 'line')} rejected")
            return
        result = compare(chosen, _named_hands(hands), wild, drawn, rounds)
    except HHToolsError as exc:
        raise failure(exc) from None
    typer.echo(dumps(result.as_dict()) if as_json else result.render())


def _named_hands(texts: list[str]) -> dict[str, str]:
    """``Ann=8h 8s 9h 5c 4d`` or plain cards (``hand N``) -> {player: cards}."""
    hands: dict[str, str] = {}
    for n, text in enumerate(texts, 1):
        name, sep, cards = text.partition("=")
        player = name.strip() if sep else f"hand {n}"
        if player in hands:
            raise UsageError(f"two hands are named {player!r}")
        hands[player] = cards if sep else text
    return hands


def _named_cards(text: str) -> dict[str, str]:
    """``1=Th 2=4d`` or ``Ann=Th Bob=4d`` -> {player: card}; numbers name ``hand N``."""
    out: dict[str, str] = {}
    for part in text.split():
        name, sep, card = part.partition("=")
        if not sep or not name or not card:
            raise UsageError(f"--manotazo: {part!r} is not PLAYER=CARD (e.g. 1=Th or Ann=Th)")
        out[f"hand {name}" if name.isdigit() else name] = card
    return out


def _one_line(result: Comparison) -> str:
    hands = " | ".join(f"{p}: {v.description}" for p, v in result.values.items())
    if len(result.values) == 1:
        return hands
    best, worst = (", ".join(map(str, group)) for group in (result.best, result.worst))
    pending = f" ({result.pending} pending)" if result.pending else ""
    return f"{hands} => best {best}; worst {worst}{pending}"
