"""KingsClub: Limit Badugi, Badeucey, Badacey, 2-7 and A-5 Triple Draw, Limit A-5 Single Draw
and No Limit 2-7 Single Draw with run it twice (grammars/kingsclub.lark).

Calls and raises give the player's total for the betting round. Times carry no zone: they are
read as US Eastern time, as FPDB does. The summary gives each seat's final stack and signed net.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import ClassVar

from hhtools.core.pots import uncalled_bet
from hhtools.core.records import Action, Hand, SeatResult, Tournament, Uncalled
from hhtools.core.vocabulary import Street
from hhtools.core.words import plural
from hhtools.sites.base import ZERO, HandBuilder, LineError, LineToken, Site, Tables, column_of
from hhtools.sites.values import card_count, seat_number, table_size

ZONE = "America/New_York"
TOURNAMENT_TABLE = re.compile(r"T([0-9]+)(?: [0-9]+)?")


class KingsClubBuilder(HandBuilder):
    """Handlers for the KingsClub line terminals, in grammar order."""

    # KingsClub writes calls and bets as the street total; the summary nets only reconcile so.
    CALLS_ARE_TOTALS = True
    DRAW_NAMES: ClassVar[dict[str | None, Street]] = {
        "1ST": "draw1", "2ND": "draw2", "3RD": "draw3"}
    #: The hand was run twice: shown hands carry their run (finish labels the rest).
    run_twice = False
    #: A printed uncalled bet (its line, player and amount), checked against the bets.
    printed_uncalled: tuple[LineToken, str, Decimal] | None = None

    def on_HEADER(self, tok: LineToken, hand_id: str, structure: str, game: str, small: str,
                  big: str) -> None:
        self.hand_id = hand_id
        self.set_game(tok, game, structure)
        self.small_bet, self.big_bet = self.money(tok, small), self.money(tok, big)
        self.dealt_to = []

    def on_DATE(self, tok: LineToken, date: str) -> None:
        self.set_time(tok, date, ZONE)

    def on_TABLE(self, tok: LineToken, table: str, max_seats: str | None, play: str | None,
                 button: str) -> None:
        self.table = table
        self.button = seat_number(tok, button, where=f"Seat {button}")
        if max_seats is not None:
            self.max_seats = table_size(tok, max_seats)
        if play is not None:
            self.currency = None
        # (a table's name not led by the pattern's "T" is told without the regex)
        if table[:1] == "T" and (m := TOURNAMENT_TABLE.fullmatch(table)):
            # Tournament tables are the only way to tell a tournament: 'T1234567 2'.
            self.tournament = Tournament(m[1], None, None, None, None)
            self.currency = "chips"

    def on_SEAT(self, tok: LineToken, seat: str, player: str, stack: str,
                sitting_out: str | None) -> None:
        self.add_seat(tok, seat, player, stack, bool(sitting_out),
                      sitting_out.strip() if sitting_out else None)

    def on_SEAT_SUMMARY(self, tok: LineToken, seat: str, player: str, stack: str,
                        net: str) -> None:
        entry = self.summary_entry(tok, seat, player)
        if entry is None:
            return
        seat, player = entry
        self.seat_results.append(SeatResult(seat_number(tok, seat), player, (), "net",
                                            f"({stack}) {net}", None, None, None,
                                            self.money(tok, stack), self.money(tok, net),
                                            tok.line))

    def on_ROUND(self, tok: LineToken, which: str) -> None:
        pass

    def on_POST_ANTE(self, tok: LineToken, player: str, amount: str,
                     all_in: str | None) -> None:
        self.post(tok, player, "post_ante", amount, all_in)

    def on_POST_SB(self, tok: LineToken, player: str, amount: str, all_in: str | None) -> None:
        self.post(tok, player, "post_sb", amount, all_in)

    def on_POST_BB(self, tok: LineToken, player: str, amount: str, all_in: str | None) -> None:
        self.post(tok, player, "post_bb", amount, all_in)

    def on_POST_BLIND(self, tok: LineToken, player: str, amount: str,
                      all_in: str | None) -> None:
        # An out-of-turn big blind also pays a dead small blind the line does not print: the
        # summary nets only reconcile that way (FORMATS.md 6). Other amounts are taken as live.
        live = self.money(tok, amount)
        big = self.blinds.get("post_bb", self.small_bet)
        dead = self.blinds.get("post_sb", self.small_bet / 2) if live == big else ZERO
        self.post_with_dead(tok, player, "post_blind", live, dead, bool(all_in))

    def on_DEALT(self, tok: LineToken, player: str, cards: str, new: str | None) -> None:
        if new is not None:
            self._kept_and_new(tok, player, cards, new)
            return
        if self.street != "predraw":
            self._run_twice_draw(tok, player, cards)
            return
        size = self.game.hand_size
        self.player(tok, player)
        dealt_to = self.dealt_to
        assert dealt_to is not None  # (every player dealt in: the header starts the list)
        dealt_to.append(player)
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

    def _kept_and_new(self, tok: LineToken, player: str, kept: str, new: str) -> None:
        """``Dealt to P: [kept] [new]`` after a draw; hidden cards (``X``) say nothing."""
        if self.street == "predraw":
            raise LineError(tok, "a second card list before the first draw",
                            column_of(tok, "[", last=True))
        if all(c in ("X", "x") for c in (kept + " " + new).split()):
            return
        self.replaced(tok, player, self.cards(tok, kept), self.cards(tok, new), "[")

    # Its own fields ("raises to"): handlers are called with the fields of their grammar's
    # terminal (HandBuilder.check_handlers), never through the shared signature.
    def on_RAISE(self, tok: LineToken, player: str, to: str | None,  # type: ignore[override]
                 amount: str, all_in: str | None) -> None:
        if to:
            super().on_RAISE(tok, player, amount, all_in)
        else:
            self.wager(tok, player, "raise", self.money(tok, amount), None, bool(all_in))

    def on_WIN_SIDE(self, tok: LineToken, player: str, number: str, amount: str) -> None:
        self.collect(tok, player, amount, f"side {number}")

    def on_EV_CANCELLED(self, tok: LineToken) -> None:
        self.cancelled = True

    def on_EV_UNCALLED(self, tok: LineToken, amount: str, player: str) -> None:
        self.printed_uncalled = (tok, player, self.money(tok, amount))

    def on_EV_STRADDLE(self, tok: LineToken, player: str, amount: str,
                       all_in: str | None) -> None:
        self.skip(tok, "a straddle")

    def on_EV_SPLASH(self, tok: LineToken, amount: str) -> None:
        self.money(tok, amount)
        self.skip(tok, "site money added to the pot (STP)")

    def on_EV_CASH_OUT(self, tok: LineToken, player: str, amount: str,
                       fee: str | None) -> None:
        self.money(tok, amount)
        self.skip(tok, "an all-in cash-out")

    def _run_twice_draw(self, tok: LineToken, player: str, text: str) -> None:
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

    def _unmarked_draw(self) -> None:
        # A-5 Single Draw hands print no draw marker: the first draw line opens the draw.
        if self.street == "predraw":
            self.new_street("draw1")

    def on_DRAWS(self, tok: LineToken, player: str, count: str) -> None:
        self._unmarked_draw()
        self.draw(tok, player, card_count(tok, count, where=f"draws {count}"), None)

    def on_DISCARD(self, tok: LineToken, player: str, discarded: str, new: str,
                   second: str | None) -> None:
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
            raise LineError(tok, f"{player} discards {plural(len(out), 'card')} and draws "
                            f"{len(fresh)}", column_of(tok, "draws"))
        if player != self.hero or not self.hero_cards:
            raise LineError(tok, f"{player}'s cards are listed but {player} was dealt no "
                            "known cards", column_of(tok, "["))
        self.draw(tok, player, len(out), out)
        if not self.hero_known:
            return  # the hand before the draw is unknown (warned), so the one after is too
        kept = tuple(c for c in self.hero_cards[-1].cards if c not in out)
        self.replaced(tok, player, kept, fresh, "draws [")

    def on_STAND_PAT(self, tok: LineToken, player: str) -> None:
        self._unmarked_draw()
        self.draw(tok, player, 0, ())
        if player == self.hero and self.hero_cards and self.hero_known:
            self.hero_hand(tok, self.hero_cards[-1].cards)

    def on_SHOW(self, tok: LineToken, player: str, cards: str) -> None:
        self.show(tok, player, "show", self.cards(tok, cards, self.game.hand_size))

    def on_SHOW_RUN(self, tok: LineToken, run: str, player: str, cards: str) -> None:
        self.run_twice = True
        self.show(tok, player, "show", self.cards(tok, cards, self.game.hand_size), run=int(run))

    def on_MUCK(self, tok: LineToken, player: str, cards: str | None) -> None:
        self.show(tok, player, "muck", self.cards(tok, cards) if cards else None)

    def on_RAKE(self, tok: LineToken, amount: str) -> None:
        self.rake = self.money(tok, amount)

    def on_WIN_POT(self, tok: LineToken, player: str, amount: str) -> None:
        self.collect(tok, player, amount, "main")

    def on_WIN_FROM(self, tok: LineToken, player: str, amount: str, pot: str) -> None:
        self.collect(tok, player, amount, "main" if pot in ("pot", "main pot")
                     else "side " + pot.rpartition(" ")[2])

    def finish(self, first: int, last: int) -> Hand:
        # KingsClub prints no uncalled-bet line and its wins exclude the bet nobody called
        # (the nets and final stacks give it back): record it, as the other sites say it.
        # The dead part of a blind stays in the pot; antes are layered like bets (a player
        # all in on a short ante leaves the rest of the others' antes uncalled).
        live: dict[str, Decimal] = {}
        last_line: dict[str, tuple[Street, int]] = {}
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
        printed = self.printed_uncalled
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
                if s.run is None and s.player in drew:
                    s.run = 1
        return super().finish(first, last)

    def _missed_small_blind(self) -> None:
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


D = Decimal
#: What KingsClub histories record, and the tables they show (hhtools generate deals them).
TABLES = Tables(
    ("badugi", "badeucy", "badacey", "2-7", "a-5", "a-5-single-draw", "2-7-single-draw"),
    ("fixed-limit",), {"badugi": 8, "badeucy": 7, "badacey": 7, "2-7": 7, "a-5": 7,
                       "a-5-single-draw": 2, "2-7-single-draw": 7},
    ((D(22), D(44), D(11), D(22), D("5.50")), (D(30), D(60), D(15), D(30), None),
     (D(40), D(80), D(20), D(40), None), (D(44), D(88), D(22), D(44), D(11))),
    (), (D("0.01"), D("0.25")), ZONE, None,
    why="KingsClub histories record Limit games, and No Limit 2-7 Single Draw",
    game_structures={"2-7-single-draw": ("no-limit",)},
    # The real tables: heads-up A-5 Single Draw at 50/100, No Limit 2-7 Single Draw with antes.
    game_stakes={"a-5-single-draw": ((D(50), D(100), D(25), D(50), None),),
                 "2-7-single-draw": ((D(25), D(50), D(25), D(50), D(20)),
                                     (D(125), D(250), D(125), D(250), D(100)))})


class KingsClub(Site):
    """KingsClub hand histories."""

    name = "kingsclub"
    summary_every_seat = True
    summary_winners = True
    title = "KingsClub"
    grammar = "kingsclub"
    rule_profile = "kingsclub"
    hand_start = re.compile(r"#([0-9]+): ")
    builder = KingsClubBuilder
    tables = TABLES
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
