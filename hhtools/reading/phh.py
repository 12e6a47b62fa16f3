"""The PHH format (poker hand history, TOML): write any parsed hand, read ``.phh``/``.phhs``.

PHH is the notation of pokerkit (https://phh.readthedocs.io): ``variant``, ``antes``,
``blinds_or_straddles``, ``small_bet``/``big_bet``, ``starting_stacks`` and ``actions`` such as
``d dh p1 ????????`` (deal), ``p1 cbr 20`` (bet or raise to), ``p1 cc`` (check or call),
``p1 f``, ``p1 sd 7s8h`` (discard; ``p1 sd`` stands pat) and ``p1 sm 2s3h4d5c`` (show) or
``p1 sm`` (muck). Players are listed from the first seat after the button, the button last.

Variant codes: ``FB`` (fixed-limit Badugi), ``F2L3D`` (fixed-limit 2-7 triple draw) and
``N2L1D`` (no-limit 2-7 single draw) are PHH's own. hhtools adds ``FBDY`` (Badeucy), ``FBDA``
(Badacey), ``FA5L3D`` (A-5 triple draw), ``FA5L1D`` (A-5 single draw) and ``F5CD`` (5-card
draw), and puts any structure letter before any game: ``F`` (fixed limit), ``P`` (pot limit),
``H`` (half pot limit) or ``N`` (no limit) (``PB``, ``F2L1D``, ``N5CD``...); all but fixed
limit carry ``min_bet`` (the big blind) instead of the small and big bet. pokerkit reads only
FB, F2L3D and N2L1D.

A hand run twice (KingsClub) has no PHH: pokerkit deals a draw once, and PHH has no field for
a second run, so ``to_phh`` refuses it rather than write a history whose nets are not the
site's.

>>> print(toml_value([1, Decimal("0.50"), "it's", True]))
[1, 0.50, "it's", true]
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from datetime import time as dtime
from decimal import Decimal
from pathlib import Path
from typing import Any, NoReturn
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from hhtools.core.cards import Card, parse_card
from hhtools.core.games import GAMES
from hhtools.core.inputs import read_input
from hhtools.core.pots import uncalled_bet
from hhtools.core.records import (
    STREETS,
    Action,
    Collection,
    Hand,
    HandError,
    HeroCards,
    Pot,
    Seat,
    Show,
    Source,
    Summary,
    Tournament,
    Uncalled,
    chip_totals,
)
from hhtools.core.vocabulary import ActionKind, BettingStructure
from hhtools.errors import CardError, PHHError
from hhtools.reading.phh_bounds import MAX_ACTIONS, bounds_problem, phh_bytes
from hhtools.sites.values import (
    MAX_ID_LENGTH,
    MAX_SEATS,
    amount_problem,
    name_problem,
    year_problem,
)

ZERO = Decimal(0)
#: Game -> the variant code's game part; the structure letter comes first.
GAME_CODES = {"badugi": "B", "2-7": "2L3D", "badeucy": "BDY", "badacey": "BDA", "a-5": "A5L3D",
              "2-7-single-draw": "2L1D", "a-5-single-draw": "A5L1D", "5-card-draw": "5CD"}
STRUCTURE_CODES: dict[BettingStructure, str] = {"fixed-limit": "F", "pot-limit": "P", "half-pot-limit": "H",
                   "no-limit": "N"}
_GAMES = {v: k for k, v in GAME_CODES.items()}
_STRUCTURES = {v: k for k, v in STRUCTURE_CODES.items()}
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')


# ---- writing ---------------------------------------------------------------------------------

def variant_code(hand: Hand) -> str:
    """``FB``, ``F2L3D``, or an hhtools extension code (module docstring)."""
    try:
        return STRUCTURE_CODES[hand.structure] + GAME_CODES[hand.game]
    except KeyError:
        raise PHHError(f"no PHH variant code for {hand.structure} {hand.game}") from None


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


# ---- reading ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PHHResult:
    """What a ``.phh`` or ``.phhs`` file held: hands and rejected hands."""

    path: str | None
    hands: tuple[Hand, ...]
    errors: tuple[HandError, ...]

    @property
    def ok(self) -> bool:
        """True when no hand was rejected."""
        return not self.errors


def read_phh(source: str | Path, *, text: str | None = None) -> PHHResult:
    """Read a PHH file (one hand) or a ``.phhs`` file (tables ``[1]``, ``[2]``...).

    ``source`` is a path, or with ``text`` given, the name to report it under.
    """
    path = str(source)
    if text is None:
        raw = read_input(source, limit=phh_bytes(path))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            # PHH files are UTF-8 (TOML): a file that is not costs only itself.
            line = raw.count(b"\n", 0, e.start) + 1
            column = e.start - raw.rfind(b"\n", 0, e.start)
            return PHHResult(path, (), (HandError(
                path, line, column, None, "phh", ("UTF-8 text",), None,
                f"not UTF-8 (byte 0x{raw[e.start]:02X}): PHH files are UTF-8 TOML"),))
    if problem := bounds_problem(text):
        line, column, reason = problem
        return PHHResult(path, (), (HandError(path, line, column, None, "phh", (), None,
                                              reason),))
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+), column (\d+)", str(e))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (1, 1)
        return PHHResult(path, (), (HandError(path, line, col, None, "phh", (), None,
                                              f"not TOML: {e}"),))
    lines = text.split("\n")
    tables: list[tuple[str | None, dict[str, Any]]]
    if "variant" in data:
        tables = [(None, data)]
    else:
        tables = [(k, v) for k, v in data.items() if isinstance(v, dict)]
    hands, errors = [], []
    starts = _table_lines(lines)
    ends = dict(zip(sorted(starts.values()), sorted(starts.values())[1:]))
    for key, table in tables:
        first = 1 if key is None else starts.get(key, 1)
        hand_id = str(table.get("hand", key or ""))[:MAX_ID_LENGTH] or None
        try:
            hands.append(_Reader(table, path, lines, first,
                                 ends.get(first, len(lines) + 1)).hand())
        except _ReadError as e:
            line = e.line or first
            errors.append(HandError(path, line, 1, hand_id, "phh", (),
                                    lines[line - 1].strip() if line <= len(lines) else None,
                                    e.reason))
        except (TypeError, ValueError, ArithmeticError) as e:
            # A field of the wrong TOML type (a number for a list, a string for a number).
            errors.append(HandError(path, first, 1, hand_id, "phh", (), None,
                                    f"a field holds a value of the wrong kind ({e})"))
    if not tables:
        errors.append(HandError(path, 1, 1, None, "phh", ("variant",), None,
                                "no hand: a PHH file has a variant field, a .phhs file "
                                "tables of hands"))
    return PHHResult(path, tuple(hands), tuple(errors))


_HEADER = re.compile(r"""\s*\[\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*\]""")


def _table_lines(lines: list[str]) -> dict[str, int]:
    """Each table's header line by its key, in one pass: a ``.phhs`` of N tables is read in
    time linear in N."""
    starts: dict[str, int] = {}
    for n, line in enumerate(lines, 1):
        if line.lstrip().startswith("[") and (m := _HEADER.match(line)):
            key = next(g for g in m.groups() if g is not None)
            starts.setdefault(key, n)
    return starts


class _ReadError(Exception):
    def __init__(self, reason: str, line: int):
        super().__init__(reason)
        self.reason, self.line = reason, line


class _Reader:
    """Replays one PHH table's actions into a Hand record."""

    def __init__(self, table: dict[str, Any], path: str, lines: list[str], first: int,
                 end: int):
        # ``end``: the line after the table's last, where the next table's header is.
        self.t, self.path, self.lines, self.first, self.end = table, path, lines, first, end

    def fail(self, reason: str, line: int | None = None) -> NoReturn:
        raise _ReadError(reason, line or self.first)

    def need(self, key: str) -> Any:
        if key not in self.t:
            self.fail(f"the required field {key!r} is missing")
        return self.t[key]

    def hand(self) -> Hand:
        for key, value in self.t.items():
            if isinstance(value, list) and len(value) > MAX_ACTIONS:
                self.fail(f"the field {str(key)[:30]!r} holds {len(value):,} values: a hand "
                          f"has at most {MAX_ACTIONS:,}")
        code = str(self.need("variant"))
        structure = _STRUCTURES.get(code[:1])
        game = _GAMES.get(code[1:])
        if structure is None or game is None:
            self.fail(f"unknown variant {code!r}: hhtools reads "
                      f"{', '.join(sorted(s + g for s in _STRUCTURES for g in _GAMES))}")
        stacks = [_money(v) for v in self.need("starting_stacks")]
        n = len(stacks)
        names = [str(p) for p in self.t.get("players") or [f"p{i + 1}" for i in range(n)]]
        seats = self.t.get("seats") or list(range(1, n + 1))
        if not n:
            self.fail("no starting stacks: a hand needs its players' stacks")
        if len(names) != n or len(seats) != n or len(set(names)) != n:
            self.fail("players and seats must name each starting stack once")
        self._check_table(seats, names, self.t.get("seat_count"), str(self.t.get("hand", "")))
        antes = [_money(v) for v in self.need("antes")]
        blinds = [_money(v) for v in self.need("blinds_or_straddles")]
        given = self.t.get("_dead", [0] * n)
        dead = [_money(v) for v in given] if isinstance(given, list) else []
        if len(dead) != n or any(d > a for d, a in zip(dead, antes)):
            self.fail(f"_dead must give each of the {n} players a dead part of their ante "
                      f"(no more than it): {given!r} for antes {[str(a) for a in antes]}")
        if n == 2:
            antes, blinds, dead = antes[::-1], blinds[::-1], dead[::-1]
        if structure == "fixed-limit":
            small_bet, big_bet = _money(self.need("small_bet")), _money(self.need("big_bet"))
        else:
            small_bet = big_bet = _money(self.need("min_bet"))
        self.game, self.names, self.stacks = game, names, list(stacks)
        self.actions: list[Action] = []
        self.street = 0
        self.bets = [ZERO] * n
        self.put = [ZERO] * n
        self.hero: str | None = None
        self.pending: dict[int, tuple[Card, ...] | None] = {}
        self.drawn: set[int] = set()
        actions = [str(a) for a in self.need("actions")]
        lines = self._action_lines(len(actions))
        line = lines[0] if lines else self.first
        for i, a in enumerate(antes):
            if a - dead[i]:
                self._add(i, "post_ante", a - dead[i], None, line)
            if dead[i]:
                # A dead blind: in the pot, counting as no bet (hhtools.auditing.replay.betting).
                self._add(i, "post_dead", dead[i], ZERO, line)
        # The small blind (the button's, heads-up) posts first, then the big blind, then
        # the posts out of position (negative values: a newcomer's big blind).
        small = 1 if n == 2 else 0
        for i in sorted(range(n), key=lambda i: (blinds[i] < 0, i != small, i)):
            if blinds[i]:
                live = abs(blinds[i])
                self.bets[i] = live
                self._add(i, "post_sb" if i == small and blinds[i] > 0 else "post_bb", live,
                          live, line)
        self.hero_cards: list[HeroCards] = []
        self.held: list[tuple[Card, ...] | None] = [None] * n
        self.shows: list[Show] = []
        drawing = False
        for text, line in zip(actions, lines):
            words = text.split("#")[0].split()
            drawing = self._act(words, line, drawing)
        start = self._time()
        won = [_money(v) for v in self.t.get("winnings") or [0] * n]
        collections = tuple(Collection(names[i], w, "main", self.first)
                            for i, w in enumerate(won) if w)
        if "_collected" in self.t:
            collections = tuple(
                Collection(names[self._player(str(p), self.first)], _money(amount), str(pot),
                           self.first) for p, pot, amount in self.t["_collected"])
        cancelled = bool(self.t.get("_cancelled"))
        uncalled: tuple[Uncalled, ...] = ()
        # Dead blinds stay in the pot; antes are layered like bets (hhtools.core.pots).
        back = None if cancelled else uncalled_bet(
            {names[i]: p - d for i, (p, d) in enumerate(zip(self.put, dead))})
        if back is not None:
            uncalled = (Uncalled(back[0], back[1], STREETS[self.street], self.first),)
        rake = self.t.get("_rake")
        if rake is None and "winnings" in self.t and not cancelled:
            rake = sum(self.put, ZERO) - sum(u.amount for u in uncalled) - sum(won, ZERO)
        button = seats[-1]
        blinds_posted: dict[str, Decimal] = {}
        for act in self.actions:
            if act.kind in ("post_sb", "post_bb") and act.amount is not None:
                blinds_posted.setdefault(act.kind, act.amount)  # the blind in place, posted first
        last = self.first + len(self.lines)
        return Hand(
            site=str(self.t.get("_site", "phh")), hand_id=str(self.t.get("hand", "")),
            tournament=self._tournament(), game=game, structure=structure, mix=None,
            currency=self.t.get("currency") or ("chips" if self._tournament() else None), small_bet=small_bet, big_bet=big_bet,
            small_blind=blinds_posted.get("post_sb"), big_blind=blinds_posted.get("post_bb"),
            ante=next((a for a in antes if a), None), table=str(self.t.get("table", "")),
            max_seats=self.t.get("seat_count"), button_seat=button, started_at=start,
            seats=tuple(sorted((Seat(s, p, st) for s, p, st in zip(seats, names, stacks)),
                               key=lambda s: s.seat)),
            hero=self.hero, hero_cards=tuple(self.hero_cards), dealt_to=tuple(names),
            actions=tuple(self.actions), shows=tuple(self.shows), uncalled=uncalled,
            collections=collections,
            summary=Summary(None, tuple(Pot(str(name), _money(amount))
                                        for name, amount in self.t.get("_pots", ())),
                            None if rake is None else _money(rake), ()),
            events=(), cancelled=cancelled, source=Source(self.path, self.first, last))

    def _check_table(self, seats: list[Any], names: list[str], seat_count: object,
                     hand_id: str) -> None:
        """Seats 0 to 10 (a Merge hand written as PHH keeps its 0-based seats), each once, no
        more than the table has; a hand id the store keeps."""
        for seat in seats:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= MAX_SEATS:
                self.fail(f"seat {seat!r} is out of range: expected a whole number from 0 to "
                          f"{MAX_SEATS}")
        if len(set(seats)) != len(seats):
            self.fail("a seat is listed twice")
        for name in names:
            if problem := name_problem(name):
                self.fail(f"the player name {name[:20]!r} is out of range: {problem}")
        if seat_count is not None and (isinstance(seat_count, bool)
                                       or not isinstance(seat_count, int)
                                       or not 2 <= seat_count <= MAX_SEATS):
            self.fail(f"seat_count {seat_count!r} is out of range: expected a whole number "
                      f"from 2 to {MAX_SEATS}")
        table = seat_count if isinstance(seat_count, int) and seat_count else MAX_SEATS
        if len(seats) > table:
            self.fail(f"{len(seats)} players at a table of {table} seats")
        if len(hand_id) > MAX_ID_LENGTH:
            self.fail(f"the hand id is out of range: expected at most {MAX_ID_LENGTH} "
                      "characters")

    def _action_lines(self, count: int) -> list[int]:
        """The file line of each action: the line holding its string in the actions array."""
        start = next((n for n in range(self.first, self.end)
                      if re.match(r"\s*actions\s*=", self.lines[n - 1])), self.first)
        out: list[int] = []
        for n in range(start, len(self.lines) + 1):
            text = self.lines[n - 1].split("=", 1)[1] if n == start else self.lines[n - 1]
            out += [n] * len(_STRING.findall(text))
            if len(out) >= count:
                return out[:count]
        return out + [start] * (count - len(out))

    def _player(self, word: str, line: int) -> int:
        if not re.fullmatch(r"p[1-9][0-9]*", word) or int(word[1:]) > len(self.names):
            self.fail(f"{word!r} is not a player of this hand", line)
        return int(word[1:]) - 1

    def _cards(self, text: str, line: int) -> tuple[Card, ...] | None:
        if set(text) <= {"?"}:
            return None
        try:
            return tuple(parse_card(text[i:i + 2]) for i in range(0, len(text), 2))
        except CardError as e:
            self.fail(str(e), line)

    def _add(self, i: int, kind: ActionKind, amount: Decimal | None, to: Decimal | None, line: int,
             **extra: Any) -> None:
        if amount:
            self.stacks[i] -= amount
            self.put[i] += amount
        self.actions.append(Action(len(self.actions), STREETS[self.street], self.names[i], kind,
                                   amount, to, bool(amount) and self.stacks[i] == 0, line=line,
                                   **extra))

    def _act(self, words: list[str], line: int, drawing: bool) -> bool:
        match words:
            case ["d", "dh", who, cards]:
                i = self._player(who, line)
                known = self._cards(cards, line)
                if known is not None:
                    self._deal(i, known, line)
                return drawing
            case [who, "sd", *cards]:
                i = self._player(who, line)
                # A new round of draws starts after betting, or straight after a round in
                # which this player drew already (nobody left to bet: all in).
                if not drawing or i in self.drawn:
                    self.drawn = set()
                    draws = GAMES[self.game].draws
                    if self.street == draws:
                        self.fail(f"draw {draws + 1}: {GAMES[self.game].title} draws "
                                  f"{'once' if draws == 1 else f'{draws} times'}", line)
                    self.street += 1
                    self.bets = [ZERO] * len(self.bets)
                self.drawn.add(i)
                text = cards[0] if cards else ""
                count = len(text) // 2
                out = self._cards(text, line) if text else ()
                if count:
                    self.pending[i] = out
                self._add(i, "discard" if count else "stand_pat", None, None, line, count=count,
                          discarded=out)
                return True
            case [who, "f"]:
                self._add(self._player(who, line), "fold", None, None, line)
            case [who, "cc"]:
                i = self._player(who, line)
                owed = min(max(self.bets) - self.bets[i], self.stacks[i])
                if owed:
                    self.bets[i] += owed
                    self._add(i, "call", owed, self.bets[i], line)
                else:
                    self._add(i, "check", None, None, line)
            case [who, "cbr", amount]:
                i = self._player(who, line)
                try:
                    to = _money(amount)
                except _ReadError as e:
                    self.fail(e.reason, line)
                kind: ActionKind = "raise" if max(self.bets) else "bet"
                added = to - self.bets[i]
                self.bets[i] = to
                self._add(i, kind, added, to, line)
            case [who, "sm", *cards]:
                i = self._player(who, line)
                shown = self._cards(cards[0], line) if cards and cards[0] != "-" else None
                self.shows.append(Show(self.names[i], "show" if cards else "muck", shown, None,
                                       line))
            case _:
                self.fail(f"cannot read the action {' '.join(words)!r}", line)
        return False

    def _deal(self, i: int, cards: tuple[Card, ...], line: int) -> None:
        """Known cards: the hero's first hand, or the replacements after a discard."""
        name = self.names[i]
        if self.hero not in (None, name):
            self.fail(f"known cards dealt to both {self.hero} and {name}", line)
        self.hero = name
        street = STREETS[self.street]
        held = self.held[i]
        out = self.pending.pop(i, None)
        if held is not None and out:
            kept = tuple(c for c in held if c not in out)
            cards_now = kept + cards
            for k in range(len(self.actions) - 1, -1, -1):
                a = self.actions[k]
                if a.player == name and a.kind == "discard":
                    self.actions[k] = _with(a, new_cards=cards)
                    break
        else:
            cards_now = cards if held is None else held
        self.held[i] = cards_now
        if self.hero_cards and self.hero_cards[-1].street == street:
            self.hero_cards[-1] = HeroCards(street, cards_now, line)
        else:
            self.hero_cards.append(HeroCards(street, cards_now, line))

    def _tournament(self) -> Tournament | None:
        event = str(self.t.get("event", ""))
        if not event.startswith("Tournament "):
            return None
        level = self.t.get("level")
        return Tournament(event.removeprefix("Tournament "), None, None, None,
                          None if level is None else str(level))

    def _time(self) -> datetime:
        t, y, mo, d = (self.t.get(k) for k in ("time", "year", "month", "day"))
        zone_name = self.t.get("time_zone") or "UTC"
        try:
            zone = ZoneInfo(zone_name)
        except (ZoneInfoNotFoundError, ValueError):
            self.fail(f"unknown time zone {zone_name!r}")
        if y and mo and d:
            t = t if isinstance(t, dtime) else dtime()
            if isinstance(y, int) and (problem := year_problem(y)):
                self.fail(f"the year {y} is out of range: {problem}")
            return datetime(y, mo, d, t.hour, t.minute, t.second, tzinfo=zone)
        return datetime(1970, 1, 1, tzinfo=timezone.utc)


def _with(action: Action, **changes: Any) -> Action:
    return dataclasses.replace(action, **changes)


def _money(value: object) -> Decimal:
    """An amount, within the bounds every site's amounts keep (hhtools.sites.values); a
    _ReadError at the table's first line (0) otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, float, str)):
        raise _ReadError(f"{value!r} is not an amount", 0)
    try:
        amount = Decimal(str(value))
    except ArithmeticError:
        raise _ReadError(f"{value!r} is not an amount", 0) from None
    problem = amount_problem(amount)
    if problem is not None:
        shown = str(value) if len(str(value)) <= 30 else str(value)[:30] + "..."
        raise _ReadError(f"the amount {shown!r} is out of range: {problem}", 0)
    return amount


