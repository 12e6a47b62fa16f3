"""Evaluate hands of a game and say who wins each component, and why.

This is what ``hhtools eval`` prints; the referee-facing wording lives here so the auditor can
reuse it.

>>> c = compare("badeucy", ["2c 3s 4d 5h 7c", "As 2d 3h 4c 6s"])
>>> c.winners
{'badugi-ace-high': [0], '2-7': [0]}
>>> print(c.verdict_lines()[-1])
Hand 1 scoops the pot.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from hhtools.core.cards import Card, format_cards, parse_cards
from hhtools.core.evaluate import Evaluation, winners
from hhtools.core.games import Game, get_game
from hhtools.errors import CardError

HAND_SEPARATOR = "|"


@dataclass(frozen=True, slots=True)
class Comparison:
    """Hands of one game, each scored by every component, with the winners of each component."""

    game: Game
    hands: tuple[tuple[Card, ...], ...]
    scores: tuple[tuple[Evaluation, ...], ...]  # scores[hand][component]

    @property
    def winners(self) -> dict[str, list[int]]:
        """For each component name, the indices of the winning hands (several on a tie)."""
        return {comp.name: winners([s[i] for s in self.scores])
                for i, comp in enumerate(self.game.components)}

    def explanation(self, component_index: int) -> str:
        """Who wins one component and why, against the best hand that does not win it."""
        comp = self.game.components[component_index]
        column = [s[component_index] for s in self.scores]
        won = winners(column)
        label = _half_label(self.game, comp.name)
        best = column[won[0]]
        names = _hand_list(won)
        if len(won) == len(column) and len(column) > 1:
            return f"{label}: {names} tie with {best.description} and share it."
        verb = "wins" if len(won) == 1 else "tie and share it"
        text = f"{label}: {names} {verb} with {best.description}"
        losers = [i for i in range(len(column)) if i not in won]
        if not losers:
            return text + "."
        runner_up = min(losers, key=lambda i: column[i].rank)
        return (f"{text}; against hand {runner_up + 1}: "
                f"{comp.explain(best, column[runner_up])}.")

    def verdict_lines(self) -> list[str]:
        """One explanation per component, then who scoops, if anyone does."""
        lines = [self.explanation(i) for i in range(len(self.game.components))]
        if self.game.split and len(self.hands) > 1:
            sets = [tuple(w) for w in self.winners.values()]
            if all(len(s) == 1 for s in sets) and len(set(sets)) == 1:
                lines.append(f"Hand {sets[0][0] + 1} scoops the pot.")
        return lines

    def render(self) -> str:
        """The text ``hhtools eval`` prints."""
        out = []
        width = max(len(c.name) for c in self.game.components)
        for n, (cards, scores) in enumerate(zip(self.hands, self.scores), 1):
            prefix = f"Hand {n}: " if len(self.hands) > 1 else ""
            out.append(f"{prefix}{format_cards(cards)}  ({self.game.title})")
            for e in scores:
                out.append(f"  {e.component.name:<{width}}  {e.description:<24} "
                           f"best {format_cards(e.best):<15} rank {e.rank} of {e.component.ranks}")
        if len(self.hands) > 1:
            out.extend(self.verdict_lines())
        return "\n".join(out)

    def render_line(self) -> str:
        """The whole comparison on one line, for streaming."""
        hands = []
        for cards, scores in zip(self.hands, self.scores):
            parts = "; ".join(f"{e.component.name} {e.description} (rank {e.rank})" for e in scores)
            hands.append(f"{format_cards(cards)}: {parts}")
        text = " | ".join(hands)
        if len(self.hands) > 1:
            won = "; ".join(f"{name}: {_hand_list(idx)}" for name, idx in self.winners.items())
            text += f" => {won}"
        return text

    def hand_json(self, index: int) -> dict[str, Any]:
        """The JSON object of one hand."""
        obj: dict[str, Any] = {"cards": [str(c) for c in self.hands[index]], "game": self.game.name,
               "components": [e.as_dict() for e in self.scores[index]]}
        if len(self.hands) > 1:
            obj["hand"] = index + 1
            obj["wins"] = [name for name, idx in self.winners.items() if index in idx]
        return obj

    def winners_json(self) -> dict[str, Any]:
        """The JSON object naming the winners (1-based hand numbers) of each component."""
        return {"game": self.game.name,
                "winners": {name: [i + 1 for i in idx] for name, idx in self.winners.items()},
                "explanations": self.verdict_lines()}


def compare(game: Game | str, hands: Sequence[str | Sequence[Card]]) -> Comparison:
    """Score ``hands`` (strings like ``"As 2d 3h 4c"`` or card tuples) in ``game``."""
    if isinstance(game, str):
        game = get_game(game)
    parsed = tuple(parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands)
    if not parsed:
        raise CardError("no hand given")
    _refuse_shared_cards(parsed)
    return Comparison(game, parsed, tuple(game.evaluate(h) for h in parsed))


def compare_lines(game: Game | str, lines: Iterable[str]) -> Iterator[tuple[int, Comparison | CardError]]:
    """Read one hand (or several joined by ``|``) per line, lazily, yielding (line number, result).

    Blank lines and lines starting with ``#`` are skipped; a bad line yields its CardError so
    the caller can report it and carry on.
    """
    if isinstance(game, str):
        game = get_game(game)
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            yield number, compare(game, text.split(HAND_SEPARATOR))
        except CardError as exc:
            yield number, exc


def dumps(obj: dict[str, Any]) -> str:
    """Compact, stable JSON for one output line."""
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def _refuse_shared_cards(hands: Sequence[Sequence[Card]]) -> None:
    seen: dict[Card, int] = {}
    for n, cards in enumerate(hands, 1):
        for card in cards:
            if card in seen and seen[card] != n:
                raise CardError(f"{str(card)!r} is in hand {seen[card]} and in hand {n}: "
                                "one deck holds each card once")
            seen[card] = n


def _hand_list(indices: Sequence[int]) -> str:
    numbers = [str(i + 1) for i in indices]
    if len(numbers) == 1:
        return f"hand {numbers[0]}"
    return "hands " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def _half_label(game: Game, component: str) -> str:
    if not game.split:
        return "Pot"
    return {"badugi": "Badugi half", "badugi-ace-high": "Badugi half (ace high)",
            "2-7": "2-7 half", "a-5": "A-5 half"}.get(component, f"{component} half")
