"""Merge / Carbon: XML histories of Badugi and 2-7 (Limit, Pot Limit, Half Pot Limit) and Pot
Limit 5 Card Draw (``5-Draw``, gametype 55), as ``hhtools/sites/merge.py`` reads.

A file is one ``<description>`` then ``<game>`` elements a blank line apart, no root. Seats are
0-based; players are named by seat. ``RAISE`` gives the street total, ``CALL``/``BET``/
``ALL_IN`` the chips added. A winner's amount is after rake and includes the unmatched part of
the last bet (no uncalled line; a bettor who wins nothing gets it back as a winner marked
``uncalled="true"``); the rake is never printed. ``starttime`` is UTC-5 without a zone. The
hero's hand after a draw is printed whole, the new cards in the discards' places.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import timezone
from decimal import Decimal

from hhtools.core.cards import Card
from hhtools.core.games import Game, get_game
from hhtools.core.records import Hand
from hhtools.core.vocabulary import SIGNS, STRUCTURE_NAMES, Street
from hhtools.generate.dealer import Deal
from hhtools.generate.writers import (
    SiteWriter,
    chips,
    description,
    given,
    number,
    replaced,
    shown,
    total,
)
from hhtools.sites.merge import STREETS

GAME_TYPES = {"badugi": ("Badugi", 71), "2-7": ("2-7 Lowball", 67), "5-card-draw": ("5-Draw", 55)}
#: Each draw's round (``SECOND_DRAW``; its betting is ``POST_SECOND_DRAW``): the rounds the
#: reader knows, the other way round.
DRAWS: dict[Street, str] = {street: name for name, street in STREETS.items()}


def amount(value: Decimal) -> str:
    return f"{value:.2f}"


def sign(h: Hand) -> str:
    """The sign of the hand's currency, printed before a balance and the stakes."""
    return SIGNS[given(h.currency, "a currency")]


def cards(cs: Iterable[Card]) -> str:
    return ",".join(map(str, cs))


def hand_words(game: Game, hand_cards: Sequence[Card]) -> str:
    """The ``hand`` attribute: ``Badugi, K-7-2-A``, ``Three Cards, 9-2-A``, ``7-5-4-3-2``,
    ``Pair of Aces`` (informative only: the parser does not read it)."""
    d = description(game, hand_cards)
    if d.startswith("4-card Badugi "):
        return "Badugi, " + d[14:]
    if d[0].isdigit() and d[1:7] == "-card ":
        n = {"1": "One Card", "2": "Two Cards", "3": "Three Cards"}[d[0]]
        return f"{n}, {d[7:]}"
    return " ".join(w if w in ("of", "and", "full", "high") else w.capitalize()
                    for w in d.split(" "))


def head(deal: Deal) -> str:
    h = deal.hand
    kind, _ = GAME_TYPES[h.game]
    structure = STRUCTURE_NAMES[h.structure]
    # Stakes as the description prints them: "$5", "$0.05".
    stakes = f"{sign(h)}{number(h.small_bet)}/{sign(h)}{number(h.big_bet)}"
    stakes = f"{structure} {stakes}" if h.structure == "fixed-limit" else f"{structure} ({stakes})"
    return f'<description type="{kind}" stakes="{stakes}"/>\n'


def write(deal: Deal) -> str:
    h = deal.hand
    game = get_game(h.game)
    _, gametype = GAME_TYPES[h.game]
    seat = {s.name: s.seat for s in h.seats}
    dollar = sign(h)
    t = h.started_at
    table_no = h.hand_id.split("-")[0]
    # Events carry millisecond epoch timestamps, a few seconds apart from the start.
    clock = [int(t.astimezone(timezone.utc).timestamp() * 1000)]

    def stamp() -> int:
        clock[0] += 1700 + (clock[0] * 7919) % 2600
        return clock[0]

    out = [f'<game id="{h.hand_id}" starttime="{t:%Y%m%d%H%M%S}" '
           f'numholecards="{game.hand_size}" gametype="{gametype}" realmoney="true" '
           f'data="{t:%Y%m%d}|{h.table}|{table_no}|{h.hand_id}|false">',
           f'\t<players dealer="{h.button_seat}">']
    for s in h.seats:
        out.append(f'\t\t<player seat="{s.seat}" nickname="{_attr(s.name)}" '
                   f'balance="{dollar}{s.stack:.2f}" dealtin="{"false" if s.sitting_out else "true"}" />')
    out.append("\t</players>")
    sequence = [0, 0]   # events, rounds

    def open_round(name: str) -> None:
        sequence[1] += 1
        out.append(f'\t<round id="{name}" sequence="{sequence[1]}">')

    def event(kind: str, player: str, extra: str = "") -> None:
        sequence[0] += 1
        out.append(f'\t\t<event sequence="{sequence[0]}" type="{kind}" timestamp="{stamp()}" '
                   f'player="{seat[player]}"{extra}/>')

    hero = h.hero
    # The hero's hand as printed: replacements take the discards' places.
    printed = list(h.hero_cards[0].cards) if hero else []
    current: str | None = None
    for a in h.actions:
        betting = a.kind not in ("discard", "stand_pat")
        if a.kind.startswith("post_"):
            name = "BLINDS"
        elif a.street == "predraw":
            name = "PRE_FIRST_DRAW"
        else:
            name = DRAWS[a.street] if not betting else "POST_" + DRAWS[a.street]
        if name != current:
            _close(out, current, h, hero, printed, game)
            open_round(name)
            current = name
        p = a.player
        if a.kind == "post_sb":
            event("SMALL_BLIND", p, f' amount="{amount(chips(a))}"')
        elif a.kind == "post_bb":
            event("BIG_BLIND", p, f' amount="{amount(chips(a))}"')
        elif a.kind == "post_ante":
            event("ANTE", p, f' amount="{amount(chips(a))}"')
        elif a.kind == "fold":
            event("FOLD", p)
        elif a.kind == "check":
            event("CHECK", p)
        elif a.all_in:
            event("ALL_IN", p, f' amount="{amount(chips(a))}"')
        elif a.kind in ("call", "bet"):
            event(a.kind.upper(), p, f' amount="{amount(chips(a))}"')
        elif a.kind == "raise":
            event("RAISE", p, f' amount="{amount(total(a))}"')
        elif a.kind in ("discard", "stand_pat"):
            event("DRAW", p, f' text="{a.count}"')
            if p == hero and a.discarded:
                for old, new in zip(*replaced(a)):
                    printed[printed.index(old)] = new
    _close(out, current, h, hero, printed, game)
    live_end = bool(h.shows)
    if live_end:
        open_round("SHOWDOWN")
        for show in h.shows:
            event("SHOW" if show.kind == "show" else "MUCK", show.player)
        for show in h.shows:
            if show.kind == "show":
                out.append(f'\t\t<cards type="SHOWN" '
                           f'cards="{cards(shown(show))}" '
                           f'player="{seat[show.player]}"/>')
        out.append("\t</round>")
        open_round("END_OF_GAME")
    else:
        open_round("END_OF_FOLDED_GAME")
        for p in dict.fromkeys(c.player for c in h.collections):
            event("MUCK", p)
    out.extend(_winners(deal, seat, game))
    out.append("\t</round>")
    if not live_end:
        open_round("END_OF_GAME")
        out.append("\t</round>")
    out.append("</game>")
    return "\n".join(out) + "\n"


def _close(out: list[str], current: str | None, h: Hand, hero: str | None, printed: list[Card],
           game: Game) -> None:
    """End a round: the hero's hand goes at the end of the first betting round and of each
    draw."""
    if current is None:
        return
    if hero and current == "PRE_FIRST_DRAW":
        out.append(f'\t\t<cards type="HOLE" cards="{cards(printed)}" player="{_seat(h, hero)}" '
                   f'hand="{hand_words(game, printed)}"/>')
    elif hero and current in DRAWS.values() and any(
            a.player == hero and a.street == _street(current) and a.kind in ("discard",
                                                                               "stand_pat")
            for a in h.actions):
        out.append(f'\t\t<cards type="DRAW_DRAWN_CARDS" cards="{cards(printed)}" '
                   f'player="{_seat(h, hero)}" hand="{hand_words(game, printed)}"/>')
    out.append("\t</round>")


def _street(round_name: str) -> Street:
    return STREETS[round_name]


def _seat(h: Hand, name: str) -> int:
    return next(s.seat for s in h.seats if s.name == name)


@dataclass
class _Winner:
    """One ``<winner>`` element: ``uncalled`` for the bet nobody called, returned alone."""

    player: str
    amount: Decimal
    pot: int
    uncalled: bool = False


def _winners(deal: Deal, seat: dict[str, int], game: Game) -> list[str]:
    """Winner elements: each collection, the uncalled bet added to its owner's last one."""
    h = deal.hand
    rows = [_Winner(c.player, c.amount, 1 if c.pot == "main" else int(c.pot.split()[1]) + 1)
            for c in h.collections]
    if h.uncalled:
        u = h.uncalled[0]
        mine = [r for r in rows if r.player == u.player]
        if mine:
            max(mine, key=lambda r: r.pot).amount += u.amount
        else:
            rows.append(_Winner(u.player, u.amount, max((r.pot for r in rows), default=1),
                                True))
    shows = {s.player: s for s in h.shows if s.kind == "show"}
    out = []
    for row in rows:
        words = (f' hand="{hand_words(game, shown(shows[row.player]))}"'
                 if row.player in shows and not row.uncalled else "")
        out.append(f'\t\t<winner amount="{amount(row.amount)}" '
                   f'uncalled="{"true" if row.uncalled else "false"}" '
                   f'potnumber="{row.pot}" player="{seat[row.player]}"{words} pottype="n"/>')
    return out


def _attr(text: str) -> str:
    return (text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            .replace(">", "&gt;"))


#: Games are a blank line apart.
SEPARATOR = "\n"
WRITER = SiteWriter(write, SEPARATOR, head)
