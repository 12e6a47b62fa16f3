"""A game night of Whisky Poker or La Viuda as the table wrote it down: read into records.

``read_night(text, path)`` parses the text with ``grammars/gamenight.lark`` and returns a
``Night``, or raises ``RecordError``: the file, line and column, and what was expected there
(the way the poker site parsers report a line they cannot read). The grammar holds the order of
the deal's parts; this module checks what the grammar cannot: the names seated, the order of
the lines after the showdown, the cards as cards of the game's pack. What the rules say about
the night is hhtools.commerce.audit's.

A card nobody saw is written ``??`` and read as None.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from decimal import Decimal

from lark import (
    Lark,
    Token,
    Tree,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from lark.tree import Meta

from hhtools.commerce.cards import JOKER, parse_card_or_joker, parse_rank
from hhtools.commerce.header import HEADERS
from hhtools.core.cards import Card
from hhtools.core.resources import grammar_cache, grammar_dir, grammar_text
from hhtools.errors import CardError, RecordError


@dataclass(frozen=True, slots=True)
class Seat:
    number: int
    name: str
    chips: int
    line: int


@dataclass(frozen=True, slots=True)
class Turn:
    """One line of play: ``kind`` is pass, knock, exchange_all, exchange_one or turned_up (the
    widow turned face up; no player). ``gives``/``takes`` are the cards recorded, None when
    not written; a card not seen is None within them."""

    kind: str
    player: str | None
    line: int
    text: str
    gives: tuple[Card | None, ...] | None = None
    takes: tuple[Card | None, ...] | None = None

    @property
    def by(self) -> str:
        """The player of the turn: every kind but turned_up has one (the grammar's)."""
        assert self.player is not None, self.kind
        return self.player


@dataclass(frozen=True, slots=True)
class After:
    """One line after the showdown: ``kind`` is shows, drawn, manotazo, takes, pays, out, buys,
    declines, wins or loses."""

    kind: str
    player: str | None
    line: int
    text: str
    cards: tuple[Card | None, ...] = ()
    count: int = 0
    amount: Decimal | None = None
    draws: tuple[tuple[str, Card | None], ...] = ()

    @property
    def by(self) -> str:
        """The line's player: every kind but drawn and manotazo has one (the grammar's)."""
        assert self.player is not None, self.kind
        return self.player


@dataclass(slots=True)
class Deal:
    number: int
    dealer: str
    line: int
    pool: int
    pool_line: int
    wild: str | None
    wild_line: int | None
    #: Each player's five cards as dealt, in the order written, with the line.
    hands: dict[str, tuple[tuple[Card | None, ...], int]]
    widow: tuple[Card | None, ...]
    widow_line: int
    turns: list[Turn]
    showdown_line: int
    after: list[After]


@dataclass(slots=True)
class Night:
    game: str
    title: str
    scoring: str
    chip: Decimal | None
    seats: list[Seat]
    deals: list[Deal]
    path: str | None = None
    lines: list[str] = field(default_factory=list)
    #: The currency sign the record writes amounts with ("$"), or "".
    currency: str = ""

    def money(self, amount: Decimal | None) -> str:
        """An amount as the record writes it: ``$2``."""
        return "?" if amount is None else f"{self.currency}{amount}"

    @property
    def seat_of(self) -> dict[str, int]:
        return {s.name: s.number for s in self.seats}


def read_night_file(path: str) -> Night:
    """The night in a file (UTF-8)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError as e:
        raise RecordError(path, 1, 1, f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    except OSError as e:
        raise RecordError(path, 1, 1, f"cannot read the file: {e.strerror}") from None
    return read_night(text, path)


def read_night(text: str, path: str | None = None) -> Night:
    """Parse a night (see the module docstring)."""
    text = text.lstrip("\ufeff")
    if not text.endswith("\n"):
        text += "\n"
    lines = text.split("\n")
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as e:
        raise _syntax_error(e, path, lines) from None
    night = _Builder(path, lines).night(tree)
    night.lines = lines
    return night


@functools.cache
def _parser() -> Lark:
    return Lark(grammar_text("gamenight"), parser="lalr", propagate_positions=True,
                import_paths=[str(grammar_dir())], cache=grammar_cache("gamenight"))


# Words for the named terminals in "expected ..." messages; the grammar's quoted words are
# shown quoted.
_TERMINAL_WORDS = {
    "NAME": "a player's name", "CARD": "a card (As, 10d, Jk, or ?? when not seen)",
    "INT": "a whole number", "AMOUNT": "an amount ($2 or 2.50)", "_NL": "the end of the line",
    "TITLE": "a title", "RANK": "a rank (A, 2 ... 10, J, Q, K)", "CHIPS": "'chips'",
    "GAME": "'Whisky Poker night' or 'La Viuda night'", "WHISKY": "'Whisky Poker'",
    "VIUDA": "'La Viuda'", "SCORING": "'pool' or 'lowest pays'", "$END": "the end of the file",
}


def _describe(name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    try:
        pattern = _parser().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    return repr(pattern.value) if pattern.type == "str" else name.lower()


def _or(words: list[str]) -> str:
    words = sorted(set(words))
    if len(words) > 10:
        words = words[:10] + ["..."]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _syntax_error(e: UnexpectedInput, path: str | None, lines: list[str]) -> RecordError:
    if isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and e.token.type == "$END"):
        expected = tuple(_describe(t) for t in e.expected)
        last = len(lines) - 1 if lines and lines[-1] == "" else len(lines)
        return RecordError(path, max(last, 1), 1, f"the night ends too early: expected "
                           f"{_or(list(expected))}", expected)
    if isinstance(e, UnexpectedToken):
        names = e.expected
    elif isinstance(e, UnexpectedCharacters):
        names = e.allowed
    else:
        return RecordError(path, e.line, e.column, str(e))
    expected = tuple(_describe(t) for t in names if t != "COMMENT")
    line, column = e.line, e.column
    # The word the parser stopped at, whole ("3x", not the "3" it could read).
    rest = lines[line - 1][column - 1:].split("#")[0].split() if 0 < line <= len(lines) else []
    got = repr(rest[0]) if rest else "the end of the line"
    text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    return RecordError(path, line, column, f"cannot read this line: expected {_or(list(expected))}; "
                       f"got {got} in {text!r}", expected, got)


# A node of the parse tree: a terminal's token or a rule's tree.
Branch = Token | Tree[Token]


def _leaf(node: Branch) -> Token:
    # The grammar puts a terminal at each place this is asked; a tree here is a grammar bug.
    assert isinstance(node, Token), node
    return node


def _tree(node: Branch) -> Tree[Token]:
    assert isinstance(node, Tree), node
    return node


def _int(node: Branch) -> int:
    return int(_leaf(node))


# The order of the lines after the showdown: each kind's stage, and its words.
_STAGES = {"shows": 0, "drawn": 1, "manotazo": 2, "takes": 3, "pays": 3, "out": 4, "buys": 4,
           "declines": 4, "wins": 5, "loses": 5}
_STAGE_WORDS = ("the hands shown", "the card drawn from the deck", "the Manotazo",
                "the chips taken or paid", "who is out and La Viuda's purchase",
                "the game's end")


class _Builder:
    """Turns the parse tree into a Night, checking what the grammar cannot."""

    def __init__(self, path: str | None, lines: list[str]) -> None:
        self.path, self.lines = path, lines
        self.game = "whisky"
        self.currency = ""

    def error(self, where: Meta | Branch, reason: str) -> RecordError:
        at = where.meta if isinstance(where, Tree) else where
        line, column = at.line, at.column
        assert line is not None and column is not None  # positions are propagated
        text = self.lines[line - 1].strip()
        return RecordError(self.path, line, column, f"{reason}; in {text!r}")

    def text(self, line: int) -> str:
        return self.lines[line - 1].strip()

    def night(self, tree: Tree[Token]) -> Night:
        header, *rest = map(_tree, tree.children)
        game_token = header.children[0]
        self.game = HEADERS[" ".join(str(game_token).lower().split())]
        title = str(header.children[1]).strip() if len(header.children) > 1 else ""
        scoring, chip = "pool" if self.game == "whisky" else "worst pays", None
        seats: list[Seat] = []
        deals: list[Deal] = []
        for item in rest:
            if item.data == "scoring":
                if self.game != "whisky":
                    raise self.error(item.meta, "La Viuda has one scoring (the worst hand pays "
                                     "a chip): expected no Scoring line")
                scoring = "pool" if str(item.children[0]) == "pool" else "lowest pays"
            elif item.data == "chip":
                written = str(item.children[0])
                chip = self.amount(item.children[0])
                self.currency = "" if written[0].isdigit() else written[0]
            elif item.data == "seat":
                seats.append(self.seat(item, seats))
            else:
                deals.append(self.deal(item, {s.name for s in seats}, deals))
        return Night(self.game, title, scoring, chip, seats, deals, self.path,
                     currency=self.currency)

    def amount(self, node: Branch) -> Decimal:
        return Decimal(str(_leaf(node)).lstrip("$€£"))

    def seat(self, item: Tree[Token], seats: list[Seat]) -> Seat:
        number, name, chips, _ = map(_leaf, item.children)
        if any(s.number == int(number) for s in seats):
            raise self.error(number, f"seat {number} is taken already: expected another seat")
        if any(s.name == str(name) for s in seats):
            raise self.error(name, f"{name} is seated already: expected another name")
        if int(chips) < 1:
            raise self.error(chips, "a player buys at least one chip")
        return Seat(int(number), str(name), int(chips), item.meta.line)

    def player(self, node: Branch, seated: set[str]) -> str:
        token = _leaf(node)
        if str(token) not in seated:
            raise self.error(token, f"{token} has no seat: expected one of {_or(sorted(seated))}")
        return str(token)

    def card(self, node: Branch) -> Card | None:
        token = _leaf(node)
        if str(token) == "??":
            return None
        try:
            card = parse_card_or_joker(str(token))
        except CardError as e:
            raise self.error(token, str(e)) from None
        if card == JOKER and self.game == "whisky":
            raise self.error(token, "Whisky Poker is played 'using a standard 52-card pack "
                             "without jokers': expected a card")
        return card

    def cards(self, tree: Tree[Token]) -> tuple[Card | None, ...]:
        return tuple(self.card(t) for t in tree.children)

    def deal(self, item: Tree[Token], seated: set[str], deals: list[Deal]) -> Deal:
        head, pool, *parts = map(_tree, item.children)
        number, dealer = map(_leaf, head.children)
        if int(number) != len(deals) + 1:
            raise self.error(number, f"deal {number} out of order: expected deal {len(deals) + 1}")
        wild = wild_line = None
        if parts and parts[0].data == "wild_line":
            wild_tree = parts.pop(0)
            if self.game == "whisky":
                raise self.error(wild_tree.meta, "Whisky Poker is played 'without wild cards': "
                                 "expected no Wild line")
            wild, wild_line = parse_rank(str(wild_tree.children[0])), wild_tree.meta.line
        elif self.game == "la-viuda":
            raise self.error(parts[0].meta, "a La Viuda deal says which rank is wild: expected "
                             "'Wild: A' (or the rank the pool gives) after the Pool line")
        hands: dict[str, tuple[tuple[Card | None, ...], int]] = {}
        while parts[0].data == "dealt":
            dealt = parts.pop(0)
            name = self.player(dealt.children[0], seated)
            if name in hands:
                raise self.error(dealt.children[0], f"{name} is dealt twice in deal {number}")
            hands[name] = (self.cards(_tree(dealt.children[1])), dealt.meta.line)
        widow = parts.pop(0)
        turns: list[Turn] = []
        while parts[0].data != "showdown":
            turns.append(self.turn(parts.pop(0), seated))
        showdown = parts.pop(0)
        after: list[After] = []
        stage = 0
        for a in parts:
            got = self.after(a, seated)
            if _STAGES[got.kind] < stage:
                raise self.error(a.meta, f"this line is out of place: after the showdown come "
                                 f"{', '.join(_STAGE_WORDS)}, in that order")
            stage = _STAGES[got.kind]
            after.append(got)
        return Deal(int(number), self.player(dealer, seated), head.meta.line, _int(pool.children[0]),
                    pool.meta.line, wild, wild_line, hands, self.cards(_tree(widow.children[0])),
                    widow.meta.line, turns, showdown.meta.line, after)

    def turn(self, t: Tree[Token], seated: set[str]) -> Turn:
        line = t.meta.line
        if t.data == "turned_up":
            return Turn("turned_up", None, line, self.text(line),
                        takes=self.cards(_tree(t.children[0])))
        player = self.player(t.children[0], seated)
        kind = t.data.rstrip("_")
        if kind == "exchange_one":
            give, take = (self.card(c) for c in t.children[1:])
            return Turn(kind, player, line, self.text(line), (give,), (take,))
        gives = takes = None
        for part in map(_tree, t.children[1:]):
            if part.data == "gives":
                gives = self.cards(_tree(part.children[0]))
            else:
                takes = self.cards(_tree(part.children[0]))
        return Turn(kind, player, line, self.text(line), gives, takes)

    def after(self, a: Tree[Token], seated: set[str]) -> After:
        line, kind, ch = a.meta.line, a.data, a.children
        text = self.text(line)
        if kind == "drawn":
            return After(kind, None, line, text, cards=(self.card(ch[0]),))
        if kind == "manotazo":
            draws = tuple((self.player(d.children[0], seated), self.card(d.children[1]))
                          for d in map(_tree, ch))
            return After(kind, None, line, text, draws=draws)
        player = self.player(ch[0], seated)
        if kind == "shows":
            return After(kind, player, line, text, cards=self.cards(_tree(ch[1])))
        if kind in ("takes", "pays"):
            return After(kind, player, line, text, count=_int(ch[1]))
        if kind in ("buys", "declines"):
            if self.game != "la-viuda":
                raise self.error(a.meta, "only La Viuda has a chip called La Viuda to buy")
            amount = self.amount(ch[2]) if kind == "buys" else None
            return After(kind, player, line, text, amount=amount)
        if kind == "wins":
            return After(kind, player, line, text,
                         amount=self.amount(ch[1]) if len(ch) > 1 else None)
        return After(kind, player, line, text)
