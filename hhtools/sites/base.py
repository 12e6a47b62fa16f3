"""What every site shares: a line classifier built from the site's grammar, the cached Lark
parser that checks a hand's structure, and the HandBuilder that turns lines into records.

A site grammar (``grammars/<site>.lark``) defines one terminal per kind of line. The terminals
are compiled into one regex that classifies each line of a hand and captures its fields; the
sequence of line kinds is checked against the hand's structure (header, seats, posts, streets,
draws, showdown, summary) by the grammar's LALR parser (hhtools.sites.structure). Terminals the grammar
``%ignore``s are table events: kept as records, never seen by the parser. Then the site's
HandBuilder walks the lines in order, calling ``on_<TERMINAL>(token, *captured_groups)``.
"""

from __future__ import annotations

import functools
import inspect
import operator
import re
import threading
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from lark import Lark

from hhtools.cards import Card, parse_card, parse_cards
from hhtools.errors import CardError, UnknownNameError
from hhtools.games import Game, get_game
from hhtools.money import AmountError, parse_amount
from hhtools.records import (Action, Collection, Event, Hand, HandError, HandWarning, HeroCards,
                             Pot, Seat, SeatResult, Show, SkippedHand, Source, Summary,
                             Tournament, Uncalled)
from hhtools.sites.structure import ACCEPT, Structure, compiled_grammar
from hhtools.words import plural
# LineError and column_of are the values module's, imported here too by every site.
from hhtools.sites.values import (MAX_ACTIONS, MAX_NAME_LENGTH, LineError, amount_problem,
                                  check_hand_id, check_name, check_room, check_year, column_of,
                                  seat_number)

ZERO = Decimal(0)
_ORDINALS = {"draw1": "first", "draw2": "second", "draw3": "third"}

#: Games hhtools knows (hhtools.games) whose hands the site grammars do not read yet: skipped
#: and counted under the site's name for the game, as unknown games are.
NOT_YET_READ = frozenset({"2-7-single-draw", "a-5-single-draw", "5-card-draw"})

STRUCTURES = {"limit": "fixed-limit", "fixed limit": "fixed-limit", "fl": "fixed-limit",
              "pot limit": "pot-limit", "pl": "pot-limit", "half pot limit": "half-pot-limit",
              "hpl": "half-pot-limit", "no limit": "no-limit", "nl": "no-limit"}


class SkipHand(Exception):
    """The header names a game hhtools does not support."""

    def __init__(self, game: str):
        super().__init__(game)
        # Counted by name in summaries and stored: a damaged header's name stays short.
        self.game = game if len(game) <= MAX_NAME_LENGTH else game[:MAX_NAME_LENGTH] + "..."


# Distinct lines a Classifier remembers (a few MB) before starting afresh.
_MAX_KNOWN = 20_000


class Classifier:
    """One regex made of every line terminal of a grammar: classify a line, capture its fields.

    Alternatives are tried by terminal priority, then in grammar order. Lines that begin with a
    player's name (the PLAYER piece of common.lark) share one lazy name group, so a line is
    scanned for its verb once rather than once per kind of line: this is most of the speed of
    the parser. Each kind's captured groups are read back by position.
    """

    def __init__(self, lark: Lark):
        terminals = [t for t in lark.terminals if t.name != "UNKNOWN"]
        order = {t.name: i for i, t in enumerate(terminals)}
        terminals.sort(key=lambda t: (-t.priority, order[t.name]))
        counts = {}
        plain = []
        initials = []
        # After the name, branch first on the next character (":" or " "), then on the verb:
        # each position of the lazy name scan then costs one or two checks, not one per kind.
        by_first: dict[str, list[str]] = {}
        led_by_name = set()
        for t in terminals:
            pattern = t.pattern.to_regexp()
            counts[t.name] = re.compile(pattern).groups
            if pattern.startswith(_PLAYER):
                counts[t.name] -= 1
                led_by_name.add(t.name)
                rest = pattern[len(_PLAYER):]
                first = _FIRST_UNIT.match(rest)
                unit = first.group() if first else ""
                by_first.setdefault(unit, []).append(f"(?P<{t.name}>{rest[len(unit):]})")
            else:
                plain.append(f"(?P<{t.name}>{pattern})")
                initials.append(_initial(pattern))
        named = [f"{unit}(?:{'|'.join(alts)})" for unit, alts in by_first.items() if unit]
        named += by_first.get("", [])
        self._led = f"(?P<_player>.+?)(?:{'|'.join(named)})"
        self._counts, self._led_by_name = counts, led_by_name
        self.regex = re.compile("|".join(plain + [self._led]))
        self.groups: dict[str, tuple[int, ...]] = self._groups_in(self.regex)
        # A line is matched by the regex without the kinds that cannot start with its first
        # character (most lines begin with a name, and none of those), which gives the same
        # answer sooner. One regex per set of kinds kept, found by the first character.
        self._plain = list(zip(initials, plain))
        self._by_initial: dict[str, tuple[re.Pattern, dict[str, tuple[int, ...]]]] = {}
        self._subsets: dict[tuple[str, ...], tuple[re.Pattern, dict[str, tuple[int, ...]]]] = {}
        self.ignored = frozenset(lark.ignore_tokens)
        self.kinds = tuple(t.name for t in terminals)
        # The kind of a line and the reader of its fields (_field_reader) by its shape, the
        # line with every digit written 0. Lines that differ only in their digits (amounts,
        # stacks, hand ids, times) are matched alike when the regex treats all ten digits
        # alike, which is checked here: a line whose shape is known skips the regex. Emptied
        # when full.
        self._shapes: dict[bytes, tuple] | None = (
            {} if _digits_alike(self.regex.pattern) else None)
        # Line text -> its token (without a line number). Most lines of a session repeat
        # exactly (folds, checks, limit bets, street markers, the same players' summary lines),
        # so a repeated line skips the regex and the making of a token. Site.read_hand gives a
        # remembered token its line number for each use, so they are kept per thread.
        self._local = threading.local()
        # The site's handler of each kind (set by Site.classifier): a remembered token carries
        # its handler, so a hand's loop calls it without looking it up for every line.
        self.handlers: dict[str, object] = {}

    def remembered(self) -> dict[str, LineToken]:
        """This thread's remembered tokens by line text; emptied when full, so memory stays
        flat."""
        known = getattr(self._local, "known", None)
        if known is None or len(known) > _MAX_KNOWN:
            known = self._local.known = {}
        return known

    def remember(self, line: str, known: dict[str, LineToken]) -> LineToken:
        """The token of ``line`` (its ``line`` number unset), remembered in ``known``."""
        # A line listing cards seldom shares its shape with another line (a header does).
        text, kind, value = self._classify(line, "[" not in line)
        tok = str.__new__(LineToken, text)
        tok.type = kind
        tok.value = value
        tok.fields = len(value)
        tok.handler = self.handlers.get(kind)
        known[line] = tok
        return tok

    def tokens(self, lines: Sequence[str], first: int, step: int = 1,
               kinds: list[str] | None = None) -> list[LineToken]:
        """The lines as tokens of their own: ``type`` is the line kind, ``value`` the captured
        fields, ``line`` the line number; blank lines are left out.

        ``step`` 2 numbers the lines of a double-spaced file as the file has them. ``kinds``,
        when given, receives the kinds the hand structure checks (not ``%ignore``d), in order.
        """
        known = self.remembered()
        out = []
        for lineno, line in zip(range(first, first + step * len(lines), step), lines):
            shared = known.get(line) or self.remember(line, known)
            if not shared:
                continue  # a blank line inside a hand (Full Tilt's archive header)
            tok = str.__new__(LineToken, shared)
            tok.line = lineno
            tok.type = shared.type
            tok.value = shared.value
            out.append(tok)
            if kinds is not None and tok.type not in self.ignored:
                kinds.append(tok.type)
        return out

    def token(self, line: str, lineno: int) -> LineToken:
        """One line as a token (not remembered: for lines that never repeat, like headers)."""
        text, kind, value = self._classify(line)
        tok = str.__new__(LineToken, text)
        tok.line = lineno
        tok.type = kind
        tok.value = value
        return tok

    def _classify(self, line: str, by_shape: bool = True) -> tuple[str, str, tuple]:
        """(the line without trailing blanks, its kind, its captured fields); ``by_shape``
        False reads it with the regex without looking up or remembering its shape."""
        text = line.rstrip()
        if not text:
            return text, "UNKNOWN", ()
        shapes = self._shapes if by_shape else None
        if shapes is not None:
            shape = text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZERO)
            known = shapes.get(shape)
            if known is not None:
                kind, read, count, absent = known
                if count == 0:
                    return text, kind, ()
                if count == 1:
                    return text, kind, (None,) if absent else (read(text),)
                values = read(text)
                if absent:
                    values = list(values)
                    for i in absent:
                        values[i] = None
                    values = tuple(values)
                return text, kind, values
        regex, groups = self._by_initial.get(text[0]) or self._regex_for(text[0])
        m = regex.fullmatch(text)
        if m is None:
            kind, idx = "UNKNOWN", ()
        else:
            kind = m.lastgroup
            idx = groups[kind]
        if shapes is not None:
            if len(shapes) > _MAX_KNOWN:
                shapes.clear()
            shapes[shape] = (kind, *_field_reader([m.span(i) for i in idx]))
        if not idx:
            return text, kind, ()
        return text, kind, m.group(*idx) if len(idx) > 1 else (m.group(idx[0]),)

    def _regex_for(self, initial: str) -> tuple[re.Pattern, dict[str, tuple[int, ...]]]:
        """The classifier regex for lines starting with ``initial``, and its kinds' groups."""
        plain = tuple(p for first, p in self._plain if first is None or first == initial)
        found = self._subsets.get(plain)
        if found is None:
            regex = re.compile("|".join(plain + (self._led,)))
            found = self._subsets[plain] = (regex, self._groups_in(regex))
        if len(self._by_initial) > 1000:  # names may start with any character
            self._by_initial.clear()
        self._by_initial[initial] = found
        return found

    def _groups_in(self, regex: re.Pattern) -> dict[str, tuple[int, ...]]:
        """Where each kind's captured fields are in ``regex``: its own groups follow its named
        group; lines led by a name get the name first."""
        index = regex.groupindex
        return {name: ((index["_player"],) if name in self._led_by_name else ())
                + tuple(range(index[name] + 1, index[name] + 1 + n))
                for name, n in self._counts.items() if name in index}


#: The most cards a draw line may name: more is not a draw of any deck.
DECK_CARDS = 52


class LineToken(str):
    """One line of a hand: the text is the line, ``type`` its kind (a terminal name, or
    ``UNKNOWN``), ``value`` the fields its terminal captured, ``line`` its number;
    ``handler``, on a remembered token, the site builder's handler of its kind, and
    ``fields`` the number of its fields (read for every line of a hand)."""

    __slots__ = ("type", "value", "line", "handler", "fields")


# The PLAYER piece of common.lark as Lark writes it into terminal regexes.
_PLAYER = "(.+?)"
# A leading literal character of a regex (escaped or not), not followed by a quantifier.
_FIRST_UNIT = re.compile(r"(?:\\\W|[\w:,])(?![?*+{])")


# UTF-8 bytes with every ASCII digit written 0 (no other byte of UTF-8 text is a digit).
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")


def _field_reader(spans: list[tuple[int, int]]) -> tuple:
    """(read, count, absent) for fields at ``spans`` of a line: ``read(text)`` gives the
    text at every span (one string when there is one span) at once in C, the slices made
    once rather than for every line, and ``absent`` lists the fields that took no part in the
    match ((-1, -1)), which are None."""
    absent = tuple(i for i, (a, _) in enumerate(spans) if a < 0)
    read = operator.itemgetter(*[slice(a, b) if a >= 0 else slice(0, 0) for a, b in spans]
                               ) if spans else None
    return read, len(spans), absent


def _digits_alike(pattern: str) -> bool:
    """True if ``pattern`` cannot tell one ASCII digit from another: no digit is written in
    it, no character set holds some digits but not others, and nothing refers back to a group.
    Then every match of a text matches its digit-for-digit copy with the same groups."""
    from re import _constants as c, _parser

    digits = "0123456789"
    sets = {c.CATEGORY_DIGIT, c.CATEGORY_NOT_DIGIT, c.CATEGORY_WORD, c.CATEGORY_NOT_WORD,
            c.CATEGORY_SPACE, c.CATEGORY_NOT_SPACE, c.CATEGORY_LINEBREAK,
            c.CATEGORY_NOT_LINEBREAK, c.CATEGORY_UNI_DIGIT, c.CATEGORY_UNI_NOT_DIGIT,
            c.CATEGORY_UNI_WORD, c.CATEGORY_UNI_NOT_WORD, c.CATEGORY_UNI_SPACE,
            c.CATEGORY_UNI_NOT_SPACE, c.CATEGORY_UNI_LINEBREAK, c.CATEGORY_UNI_NOT_LINEBREAK}

    def in_alike(items) -> bool:
        for op, arg in items:
            if op is c.LITERAL and chr(arg) in digits:
                return False
            if op is c.RANGE and not (arg[1] < ord("0") or arg[0] > ord("9")
                                      or (arg[0] <= ord("0") and arg[1] >= ord("9"))):
                return False
            if op is c.CATEGORY and arg not in sets:
                return False
            if op not in (c.LITERAL, c.RANGE, c.CATEGORY, c.NEGATE):
                return False
        return True

    def alike(items) -> bool:
        for op, arg in items:
            if op in (c.LITERAL, c.NOT_LITERAL):
                if chr(arg) in digits:
                    return False
            elif op is c.IN:
                if not in_alike(arg):
                    return False
            elif op is c.SUBPATTERN:
                if not alike(arg[3]):
                    return False
            elif op is c.BRANCH:
                if not all(alike(branch) for branch in arg[1]):
                    return False
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
                if not alike(arg[2]):
                    return False
            elif op in (c.ASSERT, c.ASSERT_NOT):
                if not alike(arg[1]):
                    return False
            elif op is c.ATOMIC_GROUP:
                if not alike(arg):
                    return False
            elif op not in (c.ANY, c.AT):
                return False  # a back reference, or something not foreseen here
        return True

    try:
        return alike(_parser.parse(pattern))
    except Exception:  # noqa: BLE001 - unknown: no line is then read by its shape
        return False


def _initial(pattern: str) -> str | None:
    """The character every match of ``pattern`` starts with, or None if it may vary."""
    try:
        from re import _constants, _parser  # the re module's own reader of patterns

        op, arg = _parser.parse(pattern)[0]
    except Exception:  # noqa: BLE001 - unknown: the pattern is then tried on every line
        return None
    return chr(arg) if op is _constants.LITERAL else None


class Site:
    """A hand-history site: its grammar, how its hands start, and its HandBuilder."""

    name: str = ""
    title: str = ""
    grammar: str = ""
    #: Matches the first line of a hand; group 1 is the hand id.
    hand_start: re.Pattern
    #: Words for each terminal in "expected ..." messages.
    descriptions: dict[str, str] = {}
    #: Blank lines in a row that end a hand (Full Tilt's archives put one inside a hand).
    hand_gap: int = 1
    #: Matches lines between hands that are not stray text (an archive's numbering).
    banner: re.Pattern | None = None
    builder: type[HandBuilder]

    @functools.cached_property
    def classifier(self) -> Classifier:
        """The line classifier, built from the compiled grammar on first use."""
        classifier = Classifier(compiled_grammar(self.grammar))
        self.builder.check_handlers(classifier)
        classifier.handlers = self.builder.handlers
        return classifier

    @functools.cached_property
    def structure(self) -> Structure:
        """The checker of a hand's line order, built from the compiled grammar on first use."""
        return Structure(compiled_grammar(self.grammar))

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
                             (self.describe("HEADER"),), str(header),
                             f"cannot read the header line: expected {self.describe('HEADER')}; "
                             f"got {str(header)!r}")
        builder = self.builder(self, path, hand_id)
        try:
            builder.on_HEADER(header, *header.value)
            check_hand_id(header, builder.hand_id)
        except SkipHand as skip:
            return SkippedHand(self.name, hand_id, skip.game, Source(path, first, last))
        except LineError as e:
            return self._line_error(e, path, hand_id)
        # Each line's token is the one remembered for its text, shared by every line with
        # that text: it is given its line number just before its handler runs.
        known = classifier.remembered()
        tokens = list(map(known.get, lines[1:]))
        numbers = range(first + step, last + 1, step)
        if not all(tokens):  # lines not remembered yet, or blank (Full Tilt's archive header)
            remember = classifier.remember
            tokens = [tok if tok is not None else remember(line, known)
                      for tok, line in zip(tokens, lines[1:])]
            if not all(tokens):
                numbers = [n for n, tok in zip(numbers, tokens) if tok]
                tokens = [tok for tok in tokens if tok]
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
                # Fields passed one by one rather than as *fields: CPython runs a call with a
                # starred argument in a fresh evaluation loop of its own, a third of the
                # cost of a short handler.
                # The handler is read as an attribute first: ``tok.handler(...)`` would look it
                # up as a method of LineToken, which CPython cannot speed up for a slot.
                handler = tok.handler
                fields = tok.value
                n = tok.fields
                if n == 3:
                    a, b, c = fields
                    handler(builder, tok, a, b, c)
                elif n == 1:
                    handler(builder, tok, fields[0])
                elif n == 4:
                    a, b, c, d = fields
                    handler(builder, tok, a, b, c, d)
                elif n == 2:
                    a, b = fields
                    handler(builder, tok, a, b)
                elif n == 0:
                    handler(builder, tok)
                else:
                    handler(builder, tok, *fields)
            if moves[at].get("$END") != ACCEPT:
                structure.step(at, "$END")
            if len(builder.actions) > MAX_ACTIONS:
                line = builder.actions[MAX_ACTIONS].line
                raise LineError(classifier.token(lines[(line - first) // step], line),
                                f"more than {MAX_ACTIONS} actions in one hand: expected at "
                                f"most {MAX_ACTIONS}")
            return builder.finish(first, last)
        except Exception as e:  # noqa: BLE001 - raised again below unless the structure is wrong
            failure = structure.check(["HEADER"] + [tok.type for tok in tokens])
            if failure is not None:
                at, expected = failure
                tokens = [header, *classifier.tokens(lines[1:], first + step, step)]
                return self._structure_error(tokens[at] if at < len(tokens) else None,
                                             expected, tokens, path, hand_id, last)
            if isinstance(e, LineError):
                return self._line_error(e, path, hand_id)
            raise

    def _structure_error(self, tok: LineToken | None, expected: Sequence[str],
                         tokens: list[LineToken], path, hand_id, last) -> HandError:
        order = {k: i for i, k in enumerate(self.classifier.kinds)}
        expected = tuple(self.describe(t) for t in
                         sorted(expected, key=lambda t: order.get(t, len(order))))
        if tok is None:
            return HandError(path, last, len(tokens[-1]) + 1, hand_id, self.name, expected, None,
                             f"the hand ends too early: expected {_or(expected)}")
        what = ("cannot read this line" if tok.type == "UNKNOWN"
                else f"{self.describe(tok.type)} out of place")
        return HandError(path, tok.line, 1, hand_id, self.name, expected, str(tok),
                         f"{what}: expected {_or(expected)}; got {str(tok)!r}")

    def _line_error(self, e: LineError, path, hand_id) -> HandError:
        return HandError(path, e.token.line, e.column, hand_id, self.name, (), str(e.token),
                         f"{e.reason}; in {str(e.token)!r}")


def _or(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) > 12:
        words = words[:12] + ["..."]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class HandBuilder:
    """Mutable state while walking one hand's lines; ``finish`` freezes it into a Hand.

    Site builders add ``on_<TERMINAL>`` handlers taking the token and the terminal's captured
    groups in order; the shared helpers below normalise amounts and cards.
    """

    handlers: dict[str, object]

    # What a hand may leave unset; kept on the class, as a new builder is made for every hand.
    tournament: Tournament | None = None
    game: Game | None = None
    structure = ""
    mix: str | None = None
    currency: str | None = None
    small_bet = big_bet = ZERO
    table = ""
    max_seats: int | None = None
    button: int | None = None
    started_at: datetime | None = None
    hero: str | None = None
    # False from a corrupt hero draw line until a line gives the whole hand again.
    hero_known = True
    dealt_to: list[str] | None = None
    street = "predraw"
    total_pot: Decimal | None = None
    rake: Decimal | None = None
    cancelled = partial = dead = False

    def __init__(self, site: Site, path: str | None, hand_id: str | None):
        self.site = site
        self.path = path
        self.hand_id = hand_id
        self.street = "predraw"
        self.warnings: list[HandWarning] = []
        self.events: list[Event] = []
        self.blinds: dict[str, Decimal] = {}
        self.seats: list[Seat] = []
        self.seated: set[str] = set()
        self.seat_numbers: set[int] = set()
        self.hero_cards: list[HeroCards] = []
        self.committed: dict[str, Decimal] = {}
        self.actions: list[Action] = []
        self.shows: list[list] = []
        self.uncalled: list[Uncalled] = []
        self.collections: list[Collection] = []
        self.pots: list[Pot] = []
        self.seat_results: list[SeatResult] = []

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.handlers = {name[3:]: getattr(cls, name) for name in dir(cls)
                        if name.startswith("on_")}

    @classmethod
    def check_handlers(cls, classifier: Classifier) -> None:
        """Every terminal has a handler taking exactly its captured groups (a grammar check)."""
        for kind in classifier.kinds:
            if kind in classifier.ignored:
                cls.handlers.setdefault(kind, cls.on_event)
                continue
            handler = cls.handlers.get(kind)
            if handler is None:
                raise TypeError(f"{cls.__name__} has no on_{kind}")
            params = list(inspect.signature(handler).parameters.values())[2:]
            if not any(p.kind is p.VAR_POSITIONAL for p in params):
                if len(params) != len(classifier.groups[kind]):
                    raise TypeError(f"{cls.__name__}.on_{kind} takes {len(params)} fields, "
                                    f"the grammar captures {len(classifier.groups[kind])}")
        cls.handlers.setdefault("UNKNOWN", cls.on_event)

    # ---- reading fields --------------------------------------------------------------------

    def money(self, tok: LineToken, text: str) -> Decimal:
        """An amount from a line, or a LineError pointing at it."""
        value = _AMOUNTS.get(text)
        if value is None:
            try:
                value = parse_amount(text)
            except AmountError:
                raise LineError(tok, f"{text!r} is not an amount", column_of(tok, text)) from None
            problem = amount_problem(value)
            if problem is not None:
                shown = text if len(text) <= 30 else text[:30] + "..."
                raise LineError(tok, f"the amount {shown!r} is out of range: {problem}",
                                column_of(tok, text))
            if len(_AMOUNTS) > _MAX_AMOUNTS:
                _AMOUNTS.clear()
            _AMOUNTS[text] = value
        return value

    def cards(self, tok: LineToken, text: str, size: int | None = None) -> tuple[Card, ...]:
        """Cards from a line, refusing repeats and, with ``size``, a wrong count."""
        try:
            # Sites write "As 3h 8h": read card by card from a table of the 52 as written;
            # the general reader explains failures.
            cards = tuple(map(_CARD_OF, text.split()))
            if len(set(cards)) == len(cards) and (size is None or len(cards) == size):
                return cards
        except KeyError:
            pass
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
        if known.name in NOT_YET_READ:
            raise SkipHand(game)
        self.game = known
        try:
            self.structure = STRUCTURES[structure.lower()]
        except KeyError:
            raise LineError(tok, f"unknown betting structure {structure!r}",
                            column_of(tok, structure)) from None

    def set_time(self, tok: LineToken, text: str, zone: str) -> None:
        """The start time: ``YYYY/MM/DD H:MM:SS`` (or with dashes) in an IANA zone."""
        try:
            date, time = text.split(" ")
            # A session's hands share a few days and zones: each is read once.
            day = _DAYS.get(date)
            if day is None:
                y, mo, d = date.replace("-", "/").split("/")
                day = (int(y), int(mo), int(d))
                if len(_DAYS) > _MAX_AMOUNTS:
                    _DAYS.clear()
                _DAYS[date] = day
            h, mi, s = time.split(":")
            tz = _TIME_ZONES.get(zone)
            if tz is None:
                tz = _TIME_ZONES[zone] = ZoneInfo(zone)
            self.started_at = datetime(day[0], day[1], day[2], int(h), int(mi), int(s),
                                       tzinfo=tz)
        except ValueError:
            raise LineError(tok, f"{text!r} is not a date and time", column_of(tok, text)) from None
        check_year(tok, day[0], text)

    #: The number of a table's first seat (Merge counts from 0).
    FIRST_SEAT = 1

    def add_seat(self, tok: LineToken, seat: str, name: str, stack: str, sitting_out: bool,
                 note: str | None = None) -> None:
        """A seat line: a seat number in range, at a table with a seat left."""
        if name in self.seated:
            raise LineError(tok, f"{name!r} is seated twice", column_of(tok, name))
        check_room(tok, len(self.seats), self.max_seats, name)
        check_name(tok, name)
        number = seat_number(tok, seat, self.FIRST_SEAT)
        if number in self.seat_numbers:
            raise LineError(tok, f"seat {number} is listed twice", column_of(tok, seat))
        self.seats.append(Seat(number, name, self.money(tok, stack), sitting_out, note))
        self.seated.add(name)
        self.seat_numbers.add(number)

    # ---- actions ---------------------------------------------------------------------------

    def act(self, tok: LineToken, player: str, kind: str, amount: Decimal | None = None,
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

    def wager(self, tok: LineToken, player: str, kind: str, added: Decimal | None = None,
              to: Decimal | None = None, all_in: bool = False) -> Action:
        """A bet, call, raise or blind given either as chips added or as the street total."""
        committed = self.committed
        prev = committed.get(player, ZERO)
        if to is None:
            to = prev + added
        else:
            added = to - prev
            if added < 0:
                raise LineError(tok, f"a {kind} to {to} is less than the {prev} {player} has "
                                "already put in this round")
        committed[player] = to
        return self.act(tok, player, kind, added, to, all_in)

    def post(self, tok: LineToken, player: str, kind: str, amount: str, all_in) -> Action:
        """A blind or ante; antes are dead money and do not count toward the street total."""
        value = _AMOUNTS.get(amount) or self.money(tok, amount)
        if kind == "post_ante":
            self.blinds.setdefault("ante", value)
            return self.act(tok, player, kind, amount=value, all_in=bool(all_in))
        if kind in ("post_sb", "post_bb"):
            self.blinds.setdefault(kind, value)
        return self.wager(tok, player, kind, value, None, bool(all_in))

    def post_with_dead(self, tok: LineToken, player: str, kind: str, live: Decimal,
                       dead: Decimal, all_in: bool) -> Action:
        """A post whose ``dead`` part goes to the pot without counting toward the street."""
        prev = self.committed.get(player, ZERO)
        self.committed[player] = prev + live
        return self.act(tok, player, kind, amount=live + dead, to=prev + live, all_in=all_in)

    def new_street(self, street: str) -> None:
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
            twice = next(c for c in kept + new if c in seen or seen.add(c))
            return f"{twice} appears twice in {player}'s hand after the draw"
        if draw.count != len(new):
            return f"{player} discarded {plural(draw.count, 'card')} but is dealt {len(new)}"
        return None

    def warn(self, tok: LineToken, reason: str, column: int = 1) -> None:
        """Something wrong that does not cost the hand; kept on the Hand record."""
        self.warnings.append(HandWarning(tok.line, column, f"{reason}; in {str(tok)!r}",
                                         self.path, self.hand_id))

    # ---- showdown, pots, summary, events ---------------------------------------------------

    def show(self, tok: LineToken, player: str, kind: str, cards: tuple[Card, ...] | None,
             description: str | None = None) -> None:
        """A show, muck or refusal to show."""
        if player not in self.seated:
            self.player(tok, player)
        self.shows.append([player, kind, cards, description, tok.line])

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

    # ---- section markers most sites write alike ------------------------------------------------

    #: The word a draw marker captures, and the street it opens ("*** FIRST DRAW ***").
    DRAW_NAMES = {"FIRST": "draw1", "SECOND": "draw2", "THIRD": "draw3"}

    def on_DRAW(self, tok, which):
        self.new_street(self.DRAW_NAMES[which])

    def on_SHOWDOWN(self, tok):
        pass

    def on_SUMMARY(self, tok):
        pass

    # ---- betting lines most sites write alike; a site overrides what it writes otherwise ------

    #: True where a call or bet line gives the player's total for the street (KingsClub), not
    #: the chips it adds (PokerStars, Full Tilt, Winamax).
    CALLS_ARE_TOTALS = False

    def on_FOLD(self, tok, player):
        self.act(tok, player, "fold")

    def on_CHECK(self, tok, player):
        self.act(tok, player, "check")

    def on_CALL(self, tok, player, amount, all_in):
        self._bet_line(tok, player, "call", amount, all_in)

    def on_BET(self, tok, player, amount, all_in):
        self._bet_line(tok, player, "bet", amount, all_in)

    def _bet_line(self, tok, player, kind, amount, all_in):
        value = _AMOUNTS.get(amount) or self.money(tok, amount)
        if self.CALLS_ARE_TOTALS:
            self.wager(tok, player, kind, None, value, bool(all_in))
        else:
            self.wager(tok, player, kind, value, None, bool(all_in))

    def on_RAISE(self, tok, player, amount, all_in):
        value = _AMOUNTS.get(amount) or self.money(tok, amount)
        self.wager(tok, player, "raise", None, value, bool(all_in))

    def on_event(self, tok: LineToken, *fields) -> None:
        """A table event (an %ignore'd terminal of the grammar), kept in order."""
        kind = tok.type[3:].lower() if tok.type.startswith("EV_") else tok.type.lower()
        self.add_event(Event(kind, fields[0] if fields else None, str(tok), tok.line))

    def add_event(self, event: Event) -> None:
        """Keep a table event, in order."""
        self.events.append(event)

    def finish(self, first: int, last: int) -> Hand:
        """The Hand record, frozen."""
        shows = ()
        if self.shows:
            # A muck without its cards takes those of the player's summary line, looked up
            # only when there is such a muck.
            summary_cards = None
            made = []
            for p, kind, cards, desc, line in self.shows:
                if cards is None and kind == "muck":
                    if summary_cards is None:
                        summary_cards = {r.player: r.cards for r in self.seat_results if r.cards}
                    cards = summary_cards.get(p)
                made.append(Show(p, kind, cards, desc, line))
            shows = tuple(made)
        blinds = self.blinds
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


# Amounts as written -> Decimal (immutable, so shared): stacks, bets and pots recur within a
# session. Emptied when full, so memory stays flat. The commonest lines look their amounts up
# here first (``_AMOUNTS.get(text) or self.money(tok, text)``: a zero is simply read again)
# and call HandBuilder.money, which checks and remembers them, for one not known.
_AMOUNTS: dict[str, Decimal] = {}
_MAX_AMOUNTS = 20_000
# Dates as written -> (year, month, day), and zone names -> ZoneInfo (which ZoneInfo itself
# caches, though asking it costs more than a dict).
_DAYS: dict[str, tuple[int, int, int]] = {}
_TIME_ZONES: dict[str, ZoneInfo] = {}

# Cards exactly as sites write them ("As", "Td"); anything else goes to hhtools.cards.
_CARD_TEXT = {str(c): c for c in (parse_card(r + s) for r in "23456789TJQKA" for s in "shdc")}
_CARD_OF = _CARD_TEXT.__getitem__
