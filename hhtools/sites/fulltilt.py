"""Full Tilt Poker: Limit Badugi, Limit 2-7 and A-5 Triple Draw, No Limit 2-7 Single Draw and
5 Card Draw, cash and Sit & Go (grammars/fulltilt.lark).

Calls and bets give the chips added, raises the total for the round. Winnings are after rake and
exclude the uncalled bet; ``Total pot`` includes the rake. Heads-up the small blind is the
button. A dead hand (blinds posted, nobody dealt) is recorded ``dead`` and ``cancelled``; a
partial hand (its summary only) is recorded ``partial``. Headers never name a mix: FPDB, and
hhtools, read it from the file name (``10Game`` -> ``10-Game``).
"""

from __future__ import annotations

import re
from datetime import datetime

from hhtools.core.records import Seat, SeatResult, Tournament
from hhtools.core.words import plural
from hhtools.sites.base import ZERO, HandBuilder, LineError, Site, SkipHand, column_of
from hhtools.sites.pokerstars import CURRENCIES, ZONES
from hhtools.sites.values import card_count, seat_number, table_size

GAME = re.compile(r"(Limit|Fixed Limit|FL|Pot Limit|PL|No Limit|NL|Half Pot Limit) (.+)")
MIX = re.compile(r"([0-9]+)[ -]?Game", re.IGNORECASE)
FOLDED = re.compile(r"(?:folded (?:before|after) the .*|didn't bet \(folded\))")
SHOWED = re.compile(r"showed \[([^\]]*)\] and (?:won \(([^)]*)\)|lost) with (.*)")
MUCKED = re.compile(r"mucked \[([^\]]*)\](?: - (.*))?")
COLLECTED = re.compile(r"collected \(([^)]*)\)(?:, mucked)?")
# A split or side pot's award in the summary, one line per pot.
POT_AWARD = re.compile(r"(?:wins|ties for) the (?:(?:main |side )?pot(?: [0-9]+)?) \(([^)]*)\)")
BUY_IN = re.compile(r"([$€£]?[0-9][0-9,]*(?:\.[0-9]+)?)"
                    r"(?: \+ ([$€£]?[0-9][0-9,]*(?:\.[0-9]+)?))?")


class FullTiltBuilder(HandBuilder):
    """Handlers for the Full Tilt line terminals, in grammar order."""

    def on_HEADER(self, tok, hand_id, tournament, tournament_id, table, tags, stakes, game,
                  game_first, stakes_after, time, zone, date, et, partial):
        self.hand_id = hand_id
        game_text, stakes = (game, stakes) if stakes is not None else (game_first, stakes_after)
        m = GAME.fullmatch(game_text)
        if m is None:
            raise SkipHand(game_text)
        self.set_game(tok, m[2], m[1])
        self.table = table
        tags = tags.lower()
        self.max_seats = (2 if "heads up" in tags else table_size(tok, n[1])
                          if (n := re.search(r"\(([0-9]+) max\)", tags)) else None)
        small, _, big = stakes.partition("/")
        self.small_bet, self.big_bet = self.money(tok, small), self.money(tok, big)
        if tournament_id is not None:
            # "$10 + $1 Sit & Go": buy-in and fee; a name printing the total gives no fee.
            buy_in = BUY_IN.match(tournament)
            self.tournament = Tournament(
                tournament_id, self.money(tok, buy_in[1]) if buy_in else None,
                self.money(tok, buy_in[2]) if buy_in and buy_in[2] else None,
                CURRENCIES.get(tournament[:1]), None)
            self.currency = "chips"
        else:
            self.currency = CURRENCIES.get(small[:1])
        if self.path and (mix := MIX.search(self.path.rsplit("/", 1)[-1])):
            self.mix = f"{mix[1]}-Game"
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

    def on_SEAT(self, tok, seat, player, stack, sitting_out):
        self.add_seat(tok, seat, player, stack, bool(sitting_out),
                      "is sitting out" if sitting_out else None)

    def on_SEAT_SUMMARY(self, tok, seat, player, positions, rest):
        entry = self.summary_entry(tok, seat, player)
        if entry is None:
            return
        seat, player = entry
        roles = (tuple(p.strip(" ()") for p in positions.split(")") if p.strip())
                 if positions else ())
        rest = rest or ""
        won = cards = description = None
        if FOLDED.fullmatch(rest):
            outcome = "folded"
        elif m := SHOWED.fullmatch(rest):
            outcome, cards, description = "showed", self.cards(tok, m[1]), m[3]
            won = self.money(tok, m[2]) if m[2] else None
        elif m := MUCKED.fullmatch(rest):
            outcome, cards, description = "mucked", self.cards(tok, m[1]), m[2]
        elif (m := COLLECTED.fullmatch(rest)) or (m := POT_AWARD.fullmatch(rest)):
            outcome, won = "collected", self.money(tok, m[1])
        elif rest == "is sitting out":
            outcome = "sitting_out"
        else:
            outcome = "other"
        number = seat_number(tok, seat)
        if "button" in roles and self.button is None:
            self.button = number
        self.seat_results.append(SeatResult(number, player, roles, outcome, rest, won,
                                                  cards, description, None, None, tok.line))

    def on_BUTTON(self, tok, seat):
        self.button = seat_number(tok, seat, where=f"#{seat}")

    def on_POST_SB(self, tok, player, amount, all_in):
        self.post(tok, player, "post_sb", amount, all_in)

    def on_POST_BB(self, tok, player, amount, all_in):
        self.post(tok, player, "post_bb", amount, all_in)

    def on_POST_DEAD_SB(self, tok, player, amount, all_in):
        # A missed small blind paid on coming back: dead money, not part of the round's bet.
        self.post_with_dead(tok, player, "post_dead", ZERO, self.money(tok, amount),
                            bool(all_in))

    def on_POST_SB_BB(self, tok, player, amount, all_in):
        self.post_small_and_big(tok, player, amount, all_in)

    def on_EV_CANCELLED(self, tok, number):
        self.cancelled = True

    def on_EV_ANTE_RETURNED(self, tok, amount, player):
        self.money(tok, amount)
        self.skip(tok, "a returned ante")

    def on_POST_ANTE(self, tok, player, amount, all_in):
        self.post(tok, player, "post_ante", amount, all_in)

    def on_POST(self, tok, player, amount, all_in):
        # A newcomer's (or returning player's) live big blind.
        self.post(tok, player, "post_bb", amount, all_in)

    #: A single draw game's only draw is "*** DRAW ***", which names none.
    DRAW_NAMES = {**HandBuilder.DRAW_NAMES, None: "draw1"}

    def on_HOLE(self, tok):
        self.dealt_in = True

    def on_DURATION(self, tok, seconds):
        pass

    def on_TOTAL(self, tok, total, pots, rake):
        self.total_pot = self.money(tok, total)
        self.rake = self.money(tok, rake)

    def on_DEALT(self, tok, player, cards, new):
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

    def on_DISCARD(self, tok, player, count, cards):
        self.draw(tok, player, card_count(tok, count),
                  self.cards(tok, cards) if cards else None)

    def on_STAND_PAT(self, tok, player, cards):
        self.draw(tok, player, 0, ())
        if cards is not None:
            self.hero_hand(tok, self.cards(tok, cards, self.game.hand_size))
        elif player == self.hero and self.hero_cards and self.hero_known:
            self.hero_hand(tok, self.hero_cards[-1].cards)

    def on_IS_DEALT(self, tok, player, count):
        # Opponents' replacements are a count only: it must be what they discarded.
        for a in reversed(self.actions):
            if a.street != self.street:
                break
            if a.player == player and a.kind == "discard":
                if a.count != card_count(tok, count):
                    raise LineError(tok, f"{player} discarded {plural(a.count, 'card')} but is dealt "
                                    f"{count}", column_of(tok, count))
                return
        raise LineError(tok, f"cards dealt to {player}, who has not discarded in this round")

    def on_SHOW(self, tok, player, cards, description):
        self.show(tok, player, "show", self.cards(tok, cards, self.game.hand_size), description)

    def on_MUCK(self, tok, player):
        self.show(tok, player, "muck", None)

    def on_WINS(self, tok, player, verb, pot, amount, description):
        name = "main" if pot in ("pot", "main pot") else "side " + (pot.rpartition(" ")[2]
                                                                   if pot[-1].isdigit() else "1")
        self.collect(tok, player, amount, name)

    def on_UNCALLED(self, tok, amount, player):
        self.return_uncalled(tok, player, amount)

    def finish(self, first, last):
        # Seated players the summary calls "is sitting out" and who did nothing were not dealt
        # in, even when the seat line does not say so (the hero "sitting out but not listed").
        idle = {r.player for r in self.seat_results if r.outcome == "sitting_out"}
        idle -= {a.player for a in self.actions}
        self.seats = [Seat(s.seat, s.name, s.stack, True, s.note or "is sitting out")
                      if s.name in idle and not s.sitting_out else s for s in self.seats]
        # Seats and blinds but no HOLE CARDS: the hand was never dealt, the blinds went back.
        self.dead = bool(self.seats) and not getattr(self, "dealt_in", False)
        self.cancelled = self.cancelled or self.dead  # or "Hand #ID has been canceled"
        if self.button is None:
            # Heads-up the small blind is the button, and no "(button)" tag is printed.
            sb = next((a.player for a in self.actions if a.kind == "post_sb"), None)
            seat = {s.name: s.seat for s in self.seats}
            if sb is not None and len([s for s in self.seats if not s.sitting_out]) <= 2:
                self.button = seat[sb]
        return super().finish(first, last)


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
