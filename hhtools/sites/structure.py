"""The structure check: a hand's line kinds, in order, against its site grammar's rules.

A site grammar (``grammars/<site>.lark``) defines one terminal per kind of line and the rules
of a hand (header, seats, posts, streets, draws, showdown, summary). Lark compiles it into an
LALR parser, which is run through its public interactive interface (``Lark.parse_interactive``,
``InteractiveParser.feed_token``): hhtools classifies the lines itself, so the parser is fed
the line kinds as tokens and never lexes anything.

Feeding Lark a token costs microseconds, and every hand's lines step through the same few
parser states, so each state reached is numbered once (by its stack of LALR states) and each
(state, line kind) step remembered: a known step is then one dict lookup, and Lark runs only
for steps never taken before.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from lark import Lark, Token, UnexpectedToken
from lark.lexer import Lexer

from hhtools.core.collector import collector_paused
from hhtools.core.resources import grammar_cache, grammar_dir, grammar_text

#: Steps that end a hand: the end accepted, or a line kind (or the end) refused there.
ACCEPT, REJECT = -2, -1
#: Parser states numbered before starting afresh (a grammar with real nesting would
#: otherwise number them without end; the hand grammars' lists are left-recursive).
_MAX_STATES = 100_000


class _TokenStream(Lexer):
    """Lark's lexer slot: hhtools classifies lines itself, so Lark never lexes anything."""

    def __init__(self, lexer_conf: object) -> None:
        pass

    # Lark calls a lexer of its first interface with the text alone (never, here).
    def lex(self, data: Sequence[Token]) -> Iterator[Token]:  # type: ignore[override]
        return iter(data)


@functools.cache
def ignored_kinds(name: str) -> frozenset[str]:
    """The line kinds ``grammars/<name>.lark`` declares ``%ignore``: table events that may
    come anywhere in a hand and never reach the parser (read from the grammar's text, since a
    parser loaded from Lark's cache does not carry them)."""
    return frozenset(re.findall(r"^%ignore\s+([A-Z][A-Z0-9_]*)\s*$", grammar_text(name), re.M))


@functools.cache
def compiled_grammar(name: str) -> Lark:
    """The LALR parser of ``grammars/<name>.lark``, compiled once per process."""
    # Loading the tables from Lark's cache (or building them) makes some 30,000 objects that
    # all stay: the cyclic collector would scan them over and over, half the load's time.
    with collector_paused():
        return Lark(grammar_text(name), parser="lalr", lexer=_TokenStream, start="hand",
                    import_paths=[str(grammar_dir())], cache=grammar_cache(name))


class Refused(Exception):
    """A line kind (or the end) that cannot come where it is: Structure.check says more."""


class Structure:
    """A grammar's hand rules, run over a hand's line kinds: accepts, or says where and what was
    expected."""

    def __init__(self, lark: Lark, ignored: frozenset[str]):
        self.lark = lark
        # Table events (%ignore'd terminals) never reach the parser: they leave it as it is.
        self.ignored = ignored
        self._forget()

    def moves(self) -> list[dict[str, int]]:
        """The steps taken so far, by state number (0: the start) and kind: the next state's
        number, or ACCEPT for the end of an accepted hand; ``step`` takes new ones."""
        if len(self._parsers) > _MAX_STATES:
            self._forget()
        return self._moves

    def step(self, at: int, kind: str) -> int:
        """The state number after ``kind`` (``$END`` for the end) from state ``at``, now
        remembered in ``moves()``; raises Refused when ``kind`` cannot come there."""
        nxt = self._step(at, kind)
        if nxt == REJECT or (kind == "$END") != (nxt == ACCEPT):
            raise Refused
        return nxt

    def check(self, kinds: Sequence[str]) -> tuple[int, tuple[str, ...]] | None:
        """None if the kinds (then the end) make a hand; else the index of the first kind that
        cannot come there (``len(kinds)`` for the end) and the kinds that could have. Table
        events among the kinds are passed over."""
        moves = self.moves()
        at = 0
        for i, kind in enumerate(kinds):
            nxt = moves[at].get(kind)
            if nxt is None:
                nxt = self._step(at, kind)
                if nxt < 0:
                    return i, self._expected[(at, kind)]
            at = nxt
        if moves[at].get("$END", REJECT) != ACCEPT and self._step(at, "$END") != ACCEPT:
            return len(kinds), self._expected[(at, "$END")]
        return None

    def _step(self, at: int, kind: str) -> int:
        """Feed ``kind`` to (a copy of) the parser in state ``at``; remember where it goes."""
        moves = self._moves
        if kind in self.ignored:
            moves[at][kind] = at
            return at
        # (Lark leaves InteractiveParser.copy unannotated.)
        parser = self._parsers[at].copy(deepcopy_values=False)  # type: ignore[no-untyped-call]
        try:
            if kind == "$END":
                parser.feed_eof()
                moves[at][kind] = ACCEPT
                return ACCEPT
            parser.feed_token(Token(kind, ""))
        except UnexpectedToken:
            # The parser is left where the kind failed, after the reductions it triggered:
            # the line kinds of that state are what could have come.
            # (A refusal is not remembered among the moves: a hand's loop follows them.)
            self._expected[(at, kind)] = tuple(k for k in parser.choices() if k.isupper())
            return REJECT
        key = tuple(parser.parser_state.state_stack)
        number = self._numbers.get(key)
        if number is None:
            number = self._numbers[key] = len(self._parsers)
            self._parsers.append(parser)
            self._moves.append({})
        moves[at][kind] = number
        return number

    def _forget(self) -> None:
        start = self.lark.parse_interactive(start="hand")
        self._parsers = [start]
        self._numbers = {tuple(start.parser_state.state_stack): 0}
        self._moves: list[dict[str, int]] = [{}]
        self._expected: dict[tuple[int, str], tuple[str, ...]] = {}
