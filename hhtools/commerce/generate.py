"""Simulate whole game nights of Whisky Poker or La Viuda and write them in the record format.

``night_text(game, players, seed)`` plays a night from the first deal to the game's end under
the rules hhtools.commerce.audit checks (the order of play and of the deal from
hhtools.commerce.table, the hands compared by hhtools.commerce.compare) and returns its record;
the same seed writes the same night. The players are simple: they exchange when the face-up
widow improves their hand and knock when it does not, or when their hand is good enough for
the deal's patience, so knocks come early and late. About one deal in four is stacked so that
two hands tie as poker hands and the tie goes down La Viuda's chain (the colours, the drawn
card, Manotazo), or, in Whisky Poker, stays a tie. Some cards nobody saw are written ``??``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal

from hhtools.commerce.cards import format_cards, wild_rank
from hhtools.commerce.compare import compare
from hhtools.commerce.evaluate import evaluate
from hhtools.commerce.games import CommerceGame, get_commerce_game
from hhtools.commerce.table import next_dealer, turn_order
from hhtools.core.cards import Card
from hhtools.core.words import plural

NAMES = ("Ana", "Ben", "Carla", "Diego", "Elena", "Felix", "Gloria", "Hugo", "Ines")
#: Seat counts a night can have: the pack must hold a hand more than the players.
MIN_PLAYERS, MAX_PLAYERS = 2, 9
#: Ranks of a hand that makes no pair, no straight and no suited sequence whatever its suits
#: (no two ranks adjacent): the stacked ties are made of these.
_TIE_RANKS = ("Q8642", "J9642", "K9742", "T8642", "Q9642")
_RED, _BLACK = "hd", "sc"

Cards = tuple[Card, ...]
#: An exchange with the face-up widow: (the hand's value after it, the index given or None
#: for all five, the index taken).
Swap = tuple[tuple[int, ...], int | None, int | None]


def night_text(game: str, players: int, seed: int) -> str:
    """The record of one simulated night (see the module docstring)."""
    return _Night(get_commerce_game(game), players, seed).play()


class _Night:
    def __init__(self, game: CommerceGame, players: int, seed: int) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"{players} players: a night has {MIN_PLAYERS} to {MAX_PLAYERS}")
        self.game, self.rng = game, random.Random(seed)
        self.viuda = game.name == "la-viuda"
        self.lowest = not self.viuda and seed % 2 == 1
        self.names = list(NAMES[:players])
        self.seats = [(i + 1, p) for i, p in enumerate(self.names)]
        self.start = (self.rng.choice((2, 3)) if self.viuda else
                      5 if self.lowest else self.rng.randint(3, 6))
        self.chips = {p: self.start for p in self.names}
        self.active = set(self.names)
        self.pool = 1 if self.viuda else 0
        self.chip = Decimal(self.rng.choice(("1", "0.50", "2")))
        self.viuda_bought = False
        self.viuda_paid = Decimal(0)
        self.max_deals: int | None = None if self.viuda or self.lowest else self.rng.randint(6, 14)
        self.out: list[str] = []

    def play(self) -> str:
        title = "Whisky Poker" if not self.viuda else "La Viuda"
        w = self.out.append
        w(f"{title} night: simulated by hhtools")
        if not self.viuda:
            w(f"Scoring: {'lowest pays' if self.lowest else 'pool'}")
        w(f"Chip: ${self.chip}")
        for n, p in self.seats:
            w(f"Seat {n}: {p} buys {plural(self.start, 'chip')}")
        dealer = self.rng.choice(self.names)
        number = 0
        while True:
            number += 1
            self.deal(number, dealer)
            if self.over() or (self.max_deals and number >= self.max_deals):
                break
            dealer = next_dealer(self.seats, self.active, dealer, self.game.clockwise)
        return "\n".join(self.out) + "\n"

    def over(self) -> bool:
        if self.lowest:
            return any(c == 0 for c in self.chips.values())
        return len(self.active) == 1

    # -- one deal --------------------------------------------------------------------------

    def deal(self, number: int, dealer: str) -> None:
        w = self.out.append
        w("")
        w(f"Deal {number}, dealer {dealer}")
        if not self.viuda and not self.lowest:
            for p in self.active:
                self.chips[p] -= 1
            self.pool += len(self.active)
        w(f"Pool: {plural(self.pool, 'chip')}")
        wild = wild_rank(self.pool) if self.viuda else None
        if wild:
            w(f"Wild: {wild}")
        order = turn_order(self.seats, self.active, dealer, self.game.clockwise)
        hands, widow, deck, stacked = self.shuffle_and_deal(order, wild)
        hidden = self.rng.random() < 0.3 and len(order) > 2
        for p in order:
            secret = hidden and p == order[1]
            w(f"{p}: {'?? ?? ?? ?? ??' if secret else format_cards(hands[p])}")
        widow_known = self.rng.random() < 0.5
        w(f"Widow: {format_cards(widow) if widow_known else '?? ?? ?? ?? ??'}")
        self.turns(order, dealer, hands, widow, wild, stacked)
        w("Showdown")
        for p in order:
            w(f"{p} shows {format_cards(hands[p])}")
        self.settle(order, hands, wild, deck)

    def shuffle_and_deal(self, order: list[str], wild: str | None
                         ) -> tuple[dict[str, Cards], Cards, list[Card], bool]:
        deck = list(self.game.deck)
        self.rng.shuffle(deck)
        stacked = len(order) >= 2 and self.rng.random() < 0.25
        if stacked:
            tied = self.tied_hands(wild, deck)
            if tied is not None:
                a, b = self.rng.sample(order, 2)
                hands: dict[str, Cards] = {a: tied[0], b: tied[1]}
                rest = [c for c in deck if c not in tied[0] + tied[1]]
                for _ in range(30):  # the others hold better hands, so the tie is the worst
                    self.rng.shuffle(rest)
                    others = [p for p in order if p not in hands]
                    trial = dict(hands, **{p: tuple(rest[5 * i:5 * i + 5])
                                           for i, p in enumerate(others)})
                    worst = compare(self.game, trial, wild).order[-1]
                    if set(worst) >= {a, b}:
                        n = 5 * len(others)
                        return trial, tuple(rest[n:n + 5]), rest[n + 5:], True
        dealt = {p: tuple(deck[5 * i:5 * i + 5]) for i, p in enumerate(order)}
        n = 5 * len(order)
        return dealt, tuple(deck[n:n + 5]), deck[n + 5:], False

    def tied_hands(self, wild: str | None, deck: list[Card]) -> tuple[Cards, Cards] | None:
        """Two hands of the same ranks, no wild card, colours chosen for a step of the chain."""
        ranks = [r for r in self.rng.choice(_TIE_RANKS) if r != wild]
        if len(ranks) < 5:
            return None
        step = self.rng.choice(("colour", "drawn", "manotazo"))
        reds = {"colour": (4, 3), "drawn": (3, 2), "manotazo": (3, 3)}[step]
        hands: list[Cards] = []
        for k, red in enumerate(reds):
            if step == "drawn" and k == 1:
                red = 2  # three black against the other's three red
            colours = [_RED] * red + [_BLACK] * (5 - red)
            self.rng.shuffle(colours)
            hands.append(tuple(self.card(r, colours[i][k]) for i, r in enumerate(ranks)))
        return hands[0], hands[1]

    @staticmethod
    def card(rank: str, suit: str) -> Card:
        return Card("23456789TJQKA".index(rank) * 4 + "shdc".index(suit))

    def value(self, cards: Sequence[Card], wild: str | None) -> tuple[int, ...]:
        return evaluate(self.game, cards, wild).key

    def turns(self, order: list[str], dealer: str, hands: dict[str, Cards], widow: Cards,
              wild: str | None, stacked: bool) -> None:
        w = self.out.append
        pile = list(widow)
        phase, at, turns = 1, 0, 0
        knocker: str | None = None
        patience = self.rng.choice((0, 1, 2, 3)) if not stacked else 0
        while True:
            p = order[at]
            turns += 1
            hand = list(hands[p])
            mine = self.value(hand, wild)
            if knocker is not None:
                verb = "passes" if phase == 1 or self.rng.random() < 0.5 else "knocks"
                choice = self.best_swap(hand, pile, wild) if phase == 2 and not stacked else None
                if choice is not None and choice[0] > mine:
                    hands[p], pile = self.exchange(p, hand, pile, choice)
                else:
                    w(f"{p} {verb}")
            elif stacked:
                knocker = p
                w(f"{p} knocks")
            elif phase == 1:
                strong = mine >= self.value(self.strong_hand(wild), wild)
                r = self.rng.random()
                if strong or (turns > patience * len(order) and r < 0.3):
                    knocker = p
                    w(f"{p} knocks")
                elif r < 0.15:
                    gives = format_cards(hand)
                    takes = f", takes {format_cards(pile)}" if self.rng.random() < 0.5 else ""
                    w(f"{p} exchanges all, gives {gives}{takes}")
                    hands[p], pile = tuple(pile), hand
                    phase = 2
                else:
                    w(f"{p} passes")
            else:
                choice = self.best_swap(hand, pile, wild)
                ready = turns > patience * len(order) or turns > 4 * len(order)
                if choice is None or choice[0] <= mine or (ready and self.rng.random() < 0.4):
                    knocker = p
                    w(f"{p} knocks")
                else:
                    hands[p], pile = self.exchange(p, hand, pile, choice)
            if phase == 1 and p == dealer:
                # The dealer passed or knocked with nobody having exchanged.
                phase = 2
                w(f"Widow turned up: {format_cards(pile)}")
            at = (at + 1) % len(order)
            if knocker is not None and order[at] == knocker:
                return

    def strong_hand(self, wild: str | None) -> Cards:
        """The hand a player knocks on at once: two pair, jacks and tens."""
        ranks = "JJTT2" if wild != "J" else "QQTT3"
        return tuple(self.card(r, s) for r, s in zip(ranks, "shshd"))

    def best_swap(self, hand: list[Card], widow: list[Card], wild: str | None) -> Swap | None:
        """The best exchange with the face-up widow: (value, give index or None for all, take
        index), or None."""
        best: Swap | None = None
        for i in range(5):
            for j in range(5):
                trial = hand[:i] + [widow[j]] + hand[i + 1:]
                v = self.value(trial, wild)
                if best is None or v > best[0]:
                    best = (v, i, j)
        v = self.value(widow, wild)
        if best is None or v > best[0]:
            best = (v, None, None)
        return best

    def exchange(self, p: str, hand: list[Card], widow: list[Card], choice: Swap
                 ) -> tuple[Cards, list[Card]]:
        _, i, j = choice
        if i is None or j is None:
            self.out.append(f"{p} exchanges all, gives {format_cards(hand)}, "
                            f"takes {format_cards(widow)}")
            return tuple(widow), list(hand)
        give, take = hand[i], widow[j]
        self.out.append(f"{p} exchanges {format_cards((give,))} for {format_cards((take,))}")
        hand[i], widow[j] = take, give
        return tuple(hand), widow

    # -- chips -----------------------------------------------------------------------------

    def settle(self, order: list[str], hands: dict[str, Cards], wild: str | None,
               deck: list[Card]) -> None:
        w = self.out.append
        shown = {p: hands[p] for p in order}
        result = compare(self.game, shown, wild)
        drawn: Card | None = None
        rounds: list[dict[str, Card]] = []
        while result.pending == "drawn-card":
            drawn = deck.pop()
            w(f"Drawn card: {format_cards((drawn,))}")
            result = compare(self.game, shown, wild, drawn)
        while result.pending == "manotazo":
            tied = result.worst
            stack = [c for p in tied for c in shown[p]]
            self.rng.shuffle(stack)
            rounds.append({p: stack[k] for k, p in enumerate(tied)})
            w("Manotazo: " + ", ".join(f"{p} {format_cards((c,))}" for p, c in rounds[-1].items()))
            result = compare(self.game, shown, wild, drawn, rounds)
        if not self.viuda and not self.lowest:
            share = self.pool // len(result.best)
            for p in result.best:
                w(f"{p} takes {plural(share, 'chip')}")
                self.chips[p] += share
                self.pool -= share
        else:
            payers = result.worst if self.lowest else result.worst[:1]
            for p in payers:
                w(f"{p} pays 1 chip")
                self.chips[p] -= 1
                self.pool += 1
        for p in order:
            if self.chips[p] > 0 or self.lowest:
                continue
            if self.viuda and not self.viuda_bought and self.rng.random() < 0.6:
                self.viuda_bought = True
                self.viuda_paid = 2 * self.chip
                w(f"{p} buys La Viuda for ${self.viuda_paid}")
                self.chips[p] += 1
                self.pool -= 1
                continue
            if self.viuda and not self.viuda_bought:
                w(f"{p} declines La Viuda")
            w(f"{p} is out")
            self.active.discard(p)
        if self.lowest:
            for p in order:
                if self.chips[p] == 0:
                    w(f"{p} loses the game")
        elif len(self.active) == 1:
            winner = next(iter(self.active))
            money = self.start * len(self.names) * self.chip + self.viuda_paid
            w(f"{winner} wins the game and collects ${money}")
