"""Merge / Carbon Poker: XML histories, read with the standard library's XML parser, not a grammar.

A file is not one XML document: a ``<description type=... stakes=.../>`` element, then
``<game>`` elements separated by blank lines, with no root (FORMATS.md 5). Every game depends
on the description before it, so the site reads the whole file (``read_document``) and parses
each element on its own. Seats are 0-based and kept as written. ``RAISE`` gives the street
total, ``CALL``/``ALL_IN``/``BET`` the chips added. A winner's amount is after rake and
includes the unmatched part of the last bet: the record splits it into an uncalled bet and a
collection, and the rake is what went in less what came out. ``starttime`` has no zone; it is
UTC-5 all year.

Files declaring a DOCTYPE or an ENTITY are refused before any XML is parsed: expat expands
internal entities (an "XML bomb" grows exponentially) and would resolve external ones, and no
Merge history declares either.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from decimal import Decimal
from typing import NoReturn
from xml.parsers import expat
from zoneinfo import ZoneInfo

from hhtools.core.cards import Card
from hhtools.core.games import get_game
from hhtools.core.records import Event, Hand, HandError, SkippedHand, Source, Tournament
from hhtools.core.vocabulary import (
    STRUCTURE_WORDS,
    ActionKind,
    Street,
    currencies,
    structure_words,
)
from hhtools.core.words import plural
from hhtools.errors import UnknownNameError
from hhtools.sites.base import (
    ZERO,
    HandBuilder,
    LineError,
    LineToken,
    Site,
    SkipHand,
    Tables,
    column_of,
)
from hhtools.sites.values import (
    MAX_ACTIONS,
    MAX_SEATS,
    card_count,
    check_hand_id,
    check_year,
    shortened,
    table_size,
    whole_number,
)

#: The start time is UTC-5 all year (compared with the events' epoch timestamps); the IANA
#: name for a fixed UTC-5 is written with the opposite sign.
ZONE = ZoneInfo("Etc/GMT+5")
#: Before this date FPDB reads RAISE amounts as raise-by rather than raise-to (FORMATS.md 5).
RAISE_TO_SINCE = datetime(2010, 9, 8, tzinfo=ZONE)
GAMES = {"badugi": "badugi", "2-7 lowball": "2-7", "a-5 lowball": "a-5",
         "badeucy": "badeucy", "badeucey": "badeucy", "badacey": "badacey"}
STREETS: dict[str, Street] = {"FIRST_DRAW": "draw1", "SECOND_DRAW": "draw2",
                              "THIRD_DRAW": "draw3"}
# INITIAL_BLIND is a newcomer's live big blind (it checks when the action comes back to it).
_POSTS: dict[str, ActionKind] = {"SMALL_BLIND": "post_sb", "BIG_BLIND": "post_bb",
                                 "INITIAL_BLIND": "post_bb", "ANTE": "post_ante"}
#: The structure words of Merge's stakes, the longest first (a word that starts another is
#: tried after it).
PRINTED_STRUCTURES = structure_words("Half Pot Limit", "Pot Limit", "No Limit",
                                     "Fixed Limit", "Limit")
# "Limit $1/$2", "Pot Limit ($0.05/$0.10)", a tournament's "Limit Level 3 Blinds (20/40)"; a
# second pair after the first (FPDB then takes the blinds from the posts) is not read.
_STAKES = re.compile(rf"\s*({'|'.join(PRINTED_STRUCTURES)})\s*"
                     r"(?:Level [0-9]+ Blinds\s*)?\(?\s*"
                     r"([^\s/()]+)\s*/\s*([^\s/()]+)\s*\)?(?:\s+\(?[^\s/()]+/[^\s/()]+\)?)?\s*")
# Rounds with no betting: a player sitting out there folds nothing.
_NO_BETTING = {"BLINDS", "SHOWDOWN", "END_OF_FOLDED_GAME", "END_OF_GAME"}
#: The currency signs Merge prints.
_CURRENCIES = currencies("$€£")
# A line starting a game or a description: a game not closed before it was cut short.
_ELEMENT_START = re.compile(r"\s*<(?:game|description)\b")
# Anything that declares a document type or entities; checked on the raw text, before expat.
DECLARATION = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)


def _declarations(lines: Sequence[str], start: int
                  ) -> Iterator[tuple[int, str, re.Match[str]]]:
    """(line number, line, match) of each declaration outside XML comments, from the line
    index ``start``: a comment may mention ``<!DOCTYPE`` (a note left by a converter), and
    expat ignores what a comment holds, so it declares nothing."""
    in_comment = False
    for n, line in enumerate(lines[start:], start + 1):
        text = line
        if in_comment:
            end = text.find("-->")
            if end < 0:
                continue
            text = " " * (end + 3) + text[end + 3:]
            in_comment = False
        # Blanked, not removed, so that a column stays the column of the line.
        bare = _COMMENT.sub(lambda c: " " * len(c.group()), text)
        in_comment = text.rfind("<!--") > text.rfind("-->")  # opened, not closed on this line
        m = DECLARATION.search(bare)
        if m:
            yield n, line, m


def _line(text: str, line: int) -> LineToken:
    """A source line as the token the shared builder helpers take: its text and number."""
    return LineToken(text, "UNKNOWN", (), line)


@dataclasses.dataclass(slots=True)
class _Element:
    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[_Element] = dataclasses.field(default_factory=list)


class _XMLError(Exception):
    def __init__(self, reason: str, line: int, column: int):
        super().__init__(reason)
        self.reason, self.line, self.column = reason, line, column


def parse_element(text: str, first: int) -> _Element:
    """One element (a ``<game>`` or the ``<description>``) as a tree with its line numbers.

    The parser refuses any DOCTYPE, entity declaration or external entity reference on its
    own, even though ``read_document`` has already refused such files: defence in depth.
    """
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[_Element] = []
    root: list[_Element] = []

    def refuse(what: str) -> Callable[..., NoReturn]:
        def handler(*args: object) -> NoReturn:
            raise _XMLError(f"{what} refused", first + parser.CurrentLineNumber - 1,
                            parser.CurrentColumnNumber + 1)
        return handler

    parser.StartDoctypeDeclHandler = refuse("a DOCTYPE declaration is")
    parser.EntityDeclHandler = refuse("an ENTITY declaration is")
    parser.ExternalEntityRefHandler = refuse("an external entity is")

    def start(tag: str, attrs: dict[str, str]) -> None:
        element = _Element(tag, attrs, first + parser.CurrentLineNumber - 1,
                           parser.CurrentColumnNumber + 1)
        (stack[-1].children if stack else root).append(element)
        stack.append(element)

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: stack.pop()
    try:
        parser.Parse(text, True)
    except expat.ExpatError as e:
        raise _XMLError(f"not well-formed XML: {expat.ErrorString(e.code)}",
                        first + e.lineno - 1, e.offset + 1) from None
    return root[0]


class MergeBuilder(HandBuilder):
    """Turns one ``<game>`` element into a Hand."""

    FIRST_SEAT = 0

    def __init__(self, site: Site, path: str | None, hand_id: str | None,
                 lines: Sequence[str]) -> None:
        super().__init__(site, path, hand_id)
        self.lines = lines
        self.by_seat: dict[str, str] = {}
        self.raise_by = False
        #: (player, amount, pot number, line, pot name) per <winner>.
        self.winners: list[tuple[str, Decimal, int, LineToken, str]] = []

    def tok(self, element: _Element) -> LineToken:
        return _line(self.lines[element.line - 1].strip(), element.line)

    def need(self, element: _Element, name: str) -> str:
        value = element.attrs.get(name)
        if value is None:
            raise LineError(self.tok(element), f"<{element.tag}> has no {name} attribute")
        return value

    def amount(self, element: _Element) -> Decimal:
        return self.money(self.tok(element), self.need(element, "amount"))

    def seat_player(self, element: _Element, attr: str = "player") -> str:
        seat = self.need(element, attr)
        try:
            return self.by_seat[seat]
        except KeyError:
            raise LineError(self.tok(element), f"nobody sits in seat {seat}",
                            column_of(self.tok(element), f'{attr}="{seat}"')) from None

    def describe(self, element: _Element, description: _Element) -> None:
        tok = self.tok(description)
        kind = description.attrs.get("type", "")
        stakes = description.attrs.get("stakes", "")
        tournament = kind.endswith(" Tournament")
        kind = kind.removesuffix(" Tournament")
        try:
            game = get_game(GAMES.get(kind.lower(), kind))
        except UnknownNameError:
            raise SkipHand(kind) from None
        self.game = game
        m = _STAKES.fullmatch(stakes)
        if m is None:
            raise LineError(tok, f"cannot read the stakes {stakes!r}", column_of(tok, stakes))
        structure, small, big = m.groups()
        self.structure = STRUCTURE_WORDS[structure.lower()]
        self.small_bet, self.big_bet = self.money(tok, small), self.money(tok, big)
        symbol = small[0] if not small[0].isdigit() else ""
        self.currency = "chips" if tournament else _CURRENCIES.get(symbol)
        if element.attrs.get("realmoney") == "false" and not tournament:
            self.currency = None  # play chips
        if tournament:
            # data="DATE|NAME|TOURNAMENT-TABLE|...": the third field names both.
            data = element.attrs.get("data", "").split("|")
            number = data[2].partition("-")[0] if len(data) > 2 else self.hand_id
            assert number is not None  # (check_hand_id has read the game's id)
            self.tournament = Tournament(number, None, None, None, None)

    def read(self, game: _Element, description: _Element) -> None:
        tok = self.tok(game)
        self.describe(game, description)
        holes = game.attrs.get("numholecards")
        if holes is not None and holes != str(self.game.hand_size):
            raise LineError(tok, f"{holes} hole cards for {self.game.title}, which deals "
                            f"{self.game.hand_size}", column_of(tok, "numholecards"))
        start = self.need(game, "starttime")
        try:
            self.started_at = datetime.strptime(start, "%Y%m%d%H%M%S").replace(tzinfo=ZONE)
        except ValueError:
            raise LineError(tok, f"{start!r} is not a start time", column_of(tok, start)) from None
        check_year(tok, self.started_at.year, start)
        self.raise_by = self.started_at < RAISE_TO_SINCE
        data = game.attrs.get("data", "").split("|")
        self.table = data[1] if len(data) > 1 else ""
        if self.tournament is not None and len(data) > 2 and "-" in data[2]:
            self.table = data[2].partition("-")[2]
        seats = game.attrs.get("seats")
        if seats is not None:
            self.max_seats = table_size(tok, seats)
        for child in game.children:
            # A table of the elements a game holds, not getattr: "event" would find
            # HandBuilder.on_event, the handler of text lines.
            handler = _GAME_ELEMENTS.get(child.tag)
            if handler is None:
                raise LineError(self.tok(child), f"unexpected <{child.tag}> in a game")
            handler(self, child)
        self.settle(tok)

    def on_players(self, element: _Element) -> None:
        tok = self.tok(element)
        dealer = self.need(element, "dealer")
        self.dealt_to = []
        for p in element.children:
            ptok = self.tok(p)
            if p.tag != "player":
                raise LineError(ptok, f"unexpected <{p.tag}> among the players")
            seat, name = self.need(p, "seat"), self.need(p, "nickname")
            dealt = p.attrs.get("dealtin", "true") == "true"
            self.add_seat(ptok, seat, name, self.need(p, "balance"), not dealt,
                          None if dealt else 'dealtin="false"')
            self.by_seat[seat] = name
            if dealt:
                self.dealt_to.append(name)
        if dealer not in self.by_seat:
            raise LineError(tok, f"the dealer seat {dealer!r} is not a seat of this table",
                            column_of(tok, f'dealer="{dealer}"'))
        self.button = int(dealer)

    def on_round(self, element: _Element) -> None:
        which = element.attrs.get("id", "")
        if which in STREETS:
            self.new_street(STREETS[which])
        for child in element.children:
            if child.tag == "event":
                self.event(child, which)
            elif child.tag == "cards":
                self.on_cards(child)
            elif child.tag == "winner":
                self.on_winner(child)
            else:
                raise LineError(self.tok(child), f"unexpected <{child.tag}> in a round")

    def event(self, e: _Element, round_id: str) -> None:
        tok = self.tok(e)
        kind = e.attrs.get("type", "")
        if kind == "CHAT":
            # Chat names the player by nickname, not seat, and reuses sequence numbers.
            self.add_event(Event("chat", e.attrs.get("player"), e.attrs.get("text", ""),
                                 tok.line))
            return
        if kind == "GAME_CANCELLED":
            self.cancelled = True
            self.add_event(Event("cancelled", None, tok.text, tok.line))
            return
        if kind == "SHOW":
            return  # the cards come in the SHOWN element of the same round
        player = self.seat_player(e)
        if kind in _POSTS:
            self.post(tok, player, _POSTS[kind], self.need(e, "amount"), False)
        elif kind == "FOLD":
            self.act(tok, player, "fold")
        elif kind == "CHECK":
            self.act(tok, player, "check")
        elif kind == "CALL":
            self.wager(tok, player, "call", added=self.amount(e))
        elif kind == "BET":
            self.wager(tok, player, "bet", added=self.amount(e))
        elif kind == "RETURN_BLIND":
            self.return_blind(tok, player, self.need(e, "amount"))
        elif kind in ("SIT_OUT", "LEAVE") and round_id not in _NO_BETTING and not any(
                a.player == player and a.kind == "fold" for a in self.actions):
            if kind == "LEAVE":
                # Left with chips in a pot still played for: nobody says what became of them.
                self.skip(tok, "a player leaving mid-hand")
            self.act(tok, player, "fold")  # sat out in the middle of a hand: folded
        elif kind in ("RAISE", "COMPLETE"):  # outside stud a completion is a raise to X
            value = self.amount(e)
            if self.raise_by:
                value += max(self.committed.values(), default=ZERO)
            self.wager(tok, player, "raise", to=value)
        elif kind == "ALL_IN":
            # The chips added; whether that calls, bets or raises depends on the street so far.
            added = self.amount(e)
            top = max(self.committed.values(), default=ZERO)
            to = self.committed.get(player, ZERO) + added
            what: ActionKind = "call" if to <= top else "raise" if top else "bet"
            self.wager(tok, player, what, added=added, all_in=True)
        elif kind == "DRAW":
            count = self.need(e, "text")
            self.draw(tok, player, card_count(tok, count, where=f'text="{count}"'), None)
        elif kind == "MUCK":
            # After everyone else folded the winner "mucks": wins without showing.
            self.show(tok, player, "no_show" if round_id == "END_OF_FOLDED_GAME" else "muck",
                      None)
        elif "amount" in e.attrs:
            # An event that moves money must be read, never kept as a mere table event.
            raise LineError(tok, f"unknown event type {kind!r} with an amount",
                            column_of(tok, kind))
        else:
            self.add_event(Event(kind.lower(), player, tok.text, tok.line))

    def return_blind(self, tok: LineToken, player: str, amount: str) -> None:
        """A returning player's blind: below the big blind it is a dead small blind, equal to
        it a live big blind, above it both (the small blind part dead)."""
        value = self.money(tok, amount)
        big = self.blinds.get("post_bb", self.small_bet)
        if value < big:
            self.post_with_dead(tok, player, "post_dead", ZERO, value, False)
        elif value == big:
            self.post(tok, player, "post_bb", amount, False)
        else:
            self.post_small_and_big(tok, player, amount, False)

    def on_cards(self, element: _Element) -> None:
        tok = self.tok(element)
        kind = element.attrs.get("type", "")
        player = self.seat_player(element)
        text = self.need(element, "cards")
        cards = self.cards(tok, text.replace(",", " "), self.game.hand_size)
        if kind == "SHOWN":
            self.show(tok, player, "show", cards)
            return
        if kind == "MUCKED":
            # Cards of a player who mucked at showdown: they join that player's MUCK event.
            for entry in self.shows:
                if entry.player == player and entry.kind == "muck" and entry.cards is None:
                    entry.cards = cards
                    return
            self.show(tok, player, "muck", cards)
            return
        if kind not in ("HOLE", "DRAW_DRAWN_CARDS"):
            raise LineError(tok, f"unknown cards type {kind!r}", column_of(tok, kind))
        if self.hero not in (None, player):
            raise LineError(tok, f"cards dealt face up to both {self.hero} and {player}",
                            column_of(tok, "player"))
        self.hero = player
        if kind == "DRAW_DRAWN_CARDS" and self.hero_cards:
            # Replacements take the discards' places, so comparing the hands gives both.
            before = self.hero_cards[-1].cards
            out = tuple(b for b, a in zip(before, cards) if a != b)
            new = tuple(a for b, a in zip(before, cards) if a != b)
            self.hero_discards(tok, player, out, new)
        self.hero_hand(tok, cards)

    def hero_discards(self, tok: LineToken, player: str, out: tuple[Card, ...],
                      new: tuple[Card, ...]) -> None:
        for i in range(len(self.actions) - 1, -1, -1):
            a = self.actions[i]
            if a.street != self.street:
                break
            if a.player == player and a.kind in ("discard", "stand_pat"):
                if a.count != len(out):
                    raise LineError(tok, f"{player} discarded {plural(a.count, 'card')} but "
                                    f"{len(out)} changed", column_of(tok, "cards"))
                self.actions[i] = dataclasses.replace(a, discarded=out, new_cards=new)
                return
        raise LineError(tok, f"new cards for {player}, who has not drawn in this round")

    def on_winner(self, element: _Element) -> None:
        tok = self.tok(element)
        player = self.seat_player(element)
        text = self.need(element, "potnumber")
        # One pot per player at most: 0 or 1 is the main pot, 2 the first side pot...
        number = whole_number(tok, text, "pot number", 0, MAX_SEATS, f'potnumber="{text}"')
        pot = "main" if number <= 1 else f"side {number - 1}"
        self.winners.append((player, self.amount(element), number, tok, pot))

    def settle(self, tok: LineToken) -> None:
        """Split the winners' amounts into the uncalled bet and collections; derive the rake."""
        if self.cancelled:
            return
        paid: dict[str, Decimal] = {}
        for a in self.actions:
            if a.amount:
                paid[a.player] = paid.get(a.player, ZERO) + a.amount
        ranked = sorted(paid.items(), key=lambda kv: kv[1], reverse=True)
        owner: str | None = None
        excess = ZERO
        if ranked:
            second = ranked[1][1] if len(ranked) > 1 else ZERO
            owner, excess = ranked[0][0], ranked[0][1] - second
        amounts = [w[1] for w in self.winners]
        if excess:
            # The unmatched part is inside the owner's winner amount (its last pot first).
            left = excess
            for i in sorted(range(len(self.winners)), key=lambda i: -self.winners[i][2]):
                if self.winners[i][0] == owner and left:
                    take = min(left, amounts[i])
                    amounts[i] -= take
                    left -= take
            if left:
                raise LineError(self.winners[-1][3] if self.winners else tok,
                                f"{owner}'s unmatched {excess} is not in the winners' "
                                "amounts")
            assert owner is not None  # (an excess is someone's)
            self.return_uncalled(tok, owner, str(excess))
            self.uncalled[-1] = dataclasses.replace(
                self.uncalled[-1], line=self.winners[-1][3].line if self.winners else tok.line)
        for (player, _, _, wtok, pot), amount in zip(self.winners, amounts):
            if not amount and 'uncalled="true"' in wtok.text:
                # A winner element that only gives a bettor back the unmatched part of the
                # bet (the bettor won no pot) is the uncalled bet, not a win.
                continue
            self.collect(wtok, player, str(amount), pot)
        rake = sum(paid.values(), ZERO) - excess - sum(amounts, ZERO)
        if rake < 0:
            raise LineError(self.winners[-1][3] if self.winners else tok,
                            f"the winners receive {-rake} more than was bet")
        self.rake = rake

#: The elements a <game> holds, and their handlers.
_GAME_ELEMENTS: dict[str, Callable[[MergeBuilder, _Element], None]] = {
    "players": MergeBuilder.on_players, "round": MergeBuilder.on_round,
    "cards": MergeBuilder.on_cards, "winner": MergeBuilder.on_winner}


D = Decimal
#: What Merge histories record, and the tables they show (hhtools generate deals them).
TABLES = Tables(
    ("badugi", "2-7", "5-card-draw"), ("fixed-limit", "pot-limit", "half-pot-limit"),
    {"badugi": 6, "2-7": 6, "5-card-draw": 6},
    ((D(1), D(2), D("0.50"), D(1), None), (D(5), D(10), D(2), D(5), None)),
    ((D("0.05"), D("0.10"), D("0.05"), D("0.10"), None),
     (D("0.50"), D(1), D("0.50"), D(1), None)),
    (D("0.03"), D(3)), ZONE.key, "USD",
    why="Merge histories know Badugi and 2-7 (gametype 71 and 67) in Limit, Pot "
        "Limit and Half Pot Limit, and Pot Limit 5 Card Draw (gametype 55); no No "
        "Limit",
    game_structures={"5-card-draw": ("pot-limit",)})


class Merge(Site):
    """Merge / Carbon Poker XML hand histories."""

    name = "merge"
    title = "Merge"
    grammar = ""
    # The description starts a file; a game starts a hand (group 1: its id).
    hand_start = re.compile(r'\s*<(?:game\b[^>]*?\bid="([^"]*)"|description\b)')
    descriptions = {"HEADER": "a Merge '<description type=... stakes=.../>' then <game> "
                              "elements"}
    builder = MergeBuilder
    tables = TABLES

    def read_hand(self, lines: Sequence[str], first: int, path: str | None, step: int = 1
                  ) -> Hand | SkippedHand | HandError:  # pragma: no cover - read_document is used
        raise NotImplementedError("Merge hands depend on the file's description: "
                                  "use read_document")

    def read_document(self, lines: Sequence[str], path: str | None, start: int = 0,
                      description: _Element | None = None
                      ) -> tuple[list[Hand], list[SkippedHand], list[HandError], int]:
        """Every game of a Merge file: hands, skipped hands, errors and stray lines.

        A part of a large file (hhtools.reading.slicing) is read from the line index ``start`` (the
        lines before it are blank but for the ``description`` in force there, already read).
        """
        for n, line, m in _declarations(lines, start):
            if m:  # the first one found refuses the file
                return [], [], [HandError(
                    path, n, m.start() + 1, None, self.name, (), line.strip()[:80],
                    f"refused: the file declares a {m.group(1).upper()}; Merge histories "
                    "never do, and entity declarations can expand without bound (an XML "
                    "bomb) or read other files (external entities)")], 0
        hands: list[Hand] = []
        skipped: list[SkippedHand] = []
        errors: list[HandError] = []
        stray = 0
        i, n = start, len(lines)
        while i < n:
            text = lines[i].strip()
            if not text or text.startswith("<?xml"):
                i += 1
                continue
            if text.startswith("<description"):
                j, _ = self._end(lines, i, ("/>", "</description>"))
                try:
                    description = parse_element("\n".join(lines[i:j]), i + 1)
                except _XMLError as e:
                    errors.append(HandError(path, e.line, e.column, None, self.name, (),
                                            lines[e.line - 1].strip(), e.reason))
                    description = None
                i = j
                continue
            if text.startswith("<game"):
                j, closed = self._end(lines, i, ("</game>",))
                if closed:
                    record = self._game(lines, i, j, path, description)
                else:
                    record = self._cut_short(lines, i, j, path)
                if isinstance(record, Hand):
                    hands.append(record)
                elif isinstance(record, SkippedHand):
                    skipped.append(record)
                else:
                    errors.append(record)
                i = j
                continue
            stray += 1
            i += 1
        if not hands and not skipped and not errors and stray:
            first = next(k for k, line in enumerate(lines, 1) if line.strip())
            errors.append(HandError(path, first, 1, None, self.name,
                                    (self.describe("HEADER"),), lines[first - 1].strip(),
                                    f"no Merge game found: expected {self.describe('HEADER')}"))
        return hands, skipped, errors, stray

    # A Merge file is cut only before a game that follows a closed one, and every slice
    # carries the file's <description>, which gives the games their game and stakes.
    slices_carry_head = True

    def slice_head(self, lines: Sequence[str]) -> tuple[int, str] | None:
        begin = next((i for i, line in enumerate(lines)
                      if line.lstrip().startswith("<description")), None)
        if begin is None:
            return None
        end = next((j for j in range(begin, len(lines))
                    if "/>" in lines[j] or "</description>" in lines[j]), None)
        if end is None:
            return None
        return begin + 1, "\n".join(lines[begin:end + 1])

    def keeps_whole(self, text: str, first: bool) -> bool:
        # A second description changes the games after it; a declaration refuses the file.
        return (text.count("<description") > (1 if first else 0)
                or DECLARATION.search(text) is not None)

    def cuts_before(self, line: str, previous: str | None) -> bool:
        # An unclosed game runs to the next element.
        return line.lstrip().startswith("<game") and (
            previous is None or previous.strip().endswith("</game>"))

    def read_slice(self, lines: Sequence[str], path: str | None, start: int,
                   head: tuple[int, str]
                   ) -> tuple[list[Hand], list[SkippedHand], list[HandError], int]:
        line, described = head
        return self.read_document(lines, path, start=start,
                                  description=self.read_description(described, line))

    @staticmethod
    def read_description(text: str, first: int) -> _Element | None:
        """The ``<description>`` whose text starts at line ``first``; None if it does not
        read (the games after it are then rejected, as in the whole file)."""
        try:
            return parse_element(text, first)
        except _XMLError:
            return None

    @staticmethod
    def _end(lines: Sequence[str], i: int, closers: tuple[str, ...]) -> tuple[int, bool]:
        """Index just past the line closing the element that starts at line index ``i``, and
        True; or, for an element cut short, the index of the next element's first line (or
        the end) and False: a game cut short costs itself, not the game after it."""
        for j in range(i, len(lines)):
            if j > i and _ELEMENT_START.match(lines[j]):
                return j, False
            if any(c in lines[j] for c in closers):
                return j + 1, True
        return len(lines), False

    def _cut_short(self, lines: Sequence[str], i: int, j: int, path: str | None) -> HandError:
        m = self.hand_start.match(lines[i])
        last = j
        while last > i + 1 and not lines[last - 1].strip():
            last -= 1
        end = (f"the next element starts at line {j + 1}" if j < len(lines)
               else "the file ends")
        return HandError(path, last, len(lines[last - 1]) + 1, m.group(1) if m else None,
                         self.name, ("</game>",), lines[last - 1].strip(),
                         f"this game is cut short: expected </game> before {end}")

    def _game(self, lines: Sequence[str], i: int, j: int, path: str | None,
              description: _Element | None) -> Hand | SkippedHand | HandError:
        m = self.hand_start.match(lines[i])
        hand_id = m.group(1) if m else None
        try:
            game = parse_element("\n".join(lines[i:j]), i + 1)
        except _XMLError as unread:  # (each handler's own name: mypyc types one name once)
            return HandError(path, unread.line, unread.column, hand_id, self.name, (),
                             lines[unread.line - 1].strip(), unread.reason)
        if game.tag != "game":
            return HandError(path, i + 1, 1, hand_id, self.name, ("a <game> element",),
                             lines[i].strip(), f"expected a <game> element, got <{game.tag}>")
        if description is None:
            return HandError(path, i + 1, 1, hand_id, self.name, ("a <description>",),
                             lines[i].strip(), "no <description> element before this game "
                             "gives its game and stakes")
        builder = MergeBuilder(self, path, hand_id, lines)
        try:
            check_hand_id(builder.tok(game), hand_id)
            builder.read(game, description)
            if len(builder.actions) > MAX_ACTIONS:
                line = builder.actions[MAX_ACTIONS].line
                raise LineError(_line(lines[line - 1].strip(), line),
                                f"more than {MAX_ACTIONS} actions in one hand: expected at "
                                f"most {MAX_ACTIONS}")
            return builder.finish(i + 1, j)
        except SkipHand as skip:
            return SkippedHand(self.name, hand_id, shortened(skip.game), Source(path, i + 1, j))
        except LineError as bad:
            return HandError(path, bad.token.line, bad.column, hand_id, self.name, (),
                             bad.token.text, f"{bad.reason}; in {bad.token.text!r}")
        except Exception as e:  # noqa: BLE001 - a bad game must never stop the file
            # As parsing._read_hand does for the text sites: a bug costs only its game.
            return HandError(path, i + 1, 1, hand_id, self.name, (), lines[i].strip(),
                             f"internal error while reading this game ({type(e).__name__}: "
                             f"{e}); please report it")
