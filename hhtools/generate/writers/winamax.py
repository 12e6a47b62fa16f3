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

from decimal import Decimal

from hhtools.core.games import get_game
from hhtools.generate.dealer import Deal
from hhtools.generate.writers import description, number

DRAWS = {"draw1": "FIRST", "draw2": "SECOND", "draw3": "THIRD"}
ROUNDS = {"predraw": "FIRST", "draw1": "SECOND", "draw2": "THIRD", "draw3": "FOURTH"}
ZERO = Decimal(0)
_FACES = {"T": "10", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
_RANK = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
         "eight": "8", "nine": "9", "ten": "10", "jack": "Jack", "queen": "Queen",
         "king": "King", "ace": "Ace"}
_PLURAL_RANK = {"twos": "2", "threes": "3", "fours": "4", "fives": "5", "sixes": "6",
                "sevens": "7", "eights": "8", "nines": "9", "tens": "10", "jacks": "Jacks",
                "queens": "Queens", "kings": "Kings", "aces": "Aces"}


def money(value: Decimal, currency: str | None) -> str:
    return number(value) + ("€" if currency == "EUR" else "")


def cards(cs) -> str:
    return "[" + " ".join(map(str, cs)) + "]"


def winamax_words(description: str) -> str:
    """hhtools' 2-7 description as Winamax words it, as high poker: the ranks as digits,
    faces as words (``High card : King``, ``One pair : 7``, ``Two pairs : Jacks and 8``)."""
    d = description
    if d[0] in "23456789TJQKA" and (len(d) == 1 or d[1] == "-"):
        return "High card : " + _FACES.get(d[0], d[0])
    words = d.replace(",", "").split()
    if d.startswith("pair of "):
        return f"One pair : {_PLURAL_RANK[words[2]]}"
    if d.startswith("two pair, "):
        return f"Two pairs : {_PLURAL_RANK[words[2]]} and {_PLURAL_RANK[words[4]]}"
    if d.startswith("three "):
        return f"Three of a kind : {_PLURAL_RANK[words[1]]}"
    if d.startswith("straight flush, "):
        return f"Straight flush : {_RANK[words[2]]} high"
    if d.startswith("straight, "):
        return f"Straight : {_RANK[words[1]]} high"
    if d.startswith("flush, "):
        return f"Flush : {_FACES.get(d[7], d[7])} high"
    if d.startswith("full house, "):
        return f"Full house : {_PLURAL_RANK[words[2]]} and {_PLURAL_RANK[words[5]]}"
    if d.startswith("four "):
        return f"Four of a kind : {_PLURAL_RANK[words[1]]}"
    raise ValueError(f"no Winamax wording for {description!r}")


def describe(game, hand_cards) -> str:
    return winamax_words(description(game, hand_cards))


def write(deal: Deal) -> str:
    h = deal.hand
    game = get_game(h.game)
    cur = h.currency

    def m(value):
        return money(value, cur)

    kind = "real money" if cur == "EUR" else "play money"
    out = [f"Winamax Poker - CashGame - HandId: #{h.hand_id} - 2-7 Triple Draw fixed limit "
           f"({m(h.small_bet)}/{m(h.big_bet)}) - {h.started_at:%Y/%m/%d %H:%M:%S} UTC",
           f"Table: '{h.table}' {h.max_seats}-max ({kind}) Seat #{h.button_seat} is the button"]
    for s in h.seats:
        out.append(f"Seat {s.seat}: {s.name} ({m(s.stack)})")
    out.append("*** ANTE/BLINDS ***")
    hidden = cards(["X"] * game.hand_size)
    street = None
    in_draw = False     # a draw's lines printed, its betting marker not yet
    for a in h.actions:
        p = a.player
        if a.kind.startswith("post_"):
            word = {"post_sb": "small blind", "post_bb": "big blind", "post_ante": "ante"}
            out.append(f"{p} posts {word[a.kind]} {m(a.amount)}")
            continue
        if street is None:
            street = "predraw"
            out.append("*** FIRST-BET ***")
            for name in h.dealt_to:
                out.append(f"Dealt to {name} "
                           + (cards(h.hero_cards[0].cards) if name == h.hero else hidden))
        drawing = a.kind in ("discard", "stand_pat")
        if a.street != street:
            street = a.street
            out.append(f"*** {DRAWS[street]}-DRAW ***")
            in_draw = True
        if not drawing and in_draw:
            out.append(f"*** {ROUNDS[street]}-BET ***")
            in_draw = False
        allin = " and is all-in" if a.all_in else ""
        if a.kind == "fold":
            out.append(f"{p} folds")
        elif a.kind == "check":
            out.append(f"{p} checks")
        elif a.kind == "call":
            out.append(f"{p} calls {m(a.amount)}{allin}")
        elif a.kind == "bet":
            out.append(f"{p} bets {m(a.amount)}{allin}")
        elif a.kind == "raise":
            out.append(f"{p} raises {m(a.amount)} to {m(a.to)}{allin}")
        elif p == h.hero and a.kind == "stand_pat":
            out.append(f"{p} stands pat {cards(deal.holdings[p][a.street])}")
        elif p == h.hero and a.discarded:
            plural = "card" if a.count == 1 else "cards"
            out.append(f"{p} discard {a.count} {plural} {cards(a.discarded)}")
        else:
            out.append(f"{p} discard {a.count} {'cards' if a.count > 1 else 'card'}")
    # What each player collects as printed: the uncalled bet inside the bettor's first
    # collection, or collected alone when the bettor won no pot.
    rows = [[c.player, c.amount, c.pot] for c in h.collections]
    if h.uncalled:
        u = h.uncalled[0]
        mine = next((r for r in rows if r[0] == u.player), None)
        if mine is not None:
            mine[1] += u.amount
        else:
            rows.append([u.player, u.amount, "main"])
    multi = any(c.pot != "main" for c in h.collections)
    if h.shows:
        out.append("*** SHOW DOWN ***")
        for s in h.shows:
            out.append(f"{s.player} shows {cards(s.cards)} ({describe(game, s.cards)})")
    for player, value, pot in rows:
        where = ("pot" if not multi else "main pot" if pot == "main"
                 else f"side pot {pot.split()[1]}")
        out.append(f"{player} collected {m(value)} from {where}")
    out.append("*** SUMMARY ***")
    total = sum((r[1] for r in rows), ZERO)
    rake = f" | Rake {m(h.summary.rake)}" if h.summary.rake else ""
    out.append(f"Total pot {m(total)}{rake}")
    won = {c.player: ZERO for c in h.collections}
    for player, value, _ in rows:
        if player in won:
            won[player] += value
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
            text = (f"showed {cards(shows[p].cards)} and {result} with "
                    f"{describe(game, shows[p].cards)}")
        else:
            text = f"won {m(won[p])}"
        out.append(f"Seat {s.seat}: {p}{roles} {text}")
    return "\n".join(out) + "\n"


#: What goes between two hands of a file.
SEPARATOR = "\n\n"
