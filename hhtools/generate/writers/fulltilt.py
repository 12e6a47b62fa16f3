"""Full Tilt Poker: Limit Badugi, 2-7 and A-5 Triple Draw, No Limit 2-7 Single Draw (antes in
the header and ``antes`` lines) and 5 Card Draw Limit and No Limit, as
``hhtools/sites/fulltilt.py`` reads.

Calls and bets give the chips added, raises the total for the round; the uncalled bet has its
own line; winners are paid after rake and without the uncalled bet, ``Total pot`` includes the
rake. The button line comes after the blinds; heads-up the small blind is the button and no
``(button)`` tag is printed. Every discard of a draw is listed, then every deal. Descriptions
have no parentheses (``a Badugi: Q, 4, 3, 2``, ``J,7,5,3,2``, ``a pair of Sevens``). Files are
UTF-16 with a BOM, single-spaced as the multi-hand files are, hands three empty lines apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from hhtools.core.cards import RANKS, Card
from hhtools.core.games import Game, get_game
from hhtools.core.records import Show
from hhtools.core.vocabulary import STRUCTURE_NAMES
from hhtools.generate.dealer import Deal
from hhtools.generate.writers import (
    DRAW_ORDINALS,
    DRAW_WORDS,
    RANK_WORDS,
    ZERO,
    Money,
    SiteWriter,
    cards,
    chips,
    description,
    given,
    replaced,
    shown,
    signed,
    total,
)
from hhtools.sites.fulltilt import TABLES

#: Full Tilt names its games by hhtools' titles (``2-7 Triple Draw``), but for 5 Card Draw.
GAME_NAMES = {**{game: get_game(game).title for game in TABLES.games},
              "5-card-draw": "5 Card Draw"}


def tilt_words(description: str) -> str:
    """hhtools' description in Full Tilt's words (``hhtools.sites.describe`` style ``fulltilt``)."""
    d = description
    if d.startswith("4-card Badugi "):
        return "a Badugi: " + ", ".join(d[14:].split("-"))
    if d[0].isdigit() and d[1:7] == "-card ":
        return f"a {d[0]}-Card: " + ", ".join(d[7:].split("-"))
    if d[0] in RANKS and (len(d) == 1 or d[1] == "-"):
        return d.replace("-", ",")
    words = d.replace(",", "").split()
    cap = [w.capitalize() for w in words]
    if d.startswith("pair of "):
        return f"a pair of {cap[2]}"
    if d.startswith("two pair, "):
        return f"two pair, {cap[2]} and {cap[4]}"
    if d.startswith("three "):
        return f"three of a kind, {cap[1]}"
    if d.startswith("straight flush, "):
        return f"a straight flush, {cap[2]} high"
    if d.startswith("straight, "):
        return f"a straight, {cap[1]} high"
    if d.startswith("flush, "):
        return f"a flush, {RANK_WORDS[d[7]]} high"
    if d.startswith("full house, "):
        return f"a full house, {cap[2]} full of {cap[5]}"
    if d.startswith("four "):
        return f"four of a kind, {cap[1]}"
    if d == "royal flush":
        return "a Royal Flush"
    raise ValueError(f"no Full Tilt wording for {description!r}")


def describe(game: Game, hand_cards: Sequence[Card]) -> str:
    return tilt_words(description(game, hand_cards))


def _pot_name(name: str, sides: int) -> str:
    if name == "main":
        return "main pot" if sides else "pot"
    n = name.split()[1]
    return "side pot" if sides == 1 else f"side pot {n}"


def write(deal: Deal) -> str:
    h = deal.hand
    game = get_game(h.game)
    money = signed(h.currency, commas=True)
    t = h.started_at
    ante = f" Ante {money(h.ante)}" if h.ante else ""
    out = [f"Full Tilt Poker Game #{h.hand_id}: Table {h.table} ({h.max_seats} max) - "
           f"{money(h.small_bet)}/{money(h.big_bet)}{ante} - "
           f"{STRUCTURE_NAMES[h.structure]} {GAME_NAMES[h.game]} - "
           f"{t.hour}:{t:%M:%S} ET - {t:%Y/%m/%d}"]
    for s in h.seats:
        out.append(f"Seat {s.seat}: {s.name} ({money(s.stack)})"
                   + (", is sitting out" if s.sitting_out else ""))
    uncalled = h.uncalled[0] if h.uncalled else None
    last_wager = None
    if uncalled:
        last_wager = max(a.seq for a in h.actions
                         if a.kind in ("call", "bet", "raise", "post_sb", "post_bb", "fold",
                                       "check") and a.street == uncalled.street)
    pot = ZERO
    street = "predraw"
    deals: list[str] = []   # a draw's deal lines, printed after its last discard

    def flush_deals() -> None:
        out.extend(deals)
        deals.clear()

    for a in h.actions:
        if a.street != street:
            flush_deals()
            street = a.street
            marker = DRAW_WORDS[street] + " DRAW" if game.draws > 1 else "DRAW"
            out.append(f"*** {marker} *** (Pot: {money(pot)})")
        p = a.player
        allin = ", and is all in" if a.all_in else ""
        if a.kind not in ("discard", "stand_pat"):
            flush_deals()
        if a.kind == "post_ante":
            out.append(f"{p} antes {money(chips(a))}{allin}")
        elif a.kind == "post_sb":
            out.append(f"{p} posts the small blind of {money(chips(a))}")
        elif a.kind == "post_bb":
            out.append(f"{p} posts the big blind of {money(chips(a))}")
            out.append(f"The button is in seat #{h.button_seat}")
            out.append("*** HOLE CARDS ***")
            if h.hero:
                out.append(f"Dealt to {h.hero} {cards(h.hero_cards[0].cards)}")
        elif a.kind == "fold":
            out.append(f"{p} folds")
        elif a.kind == "check":
            out.append(f"{p} checks")
        elif a.kind == "call":
            out.append(f"{p} calls {money(chips(a))}{allin}")
        elif a.kind == "bet":
            out.append(f"{p} bets {money(chips(a))}{allin}")
        elif a.kind == "raise":
            out.append(f"{p} raises to {money(total(a))}{allin}")
        elif a.kind == "stand_pat":
            out.append(f"{p} stands pat")
        elif a.kind == "discard":
            plural = "card" if a.count == 1 else "cards"
            if a.discarded is not None:
                thrown, new = replaced(a)
                out.append(f"{p} discards {a.count} {plural} {cards(thrown)}")
                kept = [c for c in deal.holdings[p][a.street] if c not in new]
                deals.append(f"Dealt to {p} " + (f"{cards(kept)} {cards(new)}"
                                                 if kept else cards(new)))
            else:
                out.append(f"{p} discards {a.count} {plural}")
                deals.append(f"{p} is dealt {a.count} {plural}")
        pot += a.amount or ZERO
        if uncalled is not None and a.seq == last_wager:
            out.append(f"Uncalled bet of {money(uncalled.amount)} returned to {uncalled.player}")
            pot -= uncalled.amount  # the draw's "(Pot: ...)" is without it
    flush_deals()
    sides = max(0, len(h.summary.pots) - 1)
    won: dict[str, Decimal] = {}
    for c in h.collections:
        won[c.player] = won.get(c.player, ZERO) + c.amount
    shows = {s.player: s for s in h.shows}
    if h.shows:
        out.append("*** SHOW DOWN ***")
        for show in h.shows:
            if show.kind == "show":
                out.append(f"{show.player} shows {cards(shown(show))} "
                           f"{describe(game, shown(show))}")
            else:
                out.append(f"{show.player} mucks")
    else:
        # The uncontested winner mucks and is paid without a showdown.
        for p in dict.fromkeys(c.player for c in h.collections):
            out.append(f"{p} mucks")
    per_pot: dict[str, int] = {}
    for c in h.collections:
        per_pot[c.pot] = per_pot.get(c.pot, 0) + 1
    for c in h.collections:
        verb = "ties for" if per_pot[c.pot] > 1 else "wins"
        with_ = (f" with {describe(game, shown(shows[c.player]))}"
                 if c.player in shows and shows[c.player].kind == "show" else "")
        out.append(f"{c.player} {verb} the {_pot_name(c.pot, sides)} ({money(c.amount)})"
                   f"{with_}")
    out.append("*** SUMMARY ***")
    pots = ""
    if h.summary.pots:
        parts = []
        for layer in h.summary.pots:
            label = ("Main pot" if layer.name == "main"
                     else _pot_name(layer.name, sides).capitalize())
            parts.append(f"{label} {money(layer.amount)}.")
        pots = " " + " ".join(parts)
    out.append(f"Total pot {money(given(h.summary.total_pot, 'the total pot'))}{pots} | "
               f"Rake {money(given(h.summary.rake, 'the rake'))}")
    out.extend(_seat_lines(deal, game, won, shows, money))
    return "\n".join(out) + "\n"


def _seat_lines(deal: Deal, game: Game, won: dict[str, Decimal], shows: dict[str, Show],
                money: Money) -> list[str]:
    h = deal.hand
    sb = next(a.player for a in h.actions if a.kind == "post_sb")
    bb = next(a.player for a in h.actions if a.kind == "post_bb")
    folded = {a.player: a.street for a in h.actions if a.kind == "fold"}
    voluntary = {a.player for a in h.actions if a.kind in ("call", "bet", "raise")}
    heads_up = len(given(h.dealt_to, "the players dealt in")) == 2
    out = []
    for s in h.seats:
        p = s.name
        if s.sitting_out:
            out.append(f"Seat {s.seat}: {p} is sitting out")
            continue
        roles = ""
        if s.seat == h.button_seat and not heads_up:
            roles += " (button)"
        if p == sb:
            roles += " (small blind)"
        if p == bb:
            roles += " (big blind)"
        if p in folded:
            st = folded[p]
            if st == "predraw":
                text = ("folded before the Draw" if p in (sb, bb) or p in voluntary
                        else "folded before the Draw (didn't bet)")
            elif game.draws == 1:
                text = "folded after the Draw"
            else:
                text = f"folded after the {DRAW_ORDINALS[st]} Draw"
        elif p in shows and shows[p].kind == "show":
            words = describe(game, shown(shows[p]))
            result = f"won ({money(won[p])})" if p in won else "lost"
            text = f"showed {cards(shown(shows[p]))} and {result} with {words}"
        elif p in shows:
            text = f"mucked {cards(shown(shows[p]))} - {describe(game, shown(shows[p]))}"
        else:
            text = f"collected ({money(won.get(p, ZERO))}), mucked"
        out.append(f"Seat {s.seat}: {p}{roles} {text}")
    return out


#: Hands are three empty lines apart.
SEPARATOR = "\n\n\n"
WRITER = SiteWriter(write, SEPARATOR)
