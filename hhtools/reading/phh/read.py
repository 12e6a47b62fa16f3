"""Reading PHH: a ``.phh`` file (one hand) or a ``.phhs`` file (tables of hands) into Hand
records, each table's actions replayed (``read_phh``); what cannot be read is a HandError
naming its line."""

from __future__ import annotations

import dataclasses
import re
import tomllib
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
from hhtools.core.pots import ZERO, uncalled_bet
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
)
from hhtools.core.vocabulary import ActionKind
from hhtools.errors import CardError
from hhtools.reading.phh.codes import VARIANT_CODES, variant
from hhtools.reading.phh_bounds import MAX_ACTIONS, bounds_problem, phh_bytes
from hhtools.sites.values import (
    MAX_ID_LENGTH,
    MAX_SEATS,
    amount_problem,
    name_problem,
    year_problem,
)

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')


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
        named = variant(code)
        if named is None:
            self.fail(f"unknown variant {code!r}: hhtools reads {', '.join(VARIANT_CODES)}")
        structure, game = named
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


