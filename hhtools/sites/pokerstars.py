"""PokerStars: Badugi, Triple Draw 2-7 Lowball, Single Draw 2-7 Lowball and 5 Card Draw, cash
and tournaments (grammars/pokerstars.lark).

Calls and raises give the chips added (raises also the total); the start time is the site's
local time with its zone, ET in brackets when the local zone is not ET.
"""

from __future__ import annotations

import re
from decimal import Decimal

from hhtools.core.cards import Card
from hhtools.core.games import Game
from hhtools.core.records import Pot, Seat, SeatResult, Tournament
from hhtools.core.vocabulary import CURRENCIES, BettingStructure, currencies, structure_words
from hhtools.sites.base import (
    _AMOUNTS,
    ZERO,
    HandBuilder,
    HandWords,
    LineError,
    LineToken,
    Site,
    Tables,
    column_of,
)
from hhtools.sites.classifier import Fields
from hhtools.sites.describe import LIST4, LIST5
from hhtools.sites.memo import LIMITS, keep, table
from hhtools.sites.values import card_count, check_room, seat_number, table_size

# Zones PokerStars prints, as IANA zones so daylight saving is applied by date.
ZONES = {"ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
         "CET": "Europe/Paris", "CEST": "Europe/Paris", "WET": "Europe/Lisbon",
         "WEST": "Europe/Lisbon", "GMT": "UTC", "UTC": "UTC", "BST": "Europe/London",
         "PT": "America/Los_Angeles", "MT": "America/Denver", "CT": "America/Chicago",
         "AT": "America/Halifax", "NT": "America/St_Johns", "BRT": "America/Sao_Paulo",
         "ART": "America/Argentina/Buenos_Aires", "EET": "Europe/Helsinki",
         "MSK": "Europe/Moscow", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai",
         "JST": "Asia/Tokyo", "AET": "Australia/Sydney", "AEST": "Australia/Sydney",
         "NZT": "Pacific/Auckland"}
#: The structure words PokerStars prints beside the game (its grammar's header lists the
#: same), the longest first: a word that ends or starts another is tried after it.
PRINTED_STRUCTURES = structure_words("Half Pot Limit", "Fixed Limit", "Pot Limit", "No Limit",
                                     "Limit")
#: The currency signs of its tournament summaries (grammars/pokerstars_summary.lark).
SUMMARY_CURRENCIES = currencies("$€£")
SIDE_POT = re.compile(r"(Main pot|Side pot(?:-([0-9]+))?) "
                      r"((?:[$€£₹¥]|Rs\. )?[0-9][0-9,]*(?:\.[0-9]+)?)\.")
# Single Draw 2-7 Lowball's summary says "folded before Flop".
FOLDED = re.compile(r"folded (?:before|after) (?:the |Flop).*")
# "showed ... and collected ($X) with" is a variant of "and won".
SHOWED = re.compile(r"showed \[([^\]]*)\] and (?:(?:won|collected) \(([^)]*)\)|lost) "
                    r"with (.*)")
MUCKED = re.compile(r"mucked \[([^\]]*)\]")
COLLECTED = re.compile(r"collected \(([^)]*)\)")


def sign_currency(amount: str) -> str | None:
    """The currency an amount's sign names ("Rs. " is rupees in their older spelling)."""
    return "INR" if amount.startswith("Rs. ") else CURRENCIES.get(amount[:1])


def pot_name(text: str) -> str:
    """``pot``/``main pot`` -> ``main``; ``side pot`` -> ``side 1``; ``side pot-2`` -> ``side 2``."""
    text = text.lower()
    if text in ("pot", "main pot"):
        return "main"
    number = text.partition("-")[2]
    return f"side {number or 1}"


class PokerStarsBuilder(HandBuilder):
    """Handlers for the PokerStars line terminals, in grammar order."""

    def on_HEADER(self, tok: LineToken, hand_id: str, tournament: str | None,
                  buy_in: str | None, buy_in_currency: str | None, mix: str | None, game: str,
                  structure: str, stakes: str | None, level: str | None,
                  level_stakes: str | None, date: str, zone: str | None,
                  et: str | None) -> None:
        self.hand_id = hand_id
        # Everything but the hand id and the time is the same for a session's hands: read
        # once per distinct game, stakes and tournament level (a tournament's buy-in sign is
        # read from the text, so it is part of the key).
        key = (tok.value[1:10], tok.text[tok.text.find(",") + 2:][:1] if tournament is not None else "")
        said = _HEADERS.get(key)
        if said is None:
            said = self._game_of(tok, tournament, buy_in, buy_in_currency, mix, game,
                                 structure, stakes, level, level_stakes)
            keep(_HEADERS, key, said, LIMITS.readings)
        (self.game, self.structure, mix, self.tournament, self.currency, self.small_bet,
         self.big_bet) = said
        self.mix = mix
        if date[10:13] == " - ":  # the 2008 form "2008/09/01 - 20:15:03 (ET)"
            date = date[:10] + date[12:]
        name = ZONES.get(zone or "ET")
        if name is None:
            if et is None:
                raise LineError(tok, f"unknown time zone {zone!r}", column_of(tok, zone or ""))
            date, name = et.removesuffix(" ET"), ZONES["ET"]
        self.set_time(tok, date, name)

    def _game_of(self, tok: LineToken, tournament: str | None, buy_in: str | None,
                 buy_in_currency: str | None, mix: str | None, game: str, structure: str,
                 stakes: str | None, level: str | None, level_stakes: str | None) -> _Header:
        """(game, structure, mix, tournament, currency, small bet, big bet) of a header."""
        self.set_game(tok, game, structure)
        if tournament is not None:
            self.tournament = self._tournament(tok, tournament, buy_in, buy_in_currency, level)
            self.currency = "chips"
            stakes = level_stakes
        if stakes is None:
            raise LineError(tok, "the header gives no stakes")
        # "$0.25/$0.50 USD", "Rs. 5/Rs. 10 INR", or no code at all.
        bets, _, currency = stakes.rpartition(" ")
        if not currency.isalpha():
            bets, currency = stakes, ""
        small, _, big = bets.partition("/")
        self.small_bet, self.big_bet = self.money(tok, small), self.money(tok, big)
        if tournament is None:
            self.currency = currency or sign_currency(small)
        return (self.game, self.structure, mix, self.tournament, self.currency,
                self.small_bet, self.big_bet)

    def _tournament(self, tok: LineToken, tournament: str, buy_in: str | None,
                    currency: str | None, level: str | None) -> Tournament:
        # A tournament's hands at one level share one (immutable) record.
        sign = tok.text[tok.text.find(",") + 2:][:1]
        key = (tournament, buy_in, currency, level, sign)
        record = _TOURNAMENTS.get(key)
        if record is None:
            cost = fee = bounty = None
            if buy_in is not None:
                # Two parts are the buy-in and the fee; three, the buy-in, the bounty and
                # the fee (a knockout); one, the buy-in alone.
                parts = [self.money(tok, p) for p in buy_in.split("+")]
                if len(parts) > 3:
                    raise LineError(tok, f"the buy-in {buy_in!r} has {len(parts)} parts: "
                                    "expected buy-in+fee or buy-in+bounty+fee",
                                    column_of(tok, buy_in))
                cost, fee = parts[0], parts[-1] if len(parts) > 1 else None
                bounty = parts[1] if len(parts) == 3 else None
                currency = currency or sign_currency(tok.text[tok.text.find(",") + 2:])
            elif tok.text[tok.text.find(",") + 2:].startswith("Freeroll"):
                cost = ZERO
            record = Tournament(tournament, cost, fee, currency, level, bounty)
            keep(_TOURNAMENTS, key, record, LIMITS.readings)
        return record

    def on_EV_FINISHED(self, tok: LineToken, player: str, place: str,
                       prize: str | None) -> None:
        self._finish(tok, player, place, prize)

    def on_EV_WINS_TOURNAMENT(self, tok: LineToken, player: str, prize: str | None) -> None:
        self._finish(tok, player, "1", prize)

    def _finish(self, tok: LineToken, player: str, place: str, prize: str | None) -> None:
        """A player's finish, kept as an event (hhtools.store.tournament_rows reads it back with
        this grammar); a place or prize that is no number costs the hand here, with the line
        named, rather than the store later."""
        if int(place) < 1:
            raise LineError(tok, f"{player} finishes in place {place}: expected 1 or more",
                            column_of(tok, place))
        if prize is not None:
            self.money(tok, prize)
        self.on_event(tok, player)

    def on_TABLE(self, tok: LineToken, table: str, max_seats: str | None, button: str) -> None:
        self.table = table
        self.max_seats = table_size(tok, max_seats) if max_seats else None
        self.button = seat_number(tok, button, where=f"#{button}")

    def on_SEAT(self, tok: LineToken, seat: str, player: str, stack: str,
                status: str | None) -> None:
        # A Seat record depends on the line's text alone, and the same seat lines recur from
        # hand to hand while stacks stay put: each is built once (records are immutable). The
        # checks stay in add_seat's order.
        record = _SEATS.get(tok.text)
        if record is None:
            status = status.strip() if status else None
            self.add_seat(tok, seat, player, stack, status is not None, status)
            keep(_SEATS, tok.text, self.seats[-1], LIMITS.readings)
            return
        if player in self.seated:
            raise LineError(tok, f"{player!r} is seated twice", column_of(tok, player))
        check_room(tok, len(self.seats), self.max_seats, player)
        number = record.seat
        if number in self.seat_numbers:
            raise LineError(tok, f"seat {number} is listed twice", column_of(tok, seat))
        self.seats.append(record)
        self.seated.add(player)
        self.seat_numbers.add(number)

    def on_POST_SB(self, tok: LineToken, player: str, amount: str, all_in: str | None) -> None:
        if "post_sb" in self.blinds:
            # A second small blind is a returning player's dead blind: in the pot, but no
            # part of anyone's call.
            value = self.money(tok, amount)
            self.post_with_dead(tok, player, "post_dead", ZERO, value, bool(all_in))
            return
        self.post(tok, player, "post_sb", amount, all_in)

    def on_POST_BB(self, tok: LineToken, player: str, amount: str, all_in: str | None) -> None:
        self.post(tok, player, "post_bb", amount, all_in)

    def on_POST_DEAD(self, tok: LineToken, player: str, amount: str,
                     all_in: str | None) -> None:
        self.post_small_and_big(tok, player, amount, all_in)

    def on_POST_ANTE(self, tok: LineToken, player: str, amount: str,
                     all_in: str | None) -> None:
        self.post(tok, player, "post_ante", amount, all_in)

    def on_EV_STRADDLE(self, tok: LineToken, player: str, amount: str,
                       all_in: str | None) -> None:
        self.skip(tok, "a straddle")

    def on_EV_SPLASH(self, tok: LineToken, amount: str) -> None:
        self.money(tok, amount)
        self.skip(tok, "site money added to the pot (STP)")

    def on_EV_CASH_OUT(self, tok: LineToken, player: str, amount: str, fee: str) -> None:
        self.money(tok, amount)
        self.money(tok, fee)
        self.skip(tok, "an all-in cash-out")

    def on_DEALING(self, tok: LineToken) -> None:
        pass

    def on_DEALT(self, tok: LineToken, player: str, cards: str, new: str | None) -> None:
        size = self.game.hand_size
        if self.street == "predraw":
            if new is not None:
                raise LineError(tok, "a second card list before the first draw",
                                column_of(tok, "[", last=True))
            hand = self.cards(tok, cards, size)
            if player not in self.seated:
                self.player(tok, player)
            self.hero = player
            self.hero_hand(tok, hand)
            return
        # "[kept] [new]", or a single list when every card was replaced.
        kept = self.cards(tok, cards) if new is not None else ()
        fresh = self.cards(tok, new if new is not None else cards)
        if player not in self.seated:
            self.player(tok, player)
        self.replaced(tok, player, kept, fresh, "[")

    # Its own fields (the raise and the total): handlers are called with the fields of their
    # grammar's terminal (HandBuilder.check_handlers), never through the shared signature.
    def on_RAISE(self, tok: LineToken, player: str, by: str, to: str,  # type: ignore[override]
                 all_in: str | None) -> None:
        if by not in _AMOUNTS:
            self.money(tok, by)  # read (and checked) though the total says it all
        value = _AMOUNTS.get(to) or self.money(tok, to)
        self.wager(tok, player, "raise", None, value, bool(all_in))

    def on_DISCARD(self, tok: LineToken, player: str, count: str, cards: str | None) -> None:
        if self.street == "predraw":
            self.new_street("draw1")  # a single draw game's draw, which has no marker
        # The hero's discards are listed ("[]" in a corrupt file means: not known).
        discarded = self.cards(tok, cards) if cards else None
        # A one-digit count is looked up: int() of a text costs a few times a dict's lookup.
        number = _DIGITS.get(count)
        if number is None:
            number = card_count(tok, count)
        self.draw(tok, player, number, discarded)

    def on_STAND_PAT(self, tok: LineToken, player: str, cards: str | None) -> None:
        if self.street == "predraw":
            self.new_street("draw1")
        self.draw(tok, player, 0, ())
        if cards is not None:
            self.hero_hand(tok, self.cards(tok, cards, self.game.hand_size))
        elif player == self.hero and self.hero_cards and self.hero_known:
            self.hero_hand(tok, self.hero_cards[-1].cards)

    def on_SHOW(self, tok: LineToken, player: str, cards: str, description: str | None) -> None:
        self.show(tok, player, "show", self.cards(tok, cards, self.game.hand_size), description)

    def on_MUCK(self, tok: LineToken, player: str) -> None:
        self.show(tok, player, "muck", None)

    def on_NO_SHOW(self, tok: LineToken, player: str) -> None:
        self.show(tok, player, "no_show", None)

    def on_UNCALLED(self, tok: LineToken, amount: str, player: str) -> None:
        self.return_uncalled(tok, player, amount)

    def on_COLLECT(self, tok: LineToken, player: str, amount: str, pot: str) -> None:
        self.collect(tok, player, amount, pot_name(pot))

    def on_CANCELLED(self, tok: LineToken) -> None:
        self.cancelled = True

    def on_TOTAL(self, tok: LineToken, total: str, pots: str, rake: str) -> None:
        self.total_pot = self.money(tok, total)
        self.rake = self.money(tok, rake)
        for m in SIDE_POT.finditer(pots):
            name = "main" if m[1] == "Main pot" else f"side {m[2] or 1}"
            self.pots.append(Pot(name, self.money(tok, m[3])))

    def on_SEAT_SUMMARY(self, tok: LineToken, seat: str, player: str, positions: str | None,
                        rest: str) -> None:
        # All but the line number depends on the line's text, and a session's summary lines
        # recur (the same players fold before the draw hand after hand): each is read once.
        said = _SEAT_RESULTS.get(tok.text)
        if said is None:
            said = self._seat_result(tok, seat, positions, rest)
        number, roles, outcome, won, cards, description = said
        if player not in self.seated:
            entry = self.summary_entry(tok, seat, player)
            if entry is None:
                return
            number, player = seat_number(tok, entry[0]), entry[1]
        self.seat_results.append(SeatResult(number, player, roles, outcome, rest, won,
                                            cards, description, None, None, tok.line))

    def _seat_result(self, tok: LineToken, seat: str, positions: str | None,
                     rest: str) -> _SeatSaid:
        """(seat, positions, outcome, amount won, cards, description) of a summary seat line,
        remembered for the next line with the same text."""
        roles = _ROLES.get(positions)
        if roles is None:
            roles = seat_roles(positions)
        words = _OUTCOMES.get(rest)
        outcome, cards, won, description = self.summary_words(
            tok, words if words is not None else summary_outcome(rest))
        said = (seat_number(tok, seat), roles, outcome, won, cards, description)
        return keep(_SEAT_RESULTS, tok.text, said, LIMITS.readings)


# The same few summary endings recur in every hand ("(button) folded before the Draw"): each
# is read once. These are emptied when full.
#: What a header says but for its hand id and time: (game, structure, mix, tournament,
#: currency, small bet, big bet).
_Header = tuple[Game, BettingStructure, str | None, Tournament | None, str | None, Decimal,
                Decimal]
#: A summary seat line's (seat, positions, outcome, amount won, cards, description).
_SeatSaid = tuple[int, tuple[str, ...], str, Decimal | None, tuple[Card, ...] | None,
                  str | None]
_ROLES: dict[str | None, tuple[str, ...]] = table("pokerstars positions")
_OUTCOMES: dict[str, tuple[str, str | None, str | None, str | None]] = table(
    "pokerstars summary endings")
_TOURNAMENTS: dict[tuple[str, str | None, str | None, str | None, str], Tournament] = table(
    "pokerstars tournaments")
_SEATS: dict[str, Seat] = table("pokerstars seats")
_SEAT_RESULTS: dict[str, _SeatSaid] = table("pokerstars summary seats")
_HEADERS: dict[tuple[Fields, str], _Header] = table("pokerstars headers")
_DIGITS = {str(n): n for n in range(10)}


def seat_roles(positions: str | None) -> tuple[str, ...]:
    """``" (button) (small blind)"`` -> ``("button", "small blind")``."""
    # Heads-up, one player can be "(small blind/button)".
    roles = (tuple(r for p in positions.split(")") if p.strip() for r in p.strip(" (").split("/"))
             if positions else ())
    return keep(_ROLES, positions, roles, LIMITS.readings)


def showed(rest: str) -> tuple[str, str | None, str] | None:
    """The groups of ``SHOWED.fullmatch(rest)`` (the cards, the amount won, the description),
    or None where it does not match: read by the ending's fixed words, as the regex reads it.
    A summary line that shows cards never recurs, and its regex costs some 2,500 instructions
    a call with its groups, several times these searches."""
    if not rest.startswith("showed ["):
        return None
    close = rest.find("]", 8)  # the cards: anything up to the first "]"
    if close < 0:
        return None
    won: str | None = None
    if rest.startswith("] and lost with ", close):
        at = close + 16
    else:
        if rest.startswith("] and won (", close):
            at = close + 11
        elif rest.startswith("] and collected (", close):
            at = close + 17
        else:
            return None
        end = rest.find(")", at)  # the amount: anything up to the first ")"
        if end < 0 or not rest.startswith(") with ", end):
            return None
        won = rest[at:end]
        at = end + 7
    description = rest[at:]
    if "\n" in description:  # (the regex's ".*" stops at a line feed)
        return None
    return rest[8:close], won, description


def summary_outcome(rest: str) -> tuple[str, str | None, str | None, str | None]:
    """What a summary seat line says after the name: (outcome, the cards' text, the amount won
    as written, the hand's description); the cards and amount are read by the builder, which
    can point at them when they are wrong."""
    cards: str | None = None
    won: str | None = None
    description: str | None = None
    # Each pattern starts with its first word: tested before its regex (a call that fails
    # costs about as much as one that matches).
    if rest[:7] == "folded " and FOLDED.fullmatch(rest):
        outcome = "folded"
    elif rest[:7] == "showed " and (shown := showed(rest)) is not None:
        outcome, cards, won, description = "showed", shown[0], shown[1] or None, shown[2]
    elif rest[:7] == "mucked " and (m := MUCKED.fullmatch(rest)):
        outcome, cards = "mucked", m[1]
    elif rest[:10] == "collected " and (m := COLLECTED.fullmatch(rest)):
        outcome, won = "collected", m[1]
    elif rest == "is sitting out":
        outcome = "sitting_out"
    else:
        outcome = "other"
    return keep(_OUTCOMES, rest, (outcome, cards, won, description), LIMITS.readings)


D = Decimal
#: What PokerStars histories record, and the tables they show (hhtools generate deals them).
TABLES = Tables(
    ("badugi", "2-7", "2-7-single-draw", "5-card-draw"), ("fixed-limit",),
    {"badugi": 8, "2-7": 6, "2-7-single-draw": 7, "5-card-draw": 6},
    ((D("0.10"), D("0.20"), D("0.05"), D("0.10"), None),
     (D("0.25"), D("0.50"), D("0.10"), D("0.25"), None),
     (D(1), D(2), D("0.50"), D(1), None), (D(5), D(10), D(2), D(5), None)),
    ((D("0.25"), D("0.50"), D("0.25"), D("0.50"), None),
     (D("0.50"), D(1), D("0.50"), D(1), None)),
    (D("0.05"), D(3)), ZONES["ET"], "USD",
    why="PokerStars histories of these games are Limit Badugi and Triple Draw 2-7 "
        "Lowball, No Limit Single Draw 2-7 Lowball and 5 Card Draw in Limit, Pot "
        "Limit and No Limit",
    game_structures={"2-7-single-draw": ("no-limit",),
                     "5-card-draw": ("fixed-limit", "pot-limit", "no-limit")})


#: How PokerStars words a shown hand: (Badugi: 8,4,3,A) (3-card: 9,2,A) (Lo: 9,7,6,4,2)
#: (Lo: a pair of Fives) (Lo: a straight, Four to Eight); 5 Card Draw, a high game, in the same
#: words without "Lo: " (a pair of Kings) (high card Queen) (a straight, Four to Eight).
HAND_WORDS: HandWords = (
    (rf"(?:a )?Badugi: ({LIST4})", "badugi"),
    (rf"(?:a )?([123])-card: ({LIST4})", "smaller_badugi"),
    (rf"Lo: ({LIST5})", "ranks"),
    (r"high card (\w+)", "high_card"),
    (r"(?:Lo: )?a pair of (\w+)", "pair"),
    (r"(?:Lo: )?two pair, (\w+) and (\w+)", "two_pair"),
    (r"(?:Lo: )?three of a kind, (\w+)", "trips"),
    (r"(?:Lo: )?a straight, \w+ to (\w+)", "straight"),
    (r"(?:Lo: )?a flush, (\w+) high", "flush"),
    (r"(?:Lo: )?a full house, (\w+) full of (\w+)", "full_house"),
    (r"(?:Lo: )?four of a kind, (\w+)", "quads"),
    (r"(?:Lo: )?a straight flush, \w+ to (\w+)", "straight_flush"),
)


class PokerStars(Site):
    """PokerStars hand histories."""

    name = "pokerstars"
    summary_every_seat = True
    summary_winners = True
    summary_total = True
    title = "PokerStars"
    grammar = "pokerstars"
    rule_profile = "pokerstars"
    hand_start = re.compile(r"PokerStars (?:Home Game |Zoom |Rush )?(?:Game|Hand) #([0-9]+):")
    # Archive exports put a row of stars between hands.
    banner = re.compile(r" ?\*{10,}\s*$")
    builder = PokerStarsBuilder
    tables = TABLES
    hand_words = HAND_WORDS
    descriptions = {
        "HEADER": "a 'PokerStars Game #...' header", "TABLE": "the 'Table ...' line",
        "SEAT": "a seat line ('Seat N: name ($X in chips)')",
        "SEAT_SUMMARY": "a summary seat line", "POST_SB": "a small blind post",
        "POST_BB": "a big blind post", "POST_DEAD": "a small and big blind post",
        "POST_ANTE": "an ante post", "DEALING": "'*** DEALING HANDS ***'",
        "DRAW": "a draw marker ('*** FIRST DRAW ***')", "SHOWDOWN": "'*** SHOW DOWN ***'",
        "SUMMARY": "'*** SUMMARY ***'", "DEALT": "a 'Dealt to' line", "FOLD": "a fold",
        "CHECK": "a check", "CALL": "a call", "BET": "a bet", "RAISE": "a raise",
        "DISCARD": "a discard", "STAND_PAT": "a 'stands pat' line", "SHOW": "a show",
        "MUCK": "a muck", "NO_SHOW": "a 'doesn't show hand' line",
        "UNCALLED": "an 'Uncalled bet' line", "COLLECT": "a 'collected' line",
        "CANCELLED": "'Hand cancelled'", "TOTAL": "the 'Total pot' line",
    }
