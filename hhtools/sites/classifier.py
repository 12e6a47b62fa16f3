"""The line classifier: one regex made of every line terminal of a site grammar, which tells
each line's kind and captures its fields.

A site grammar (``grammars/<site>.lark``) defines one terminal per kind of line; the terminals
are compiled into one regex. Lines a session repeats exactly are remembered (a bounded table,
per thread), and lines that differ only in their digits are read by their shape.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from lark import Lark

from hhtools.sites.memo import LIMITS

# Lines of one set of kinds read by the whole regex before that set gets its own regex.
_SUBSET_AFTER: Final = 100

#: The fields a line's terminal captures, in order; a group that took no part is None.
Fields = tuple[str | None, ...]
#: A site builder's handler of one kind of line: ``handler(builder, token, *fields)``, the
#: number of fields being the terminal's (checked by HandBuilder.check_handlers).
Handler = Callable[..., None]
#: A regex of line kinds, where each kind's fields are among its groups, and whether the
#: lines led by a name are to be tried after it (by a regex of their own).
_Kinds = tuple[re.Pattern[str], dict[str, tuple[int, ...]], bool]
#: Where a line's fields are, in its order: (start, end), or (-1, -1) for a group that took no
#: part in the match (the field is None).
_Spans = tuple[tuple[int, int], ...]
#: What a line's shape tells: its kind and where its fields are.
_Shape = tuple[str, _Spans]


class Classifier:
    """One regex made of every line terminal of a grammar: classify a line, capture its fields.

    Alternatives are tried by terminal priority, then in grammar order. Lines that begin with a
    player's name (the PLAYER piece of common.lark) share one name group, so a line is
    scanned for its verb once rather than once per kind of line: this is most of the speed of
    the parser. A name, there or inside a kind (``Dealt to NAME [...]``), ends only where
    what follows it can start (``name_pattern``), which gives what the lazy group gives. Each
    kind's captured groups are read back by position.
    """

    def __init__(self, lark: Lark, ignored: frozenset[str], grouped: bool = True):
        terminals = [t for t in lark.terminals if t.name != "UNKNOWN"]
        order = {t.name: i for i, t in enumerate(terminals)}
        terminals.sort(key=lambda t: (-t.priority, order[t.name]))
        # ``grouped`` False joins the kinds as they come and leaves each name to its lazy
        # group (what a test compares with).
        self._depth = _BRANCH_DEPTH if grouped else 0
        # A name's end is tried only where what follows it can start (``name_pattern``): the
        # kinds whose names are read so, to be told by ``reads_by_name``.
        self.names_by_end: set[str] = set()
        # (kind, pattern) of the kinds not led by a name, and each one's first character.
        plain: list[tuple[str, str]] = []
        initials: list[str | None] = []
        # After the name, branch first on the next character (":" or " "), then on the verb:
        # each place a name may end then costs one or two checks, not one per kind.
        by_first: dict[str, list[tuple[str, str]]] = {}
        led_by_name: set[str] = set()
        for t in terminals:
            pattern = t.pattern.to_regexp()
            if pattern.startswith(_PLAYER):
                led_by_name.add(t.name)
                rest = self._names_by_end(t.name, pattern[len(_PLAYER):], grouped)
                first = _FIRST_UNIT.match(rest)
                unit = first.group() if first else ""
                by_first.setdefault(unit, []).append((t.name, rest[len(unit):]))
            else:
                pattern = self._names_by_end(t.name, pattern, grouped)
                plain.append((t.name, pattern))
                initials.append(_initial(pattern))
        named = "|".join([f"{unit}(?:{branches(alts, self._depth)})"
                          for unit, alts in by_first.items() if unit]
                         + [branches([alt], 0) for alt in by_first.get("", [])])
        # The name of a line led by a name ends where one of those kinds can start.
        player = name_pattern(named) if grouped else None
        if player is not None:
            self.names_by_end.update(led_by_name)
        self._led = f"(?P<_player>{player or _PLAYER[1:-1]})(?:{named})"
        self.regex = re.compile(self._joined(plain, True))
        # Each kind's own groups are those between its named group and the next named group
        # (a kind's, or the name's): counted in the one regex, not by compiling every
        # terminal's pattern again (a third of the classifier's making, once a process).
        index = self.regex.groupindex
        starts = sorted(index.values()) + [self.regex.groups + 1]
        after = dict(zip(starts, starts[1:]))
        self._counts = {t.name: after[index[t.name]] - index[t.name] - 1 for t in terminals}
        self._led_by_name = led_by_name
        self.groups: dict[str, tuple[int, ...]] = self._groups_in(self.regex)
        self._whole: _Kinds = (self.regex, self.groups, False)
        # A line is matched by the regex without the kinds that cannot start with its first
        # character (most lines begin with a name, and none of those), which gives the same
        # answer sooner. One regex per set of kinds kept, found by the first character, and
        # made once lines led by characters leaving that set have come _SUBSET_AFTER times
        # (the whole regex reads those). The lines led by a name have a regex of their own,
        # tried after a set's when that fails (the whole regex tries them last too): a match's
        # cost grows with the groups of the regex (some 15 instructions each, 2,000 the call),
        # and either part alone holds half of them or fewer.
        self._led_kinds: _Kinds | None = None
        self._plain = list(zip(initials, plain))
        self._by_initial: dict[str, _Kinds] = {}
        # The kinds' patterns a first character leaves, and lines of each such set read by
        # the whole regex (a few sets: one per leading literal of a kind, and the rest).
        self._plain_for: dict[str, tuple[tuple[str, str], ...]] = {}
        self._asked: dict[tuple[tuple[str, str], ...], int] = {}
        self._subsets: dict[tuple[tuple[str, str], ...], _Kinds] = {}
        self.ignored = ignored
        self.kinds = tuple(t.name for t in terminals)
        # The kind of a line and where its fields are (fields_at) by its shape, the
        # line with every digit written 0. Lines that differ only in their digits (amounts,
        # stacks, hand ids, times) are matched alike when the regex treats all ten digits
        # alike, which is checked here: a line whose shape is known skips the regex. Emptied
        # when full.
        self._shapes: dict[bytes, _Shape] | None = (
            {} if digits_alike(self.regex.pattern) else None)
        # Line text -> its token (without a line number). Most lines of a session repeat
        # exactly (folds, checks, limit bets, street markers, the same players' summary lines),
        # so a repeated line skips the regex and the making of a token. Site.read_hand gives a
        # remembered token its line number for each use, so they are kept per thread.
        self._local = threading.local()
        # The site's handler of each kind (set by Site.classifier): a remembered token carries
        # its handler, so a hand's loop calls it without looking it up for every line.
        self.handlers: dict[str, Handler] = {}

    @property
    def reads_by_name(self) -> bool:
        """True if a name's end is tried only where what follows the name can start, in the
        lines led by a name and in those of ``names_by_end``, not at every character."""
        return bool(self.names_by_end)

    def _names_by_end(self, kind: str, pattern: str, grouped: bool) -> str:
        """``pattern`` with each name group its text leaves to the lazy group written as
        ``name_pattern`` writes it, where that is known; noted in ``names_by_end``."""
        if not grouped:
            return pattern
        written = names_by_end(pattern)
        if written != pattern:
            self.names_by_end.add(kind)
        return written

    @property
    def reads_by_shape(self) -> bool:
        """True if a line whose digits alone differ from a line read before is read by that
        line's shape, without the regex: when the regex cannot tell digits apart."""
        return self._shapes is not None

    def remembered(self) -> dict[str, LineToken]:
        """This thread's remembered tokens by line text; emptied when full, so memory stays
        flat."""
        known: dict[str, LineToken] | None = getattr(self._local, "known", None)
        if known is None or len(known) > LIMITS.lines:
            known = self._local.known = {}
        return known

    def remember(self, line: str, known: dict[str, LineToken]) -> LineToken | None:
        """The token of ``line`` (its ``line`` number unset), remembered in ``known``; None
        for a blank line, which is no token."""
        # A line listing cards seldom shares its shape with another line (a header does). It
        # is remembered all the same: hidden cards ("[X X]") recur, and a table that fills
        # sooner costs less than the lines read again (p28-parse measured both).
        text, kind, value = self.classify(line, "[" not in line)
        if not text:
            return None
        tok = known[line] = LineToken(text, kind, value, 0, self.handlers.get(kind, _unhandled))
        return tok

    def tokens(self, lines: Sequence[str], first: int, step: int = 1,
               kinds: list[str] | None = None) -> list[LineToken]:
        """The lines as tokens of their own: ``type`` is the line kind, ``value`` the captured
        fields, ``line`` the line number; blank lines are left out.

        ``step`` 2 numbers the lines of a double-spaced file as the file has them. ``kinds``,
        when given, receives the kinds the hand structure checks (not ``%ignore``d), in order.
        """
        known = self.remembered()
        out: list[LineToken] = []
        for lineno, line in zip(range(first, first + step * len(lines), step), lines):
            shared = known.get(line) or self.remember(line, known)
            if shared is None:
                continue  # a blank line inside a hand (Full Tilt's archive header)
            out.append(LineToken(shared.text, shared.type, shared.value, lineno, shared.handler))
            if kinds is not None and shared.type not in self.ignored:
                kinds.append(shared.type)
        return out

    def token(self, line: str, lineno: int) -> LineToken:
        """One line as a token (not remembered: for lines that never repeat, like headers)."""
        text, kind, value = self.classify(line)
        return LineToken(text, kind, value, lineno)

    def classify(self, line: str, by_shape: bool = True) -> tuple[str, str, Fields]:
        """(the line without trailing blanks, its kind, its captured fields): what the whole
        regex says of the stripped line, found sooner by the line's shape or its first
        character. ``by_shape`` False reads it with the regex without looking up or
        remembering its shape."""
        text = line.rstrip()
        if not text:
            return text, "UNKNOWN", ()
        shapes = self._shapes if by_shape else None
        if shapes is not None:
            shape = text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZERO)
            known = shapes.get(shape)
            if known is not None:
                return text, known[0], fields_at(text, known[1])
        regex, groups, then_led = self._by_initial.get(text[0]) or self._regex_for(text[0])
        m = regex.fullmatch(text)
        if m is None and then_led and self._led_kinds is not None:
            regex, groups, _ = self._led_kinds
            m = regex.fullmatch(text)
        if m is None:
            kind = "UNKNOWN"
            if shapes is None:
                return text, kind, ()
            spans: _Spans = ()
        else:
            kind = m.lastgroup or "UNKNOWN"  # (every alternative is a named group)
            if shapes is None:
                # No shape to remember (a line listing cards, or a regex that tells digits
                # apart): the fields straight from the match, one call for them all, not a
                # span each then a slice each.
                return text, kind, _fields_of(m, groups[kind])
            spans = tuple([m.span(i) for i in groups[kind]])
        if shapes is not None:
            if len(shapes) > LIMITS.lines:
                shapes.clear()
            shapes[shape] = (kind, spans)
        return text, kind, fields_at(text, spans)

    def _regex_for(self, initial: str) -> _Kinds:
        """The classifier regex for lines starting with ``initial``, and its kinds' groups."""
        # Compiling the regex of a first character's kinds costs as much as many matches of
        # the whole regex, which gives the same answer: a command that reads a hand or two
        # is served by the whole regex, and a set of kinds gets its own regex once lines
        # that can only be of those kinds are common. Counted by the set, not by the
        # character: every player's initial but a few leads the same set (the lines led by a
        # name), so rare initials do not each wait for lines of their own.
        plain = self._plain_for.get(initial)
        if plain is None:
            if len(self._plain_for) > 1000:  # names may start with any character
                self._plain_for.clear()
            plain = self._plain_for[initial] = tuple(
                p for first, p in self._plain if first is None or first == initial)
        found = self._subsets.get(plain)
        if found is None:
            asked = self._asked.get(plain, 0)
            if asked < _SUBSET_AFTER:
                self._asked[plain] = asked + 1
                return self._whole
            if self._led_kinds is None:
                led = re.compile(self._joined((), True))
                self._led_kinds = (led, self._groups_in(led), False)
            if plain:
                regex = re.compile(self._joined(plain, False))
                found = (regex, self._groups_in(regex), True)
            else:
                found = self._led_kinds
            self._subsets[plain] = found
        if len(self._by_initial) > 1000:  # names may start with any character
            self._by_initial.clear()
        self._by_initial[initial] = found
        return found

    def _joined(self, plain: Sequence[tuple[str, str]], led: bool) -> str:
        """The regex text of the kinds ``plain`` (in order), then, if ``led``, of the lines led
        by a name."""
        return "|".join(([branches(plain, self._depth)] if plain else [])
                        + ([self._led] if led else []))

    def _groups_in(self, regex: re.Pattern[str]) -> dict[str, tuple[int, ...]]:
        """Where each kind's captured fields are in ``regex``: its own groups follow its named
        group; lines led by a name get the name first."""
        index = regex.groupindex
        return {name: ((index["_player"],) if name in self._led_by_name else ())
                + tuple(range(index[name] + 1, index[name] + 1 + n))
                for name, n in self._counts.items() if name in index}


def _unhandled(builder: object, tok: LineToken, *fields: str | None) -> None:
    """The handler of a kind no site builder handles (a classifier used without a site)."""
    raise TypeError(f"no handler of {tok.type} lines")


def handle(builder: object, tok: LineToken) -> None:
    """Call ``tok``'s handler with the builder, the token and its fields."""
    # The fields are passed one by one for the usual counts: a call with ``*tok.value`` builds
    # its arguments as a list, then a tuple, for every line of every hand.
    value = tok.value
    handler = tok.handler
    n = len(value)
    if n == 1:
        handler(builder, tok, value[0])
    elif n == 3:
        handler(builder, tok, value[0], value[1], value[2])
    elif n == 2:
        handler(builder, tok, value[0], value[1])
    elif n == 0:
        handler(builder, tok)
    elif n == 4:
        handler(builder, tok, value[0], value[1], value[2], value[3])
    else:
        handler(builder, tok, *value)


class LineToken:
    """One line of a hand: ``text`` the line without trailing blanks, ``type`` its kind (a
    terminal name, or ``UNKNOWN``), ``value`` the fields its terminal captured, ``line`` its
    number; and ``handler`` the site builder's handler of its kind."""

    __slots__ = ("text", "type", "value", "line", "handler")

    def __init__(self, text: str, type: str, value: Fields, line: int,
                 handler: Handler = _unhandled) -> None:
        self.text = text
        self.type = type
        self.value = value
        self.line = line
        self.handler = handler

    def __repr__(self) -> str:
        return f"LineToken({self.text!r}, {self.type!r}, {self.value!r}, {self.line!r})"


# The PLAYER piece of common.lark as Lark writes it into terminal regexes.
_PLAYER = "(.+?)"
# A leading literal character of a regex (escaped or not), not followed by a quantifier.
_FIRST_UNIT = re.compile(r"(?:\\\W|[\w:,])(?![?*+{])")
# How many leading literal characters ``branches`` takes out of the kinds' groups.
_BRANCH_DEPTH = 3


def branches(kinds: Sequence[tuple[str, str]], depth: int) -> str:
    """The regex text of the alternatives ``(?P<kind>pattern)``, tried in the order given,
    with the literal characters that lead them taken out of their groups (``depth`` of them)
    and shared: ``(?P<A>xa)|(?P<B>xb)|(?P<C>yc)`` is written ``x(?:(?P<A>a)|(?P<B>b))|y(?P<C>c)``.

    The regex engine skips an alternative at once when it starts with a literal that the text
    does not hold, but not one that starts with a group: written so, a line is compared with
    each kind's first character rather than entered into each kind's group. Alternatives with
    different leading characters cannot both match at one place, so putting those with the
    same one together keeps which kind matches first; one led by no literal character is
    kept in its place between them. The groups' numbers change, not their names, nor the
    groups each kind holds (the kind's group itself then starts a few characters later)."""
    heads = [_head(pattern) if depth > 0 and len(kinds) > 1 else None
             for _, pattern in kinds]
    parts: list[str] = []
    i = 0
    while i < len(kinds):
        if heads[i] is None:
            name, pattern = kinds[i]
            parts.append(f"(?P<{name}>{pattern})")
            i += 1
            continue
        shared: dict[str, list[tuple[str, str]]] = {}  # by character, first seen first
        written: dict[str, str] = {}
        while i < len(kinds) and (unit := heads[i]) is not None:
            char = unit[-1]
            written.setdefault(char, unit)
            shared.setdefault(char, []).append((kinds[i][0], kinds[i][1][len(unit):]))
            i += 1
        parts += [f"{written[char]}(?:{branches(alike, depth - 1)})"
                  for char, alike in shared.items()]
    return "|".join(parts)


def names_by_end(pattern: str) -> str:
    """``pattern`` with each name group ``(.+?)`` outside its other groups written as
    ``name_pattern`` writes it for the rest of the pattern, where that is known; the pattern
    being matched whole (``fullmatch``), as the classifier matches it."""
    if len(_alternatives(pattern)) > 1:
        return pattern
    parts: list[str] = []
    at = 0
    for i, ch, depth in _structure(pattern):
        if ch == "(" and depth == 0 and pattern.startswith(_PLAYER, i):
            body = name_pattern(pattern[i + len(_PLAYER):])
            if body is not None:
                parts += [pattern[at:i], "(", body, ")"]
                at = i + len(_PLAYER)
    return "".join(parts) + pattern[at:]


def name_pattern(rest: str) -> str | None:
    """The body of a name group that matches what the lazy ``.+?`` matches before ``rest``
    (the rest of a pattern matched whole), but ends the name only where ``rest`` can start,
    or None if the characters ``rest`` starts with are not plainly read from its text.

    Python 3.11's engine enters the rest of the pattern after every character of a lazy
    group (some 600 instructions each). Here a name is its first character, then runs of
    characters that no match of ``rest`` starts with, each taken whole (possessive) since the
    rest cannot start inside one: the places tried are the same in the same order, less those
    where the rest cannot match, so the first match and its groups are the lazy group's. A
    line feed ends a name as it ends ``.``; the end of the text is always tried."""
    starts = _starts(rest)
    if starts is None:
        return None
    chars = starts[0] - {"\n"}
    if not chars:
        return r".[^\n]*+"
    if chars & set("0123456789"):
        return None  # a set naming some digits would make the regex tell digits apart
    stop = "".join(re.escape(c) for c in sorted(chars))
    one = stop if len(chars) == 1 else f"[{stop}]"
    return rf".[^{stop}\n]*+(?:{one}[^{stop}\n]*+)*?"


def _starts(pattern: str) -> tuple[set[str], bool] | None:
    """(the characters a match of ``pattern`` that is not empty may start with, whether a
    match may be empty), or None where that is not plainly read from its text. Read are
    literal characters, sets of them, groups, alternatives, quantifiers, and lookarounds
    (taken as matching empty); anything else (``.``, ``\\d``, anchors, flags...) gives None.
    The characters may be more than the matches start with, never fewer."""
    found: set[str] = set()
    empty = False
    for alternative in _alternatives(pattern):
        read = _sequence_starts(alternative)
        if read is None:
            return None
        found |= read[0]
        empty = empty or read[1]
    return found, empty


# A quantifier (its least count: "?" and "*" 0, "+" 1, "{m,n}" m), lazy or possessive or not.
_QUANTIFIER = re.compile(r"(?:([?*+])|\{(\d*)(?:,\d*)?\})[?+]?")


def _sequence_starts(sequence: str) -> tuple[set[str], bool] | None:
    """``_starts`` of a pattern with no ``|`` outside its groups."""
    found: set[str] = set()
    i = 0
    while i < len(sequence):
        item = _item_starts(sequence, i)
        if item is None:
            return None
        chars, empty, i = item
        quantifier = _QUANTIFIER.match(sequence, i)
        if quantifier is not None:
            i = quantifier.end()
            least = quantifier.group(1) or quantifier.group(2) or "0"
            empty = empty or least in ("?", "*") or (least.isdigit() and int(least) == 0)
        found |= chars
        if not empty:
            return found, False
    return found, True


def _item_starts(sequence: str, i: int) -> tuple[set[str], bool, int] | None:
    """(the characters, whether it may match empty, the index after it) of the item of
    ``sequence`` at ``i`` (a character, an escape, a set or a group), its quantifier left."""
    ch = sequence[i]
    if ch == "\\":
        escaped = sequence[i + 1:i + 2]
        return ({escaped}, False, i + 2) if escaped and not escaped.isalnum() else None
    if ch == "[":
        end = _set_end(sequence, i)
        members = _set_members(sequence[i + 1:end])
        return None if members is None else (members, False, end + 1)
    if ch == "(":
        end = i + _group_end(sequence[i:])
        if sequence.startswith(("(?<!", "(?<=", "(?=", "(?!"), i):
            return set(), True, end + 1  # matches nothing, whatever it asks of the text
        if sequence.startswith("(?:", i):
            inner = sequence[i + 3:end]
        elif sequence.startswith("(?P<", i):
            inner = sequence[sequence.index(">", i) + 1:end]
        elif sequence.startswith("(?", i):
            return None
        else:
            inner = sequence[i + 1:end]
        read = _starts(inner)
        return None if read is None else (read[0], read[1], end + 1)
    return None if ch in _SPECIAL else ({ch}, False, i + 1)


def _set_members(members: str) -> set[str] | None:
    """The characters of a set (its text between the brackets) of literal characters and
    short ranges, or None (a negated set, a class such as ``\\d``)."""
    if members.startswith("^"):
        return None
    found: set[str] = set()
    i = 0
    while i < len(members):
        low = members[i]
        if low == "\\":
            low = members[i + 1:i + 2]
            if not low or low.isalnum():
                return None
            i += 1
        i += 1
        if members[i:i + 1] == "-" and i + 1 < len(members):
            high = members[i + 1]
            if high == "\\" or ord(high) - ord(low) > 256:
                return None
            found.update(map(chr, range(ord(low), ord(high) + 1)))
            i += 2
        else:
            found.add(low)
    return found


# Characters with a meaning of their own in a regex.
_SPECIAL = frozenset(".^$*+?{}[]\\|()")


def _head(pattern: str) -> str | None:
    """The literal character (as written) every match of ``pattern`` starts with, when it can
    be taken out of the pattern: a leading literal, not repeated, in a pattern with no ``|``
    outside its groups."""
    first = _FIRST_UNIT.match(pattern)
    if first is None or len(_alternatives(pattern)) > 1:
        return None
    return first.group()


# UTF-8 bytes with every ASCII digit written 0 (no other byte of UTF-8 text is a digit).
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")


def fields_at(text: str, spans: _Spans) -> Fields:
    """The fields of ``text`` at ``spans`` (None for a group that took no part in the match)."""
    # Sliced by compiled code: fewer instructions than an itemgetter of slice objects made
    # once a shape (1,480 against 1,930 for three fields, 1,600 against 2,930 with a fourth
    # absent), which Python reads slice by slice.
    return tuple([text[a:b] if a >= 0 else None for a, b in spans])


def _fields_of(m: re.Match[str], groups: tuple[int, ...]) -> Fields:
    """The fields of a match at its ``groups`` (None for a group that took no part), as
    ``fields_at`` reads them at the groups' spans."""
    n = len(groups)
    if n > 1:
        return m.group(*groups)  # (a tuple, from two groups on)
    if n == 1:
        return (m.group(groups[0]),)
    return ()


# A repeat count: its digits are no digits of the text.
_REPEAT = re.compile(r"\{\d+(?:,\d*)?\}|\{,\d+\}")
# Escapes that write a character by its code (one of them may be a digit) or refer back.
_CODED = frozenset("0123456789xuUNg")


def _set_end(pattern: str, start: int) -> int:
    """The index of the ``]`` that closes the character set opened at ``start``."""
    end = start + 1
    if pattern[end:end + 1] == "^":
        end += 1
    if pattern[end:end + 1] == "]":
        end += 1  # "[]...]": the first "]" is a member
    while end < len(pattern) and pattern[end] != "]":
        end += 2 if pattern[end] == "\\" else 1
    return end


def _set_alike(members: str) -> bool:
    """True if a character set (its text between the brackets) holds all ten digits or none."""
    body = members[1:] if members.startswith("^") else members
    digits: set[str] = set()
    i = 0
    while i < len(body):
        low: str | None = body[i]
        if low == "\\":
            escaped = body[i + 1:i + 2]
            if escaped in _CODED:
                return False
            low = None if escaped.isalnum() else escaped  # \d, \w, \s: all digits or none
            i += 2
        else:
            i += 1
        if low is not None and body[i:i + 1] == "-" and i + 1 < len(body):
            high = body[i + 1]
            i += 2
            if high == "\\":
                high = body[i:i + 1]
                if not high or high.isalnum():
                    return False
                i += 1
            digits.update(d for d in "0123456789" if low <= d <= high)
        elif low is not None and low.isdigit():
            digits.add(low)
    return len(digits) in (0, 10)


def digits_alike(pattern: str) -> bool:
    """True if ``pattern`` cannot tell one ASCII digit from another: no digit is written in
    it, no character set holds some digits but not others, and nothing refers back to a group.
    Then every match of a text matches its digit-for-digit copy with the same groups.

    Read from the pattern's text, and conservatively: what is not plainly one of those (an
    escape written by code, a conditional group) makes it False, which only costs speed."""
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            if pattern[i + 1:i + 2] in _CODED:
                return False
            i += 2
        elif ch == "[":
            end = _set_end(pattern, i)
            if not _set_alike(pattern[i + 1:end]):
                return False
            i = end + 1
        elif ch == "{" and (repeat := _REPEAT.match(pattern, i)):
            i = repeat.end()
        elif pattern.startswith("(?P<", i):
            i = pattern.index(">", i) + 1  # a group's name
        elif pattern.startswith(("(?P=", "(?("), i) or ch.isdigit():
            return False
        else:
            i += 1
    return True


def _structure(pattern: str) -> Iterator[tuple[int, str, int]]:
    """(index, character, group depth before it) of each ``(``, ``)`` and ``|`` of
    ``pattern`` that is not escaped nor inside a character set."""
    depth, i = 0, 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            i = _set_end(pattern, i) + 1
            continue
        if ch in "()|":
            yield i, ch, depth
            depth += {"(": 1, ")": -1}.get(ch, 0)
        i += 1


def _alternatives(pattern: str) -> list[str]:
    """``pattern`` split at its alternatives (``|`` outside every group and set)."""
    cuts = [i for i, ch, depth in _structure(pattern) if ch == "|" and depth == 0]
    return [pattern[a + 1:b] for a, b in zip([-1, *cuts], [*cuts, len(pattern)])]


def _group_end(pattern: str) -> int:
    """The index of the ``)`` that closes the group ``pattern`` opens with."""
    return next((i for i, ch, depth in _structure(pattern) if ch == ")" and depth == 1),
                len(pattern))


def _initial(pattern: str) -> str | None:
    """The character every match of ``pattern`` starts with, or None if it may vary: read
    from the pattern's text, a leading literal, not repeated, in every alternative (a leading
    non-capturing group is looked into)."""
    firsts = set()
    for alternative in _alternatives(pattern):
        if alternative.startswith("(?:"):
            end = _group_end(alternative)
            if alternative[end + 1:end + 2] in ("?", "*", "+", "{"):
                return None
            firsts.add(_initial(alternative[3:end]))
        else:
            first = _FIRST_UNIT.match(alternative)
            firsts.add(first.group()[-1] if first else None)
    return firsts.pop() if len(firsts) == 1 else None
