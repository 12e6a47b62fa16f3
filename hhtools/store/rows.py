"""Hand records flattened into the store's table rows (see hhtools.store.tables.SCHEMAS).

Nets here are what the history itself implies for each player: chips collected plus bets
returned, minus chips put in. The auditor's own re-evaluation is stored beside it.

Rows are tuples in the column order of ``SCHEMAS`` (a hand's key written once per hand, not
per row) and tables are built column by column (``frames``): an import makes some four hundred
values per hand, and polars builds a column from a list far faster than a frame from dicts;
money goes over as text, which polars parses to its Decimal type exactly and in bulk (a
Python ``Decimal`` converts one by one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from itertools import chain, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

import polars as pl

from hhtools.core.cards import Card, format_cards
from hhtools.core.games import Game, get_game
from hhtools.core.records import STREETS, Hand, HandError, Seat, chip_totals
from hhtools.errors import HHToolsError
from hhtools.store.tables import SCHEMAS
from hhtools.store.tournament_rows import add_tournament

if TYPE_CHECKING:
    from hhtools.auditing.results import Audit

ZERO = Decimal(0)
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MICROSECOND = timedelta(microseconds=1)
#: Tables whose first two columns are the hand's key (site, hand id).
KEYED = frozenset(name for name, schema in SCHEMAS.items() if list(schema)[:2] == ["site", "hand_id"])
#: Tables whose rows are the hand's records (Action, Collection), read by column name.
RECORD_TABLES = frozenset({"actions", "pots"})
#: Columns computed by polars from the others when the table is built, absent from the rows:
#: a net is a new Decimal per player, which costs more to make and convert one by one.
DERIVED: dict[str, dict[str, Callable[[dict[str, pl.Series]], pl.Series]]] = {
    "players": {"net": lambda c: c["collected"] + c["returned"] - c["put_in"]}}
#: Columns holding cards, kept as Card tuples until the column is built: each distinct hand
#: is written once (a player's shown hand is also the draws' last hand, the hand after one
#: draw the hand before the next, and a file's actions repeat the same discards).
CARD_COLUMNS = frozenset({("actions", "discarded"), ("actions", "new_cards"), ("players", "cards"),
                          ("draws", "before"), ("draws", "after")})


class Table:
    """One table's rows as tuples in schema order; for keyed tables the rows leave out the
    hand's key, recorded once per hand with its number of rows.

    A table whose rows are records (``records``) reads each column by its name from them:
    the actions and pots tables are the hand's own records, with no tuple made per row.
    """

    __slots__ = ("rows", "keys", "records")

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


def new_rows() -> Rows:
    """An empty Table for each table of the store."""
    return {name: Table(name in RECORD_TABLES) for name in SCHEMAS}


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
    seated = sorted([(s.seat, s.name) for s in dealt])
    names = [name for _, name in seated]
    button = hand.button_seat
    if button is not None:
        # Rotate so the first player after the button comes first; the button ends the list.
        after = 0
        for seat, _ in seated:
            if seat > button:
                break
            after += 1
        names = names[after:] + names[:after]
    n = len(names)
    by_seat = dict(zip(names, _labels_of(n)))
    small, big = _blinds(hand, set(names))
    if big is None or n < 3:
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
    words: dict[str, str] = {}
    for r in hand.summary.seats:
        if r.player in dealt:
            for role in ("small blind", "big blind"):
                if role in r.positions:
                    words.setdefault(role, r.player)
    small, big = words.get("small blind"), words.get("big blind")
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
_LABELS = [()] + [_labels(n) for n in range(1, 11)]


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
_VPIP, _RAISED, _CHANCE, _THREE_BET, _FOLD, _SHOWDOWN = range(6)
_AGG = {s: 6 + i for i, s in enumerate(STREETS)}
_CALLS = {s: 6 + len(STREETS) + i for i, s in enumerate(STREETS)}
# The actions that make betting facts; blinds, antes and draws make none (blinds are not
# voluntary). Each kind maps to itself, so the loop compares by identity.
_K_BET, _K_RAISE, _K_CALL, _K_CHECK, _K_FOLD = "bet", "raise", "call", "check", "fold"
_ROLES = {kind: kind for kind in (_K_BET, _K_RAISE, _K_CALL, _K_CHECK, _K_FOLD)}
NO_FACTS = (False, False, False, False, None, False) + (0,) * (2 * len(STREETS))


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
_DRAWS = frozenset({"discard", "stand_pat"})
_PREVIOUS = {s: STREETS[max(0, i - 1)] for i, s in enumerate(STREETS)}


def _made(game: Game, cards: tuple[Card, ...]) -> bool | None:
    if not cards or len(cards) != game.hand_size:
        return None
    try:
        return game.made(cards)
    except HHToolsError:
        return None


def error_row(error: HandError, path: str | None = None) -> tuple[object, ...]:
    """A row of the rejected table."""
    return (path if path is not None else error.path, error.line, error.column, error.site,
            error.hand_id, error.reason)


def frames(rows: Rows) -> dict[str, pl.DataFrame]:
    """The non-empty tables of ``rows`` as DataFrames with the store's schemas."""
    out: dict[str, pl.DataFrame] = {}
    for name, table in rows.items():
        if not table:
            continue
        schema = dict(SCHEMAS[name])
        derived = DERIVED.get(name, {})
        for column in derived:
            del schema[column]
        columns: dict[str, pl.Series] = {}
        if name in KEYED:
            columns = _key_columns(table.keys)
            del schema["site"], schema["hand_id"]
        if not table.records and len(table.rows[0]) != len(schema):
            raise RuntimeError(f"hhtools.store.rows makes {len(table.rows[0])} values for the {name} "
                               f"table, whose schema has {len(schema)} columns")
        # Records are read by one attrgetter of every column (one C call per record, not
        # one per value: about a third cheaper) and transposed like tuples at once.
        transposed = list(map(list, zip(*(map(attrgetter(*schema), table.rows)
                                          if table.records else table.rows))))
        for values, (column, dtype) in zip(transposed, schema.items()):
            if (name, column) in CARD_COLUMNS:
                values = _remembered(_CARD_TEXTS, values, format_cards)
            if isinstance(dtype, pl.Decimal):
                columns[column] = _money(values, dtype).alias(column)
            elif isinstance(dtype, pl.Datetime):
                # As microseconds since the epoch (exact integer arithmetic): polars reads
                # integers far faster than time-zone-aware datetimes.
                values = [None if v is None else (v - _EPOCH) // _MICROSECOND for v in values]
                columns[column] = pl.Series(column, values, dtype=pl.Int64).cast(dtype)
            else:
                columns[column] = pl.Series(column, values, dtype=dtype)
        for column, compute in derived.items():
            columns[column] = compute(columns).cast(SCHEMAS[name][column]).alias(column)
        # From a list of named Series in the schema's order: a third of the cost of the same
        # frame from a dict, and no reordering.
        out[name] = pl.DataFrame([columns[column] for column in SCHEMAS[name]])
    return out


def _key_columns(keys: list[tuple[str, str, int]]) -> dict[str, pl.Series]:
    """The site and hand id columns of a keyed table: each hand's key repeated once per row
    it has (by C-level iterators; a file's hands are nearly always of one site, whose column
    polars fills by itself)."""
    sites, hand_ids, counts = zip(*keys)
    rows = sum(counts)
    if sites.count(sites[0]) == len(sites):
        site = pl.Series("site", sites[:1], dtype=pl.String).new_from_index(0, rows)
    else:
        site = pl.Series("site", list(chain.from_iterable(map(repeat, sites, counts))),
                         dtype=pl.String)
    if rows == len(hand_ids):
        hand_id = pl.Series("hand_id", hand_ids, dtype=pl.String)
    elif rows > _REPEAT_IN_POLARS:
        # Each id made once and repeated by polars: a file's actions cost about half as much
        # as with a Python string per row (the call costs more than that for a few rows).
        hand_id = pl.select(pl.lit(pl.Series("hand_id", hand_ids, dtype=pl.String)).repeat_by(
            pl.Series(counts, dtype=pl.UInt32)).explode()).to_series()
    else:
        hand_id = pl.Series("hand_id", list(chain.from_iterable(map(repeat, hand_ids, counts))),
                            dtype=pl.String)
    return {"site": site, "hand_id": hand_id}


#: Rows of a table above which _key_columns repeats the hand ids in polars.
_REPEAT_IN_POLARS = 1000


#: Each amount's text, found once: a file's amounts are mostly the same few stakes and stacks.
#: Equal Decimals written differently ("2.5", "2.50") are equal once stored, so either text
#: serves. Cards drawn (a tuple of cards) likewise; both bounded.
_MONEY_TEXTS: dict[Decimal | None, str | None] = {None: None}
_CARD_TEXTS: dict[tuple[Card, ...] | None, str | None] = {None: None}
_MAX_TEXTS = 50_000
_V = TypeVar("_V")


def _remembered(texts: dict[_V | None, str | None], values: list[_V | None],
                write: Callable[[_V], str]) -> list[str | None]:
    """``write(v)`` of each value (None stays None), each distinct value written once."""
    if len(texts) > _MAX_TEXTS:
        texts.clear()
        texts[None] = None
    try:
        return list(map(texts.__getitem__, values))
    except KeyError:
        for v in set(values).difference(texts):
            if v is not None:  # (None is always there: it stays None)
                texts[v] = write(v)
        return list(map(texts.__getitem__, values))


def _money(values: list[Decimal | None], dtype: pl.Decimal) -> pl.Series:
    """A Decimal column from Decimals (or None), each written as its own exact text (which
    polars reads, exponents included) and parsed by polars in bulk."""
    return pl.Series(_remembered(_MONEY_TEXTS, values, str), dtype=pl.String).cast(dtype)


def _check_widths() -> None:
    """Rows are positional: a column added to a schema must be added here too."""
    players = list(SCHEMAS["players"])
    if (len(players) != 14 + len(FACT_COLUMNS) or players[14:] != list(FACT_COLUMNS)
            or list(DERIVED["players"]) != ["net"]):
        raise RuntimeError("hhtools.store.rows is out of step with the players schema")


_check_widths()
