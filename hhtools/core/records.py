"""Typed records of parsed hand histories: what a site wrote, normalised across sites.

Every record is a slotted dataclass, not frozen (a frozen one sets every field of every record
through object.__setattr__), and nothing changes a record once it is made: make a changed copy
with dataclasses.replace. Each record made for a line or a hand writes its ``__init__`` out:
mypyc compiles what is written, and the ``__init__`` a dataclass generates stays interpreted
(tests/core/test_records.py checks each against the fields). Money is ``Decimal`` (exact, as
written), cards are ``Card``, times are timezone-aware. Every record coming from a line carries
that ``line`` (1-based, in the source file), so sorting records by ``line`` restores the
history's order.

Streets are named ``predraw`` (blinds, antes and the betting before the first draw), then
``draw1``, ``draw2``, ``draw3``: each holds a draw and the betting after it. Streets, action
kinds, show kinds and structures are the Literal types of hhtools.core.vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from decimal import Decimal
from typing import Any

from hhtools.core.cards import Card
from hhtools.core.inputs import shown

# STREETS and ACTION_KINDS re-exported: the records' readers have always found them here.
from hhtools.core.vocabulary import ACTION_KINDS as ACTION_KINDS
from hhtools.core.vocabulary import STREETS as STREETS
from hhtools.core.vocabulary import ActionKind, BettingStructure, ShowKind, Street


@dataclass(slots=True)
class Source:
    """Where a hand sits: the file (None for text given directly) and its first and last line."""

    path: str | None
    first_line: int
    last_line: int

    def __init__(self, path: str | None, first_line: int, last_line: int) -> None:
        self.path = path
        self.first_line = first_line
        self.last_line = last_line


@dataclass(slots=True)
class Tournament:
    """Tournament context of a hand: id, buy-in, fee and bounty (None when not printed; a
    PokerStars freeroll's buy-in is 0), the buy-in's currency, level."""

    id: str
    buy_in: Decimal | None
    fee: Decimal | None
    currency: str | None
    level: str | None
    #: The knockout bounty of a three-part PokerStars buy-in (``$10+$1+$0.50``); added
    #: after the first release of the record, hence last and with a default.
    bounty: Decimal | None = None


@dataclass(slots=True)
class Seat:
    """A seated player and the stack at the start of the hand.

    ``sitting_out`` is true for players the site marks as not dealt in (``is sitting out``,
    ``out of hand``); ``note`` keeps the site's words for it.
    """

    seat: int
    name: str
    stack: Decimal
    sitting_out: bool = False
    note: str | None = None

    def __init__(self, seat: int, name: str, stack: Decimal, sitting_out: bool = False,
                 note: str | None = None) -> None:
        self.seat = seat
        self.name = name
        self.stack = stack
        self.sitting_out = sitting_out
        self.note = note


@dataclass(slots=True)
class Action:
    """One player action, in order.

    ``amount`` is the chips this action put in the pot (None for folds, checks and draws);
    ``to`` is the player's total for the street after it, for posts (antes excepted), calls,
    bets and raises, whatever convention the site writes. ``count`` is the number of cards
    discarded (0 for standing pat); ``discarded`` and ``new_cards`` are known only for the hero
    (and for anyone on sites that print them).
    """

    seq: int
    street: Street
    player: str
    kind: ActionKind
    amount: Decimal | None = None
    to: Decimal | None = None
    all_in: bool = False
    count: int | None = None
    discarded: tuple[Card, ...] | None = None
    new_cards: tuple[Card, ...] | None = None
    line: int = 0

    def __init__(self, seq: int, street: Street, player: str, kind: ActionKind,
                 amount: Decimal | None = None, to: Decimal | None = None, all_in: bool = False,
                 count: int | None = None, discarded: tuple[Card, ...] | None = None,
                 new_cards: tuple[Card, ...] | None = None, line: int = 0) -> None:
        self.seq = seq
        self.street = street
        self.player = player
        self.kind = kind
        self.amount = amount
        self.to = to
        self.all_in = all_in
        self.count = count
        self.discarded = discarded
        self.new_cards = new_cards
        self.line = line


@dataclass(slots=True)
class HeroCards:
    """The hero's whole hand after a street's draw (``predraw``: as dealt).

    A street whose hero line is corrupt has no entry: those cards are unknown, and the hand
    carries a HandWarning saying so.
    """

    street: Street
    cards: tuple[Card, ...]
    line: int

    def __init__(self, street: Street, cards: tuple[Card, ...], line: int) -> None:
        self.street = street
        self.cards = cards
        self.line = line


@dataclass(slots=True)
class Show:
    """A showdown line: ``kind`` is ``show``, ``muck`` or ``no_show`` (winner not showing).

    ``cards`` may come from the summary when the showdown line itself has none (mucks).
    ``description`` is the site's own words for the hand, when it prints them.
    """

    player: str
    kind: ShowKind
    cards: tuple[Card, ...] | None
    description: str | None
    line: int
    #: The run of a hand run twice (KingsClub) this hand was shown in, 1 or 2; None when the
    #: board was run once or the player stood pat (the same hand in both runs).
    run: int | None = None

    def __init__(self, player: str, kind: ShowKind, cards: tuple[Card, ...] | None,
                 description: str | None, line: int, run: int | None = None) -> None:
        self.player = player
        self.kind = kind
        self.cards = cards
        self.description = description
        self.line = line
        self.run = run


@dataclass(slots=True)
class Uncalled:
    """Part of a bet nobody called, returned to ``player``."""

    player: str
    amount: Decimal
    street: Street
    line: int

    def __init__(self, player: str, amount: Decimal, street: Street, line: int) -> None:
        self.player = player
        self.amount = amount
        self.street = street
        self.line = line


@dataclass(slots=True)
class Collection:
    """Chips a player took from a pot (``main``, ``side 1``, ``side 2``...), after rake."""

    player: str
    amount: Decimal
    pot: str
    line: int

    def __init__(self, player: str, amount: Decimal, pot: str, line: int) -> None:
        self.player = player
        self.amount = amount
        self.pot = pot
        self.line = line


@dataclass(slots=True)
class Pot:
    """One pot's size as the summary prints it."""

    name: str
    amount: Decimal

    def __init__(self, name: str, amount: Decimal) -> None:
        self.name = name
        self.amount = amount


@dataclass(slots=True)
class SeatResult:
    """A summary seat line: positions, what happened and, per site, winnings, cards and net.

    ``outcome`` is one of ``folded``, ``showed``, ``mucked``, ``collected``, ``sitting_out``,
    ``other``; ``text`` keeps the rest of the line as written. KingsClub gives ``stack_after``
    and the signed ``net``.
    """

    seat: int
    player: str
    positions: tuple[str, ...]
    outcome: str
    text: str
    won: Decimal | None
    cards: tuple[Card, ...] | None
    description: str | None
    stack_after: Decimal | None
    net: Decimal | None
    line: int

    def __init__(self, seat: int, player: str, positions: tuple[str, ...], outcome: str, text: str,
                 won: Decimal | None, cards: tuple[Card, ...] | None, description: str | None,
                 stack_after: Decimal | None, net: Decimal | None, line: int) -> None:
        self.seat = seat
        self.player = player
        self.positions = positions
        self.outcome = outcome
        self.text = text
        self.won = won
        self.cards = cards
        self.description = description
        self.stack_after = stack_after
        self.net = net
        self.line = line


@dataclass(slots=True)
class Summary:
    """The summary section: total pot (None if not printed), pots, rake, per-seat lines."""

    total_pot: Decimal | None
    pots: tuple[Pot, ...]
    rake: Decimal | None
    seats: tuple[SeatResult, ...]

    def __init__(self, total_pot: Decimal | None, pots: tuple[Pot, ...], rake: Decimal | None,
                 seats: tuple[SeatResult, ...]) -> None:
        self.total_pot = total_pot
        self.pots = pots
        self.rake = rake
        self.seats = seats


@dataclass(slots=True)
class Event:
    """A table event kept from the history: chat, joins, leaves, sitting out, timeouts...

    ``kind`` is a short tag (``chat``, ``joins``, ``leaves``, ``sits_out``, ``returned``,
    ``timed_out``, ``connected``, ``disconnected``, ``capped``, ``reshuffle``, ``finished``,
    ...), ``text`` the line as written.
    """

    kind: str
    player: str | None
    text: str
    line: int

    def __init__(self, kind: str, player: str | None, text: str, line: int) -> None:
        self.kind = kind
        self.player = player
        self.text = text
        self.line = line


@dataclass(slots=True)
class HandWarning:
    """Something wrong in a hand that was kept anyway, because what is wrong does not touch
    the betting or the result (a corrupt hero line: those cards are recorded as unknown)."""

    line: int
    column: int
    reason: str
    path: str | None = None
    hand_id: str | None = None

    def __init__(self, line: int, column: int, reason: str, path: str | None = None,
                 hand_id: str | None = None) -> None:
        self.line = line
        self.column = column
        self.reason = reason
        self.path = path
        self.hand_id = hand_id

    @property
    def message(self) -> str:
        """``path:LINE:COL: hand 123: warning: reason``, the form editors jump to."""
        where = f"{shown(self.path or '<text>')}:{self.line}:{self.column}"
        hand = f" hand {self.hand_id}:" if self.hand_id else ""
        return f"{where}:{hand} warning: {self.reason}"

    def __str__(self) -> str:
        return self.message


@dataclass(slots=True)
class Hand:
    """One hand of a supported game, with everything its history says."""

    site: str
    hand_id: str
    tournament: Tournament | None
    game: str
    structure: BettingStructure
    mix: str | None
    currency: str | None
    small_bet: Decimal
    big_bet: Decimal
    small_blind: Decimal | None
    big_blind: Decimal | None
    ante: Decimal | None
    table: str
    max_seats: int | None
    button_seat: int | None
    started_at: datetime
    seats: tuple[Seat, ...]
    hero: str | None
    hero_cards: tuple[HeroCards, ...]
    dealt_to: tuple[str, ...] | None
    actions: tuple[Action, ...]
    shows: tuple[Show, ...]
    uncalled: tuple[Uncalled, ...]
    collections: tuple[Collection, ...]
    summary: Summary
    events: tuple[Event, ...]
    cancelled: bool
    source: Source
    #: What was wrong but did not cost the hand (see HandWarning); added after the first
    #: release of the record, hence last and with a default.
    warnings: tuple[HandWarning, ...] = ()
    #: Only the summary of the hand was saved (Full Tilt's "(partial)"): nothing to replay.
    partial: bool = False
    #: Blinds were posted but nobody was dealt in (Full Tilt); such a hand is also cancelled.
    dead: bool = False

    def __init__(self, site: str, hand_id: str, tournament: Tournament | None, game: str,
                 structure: BettingStructure, mix: str | None, currency: str | None,
                 small_bet: Decimal, big_bet: Decimal, small_blind: Decimal | None,
                 big_blind: Decimal | None, ante: Decimal | None, table: str, max_seats: int | None,
                 button_seat: int | None, started_at: datetime, seats: tuple[Seat, ...],
                 hero: str | None, hero_cards: tuple[HeroCards, ...],
                 dealt_to: tuple[str, ...] | None, actions: tuple[Action, ...],
                 shows: tuple[Show, ...], uncalled: tuple[Uncalled, ...],
                 collections: tuple[Collection, ...], summary: Summary, events: tuple[Event, ...],
                 cancelled: bool, source: Source, warnings: tuple[HandWarning, ...] = (),
                 partial: bool = False, dead: bool = False) -> None:
        self.site = site
        self.hand_id = hand_id
        self.tournament = tournament
        self.game = game
        self.structure = structure
        self.mix = mix
        self.currency = currency
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.ante = ante
        self.table = table
        self.max_seats = max_seats
        self.button_seat = button_seat
        self.started_at = started_at
        self.seats = seats
        self.hero = hero
        self.hero_cards = hero_cards
        self.dealt_to = dealt_to
        self.actions = actions
        self.shows = shows
        self.uncalled = uncalled
        self.collections = collections
        self.summary = summary
        self.events = events
        self.cancelled = cancelled
        self.source = source
        self.warnings = warnings
        self.partial = partial
        self.dead = dead


@dataclass(slots=True)
class SkippedHand:
    """A hand of a game hhtools does not support, counted and left unparsed."""

    site: str
    hand_id: str | None
    game: str
    source: Source


@dataclass(slots=True)
class HandError:
    """A hand (or a file) that could not be read: where, what was expected, what was found."""

    path: str | None
    line: int
    column: int
    hand_id: str | None
    site: str | None
    expected: tuple[str, ...]
    got: str | None
    reason: str

    @property
    def message(self) -> str:
        """``path:LINE:COL: hand 123: reason``, the form editors jump to."""
        where = f"{shown(self.path or '<text>')}:{self.line}:{self.column}"
        hand = f" hand {self.hand_id}:" if self.hand_id else ""
        return f"{where}:{hand} {self.reason}"

    def __str__(self) -> str:
        return self.message


def chip_totals(hand: Hand) -> tuple[dict[str, Decimal], dict[str, Decimal], dict[str, Decimal]]:
    """Per player, as the history records them: chips put in, collected, and returned
    uncalled (a player's net is collected + returned - put in)."""
    zero = Decimal(0)
    # A player's only amount put in is kept as the very object the history gave (no 0 +
    # amount): the parser shares equal amounts, so the store finds their text once.
    put: dict[str, Decimal] = {}
    for a in hand.actions:
        amount = a.amount
        if amount:
            p = a.player
            put[p] = put[p] + amount if p in put else amount
    won: dict[str, Decimal] = {}
    for c in hand.collections:
        won[c.player] = won.get(c.player, zero) + c.amount
    back: dict[str, Decimal] = {}
    for u in hand.uncalled:
        back[u.player] = back.get(u.player, zero) + u.amount
    if hand.cancelled:
        # A cancelled hand gives every chip back: nobody wins or loses.
        back = dict(put)
        won = {}
    return put, won, back


def to_jsonable(value: Any) -> Any:
    """Records as JSON-ready values: Decimal and Card as strings, datetimes in ISO 8601."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (tuple, list)):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in fields(value)}
    return value


def hand_to_json(hand: Hand) -> dict[str, Any]:
    """The JSON object the CLI prints for a hand (field names documented in the README)."""
    out: dict[str, Any] = to_jsonable(hand)
    # A show's run is written only for a hand run twice: other hands' JSON stays as it was.
    for show in out["shows"]:
        if show["run"] is None:
            del show["run"]
    # Players are named for what P3 and reports read; the full seat records stay under seats.
    out["players"] = [{"name": s.name, "seat": s.seat, "starting_stack": str(s.stack),
                       "sitting_out": s.sitting_out} for s in hand.seats]
    return out


def error_to_json(error: HandError) -> dict[str, Any]:
    """The JSON object the CLI prints for an error; ``error`` holds the full message."""
    return {"error": error.message, **to_jsonable(error)}
