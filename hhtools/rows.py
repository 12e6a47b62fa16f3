"""Hand records flattened into the store's table rows (see hhtools.store.SCHEMAS).

Nets here are what the history itself implies for each player: chips collected plus bets
returned, minus chips put in. The auditor's own re-evaluation is stored beside it.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import timezone
from decimal import Decimal

from hhtools.cards import format_cards
from hhtools.errors import HHToolsError
from hhtools.games import get_game
from hhtools.records import STREETS, Hand, HandError

ZERO = Decimal(0)


def positions(hand: Hand) -> dict[str, str]:
    """Each dealt-in player's position: ``button``, ``cutoff``, ..., ``small blind``, ``big blind``.

    Counted from the button by seat order among players dealt in; heads-up the button is also
    the small blind and is called ``button``.
    """
    seated = [s for s in sorted(hand.seats, key=lambda s: s.seat) if not s.sitting_out]
    if not seated:
        return {}
    button = hand.button_seat
    # Rotate so the first player after the button comes first; the button ends the list.
    after = [s for s in seated if button is None or s.seat > button]
    ring = after + [s for s in seated if s not in after]
    names = [s.name for s in ring]
    n = len(names)
    if n == 1:
        return {names[0]: "button"}
    if n == 2:
        return {names[-1]: "button", names[0]: "big blind"}
    labels = ["small blind", "big blind"]
    tail = ["button", "cutoff", "hijack", "lojack"]
    middle = n - 2
    late = tail[:max(0, min(len(tail), middle))]
    early = middle - len(late)
    labels += ["utg" if i == 0 else f"utg+{i}" for i in range(early)]
    labels += list(reversed(late))
    return dict(zip(names, labels))


def hand_rows(hand: Hand, audit=None) -> dict[str, list[dict]]:
    """Rows for the hands, players, actions, draws, pots, halves and findings tables.

    ``audit`` is the hand's ``hhtools.auditor.Audit``; without it the verdict, the halves and
    the findings stay empty.
    """
    key = {"site": hand.site, "hand_id": hand.hand_id}
    verdict = audit.verdict if audit is not None else None
    put_in: dict[str, Decimal] = defaultdict(Decimal)
    for a in hand.actions:
        if a.amount:
            put_in[a.player] += a.amount
    returned: dict[str, Decimal] = defaultdict(Decimal)
    for u in hand.uncalled:
        returned[u.player] += u.amount
    if hand.cancelled:
        # A cancelled hand gives every chip back: nobody wins or loses.
        returned = put_in.copy()
    collected: dict[str, Decimal] = defaultdict(Decimal)
    for c in hand.collections:
        collected[c.player] += c.amount
    shown = {s.player: s.cards for s in hand.shows if s.kind == "show" and s.cards}
    where = positions(hand)
    facts = betting_facts(hand, put_in)
    started = hand.started_at.astimezone(timezone.utc) if hand.started_at else None
    hands = [{
        **key, "game": hand.game, "structure": hand.structure, "currency": hand.currency,
        "small_bet": hand.small_bet, "big_bet": hand.big_bet, "small_blind": hand.small_blind,
        "big_blind": hand.big_blind, "ante": hand.ante, "table": hand.table,
        "max_seats": hand.max_seats, "button_seat": hand.button_seat, "started_at": started,
        "tournament_id": hand.tournament.id if hand.tournament else None, "hero": hand.hero,
        "players": sum(1 for s in hand.seats if not s.sitting_out), "cancelled": hand.cancelled,
        "total_pot": hand.summary.total_pot, "rake": hand.summary.rake, "verdict": verdict,
        "path": hand.source.path, "line": hand.source.first_line,
    }]
    players = []
    for s in hand.seats:
        net = collected[s.name] + returned[s.name] - put_in[s.name]
        players.append({
            **key, "player": s.name, "seat": s.seat, "position": where.get(s.name),
            "starting_stack": s.stack, "sitting_out": s.sitting_out, "is_hero": s.name == hand.hero,
            "put_in": put_in[s.name], "collected": collected[s.name], "returned": returned[s.name],
            "net": net, "showed": s.name in shown,
            "cards": format_cards(shown[s.name]) if s.name in shown else None,
            **facts.get(s.name, NO_FACTS),
        })
    actions = [{
        **key, "seq": a.seq, "street": a.street, "player": a.player, "kind": a.kind,
        "amount": a.amount, "to": a.to, "all_in": a.all_in, "count": a.count,
        "discarded": format_cards(a.discarded) if a.discarded is not None else None,
        "new_cards": format_cards(a.new_cards) if a.new_cards is not None else None,
        "line": a.line,
    } for a in hand.actions]
    pots = [{**key, "pot": c.pot, "player": c.player, "amount": c.amount, "line": c.line}
            for c in hand.collections]
    halves = []
    findings = []
    if audit is not None:
        halves = [{**key, "pot": pot.name, "component": half.component, "amount": half.amount,
                   "player": winner, "winners": len(half.winners)}
                  for pot in audit.pots for half in pot.halves for winner in half.winners]
        findings = [{**key, "kind": f.kind, "message": f.message, "line": f.line}
                    for f in audit.findings]
    return {"hands": hands, "players": players, "actions": actions, "pots": pots,
            "draws": draw_rows(hand, shown), "halves": halves, "findings": findings}


#: Per player and hand, what the statistics count (see the README's Statistics section).
NO_FACTS = {"vpip": False, "raised_predraw": False, "three_bet_chance": False, "three_bet": False,
            "fold_street": None, "showdown": False,
            **{f"agg_{s}": 0 for s in STREETS}, **{f"calls_{s}": 0 for s in STREETS}}


def betting_facts(hand: Hand, put_in: dict[str, Decimal]) -> dict[str, dict]:
    """Each player's betting facts, computed once at import so reports only sum them.

    A 3-bet chance is acting before the draw facing exactly one raise; a showdown is ending
    the hand unfolded against at least one other unfolded player.
    """
    facts = {s.name: dict(NO_FACTS) for s in hand.seats}
    raises = 0
    for a in hand.actions:
        f = facts.get(a.player)
        if f is None:
            continue
        if a.street == "predraw" and not a.kind.startswith("post"):
            if raises == 1:
                f["three_bet_chance"] = True
                if a.kind == "raise":
                    f["three_bet"] = True
            if a.kind in ("call", "bet", "raise"):
                f["vpip"] = True
            if a.kind in ("bet", "raise"):
                f["raised_predraw"] = True
        if a.street == "predraw" and a.kind == "raise":
            raises += 1
        if a.kind in ("bet", "raise"):
            f[f"agg_{a.street}"] += 1
        elif a.kind == "call":
            f[f"calls_{a.street}"] += 1
        elif a.kind == "fold" and f["fold_street"] is None:
            f["fold_street"] = a.street
    # Players in the hand: dealt in, or paying a blind while sitting out (tournaments).
    live = [s.name for s in hand.seats
            if (not s.sitting_out or put_in.get(s.name)) and facts[s.name]["fold_street"] is None]
    if len(live) >= 2 and not hand.cancelled:
        for name in live:
            facts[name]["showdown"] = True
    return facts


def draw_rows(hand: Hand, shown: dict[str, tuple]) -> list[dict]:
    """One row per draw taken: how many cards, and the hand before and after where known.

    The hero's hands come from the history's dealt lines; anyone else's final hand is known
    when shown, and it is the hand after that player's last draw.
    """
    try:
        game = get_game(hand.game)
    except HHToolsError:
        return []
    hero_after = {h.street: h.cards for h in hand.hero_cards}
    draws = [a for a in hand.actions if a.kind in ("discard", "stand_pat")]
    last_draw = {a.player: a.seq for a in draws}
    rows = []
    for a in draws:
        before = after = None
        if a.player == hand.hero:
            before = hero_after.get(_previous_street(a.street))
            after = hero_after.get(a.street)
        elif last_draw[a.player] == a.seq:
            after = shown.get(a.player)
        rows.append({
            "site": hand.site, "hand_id": hand.hand_id, "game": hand.game, "player": a.player,
            "street": a.street, "count": a.count or 0,
            "before": format_cards(before) if before else None,
            "after": format_cards(after) if after else None,
            "made_before": _made(game, before), "made_after": _made(game, after), "line": a.line})
    return rows


def _previous_street(street: str) -> str:
    return STREETS[max(0, STREETS.index(street) - 1)]


def _made(game, cards) -> bool | None:
    if not cards or len(cards) != game.hand_size:
        return None
    try:
        return game.made(cards)
    except HHToolsError:
        return None


def error_row(error: HandError) -> dict:
    """A row of the rejected table."""
    return {"path": error.path, "line": error.line, "column": error.column, "site": error.site,
            "hand_id": error.hand_id, "reason": error.reason}
