"""The showdown part of a settlement: every hand tabled is scored, cards seen twice are found
(or explained by a reshuffle, hhtools.auditing.deck), and the site's words for each hand are
checked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hhtools.auditing.deck import first_reshuffle, reshuffle_reason
from hhtools.auditing.rules import RuleProfile
from hhtools.auditing.settlement.ledger import Ledger
from hhtools.core.cards import Card, format_cards
from hhtools.core.evaluate import Evaluation, description_of
from hhtools.core.games import Game
from hhtools.core.records import Hand
from hhtools.core.words import plural
from hhtools.sites.describe import STYLES, matches

#: What the site's words say (the style's reader's answer, None when unreadable), by style and
#: text: read once a wording, then one dict lookup, not a call through the reader and its
#: cache (sites repeat a few hundred wordings). Emptied at a size no site's wordings reach, so
#: strange texts cannot grow it without bound.
_CLAIMS: Final[dict[str, dict[str, tuple[str, bool] | None]]] = {}
_CLAIMS_KEPT: Final = 4096


class Showdown:
    """The hands tabled: each player's cards (run 1's in a hand run twice), their
    evaluations, and who mucked."""

    __slots__ = ("cards", "dealt_in", "evals", "game", "hand", "ledger", "mucked", "rules")

    def __init__(self, hand: Hand, game: Game, rules: RuleProfile, dealt_in: int,
                 ledger: Ledger) -> None:
        self.hand = hand
        self.game = game
        self.rules = rules
        #: How many players were dealt a hand (for when the stub could run out).
        self.dealt_in = dealt_in
        self.ledger = ledger
        self.cards: dict[str, tuple[Card, ...]] = {}
        self.evals: dict[str, tuple[Evaluation, ...]] = {}
        self.mucked: set[str] = set()

    def score(self) -> dict[str, tuple[Evaluation, ...]]:
        """Score every hand tabled at showdown; refuse wrong sizes and cards seen twice."""
        h, game, find = self.hand, self.game, self.ledger.find
        # Who showed each card (the player, the line, the run) is a dict made only once a card
        # is seen twice: until then the shows are kept in order, and which cards were shown,
        # and by others than the hero, are bits (one a card).
        owner: dict[Card, tuple[str, int, int | None]] | None = None
        shown: list[tuple[tuple[Card, ...], tuple[str, int, int | None]]] = []
        owned = by_others = 0
        for s in h.shows:
            if s.kind == "muck":
                self.mucked.add(s.player)
            if not s.cards:
                continue
            if len(s.cards) != game.hand_size:
                find("illegal_draw", s.line, f"{s.player} shows "
                     f"{plural(len(s.cards), 'card')}; a {game.title} hand holds "
                     f"{game.hand_size}")
                continue
            if not distinct(s.cards):
                # Site texts with a card twice are refused when read; other sources (PHH, the
                # API) reach here, and such a hand cannot be scored.
                twice = next(c for i, c in enumerate(s.cards) if c in s.cards[:i])
                find("duplicate_card", s.line, f"{s.player} shows {twice} twice: one deck "
                     "holds each card once")
                continue
            shown_by = (s.player, s.line, s.run)
            bits = _bits(s.cards)
            if owner is None and not owned & bits:
                shown.append((s.cards, shown_by))  # (no card of these was shown before)
            else:
                if owner is None:
                    owner = _owners(shown)
                for c in s.cards:
                    # The two runs of a hand run twice are dealt apart: a card may be in both.
                    if c in owner and owner[c][0] != s.player and (
                            s.run is None or owner[c][2] in (None, s.run)):
                        find("duplicate_card", s.line, f"{c} is shown by {s.player} and also "
                             f"by {owner[c][0]} (line {owner[c][1]}): one deck holds each "
                             "card once")
                    owner[c] = shown_by
            owned |= bits
            if s.player != h.hero:
                by_others |= bits
            if s.kind == "show" and s.run in (None, 1):
                self.cards[s.player] = s.cards  # (run 2's hands: hhtools.auditing.settlement.runs)
        if h.hero and owned:
            # Nobody else can hold a card the hero held, unless the hero let it go and the
            # stub ran out and was reshuffled after that (hhtools.auditing.deck).
            rules, looked = self.rules, False
            run = None
            for hc in h.hero_cards:
                if not (owned if owner is not None else by_others) & _bits(hc.cards):
                    continue  # none of these cards was shown (by anyone but the hero)
                if owner is None:
                    owner = _owners(shown)
                for c in hc.cards:
                    # Run 2 of a hand run twice is dealt from a deck holding run 1's discards
                    # (hhtools.sites.kingsclub): only the first run's cards are checked here.
                    if c in owner and owner[c][0] != h.hero and owner[c][2] in (None, 1):
                        if not looked:
                            run = first_reshuffle(h, self.dealt_in, game.hand_size, rules)
                            looked = True
                        reason = reshuffle_reason(h, c, owner[c][0], run, rules)
                        if reason is not None:
                            self.ledger.remarks.append(reason)
                        else:
                            find("duplicate_card", owner[c][1], f"{owner[c][0]} shows {c}, "
                                 f"which {h.hero} was dealt (line {hc.line}) and no reshuffle "
                                 "can have dealt it again")
                        owner[c] = (h.hero, hc.line, None)
        # Game.evaluate without its size check, done above; one component is the common case.
        components = game.components
        evals = self.evals
        if len(components) == 1:
            evaluate = components[0].evaluate
            for p, held in self.cards.items():
                evals[p] = (evaluate(held),)
        else:
            for p, held in self.cards.items():
                evals[p] = tuple([comp.evaluate(held) for comp in components])
        return evals

    def descriptions(self) -> None:
        """Check the site's own words for each shown hand against the cards."""
        style = self.rules.description_style
        if style is None:
            return
        read = STYLES[style]
        claims = _CLAIMS.get(style)
        if claims is None:
            claims = _CLAIMS[style] = {}
        elif len(claims) > _CLAIMS_KEPT:
            claims.clear()
        h = self.hand
        # The two kinds of line each in its own loop: a record's fields are then read as its
        # type's, not looked up by name on a record of either type.
        for s in h.shows:
            text, cards = s.description, s.cards
            if text and cards:
                self._description(read, claims, s.player, text, cards, s.line)
        for x in h.summary.seats:
            text, cards = x.description, x.cards
            if text and cards:
                self._description(read, claims, x.player, text, cards, x.line)

    def _description(self, read: Callable[[str], tuple[str, bool] | None],
                     claims: dict[str, tuple[str, bool] | None], player: str, text: str,
                     cards: tuple[Card, ...], line: int) -> None:
        """One line's words for a hand against its cards."""
        if len(cards) != self.game.hand_size or not distinct(cards):
            return  # (cards shown twice are a finding of the showdown's)
        claim = claims.get(text)  # (one lookup for a wording read before, as most are)
        if claim is None and text not in claims:
            claim = claims[text] = read(text)
        if claim is None:
            return
        scored = self.evals.get(player) or self.game.evaluate(cards)
        names = ([description_of(scored[0])] if len(scored) == 1 else
                 [description_of(e) for e in scored])
        if not matches(claim, names):
            self.ledger.find("description_mismatch", line,
                             f"the history calls {player}'s {format_cards(cards)} "
                             f"\"{text}\" but the cards make {' / '.join(names)}",
                             " / ".join(names), text)


def _owners(shown: list[tuple[tuple[Card, ...], tuple[str, int, int | None]]]
            ) -> dict[Card, tuple[str, int, int | None]]:
    """Who showed each card, from shows of which no two share a card, in order."""
    owner: dict[Card, tuple[str, int, int | None]] = {}
    for cards, shown_by in shown:
        for c in cards:
            owner[c] = shown_by
    return owner


def _bits(cards: tuple[Card, ...]) -> int:
    """``cards`` as one bit a card (``distinct``)."""
    bits = 0
    for card in cards:
        index: int = card
        bits |= 1 << index
    return bits


def distinct(cards: tuple[Card, ...]) -> bool:
    """Whether no card is in ``cards`` twice: one bit a card, each card read as the plain
    int it is (compiled, that costs a tenth of a set made of the cards)."""
    seen = 0
    for card in cards:
        index: int = card
        bit = 1 << index
        if seen & bit:
            return False
        seen |= bit
    return True
