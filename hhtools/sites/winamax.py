"""Winamax: 2-7 Triple Draw, cash games (grammars/winamax.lark).

Calls and bets give the chips added, raises the increment and the total. No uncalled-bet line is
printed: the winner's ``collected`` (and the summary's ``won``) include the bet nobody called,
and ``Total pot`` is that same amount, after rake. The records are normalised to what the other
sites say: an Uncalled record for the returned bet, collections and ``won`` without it, and
``total_pot`` before rake (the bets). Times are UTC. The mix is known only from the file name
(``_8games_`` -> ``8-Game``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal

from hhtools.core.pots import uncalled_bet
from hhtools.core.records import Hand, SeatResult, Tournament, Uncalled
from hhtools.core.vocabulary import Street
from hhtools.sites.base import (
    ZERO,
    HandBuilder,
    HandWords,
    LineError,
    LineToken,
    Site,
    Tables,
    column_of,
)
from hhtools.sites.fulltilt import mix_of
from hhtools.sites.values import card_count, seat_number, table_size

#: Winamax's game names, as hhtools.core.games knows them.
GAMES = {"Lowball27": "2-7 Triple Draw"}
SHOWED = re.compile(r"showed \[([^\]]*)\] and (?:won ([^ ]+)|lost) with (.*)")
WON = re.compile(r"won ([^ ]+)")
FAST_FOLD = re.compile(r'(?:Go Fast|HOLD-UP|ESCAPE) "[^"]*"')
TOURNAMENT = re.compile(r'Tournament "[^"]*" buyIn: (.+?) level: (\S+)')
TOURNAMENT_TABLE = re.compile(r".*\(([0-9]+)\)#[0-9]+")
AMOUNT = re.compile(r"[$€]?[0-9][0-9,]*(?:\.[0-9]+)?[$€]?")


#: A tournament's (buy-in, fee, currency, level, bounty), as its header gives them.
_Terms = tuple[Decimal | None, Decimal | None, str | None, str, Decimal | None]


class WinamaxBuilder(HandBuilder):
    """Handlers for the Winamax line terminals, in grammar order."""

    #: A tournament's terms from the header, until the table line names the tournament.
    tournament_terms: _Terms | None = None

    def on_HEADER(self, tok: LineToken, kind: str, hand_id: str, game: str, structure: str,
                  ante: str | None, small: str, big: str, date: str,
                  zone: str | None) -> None:
        # A cash game's hands (most) are told without a regex.
        if kind != "CashGame":
            if m := TOURNAMENT.fullmatch(kind):
                self.tournament_terms = self._buy_in(tok, m[1], m[2])
            elif not FAST_FOLD.fullmatch(kind):
                raise LineError(tok, f"unknown kind of game {kind!r}: expected CashGame, Go "
                                "Fast, HOLD-UP, ESCAPE or Tournament", column_of(tok, kind))
        if ante is not None:
            self.money(tok, ante)  # the posts give the antes paid
        self.hand_id = hand_id
        self.set_game(tok, GAMES.get(game, game), structure)
        self.small_bet, self.big_bet = self.money(tok, small), self.money(tok, big)
        self.currency = "EUR" if "€" in small else None
        if kind.startswith("Tournament "):
            self.currency = "chips"
        if self.path:
            self.mix = mix_of(self.path)
        self.set_time(tok, date, "UTC" if zone in (None, "UTC", "GMT") else zone)

    def _buy_in(self, tok: LineToken, buy_in: str, level: str) -> _Terms:
        """(buy-in, fee, currency, level, bounty) of ``4.50€ + 0.50€`` or, with a knockout,
        ``2€ + 2€ + 0.50€`` (the bounty second); other wordings (a ticket) give no amounts."""
        parts = [p.strip() for p in buy_in.split("+")]
        if len(parts) > 3 or not all(AMOUNT.fullmatch(p) for p in parts):
            return None, None, None, level, None
        values = [self.money(tok, p) for p in parts]
        currency = "EUR" if "€" in buy_in else None
        fee = values[-1] if len(values) > 1 else None
        return values[0], fee, currency, level, values[1] if len(values) == 3 else None

    def on_TABLE(self, tok: LineToken, table: str, max_seats: str | None, money: str | None,
                 button: str) -> None:
        self.table = table
        terms = self.tournament_terms
        if terms is not None:
            # 'NAME(TID)#T': the tournament and its table.
            m = TOURNAMENT_TABLE.fullmatch(table)
            number = m[1] if m else self.hand_id
            assert number is not None  # (the header gave the hand's id)
            self.tournament = Tournament(number, *terms)
        self.max_seats = table_size(tok, max_seats) if max_seats else None
        if money == "play money":
            self.currency = "play"
        self.button = seat_number(tok, button, where=f"#{button}")

    def on_SEAT(self, tok: LineToken, seat: str, player: str, stack: str) -> None:
        self.add_seat(tok, seat, player, stack, False)

    def on_SEAT_SUMMARY(self, tok: LineToken, seat: str, player: str, positions: str,
                        rest: str) -> None:
        entry = self.summary_entry(tok, seat, player)
        if entry is None:
            return
        seat, player = entry
        roles = tuple(p.strip(" ()") for p in positions.split(")") if p.strip())
        won = cards = description = None
        # Each pattern starts with its first word, tested before its regex (most seats fold).
        if rest[:7] == "showed " and (m := SHOWED.fullmatch(rest)):
            outcome, cards, description = "showed", self.cards(tok, m[1]), m[3]
            won = self.money(tok, m[2]) if m[2] else None
        elif rest[:4] == "won " and (m := WON.fullmatch(rest)):
            outcome, won = "collected", self.money(tok, m[1])
        else:
            outcome = "folded" if rest.startswith("folded") else "other"
        self.seat_results.append(SeatResult(seat_number(tok, seat), player, roles, outcome,
                                            rest, won, cards, description, None, None,
                                            tok.line))

    def on_BLINDS(self, tok: LineToken) -> None:
        pass

    def on_ROUND(self, tok: LineToken, which: str) -> None:
        pass

    def on_POST_SB(self, tok: LineToken, player: str, amount: str,
                   out_of_position: str | None) -> None:
        if out_of_position:
            # A returning player's small blind: dead; more than the small blind is both.
            value = self.money(tok, amount)
            if value > self.blinds.get("post_sb", self.small_bet / 2):
                self.post_small_and_big(tok, player, amount, None)
            else:
                self.post_with_dead(tok, player, "post_dead", ZERO, value, False)
            return
        self.post(tok, player, "post_sb", amount, None)

    def on_POST_DEAD(self, tok: LineToken, player: str, amount: str) -> None:
        self.post_with_dead(tok, player, "post_dead", ZERO, self.money(tok, amount), False)

    def on_EV_POST_SB_BB(self, tok: LineToken, player: str, amount: str) -> None:
        self.post_small_and_big(tok, player, amount, None)

    def on_EV_POT_MONEY(self, tok: LineToken, what: str, amount: str) -> None:
        self.money(tok, amount)
        self.skip(tok, f"{what} money added to the pot")

    def on_POST_BB(self, tok: LineToken, player: str, amount: str) -> None:
        self.post(tok, player, "post_bb", amount, None)

    def on_POST_ANTE(self, tok: LineToken, player: str, amount: str) -> None:
        self.post(tok, player, "post_ante", amount, None)

    def on_DEALT(self, tok: LineToken, player: str, cards: str, new: str | None) -> None:
        if new is not None:  # "[kept] [new]" after a draw
            if self.street == "predraw":
                raise LineError(tok, "a second card list before the first draw",
                                column_of(tok, "[", last=True))
            if not all(c in ("X", "x") for c in (cards + " " + new).split()):
                self.replaced(tok, player, self.cards(tok, cards), self.cards(tok, new), "[")
            return
        self.player(tok, player)
        if all(c in ("X", "x") for c in cards.split()):
            return  # an opponent's hidden hand
        if self.hero is not None:
            raise LineError(tok, f"cards shown for both {self.hero} and {player}",
                            column_of(tok, "["))
        self.hero = player
        self.hero_hand(tok, self.cards(tok, cards, self.game.hand_size))

    # Its own fields (the raise and the total): handlers are called with the fields of their
    # grammar's terminal (HandBuilder.check_handlers), never through the shared signature.
    def on_RAISE(self, tok: LineToken, player: str, by: str, to: str,  # type: ignore[override]
                 all_in: str | None) -> None:
        self.money(tok, by)
        self.wager(tok, player, "raise", to=self.money(tok, to), all_in=bool(all_in))

    def on_DISCARD(self, tok: LineToken, player: str, count: str, cards: str | None) -> None:
        number = card_count(tok, count)
        self.draw(tok, player, number, self.cards(tok, cards) if cards else None)
        if player == self.hero and number:
            # Winamax never prints the hero's new cards: the hand is unknown until a line
            # gives it whole again (a pat line), so later discards are not checked against
            # the hand as dealt.
            self.hero_known = False

    def on_STAND_PAT(self, tok: LineToken, player: str, cards: str | None) -> None:
        self.draw(tok, player, 0, ())
        if cards and player == self.hero and not cards.startswith(("X", "x")):
            self.hero_hand(tok, self.cards(tok, cards, self.game.hand_size))
        elif player == self.hero and self.hero_cards and self.hero_known:
            self.hero_hand(tok, self.hero_cards[-1].cards)

    def on_SHOW(self, tok: LineToken, player: str, cards: str, description: str | None) -> None:
        self.show(tok, player, "show", self.cards(tok, cards, self.game.hand_size), description)

    def on_COLLECT(self, tok: LineToken, player: str, amount: str, pot: str) -> None:
        self.collect(tok, player, amount, "main" if pot in ("pot", "main pot")
                     else "side " + pot.rpartition(" ")[2])

    def on_TOTAL(self, tok: LineToken, total: str, rake: str | None) -> None:
        self.total_pot = self.money(tok, total)
        self.rake = self.money(tok, rake) if rake else ZERO

    def finish(self, first: int, last: int) -> Hand:
        # Give back the bet nobody called, which Winamax leaves inside "collected". Live chips
        # and antes are matched (antes are layered like bets); dead blinds stay in the pot.
        put: dict[str, Decimal] = defaultdict(Decimal)
        street: Street | None = None
        committed: dict[str, Decimal] = {}
        for a in self.actions:
            if a.street != street:
                street, committed = a.street, {}
            if a.to is not None:
                put[a.player] += a.to - committed.get(a.player, ZERO)
                committed[a.player] = a.to
            elif a.kind == "post_ante" and a.amount:
                put[a.player] += a.amount
        back = uncalled_bet(put)
        top, excess = back if back is not None else (None, ZERO)
        for i, c in enumerate(self.collections):
            if excess > 0 and c.player == top and c.amount >= excess:
                # A bettor who won no pot "collects" just the bet nobody called: no win.
                # The records are this hand's own, made by its lines: changed in place
                # (dataclasses.replace runs in Python, some 7,000 instructions a call).
                if c.amount == excess:
                    del self.collections[i]
                else:
                    c.amount = c.amount - excess
                self.uncalled.append(Uncalled(top, excess, self.street, c.line))
                for r in self.seat_results:
                    if r.player == top and r.won is not None:
                        r.won = r.won - excess
                break
        if self.total_pot is not None:
            # Printed after rake and with the uncalled bet; recorded as the bets, before rake.
            returned = sum((u.amount for u in self.uncalled), ZERO)
            self.total_pot = self.total_pot - returned + (self.rake or ZERO)
        return super().finish(first, last)


D = Decimal
#: What Winamax histories record, and the tables they show (hhtools generate deals them).
TABLES = Tables(
    ("2-7",), ("fixed-limit",), {"2-7": 6},
    ((D("0.50"), D(1), D("0.25"), D("0.50"), None),
     (D(25), D(50), D("12.50"), D(25), None)),
    (), (D("0.01"), D(2)), "UTC", "EUR",
    why="Winamax's only draw game is 2-7 Triple Draw fixed limit",
    sitting_out=False, mucks=False)


#: How Winamax words a shown hand: every game as high poker, ranks as words or digits ("High
#: card : King", "High card : 8", "One pair : Sevens", "Two pairs : Jacks and 8"). Other
#: wordings are not in any file seen, so they stay unchecked rather than guessed.
HAND_WORDS: HandWords = (
    (r"High card : (\w+)", "high_card"),
    (r"One pair : (\w+)", "pair"),
    (r"Two pairs : (\w+) and (\w+)", "two_pair"),
)


class Winamax(Site):
    """Winamax hand histories."""

    name = "winamax"
    summary_winners = True
    summary_total = True
    title = "Winamax"
    grammar = "winamax"
    hand_start = re.compile(r"Winamax Poker - .*? - HandId: #([0-9-]+) - ")
    builder = WinamaxBuilder
    tables = TABLES
    hand_words = HAND_WORDS
    descriptions = {
        "HEADER": "a 'Winamax Poker - ... - HandId: #...' header",
        "TABLE": "the 'Table: ...' line", "SEAT": "a seat line ('Seat N: name (X)')",
        "SEAT_SUMMARY": "a summary seat line", "BLINDS": "'*** ANTE/BLINDS ***'",
        "ROUND": "a betting-round marker ('*** FIRST-BET ***')",
        "DRAW": "a draw marker ('*** FIRST-DRAW ***')", "SHOWDOWN": "'*** SHOW DOWN ***'",
        "SUMMARY": "'*** SUMMARY ***'", "POST_SB": "a small blind post",
        "POST_BB": "a big blind post", "POST_ANTE": "an ante post",
        "POST_DEAD": "a dead blind post", "DEALT": "a 'Dealt to' line",
        "FOLD": "a fold", "CHECK": "a check", "CALL": "a call", "BET": "a bet",
        "RAISE": "a raise", "DISCARD": "a discard", "STAND_PAT": "a 'stands pat' line",
        "SHOW": "a show", "COLLECT": "a 'collected' line", "TOTAL": "the 'Total pot' line",
    }
