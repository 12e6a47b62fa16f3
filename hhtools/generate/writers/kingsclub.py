"""KingsClub: Limit Badugi, Badeucey, Badacey, 2-7 and A-5 Triple Draw, Limit A-5 Single Draw
and No Limit 2-7 Single Draw, as ``hhtools/sites/kingsclub.py`` reads.

A-5 Single Draw hands print no marker at all, as the real files; in No Limit 2-7 Single Draw
the shows after an all-in before the draw come before the empty betting-round marker.

Calls, bets and raises give the player's total for the betting round; every dealt player has a
``Dealt to`` line (hidden cards as ``X``); no show-down marker; the summary gives each seat's
final stack and signed net, then the rake and the wins, after rake and without the bet nobody
called (no line returns it: the nets do).
"""

from __future__ import annotations

from decimal import Decimal

from hhtools.core.games import get_game
from hhtools.core.vocabulary import STREETS, STRUCTURE_NAMES, Street
from hhtools.core.words import ordinal
from hhtools.generate.dealer import Deal
from hhtools.generate.writers import (
    ZERO,
    SiteWriter,
    cards,
    chips,
    given,
    number,
    replaced,
    shown,
    total,
)
from hhtools.sites.kingsclub import TABLES

#: KingsClub names its games by hhtools' titles (``A-5 Single Draw``), but spells Badeucey.
GAME_NAMES = {**{game: get_game(game).title for game in TABLES.games}, "badeucy": "Badeucey"}
#: The games whose hands print no street marker.
UNMARKED = ("a-5-single-draw",)
#: Each street's "*** 2ND DRAW ***" and the betting round after it, "*** 3RD BETTING ROUND ***".
ORDINAL: dict[Street, str] = {s: ordinal(i).upper() for i, s in enumerate(STREETS[1:], 1)}
ROUND: dict[Street, str] = {s: ordinal(i).upper() for i, s in enumerate(STREETS[1:], 2)}


def money(value: Decimal) -> str:
    return number(value, commas=True)


def write(deal: Deal) -> str:
    h = deal.hand
    out = [f"#{h.hand_id}: {STRUCTURE_NAMES[h.structure]} {GAME_NAMES[h.game]} - "
           f"{money(h.small_bet)}/{money(h.big_bet)}",
           f"{h.started_at:%Y-%m-%d %H:%M:%S}",
           f"Table '{h.table}' Seat {h.button_seat} is the button"]
    for s in h.seats:
        out.append(f"Seat {s.seat}: {s.name} ({money(s.stack)})"
                   + (" is sitting out" if s.sitting_out else ""))
    out.append("*** 1ST BETTING ROUND ***")
    street: Street = "predraw"
    size = 4 if h.game == "badugi" else 5
    dealt_in = set(given(h.dealt_to, "the players dealt in"))
    dealt = [s.name for s in h.seats if s.name in dealt_in]
    # Each draw is followed by its betting-round marker, even when nobody can bet.
    round_open = True
    for a in h.actions:
        if a.street != street:
            if not round_open:
                out.append(f"*** {ROUND[street]} BETTING ROUND ***")
            street = a.street
            round_open = False
            out.append(f"*** {ORDINAL[street]} DRAW ***")
        p = a.player
        allin = ", and is all in" if a.all_in else ""
        if a.kind in ("fold", "check", "call", "bet", "raise") and not round_open:
            out.append(f"*** {ROUND[street]} BETTING ROUND ***")
            round_open = True
        if a.kind == "post_ante":
            out.append(f"{p}: posts ante {money(chips(a))}{allin}")
        elif a.kind == "post_sb":
            out.append(f"{p}: posts the small blind {money(chips(a))}{allin}")
        elif a.kind == "post_bb":
            out.append(f"{p}: posts the big blind {money(chips(a))}{allin}")
            for name in dealt:
                listed = h.hero_cards[0].cards if name == h.hero else ("X",) * size
                out.append(f"Dealt to {name}: " + cards(listed))
        elif a.kind == "fold":
            out.append(f"{p} folds")
        elif a.kind == "check":
            out.append(f"{p} checks")
        elif a.kind in ("call", "bet"):
            out.append(f"{p} {a.kind}s {money(total(a))}{allin}")
        elif a.kind == "raise":
            out.append(f"{p} raises to {money(total(a))}{allin}")
        elif a.kind == "stand_pat":
            out.append(f"{p} stands pat")
        elif a.kind == "discard":
            if a.discarded is not None:
                thrown, new = replaced(a)
                out.append(f"{p} discards {cards(thrown)} draws {cards(new)}")
            else:
                out.append(f"{p} draws {a.count}")
    closing = [] if round_open else [f"*** {ROUND[street]} BETTING ROUND ***"]
    if get_game(h.game).draws > 1:
        out.extend(closing)
        closing = []
    for show in h.shows:
        out.append(f"{show.player} shows {cards(shown(show))}" if show.kind == "show"
                   else f"{show.player} mucks")
    out.extend(closing)
    if h.game in UNMARKED:
        out = [line for line in out if not line.startswith("*** ")]
    out.append("*** SUMMARY ***")
    for s in h.seats:
        net = deal.nets.get(s.name, ZERO)
        sign = "+" if net > 0 else ("-" if net < 0 else "")
        out.append(f"Seat {s.seat}: {s.name} ({money(s.stack + net)}) {sign}{money(abs(net))}")
    if h.summary.rake:
        out.append(f"Rake {money(h.summary.rake)}")
    pots = {c.pot for c in h.collections}
    per_pot: dict[str, int] = {}
    for c in h.collections:
        per_pot[c.pot] = per_pot.get(c.pot, 0) + 1
    for c in h.collections:
        if len(pots) > 1 or h.summary.pots:
            where = "main pot" if c.pot == "main" else f"side pot {c.pot.split()[1]}"
            out.append(f"{c.player} wins ({money(c.amount)}) from {where}")
        elif per_pot[c.pot] > 1 or h.game in ("badeucy", "badacey"):
            out.append(f"{c.player} wins ({money(c.amount)}) from pot")
        else:
            out.append(f"{c.player} wins pot ({money(c.amount)})")
    return "\n".join(out) + "\n"


#: What goes between two hands of a file.
SEPARATOR = "\n\n"
WRITER = SiteWriter(write, SEPARATOR)
