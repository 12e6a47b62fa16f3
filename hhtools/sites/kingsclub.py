"""KingsClub: Limit Badugi, Badeucey, Badacey, 2-7 and A-5 Triple Draw, Limit A-5 Single Draw
and No Limit 2-7 Single Draw with run it twice (grammars/kingsclub.lark).

Calls and raises give the player's total for the betting round. Times carry no zone: they are
read as US Eastern time, as FPDB does. The summary gives each seat's final stack and signed net.
"""

from __future__ import annotations

import re
from decimal import Decimal

from hhtools.core.pots import uncalled_bet
from hhtools.core.records import Action, SeatResult, Tournament, Uncalled
from hhtools.core.words import plural
from hhtools.sites.base import ZERO, HandBuilder, LineError, Site, column_of
from hhtools.sites.values import card_count, seat_number, table_size

ZONE = "America/New_York"
TOURNAMENT_TABLE = re.compile(r"T([0-9]+)(?: [0-9]+)?")


class KingsClubBuilder(HandBuilder):
    """Handlers for the KingsClub line terminals, in grammar order."""

    # KingsClub writes calls and bets as the street total; the summary nets only reconcile so.
    CALLS_ARE_TOTALS = True
    DRAW_NAMES = {"1ST": "draw1", "2ND": "draw2", "3RD": "draw3"}
    #: The hand was run twice: shown hands carry their run (finish labels the rest).
    run_twice = False

    def on_HEADER(self, tok, hand_id, structure, game, small, big):
        self.hand_id = hand_id
        self.set_game(tok, game, structure)
        self.small_bet, self.big_bet = self.money(tok, small), self.money(tok, big)
        self.dealt_to = []

    def on_DATE(self, tok, date):
        self.set_time(tok, date, ZONE)

    def on_TABLE(self, tok, table, max_seats, play, button):
        self.table = table
        self.button = seat_number(tok, button, where=f"Seat {button}")
        if max_seats is not None:
            self.max_seats = table_size(tok, max_seats)
        if play is not None:
            self.currency = None
        if m := TOURNAMENT_TABLE.fullmatch(table):
            # Tournament tables are the only way to tell a tournament: 'T1234567 2'.
            self.tournament = Tournament(m[1], None, None, None, None)
            self.currency = "chips"

    def on_SEAT(self, tok, seat, player, stack, sitting_out):
        self.add_seat(tok, seat, player, stack, bool(sitting_out),
                      sitting_out.strip() if sitting_out else None)

    def on_SEAT_SUMMARY(self, tok, seat, player, stack, net):
        entry = self.summary_entry(tok, seat, player)
        if entry is None:
            return
        seat, player = entry
        self.seat_results.append(SeatResult(seat_number(tok, seat), player, (), "net",
                                                  f"({stack}) {net}", None, None, None,
                                                  self.money(tok, stack), self.money(tok, net),
                                                  tok.line))

    def on_ROUND(self, tok, which):
        pass

    def on_POST_ANTE(self, tok, player, amount, all_in):
        self.post(tok, player, "post_ante", amount, all_in)

    def on_POST_SB(self, tok, player, amount, all_in):
        self.post(tok, player, "post_sb", amount, all_in)

    def on_POST_BB(self, tok, player, amount, all_in):
        self.post(tok, player, "post_bb", amount, all_in)

    def on_POST_BLIND(self, tok, player, amount, all_in):
        # An out-of-turn big blind also pays a dead small blind the line does not print: the
        # summary nets only reconcile that way (FORMATS.md 6). Other amounts are taken as live.
        live = self.money(tok, amount)
        big = self.blinds.get("post_bb", self.small_bet)
        dead = self.blinds.get("post_sb", self.small_bet / 2) if live == big else ZERO
        self.post_with_dead(tok, player, "post_blind", live, dead, bool(all_in))

    def on_DEALT(self, tok, player, cards, new):
        if new is not None:
            self._kept_and_new(tok, player, cards, new)
            return
        if self.street != "predraw":
            self._run_twice_draw(tok, player, cards)
            return
        size = self.game.hand_size
        self.player(tok, player)
        self.dealt_to.append(player)
        hidden = cards.split()
        if all(c in ("X", "x") for c in hidden):
            if len(hidden) != size:
                raise LineError(tok, f"{len(hidden)} hidden cards dealt to {player}; a "
                                f"{self.game.title} hand holds {size}", column_of(tok, "["))
            return
        if self.hero is not None:
            raise LineError(tok, f"cards shown for both {self.hero} and {player}",
                            column_of(tok, "["))
        self.hero = player
        self.hero_hand(tok, self.cards(tok, cards, size))

    def _kept_and_new(self, tok, player, kept, new):
        """``Dealt to P: [kept] [new]`` after a draw; hidden cards (``X``) say nothing."""
        if self.street == "predraw":
            raise LineError(tok, "a second card list before the first draw",
                            column_of(tok, "[", last=True))
        if all(c in ("X", "x") for c in (kept + " " + new).split()):
            return
        self.replaced(tok, player, self.cards(tok, kept), self.cards(tok, new), "[")

    def on_RAISE(self, tok, player, to, amount, all_in):
        if to:
            super().on_RAISE(tok, player, amount, all_in)
        else:
            self.wager(tok, player, "raise", self.money(tok, amount), None, bool(all_in))

    def on_WIN_SIDE(self, tok, player, number, amount):
        self.collect(tok, player, amount, f"side {number}")

    def on_EV_CANCELLED(self, tok):
        self.cancelled = True

    def on_EV_UNCALLED(self, tok, amount, player):
        self.printed_uncalled = (tok, player, self.money(tok, amount))

    def on_EV_STRADDLE(self, tok, player, amount, all_in):
        self.skip(tok, "a straddle")

    def on_EV_SPLASH(self, tok, amount):
        self.money(tok, amount)
        self.skip(tok, "site money added to the pot (STP)")

    def on_EV_CASH_OUT(self, tok, player, amount, fee):
        self.money(tok, amount)
        self.skip(tok, "an all-in cash-out")

    def _run_twice_draw(self, tok, player, text):
        """The older run-it-twice draw line, ``Dealt to P: [...]`` in the draw.

        It holds three groups of as many cards as the player drew: the cards drawn in run 1,
        those drawn in run 2, then the discards. The hands' arithmetic says so: in hand 3857875
        the hero holds [4c 3d 7h Ks 2c] and is dealt [6h Ks Ks]; his shown hand is run 1's
        (kept 4c 3d 7h 2c and 6h, the best 7-6-4-3-2), and he is paid exactly half of each pot,
        losing run 2 to a pat 9-7-6-4-3: with Ks again, K-7-4-3-2 does (run 2 was apparently
        dealt from a deck holding run 1's discards; the two kings are alike, so this hand cannot
        tell run 2's group from the discards). Three groups also make an opponent's six hidden
        cards a two-card draw, as three cards fit no two-group reading of the hero's line. A
        drawing player's unlabelled show is run 1's; run 2's hand is unknown unless it is the
        hero's, recorded here as his run-2 show.
        """
        cards = text.split()
        if len(cards) % 3:
            raise LineError(tok, f"{plural(len(cards), 'card')} dealt to {player} in a draw run "
                            "twice: expected the cards of run 1, run 2 and the discards, "
                            "as many each", column_of(tok, "["))
        self.player(tok, player)
        self.run_twice = True
        n = len(cards) // 3
        if all(c in ("X", "x") for c in cards):
            self.draw(tok, player, n, None)
            return
        dealt = self.cards(tok, " ".join(cards[:n]))
        second = self.cards(tok, " ".join(cards[n:2 * n]))
        out = self.cards(tok, " ".join(cards[2 * n:]))
        if player != self.hero or not self.hero_cards:
            raise LineError(tok, f"{player}'s cards are listed but {player} was dealt no "
                            "known cards", column_of(tok, "["))
        self.draw(tok, player, n, out)
        if not self.hero_known:
            return
        kept = tuple(c for c in self.hero_cards[-1].cards if c not in out)
        self.replaced(tok, player, kept, dealt, "[")
        if self.hero_known and len(kept) + n == self.game.hand_size:
            self.show(tok, player, "show", kept + second, run=2)

    def _unmarked_draw(self):
        # A-5 Single Draw hands print no draw marker: the first draw line opens the draw.
        if self.street == "predraw":
            self.new_street("draw1")

    def on_DRAWS(self, tok, player, count):
        self._unmarked_draw()
        self.draw(tok, player, card_count(tok, count, where=f"draws {count}"), None)

    def on_DISCARD(self, tok, player, discarded, new, second):
        self._unmarked_draw()
        out, fresh = self.cards(tok, discarded), self.cards(tok, new)
        if second is not None:
            # Run it twice: 'draws [8c] [Qs]', run 1's cards then run 2's; the runs' hands
            # are shown on 'Run N:' lines. The hero's hand below is run 1's.
            self.run_twice = True
            if len(self.cards(tok, second)) != len(fresh):
                raise LineError(tok, f"{player} draws {len(fresh)} in run 1 but "
                                f"{len(self.cards(tok, second))} in run 2",
                                column_of(tok, "draws"))
        if len(out) != len(fresh):
            raise LineError(tok, f"{player} discards {plural(len(out), 'card')} and draws {len(fresh)}",
                            column_of(tok, "draws"))
        if player != self.hero or not self.hero_cards:
            raise LineError(tok, f"{player}'s cards are listed but {player} was dealt no "
                            "known cards", column_of(tok, "["))
        self.draw(tok, player, len(out), out)
        if not self.hero_known:
            return  # the hand before the draw is unknown (warned), so the one after is too
        kept = tuple(c for c in self.hero_cards[-1].cards if c not in out)
        self.replaced(tok, player, kept, fresh, "draws [")

    def on_STAND_PAT(self, tok, player):
        self._unmarked_draw()
        self.draw(tok, player, 0, ())
        if player == self.hero and self.hero_cards and self.hero_known:
            self.hero_hand(tok, self.hero_cards[-1].cards)

    def on_SHOW(self, tok, player, cards):
        self.show(tok, player, "show", self.cards(tok, cards, self.game.hand_size))

    def on_SHOW_RUN(self, tok, run, player, cards):
        self.run_twice = True
        self.show(tok, player, "show", self.cards(tok, cards, self.game.hand_size), run=int(run))

    def on_MUCK(self, tok, player, cards):
        self.show(tok, player, "muck", self.cards(tok, cards) if cards else None)

    def on_RAKE(self, tok, amount):
        self.rake = self.money(tok, amount)

    def on_WIN_POT(self, tok, player, amount):
        self.collect(tok, player, amount, "main")

    def on_WIN_FROM(self, tok, player, amount, pot):
        self.collect(tok, player, amount, "main" if pot in ("pot", "main pot")
                     else "side " + pot.rpartition(" ")[2])

    def finish(self, first, last):
        # KingsClub prints no uncalled-bet line and its wins exclude the bet nobody called
        # (the nets and final stacks give it back): record it, as the other sites say it.
        # The dead part of a blind stays in the pot; antes are layered like bets (a player
        # all in on a short ante leaves the rest of the others' antes uncalled).
        live: dict[str, Decimal] = {}
        last_line: dict[str, tuple[str, int]] = {}
        for a in self.actions:
            if not a.amount:
                continue
            part = (a.to if a.kind.startswith("post_") and a.kind != "post_ante"
                    and a.to is not None else a.amount)
            live[a.player] = live.get(a.player, ZERO) + part
            last_line[a.player] = (a.street, a.line)
        back = None if self.cancelled else uncalled_bet(live)
        if back is not None:
            street, line = last_line[back[0]]
            self.uncalled.append(Uncalled(back[0], back[1], street, line))
        printed = getattr(self, "printed_uncalled", None)
        if printed is not None:
            tok, player, amount = printed
            derived = [(u.player, u.amount) for u in self.uncalled]
            if derived != [(player, amount)]:
                raise LineError(tok, f"the bets leave {_unmatched(derived)} unmatched, not "
                                f"{amount} for {player}")
        self._missed_small_blind()
        if self.run_twice:
            # A player who drew shows run 1's hand on an unlabelled line (see _run_twice_draw);
            # one who stood pat holds the same hand in both runs and stays unlabelled.
            drew = {a.player for a in self.actions if a.kind == "discard"}
            for s in self.shows:
                if s[5] is None and s[0] in drew:
                    s[5] = 1
        return super().finish(first, last)

    def _missed_small_blind(self):
        """A player coming back after missing the small blind pays it dead, and KingsClub
        prints no line for it: the summary's net is then exactly one small blind below what
        the player's lines make (hand 3516416: raises to 500, takes the 1,350 pot, +875).
        Recorded as the dead post the other sites print, so the replay puts it in the pot."""
        small = self.blinds.get("post_sb")
        if not small or self.cancelled or not self.seat_results:
            return
        put: dict[str, Decimal] = {}
        for a in self.actions:
            if a.amount:
                put[a.player] = put.get(a.player, ZERO) + a.amount
        for u in self.uncalled:
            put[u.player] = put.get(u.player, ZERO) - u.amount
        won: dict[str, Decimal] = {}
        for c in self.collections:
            won[c.player] = won.get(c.player, ZERO) + c.amount
        # Only a player who posted no blind can owe one.
        blind_posters = {a.player for a in self.actions
                         if a.kind.startswith("post_") and a.kind != "post_ante"}
        for r in self.seat_results:
            p = r.player
            if r.net is None or p in blind_posters or p not in put:
                continue
            if won.get(p, ZERO) - put[p] - r.net == small:
                # After the posts, on the last one's line: no line of its own is printed.
                posts = [i for i, a in enumerate(self.actions) if a.kind.startswith("post_")]
                at = posts[-1] + 1 if posts else 0
                line = self.actions[at - 1].line if at else r.line
                self.actions.insert(at, Action(0, "predraw", p, "post_dead", small, ZERO,
                                               line=line))
                for i, a in enumerate(self.actions):
                    a.seq = i


def _unmatched(derived: list[tuple[str, Decimal]]) -> str:
    return " and ".join(f"{a} for {p}" for p, a in derived) or "nothing"


class KingsClub(Site):
    """KingsClub hand histories."""

    name = "kingsclub"
    summary_every_seat = True
    summary_winners = True
    title = "KingsClub"
    grammar = "kingsclub"
    hand_start = re.compile(r"#([0-9]+): ")
    builder = KingsClubBuilder
    descriptions = {
        "HEADER": "a '#id: Limit Game - X/Y' header", "DATE": "the date line",
        "TABLE": "the 'Table ...' line", "SEAT": "a seat line ('Seat N: name (stack)')",
        "SEAT_SUMMARY": "a summary seat line ('Seat N: name (stack) net')",
        "ROUND": "a betting-round marker", "DRAW": "a draw marker ('*** 1ST DRAW ***')",
        "SUMMARY": "'*** SUMMARY ***'", "POST_ANTE": "an ante post",
        "POST_SB": "a small blind post", "POST_BB": "a big blind post",
        "POST_BLIND": "a blind post", "DEALT": "a 'Dealt to' line", "FOLD": "a fold",
        "CHECK": "a check", "CALL": "a call", "BET": "a bet", "RAISE": "a raise",
        "DRAWS": "a 'draws N' line", "DISCARD": "a hero discard line",
        "STAND_PAT": "a 'stands pat' line", "SHOW": "a show", "MUCK": "a muck",
        "RAKE": "the 'Rake' line", "WIN_POT": "a 'wins pot' line",
        "WIN_FROM": "a 'wins (X) from pot' line",
        "SHOW_RUN": "a 'Run N: P shows [...]' line",
        "WIN_SIDE": "a 'wins side pot N (X)' line",
    }
