"""PokerStars tournament summary files (grammars/pokerstars_summary.lark): each tournament's
buy-in, entrants, prize pool, times and every player's place and prize, as the site writes
them once a tournament is over (or while it is still running: ``still playing``).

A summary file is recognised by its first line that is not blank (``PokerStars Tournament
#...``); hhtools.reading.parsing hands it here instead of calling it "not a hand history". A file is
cut at each such header, and each tournament is read on its own: a damaged one becomes a
HandError naming its line and what was expected, and the others are kept.

>>> found = read_summaries('''PokerStars Tournament #7, Badugi Limit
... Buy-In: $1.00/$0.20 USD
... 2 players
... Tournament started 2024/03/01 18:00:00 ET
...   1: Ann (Canada), $2.00 (100%)
...   2: Bob (Peru),
... You finished in 2nd place.'''.split("\\n"))
>>> [(t.tournament_id, t.game, t.hero, [(p.place, p.player, p.prize) for p in t.places])
...  for t in found.tournaments]
[('7', 'badugi', 'Bob', [(1, 'Ann', Decimal('2.00')), (2, 'Bob', None)])]
"""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from hhtools.core.games import get_game
from hhtools.core.records import HandError
from hhtools.core.resources import grammar_cache, grammar_text
from hhtools.errors import HHToolsError, UnknownNameError
from hhtools.sites.pokerstars import PRINTED_STRUCTURES, SUMMARY_CURRENCIES, ZONES

SITE = "pokerstars"
#: A summary's header: how a summary file is told from a hand history.
HEADER = re.compile(r"PokerStars Tournament #([0-9]+), ")
#: How each line is named in "expected ..." messages.
WORDS = {
    "HEADER": "the header 'PokerStars Tournament #N, game'",
    "BUY_IN": "the buy-in line ('Buy-In: $1.00/$0.20 USD')",
    "ENTRANTS": "the number of players ('6 players')",
    "POOL": "the prize pool ('Total Prize Pool: $6.00 USD')",
    "STARTED": "'Tournament started DATE TIME ZONE'",
    "FINISHED": "'Tournament finished DATE TIME ZONE'",
    "PLACE": "a place ('  1: name (country), $3.90 (65%)')",
    "YOU": "'You finished in Nth place.'",
    "REBUYS": "'You made N rebuys and N addons for a total of ...'",
    "$END": "the end of the tournament",
}
_SIGNS = "".join(SUMMARY_CURRENCIES)
_AMOUNT = re.compile(rf"[{re.escape(_SIGNS)}]?(?:[0-9]{{1,3}}(?:,[0-9]{{3}})+|[0-9]+)(?:\.[0-9]+)?")


@dataclass(frozen=True)
class Place:
    """One line of the places list: ``place`` None while the player is still playing;
    ``prize`` None when none is printed; ``entries`` the bracketed count of a re-entry."""

    place: int | None
    player: str
    entries: int
    country: str
    prize: Decimal | None
    line: int


@dataclass(frozen=True)
class Summary:
    """One tournament of a summary file. ``hero`` is the player listed at the place the
    ``You finished`` line gives (None without one); ``rebuys`` what the hero's rebuys and
    add-ons cost, when printed."""

    tournament_id: str
    game: str
    buy_in: Decimal | None
    bounty: Decimal | None
    fee: Decimal | None
    currency: str | None
    entrants: int
    prize_pool: Decimal | None
    started_at: datetime
    ended_at: datetime | None
    hero: str | None
    hero_place: int | None
    rebuys: Decimal | None
    places: tuple[Place, ...]
    line: int
    digest: str  # of the tournament's text: the same summary read twice is stored once


@dataclass(frozen=True)
class SummaryFile:
    """The tournaments read from a file, and the errors of those that could not be."""

    tournaments: tuple[Summary, ...]
    errors: tuple[HandError, ...]


def is_summary(lines: list[str]) -> bool:
    """Whether the first line that is not blank is a summary's header."""
    first = next((line for line in lines if line.strip()), "")
    return HEADER.match(first.strip()) is not None


def read_summaries(lines: list[str], path: str | None = None, first_line: int = 1
                   ) -> SummaryFile:
    """Every tournament of a summary file's ``lines`` (``first_line`` is the first's number)."""
    starts = [i for i, line in enumerate(lines) if HEADER.match(line.strip())]
    found: dict[str, Summary] = {}
    errors: list[HandError] = []
    for i, j in zip(starts, starts[1:] + [len(lines)]):
        try:
            summary = _read_one(lines[i:j], first_line + i, path)
            found.setdefault(summary.digest, summary)  # the same text twice is one summary
        except _LineError as e:
            errors.append(HandError(path, e.line, e.column, None, SITE, e.expected, e.got,
                                    e.reason))
    return SummaryFile(tuple(found.values()), tuple(errors))


class _LineError(HHToolsError):
    def __init__(self, line: int, column: int, reason: str, tournament: str | None = None,
                 expected: tuple[str, ...] = (), got: str | None = None):
        super().__init__(reason)
        self.line, self.column, self.reason = line, column, reason
        self.tournament, self.expected, self.got = tournament, expected, got


@functools.cache
def _parser() -> Lark:
    return Lark(grammar_text("pokerstars_summary"), parser="lalr", propagate_positions=True,
                cache=grammar_cache("pokerstars_summary"))


@functools.cache
def _pattern(terminal: str) -> re.Pattern[str]:
    """The grammar's own pattern of a line: its groups are the line's fields."""
    return re.compile(_parser().get_terminal(terminal).pattern.to_regexp())


def _read_one(lines: list[str], first: int, path: str | None) -> Summary:
    header = HEADER.match(lines[0].strip())
    assert header is not None  # read_summaries cuts the file before each header
    tournament = header[1]
    # Trailing blank lines belong to no tournament: the last line read is its last text.
    while len(lines) > 1 and not lines[-1].strip():
        lines = lines[:-1]
    text = "\n".join(lines) + "\n"
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as e:
        raise _syntax_error(e, lines, first, tournament) from None
    return _Reader(first, lines, tournament).summary(tree)


def _syntax_error(e: UnexpectedInput, lines: list[str], first: int, tournament: str
                  ) -> _LineError:
    ends = not isinstance(e, UnexpectedCharacters) and not (
        isinstance(e, UnexpectedToken) and e.token.type != "$END")
    names = e.allowed if isinstance(e, UnexpectedCharacters) else getattr(e, "expected", ())
    expected = tuple(sorted({WORDS.get(n, n) for n in names if n != "_NL"}))
    if not expected and "_NL" in names:
        expected = ("the end of the line",)
    what = " or ".join(expected) or "a summary line"
    if ends:  # the text ends too early: said at its last line
        return _LineError(first + len(lines) - 1, 1, f"tournament {tournament}: the summary "
                          f"ends too early: expected {what}", tournament, expected)
    text = lines[e.line - 1].strip()
    return _LineError(first + e.line - 1, e.column, f"tournament {tournament}: cannot read "
                      f"this line: expected {what}; got {text[:80]!r}", tournament, expected,
                      text)


class _Reader:
    """Turns one tournament's tree into a Summary, checking each value."""

    def __init__(self, first: int, lines: list[str], tournament: str):
        self.first, self.lines, self.tournament = first, lines, tournament

    def error(self, tok: Token, reason: str, field: str | None = None) -> _LineError:
        line, column = _position(tok)
        column += tok.value.find(field) if field and field in tok.value else 0
        return _LineError(self.first + line - 1, column,
                          f"tournament {self.tournament}: {reason}; in {tok.value.strip()!r}",
                          self.tournament)

    def fields(self, tok: Token) -> tuple[str | Any, ...]:
        found = _pattern(tok.type).fullmatch(tok.value)
        assert found is not None  # the token was lexed by this very pattern
        return found.groups()

    def money(self, tok: Token, text: str | None) -> Decimal | None:
        if text is None:
            return None
        if not _AMOUNT.fullmatch(text):
            raise self.error(tok, f"{text!r} is not an amount", text)
        return Decimal(text.lstrip(_SIGNS).replace(",", ""))

    def summary(self, tree: Tree[Token]) -> Summary:
        parts: dict[str, Token] = {}
        places: list[Token] = []
        endings: list[Token] = []
        for child in tree.children:
            # The grammar makes each child of a tournament a rule of one line's token.
            assert isinstance(child, Tree)
            tok = child.children[0]
            assert isinstance(tok, Token)
            if child.data == "place":
                places.append(tok)
            elif child.data in ("you", "rebuys"):
                endings.append(tok)
            else:
                parts[child.data] = tok
        _, game = self.fields(parts["header"])
        buy_in, bounty, fee, currency = self.buy_in(parts["buy_in"])
        entrants = int(self.fields(parts["entrants"])[0].replace(",", ""))
        pool = None
        if "pool" in parts:
            amount, code = self.fields(parts["pool"])
            pool = self.money(parts["pool"], amount)
            currency = currency or code or SUMMARY_CURRENCIES.get(amount[:1])
        started = self.time(parts["started"])
        ended = self.time(parts["finished"]) if "finished" in parts else None
        listed = self.places(places, entrants)
        hero_place = rebuys = None
        for tok in endings:
            if tok.type == "YOU":
                hero_place = int(self.fields(tok)[0])
            else:
                *_, amount = self.fields(tok)
                rebuys = self.money(tok, amount)
        at = [p.player for p in listed if p.place is not None and p.place == hero_place]
        digest = hashlib.sha1("\n".join(line.rstrip() for line in self.lines).encode()
                              ).hexdigest()[:16]
        return Summary(self.tournament, _game(game), buy_in, bounty, fee, currency, entrants,
                       pool, started, ended, at[0] if len(at) == 1 else None, hero_place,
                       rebuys, tuple(listed), self.first, digest)

    def buy_in(self, tok: Token) -> tuple[Decimal | None, Decimal | None, Decimal | None,
                                          str | None]:
        *amounts, code = self.fields(tok)
        amounts = [a for a in amounts if a is not None]
        if not amounts:  # a freeroll
            return Decimal(0), None, None, None
        money = [self.money(tok, a) for a in amounts]
        signs = {a[0] for a in amounts if a[0] in SUMMARY_CURRENCIES}
        if len(signs) > 1:
            raise self.error(tok, "the buy-in's parts are in different currencies")
        currency = code or (SUMMARY_CURRENCIES[signs.pop()] if signs else None)
        # As in a hand's header: buy-in and fee, or buy-in, bounty and fee.
        if len(money) == 1:
            return money[0], None, None, currency
        if len(money) == 2:
            return money[0], None, money[1], currency
        return money[0], money[1], money[2], currency

    def time(self, tok: Token) -> datetime:
        text, zone, et = self.fields(tok)
        name = ZONES.get(zone or "ET")
        if name is None:
            if et is None or not et.endswith(" ET"):
                raise self.error(tok, f"unknown time zone {zone!r}", zone)
            text, name = et.removesuffix(" ET"), ZONES["ET"]
        try:
            local = datetime.strptime(text, "%Y/%m/%d %H:%M:%S").replace(tzinfo=ZoneInfo(name))
        except ValueError:
            raise self.error(tok, f"{text!r} is not a date and time", text) from None
        return local.astimezone(timezone.utc)

    def places(self, toks: list[Token], entrants: int) -> list[Place]:
        listed: list[Place] = []
        seen: set[int] = set()
        for tok in toks:
            number, player, entries, country, playing, prize, _share = self.fields(tok)
            place = None if playing else int(number)
            if place is not None:
                if not 1 <= place <= entrants:
                    raise self.error(tok, f"place {number} of {entrants} players: expected 1 "
                                     f"to {entrants}", number)
                if place in seen:
                    raise self.error(tok, f"place {number} is listed twice", number)
                seen.add(place)
            listed.append(Place(place, player, int(entries or 1), country,
                                self.money(tok, prize), self.first + _position(tok)[0] - 1))
        return listed


def _position(tok: Token) -> tuple[int, int]:
    """The line (in the tournament) and column of a token, which the parser always gives."""
    assert tok.line is not None and tok.column is not None  # propagate_positions
    return tok.line, tok.column


def _game(text: str) -> str:
    """The game as hands name it (``badugi``, ``2-7``) when hhtools knows it, else as written
    (``No Limit Hold'em``): the structure may come before the game or after it."""
    name = text
    for structure in PRINTED_STRUCTURES:
        if name.endswith(" " + structure):
            name = name[:-len(structure) - 1]
            break
        if name.startswith(structure + " "):
            name = name[len(structure) + 1:]
            break
    try:
        return get_game(name).name
    except UnknownNameError:
        return text
