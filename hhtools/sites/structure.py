"""The structure check: a hand's line kinds, in order, against its site grammar's rules.

A site grammar (``grammars/<site>.lark``) defines one terminal per kind of line and the rules
of a hand (header, seats, posts, streets, draws, showdown, summary). The rules nest no rule in
itself, so the kinds of a hand's lines form a regular language: ``sites/lines.py`` builds its
automaton from the grammar once, and each line is then one dict lookup.

Lark still compiles the grammar into an LALR parser, run through its public interactive
interface (``Lark.parse_interactive``, ``InteractiveParser.feed_token``, ``choices``) fed the
line kinds as tokens: it says where a refused hand goes wrong and what could have come there,
in the words the parser's tables give (docs/design.md, "p17-structure").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from lark import Lark, Token, UnexpectedToken
from lark.lexer import Lexer

from hhtools.core.collector import collector_paused
from hhtools.core.resources import grammar_cache, grammar_dir, grammar_text
from hhtools.errors import HHToolsError, StructureRefused
from hhtools.sites.lines import Lines

#: The step of the end (``$END``) from a state where a hand may end.
ACCEPT = -2
#: Refused hands whose answer is kept (each costs Lark one pass over the hand).
_MAX_REFUSALS = 4096


class TokenStream(Lexer):
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
        return Lark(grammar_text(name), parser="lalr", lexer=TokenStream, start="hand",
                    import_paths=[str(grammar_dir())], cache=grammar_cache(name))


#: Raised by ``Structure.step`` (hhtools.errors.StructureRefused).
Refused = StructureRefused


class Structure:
    """A grammar's hand rules, run over a hand's line kinds: accepts, or says where and what was
    expected."""

    def __init__(self, lark: Lark, ignored: frozenset[str], lines: Lines):
        self.lark = lark
        # Table events (%ignore'd terminals) never reach the parser: they leave it as it is.
        self.ignored = ignored
        self._moves: list[dict[str, int]] = []
        for at, row in enumerate(lines.moves):
            step = dict(row)
            step.update(dict.fromkeys(ignored, at))
            if at in lines.accepting:
                step["$END"] = ACCEPT
            self._moves.append(step)
        self._start = lark.parse_interactive(start="hand")
        self._refusals: dict[tuple[str, ...], tuple[int, tuple[str, ...]]] = {}

    def moves(self) -> list[dict[str, int]]:
        """Every step, by state number (0: the start) and kind: the next state's number, or
        ACCEPT for the end of an accepted hand. A kind missing is refused there."""
        return self._moves

    def step(self, at: int, kind: str) -> int:
        """The state number after ``kind`` (``$END`` for the end) from state ``at``; raises
        Refused when ``kind`` cannot come there."""
        try:
            return self._moves[at][kind]
        except KeyError:
            raise Refused from None

    def check(self, kinds: Sequence[str]) -> tuple[int, tuple[str, ...]] | None:
        """None if the kinds (then the end) make a hand; else the index of the first kind that
        cannot come there (``len(kinds)`` for the end) and the kinds that could have. Table
        events among the kinds are passed over."""
        moves = self._moves
        at = 0
        for i, kind in enumerate(kinds):
            nxt = moves[at].get(kind)
            if nxt is None:
                return self._refusal(tuple(kinds[:i + 1]))
            at = nxt
        if moves[at].get("$END") != ACCEPT:
            return self._refusal((*kinds, "$END"))
        return None

    def _refusal(self, kinds: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        """The line kinds Lark's parser could have taken where it refuses the last of ``kinds``
        (the first the automaton refuses), with that kind's index."""
        known = self._refusals.get(kinds)
        if known is not None:
            return known
        # (Lark leaves InteractiveParser.copy unannotated.)
        parser = self._start.copy(deepcopy_values=False)  # type: ignore[no-untyped-call]
        for i, kind in enumerate(kinds):
            if kind in self.ignored:
                continue
            try:
                if kind == "$END":
                    parser.feed_eof()
                else:
                    parser.feed_token(Token(kind, ""))
            except UnexpectedToken:
                if i != len(kinds) - 1:
                    break
                # The parser is left where the kind failed, after the reductions it
                # triggered: the line kinds of that state are what could have come.
                answer = i, tuple(k for k in parser.choices() if k.isupper())
                if len(self._refusals) >= _MAX_REFUSALS:
                    self._refusals.clear()
                self._refusals[kinds] = answer
                return answer
        # The automaton and the parser are built from the same rules (tests/sites hold them
        # to the same answers): a difference is a fault of hhtools, not of the hand.
        raise HHToolsError(f"the structure check and Lark's parser disagree on {' '.join(kinds)}")
