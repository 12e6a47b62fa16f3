"""Winamax: 2-7 Triple Draw fixed limit cash games, as ``hhtools/sites/winamax.py`` reads.

Calls and bets give the chips added, raises the increment and the total. No uncalled-bet line:
the bettor's ``collected`` includes the bet nobody called (a bettor who won no pot collects it
alone), and ``Total pot`` is the amount collected, after rake. Draws are ``discard N cards``
(``discard 0 card`` standing pat); the hero's discards name the cards and a pat hero's line
repeats the hand, but the hero's new cards are never printed. Every hand still in at the
showdown is shown, worded as high poker (``High card : King``). The summary lists the players
who won or showed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from hhtools.core.cards import RANKS, Card
from hhtools.core.games import Game, get_game
from hhtools.core.vocabulary import SIGNS, Street
from hhtools.generate.dealer import Deal
from hhtools.generate.writers import (
    BETTING_WORDS,
    DRAW_WORDS,
    PLURAL_OF,
    RANK_OF,
    RANK_WORDS,
    ZERO,
    SiteWriter,
    cards,
    chips,
    description,
    given,
    number,
    shown,
    total,
)


def _rank(letter: str) -> str:
    """A rank as Winamax prints it: its number (``10`` for a ten), a face by its name."""
    if letter == "T":
        return "10"
    return letter if letter.isdigit() else RANK_WORDS[letter]


def _ranks(plural: str) -> str:
    """A plural of hhtools' descriptions (``sixes``, ``jacks``) as Winamax prints it: a
    number alone (``6``), a face's plural (``Jacks``)."""
    letter = PLURAL_OF[plural]
    return _rank(letter) if letter in "23456789T" else plural.capitalize()


def winamax_words(description: str) -> str:
    """hhtools' 2-7 description as Winamax words it, as high poker: the ranks as digits,
    faces as words (``High card : King``, ``One pair : 7``, ``Two pairs : Jacks and 8``)."""
    d = description
    if d[0] in RANKS and (len(d) == 1 or d[1] == "-"):
        return "High card : " + _rank(d[0])
    words = d.replace(",", "").split()
    if d.startswith("pair of "):
        return f"One pair : {_ranks(words[2])}"
    if d.startswith("two pair, "):
        return f"Two pairs : {_ranks(words[2])} and {_ranks(words[4])}"
    if d.startswith("three "):
        return f"Three of a kind : {_ranks(words[1])}"
    if d.startswith("straight flush, "):
        return f"Straight flush : {_rank(RANK_OF[words[2]])} high"
    if d.startswith("straight, "):
        return f"Straight : {_rank(RANK_OF[words[1]])} high"
    if d.startswith("flush, "):
        return f"Flush : {_rank(d[7])} high"
    if d.startswith("full house, "):
        return f"Full house : {_ranks(words[2])} and {_ranks(words[5])}"
    if d.startswith("four "):
        return f"Four of a kind : {_ranks(words[1])}"
    raise ValueError(f"no Winamax wording for {description!r}")


def describe(game: Game, hand_cards: Sequence[Card]) -> str:
    return winamax_words(description(game, hand_cards))


@dataclass
class _Collected:
    """A ``collected`` line: the uncalled bet is inside the bettor's first one."""

    player: str
    amount: Decimal
    pot: str


def write(deal: Deal) -> str:
    h = deal.hand
    game = get_game(h.game)
    cur = h.currency
    # Winamax prints the sign after the amount ("0.50€"); play money has none.
    sign = SIGNS[cur] if cur is not None and cur in SIGNS else ""

    def m(value: Decimal) -> str:
        return number(value) + sign

    kind = "real money" if cur == "EUR" else "play money"
    out = [f"Winamax Poker - CashGame - HandId: #{h.hand_id} - 2-7 Triple Draw fixed limit "
           f"({m(h.small_bet)}/{m(h.big_bet)}) - {h.started_at:%Y/%m/%d %H:%M:%S} UTC",
           f"Table: '{h.table}' {h.max_seats}-max ({kind}) Seat #{h.button_seat} is the button"]
    for s in h.seats:
        out.append(f"Seat {s.seat}: {s.name} ({m(s.stack)})")
    out.append("*** ANTE/BLINDS ***")
    hidden = cards(["X"] * game.hand_size)
    street: Street | None = None
    in_draw = False     # a draw's lines printed, its betting marker not yet
    for a in h.actions:
        p = a.player
        if a.kind.startswith("post_"):
            word = {"post_sb": "small blind", "post_bb": "big blind", "post_ante": "ante"}
            out.append(f"{p} posts {word[a.kind]} {m(chips(a))}")
            continue
        if street is None:
            street = "predraw"
            out.append("*** FIRST-BET ***")
            for name in given(h.dealt_to, "the players dealt in"):
                out.append(f"Dealt to {name} "
                           + (cards(h.hero_cards[0].cards) if name == h.hero else hidden))
        drawing = a.kind in ("discard", "stand_pat")
        if a.street != street:
            street = a.street
            out.append(f"*** {DRAW_WORDS[street]}-DRAW ***")
            in_draw = True
        if not drawing and in_draw:
            out.append(f"*** {BETTING_WORDS[street]}-BET ***")
            in_draw = False
        allin = " and is all-in" if a.all_in else ""
        if a.kind == "fold":
            out.append(f"{p} folds")
        elif a.kind == "check":
            out.append(f"{p} checks")
        elif a.kind == "call":
            out.append(f"{p} calls {m(chips(a))}{allin}")
        elif a.kind == "bet":
            out.append(f"{p} bets {m(chips(a))}{allin}")
        elif a.kind == "raise":
            out.append(f"{p} raises {m(chips(a))} to {m(total(a))}{allin}")
        elif p == h.hero and a.kind == "stand_pat":
            out.append(f"{p} stands pat {cards(deal.holdings[p][a.street])}")
        elif p == h.hero and a.discarded:
            plural = "card" if a.count == 1 else "cards"
            out.append(f"{p} discard {a.count} {plural} {cards(a.discarded)}")
        else:
            count = given(a.count, "the cards drawn")
            out.append(f"{p} discard {count} {'cards' if count > 1 else 'card'}")
    # What each player collects as printed: the uncalled bet inside the bettor's first
    # collection, or collected alone when the bettor won no pot.
    rows = [_Collected(c.player, c.amount, c.pot) for c in h.collections]
    if h.uncalled:
        u = h.uncalled[0]
        mine = next((r for r in rows if r.player == u.player), None)
        if mine is not None:
            mine.amount += u.amount
        else:
            rows.append(_Collected(u.player, u.amount, "main"))
    multi = any(c.pot != "main" for c in h.collections)
    if h.shows:
        out.append("*** SHOW DOWN ***")
        for show in h.shows:
            out.append(f"{show.player} shows {cards(shown(show))} "
                       f"({describe(game, shown(show))})")
    for row in rows:
        where = ("pot" if not multi else "main pot" if row.pot == "main"
                 else f"side pot {row.pot.split()[1]}")
        out.append(f"{row.player} collected {m(row.amount)} from {where}")
    out.append("*** SUMMARY ***")
    collected = sum((r.amount for r in rows), ZERO)
    rake = f" | Rake {m(h.summary.rake)}" if h.summary.rake else ""
    out.append(f"Total pot {m(collected)}{rake}")
    won = {c.player: ZERO for c in h.collections}
    for row in rows:
        if row.player in won:
            won[row.player] += row.amount
    shows = {s.player: s for s in h.shows}
    sb = next(a.player for a in h.actions if a.kind == "post_sb")
    bb = next(a.player for a in h.actions if a.kind == "post_bb")
    for s in h.seats:
        p = s.name
        if p not in won and p not in shows:
            continue
        roles = (" (small blind)" if p == sb else "") + (" (big blind)" if p == bb else "") \
            + (" (button)" if s.seat == h.button_seat else "")
        if p in shows:
            result = f"won {m(won[p])}" if p in won else "lost"
            text = (f"showed {cards(shown(shows[p]))} and {result} with "
                    f"{describe(game, shown(shows[p]))}")
        else:
            text = f"won {m(won[p])}"
        out.append(f"Seat {s.seat}: {p}{roles} {text}")
    return "\n".join(out) + "\n"


#: What goes between two hands of a file.
SEPARATOR = "\n\n"
WRITER = SiteWriter(write, SEPARATOR)
