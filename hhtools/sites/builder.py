"""The hand builder: the state of one hand while its lines are read, the shared helpers that
turn a line's fields into records (amounts, cards, seats, actions, draws, shows, pots), and
``finish``, which makes the Hand record.

A site's builder (``hhtools.sites.<site>``) adds ``on_<TERMINAL>`` handlers taking the token and
the terminal's captured groups in order; the handlers most sites share are
hhtools.sites.handlers.
"""

from __future__ import annotations

import inspect
import re
from datetime import datetime, timedelta
from decimal import Decimal
from typing import ClassVar, NoReturn, Protocol
from zoneinfo import ZoneInfo

from hhtools.core.cards import Card, parse_cards
from hhtools.core.games import Game, get_game
from hhtools.core.money import read_amount
from hhtools.core.records import (
    Action,
    Collection,
    Event,
    Hand,
    HandWarning,
    HeroCards,
    Pot,
    Seat,
    SeatResult,
    Show,
    Source,
    Summary,
    Tournament,
    Uncalled,
)
from hhtools.core.vocabulary import STRUCTURE_WORDS, ActionKind, BettingStructure, ShowKind, Street
from hhtools.core.words import plural
from hhtools.errors import AmountError, CardError, LineError, SkipHand, UnknownNameError
from hhtools.sites.classifier import Classifier, Handler, LineToken
from hhtools.sites.handlers import SharedHandlers
from hhtools.sites.memo import _AMOUNTS, _CARD_TEXT, _DAYS, _TIME_ZONES, LIMITS, keep, table
from hhtools.sites.values import (
    AMOUNT_PLACES,
    WHOLE_DIGITS,
    amount_problem,
    check_name,
    check_room,
    check_year,
    column_of,
    seat_number,
    year_problem,
)


class Named(Protocol):
    """What a builder needs of its site (a ``hhtools.sites.base.Site``): the name its hands
    carry. A protocol, so that the builder does not import the site module that uses it."""

    @property
    def name(self) -> str: ...


ZERO = Decimal(0)
#: A summary seat line's player holding another seat's entry: "Player4 Seat 4: Player1".
_RUN_TOGETHER = re.compile(r"(.*?) Seat (\d+): (.+)")
_ORDINALS = {"draw1": "first", "draw2": "second", "draw3": "third"}
#: Players' names already found good (check_name), by name.
_NAMES: dict[str, bool] = table("player names")
#: The start of each hour a hand started in, by (the time as written but its ``:MM:SS``, zone).
_HOURS: dict[tuple[str, str], datetime] = table("start hours")
#: A start time's last three characters, ``:00`` to ``:59``, as the seconds they add, and the
#: three before them as the minutes.
_SECONDS = {f":{s:02d}": timedelta(seconds=s) for s in range(60)}
_MINUTES = {f":{m:02d}": timedelta(minutes=m) for m in range(60)}
#: A start time's last six characters, ``:MM:SS`` (both 00 to 59), as the time they add to
#: the hour: filled as they come (3,600 at most), not made at every start.
_INTO_HOUR: dict[str, timedelta] = {}


def _start_time(text: str, zone: str) -> datetime:
    """``YYYY/MM/DD H:MM:SS`` (or with dashes) in an IANA zone; ValueError if it does not read."""
    date, time = text.split(" ")
    # A session's hands share a few days and zones: each is read once.
    day = _DAYS.get(date)
    if day is None:
        y, mo, d = date.replace("-", "/").split("/")
        day = keep(_DAYS, date, (int(y), int(mo), int(d)), LIMITS.amounts)
    h, mi, s = time.split(":")
    tz = _TIME_ZONES.get(zone)
    if tz is None:
        tz = _TIME_ZONES[zone] = ZoneInfo(zone)
    return datetime(day[0], day[1], day[2], int(h), int(mi), int(s), tzinfo=tz)


#: The most cards a draw line may name: more is not a draw of any deck.
DECK_CARDS = 52


class HandBuilder(SharedHandlers):
    """Mutable state while walking one hand's lines; ``finish`` freezes it into a Hand.

    Site builders add ``on_<TERMINAL>`` handlers taking the token and the terminal's captured
    groups in order; the shared helpers below normalise amounts and cards.
    """

    handlers: ClassVar[dict[str, Handler]]

    # Set by the header (or, at KingsClub, the date line), which the grammars put first.
    game: Game
    structure: BettingStructure
    started_at: datetime
    # What a hand may leave unset; kept on the class, as a new builder is made for every hand.
    tournament: Tournament | None = None
    mix: str | None = None
    currency: str | None = None
    table = ""
    max_seats: int | None = None
    button: int | None = None
    hero: str | None = None
    # False from a corrupt hero draw line until a line gives the whole hand again.
    hero_known = True
    dealt_to: list[str] | None = None
    street: Street = "predraw"
    total_pot: Decimal | None = None
    rake: Decimal | None = None
    cancelled = False
    partial = False
    dead = False

    def __init__(self, site: Named, path: str | None, hand_id: str | None) -> None:
        self.site = site
        self.path = path
        self.hand_id = hand_id
        self.street = "predraw"
        self.small_bet = self.big_bet = ZERO
        self.warnings: list[HandWarning] = []
        self.events: list[Event] = []
        self.blinds: dict[str, Decimal] = {}
        self.seats: list[Seat] = []
        self.seated: set[str] = set()
        self.seat_numbers: set[int] = set()
        self.hero_cards: list[HeroCards] = []
        self.committed: dict[str, Decimal] = {}
        self.actions: list[Action] = []
        # Shows as read: a muck's cards may come later (Merge's MUCKED cards, the summary), and a
        # show's run once the whole hand is read; ``finish`` fills in what is missing.
        self.shows: list[Show] = []
        self.uncalled: list[Uncalled] = []
        self.collections: list[Collection] = []
        self.pots: list[Pot] = []
        self.seat_results: list[SeatResult] = []

    def __init_subclass__(cls, **kw: object) -> None:
        super().__init_subclass__(**kw)
        cls.handlers = {name[3:]: getattr(cls, name) for name in dir(cls)
                        if name.startswith("on_")}

    @classmethod
    def bind_handlers(cls, classifier: Classifier) -> None:
        """Every terminal of the grammar has a handler: a table event's is ``on_event``."""
        for kind in classifier.kinds:
            if kind in classifier.ignored:
                cls.handlers.setdefault(kind, cls.on_event)
            elif kind not in cls.handlers:
                raise TypeError(f"{cls.__name__} has no on_{kind}")
        cls.handlers.setdefault("UNKNOWN", cls.on_event)

    @classmethod
    def check_handlers(cls, classifier: Classifier) -> None:
        """Every terminal has a handler taking exactly its captured groups: a check of the
        grammar against the code, made by the tests for every site rather than at every
        start (reading each compiled handler's signature cost a cold one-hand audit some 30 M
        instructions)."""
        cls.bind_handlers(classifier)
        for kind in classifier.kinds:
            if kind in classifier.ignored:
                continue
            params = list(inspect.signature(cls.handlers[kind]).parameters.values())[2:]
            if not any(p.kind is p.VAR_POSITIONAL for p in params):
                if len(params) != len(classifier.groups[kind]):
                    raise TypeError(f"{cls.__name__}.on_{kind} takes {len(params)} fields, "
                                    f"the grammar captures {len(classifier.groups[kind])}")

    # ---- reading fields --------------------------------------------------------------------

    def money(self, tok: LineToken, text: str) -> Decimal:
        """An amount from a line, or a LineError pointing at it."""
        value = _AMOUNTS.get(text)
        if value is None:
            try:
                value = read_amount(text)
            except AmountError:
                raise LineError(tok, f"{text!r} is not an amount", column_of(tok, text)) from None
            # An amount written in at most WHOLE_DIGITS characters, AMOUNT_PLACES of them after
            # its point (most are), is finite, below MAX_AMOUNT and has no place too many:
            # nothing for amount_problem to refuse.
            dot = text.find(".")
            problem = (amount_problem(value) if len(text) > WHOLE_DIGITS
                       or (dot >= 0 and len(text) - dot > AMOUNT_PLACES + 1) else None)
            if problem is not None:
                shown = text if len(text) <= 30 else text[:30] + "..."
                raise LineError(tok, f"the amount {shown!r} is out of range: {problem}",
                                column_of(tok, text))
            keep(_AMOUNTS, text, value, LIMITS.amounts)
        return value

    def summary_words(self, tok: LineToken, words: tuple[str, str | None, str | None, str | None]
                      ) -> tuple[str, tuple[Card, ...] | None, Decimal | None, str | None]:
        """A summary seat line's ending as a site's ``summary_outcome`` reads it (outcome, the
        cards' text, the amount won as written, the description), its cards and amount read
        here, where a wrong one is pointed at on the line."""
        outcome, cards, won, description = words
        return (outcome, self.cards(tok, cards) if cards is not None else None,
                self.money(tok, won) if won is not None else None, description)

    def cards(self, tok: LineToken, text: str, size: int | None = None) -> tuple[Card, ...]:
        """Cards from a line, refusing repeats and, with ``size``, a wrong count."""
        # Sites write "As 3h 8h": read card by card from a table of the 52 as written, a loop
        # mypyc compiles; a repeat is told by a bit a card (its index, 0 to 51) in an int, not
        # by a set of the words. The general reader explains failures.
        words = text.split()
        known = _CARD_TEXT
        cards: list[Card] = []
        seen = 0
        for word in words:
            card = known.get(word)
            if card is None:
                break
            bit = 1 << card
            if seen & bit:
                break
            seen |= bit
            cards.append(card)
        else:
            if size is None or len(cards) == size:
                return tuple(cards)
        try:
            return parse_cards(text, size=size)
        except CardError as e:
            raise LineError(tok, str(e), column_of(tok, text)) from None

    def player(self, tok: LineToken, name: str) -> str:
        """A player who must be seated at the table."""
        if name not in self.seated:
            raise LineError(tok, f"{name!r} is not seated at this table", column_of(tok, name))
        return name

    def set_game(self, tok: LineToken, game: str, structure: str) -> None:
        """The game and betting structure as the header names them; unknown games are skipped."""
        try:
            known = get_game(game)
        except UnknownNameError:
            raise SkipHand(game) from None
        self.game = known
        try:
            self.structure = STRUCTURE_WORDS[structure.lower()]
        except KeyError:
            raise LineError(tok, f"unknown betting structure {structure!r}",
                            column_of(tok, structure)) from None

    def set_time(self, tok: LineToken, text: str, zone: str) -> None:
        """The start time: ``YYYY/MM/DD H:MM:SS`` (or with dashes) in an IANA zone."""
        # A session's hands start a minute or two apart: the start of each hour as written is
        # read once, and a time's minutes and seconds (each two digits, 00 to 59) added to it,
        # which gives the datetime read whole (an aware datetime adds in its own zone, fold 0,
        # and 59:59 stay inside the hour). Anything else, or an hour that does not read, is
        # read whole, which says what is wrong with the text as written.
        tail = text[-6:]
        into = _INTO_HOUR.get(tail)
        if into is None:
            minutes = _MINUTES.get(tail[:3])
            seconds = _SECONDS.get(tail[3:])
            if minutes is not None and seconds is not None:
                into = _INTO_HOUR[tail] = minutes + seconds
        if into is not None:
            key = (text[:-6], zone)
            hour = _HOURS.get(key)
            if hour is None:
                try:
                    hour = _start_time(text[:-6] + ":00:00", zone)
                except ValueError:
                    hour = None
                if hour is not None and year_problem(hour.year) is None:
                    keep(_HOURS, key, hour, LIMITS.amounts)
                else:
                    hour = None
            if hour is not None:
                self.started_at = hour + into
                return
        try:
            self.started_at = _start_time(text, zone)
        except ValueError:
            raise LineError(tok, f"{text!r} is not a date and time", column_of(tok, text)) from None
        check_year(tok, self.started_at.year, text)

    #: The number of a table's first seat (Merge counts from 0).
    FIRST_SEAT: ClassVar[int] = 1

    def add_seat(self, tok: LineToken, seat: str, name: str, stack: str, sitting_out: bool,
                 note: str | None = None) -> None:
        """A seat line: a seat number in range, at a table with a seat left."""
        if name in self.seated:
            raise LineError(tok, f"{name!r} is seated twice", column_of(tok, name))
        check_room(tok, len(self.seats), self.max_seats, name)
        if name not in _NAMES:  # a session seats the same players hand after hand
            check_name(tok, name)
            keep(_NAMES, name, True, LIMITS.readings)
        number = seat_number(tok, seat, self.FIRST_SEAT)
        if number in self.seat_numbers:
            raise LineError(tok, f"seat {number} is listed twice", column_of(tok, seat))
        self.seats.append(Seat(number, name, self.money(tok, stack), sitting_out, note))
        self.seated.add(name)
        self.seat_numbers.add(number)

    # ---- actions ---------------------------------------------------------------------------

    def act(self, tok: LineToken, player: str, kind: ActionKind, amount: Decimal | None = None,
            to: Decimal | None = None, all_in: bool = False, count: int | None = None,
            discarded: tuple[Card, ...] | None = None,
            new_cards: tuple[Card, ...] | None = None) -> Action:
        """Record an action by a seated player on the current street."""
        if player not in self.seated:
            self.player(tok, player)
        action = Action(len(self.actions), self.street, player, kind, amount, to, all_in,
                        count, discarded, new_cards, tok.line)
        self.actions.append(action)
        return action

    def wager(self, tok: LineToken, player: str, kind: ActionKind, added: Decimal | None = None,
              to: Decimal | None = None, all_in: bool = False) -> Action:
        """A bet, call, raise or blind given either as chips added or as the street total
        (one of the two is given)."""
        committed = self.committed
        prev = committed.get(player, ZERO)
        if to is None:
            assert added is not None  # (the chips added, then)
            to = prev + added
        else:
            added = to - prev
            if added < 0:
                raise LineError(tok, f"a {kind} to {to} is less than the {prev} {player} has "
                                "already put in this round")
        committed[player] = to
        return self.act(tok, player, kind, added, to, all_in)

    def post(self, tok: LineToken, player: str, kind: ActionKind, amount: str,
             all_in: str | bool | None) -> Action:
        """A blind or ante; antes do not count toward the street total."""
        value = _AMOUNTS.get(amount) or self.money(tok, amount)
        if kind == "post_ante":
            self.blinds.setdefault("ante", value)
            return self.act(tok, player, kind, amount=value, all_in=bool(all_in))
        if kind in ("post_sb", "post_bb"):
            self.blinds.setdefault(kind, value)
        return self.wager(tok, player, kind, value, None, bool(all_in))

    def post_with_dead(self, tok: LineToken, player: str, kind: ActionKind, live: Decimal,
                       dead: Decimal, all_in: bool) -> Action:
        """A post whose ``dead`` part goes to the pot without counting toward the street."""
        prev = self.committed.get(player, ZERO)
        self.committed[player] = prev + live
        return self.act(tok, player, kind, amount=live + dead, to=prev + live, all_in=all_in)

    def post_small_and_big(self, tok: LineToken, player: str, amount: str,
                           all_in: str | bool | None) -> Action:
        """Small and big blind posted together: only the big blind counts toward the street
        total, the rest is dead."""
        value = self.money(tok, amount)
        live = min(value, self.blinds.get("post_bb", self.small_bet))
        return self.post_with_dead(tok, player, "post_dead", live, value - live, bool(all_in))

    def skip(self, tok: LineToken, reason: str) -> NoReturn:
        """Skip a well-formed hand whose money hhtools cannot follow (site money added to the
        pot, a straddle...): counted as skipped with the game and the reason, never rejected
        and never audited against money it does not see."""
        raise SkipHand(f"{self.game.title} with {reason}")

    def new_street(self, street: Street) -> None:
        """Start a draw street: its betting totals start from zero."""
        self.street = street
        self.committed = {}

    def draw(self, tok: LineToken, player: str, count: int, discarded: tuple[Card, ...] | None,
             new_cards: tuple[Card, ...] | None = None) -> Action:
        """A discard (``count`` > 0) or standing pat (0)."""
        # An impossible draw that reads well (more cards than a hand holds, a card the hero
        # does not hold) is kept as written: the replay judges it (illegal_draw). Only a
        # count no deck can serve is not a draw at all.
        if count > DECK_CARDS:
            raise LineError(tok, f"{player} discards {plural(count, 'card')}: a deck has "
                            f"{DECK_CARDS}", column_of(tok, str(count)))
        if discarded is not None and len(discarded) != count:
            raise LineError(tok, f"{player} discards {plural(count, 'card')} but "
                            f"{len(discarded)} {'is' if len(discarded) == 1 else 'are'} listed",
                            column_of(tok, "["))
        return self.act(tok, player, "discard" if count else "stand_pat", None, None, False,
                        count, discarded, new_cards)

    def hero_hand(self, tok: LineToken, cards: tuple[Card, ...]) -> None:
        """The hero's whole hand after the current street's deal or draw."""
        self.hero_known = True
        street = self.street
        record = HeroCards(street, cards, tok.line)
        hero_cards = self.hero_cards
        if hero_cards and hero_cards[-1].street == street:
            hero_cards[-1] = record
        else:
            hero_cards.append(record)

    def replaced(self, tok: LineToken, player: str, kept: tuple[Card, ...], new: tuple[Card, ...],
                 where: str) -> None:
        """Cards dealt in a draw: attach them to the player's discard, update the hero's hand.

        A hero line that contradicts itself or the discard (PokerStars sometimes repeats the
        whole hand as the new cards) costs only the hero's cards: the betting and the result
        do not depend on them, so the hand is kept with a warning and those cards unknown.
        """
        for i in range(len(self.actions) - 1, -1, -1):
            a = self.actions[i]
            if a.street != self.street:
                break
            if a.player == player and a.kind in ("discard", "stand_pat"):
                break
        else:
            raise LineError(tok, f"cards dealt to {player}, who has not drawn in this round")
        problem = self._draw_problem(player, kept, new, a)
        if problem is not None:
            if player != self.hero:
                raise LineError(tok, problem, column_of(tok, where, last=True))
            self.warn(tok, f"{problem}: {player}'s cards after the "
                      f"{_ORDINALS.get(self.street, self.street)} draw are unknown",
                      column_of(tok, where, last=True))
            self.hero_known = False
            return
        a.new_cards = new  # (the action is this builder's until finish makes the Hand)
        if player == self.hero:
            self.hero_hand(tok, kept + new)

    def _draw_problem(self, player: str, kept: tuple[Card, ...], new: tuple[Card, ...],
                      draw: Action) -> str | None:
        size = self.game.hand_size
        if len(kept) + len(new) != size:
            return (f"{player} would hold {plural(len(kept) + len(new), 'card')} after the draw "
                    f"({len(kept)} kept, {len(new)} new); a {self.game.title} hand holds {size}")
        if len(set(kept + new)) != size:
            seen: set[Card] = set()
            for twice in kept + new:
                if twice in seen:
                    return f"{twice} appears twice in {player}'s hand after the draw"
                seen.add(twice)
        if draw.count != len(new):
            return f"{player} discarded {plural(draw.count, 'card')} but is dealt {len(new)}"
        return None

    def summary_entry(self, tok: LineToken, seat: str, player: str) -> tuple[str, str] | None:
        """The seat and player a summary seat line is about, or None when it names nobody at
        the table: a warning on its line, and the money decides the verdict.

        A site sometimes runs two seats' entries together (Full Tilt: "Seat 3: Player4 Seat
        4: Player1 (big blind) collected ($0.50), mucked"); the entry that names a player at
        the table is read, and the cut one is the warning."""
        if not self.seated or player in self.seated:
            return seat, player
        rest = player
        while m := _RUN_TOGETHER.fullmatch(rest):
            cut, before, seat, rest = m[1], seat, m[2], m[3]
            who = ("is cut short" if cut in self.seated
                   else f"names {cut!r}, who is not at this table")
            self.warn(tok, f"two summary entries run together: seat {before}'s entry {who}; "
                      f"seat {seat}'s entry is read", column_of(tok, cut))
            if rest in self.seated:
                return seat, rest
        self.warn(tok, f"the summary names {rest!r}, who is not at this table: entry left out",
                  column_of(tok, rest))
        return None

    def warn(self, tok: LineToken, reason: str, column: int = 1) -> None:
        """Something wrong that does not cost the hand; kept on the Hand record."""
        self.warnings.append(HandWarning(tok.line, column, f"{reason}; in {tok.text!r}",
                                         self.path, self.hand_id))

    # ---- showdown, pots, summary, events ---------------------------------------------------

    def show(self, tok: LineToken, player: str, kind: ShowKind, cards: tuple[Card, ...] | None,
             description: str | None = None, run: int | None = None) -> None:
        """A show, muck or refusal to show; ``run`` is the run of a hand run twice."""
        if player not in self.seated:
            self.player(tok, player)
        self.shows.append(Show(player, kind, cards, description, tok.line, run))

    def collect(self, tok: LineToken, player: str, amount: str, pot: str) -> None:
        """Chips taken from a pot."""
        if player not in self.seated:
            self.player(tok, player)
        value = _AMOUNTS.get(amount) or self.money(tok, amount)
        self.collections.append(Collection(player, value, pot, tok.line))

    def return_uncalled(self, tok: LineToken, player: str, amount: str) -> None:
        """An uncalled bet given back; the player's street total drops accordingly."""
        value = _AMOUNTS.get(amount) or self.money(tok, amount)
        if player not in self.seated:
            self.player(tok, player)
        self.committed[player] = self.committed.get(player, ZERO) - value
        self.uncalled.append(Uncalled(player, value, self.street, tok.line))

    # ---- events and the finished hand ---------------------------------------------------

    def add_event(self, event: Event) -> None:
        """Keep a table event, in order."""
        self.events.append(event)

    def finish(self, first: int, last: int) -> Hand:
        """The Hand record, frozen."""
        # A muck without its cards takes those of the player's summary line, looked up only
        # when there is such a muck.
        summary_cards = None
        for s in self.shows:
            if s.cards is None and s.kind == "muck":
                if summary_cards is None:
                    summary_cards = {r.player: r.cards for r in self.seat_results if r.cards}
                s.cards = summary_cards.get(s.player)
        shows = tuple(self.shows)
        blinds = self.blinds
        # (check_hand_id has refused a hand without an id before any other line is read)
        assert self.hand_id is not None
        summary = Summary(self.total_pot, tuple(self.pots), self.rake, tuple(self.seat_results))
        return Hand(
            site=self.site.name, hand_id=self.hand_id, tournament=self.tournament,
            game=self.game.name, structure=self.structure, mix=self.mix,
            currency=self.currency, small_bet=self.small_bet, big_bet=self.big_bet,
            small_blind=blinds.get("post_sb"), big_blind=blinds.get("post_bb"),
            ante=blinds.get("ante"), table=self.table, max_seats=self.max_seats,
            button_seat=self.button, started_at=self.started_at, seats=tuple(self.seats),
            hero=self.hero, hero_cards=tuple(self.hero_cards),
            dealt_to=None if self.dealt_to is None else tuple(self.dealt_to),
            actions=tuple(self.actions), shows=shows, uncalled=tuple(self.uncalled),
            collections=tuple(self.collections), summary=summary, events=tuple(self.events),
            cancelled=self.cancelled, source=Source(self.path, first, last),
            warnings=tuple(self.warnings), partial=self.partial, dead=self.dead)
