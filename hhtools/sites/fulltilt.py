"""Full Tilt Poker: Limit Badugi, Limit 2-7 and A-5 Triple Draw, No Limit 2-7 Single Draw and
5 Card Draw, cash and Sit & Go (grammars/fulltilt.lark).

Calls and bets give the chips added, raises the total for the round. Winnings are after rake and
exclude the uncalled bet; ``Total pot`` includes the rake. Heads-up the small blind is the
button. A dead hand (blinds posted, nobody dealt) is recorded ``dead`` and ``cancelled``; a
partial hand (its summary only) is recorded ``partial``. Headers never name a mix: FPDB, and
hhtools, read it from the file name (``10Game`` -> ``10-Game``).
"""

from __future__ import annotations

import functools
import re
from datetime import datetime
from decimal import Decimal
from typing import ClassVar

from hhtools.core.records import Hand, Seat, SeatResult, Tournament
from hhtools.core.vocabulary import CURRENCIES, Street, structure_words
from hhtools.core.words import plural
from hhtools.sites.base import (
    ZERO,
    HandBuilder,
    HandWords,
    LineError,
    LineToken,
    Site,
    SkipHand,
    Tables,
    column_of,
)
from hhtools.sites.describe import LIST4, LIST5
from hhtools.sites.memo import LIMITS, keep, table
from hhtools.sites.pokerstars import ZONES
from hhtools.sites.values import card_count, seat_number, table_size

#: The structure words Full Tilt's headers print before the game.
PRINTED_STRUCTURES = structure_words("Limit", "Fixed Limit", "FL", "Pot Limit", "PL",
                                     "No Limit", "NL", "Half Pot Limit")
GAME = re.compile(f"({'|'.join(PRINTED_STRUCTURES)}) (.+)")
MIX = re.compile(r"([0-9]+)[ -]?Game", re.IGNORECASE)
MAX_TAG = re.compile(r"\(([0-9]+) max\)")
FOLDED = re.compile(r"(?:folded (?:before|after) the .*|didn't bet \(folded\))")
SHOWED = re.compile(r"showed \[([^\]]*)\] and (?:won \(([^)]*)\)|lost) with (.*)")
MUCKED = re.compile(r"mucked \[([^\]]*)\](?: - (.*))?")
COLLECTED = re.compile(r"collected \(([^)]*)\)(?:, mucked)?")
# A split or side pot's award in the summary, one line per pot.
POT_AWARD = re.compile(r"(?:wins|ties for) the (?:(?:main |side )?pot(?: [0-9]+)?) \(([^)]*)\)")
BUY_IN = re.compile(r"([$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)"
                    r"(?: \+ ([$€£]?[0-9][0-9,]*(?:\.[0-9]+)?))?")


@functools.lru_cache(maxsize=64)
def mix_of(path: str) -> str | None:
    """The mix a file's name names ("10Game" -> "10-Game"), or None; read once a file, not
    once a hand."""
    mix = MIX.search(path.rsplit("/", 1)[-1])
    return f"{mix[1]}-Game" if mix else None


class FullTiltBuilder(HandBuilder):
    """Handlers for the Full Tilt line terminals, in grammar order."""

    def on_HEADER(self, tok: LineToken, hand_id: str, tournament: str | None,
                  tournament_id: str | None, table: str, tags: str, stakes: str | None,
                  game: str | None, game_first: str | None, stakes_after: str | None, time: str,
                  zone: str, date: str, et: str | None, partial: str | None) -> None:
        self.hand_id = hand_id
        if stakes is None:  # the header's other order: the game first
            game, stakes = game_first, stakes_after
        assert game is not None and stakes is not None  # (either order gives both)
        m = GAME.fullmatch(game)
        if m is None:
            raise SkipHand(game)
        self.set_game(tok, m[2], m[1])
        self.table = table
        tags = tags.lower()
        self.max_seats = (2 if "heads up" in tags else table_size(tok, n[1])
                          if (n := MAX_TAG.search(tags)) else None)
        small, _, big = stakes.partition("/")
        self.small_bet, self.big_bet = self.money(tok, small), self.money(tok, big)
        if tournament_id is not None and tournament is not None:  # (both, or neither)
            # "$10 + $1 Sit & Go": buy-in and fee; a name printing the total gives no fee.
            buy_in = BUY_IN.match(tournament)
            self.tournament = Tournament(
                tournament_id, self.money(tok, buy_in[1]) if buy_in else None,
                self.money(tok, buy_in[2]) if buy_in and buy_in[2] else None,
                CURRENCIES.get(tournament[:1]), None)
            self.currency = "chips"
        else:
            self.currency = CURRENCIES.get(small[:1])
        if self.path:
            self.mix = mix_of(self.path)
        name = ZONES.get(zone)
        if name is None:
            if et is None:
                raise LineError(tok, f"unknown time zone {zone!r}", column_of(tok, zone))
            et_time, _, et_date = et.partition(" ET - ")
            time, date, name = et_time, et_date, ZONES["ET"]
        if "," in date:  # "Friday, November 23, 2012", with "15:37" and no seconds
            try:
                date = datetime.strptime(date, "%A, %B %d, %Y").strftime("%Y/%m/%d")
            except ValueError:
                raise LineError(tok, f"{date!r} is not a date: expected 'Weekday, Month D, "
                                "YYYY'", column_of(tok, date)) from None
        if time.count(":") == 1:
            time += ":00"
        self.set_time(tok, f"{date} {time}", name)
        self.partial = partial is not None

    def on_SEAT(self, tok: LineToken, seat: str, player: str, stack: str,
                sitting_out: str | None) -> None:
        self.add_seat(tok, seat, player, stack, bool(sitting_out),
                      "is sitting out" if sitting_out else None)

    def on_SEAT_SUMMARY(self, tok: LineToken, seat: str, player: str, positions: str,
                        ended: str | None) -> None:
        entry = self.summary_entry(tok, seat, player)
        if entry is None:
            return
        seat, player = entry
        # A session's positions and endings recur ("folded before the Draw"): each is read
        # once; the cards and amounts are read for every line, which can point at them.
        roles = _ROLES.get(positions)
        if roles is None:
            roles = keep(_ROLES, positions, tuple(p.strip(" ()") for p in positions.split(")")
                                                  if p.strip()) if positions else (),
                         LIMITS.readings)
        rest = ended or ""
        words = _OUTCOMES.get(rest)
        outcome, cards, won, description = self.summary_words(
            tok, words if words is not None else summary_outcome(rest))
        number = seat_number(tok, seat)
        if "button" in roles and self.button is None:
            self.button = number
        self.seat_results.append(SeatResult(number, player, roles, outcome, rest, won,
                                            cards, description, None, None, tok.line))

    def on_BUTTON(self, tok: LineToken, seat: str) -> None:
        self.button = seat_number(tok, seat, where=f"#{seat}")

    def on_POST_SB(self, tok: LineToken, player: str, amount: str, all_in: str | None) -> None:
        self.post(tok, player, "post_sb", amount, all_in)

    def on_POST_BB(self, tok: LineToken, player: str, amount: str, all_in: str | None) -> None:
        self.post(tok, player, "post_bb", amount, all_in)

    def on_POST_DEAD_SB(self, tok: LineToken, player: str, amount: str,
                        all_in: str | None) -> None:
        # A missed small blind paid on coming back: dead money, not part of the round's bet.
        self.post_with_dead(tok, player, "post_dead", ZERO, self.money(tok, amount),
                            bool(all_in))

    def on_POST_SB_BB(self, tok: LineToken, player: str, amount: str,
                      all_in: str | None) -> None:
        self.post_small_and_big(tok, player, amount, all_in)

    def on_EV_CANCELLED(self, tok: LineToken, number: str) -> None:
        self.cancelled = True

    def on_EV_ANTE_RETURNED(self, tok: LineToken, amount: str, player: str) -> None:
        self.money(tok, amount)
        self.skip(tok, "a returned ante")

    def on_POST_ANTE(self, tok: LineToken, player: str, amount: str,
                     all_in: str | None) -> None:
        self.post(tok, player, "post_ante", amount, all_in)

    def on_POST(self, tok: LineToken, player: str, amount: str, all_in: str | None) -> None:
        # A newcomer's (or returning player's) live big blind.
        self.post(tok, player, "post_bb", amount, all_in)

    #: A single draw game's only draw is "*** DRAW ***", which names none.
    DRAW_NAMES: ClassVar[dict[str | None, Street]] = {**HandBuilder.DRAW_NAMES, None: "draw1"}
    #: The hole cards were dealt (a dead hand has blinds but no HOLE CARDS line).
    dealt_in = False

    def on_HOLE(self, tok: LineToken) -> None:
        self.dealt_in = True

    def on_DURATION(self, tok: LineToken, seconds: str) -> None:
        pass

    def on_TOTAL(self, tok: LineToken, total: str, pots: str, rake: str) -> None:
        self.total_pot = self.money(tok, total)
        self.rake = self.money(tok, rake)

    def on_DEALT(self, tok: LineToken, player: str, cards: str, new: str | None) -> None:
        if self.street == "predraw":
            if new is not None:
                raise LineError(tok, "a second card list before the first draw",
                                column_of(tok, "[", last=True))
            hand = self.cards(tok, cards, self.game.hand_size)
            self.hero = self.player(tok, player)
            self.hero_hand(tok, hand)
            return
        kept = self.cards(tok, cards) if new is not None else ()
        fresh = self.cards(tok, new if new is not None else cards)
        self.replaced(tok, self.player(tok, player), kept, fresh, "[")

    def on_DISCARD(self, tok: LineToken, player: str, count: str, cards: str | None) -> None:
        self.draw(tok, player, card_count(tok, count),
                  self.cards(tok, cards) if cards else None)

    def on_STAND_PAT(self, tok: LineToken, player: str, cards: str | None) -> None:
        self.draw(tok, player, 0, ())
        if cards is not None:
            self.hero_hand(tok, self.cards(tok, cards, self.game.hand_size))
        elif player == self.hero and self.hero_cards and self.hero_known:
            self.hero_hand(tok, self.hero_cards[-1].cards)

    def on_IS_DEALT(self, tok: LineToken, player: str, count: str) -> None:
        # Opponents' replacements are a count only: it must be what they discarded.
        for a in reversed(self.actions):
            if a.street != self.street:
                break
            if a.player == player and a.kind == "discard":
                if a.count != card_count(tok, count):
                    raise LineError(tok, f"{player} discarded {plural(a.count, 'card')} but is "
                                    f"dealt {count}", column_of(tok, count))
                return
        raise LineError(tok, f"cards dealt to {player}, who has not discarded in this round")

    def on_SHOW(self, tok: LineToken, player: str, cards: str, description: str | None) -> None:
        self.show(tok, player, "show", self.cards(tok, cards, self.game.hand_size), description)

    def on_MUCK(self, tok: LineToken, player: str) -> None:
        self.show(tok, player, "muck", None)

    def on_WINS(self, tok: LineToken, player: str, verb: str, pot: str, amount: str,
                description: str | None) -> None:
        name = "main" if pot in ("pot", "main pot") else "side " + (pot.rpartition(" ")[2]
                                                                   if pot[-1].isdigit() else "1")
        self.collect(tok, player, amount, name)

    def on_UNCALLED(self, tok: LineToken, amount: str, player: str) -> None:
        self.return_uncalled(tok, player, amount)

    def finish(self, first: int, last: int) -> Hand:
        # Seated players the summary calls "is sitting out" and who did nothing were not dealt
        # in, even when the seat line does not say so (the hero "sitting out but not listed").
        idle = {r.player for r in self.seat_results if r.outcome == "sitting_out"}
        idle -= {a.player for a in self.actions}
        self.seats = [Seat(s.seat, s.name, s.stack, True, s.note or "is sitting out")
                      if s.name in idle and not s.sitting_out else s for s in self.seats]
        # Seats and blinds but no HOLE CARDS: the hand was never dealt, the blinds went back.
        self.dead = bool(self.seats) and not self.dealt_in
        self.cancelled = self.cancelled or self.dead  # or "Hand #ID has been canceled"
        if self.button is None:
            # Heads-up the small blind is the button, and no "(button)" tag is printed.
            sb = next((a.player for a in self.actions if a.kind == "post_sb"), None)
            seat = {s.name: s.seat for s in self.seats}
            if sb is not None and len([s for s in self.seats if not s.sitting_out]) <= 2:
                self.button = seat[sb]
        return super().finish(first, last)


def summary_outcome(rest: str) -> tuple[str, str | None, str | None, str | None]:
    """What a summary seat line says after the name and positions: (outcome, the cards' text,
    the amount won as written, the hand's description), remembered for the next line ending
    so."""
    cards: str | None = None
    won: str | None = None
    description: str | None = None
    # The patterns but the last start with a word of their own: tested before the regex (a
    # call that fails costs about as much as one that matches).
    if rest[:7] in ("folded ", "didn't ") and FOLDED.fullmatch(rest):
        outcome = "folded"
    elif rest[:7] == "showed " and (m := SHOWED.fullmatch(rest)):
        outcome, cards, won, description = "showed", m[1], m[2] or None, m[3]
    elif rest[:7] == "mucked " and (m := MUCKED.fullmatch(rest)):
        outcome, cards, description = "mucked", m[1], m[2]
    elif ((rest[:10] == "collected " and (m := COLLECTED.fullmatch(rest)))
          or (m := POT_AWARD.fullmatch(rest))):
        outcome, won = "collected", m[1]
    elif rest == "is sitting out":
        outcome = "sitting_out"
    else:
        outcome = "other"
    return keep(_OUTCOMES, rest, (outcome, cards, won, description), LIMITS.readings)


#: Summary positions and endings as written, read (on_SEAT_SUMMARY); emptied when full.
_ROLES: dict[str, tuple[str, ...]] = table("fulltilt positions")
_OUTCOMES: dict[str, tuple[str, str | None, str | None, str | None]] = table(
    "fulltilt summary endings")


D = Decimal
#: What Full Tilt histories record, and the tables they show (hhtools generate deals them).
TABLES = Tables(
    ("badugi", "2-7", "a-5", "2-7-single-draw", "5-card-draw"), ("fixed-limit",),
    {"badugi": 6, "2-7": 6, "a-5": 6, "2-7-single-draw": 6, "5-card-draw": 6},
    ((D("0.05"), D("0.10"), D("0.02"), D("0.05"), None),
     (D("0.10"), D("0.20"), D("0.05"), D("0.10"), None),
     (D(150), D(300), D(50), D(100), None)),
    ((D("0.25"), D("0.50"), D("0.25"), D("0.50"), None),),
    (D("0.05"), D(3)), ZONES["ET"], "USD",
    why="Full Tilt histories of these games are Limit Badugi, 2-7 and A-5 Triple "
        "Draw, No Limit 2-7 Single Draw and 5 Card Draw Limit and No Limit",
    game_structures={"2-7-single-draw": ("no-limit",),
                     "5-card-draw": ("fixed-limit", "no-limit")},
    # The real No Limit 2-7 Single Draw tables have antes.
    game_stakes={"2-7-single-draw": ((D("0.10"), D("0.20"), D("0.10"), D("0.20"), D("0.05")),)})


#: How Full Tilt words a shown hand, without parentheses, the same in shows and summary lines
#: ("mucked [..] - a 3-Card: 5, 4, A"): "a Badugi: Q, 4, 3, 2", "a 3-Card: 9, 5, A", 2-7 as
#: bare ranks "7,6,4,3,2", "a pair of Sevens", "two pair, Kings and Threes", "a straight,
#: Seven high".
HAND_WORDS: HandWords = (
    (rf"a Badugi: ({LIST4})", "badugi"),
    (rf"a ([123])-Card: ({LIST4})", "smaller_badugi"),
    (rf"({LIST5})", "ranks"),
    (r"a pair of (\w+)", "pair"),
    (r"two pair, (\w+) and (\w+)", "two_pair"),
    (r"three of a kind, (\w+)", "trips"),
    (r"a straight, (\w+) high", "straight"),
    (r"a flush, (\w+) high", "flush"),
    (r"a full house, (\w+) full of (\w+)", "full_house"),
    (r"four of a kind, (\w+)", "quads"),
    (r"a straight flush, (\w+) high", "straight_flush"),
)


class FullTilt(Site):
    """Full Tilt Poker hand histories."""

    name = "fulltilt"
    summary_every_seat = True
    summary_winners = True
    summary_total = True
    title = "Full Tilt"
    grammar = "fulltilt"
    hand_start = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #([0-9]+):")
    builder = FullTiltBuilder
    tables = TABLES
    hand_words = HAND_WORDS
    # The archive export puts a blank line after the header; hands are three blank lines apart.
    hand_gap = 2
    banner = re.compile(r"\*+ # [0-9]+ \*+\s*$")
    descriptions = {
        "HEADER": "a 'Full Tilt Poker Game #...' header", "BUTTON": "'The button is in seat #N'",
        "SEAT": "a seat line ('Seat N: name ($X)')", "SEAT_SUMMARY": "a summary seat line",
        "POST_SB": "a small blind post", "POST_BB": "a big blind post",
        "POST_DEAD_SB": "a dead small blind post", "POST": "a post", "POST_ANTE": "an ante",
        "POST_SB_BB": "a small and big blind post",
        "HOLE": "'*** HOLE CARDS ***'", "DRAW": "a draw marker ('*** FIRST DRAW ***')",
        "SHOWDOWN": "'*** SHOW DOWN ***'", "SUMMARY": "'*** SUMMARY ***'",
        "DURATION": "the 'Duration' line", "TOTAL": "the 'Total pot' line",
        "DEALT": "a 'Dealt to' line", "FOLD": "a fold", "CHECK": "a check", "CALL": "a call",
        "BET": "a bet", "RAISE": "a raise", "DISCARD": "a discard",
        "STAND_PAT": "a 'stands pat' line", "IS_DEALT": "an 'is dealt N cards' line",
        "SHOW": "a show", "MUCK": "a muck", "WINS": "a 'wins the pot' line",
        "UNCALLED": "an 'Uncalled bet' line",
    }
