"""Hand records flattened into the store's table rows (see hhtools.store.tables.SCHEMAS).

Nets here are what the history itself implies for each player: chips collected plus bets
returned, minus chips put in. The auditor's own re-evaluation is stored beside it.

Rows are tuples in the column order of ``SCHEMAS`` (a hand's key written once per hand, not
per row); hhtools.store.frames makes them into tables, column by column. This module runs per
hand (some four hundred values a hand), so it is compiled with mypyc, and it imports no
polars: the compiled build type-checks it without polars installed.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final

from hhtools.core.cards import Card, format_cards
from hhtools.core.games import Game, get_game
from hhtools.core.records import STREETS, Action, Collection, Hand, HandError, Seat, chip_totals
from hhtools.errors import HHToolsError
from hhtools.store.tournament_rows import add_tournament

if TYPE_CHECKING:
    from hhtools.auditing.results import Audit

# The constants read per hand are Final: mypyc reads those as C statics, and any other
# module-level name by a lookup in the module's dict (some 200 a hand, a fifth of
# ``add_hand``; bench/README.md, p25-pipe).
ZERO: Final = Decimal(0)
#: Tables whose rows are the hand's records (Action, Collection), and the columns read from
#: each record (``record_columns``), in the table's schema order after the hand's key.
RECORD_COLUMNS: dict[str, tuple[str, ...]] = {
    "actions": ("seq", "street", "player", "kind", "amount", "to", "all_in", "count",
                "discarded", "new_cards", "line"),
    "pots": ("pot", "player", "amount", "line"),
}


class Table:
    """One table's rows as tuples in schema order; for keyed tables the rows leave out the
    hand's key, recorded once per hand with its number of rows.

    A table whose rows are records (``records``) has its columns read from them by
    ``record_columns``: the actions and pots tables are the hand's own records, with no tuple
    made per row.
    """

    def __init__(self, records: bool = False) -> None:
        # Tuples in schema order, or the records themselves (Action, Collection).
        self.rows: list[Any] = []
        self.keys: list[tuple[str, str, int]] = []
        self.records = records

    def add(self, site: str, hand_id: str, rows: Sequence[Any]) -> None:
        if rows:
            self.rows += rows
            self.keys.append((site, hand_id, len(rows)))

    def __len__(self) -> int:
        return len(self.rows)


Rows = dict[str, Table]


def dealt_seats(hand: Hand) -> list[Seat]:
    """The seats dealt in, in the history's order: those not marked sitting out, and any
    marked so that acts (a tournament deals it in, posts its blinds and folds for it), as the
    replay has it."""
    seats = hand.seats
    dealt = [s for s in seats if not s.sitting_out]
    if len(dealt) < len(seats):
        acted = {a.player for a in hand.actions}
        dealt = [s for s in seats if not s.sitting_out or s.name in acted]
    return dealt


def positions(hand: Hand, dealt: Sequence[Seat] | None = None) -> dict[str, str]:
    """Each dealt-in player's position: ``button``, ``cutoff``, ..., ``small blind``, ``big blind``.

    The blinds are those the site's summary calls so, else the players who posted them; the
    others are counted from the big blind to the button, in seat order among players dealt
    in (``dealt``, ``dealt_seats`` of the hand if not given), from ``utg`` to ``button``. A
    hand whose blinds are not known is counted from the button alone. Heads-up the button is
    also the small blind and is called ``button``.
    """
    if dealt is None:
        dealt = dealt_seats(hand)
    if not dealt:
        return {}
    # Sites list the seats in order: sorted only when they are not (by number, then name).
    names = [s.name for s in dealt]
    seats = [s.seat for s in dealt]
    for i in range(1, len(seats)):
        if seats[i] <= seats[i - 1]:
            seated = sorted([(s.seat, s.name) for s in dealt])
            names = [name for _, name in seated]
            seats = [seat for seat, _ in seated]
            break
    button = hand.button_seat
    if button is not None:
        # Rotate so the first player after the button comes first; the button ends the list.
        after = 0
        for seat in seats:
            if seat > button:
                break
            after += 1
        if after:
            names = names[after:] + names[:after]
    n = len(names)
    small, big = _blinds(hand, set(names))
    if big is None or n < 3:
        # (Counted from the button alone: most hands know their big blind and never come here.)
        by_seat = dict(zip(names, _labels_of(n)))
        if n == 2 and big is not None and by_seat.get(big) != "big blind":
            return {name: "big blind" if name == big else "button" for name in names}
        return by_seat
    # From the big blind on, the players act utg ... button; those between the button and the
    # big blind who posted no blind act where the small blind would.
    at = names.index(big)
    chain = [p for p in names[at + 1:] if p != small]
    rest = [p for p in names[:at] if p != small]
    out = {big: "big blind"}
    if small is not None:
        out[small] = "small blind"
    elif rest:
        out[rest.pop()] = "small blind"
    chain += rest
    out.update(zip(chain, _labels_of(len(chain) + 2)[2:]))
    return out


def _blinds(hand: Hand, dealt: set[str]) -> tuple[str | None, str | None]:
    """(small blind, big blind): as the site's summary names them, else the first players to
    post them (a newcomer's live big blind is posted after the blinds)."""
    small: str | None = None
    big: str | None = None
    for r in hand.summary.seats:
        # (Most summary lines name no position: those cost no lookup of their player.)
        held = r.positions
        if held and r.player in dealt:
            if small is None and "small blind" in held:
                small = r.player
            if big is None and "big blind" in held:
                big = r.player
    if small is None or big is None:
        for a in hand.actions:
            if a.kind == "post_bb" and big is None and a.player in dealt and a.player != small:
                big = a.player
            elif a.kind == "post_sb" and small is None and a.player in dealt and a.player != big:
                small = a.player
    return small, big


def _labels(n: int) -> tuple[str, ...]:
    """Position names for ``n`` players dealt in, from the first seat after the button."""
    if n == 1:
        return ("button",)
    if n == 2:
        return ("big blind", "button")
    tail = ["button", "cutoff", "hijack", "lojack"]
    middle = n - 2
    late = tail[:max(0, min(len(tail), middle))]
    early = middle - len(late)
    return tuple(["small blind", "big blind"]
                 + ["utg" if i == 0 else f"utg+{i}" for i in range(early)]
                 + list(reversed(late)))


#: _labels of every table size up to ten, made once.
_LABELS: Final = [()] + [_labels(n) for n in range(1, 11)]


def _labels_of(n: int) -> tuple[str, ...]:
    return _LABELS[n] if n < len(_LABELS) else _labels(n)


#: Every position name, from the button round to the big blind (what ``--position`` accepts).
POSITIONS = ("button", "cutoff", "hijack", "lojack", "utg+3", "utg+2", "utg+1", "utg",
             "small blind", "big blind")
#: The positions in the order they act before the draw, as a table is read round from the
#: first seat after the big blind: what every by-position table and chart follows.
TABLE_ORDER = ("utg", "utg+1", "utg+2", "utg+3", "lojack", "hijack", "cutoff", "button",
               "small blind", "big blind")

#: Betting facts per player and hand, in the players table's column order after ``cards``
#: (see the README's Statistics section).
FACT_COLUMNS = ("vpip", "raised_predraw", "three_bet_chance", "three_bet", "fold_street",
                "showdown", *(f"agg_{s}" for s in STREETS), *(f"calls_{s}" for s in STREETS))
_VPIP: Final = 0
_RAISED: Final = 1
_CHANCE: Final = 2
_THREE_BET: Final = 3
_FOLD: Final = 4
_SHOWDOWN: Final = 5
_AGG: Final = {s: 6 + i for i, s in enumerate(STREETS)}
_CALLS: Final = {s: 6 + len(STREETS) + i for i, s in enumerate(STREETS)}
# The actions that make betting facts; blinds, antes and draws make none (blinds are not
# voluntary). Each kind maps to itself, so the loop compares by identity.
_K_BET: Final = "bet"
_K_RAISE: Final = "raise"
_K_CALL: Final = "call"
_K_CHECK: Final = "check"
_K_FOLD: Final = "fold"
_ROLES: Final = {kind: kind for kind in (_K_BET, _K_RAISE, _K_CALL, _K_CHECK, _K_FOLD)}
NO_FACTS: Final = (False, False, False, False, None, False) + (0,) * (2 * len(STREETS))


def add_hand(rows: Rows, hand: Hand, audit: Audit | None = None, path: str | None = None) -> None:
    """Append one hand's rows for the hands, players, actions, draws, pots, halves and
    findings tables to ``rows`` (``new_rows()``; ``frames`` makes them DataFrames).

    ``audit`` is the hand's ``hhtools.auditing.results.Audit``; without it the verdict, the
    halves and the findings stay empty. ``path`` overrides the file recorded for the hand.

    A player's row is what ``records.chip_totals``, ``positions``, ``shown_cards`` and
    ``betting_facts`` say of the player's name (two seats of one name, which no site writes,
    share them); the draws are ``draw_rows``.
    """
    site, hand_id = hand.site, hand.hand_id
    hero = hand.hero
    # The chips each player put in, collected and got back, as the audit's settlement read
    # them from the same records (a cancelled hand gives every chip back: chip_totals says so).
    if audit is not None and audit.paid is not None and not hand.cancelled:
        put_in = audit.paid
        collected = audit.collected if audit.collected is not None else {}
        returned = audit.returned if audit.returned is not None else {}
    else:
        put_in, collected, returned = chip_totals(hand)
    facts = betting_facts(hand, put_in)
    shown = shown_cards(hand)
    dealt = dealt_seats(hand)
    where = positions(hand, dealt)
    players = []
    for s in hand.seats:
        name = s.name
        cards = shown.get(name)
        players.append((name, s.seat, where.get(name), s.stack, s.sitting_out, name == hero,
                        put_in.get(name, ZERO), collected.get(name, ZERO),
                        returned.get(name, ZERO), cards is not None, cards, *facts[name]))
    rows["hands"].add(site, hand_id, [(
        hand.game, hand.structure, hand.currency, hand.small_bet, hand.big_bet,
        hand.small_blind, hand.big_blind, hand.ante, hand.table, hand.max_seats,
        hand.button_seat, hand.started_at, hand.tournament.id if hand.tournament else None, hero,
        len(dealt), hand.cancelled, hand.summary.total_pot, hand.summary.rake,
        audit.verdict if audit is not None else None,
        path if path is not None else hand.source.path, hand.source.first_line)])
    if hand.tournament is not None:
        add_tournament(rows, hand)
    rows["players"].add(site, hand_id, players)
    rows["actions"].add(site, hand_id, hand.actions)
    rows["pots"].add(site, hand_id, hand.collections)
    rows["draws"].add(site, hand_id, draw_rows(hand, shown))
    if audit is not None:
        rows["halves"].add(site, hand_id, [
            (pot.name, half.component, half.amount, winner, len(half.winners))
            for pot in audit.pots for half in pot.halves for winner in half.winners])
        if audit.findings:  # most hands have none: no comprehension made for them
            rows["findings"].add(site, hand_id, [(f.kind, f.message, f.line)
                                                 for f in audit.findings])


def shown_cards(hand: Hand) -> dict[str, tuple[Card, ...]]:
    """Each player's hand as shown down: the players table's ``cards`` and the hand after a
    player's last draw in the draws table.

    A hand run twice (KingsClub) shows a drawing player's hand once per run (``Show.run``):
    the first run's is kept, whatever order the history prints them in, as for the hero,
    whose hand after the draw is the first run's. The draw itself is one row: both runs
    drew the same number of cards, the second dealing them again.
    """
    shown: dict[str, tuple[Card, ...]] = {}
    for s in hand.shows:
        if s.kind == "show" and s.cards and (s.run != 2 or s.player not in shown):
            shown[s.player] = s.cards
    return shown


def betting_facts(hand: Hand, put_in: dict[str, Decimal]) -> dict[str, list[Any]]:
    """Each player's betting facts (in ``FACT_COLUMNS`` order), computed once at import so
    reports only sum them.

    A 3-bet chance is acting before the draw facing exactly one raise; a showdown is ending
    the hand unfolded against at least one other unfolded player. Each seat's name has a
    list: booleans, the street of the first fold (or None) and counts, by position.
    """
    facts: dict[str, list[Any]] = {s.name: list(NO_FACTS) for s in hand.seats}
    raises = 0
    for a in hand.actions:
        role = _ROLES.get(a.kind)
        if role is None:
            continue
        f = facts.get(a.player)
        if f is None:
            continue
        street = a.street
        if street == "predraw":
            if raises == 1:
                f[_CHANCE] = True
                if role is _K_RAISE:
                    f[_THREE_BET] = True
            if role is _K_RAISE or role is _K_BET:
                f[_VPIP] = f[_RAISED] = True
                if role is _K_RAISE:
                    raises += 1
            elif role is _K_CALL:
                f[_VPIP] = True
        if role is _K_RAISE or role is _K_BET:
            f[_AGG[street]] += 1
        elif role is _K_CALL:
            f[_CALLS[street]] += 1
        elif role is _K_FOLD and f[_FOLD] is None:
            f[_FOLD] = street
    # Players in the hand: dealt in, or paying a blind while sitting out (tournaments).
    live = [s.name for s in hand.seats
            if (not s.sitting_out or put_in.get(s.name)) and facts[s.name][_FOLD] is None]
    if len(live) >= 2 and not hand.cancelled:
        for name in live:
            facts[name][_SHOWDOWN] = True
    return facts


def draw_rows(hand: Hand, shown: dict[str, tuple[Card, ...]]) -> list[tuple[object, ...]]:
    """One row per draw taken: how many cards, and the hand before and after where known
    (Card tuples, which ``frames`` writes as text).

    The hero's hands come from the history's dealt lines; anyone else's final hand is known
    when shown, and it is the hand after that player's last draw.
    """
    draws = [a for a in hand.actions if a.kind in _DRAWS]
    if not draws:
        return []
    try:
        game = get_game(hand.game)
    except HHToolsError:
        return []
    rows: list[tuple[object, ...]] = []
    hero, name = hand.hero, hand.game
    # The hero's hands are written and evaluated only if the hero drew (most hands, the
    # hero folds before the draw), and the last draws are found only if someone showed.
    hero_after: dict[str, tuple[Card, ...]] | None = None
    made: dict[tuple[Card, ...], bool | None] = {}
    last_draw = {a.player: a.seq for a in draws} if shown else {}
    for a in draws:
        player = a.player
        if player == hero:
            if hero_after is None:
                hero_after = {h.street: h.cards for h in hand.hero_cards}
                # The hand after one draw is the hand before the next: each evaluated once.
                made = {cards: _made(game, cards) for cards in hero_after.values()}
            # A hero line without cards says nothing of the hand.
            before = hero_after.get(_PREVIOUS[a.street]) or None
            after = hero_after.get(a.street) or None
            rows.append((name, player, a.street, a.count or 0, before, after,
                         None if before is None else made[before],
                         None if after is None else made[after], a.line))
        elif shown and (shown_after := shown.get(player)) and last_draw[player] == a.seq:
            rows.append((name, player, a.street, a.count or 0, None, shown_after,
                         None, _made(game, shown_after), a.line))
        else:
            rows.append((name, player, a.street, a.count or 0, None, None, None, None, a.line))
    return rows


#: The action kinds that are a draw (standing pat is one of none).
_DRAWS: Final = frozenset({"discard", "stand_pat"})
_PREVIOUS: Final = {s: STREETS[max(0, i - 1)] for i, s in enumerate(STREETS)}


def _made(game: Game, cards: tuple[Card, ...]) -> bool | None:
    if not cards or len(cards) != game.hand_size:
        return None
    try:
        return game.made(cards)
    except HHToolsError:
        return None


def record_columns(name: str, records: list[Any]) -> list[list[Any]]:
    """The columns (``RECORD_COLUMNS[name]``) of a records table's rows.

    Each record's fields are read here, compiled, as a native class's slots: read by name
    (an ``attrgetter`` per record, then transposed) they cost several times more, and the
    actions are most of a hand's values.
    """
    if name == "actions":
        return _action_columns(records)
    if name == "pots":
        return _pot_columns(records)
    raise ValueError(f"no records table {name}")


def _action_columns(actions: list[Action]) -> list[list[Any]]:
    # Each column made at its full length and filled by index: appended to, the lists grow
    # by reallocations, about a third of what this costs (callgrind).
    n = len(actions)
    seq: list[Any] = [None] * n
    street: list[Any] = [None] * n
    player: list[Any] = [None] * n
    kind: list[Any] = [None] * n
    amount: list[Any] = [None] * n
    to: list[Any] = [None] * n
    all_in: list[Any] = [None] * n
    count: list[Any] = [None] * n
    discarded: list[Any] = [None] * n
    new_cards: list[Any] = [None] * n
    line: list[Any] = [None] * n
    for i in range(n):
        a = actions[i]
        seq[i] = a.seq
        street[i] = a.street
        player[i] = a.player
        kind[i] = a.kind
        amount[i] = a.amount
        to[i] = a.to
        all_in[i] = a.all_in
        count[i] = a.count
        discarded[i] = a.discarded
        new_cards[i] = a.new_cards
        line[i] = a.line
    return [seq, street, player, kind, amount, to, all_in, count, discarded, new_cards, line]


def _pot_columns(collections: list[Collection]) -> list[list[Any]]:
    n = len(collections)
    pot: list[Any] = [None] * n
    player: list[Any] = [None] * n
    amount: list[Any] = [None] * n
    line: list[Any] = [None] * n
    for i in range(n):
        c = collections[i]
        pot[i] = c.pot
        player[i] = c.player
        amount[i] = c.amount
        line[i] = c.line
    return [pot, player, amount, line]


def money_texts(values: list[Decimal | None]) -> list[str | None]:
    """Each amount's own exact text (None stays None), for polars to read as Decimal in bulk.

    Written value by value, never looked up by value: an amount is a Decimal made for its
    hand, and a lookup first computes its hash (a modular power for any amount with
    decimals) and then compares it with the one found, some four times what writing it
    costs (callgrind).
    """
    n = len(values)
    texts: list[str | None] = [None] * n
    for i in range(n):
        v = values[i]
        if v is ZERO:
            # Every player's default put in, collected and returned (``add_hand``), most of
            # a players row's amounts: its text known without writing it (``str`` of a
            # Decimal costs some 400 instructions).
            texts[i] = "0"
        elif v is not None:
            texts[i] = str(v)
    return texts


def card_texts(values: list[tuple[Card, ...] | None],
               texts: dict[tuple[Card, ...], str]) -> list[str | None]:
    """Each hand of cards' text (None stays None), each distinct hand written once and kept
    in ``texts``: a file's actions repeat the same discards, and the hand after one draw is
    the hand before the next. One pass, compiled: a Card tuple hashes cheaply, and
    ``format_cards`` costs more than the lookup."""
    n = len(values)
    out: list[str | None] = [None] * n
    for i in range(n):
        cards = values[i]
        if cards is not None:
            text = texts.get(cards)
            if text is None:
                text = texts[cards] = format_cards(cards)
            out[i] = text
    return out


def error_row(error: HandError, path: str | None = None) -> tuple[object, ...]:
    """A row of the rejected table."""
    return (path if path is not None else error.path, error.line, error.column, error.site,
            error.hand_id, error.reason)
