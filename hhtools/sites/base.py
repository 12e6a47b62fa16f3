"""What every site shares: a line classifier built from the site's grammar, the cached Lark
parser that checks a hand's structure, and the HandBuilder that turns lines into records.

A site grammar (``grammars/<site>.lark``) defines one terminal per kind of line. The terminals
are compiled into one regex that classifies each line of a hand and captures its fields; the
lines become Lark tokens that an LALR parser, fed by a custom lexer, checks against the hand's
structure (header, seats, posts, streets, draws, showdown, summary). Terminals the grammar
``%ignore``s are table events: kept as records, never seen by the parser. Then the site's
HandBuilder walks the lines in order, calling ``on_<TERMINAL>(token, *captured_groups)``.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Iterator, Sequence
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from lark import Lark, Token
from lark.exceptions import LarkError, UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from hhtools.cards import Card, parse_card, parse_cards
from hhtools.errors import CardError, UnknownNameError
from hhtools.games import Game, get_game
from hhtools.money import AmountError, parse_amount
from hhtools.records import (Action, Collection, Event, Hand, HandError, HeroCards, Pot, Seat,
                             SeatResult, Show, SkippedHand, Source, Summary, Tournament, Uncalled)
from hhtools.resources import grammar_dir, grammar_text

ZERO = Decimal(0)

STRUCTURES = {"limit": "fixed-limit", "fixed limit": "fixed-limit", "fl": "fixed-limit",
              "pot limit": "pot-limit", "pl": "pot-limit", "half pot limit": "half-pot-limit",
              "hpl": "half-pot-limit", "no limit": "no-limit", "nl": "no-limit"}


class LineError(Exception):
    """A line that classified but says something impossible; becomes a HandError."""

    def __init__(self, token: Token, reason: str, column: int = 1):
        super().__init__(reason)
        self.token = token
        self.reason = reason
        self.column = column


class SkipHand(Exception):
    """The header names a game hhtools does not support."""

    def __init__(self, game: str):
        super().__init__(game)
        self.game = game


class _TokenStream(Lexer):
    """Lark's lexer slot: the tokens are made beforehand by the classifier, so it only hands
    them over (Lark's own lexer would re-scan every character of every line)."""

    def __init__(self, lexer_conf):
        pass

    def lex(self, data: Sequence[Token]) -> Iterator[Token]:  # type: ignore[override]
        return iter(data)


@functools.cache
def compiled_grammar(name: str) -> Lark:
    """The LALR parser of ``grammars/<name>.lark``, compiled once per process."""
    lark = Lark(grammar_text(name), parser="lalr", lexer=_TokenStream, start="hand",
                import_paths=[str(grammar_dir())])
    # The records are built from the tokens, so the parse tree would be thrown away: give the
    # LALR parser reductions that build nothing (a third of the parse time). Lark keeps these
    # callbacks on its internal parser; if that ever moves, trees are simply built again.
    inner = getattr(getattr(getattr(lark, "parser", None), "parser", None), "parser", None)
    if isinstance(getattr(inner, "callbacks", None), dict):
        inner.callbacks = dict.fromkeys(inner.callbacks, _no_tree)
    return lark


def _no_tree(children: list) -> None:
    return None


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
        named = [f"{unit}(?:{'|'.join(alts)})" for unit, alts in by_first.items() if unit]
        named += by_first.get("", [])
        self.regex = re.compile("|".join(plain + [f"(?P<_player>.+?)(?:{'|'.join(named)})"]))
        index = self.regex.groupindex
        # A kind's own groups follow its named group; lines led by a name get the name first.
        self.groups: dict[str, tuple[int, ...]] = {
            name: ((index["_player"],) if name in led_by_name else ())
            + tuple(range(index[name] + 1, index[name] + 1 + n))
            for name, n in counts.items()}
        self.ignored = frozenset(lark.ignore_tokens)
        self.kinds = tuple(t.name for t in terminals)

    def token(self, line: str, lineno: int) -> Token:
        """The line as a Token: type is the line kind, ``value`` the captured fields."""
        line = line.rstrip()
        m = self.regex.fullmatch(line)
        tok = str.__new__(LineToken, line)
        # Every slot is set, as Lark's error paths read them.
        tok.start_pos = tok.end_pos = None
        tok.line = tok.end_line = lineno
        tok.column = 1
        tok.end_column = len(line) + 1
        if m is None:
            tok.type = "UNKNOWN"
            tok.value = ()
        else:
            tok.type = kind = m.lastgroup
            idx = self.groups[kind]
            tok.value = m.group(*idx) if len(idx) > 1 else (m.group(idx[0]),) if idx else ()
        return tok


class LineToken(Token):
    """A Token for one line: its text is the line, ``value`` the fields its terminal captured."""

    __slots__ = ()


# The PLAYER piece of common.lark as Lark writes it into terminal regexes.
_PLAYER = "(.+?)"
# A leading literal character of a regex (escaped or not), not followed by a quantifier.
_FIRST_UNIT = re.compile(r"(?:\\\W|[\w:,])(?![?*+{])")


class Site:
    """A hand-history site: its grammar, how its hands start, and its HandBuilder."""

    name: str = ""
    title: str = ""
    grammar: str = ""
    #: Matches the first line of a hand; group 1 is the hand id.
    hand_start: re.Pattern
    #: Words for each terminal in "expected ..." messages.
    descriptions: dict[str, str] = {}
    builder: type[HandBuilder]

    @functools.cached_property
    def classifier(self) -> Classifier:
        """The line classifier, built from the compiled grammar on first use."""
        classifier = Classifier(compiled_grammar(self.grammar))
        self.builder.check_handlers(classifier)
        return classifier

    def describe(self, terminal: str) -> str:
        """Human words for a terminal, for error messages."""
        if terminal == "$END":
            return "the end of the hand"
        return self.descriptions.get(terminal, terminal.lower().replace("_", " ") + " line")

    def read_hand(self, lines: Sequence[str], first: int, path: str | None
                  ) -> Hand | SkippedHand | HandError:
        """Parse one hand: ``lines`` are its lines, the first at line number ``first``."""
        classifier = self.classifier
        m = self.hand_start.match(lines[0])
        hand_id = m.group(1) if m else None
        last = first + len(lines) - 1
        header = classifier.token(lines[0], first)
        if header.type != "HEADER":
            return HandError(path, first, 1, hand_id, self.name,
                             (self.describe("HEADER"),), str(header),
                             f"cannot read the header line: expected {self.describe('HEADER')}; "
                             f"got {str(header)!r}")
        builder = self.builder(self, path, hand_id)
        try:
            builder.on_HEADER(header, *header.value)
        except SkipHand as skip:
            return SkippedHand(self.name, hand_id, skip.game, Source(path, first, last))
        except LineError as e:
            return self._line_error(e, path, hand_id)
        tokens = [header]
        tokens.extend(classifier.token(line, n) for n, line in enumerate(lines[1:], first + 1))
        ignored = classifier.ignored
        try:
            compiled_grammar(self.grammar).parse([t for t in tokens if t.type not in ignored])
        except UnexpectedToken as e:
            return self._structure_error(e, tokens, path, hand_id, last)
        except (UnexpectedInput, LarkError) as e:  # pragma: no cover - LALR raises UnexpectedToken
            return HandError(path, first, 1, hand_id, self.name, (), None, f"unreadable hand: {e}")
        try:
            handlers = builder.handlers
            for tok in tokens[1:]:
                handlers[tok.type](builder, tok, *tok.value)
            return builder.finish(first, last)
        except LineError as e:
            return self._line_error(e, path, hand_id)

    def _structure_error(self, e: UnexpectedToken, tokens: list[Token], path, hand_id, last
                         ) -> HandError:
        order = {k: i for i, k in enumerate(self.classifier.kinds)}
        expected = tuple(self.describe(t) for t in
                         sorted(e.expected, key=lambda t: order.get(t, len(order))))
        tok = e.token
        if tok.type == "$END":
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

    def __init__(self, site: Site, path: str | None, hand_id: str | None):
        self.site = site
        self.path = path
        self.hand_id = hand_id
        self.tournament: Tournament | None = None
        self.game: Game | None = None
        self.structure = ""
        self.mix: str | None = None
        self.currency: str | None = None
        self.small_bet = self.big_bet = ZERO
        self.blinds: dict[str, Decimal] = {}
        self.table = ""
        self.max_seats: int | None = None
        self.button: int | None = None
        self.started_at: datetime | None = None
        self.seats: list[Seat] = []
        self.seated: set[str] = set()
        self.hero: str | None = None
        self.hero_cards: list[HeroCards] = []
        self.dealt_to: list[str] | None = None
        self.street = "predraw"
        self.committed: dict[str, Decimal] = {}
        self.actions: list[Action] = []
        self.shows: list[list] = []
        self.uncalled: list[Uncalled] = []
        self.collections: list[Collection] = []
        self.total_pot: Decimal | None = None
        self.pots: list[Pot] = []
        self.rake: Decimal | None = None
        self.seat_results: list[SeatResult] = []
        self.events: list[Event] = []
        self.cancelled = False

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

    def money(self, tok: Token, text: str) -> Decimal:
        """An amount from a line, or a LineError pointing at it."""
        try:
            return parse_amount(text)
        except AmountError:
            raise LineError(tok, f"{text!r} is not an amount", column_of(tok, text)) from None

    def cards(self, tok: Token, text: str, size: int | None = None) -> tuple[Card, ...]:
        """Cards from a line, refusing repeats and, with ``size``, a wrong count."""
        try:
            # Sites write "As 3h 8h": read card by card, the general reader explains failures.
            cards = tuple(map(parse_card, text.split()))
            if len(set(cards)) != len(cards) or (size is not None and len(cards) != size):
                raise CardError("")
            return cards
        except CardError:
            pass
        try:
            return parse_cards(text, size=size)
        except CardError as e:
            raise LineError(tok, str(e), column_of(tok, text)) from None

    def player(self, tok: Token, name: str) -> str:
        """A player who must be seated at the table."""
        if name not in self.seated:
            raise LineError(tok, f"{name!r} is not seated at this table", column_of(tok, name))
        return name

    def set_game(self, tok: Token, game: str, structure: str) -> None:
        """The game and betting structure as the header names them; unknown games are skipped."""
        try:
            self.game = get_game(game)
        except UnknownNameError:
            raise SkipHand(game) from None
        try:
            self.structure = STRUCTURES[structure.lower()]
        except KeyError:
            raise LineError(tok, f"unknown betting structure {structure!r}",
                            column_of(tok, structure)) from None

    def set_time(self, tok: Token, text: str, zone: str) -> None:
        """The start time: ``YYYY/MM/DD H:MM:SS`` (or with dashes) in an IANA zone."""
        try:
            date, time = text.split(" ")
            y, mo, d = date.replace("-", "/").split("/")
            h, mi, s = time.split(":")
            self.started_at = datetime(int(y), int(mo), int(d), int(h), int(mi), int(s),
                                       tzinfo=ZoneInfo(zone))
        except ValueError:
            raise LineError(tok, f"{text!r} is not a date and time", column_of(tok, text)) from None

    def add_seat(self, tok: Token, seat: str, name: str, stack: str, sitting_out: bool,
                 note: str | None = None) -> None:
        """A seat line."""
        if name in self.seated:
            raise LineError(tok, f"{name!r} is seated twice", column_of(tok, name))
        number = int(seat)
        if any(s.seat == number for s in self.seats):
            raise LineError(tok, f"seat {number} is listed twice", column_of(tok, seat))
        self.seats.append(Seat(number, name, self.money(tok, stack), sitting_out, note))
        self.seated.add(name)

    # ---- actions ---------------------------------------------------------------------------

    def act(self, tok: Token, player: str, kind: str, amount: Decimal | None = None,
            to: Decimal | None = None, all_in: bool = False, count: int | None = None,
            discarded: tuple[Card, ...] | None = None,
            new_cards: tuple[Card, ...] | None = None) -> Action:
        """Record an action by a seated player on the current street."""
        if player not in self.seated:
            self.player(tok, player)
        action = Action(len(self.actions), self.street, player, kind, amount, to, all_in, count,
                        discarded, new_cards, tok.line)
        self.actions.append(action)
        return action

    def wager(self, tok: Token, player: str, kind: str, *, added: Decimal | None = None,
              to: Decimal | None = None, all_in: bool = False) -> Action:
        """A bet, call, raise or blind given either as chips added or as the street total."""
        prev = self.committed.get(player, ZERO)
        if to is None:
            to = prev + added
        else:
            added = to - prev
            if added < 0:
                raise LineError(tok, f"a {kind} to {to} is less than the {prev} {player} has "
                                "already put in this round")
        self.committed[player] = to
        return self.act(tok, player, kind, amount=added, to=to, all_in=all_in)

    def post(self, tok: Token, player: str, kind: str, amount: str, all_in) -> Action:
        """A blind or ante; antes are dead money and do not count toward the street total."""
        value = self.money(tok, amount)
        if kind == "post_ante":
            self.blinds.setdefault("ante", value)
            return self.act(tok, player, kind, amount=value, all_in=bool(all_in))
        if kind in ("post_sb", "post_bb"):
            self.blinds.setdefault(kind, value)
        return self.wager(tok, player, kind, added=value, all_in=bool(all_in))

    def post_with_dead(self, tok: Token, player: str, kind: str, live: Decimal, dead: Decimal,
                       all_in: bool) -> Action:
        """A post whose ``dead`` part goes to the pot without counting toward the street."""
        prev = self.committed.get(player, ZERO)
        self.committed[player] = prev + live
        return self.act(tok, player, kind, amount=live + dead, to=prev + live, all_in=all_in)

    def new_street(self, street: str) -> None:
        """Start a draw street: its betting totals start from zero."""
        self.street = street
        self.committed = {}

    def draw(self, tok: Token, player: str, count: int, discarded: tuple[Card, ...] | None,
             new_cards: tuple[Card, ...] | None = None) -> Action:
        """A discard (``count`` > 0) or standing pat (0)."""
        size = self.game.hand_size
        if count > size:
            raise LineError(tok, f"{player} discards {count} cards from a {size}-card hand",
                            column_of(tok, str(count)))
        if discarded is not None and len(discarded) != count:
            raise LineError(tok, f"{player} discards {count} cards but {len(discarded)} are "
                            "listed", column_of(tok, "["))
        if player == self.hero and discarded and self.hero_cards:
            missing = [c for c in discarded if c not in self.hero_cards[-1].cards]
            if missing:
                raise LineError(tok, f"{player} discards {missing[0]}, which is not in the "
                                "hand", column_of(tok, str(missing[0])))
        kind = "discard" if count else "stand_pat"
        return self.act(tok, player, kind, count=count, discarded=discarded, new_cards=new_cards)

    def hero_hand(self, tok: Token, cards: tuple[Card, ...]) -> None:
        """The hero's whole hand after the current street's deal or draw."""
        if self.hero_cards and self.hero_cards[-1].street == self.street:
            self.hero_cards[-1] = HeroCards(self.street, cards, tok.line)
        else:
            self.hero_cards.append(HeroCards(self.street, cards, tok.line))

    def replaced(self, tok: Token, player: str, kept: tuple[Card, ...], new: tuple[Card, ...],
                 where: str) -> None:
        """Cards dealt in a draw: attach them to the player's discard, update the hero's hand."""
        size = self.game.hand_size
        if len(kept) + len(new) != size:
            raise LineError(tok, f"{player} would hold {len(kept) + len(new)} cards after the "
                            f"draw ({len(kept)} kept, {len(new)} new); a {self.game.title} hand "
                            f"holds {size}", column_of(tok, where, last=True))
        seen: set[Card] = set()
        for c in kept + new:
            if c in seen:
                raise LineError(tok, f"{c} appears twice in {player}'s hand after the draw",
                                column_of(tok, where, last=True))
            seen.add(c)
        for i in range(len(self.actions) - 1, -1, -1):
            a = self.actions[i]
            if a.street != self.street:
                break
            if a.player == player and a.kind in ("discard", "stand_pat"):
                if a.count != len(new):
                    raise LineError(tok, f"{player} discarded {a.count} cards but is dealt "
                                    f"{len(new)}", column_of(tok, where, last=True))
                self.actions[i] = _replace(a, new_cards=new)
                break
        else:
            raise LineError(tok, f"cards dealt to {player}, who has not drawn in this round")
        if player == self.hero:
            self.hero_hand(tok, kept + new)

    # ---- showdown, pots, summary, events ---------------------------------------------------

    def show(self, tok: Token, player: str, kind: str, cards: tuple[Card, ...] | None,
             description: str | None = None) -> None:
        """A show, muck or refusal to show."""
        self.player(tok, player)
        self.shows.append([player, kind, cards, description, tok.line])

    def collect(self, tok: Token, player: str, amount: str, pot: str) -> None:
        """Chips taken from a pot."""
        self.collections.append(Collection(self.player(tok, player), self.money(tok, amount),
                                           pot, tok.line))

    def return_uncalled(self, tok: Token, player: str, amount: str) -> None:
        """An uncalled bet given back; the player's street total drops accordingly."""
        value = self.money(tok, amount)
        self.player(tok, player)
        self.committed[player] = self.committed.get(player, ZERO) - value
        self.uncalled.append(Uncalled(player, value, self.street, tok.line))

    def on_event(self, tok: Token, *fields) -> None:
        """A table event (an %ignore'd terminal of the grammar), kept in order."""
        kind = tok.type[3:].lower() if tok.type.startswith("EV_") else tok.type.lower()
        self.events.append(Event(kind, fields[0] if fields else None, str(tok), tok.line))

    def finish(self, first: int, last: int) -> Hand:
        """The Hand record, frozen."""
        summary_cards = {r.player: r.cards for r in self.seat_results if r.cards}
        shows = tuple(Show(p, kind, cards if cards is not None else
                           (summary_cards.get(p) if kind == "muck" else None), desc, line)
                      for p, kind, cards, desc, line in self.shows)
        return Hand(
            site=self.site.name, hand_id=self.hand_id, tournament=self.tournament,
            game=self.game.name, structure=self.structure, mix=self.mix,
            currency=self.currency, small_bet=self.small_bet, big_bet=self.big_bet,
            small_blind=self.blinds.get("post_sb"), big_blind=self.blinds.get("post_bb"),
            ante=self.blinds.get("ante"), table=self.table, max_seats=self.max_seats,
            button_seat=self.button, started_at=self.started_at, seats=tuple(self.seats),
            hero=self.hero, hero_cards=tuple(self.hero_cards),
            dealt_to=None if self.dealt_to is None else tuple(self.dealt_to),
            actions=tuple(self.actions), shows=shows, uncalled=tuple(self.uncalled),
            collections=tuple(self.collections),
            summary=Summary(self.total_pot, tuple(self.pots), self.rake,
                            tuple(self.seat_results)),
            events=tuple(self.events), cancelled=self.cancelled,
            source=Source(self.path, first, last))


def _replace(action: Action, **changes) -> Action:
    """A copy of a frozen Action with some fields changed."""
    fields = {name: getattr(action, name) for name in Action.__slots__}
    fields.update(changes)
    return Action(**fields)


def column_of(tok: Token, text: str, last: bool = False) -> int:
    """1-based column of ``text`` in the line, or 1 when it cannot be found."""
    pos = tok.rfind(text) if last else tok.find(text)
    return pos + 1 if pos >= 0 else 1
