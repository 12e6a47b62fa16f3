"""Writing PHH: any parsed hand as PHH text (``to_phh``), in the notation hhtools.reading.phh
describes; hhtools.reading.phh.read reads it back.

>>> print(toml_value([1, Decimal("0.50"), "it's", True]))
[1, 0.50, "it's", true]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import time as dtime
from datetime import timezone
from decimal import Decimal

from hhtools.core.cards import Card
from hhtools.core.games import GAMES
from hhtools.core.pots import ZERO
from hhtools.core.records import Hand, Seat, chip_totals
from hhtools.errors import PHHError
from hhtools.reading.phh.codes import variant_code


def player_order(hand: Hand) -> list[Seat]:
    """Seats dealt in, from the first after the button round to the button (PHH's order)."""
    dealt = set(hand.dealt_to) if hand.dealt_to else None
    acting = {a.player for a in hand.actions}
    seats = [s for s in sorted(hand.seats, key=lambda s: s.seat)
             if (not s.sitting_out and (dealt is None or s.name in dealt)) or s.name in acting]
    button = hand.button_seat if hand.button_seat is not None else -1
    return [s for s in seats if s.seat > button] + [s for s in seats if s.seat <= button]


def to_phh(hand: Hand) -> str:
    """The hand as PHH text, with every optional field the history supports.

    A partial hand (Full Tilt saved only its summary) has no starting stacks and no
    actions, the two things every PHH hand needs: it raises PHHError.
    """
    if hand.partial:
        raise PHHError("only the summary of this hand was saved (partial history): no "
                       "starting stacks or actions for PHH")
    if any(s.run is not None for s in hand.shows):
        raise PHHError("run it twice: PHH deals each draw once and has no field for a "
                       "second run; written as one run, its nets would not be the site's")
    order = player_order(hand)
    index = {s.name: i for i, s in enumerate(order)}
    n = len(order)
    label = {s.name: f"p{i + 1}" for i, s in enumerate(order)}
    antes = [ZERO] * n
    blinds = [ZERO] * n
    # The dead part of each player's antes: PHH has no dead blind, and its antes are layered
    # like bets (as pokerkit and the sites layer them), so ``_dead`` keeps them apart.
    dead = [ZERO] * n
    posted = _extra_posts(hand)
    for a in hand.actions:
        amount = a.amount if a.amount is not None else ZERO  # a post always has one
        if a.kind == "post_ante":
            antes[index[a.player]] += amount
        elif a.kind.startswith("post_"):
            # A dead part (KingsClub's unprinted dead small blind, a dead blind posted with a
            # live one) goes to the pot without counting as a bet: in PHH that is an ante.
            live = a.to if a.to is not None else amount
            # A live blind posted out of position (a newcomer's, a returning player's) is a
            # negative value: PHH's "post bet", which counts as the player's bet but, unlike
            # a blind, does not decide who acts first.
            blinds[index[a.player]] += -live if a.seq in posted else live
            if amount != live:
                antes[index[a.player]] += amount - live
                dead[index[a.player]] += amount - live
    if n == 2:
        # Heads-up the button posts the small blind; PHH lists it first all the same.
        blinds.reverse()
        antes.reverse()
        dead.reverse()
    fields: dict[str, object] = {"variant": variant_code(hand), "antes": antes,
                                 "blinds_or_straddles": blinds}
    if hand.structure == "fixed-limit":
        fields["small_bet"], fields["big_bet"] = hand.small_bet, hand.big_bet
    else:
        fields["min_bet"] = hand.big_blind or hand.big_bet
    fields["starting_stacks"] = [s.stack for s in order]
    fields["actions"] = _actions(hand, order, label)
    # Optional fields (PHH's names), as far as the history gives them.
    fields["venue"] = hand.site
    fields["hand"] = hand.hand_id
    if hand.table:
        fields["table"] = hand.table
    fields["seats"] = [s.seat for s in order]
    if hand.max_seats:
        fields["seat_count"] = hand.max_seats
    fields["players"] = [s.name for s in order]
    start = hand.started_at
    zone = getattr(start.tzinfo, "key", None)
    if zone is None:
        start, zone = start.astimezone(timezone.utc), "UTC"
    fields.update(time=start.time().replace(tzinfo=None), time_zone=zone, day=start.day,
                  month=start.month, year=start.year)
    if hand.tournament is not None:
        fields["event"] = f"Tournament {hand.tournament.id}"
        if hand.tournament.level and hand.tournament.level.isdigit():
            fields["level"] = int(hand.tournament.level)
    if hand.currency and hand.currency != "chips":
        fields["currency"] = hand.currency
    put, won, back = chip_totals(hand)
    fields["winnings"] = [won.get(s.name, ZERO) for s in order]
    fields["finishing_stacks"] = [s.stack - put.get(s.name, ZERO) + won.get(s.name, ZERO)
                                  + back.get(s.name, ZERO) for s in order]
    # What PHH has no field for, prefixed with "_" as the format asks of user fields.
    fields["_site"] = hand.site
    if hand.summary.rake:
        fields["_rake"] = hand.summary.rake
    if any(c.pot != "main" for c in hand.collections):
        # PHH's winnings sum a player's pots; the audit checks them pot by pot.
        fields["_collected"] = [[f"p{order.index(next(s for s in order if s.name == c.player)) + 1}",
                                 c.pot, c.amount] for c in hand.collections]
    if hand.summary.pots:
        fields["_pots"] = [[p.name, p.amount] for p in hand.summary.pots]
    if any(dead):
        fields["_dead"] = dead
    if hand.cancelled:
        fields["_cancelled"] = True
    return "".join(f"{key} = {_value(key, value)}\n" for key, value in fields.items())


def _extra_posts(hand: Hand) -> set[int]:
    """The ``seq`` of live blinds posted besides the small and big blind: every live post
    after the first big blind (sites print the blinds in place first), and any small blind
    but the first."""
    extra: set[int] = set()
    seen: set[str] = set()
    for a in hand.actions:
        if not a.kind.startswith("post_") or a.kind == "post_ante" or not (a.to or a.amount):
            continue
        if a.to is not None and not a.to:
            continue  # all dead (a dead small blind): written as an ante, no blind at all
        kind = "post_sb" if a.kind == "post_sb" else "post_bb"
        if kind in seen or "post_bb" in seen:
            extra.add(a.seq)
        seen.add(kind)
    return extra


def _value(key: str, value: object) -> str:
    if key == "actions" and isinstance(value, list):
        # One action per line, so an error in a read-back names the action's own line.
        return "[\n" + "".join(f"  {toml_value(a)},\n" for a in value) + "]"
    return toml_value(value)


def toml_value(value: object) -> str:
    """A value as TOML: strings, integers, Decimals (exact, as TOML floats), booleans, local
    times and arrays of these; nothing else is needed for PHH."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        text = format(value, "f")
        # TOML floats need digits on both sides of the point; integers have none.
        return text if "." not in text or not text.endswith(".") else text + "0"
    if isinstance(value, str):
        escaped = (value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
                   .replace("\t", "\\t"))
        escaped = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\u{ord(m.group()):04x}", escaped)
        return f'"{escaped}"'
    if isinstance(value, dtime):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _cards(cards: Iterable[Card] | None, count: int | None) -> str:
    return "".join(map(str, cards)) if cards is not None else "??" * (count or 0)


def _actions(hand: Hand, order: list[Seat], label: dict[str, str]) -> list[str]:
    size = GAMES[hand.game].hand_size
    hero = {h.street: h.cards for h in hand.hero_cards}
    # PHH discards only cards it has dealt to the player: when one of the hero's draws is not
    # known card for card (the corrupt hero lines of PokerStars' duplicate.holecards file),
    # the hero's hand is written unknown from the deal on, like every opponent's.
    known = all(a.discarded is not None and a.new_cards is not None for a in hand.actions
                if a.player == hand.hero and a.kind == "discard")
    if not known:
        hero = {}
    out = [f"d dh {label[s.name]} {_cards(hero.get('predraw') if s.name == hand.hero else None, size)}"
           for s in order]
    pending: list[str] = []  # the deals that follow a round of draws
    street = "predraw"
    for a in hand.actions:
        p = label.get(a.player)
        if p is None or a.kind.startswith("post_"):
            continue
        if a.street != street:
            # Cards are dealt once the whole round has drawn, before anything else happens;
            # rounds of draws follow each other directly when everyone left is all in.
            out.extend(pending)
            pending, street = [], a.street
        if a.kind in ("discard", "stand_pat"):
            if a.kind == "stand_pat":
                out.append(f"{p} sd")
                continue
            discarded, new_cards = (a.discarded, a.new_cards) if known else (None, None)
            out.append(f"{p} sd {_cards(discarded, a.count)}")
            pending.append(f"d dh {p} {_cards(new_cards, a.count)}")
            continue
        out.extend(pending)
        pending = []
        if a.kind == "fold":
            out.append(f"{p} f")
        elif a.kind in ("check", "call"):
            out.append(f"{p} cc")
        elif a.to is not None:
            out.append(f"{p} cbr {toml_number(a.to)}")
        else:
            raise PHHError(f"{a.kind} of {a.player} gives no amount to bet or raise to")
    out.extend(pending)
    folded = {a.player for a in hand.actions if a.kind == "fold"}
    if len([s for s in order if s.name not in folded]) < 2:
        # No showdown: the last player wins without one, whatever the site says of mucking.
        return out
    for s in sorted(hand.shows, key=lambda s: s.line):
        p = label.get(s.player)
        if p is None or s.kind == "no_show":
            continue
        if s.kind == "show" and s.cards:
            out.append(f"{p} sm {_cards(s.cards, size)}")
        else:
            out.append(f"{p} sm")
    return out


def toml_number(value: Decimal) -> str:
    """An amount as written in actions: exact, no exponent."""
    return format(value, "f")
