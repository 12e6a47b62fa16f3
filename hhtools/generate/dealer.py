"""The dealer: plays one legal hand from a seed and returns it as a Hand record plus what only
the dealer knows (every player's cards, where the stub was reshuffled).

The betting runs on the rules engine itself (``hhtools.auditing.replay.engine.Replay``): whose turn it is, the
fixed-limit cap, pot-limit sizes and whether a short all-in reopened the betting all come from
it, under the site's default rule profile, so a generated hand is legal by construction under
the rules the auditor applies. Pots, rake and odd chips come from ``hhtools.core.pots``.

Play is plausible rather than good: each player has a style (how loose, how aggressive), bets,
raises and folds with probabilities driven by the strength of their hand (its rank in the game's
components), and draws by keeping the cards that make their low or Badugi and throwing the rest.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import ROUND_FLOOR, Decimal
from typing import Literal
from zoneinfo import ZoneInfo

from hhtools.auditing.replay.engine import Replay
from hhtools.auditing.rules import default_profile
from hhtools.core.cards import Card
from hhtools.core.evaluate import Evaluation
from hhtools.core.games import Game, get_game
from hhtools.core.pots import PotLayer, allocate_rake, award, layer_pots, uncalled_bet
from hhtools.core.records import (
    STREETS,
    Action,
    Collection,
    Event,
    Hand,
    HeroCards,
    Pot,
    Seat,
    Show,
    Source,
    Summary,
    Tournament,
    Uncalled,
)
from hhtools.core.vocabulary import ActionKind, BettingStructure, Street
from hhtools.generate.sites import SiteTable, structure_named

ZERO = Decimal(0)
DECK = tuple(Card(i) for i in range(52))
NAMES = ("Hero", "Lino19", "jodarin", "Scorpio2000", "buddyboy3399", "JDANIELDC", "Kula91",
         "oooDestroyoo", "kallexx1", "Mme Ducat", "b.ringer", "Zed_99", "O'Hara", "lowball.lu",
         "7-5 or bust", "Pat Rider", "snowman", "Ace Deuce", "wheelie", "Badug1")
TABLES = ("Benkoela V", "Laurelvale", "Kunming", "Real Deal Mix", "Pampelune", "Ducat II",
          "Triple Trouble", "Sixty-Four")
#: Each card's rank for a high hand, deuce 2 to ace 14.
_HIGH_ORDER = {c: "23456789TJQKA".index(c.rank) + 2 for c in DECK}
#: Ranks a player keeps when drawing, in the order of the component (lowest first).
_KEEP_UP_TO = 7
#: How the dealer serves a draw round (RULES.md 6, "Draw procedure"). ``serve``: each player
#: is served before the next declares, and a short stub is refilled with the muck and earlier
#: rounds' discards only [LA, T]. ``batch``: everyone declares in turn, then the replacements
#: are dealt, and a short stub is refilled with every discard but the served player's own,
#: this round's included (PokerStars' published rule), so a player who declared before the
#: hero may be dealt the hero's discard of that round.
DRAW_PROCEDURES = ("serve", "batch")


@dataclass
class Deal:
    """A generated hand: the record a parser should read back, and the dealer's knowledge.

    ``holdings`` is every dealt player's hand as dealt and after each draw they took part in;
    ``reshuffles`` the sequence numbers of the draw actions served from a reshuffled stub.
    """

    hand: Hand
    holdings: dict[str, dict[Street, tuple[Card, ...]]]
    reshuffles: tuple[int, ...] = ()
    nets: dict[str, Decimal] = field(default_factory=dict)
    #: Each pot after rake, in order (main first); printed by sites that list pots.
    pots_after_rake: tuple[Decimal, ...] = ()


@dataclass
class _Player:
    name: str
    seat: int
    stack: Decimal
    looseness: float
    aggression: float
    cards: list[Card] = field(default_factory=list)


def _floor(value: Decimal, unit: Decimal) -> Decimal:
    return (value / unit).to_integral_value(rounding=ROUND_FLOOR) * unit


#: Every player's hand as dealt and after each draw they took part in (``Deal.holdings``).
Holdings = dict[str, dict[Street, tuple[Card, ...]]]


class _ActionLog:
    """The actions of the hand being dealt, numbered in order as they are added."""

    def __init__(self) -> None:
        self.actions: list[Action] = []

    def add(self, street: Street, player: str, kind: ActionKind, amount: Decimal | None = None,
            to: Decimal | None = None, all_in: bool = False, count: int | None = None,
            discarded: tuple[Card, ...] | None = None,
            new_cards: tuple[Card, ...] | None = None) -> Action:
        a = Action(len(self.actions), street, player, kind, amount, to, all_in, count,
                   discarded, new_cards, 0)
        self.actions.append(a)
        return a


class Dealer:
    """Deals hands of one site, game and structure from one seeded random generator."""

    #: The tournament of the hands dealt (hhtools.generate.tournament), None at a cash table.
    tournament: Tournament | None = None
    #: What keeps this dealer's hand numbers apart from another's of the same seed and game:
    #: the structure at a cash table, ``tournament`` for a sit & go.
    hand_kind: str | None = None

    def __init__(self, table: SiteTable, game: str, structure: str, seed: int = 0,
                 players: tuple[int, int] = (2, 8), draw_procedure: str = "serve") -> None:
        if draw_procedure not in DRAW_PROCEDURES:
            raise ValueError(f"draw procedure {draw_procedure!r}: expected one of "
                             f"{', '.join(DRAW_PROCEDURES)}")
        self.draw_procedure = draw_procedure
        self.table = table
        self.game: Game = get_game(game)
        self.structure: BettingStructure = structure_named(structure)
        self.rng = random.Random(seed)
        self.seed = seed
        self.rules = default_profile(table.name)
        self.max_seats = table.max_seats[self.game.name]
        # Never more players than the table seats, nor than the deck can deal a first hand
        # to while leaving a stub (the reshuffle serves the draws).
        top = min(players[1], self.max_seats, (52 - 8) // self.game.hand_size)
        self.players = (max(2, min(players[0], top)), top)
        self.count = 0
        zone = ZoneInfo(table.zone)
        self.clock = datetime(2024, 3, 1, 18, 0, 0, tzinfo=zone) + timedelta(
            minutes=self.rng.randrange(0, 60 * 24 * 30))
        stakes = table.stakes_of(self.game.name, structure)
        self.stakes = stakes[self.rng.randrange(len(stakes))]
        self.table_name = TABLES[self.rng.randrange(len(TABLES))]
        self.unit = self.rules.unit(self.stakes[2], self.stakes[3], self.stakes[4], False)
        # Hand ids must not collide between files made with one seed for different games,
        # structures or a tournament: importing both would drop the second file's hands as
        # duplicates.
        variant = zlib.crc32(f"{self.game.name}/{self.hand_kind or structure}".encode()) % 900 + 100
        self.base_id = variant * 10**11 + (seed % 100_000) * 10**6
        if table.name == "merge":
            # Merge names a table with its number: "Kunming (31274465)".
            self.table_name += f" ({self.base_id // 1000})"

    def _hand_id(self) -> str:
        """The next hand's number as the site writes it: Merge's ``table-hand``, Winamax's
        ``table-hand-unix time``, a plain number elsewhere."""
        table = self.base_id // 1000
        if self.table.name == "merge":
            return f"{table}-{self.count}"
        if self.table.name == "winamax":
            return f"{table}-{self.count}-{int(self.clock.timestamp())}"
        return str(self.base_id + self.count)

    # ---- the table --------------------------------------------------------------------------

    def _seat_players(self) -> tuple[list[_Player], list[Seat], int]:
        rng = self.rng
        n = rng.randint(*self.players)
        # A sitting-out player now and then: seated, listed, not dealt in.
        sitting_out = (1 if self.table.sitting_out and n < self.max_seats
                       and rng.random() < 0.12 else 0)
        seats = sorted(rng.sample(range(self.max_seats), n + sitting_out))
        names = rng.sample(NAMES[1:], n + sitting_out - 1) + ["Hero"]
        rng.shuffle(names)
        bb = self.stakes[3]
        big = self.stakes[1] if self.structure == "fixed-limit" else bb
        ante = self.stakes[4] or ZERO
        players: list[_Player] = []
        records: list[Seat] = []
        out_index = rng.randrange(n + sitting_out) if sitting_out else -1
        for i, (seat, name) in enumerate(zip(seats, names)):
            seat += self.table.first_seat
            if rng.random() < 0.15:
                stack = big * Decimal(rng.randint(2, 12)) / 2  # short: all-ins and side pots
            else:
                stack = big * Decimal(rng.randint(15, 120))
            stack = max(_floor(stack + Decimal(rng.randrange(0, 100)) * self.unit, self.unit),
                        bb + ante + self.unit)
            if i == out_index:
                records.append(Seat(seat, name, stack, True, "is sitting out"))
                continue
            players.append(_Player(name, seat, stack, rng.uniform(0.2, 0.9),
                                   rng.uniform(0.2, 0.9)))
            records.append(Seat(seat, name, stack))
        button = players[rng.randrange(len(players))].seat
        return players, records, button

    # ---- one hand ---------------------------------------------------------------------------

    def deal(self) -> Deal:
        """Play the next hand."""
        rng = self.rng
        self.count += 1
        self._scores: dict[tuple[Card, ...], tuple[Evaluation, ...]] = {}
        self.clock += timedelta(seconds=rng.randint(25, 240))
        hand_id = self._hand_id()
        players, seats, button = self._seat_players()
        by_name = {p.name: p for p in players}
        order = sorted(players, key=lambda p: p.seat)
        after = [p for p in order if p.seat > button] + [p for p in order if p.seat <= button]
        # after[-1] is the button; heads-up the button posts the small blind.
        sb_player, bb_player = (after[-1], after[0]) if len(after) == 2 else (after[0], after[1])
        small_bet, big_bet, sb, bb, ante = self.stakes
        log = _ActionLog()
        add, actions = log.add, log.actions
        if ante and rng.random() < 0.7:
            for p in order:
                add(street="predraw", player=p.name, kind="post_ante", amount=ante,
                    all_in=False)
        else:
            ante = None
        # A blind costs at most the stack (tournaments: a short stack posts all-in); the
        # history then gives the amount posted as the blind, and so does the record.
        sb, bb = min(sb, sb_player.stack), min(bb, bb_player.stack)
        add(street="predraw", player=sb_player.name, kind="post_sb", amount=sb, to=sb,
            all_in=sb == sb_player.stack)
        add(street="predraw", player=bb_player.name, kind="post_bb", amount=bb, to=bb,
            all_in=bb == bb_player.stack)
        skeleton = Hand(
            site=self.table.name, hand_id=hand_id, tournament=self.tournament,
            game=self.game.name, structure=self.structure, mix=None,
            currency=self.table.currency if self.tournament is None else "chips",
            small_bet=small_bet, big_bet=big_bet, small_blind=sb, big_blind=bb, ante=ante,
            table=self.table_name, max_seats=self.max_seats, button_seat=button,
            started_at=self.clock, seats=tuple(seats), hero=None, hero_cards=(), dealt_to=None,
            actions=tuple(actions), shows=(), uncalled=(), collections=(),
            summary=Summary(None, (), None, ()), events=(), cancelled=False,
            source=Source(None, 0, 0))
        rp = Replay(skeleton, self.rules)
        rp.start_street("predraw")
        for a in actions:
            rp.apply_post(a)

        # The deal: one card at a time from the first player after the button.
        deck = list(DECK)
        rng.shuffle(deck)
        for _ in range(self.game.hand_size):
            for p in after:
                p.cards.append(deck.pop())
        holdings: Holdings = {p.name: {"predraw": tuple(p.cards)} for p in after}
        hero = by_name.get("Hero")
        hero_cards = [HeroCards("predraw", tuple(hero.cards), 0)] if hero else []
        muck: list[Card] = []          # folded hands and earlier rounds' discards
        reshuffles: list[int] = []
        rounds_discards: list[Card] = []

        street: Street = "predraw"
        self._bet_round(rp, by_name, log, street)
        for street in STREETS[1:1 + self.game.draws]:
            if len(rp.live) < 2:
                break
            for p in after:
                if p.name in rp.folded and p.cards:
                    muck.extend(p.cards)
                    p.cards = []
            rp.start_street(street)
            muck.extend(rounds_discards)
            rounds_discards = []
            if self.draw_procedure == "batch":
                deck = self._batch_draw(rp, by_name, log, street, deck, muck, holdings,
                                        hero_cards, reshuffles)
                self._bet_round(rp, by_name, log, street)
                continue
            for name in rp.from_button:
                if name in rp.folded:
                    continue
                player = by_name[name]
                discard = self._choose_discards(player, street)
                if len(deck) < len(discard):
                    # The stub is short: shuffle in the muck and earlier rounds' discards
                    # (never this round's) [LA, T], the hero's old cards among them: another
                    # player may show one (the audit counts the deck, hhtools.auditing.deck).
                    pool = muck
                    muck = []
                    rng.shuffle(pool)
                    deck = pool + deck
                    reshuffles.append(len(actions))
                    if len(deck) < len(discard):
                        discard = discard[:len(deck)]
                new = tuple(deck.pop() for _ in discard)
                kept = [c for c in player.cards if c not in discard]
                player.cards = kept + list(new)
                rounds_discards.extend(discard)
                holdings[name][street] = tuple(player.cards)
                is_hero = name == "Hero"
                a = add(street=street, player=name, kind="discard" if discard else "stand_pat",
                        count=len(discard),
                        # Standing pat discards nothing, whoever it is (as parsers record it).
                        discarded=tuple(discard) if is_hero or not discard else None,
                        new_cards=new if is_hero and discard else None)
                rp.apply_draw(a)
                if is_hero:
                    hero_cards.append(HeroCards(street, tuple(player.cards), 0))
            self._bet_round(rp, by_name, log, street)
        return self._settle(rp, skeleton, actions, by_name, holdings, hero_cards, reshuffles,
                            street, after)

    def _batch_draw(self, rp: Replay, by_name: dict[str, _Player],
                    log: _ActionLog, street: Street, deck: list[Card], muck: list[Card],
                    holdings: Holdings, hero_cards: list[HeroCards],
                    reshuffles: list[int]) -> list[Card]:
        """One draw round under the ``batch`` procedure; returns the stub left. ``muck`` is
        extended in place with what this round leaves in no deck (the discards not shuffled
        in), ready for a later round's reshuffle."""
        drawing = [p for p in rp.from_button if p not in rp.folded]
        declared = {p: self._choose_discards(by_name[p], street) for p in drawing}
        # This round's discards not yet shuffled into a stub.
        pending = {p: list(d) for p, d in declared.items()}
        for p in drawing:
            player, discard = by_name[p], declared[p]
            if len(deck) < len(discard):
                # Everything but this player's own discards goes into the new stub.
                pool = muck[:]
                muck.clear()
                for q in drawing:
                    if q != p:
                        pool.extend(pending[q])
                        pending[q] = []
                self.rng.shuffle(pool)
                deck = pool + deck
                reshuffles.append(len(log.actions))
                if len(deck) < len(discard):
                    discard = discard[:len(deck)]
                    pending[p] = list(discard)  # the rest stays in the player's hand
            new = tuple(deck.pop() for _ in discard)
            player.cards = [c for c in player.cards if c not in discard] + list(new)
            holdings[p][street] = tuple(player.cards)
            is_hero = p == "Hero"
            a = log.add(street=street, player=p, kind="discard" if discard else "stand_pat",
                        count=len(discard),
                        discarded=tuple(discard) if is_hero or not discard else None,
                        new_cards=new if is_hero and discard else None)
            rp.apply_draw(a)
            if is_hero:
                hero_cards.append(HeroCards(street, tuple(player.cards), 0))
        for q in drawing:
            muck.extend(pending[q])
        return deck

    def _evaluate(self, cards: list[Card]) -> tuple[Evaluation, ...]:
        """``Game.evaluate`` without its input check: the dealer's hands are right by
        construction, and the check formats the cards for an error message on every call
        (a fifth of the evaluation time). The last hand scored is kept: a player's hand is
        scored for each betting round and again for the draw and the showdown, so scores are
        kept for the hand being dealt."""
        key = tuple(cards)
        evals = self._scores.get(key)
        if evals is None:
            evals = self._scores[key] = tuple(c.evaluate(key) for c in self.game.components)
        return evals

    # ---- betting ----------------------------------------------------------------------------

    def _strength(self, player: _Player, street: Street) -> float:
        """0 (hopeless) to 1 (the nuts): the hand's rank per component, with hope of draws."""
        evals = self._evaluate(player.cards)
        score = 0.0
        for comp, e in zip(self.game.components, evals):
            s = 1.0 - (e.rank - 1) / comp.ranks
            if comp.is_made(e):
                s = 0.55 + 0.45 * s
            else:
                s = 0.5 * s
            score += s
        score /= len(evals)
        draws_left = self.game.draws - STREETS.index(street)
        # Early on every hand may improve: pull toward the middle.
        return score + (0.5 - score) * 0.15 * draws_left

    def _bet_round(self, rp: Replay, by_name: dict[str, _Player], log: _ActionLog,
                   street: Street) -> None:
        rng = self.rng
        fixed = self.structure == "fixed-limit"
        strengths: dict[str, float] = {}
        while True:
            name = rp.next_to_act()
            if name is None:
                return
            p = by_name[name]
            r = rp.round
            mine = rp.bet_of(name)
            stack = rp.stack_of(name)
            owed = r.current - mine
            if name not in strengths:
                strengths[name] = self._strength(p, street)
            s = strengths[name]
            can_raise = (stack > owed and (r.current == 0 or rp.may_raise(name))
                         and not (fixed and r.capped and r.bets_made >= self.rules.cap_bets))
            aggro = s * s * (0.4 + p.aggression)
            if owed > 0:
                roll = rng.random()
                pressure = min(1.0, float(owed / max(rp.big_blind, r.current or owed)) / 4)
                fold_p = max(0.0, (0.72 - s) * (1.4 - p.looseness)) + pressure * 0.25
                if roll < fold_p:
                    rp.apply_wager(log.add(street=street, player=name, kind="fold"))
                    continue
                if can_raise and rng.random() < aggro * 0.7:
                    self._raise(rp, p, street, log, "raise")
                    continue
                added = min(owed, stack)
                a = log.add(street=street, player=name, kind="call", amount=added, to=mine + added,
                            all_in=added == stack)
                rp.apply_wager(a)
            else:
                if can_raise and rng.random() < aggro * 0.8:
                    self._raise(rp, p, street, log, "bet" if r.current == 0 else "raise")
                    continue
                a = log.add(street=street, player=name, kind="check")
                rp.apply_wager(a)

    def _raise(self, rp: Replay, p: _Player, street: Street, log: _ActionLog,
               kind: Literal["bet", "raise"]) -> None:
        rng = self.rng
        name = p.name
        mine = rp.bet_of(name)
        stack = rp.stack_of(name)
        low, high = rp.raise_range(name)
        if self.structure == "fixed-limit":
            to = low
        else:
            roll = rng.random()
            shove = 0.08 if self.structure == "no-limit" else 0.2
            if roll < 0.45:
                to = low
            elif roll < 0.45 + shove:
                to = high
            else:
                to = low + _floor((high - low) * Decimal(rng.randrange(0, 100)) / 100, self.unit)
        to = min(to, mine + stack)
        added = to - mine
        rp.apply_wager(log.add(street=street, player=name, kind=kind, amount=added, to=to,
                               all_in=added == stack))

    # ---- draws ------------------------------------------------------------------------------

    def _choose_discards(self, p: _Player, street: Street) -> list[Card]:
        """Keep what makes the hand (its Badugi, its unpaired low cards), throw the rest."""
        rng = self.rng
        cards = p.cards
        game = self.game
        first = game.components[0]
        e = self._evaluate(cards)[0]
        if first.better == "higher":
            return self._high_discards(cards, first.is_made(e))
        ords = first._ord
        if first.is_made(e) and max(ords[c] for c in e.best) <= rng.randint(6, 10):
            made = set(e.best) if len(cards) == 4 or not game.split else None
            if made is None or len(made) == len(cards) or rng.random() < 0.5:
                return [] if made is None or len(made) == len(cards) else \
                    [c for c in cards if c not in made]
        limit = _KEEP_UP_TO + rng.randint(-1, 1)
        keep: set[Card] = set()
        if first.name.startswith("badugi"):
            keep |= {c for c in e.best if ords[c] <= limit}
        for comp in game.components:
            if comp.name.startswith("badugi"):
                continue
            o = comp._ord
            seen: set[int] = {o[c] for c in keep}
            for c in sorted(cards, key=o.__getitem__):
                if o[c] <= limit and o[c] not in seen:
                    keep.add(c)
                    seen.add(o[c])
        discard = [c for c in cards if c not in keep]
        return discard[:self.rules.max_draw.get(game.name, game.max_discard)]

    def _high_discards(self, cards: list[Card], made: bool) -> list[Card]:
        """A high hand (5-Card Draw): stand pat on a straight or better, keep a pair or
        better, else draw to four of a suit or four in a row now and then, else keep the top
        card or two."""
        rng = self.rng
        if made:
            return []
        by_rank: dict[str, list[Card]] = {}
        for c in cards:
            by_rank.setdefault(c.rank, []).append(c)
        keep = [c for same in by_rank.values() if len(same) > 1 for c in same]
        if not keep and rng.random() < 0.7:
            suits: dict[str, list[Card]] = {}
            for c in cards:
                suits.setdefault(c.suit, []).append(c)
            keep = max(suits.values(), key=len)
            if len(keep) < 4:
                ords = sorted(cards, key=_HIGH_ORDER.__getitem__)
                run = next((ords[i:i + 4] for i in (1, 0)
                            if _HIGH_ORDER[ords[i + 3]] - _HIGH_ORDER[ords[i]] == 3), [])
                keep = run
        if not keep:
            keep = sorted(cards, key=_HIGH_ORDER.__getitem__)[-rng.randint(1, 2):]
        discard = [c for c in cards if c not in keep]
        return discard[:self.rules.max_draw.get(self.game.name, self.game.max_discard)]

    # ---- the result -------------------------------------------------------------------------

    def _settle(self, rp: Replay, skeleton: Hand, actions: list[Action],
                by_name: dict[str, _Player], holdings: Holdings, hero_cards: list[HeroCards],
                reshuffles: list[int], last_street: Street, after: list[_Player]) -> Deal:
        rng = self.rng
        rules = self.rules
        game = self.game
        paid = {p: v for p, v in rp.paid.items() if v}
        dead = rp.dead
        back = uncalled_bet({p: v - dead.get(p, ZERO) for p, v in paid.items()})
        uncalled: tuple[Uncalled, ...] = ()
        contributions = dict(paid)
        if back:
            who, amount = back
            contributions[who] -= amount
            street = next(a.street for a in reversed(actions)
                          if a.player == who and a.amount)
            uncalled = (Uncalled(who, amount, street, 0),)
        live = rp.live
        layers = layer_pots(contributions, dead, live)
        total = sum((p.amount for p in layers), ZERO)
        reached_draw = any(a.street != "predraw" for a in actions)
        pct, cap = self.table.rake
        rake = min(_floor(total * pct, self.unit), cap * self.stakes[3]) if reached_draw else ZERO
        rakes = allocate_rake([p.amount for p in layers], rake, self.unit)

        shows: list[Show] = []
        mucked: set[str] = set()
        evals: dict[str, tuple[Evaluation, ...]] = {}
        if len(live) >= 2:
            evals = {p: self._evaluate(by_name[p].cards) for p in live}
            # Who wins something: those may not muck; losers sometimes do, after a better
            # hand was shown.
            winners_any: set[str] = set()
            for layer in layers:
                for i in range(len(game.components)):
                    best = min(evals[p][i].rank for p in layer.eligible)
                    winners_any |= {p for p in layer.eligible if evals[p][i].rank == best}
            aggressor = next((a.player for a in reversed(actions)
                              if a.street == last_street and a.kind in ("bet", "raise")), None)
            ring = rp.from_button
            start = ring.index(aggressor) if aggressor in ring else 0
            shown_any = False
            for k in range(len(ring)):
                p = ring[(start + k) % len(ring)]
                if p not in live:
                    continue
                cards = tuple(by_name[p].cards)
                if (self.table.mucks and shown_any and p not in winners_any
                        and rng.random() < 0.4):
                    mucked.add(p)
                    shows.append(Show(p, "muck", cards, None, 0))
                else:
                    shown_any = True
                    shows.append(Show(p, "show", cards, None, 0))
        collections: list[Collection] = []
        won: dict[str, Decimal] = {}
        for i in range(len(layers) - 1, -1, -1):
            layer = layers[i]
            contenders = [p for p in layer.eligible if p not in mucked] or list(layer.eligible)
            winners: list[list[str]]
            if len(contenders) == 1:
                winners = [contenders] * len(game.components)
            else:
                winners = []
                for c in range(len(game.components)):
                    best = min(evals[p][c].rank for p in contenders)
                    winners.append([p for p in contenders if evals[p][c].rank == best])
            shares = award(layer.amount - rakes[i], winners, rp.from_button, self.unit,
                           rules.split_odd_chip, rules.remainder_mode)
            for p in rp.from_button:
                if shares.get(p):
                    collections.append(Collection(p, shares[p], PotLayer.name(i), 0))
                    won[p] = won.get(p, ZERO) + shares[p]
        returned = {uncalled[0].player: uncalled[0].amount} if uncalled else {}
        nets = {s.name: won.get(s.name, ZERO) + returned.get(s.name, ZERO)
                - paid.get(s.name, ZERO) for s in skeleton.seats}
        pots = tuple(Pot(PotLayer.name(i), layer.amount - k)
                     for i, (layer, k) in enumerate(zip(layers, rakes))) if len(layers) > 1 else ()
        events = tuple(Event("reshuffle", None, "The deck is reshuffled", 0) for _ in reshuffles)
        hand = Hand(
            site=skeleton.site, hand_id=skeleton.hand_id, tournament=skeleton.tournament,
            game=game.name,
            structure=self.structure, mix=None, currency=skeleton.currency,
            small_bet=skeleton.small_bet, big_bet=skeleton.big_bet,
            small_blind=skeleton.small_blind, big_blind=skeleton.big_blind, ante=skeleton.ante,
            table=skeleton.table, max_seats=skeleton.max_seats, button_seat=skeleton.button_seat,
            started_at=skeleton.started_at, seats=skeleton.seats,
            hero="Hero" if "Hero" in by_name else None, hero_cards=tuple(hero_cards),
            dealt_to=tuple(p.name for p in after), actions=tuple(actions), shows=tuple(shows),
            uncalled=uncalled, collections=tuple(collections),
            summary=Summary(total, pots, rake, ()), events=events, cancelled=False,
            source=Source(None, 0, 0))
        return Deal(hand, holdings, tuple(reshuffles), nets,
                    tuple(layer.amount - k for layer, k in zip(layers, rakes)))
