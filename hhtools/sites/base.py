"""What every site shares: how a site reads one hand.

A site grammar (``grammars/<site>.lark``) defines one terminal per kind of line. The line
classifier (hhtools.sites.classifier), built from those terminals, tells each line's kind and
captures its fields; the sequence of line kinds is checked against the hand's structure
(header, seats, posts, streets, draws, showdown, summary) by the grammar's LALR parser
(hhtools.sites.structure). Terminals the grammar ``%ignore``s are table events: kept as
records, never seen by the parser. Then the site's HandBuilder (hhtools.sites.builder) walks the
lines in order, calling ``on_<TERMINAL>(token, *captured_groups)``.

The names the site modules use are importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar, Literal, cast

from hhtools.core.records import Hand, HandError, SkippedHand, Source
from hhtools.errors import LineError, SkipHand
from hhtools.sites.builder import DECK_CARDS, ZERO, HandBuilder
from hhtools.sites.classifier import Classifier, LineToken, handle
from hhtools.sites.lines import line_automaton
from hhtools.sites.memo import _AMOUNTS
from hhtools.sites.structure import ACCEPT, Structure, compiled_grammar, ignored_kinds
from hhtools.sites.tables import Tables
from hhtools.sites.values import MAX_ACTIONS, check_hand_id, column_of, shortened

# Every site module imports these from here.
__all__ = ["DECK_CARDS", "ZERO", "_AMOUNTS", "Classifier", "DescriptionKind", "HandBuilder",
           "HandWords", "LineError", "LineToken", "Site", "SkipHand", "Tables", "column_of"]

#: What a site's description of a shown hand may say, by kind (hhtools.sites.describe reads
#: each kind's groups).
DescriptionKind = Literal["ranks", "badugi", "smaller_badugi", "high_card", "pair", "two_pair",
                          "trips", "straight", "flush", "full_house", "quads", "straight_flush"]
#: How a site words a shown hand: (pattern, kind) tried in order; the whole text must match
#: one pattern, whose groups are what its kind says.
HandWords = tuple[tuple[str, DescriptionKind], ...]


class Site:
    """A hand-history site: its grammar, how its hands start, and its HandBuilder."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    grammar: ClassVar[str] = ""
    #: Matches the first line of a hand; group 1 is the hand id.
    hand_start: ClassVar[re.Pattern[str]]
    #: Words for each terminal in "expected ..." messages.
    descriptions: ClassVar[dict[str, str]] = {}
    #: Blank lines in a row that end a hand (Full Tilt's archives put one inside a hand).
    hand_gap: ClassVar[int] = 1
    #: Matches lines between hands that are not stray text (an archive's numbering).
    banner: ClassVar[re.Pattern[str] | None] = None
    builder: ClassVar[type[HandBuilder]]
    #: The rule profile (hhtools.auditing.rules) its hands are audited with by default, when
    #: the site has one of its own; None: the online defaults.
    rule_profile: ClassVar[str | None] = None
    #: What the site's histories can express and the tables they show (hhtools generate).
    tables: ClassVar[Tables]
    #: How the site words a shown hand (hhtools.sites.describe reads it back); none when it
    #: prints no description, or none the auditor could check.
    hand_words: ClassVar[HandWords] = ()

    # What the summary of a finished hand holds (hhtools.reading.unfinished tells a hand still
    # being written by what its summary lacks):
    #: a line for every seat, folded or not (Winamax names the winners and those who showed
    #: only; a Merge game has no summary lines);
    summary_every_seat: ClassVar[bool] = False
    #: a line for each winner;
    summary_winners: ClassVar[bool] = False
    #: the total pot, on a line of its own before the seats.
    summary_total: ClassVar[bool] = False

    # How a large file is cut into slices read apart (hhtools.reading.slicing): a text site's
    # hands stand alone, so by default a slice may start at any hand's header.
    #: True where every slice must carry the head of its file (``slice_head``).
    slices_carry_head: ClassVar[bool] = False

    def slice_head(self, lines: Sequence[str]) -> tuple[int, str] | None:
        """The head every slice of a file starting with ``lines`` carries: its first line
        number and text; None if it is not found there (the file is then read whole)."""
        return None

    def keeps_whole(self, text: str, first: bool) -> bool:
        """True if a file holding ``text`` (its first lines when ``first``) is read whole."""
        return False

    def cuts_before(self, line: str, previous: str | None) -> bool:
        """True if a slice may start at ``line``, a hand's header; ``previous`` is the last
        line before it that is not blank (None: it was looked at before)."""
        return True

    def read_slice(self, lines: Sequence[str], path: str | None, start: int,
                   head: tuple[int, str]
                   ) -> tuple[list[Hand], list[SkippedHand], list[HandError], int]:
        """The records of a slice (``lines`` from index ``start`` on) of a site whose slices
        carry a head (``slice_head``); a text site's slices are read as any text is."""
        raise NotImplementedError(f"{self.title} slices carry no head")

    def __init__(self) -> None:
        # The classifier and the structure are built from the grammar on first use, and kept
        # on the instance as plain attributes: functools.cached_property needs an instance
        # __dict__, which a compiled (mypyc) class has not.
        self._classifier: Classifier | None = None
        self._structure: Structure | None = None

    @property
    def classifier(self) -> Classifier:
        """The line classifier, built from the compiled grammar on first use."""
        classifier = self._classifier
        if classifier is None:
            classifier = Classifier(compiled_grammar(self.grammar), ignored_kinds(self.grammar))
            self.builder.bind_handlers(classifier)
            classifier.handlers = self.builder.handlers
            self._classifier = classifier
        return classifier

    @property
    def structure(self) -> Structure:
        """The checker of a hand's line order, built from the compiled grammar on first use."""
        structure = self._structure
        if structure is None:
            structure = self._structure = Structure(compiled_grammar(self.grammar),
                                                    ignored_kinds(self.grammar),
                                                    line_automaton(self.grammar))
        return structure

    def describe(self, terminal: str) -> str:
        """Human words for a terminal, for error messages."""
        if terminal == "$END":
            return "the end of the hand"
        return self.descriptions.get(terminal, terminal.lower().replace("_", " ") + " line")

    def read_hand(self, lines: Sequence[str], first: int, path: str | None, step: int = 1
                  ) -> Hand | SkippedHand | HandError:
        """Parse one hand: ``lines`` are its lines, the first at line number ``first``, the
        next ones ``step`` lines apart (2 in a double-spaced file whose blank lines were
        dropped)."""
        classifier = self.classifier
        m = self.hand_start.match(lines[0])
        hand_id = m.group(1) if m else None
        last = first + (len(lines) - 1) * step
        header = classifier.token(lines[0], first)
        if header.type != "HEADER":
            return HandError(path, first, 1, hand_id, self.name,
                             (self.describe("HEADER"),), header.text,
                             f"cannot read the header line: expected {self.describe('HEADER')}; "
                             f"got {header.text!r}")
        builder = self.builder(self, path, hand_id)
        try:
            classifier.handlers["HEADER"](builder, header, *header.value)
            check_hand_id(header, builder.hand_id)
        except SkipHand as skip:
            return SkippedHand(self.name, hand_id, shortened(skip.game), Source(path, first, last))
        except LineError as bad:  # (each handler's own name: mypyc types one name once)
            return self.line_error(bad, path, hand_id)
        # Each line's token is the one remembered for its text, shared by every line with
        # that text: it is given its line number just before its handler runs.
        known = classifier.remembered()
        found = list(map(known.get, lines[1:]))
        numbers: Sequence[int] = range(first + step, last + 1, step)
        if all(found):
            tokens = cast("list[LineToken]", found)  # (all found: none is None)
        else:  # lines not remembered yet, or blank (Full Tilt's archive header)
            remember = classifier.remember
            read = [tok if tok is not None else remember(line, known)
                    for tok, line in zip(found, lines[1:])]
            if all(read):
                tokens = cast("list[LineToken]", read)
            else:
                numbers = [n for n, tok in zip(numbers, read) if tok is not None]
                tokens = [tok for tok in read if tok is not None]
        # The structure is checked as the lines are read, each line's step being one lookup
        # in the table of steps already taken. A handler thus only ever sees lines the grammar
        # accepts so far, and reads them as it would in a whole hand; when the structure is
        # wrong, or a line is, the whole check answers first, as it did when it ran before any
        # handler.
        structure = self.structure
        moves = structure.moves()
        try:
            at = moves[0].get("HEADER") or structure.step(0, "HEADER")
            for tok, line in zip(tokens, numbers):
                try:
                    at = moves[at][tok.type]
                except KeyError:
                    at = structure.step(at, tok.type)
                tok.line = line
                handle(builder, tok)
            if moves[at].get("$END") != ACCEPT:
                structure.step(at, "$END")
            if len(builder.actions) > MAX_ACTIONS:
                line = builder.actions[MAX_ACTIONS].line
                raise LineError(classifier.token(lines[(line - first) // step], line),
                                f"more than {MAX_ACTIONS} actions in one hand: expected at "
                                f"most {MAX_ACTIONS}")
            return builder.finish(first, last)
        except SkipHand as skip:  # a line the hand cannot be audited with (STP, a straddle)
            return SkippedHand(self.name, hand_id, skip.game, Source(path, first, last))
        except Exception as e:  # noqa: BLE001 - raised again below unless the structure is wrong
            failure = structure.check(["HEADER"] + [tok.type for tok in tokens])
            if failure is not None:
                at, expected = failure
                tokens = [header, *classifier.tokens(lines[1:], first + step, step)]
                return self.structure_error(tokens[at] if at < len(tokens) else None,
                                            expected, tokens, path, hand_id, last)
            if isinstance(e, LineError):
                return self.line_error(e, path, hand_id)
            raise

    def structure_error(self, tok: LineToken | None, kinds: Sequence[str],
                        tokens: list[LineToken], path: str | None, hand_id: str | None,
                        last: int) -> HandError:
        order = {k: i for i, k in enumerate(self.classifier.kinds)}
        expected = tuple(self.describe(t) for t in
                         sorted(kinds, key=lambda t: order.get(t, len(order))))
        if tok is None:
            return HandError(path, last, len(tokens[-1].text) + 1, hand_id, self.name, expected, None,
                             f"the hand ends too early: expected {_or(expected)}")
        what = ("cannot read this line" if tok.type == "UNKNOWN"
                else f"{self.describe(tok.type)} out of place")
        return HandError(path, tok.line, 1, hand_id, self.name, expected, tok.text,
                         f"{what}: expected {_or(expected)}; got {tok.text!r}")

    def line_error(self, e: LineError, path: str | None, hand_id: str | None) -> HandError:
        return HandError(path, e.token.line, e.column, hand_id, self.name, (), e.token.text,
                         f"{e.reason}; in {e.token.text!r}")


def _or(words: Sequence[str]) -> str:
    listed = list(words)
    if len(listed) > 12:
        listed = listed[:12] + ["..."]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " or " + listed[-1]
