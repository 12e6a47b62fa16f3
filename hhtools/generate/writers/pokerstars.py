"""PokerStars: Badugi and Triple Draw 2-7 Lowball Limit, No Limit Single Draw 2-7 Lowball and
5 Card Draw (Limit, Pot Limit, No Limit), as ``hhtools/sites/pokerstars.py`` reads.

The single draw games print no draw marker, and 5 Card Draw words its high hands without
"Lo: " (``(a pair of Kings)``, ``(high card Queen)``), as the real files do.

Calls give the chips added, raises the increment and the total; the uncalled bet has its own
line; ``collected`` and the summary's pots are after rake, ``Total pot`` before it; shown hands
carry the site's own words (``(Badugi: 8,4,3,A)``, ``(Lo: a pair of Fives)``).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from hhtools.core.cards import RANKS, Card
from hhtools.core.games import Game, get_game
from hhtools.core.vocabulary import SIGNS, STRUCTURE_NAMES, Street
from hhtools.generate.dealer import Deal
from hhtools.generate.writers import (
    DRAW_ORDINALS,
    DRAW_WORDS,
    PLURAL_OF,
    RANK_OF,
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

GAME_NAMES = {"badugi": "Badugi", "2-7": "Triple Draw 2-7 Lowball",
              "2-7-single-draw": "Single Draw 2-7 Lowball", "5-card-draw": "5 Card Draw"}


def _plural(word: str) -> str:
    """A rank's plural in hhtools' descriptions (``sixes``) as PokerStars prints it."""
    if word not in PLURAL_OF:
        raise ValueError(f"{word!r} is not a rank's plural")
    return word.capitalize()


def _low_end(high: str) -> str:
    """The lowest rank of the straight whose highest ``high`` names: ``six`` -> ``Two``."""
    return RANK_WORDS[RANKS[RANKS.index(RANK_OF[high]) - 4]]


def stars_words(description: str) -> str:
    """hhtools' description of a hand in PokerStars' words (``hhtools.sites.describe`` reads back)."""
    d = description
    if d.startswith("4-card Badugi "):
        return "Badugi: " + d[14:].replace("-", ",")
    if d[0].isdigit() and d[1:7] == "-card ":
        return f"{d[0]}-card: " + d[7:].replace("-", ",")
    if d[0] in RANKS and (len(d) == 1 or d[1] == "-"):
        return "Lo: " + d.replace("-", ",")
    words = d.replace(",", "").split()
    if d.startswith("pair of "):
        return f"Lo: a pair of {_plural(words[2])}"
    if d.startswith("two pair, "):
        return f"Lo: two pair, {_plural(words[2])} and {_plural(words[4])}"
    if d.startswith("three "):
        return f"Lo: three of a kind, {_plural(words[1])}"
    if d.startswith("straight flush, "):
        return (f"Lo: a straight flush, {_low_end(words[2])} to "
                f"{words[2].capitalize()}")
    if d.startswith("straight, "):
        return f"Lo: a straight, {_low_end(words[1])} to {words[1].capitalize()}"
    if d.startswith("flush, "):
        return f"Lo: a flush, {RANK_WORDS[d[7]]} high"
    if d.startswith("full house, "):
        return f"Lo: a full house, {_plural(words[2])} full of {_plural(words[5])}"
    if d.startswith("four "):
        return f"Lo: four of a kind, {_plural(words[1])}"
    raise ValueError(f"no PokerStars wording for {description!r}")


def describe(game: Game, hand_cards: Sequence[Card]) -> str:
    text = description(game, hand_cards)
    if game.components[0].better != "higher":
        return stars_words(text)
    return high_words(text)


def high_words(text: str) -> str:
    """A high hand (5 Card Draw) in PokerStars' words: the lowball wording without "Lo: ",
    no pair as its top card, a wheel from the ace and the royal flush by name."""
    if text in _HIGH_ONLY:
        return _HIGH_ONLY[text]
    if text[0] in RANKS and text[1:2] == "-":
        return f"high card {RANK_WORDS[text[0]]}"
    return stars_words(text).removeprefix("Lo: ")


_HIGH_ONLY = {"straight, five high": "a straight, Ace to Five",
              "straight flush, five high": "a straight flush, Ace to Five",
              "royal flush": "a Royal Flush"}


def _pot_label(name: str, sides: int) -> str:
    if name == "main":
        return "main pot" if sides else "pot"
    n = name.split()[1]
    return "side pot" if sides == 1 else f"side pot-{n}"


def _header(deal: Deal, m: Money) -> str:
    h = deal.hand
    t = h.started_at
    game = f"{GAME_NAMES[h.game]} {STRUCTURE_NAMES[h.structure]}"
    if h.tournament:
        tour = h.tournament
        sign = SIGNS[given(tour.currency, "a tournament's currency")]
        buy_in = given(tour.buy_in, "a tournament's buy-in")
        fee = given(tour.fee, "a tournament's fee")
        return (f"PokerStars Hand #{h.hand_id}: Tournament #{tour.id}, "
                f"{sign}{buy_in:.2f}+{sign}{fee:.2f} {tour.currency} "
                f"{game} - Level {tour.level} "
                f"({m(h.small_bet)}/{m(h.big_bet)}) - {t:%Y/%m/%d} {t.hour}:{t:%M:%S} ET")
    return (f"PokerStars Hand #{h.hand_id}:  {game} "
            f"({m(h.small_bet)}/{m(h.big_bet)} {h.currency}) - "
            f"{t:%Y/%m/%d} {t.hour}:{t:%M:%S} ET")


def write(deal: Deal) -> str:
    h = deal.hand
    game = get_game(h.game)
    # Tournament amounts are chips, written without a currency sign.
    m = signed(h.currency)
    out = [_header(deal, m),
           f"Table '{h.table}' {h.max_seats}-max Seat #{h.button_seat} is the button"]
    for s in h.seats:
        out.append(f"Seat {s.seat}: {s.name} ({m(s.stack)} in chips)"
                   + (" is sitting out" if s.sitting_out else ""))
    sides = max(0, len(h.summary.pots) - 1)
    uncalled = h.uncalled[0] if h.uncalled else None
    last_wager: dict[Street, int] = {}
    for a in h.actions:
        if a.kind in ("call", "bet", "raise", "post_sb", "post_bb", "fold", "check"):
            last_wager[a.street] = a.seq
    uncalled_after = last_wager.get(uncalled.street) if uncalled else None
    reshuffles = set(deal.reshuffles)
    street: Street = "predraw"
    level: dict[Street, Decimal] = {}   # each street's highest total so far
    for a in h.actions:
        if a.street != street:
            street = a.street
            if game.draws > 1:  # the single draw games print no marker
                out.append(f"*** {DRAW_WORDS[street]} DRAW ***")
        if a.seq in reshuffles:
            out.append("The deck is reshuffled")
        allin = " and is all-in" if a.all_in else ""
        p = a.player
        if a.kind == "post_sb":
            out.append(f"{p}: posts small blind {m(chips(a))}{allin}")
        elif a.kind == "post_bb":
            out.append(f"{p}: posts big blind {m(chips(a))}{allin}")
            out.append("*** DEALING HANDS ***")
            if h.hero:
                out.append(f"Dealt to {h.hero} {cards(h.hero_cards[0].cards)}")
        elif a.kind == "post_ante":
            out.append(f"{p}: posts the ante {m(chips(a))}{allin}")
        elif a.kind == "fold":
            out.append(f"{p}: folds")
        elif a.kind == "check":
            out.append(f"{p}: checks")
        elif a.kind == "call":
            out.append(f"{p}: calls {m(chips(a))}{allin}")
        elif a.kind == "bet":
            out.append(f"{p}: bets {m(chips(a))}{allin}")
        elif a.kind == "raise":
            to = total(a)
            out.append(f"{p}: raises {m(to - level.get(a.street, ZERO))} to {m(to)}{allin}")
        elif a.kind == "stand_pat":
            out.append(f"{p}: stands pat")
        elif a.kind == "discard":
            plural = "card" if a.count == 1 else "cards"
            if a.discarded is not None:
                thrown, new = replaced(a)
                out.append(f"{p}: discards {a.count} {plural} {cards(thrown)}")
                kept = [c for c in deal.holdings[p][a.street] if c not in new]
                out.append(f"Dealt to {p} " + (f"{cards(kept)} {cards(new)}" if kept
                                               else cards(new)))
            else:
                out.append(f"{p}: discards {a.count} {plural}")
        if a.to is not None:
            level[a.street] = max(level.get(a.street, ZERO), a.to)
        if uncalled is not None and a.seq == uncalled_after:
            out.append(f"Uncalled bet ({m(uncalled.amount)}) returned to {uncalled.player}")
    showdown = bool(h.shows)
    if showdown:
        out.append("*** SHOW DOWN ***")
        for show in h.shows:
            if show.kind == "show":
                out.append(f"{show.player}: shows {cards(shown(show))} "
                           f"({describe(game, shown(show))})")
            else:
                out.append(f"{show.player}: mucks hand")
    for c in h.collections:
        out.append(f"{c.player} collected {m(c.amount)} from {_pot_label(c.pot, sides)}")
    # Eliminations and the winner, as PokerStars prints them, after the pots are paid.
    out.extend(e.text for e in h.events if e.kind in ("finished", "wins_tournament"))
    out.append("*** SUMMARY ***")
    pots = ""
    if h.summary.pots:
        parts = []
        for pot in h.summary.pots:
            if pot.name == "main":
                parts.append(f"Main pot {m(pot.amount)}.")
            else:
                n = pot.name.split()[1]
                parts.append(f"Side pot{'' if sides == 1 else '-' + n} {m(pot.amount)}.")
        pots = " " + " ".join(parts)
    out.append(f"Total pot {m(given(h.summary.total_pot, 'the total pot'))}{pots} | "
               f"Rake {m(given(h.summary.rake, 'the rake'))}")
    out.extend(_seat_lines(deal, game, m))
    return "\n".join(out) + "\n"


def _seat_lines(deal: Deal, game: Game, m: Money) -> list[str]:
    h = deal.hand
    sb = next(a.player for a in h.actions if a.kind == "post_sb")
    bb = next(a.player for a in h.actions if a.kind == "post_bb")
    folded = {a.player: a.street for a in h.actions if a.kind == "fold"}
    voluntary = {a.player for a in h.actions if a.kind in ("call", "bet", "raise")}
    won: dict[str, Decimal] = {}
    for c in h.collections:
        won[c.player] = won.get(c.player, ZERO) + c.amount
    shows = {s.player: s for s in h.shows}
    # Single Draw 2-7 Lowball's summary says "folded before Flop".
    before = "Flop" if h.game == "2-7-single-draw" else "the Draw"
    out = []
    for s in h.seats:
        p = s.name
        if s.sitting_out:
            out.append(f"Seat {s.seat}: {p} is sitting out")
            continue
        roles = ""
        if s.seat == h.button_seat:
            roles += " (button)"
        if p == sb:
            roles += " (small blind)"
        if p == bb:
            roles += " (big blind)"
        if p in folded:
            st = folded[p]
            if st == "predraw":
                text = (f"folded before {before}" if p in (sb, bb) or p in voluntary
                        else f"folded before {before} (didn't bet)")
            elif game.draws == 1:
                text = "folded after the Draw"
            else:
                text = f"folded after the {DRAW_ORDINALS[st]} Draw"
        elif p in shows and shows[p].kind == "show":
            words = describe(game, shown(shows[p]))
            if game.components[0].name.startswith("badugi"):
                words = "a " + words
            result = f"won ({m(won[p])})" if p in won else "lost"
            text = f"showed {cards(shown(shows[p]))} and {result} with {words}"
        elif p in shows:
            text = f"mucked {cards(shown(shows[p]))}"
        else:
            text = f"collected ({m(won.get(p, ZERO))})"
        out.append(f"Seat {s.seat}: {p}{roles} {text}")
    return out


#: What goes between two hands of a file.
SEPARATOR = "\n\n\n"
WRITER = SiteWriter(write, SEPARATOR)
