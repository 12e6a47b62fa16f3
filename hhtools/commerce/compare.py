"""Compare the hands shown at a commerce game's showdown: who is best, who is worst, and why.

``compare(game, hands, wild=None, drawn=None, manotazo=None) -> Comparison``. ``hands`` maps
each player (any hashable, printed with ``str``) to five cards (a string or a card tuple); a
plain sequence of hands names them ``hand 1``, ``hand 2``... ``Comparison.order`` lists the
players best first, as groups of players still tied.

Every step the hands alone settle is applied to every pair: the poker rank, then in La Viuda
fewer wild cards, the best suited sequence, more cards of one colour (see
hhtools.commerce.evaluate). The last two steps of La Viuda's chain need cards only the table
knows, and the text uses them for the hands that tie for the worst (the one that pays), so
they are applied to the worst group only (other ties are left as ties, nothing depends on them):

- ``drawn``: the card drawn from the deck when the tied hands' larger colour groups are the
  same size but not the same colour (three black against three red). The hands with most
  cards of the drawn card's colour rank above the others. A joker has no colour: draw again.
  (A hand with a joker may hold as many red as black cards: both colours are its larger.)
- ``manotazo``: when the tied hands' larger colour is the same (the text: "the same number
  of cards by colour"), or the drawn card separated none of them, every one of their cards
  is shuffled together and each player draws one: a mapping player -> card drawn, or a
  sequence of such mappings when equal ranks were drawn and those players drew again. The
  higher card ranks above, by rank with aces high; a joker (wild, and no rank) ranks above an
  ace. Each drawn card must be one of those hands' cards.

``Comparison.pending`` names the step still needed for the worst group (``drawn-card`` or
``manotazo``), None when the worst hand is known, or when the game has no such step (Whisky
Poker: tied hands stay tied; suits never break a tie there). Table cards given but not
needed raise TieBreakError, so a record that names a drawn card without cause is caught; but a
card drawn for tied hands of the same larger colour is taken as settling nothing (step 4 read
word for word: that too is "a tie for most cards of one colour"), and Manotazo follows.

>>> c = compare("la-viuda", {"Ann": "8h 8s 9h 5c 4d", "Bob": "8d 8c 9s 5h 4h"}, wild="K")
>>> c.order, c.worst
((('Ann',), ('Bob',)), ('Bob',))
>>> print(explain(c.values["Ann"], c.values["Bob"]))  # doctest: +NORMALIZE_WHITESPACE
equal as poker hands (pair of eights), with as many wild cards (0); the suited sequence
9h-8h beats 5h-4h: it is higher
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hhtools.commerce.cards import JOKER, colour_of, format_cards, parse_card_or_joker
from hhtools.commerce.evaluate import PLURAL, HandValue, evaluate, sequence_key
from hhtools.commerce.games import CATEGORIES, CommerceGame, get_commerce_game
from hhtools.core.cards import Card
from hhtools.core.evaluate import STANDARD_HIGH
from hhtools.errors import CardError, TieBreakError

# A tie group of players, best first in ``Comparison.order``.
Group = tuple[str, ...]
Values = dict[str, HandValue]
# One Manotazo round: the card each tied player draws (``Jk`` or a card's text, or a Card).
Round = Mapping[str, Card | str]
# The hands by player, or a plain sequence of hands named ``hand 1``, ``hand 2``...
Hands = Mapping[str, str | Sequence[Card]] | Sequence[str | Sequence[Card]]
Manotazo = Round | Sequence[Round]

FIVE_OF_A_KIND = CATEGORIES[-1]


@dataclass(frozen=True)
class Comparison:
    """The hands of one showdown, ordered best first."""

    game: CommerceGame
    wild: str | None
    values: dict[str, HandValue]
    #: The players best first, in groups of players still tied.
    order: tuple[tuple[str, ...], ...]
    #: The step still needed to settle the worst group: "drawn-card", "manotazo" or None.
    pending: str | None
    #: How the table's cards (drawn card, Manotazo) settled the worst group, in words.
    settled: tuple[str, ...]

    @property
    def best(self) -> tuple[str, ...]:
        """The players with the best hand (several when tied)."""
        return self.order[0]

    @property
    def worst(self) -> tuple[str, ...]:
        """The players with the worst hand (several while a tie stays unsettled)."""
        return self.order[-1]

    def place(self, player: str) -> int:
        """The player's group in ``order``: 0 for the best."""
        return next(i for i, group in enumerate(self.order) if player in group)

    def pending_words(self) -> str | None:
        """What the table must do next to settle the worst hand, or None."""
        if self.pending == "drawn-card":
            return (f"{_names(self.worst)} still tie for the worst hand: a card drawn from "
                    "the deck decides (its colour)")
        if self.pending == "manotazo":
            return (f"{_names(self.worst)} still tie for the worst hand: Manotazo decides "
                    "(their cards shuffled together, each draws one, the higher card wins)")
        return None

    def verdict_lines(self) -> list[str]:
        """The best hand and the worst hand, each with the reason against the next hand."""
        lines = []
        if len(self.order) == 1:
            group = self.order[0]
            value = self.values[group[0]]
            if len(group) > 1:
                lines.append(f"{_names(group)} tie with {value.description}"
                             + (f": {explain(value, self.values[group[1]])}." if self.game.tiebreaks
                                else ": same ranks, suits never break a tie."))
        else:
            lines.append(self._line(self.game.best_label, self.order[0], self.order[1], above=False))
            lines.append(self._line(self.game.worst_label, self.order[-1], self.order[-2], above=True))
        lines.extend(self.settled)
        if (words := self.pending_words()) is not None:
            lines.append(words + ".")
        return lines

    def _line(self, label: str, group: Group, other_group: Group, *, above: bool) -> str:
        value, other = self.values[group[0]], self.values[other_group[0]]
        verb = "tie" if len(group) > 1 else ""
        who = f"{_names(group)} {verb} with" if verb else f"{_names(group)} with"
        reason = explain(other, value) if above else explain(value, other)
        unsettled = "; suits never break a tie" if verb and not self.game.tiebreaks else ""
        return (f"{label}: {who} {value.description}{unsettled}; "
                f"against {_names(other_group[:1])}: {reason}.")

    def render(self) -> str:
        """The text ``hhtools eval`` prints: each hand, then the verdicts."""
        out = []
        wild = f", jokers and {PLURAL[self.wild]} wild" if self.wild else ""
        for player, value in self.values.items():
            out.append(f"{player}: {format_cards(value.cards)}  ({self.game.title}{wild})")
            out.append(f"  {value.description}")
            if self.game.tiebreaks:
                out.append(f"  {value.wild_cards} wild card{'s' * (value.wild_cards != 1)}; "
                           f"{value.sequence_words}; {value.red} red, {value.black} black")
        if len(self.values) > 1:
            out.extend(self.verdict_lines())
        return "\n".join(out)

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready view: each hand, the order, the verdicts."""
        return {"game": self.game.name, "wild": self.wild,
                "hands": {str(p): v.as_dict() for p, v in self.values.items()},
                "order": [[str(p) for p in g] for g in self.order],
                "best": [str(p) for p in self.best], "worst": [str(p) for p in self.worst],
                "pending": self.pending, "explanations": self.verdict_lines()}


def compare(game: CommerceGame | str, hands: Hands, wild: str | None = None,
            drawn: Card | str | None = None, manotazo: Manotazo | None = None) -> Comparison:
    """Order the players' hands best first (see the module docstring)."""
    game = get_commerce_game(game)
    if not isinstance(hands, Mapping):
        hands = {f"hand {n}": h for n, h in enumerate(hands, 1)}
    if not hands:
        raise CardError("no hand given")
    values = {p: evaluate(game, h, wild) for p, h in hands.items()}
    _refuse_shared_cards(game, values)
    ranked = sorted(values, key=lambda p: values[p].key, reverse=True)
    groups: list[Group] = []
    for p in ranked:
        if groups and values[groups[-1][0]].key == values[p].key:
            groups[-1] += (p,)
        else:
            groups.append((p,))
    drawn_card = parse_card_or_joker(drawn) if isinstance(drawn, str) else drawn
    rounds = [manotazo] if isinstance(manotazo, Mapping) else list(manotazo or ())
    pending, settled = _settle_worst(game, values, groups, drawn_card, rounds)
    wild_letter = next(iter(values.values())).wild
    return Comparison(game, wild_letter, values, tuple(groups), pending, tuple(settled))


def worst(game: CommerceGame | str, hands: Hands, wild: str | None = None,
          drawn: Card | str | None = None, manotazo: Manotazo | None = None) -> Group:
    """The players holding the worst hand (one unless a tie is still unsettled)."""
    return compare(game, hands, wild, drawn, manotazo).worst


def explain(a: HandValue, b: HandValue) -> str:
    """Why hand ``a`` ranks above hand ``b`` or ties it, in words (``a`` must not rank below)."""
    if a.score != b.score:
        if FIVE_OF_A_KIND in (a.category, b.category):
            if a.category == b.category:
                return f"{a.hand_words} beat {b.hand_words}: the higher rank"
            return f"{a.hand_words} beat {b.hand_words}: five of a kind beats every other hand"
        standard_a, standard_b = a.standard, b.standard
        # Neither is five of a kind here, and only five of a kind has no standard evaluation.
        assert standard_a is not None and standard_b is not None
        return STANDARD_HIGH.explain(standard_a, standard_b)
    equal = f"equal as poker hands ({a.hand_words})"
    if not a.game.tiebreaks:
        return f"{equal}: suits never break a tie"
    if a.wild_cards != b.wild_cards:
        return f"{equal}; {a.wild_cards} wild card{'s' * (a.wild_cards != 1)} beat {b.wild_cards}"
    equal += f", with as many wild cards ({a.wild_cards})"
    if sequence_key(a.sequence) != sequence_key(b.sequence):
        sa, sb = a.sequence_words, b.sequence_words
        if not b.sequence:
            return f"{equal}; the suited sequence {sa} beats none"
        why = "it is longer" if len(a.sequence) != len(b.sequence) else "it is higher"
        return f"{equal}; the suited sequence {sa} beats {sb}: {why}"
    same_sequence = ("and no suited sequence" if not a.sequence else
                     f"and as good a suited sequence ({a.sequence_words} and {b.sequence_words})")
    equal += f" {same_sequence}"
    ca, cb = _larger_colour(a), _larger_colour(b)
    if ca[0] != cb[0]:
        return f"{equal}; {ca[0]} cards of one colour ({ca[1]}) beat {cb[0]} ({cb[1]})"
    if largest_colours(a) != largest_colours(b):
        return (f"{equal}, {ca[0]} cards of one colour each ({ca[1]} against {cb[1]}): "
                "a card drawn from the deck decides")
    if (a.red, a.black) == (b.red, b.black):
        return f"{equal}, {a.red} red and {a.black} black cards each: Manotazo decides"
    return f"{equal}, {ca[0]} {ca[1]} cards each: Manotazo decides"


def _settle_worst(game: CommerceGame, values: Values, groups: list[Group], drawn: Card | None,
                  rounds: list[Round]) -> tuple[str | None, list[str]]:
    """Apply the drawn card and the Manotazo rounds to the worst group, in place."""
    settled: list[str] = []
    tied = groups[-1]
    larger = {p: largest_colours(values[p]) for p in tied}
    needs_draw = len(set(larger.values())) > 1
    if "drawn-card" in game.tiebreaks and needs_draw:
        if drawn is None:
            return "drawn-card", settled
        _check_drawn(drawn, values)
        colour = colour_of(drawn)
        if not colour:
            settled.append("The joker drawn from the deck has no colour: another card is drawn.")
            return "drawn-card", settled
        first = tuple(p for p in tied if colour in larger[p])
        rest = tuple(p for p in tied if p not in first)
        if first and rest:
            settled.append(f"{drawn} is drawn from the deck: {colour}, so {_names(first)} "
                           f"(more {colour} cards) rank{'s' * (len(first) == 1)} above {_names(rest)}.")
            groups[-1:] = [first, rest]
            tied = rest
        else:
            # Only when one hand holds as many red as black cards and the other does not,
            # with the same larger count: three jokers between them, more than one pack has.
            # Kept so that no group in the order is ever empty.
            settled.append(f"{drawn} is drawn from the deck: {colour}, a larger colour of every "
                           f"hand of {_names(tied)}, so it settles nothing among them.")
    elif drawn is not None and len(tied) > 1 and "drawn-card" in game.tiebreaks:
        # Step 4 read word for word ("a tie for most cards of one colour"): a table may draw
        # for hands whose larger colour is the same; the card favours neither, Manotazo follows.
        _check_drawn(drawn, values)
        settled.append(f"{drawn} is drawn from the deck: the hands of {_names(tied)} have the "
                       "same larger colour, so it settles nothing among them.")
    elif drawn is not None:
        raise TieBreakError(f"a card drawn from the deck ({drawn}) settles nothing here: "
                            + ("no two hands tie for the worst" if len(tied) == 1 else
                               f"{game.title} has no tie-break by a drawn card"))
    for n, drawn_cards in enumerate(rounds, 1):
        if len(tied) == 1 or "manotazo" not in game.tiebreaks:
            raise TieBreakError(f"Manotazo round {n} settles nothing: "
                                + (f"{game.title} has no Manotazo" if "manotazo" not in game.tiebreaks
                                   else "the worst hand is already known"))
        cards = _check_manotazo(n, tied, drawn_cards, values)
        strength = {p: 13 if cards[p] == JOKER else cards[p] >> 2 for p in tied}
        steps = sorted(set(strength.values()), reverse=True)
        split = [tuple(p for p in tied if strength[p] == s) for s in steps]
        shown = ", ".join(f"{p} draws {cards[p]}" for p in tied)
        settled.append(f"Manotazo{f' (round {n})' if n > 1 else ''}: {shown}"
                       + (f"; {_names(split[-1])} drew the lowest card."
                          if len(split[-1]) == 1 else
                          f"; {_names(split[-1])} drew equal lowest cards and draw again."))
        groups[-1:] = split
        tied = split[-1]
    if len(tied) > 1 and "manotazo" in game.tiebreaks:
        return "manotazo", settled
    return None, settled


def _check_drawn(drawn: Card, values: Values) -> None:
    shown = Counter(c for v in values.values() for c in v.cards)
    deck = Counter(next(iter(values.values())).game.deck)
    if drawn not in deck:
        raise TieBreakError(f"{drawn} is not a card of this pack")
    if shown[drawn] >= deck[drawn]:
        raise TieBreakError(f"{drawn} cannot be drawn from the deck: it is in a hand shown")


def _check_manotazo(n: int, tied: Group, drawn: Round, values: Values) -> dict[str, Card]:
    if set(drawn) != set(tied):
        raise TieBreakError(f"Manotazo round {n}: the players who draw are {_names(tied)}, "
                            f"not {_names(tuple(drawn))}")
    cards = {p: parse_card_or_joker(c) if isinstance(c, str) else c for p, c in drawn.items()}
    pool = Counter(c for p in tied for c in values[p].cards)
    taken = Counter(cards.values())
    for card, k in taken.items():
        if k > pool[card]:
            raise TieBreakError(f"Manotazo round {n}: {card} is drawn {k} times but the "
                                f"shuffled cards of {_names(tied)} hold it {pool[card]} times")
    return cards


def largest_colours(value: HandValue) -> frozenset[str]:
    """The colours of which the hand holds the most cards: ``{"red"}``, ``{"black"}`` or both
    when even. A drawn card of one of these colours gives the hand priority."""
    most = max(value.red, value.black)
    return frozenset(c for c, n in (("red", value.red), ("black", value.black)) if n == most)


def _larger_colour(value: HandValue) -> tuple[int, str]:
    """(count, colour) of the hand's larger colour group; ``red and black`` when even."""
    if value.red == value.black:
        return value.red, "red and black"
    return (value.red, "red") if value.red > value.black else (value.black, "black")


def _refuse_shared_cards(game: CommerceGame, values: Values) -> None:
    seen: Counter[Card] = Counter()
    deck = Counter(game.deck)
    for player, value in values.items():
        for card in value.cards:
            seen[card] += 1
            if seen[card] > deck[card]:
                what = "the pack holds two jokers" if card == JOKER else "one pack holds each card once"
                raise CardError(f"{str(card)!r} is held again by {player}: {what}")


def _names(players: Sequence[str]) -> str:
    names = [str(p) for p in players]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]
