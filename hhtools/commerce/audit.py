"""Replay a game night under the rule text and audit it: ``audit_night(night) -> NightAudit``.

Deal by deal: the dealer, the chips in the pool and so the wild rank, the hands dealt, every
turn in order and in its phase, every card where the record moves it, the showdown (through
hhtools.commerce.compare), who takes or pays chips, who is out, La Viuda's purchase and the
game's end. Each finding's ``rule`` quotes the sentence of the text it rests on
(hhtools.commerce.table.RULE_TEXT). Chips move as the record says, so one wrong deal is one
finding, not a cascade: the finding says what the rules give instead.

The replay never raises on a bad night; everything is data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from functools import partial

from hhtools.auditing.findings import Finding
from hhtools.commerce.cards import JOKER, format_cards, wild_rank
from hhtools.commerce.compare import Comparison, compare
from hhtools.commerce.evaluate import PLURAL
from hhtools.commerce.games import get_commerce_game
from hhtools.commerce.holdings import Table
from hhtools.commerce.nightaudit import DealAudit, NightAudit
from hhtools.commerce.record import After, Deal, Night, Turn, read_night_file
from hhtools.commerce.table import RULE_TEXT, next_dealer, turn_order
from hhtools.core.cards import Card
from hhtools.core.words import plural
from hhtools.errors import CardMismatch, DuplicateCard, HHToolsError, RecordError, TieBreakError


def audit_night(night: Night) -> NightAudit:
    """The audit of a whole night (see the module docstring)."""
    return _Replay(night).run()


def audit_night_file(path: str) -> NightAudit | RecordError:
    """The audit of the night in a file, or why it cannot be read. A bug in hhtools costs that
    night only: it comes back as a RecordError asking to report it, never a traceback."""
    try:
        night = read_night_file(path)
    except RecordError as e:
        return e
    try:
        return audit_night(night)
    except Exception as e:  # noqa: BLE001 - see the docstring; the fuzz test asserts it never happens
        return RecordError(path, 1, 1, f"internal error while auditing this night "
                           f"({type(e).__name__}: {e}); please report it")


class _Replay:
    def __init__(self, night: Night):
        self.night = night
        self.game = get_commerce_game(night.game)
        self.viuda = night.game == "la-viuda"
        self.lowest = night.scoring == "lowest pays"
        self.seats = [(s.number, s.name) for s in night.seats]
        self.chips = {s.name: s.chips for s in night.seats}
        self.active = {s.name for s in night.seats}
        self.pool = 1 if self.viuda else 0  # La Viuda's extra chip starts in the pool
        # The ways the deal may still pass (clockwise or not); see check_dealer.
        self.deal_ways: tuple[bool, ...] = (False, True) if self.viuda else (True,)
        self.viuda_buyer: str | None = None
        self.viuda_paid: Decimal | None = None
        self.over_at: int | None = None  # the line of the deal that ended the game
        self.findings: list[Finding] = []  # the current deal's (or the night's)
        self.notes: list[str] = []
        self.steps: list[str] = []

    # -- findings --------------------------------------------------------------------------

    def find(self, kind: str, line: int, message: str, rule: str | None = None,
             expected: object = None, recorded: object = None) -> None:
        self.findings.append(Finding(kind, f"line {line}: {message}", line,
                                     None if expected is None else str(expected),
                                     None if recorded is None else str(recorded),
                                     RULE_TEXT.get(rule) if rule else None))

    def say(self, line: int | None, text: str) -> None:
        self.steps.append(f"line {line}: {text}" if line else text)

    # -- the night -------------------------------------------------------------------------

    def run(self) -> NightAudit:
        night = self.night
        self.say(None, self.opening())
        self.check_seats()
        night_findings, self.findings = self.findings, []
        night_steps, self.steps = self.steps, []
        deals = []
        previous = None
        for deal in night.deals:
            deals.append(self.deal(deal, previous))
            previous = deal.dealer
            self.findings, self.notes, self.steps = [], [], []
        if self.over_at is None:
            standing = ", ".join(f"{p} {plural(self.chips[p], 'chip')}"
                                 for _, p in sorted(self.seats) if p in self.active)
            night_notes = [f"the record ends before the game does; chips: {standing}"]
        else:
            night_notes = []
        return NightAudit(night, tuple(night_findings), tuple(deals), tuple(night_notes),
                          tuple(night_steps), dict(self.chips), self.money())

    def opening(self) -> str:
        n = self.night
        if self.viuda:
            rules = ("La Viuda: the worst hand pays a chip to the pool; wild: both jokers and "
                     "the rank the pool's chips give (1 chip: aces, 2: twos ... 13: kings, 14: "
                     "aces again); the La Viuda chip starts in the pool")
        elif self.lowest:
            rules = ("Whisky Poker, alternative scoring: the lowest hand pays a chip; the "
                     "first player to lose all their chips loses the game")
        else:
            rules = ("Whisky Poker: each player puts a chip in the pool before each deal and "
                     "the best hand takes the pool")
        seats = ", ".join(f"{s.name} (seat {s.number}, {plural(s.chips, 'chip')})"
                          for s in sorted(n.seats, key=lambda s: s.number))
        chip = f"; a chip is worth {n.money(n.chip)}" if n.chip is not None else ""
        title = f": {n.title}" if n.title else ""
        return f"{self.game.title} night{title}. {rules}{chip}. Seats: {seats}."

    def check_seats(self) -> None:
        counts = {s.chips for s in self.night.seats}
        if self.viuda and len(counts) > 1:
            first = self.night.seats[0]
            for s in self.night.seats[1:]:
                if s.chips != first.chips:
                    self.find("illegal_action", s.line, f"{s.name} buys {s.chips} chips, "
                              f"{first.name} {first.chips}", "equal-chips", first.chips, s.chips)
        if len(self.night.seats) < 2:
            self.find("out_of_game", self.night.seats[0].line, "a game needs two players at least")
        # Every player's five cards and the widow's five come out of one pack: 9 players at most.
        most = len(self.game.deck) // 5 - 1
        if len(self.night.seats) > most:
            seats = len(self.night.seats)
            self.find("out_of_game", self.night.seats[most].line, f"{seats} players: their hands "
                      f"and the widow need {5 * (seats + 1)} cards, the pack has "
                      f"{len(self.game.deck)}; {most} players at most", "players", most, seats)

    def money(self) -> Decimal | None:
        """All the money paid for chips (and for La Viuda): what the game's winner collects."""
        chip = self.night.chip
        if chip is None:
            return None
        total = sum(s.chips for s in self.night.seats) * chip
        return total + (self.viuda_paid or 0)

    # -- one deal --------------------------------------------------------------------------

    def deal(self, deal: Deal, previous: str | None) -> DealAudit:
        clockwise = self.game.clockwise
        if self.over_at is not None:
            self.find("out_of_game", deal.line, f"the game ended at line {self.over_at}: no deal "
                      "comes after it", "game-end" if not self.lowest else "whisky-loser")
        # Whisky Poker's pool: one chip from each player still in, before the deal.
        if not self.viuda and not self.lowest:
            for p in self.active:
                self.chips[p] -= 1
            self.pool += len(self.active)
        if previous is None:
            self.say(deal.line, f"Deal {deal.number}: {deal.dealer} deals (the first dealer is "
                     "chosen by drawing cards; the record does not show the draw).")
        else:
            self.check_dealer(deal, previous)
        if deal.dealer not in self.active:
            self.find("out_of_game", deal.line, f"{deal.dealer} is out of the game and cannot deal",
                      "out")
        wild = self.check_pool(deal)
        order = turn_order(self.seats, self.active, deal.dealer, clockwise)
        table = self.deal_cards(deal)
        hands = "; ".join(f"{p} {_cards_text(deal.hands[p][0])}" for p in order if p in deal.hands)
        way = "left), then clockwise" if clockwise else "right), then counter-clockwise"
        self.say(deal.widow_line, f"Dealt: {hands}; the widow {_cards_text(deal.widow)} face "
                 f"down. {(order or ['Nobody'])[0]} plays first (the dealer's {way}.")
        self.play(deal, order, table)
        result = self.showdown(deal, table, wild)
        self.settle(deal, result)
        return DealAudit(deal.number, deal.line, deal.dealer, self.pool_at_deal, wild,
                         tuple(self.findings), tuple(self.notes), tuple(self.steps), result)

    def check_dealer(self, deal: Deal, previous: str) -> None:
        """The deal passes to the next player still in: Whisky Poker to the left; La Viuda to
        the right or to the left (see table.CHOICES), the first deal that tells them apart
        fixing the way for the night."""
        expected = {w: next_dealer(self.seats, self.active, previous, w) for w in self.deal_ways}
        fits = tuple(w for w in self.deal_ways if expected[w] == deal.dealer)
        if fits and len(set(expected.values())) > 1:
            self.deal_ways = fits
        clockwise = (fits or self.deal_ways)[0]
        way = "left" if clockwise else "right"
        either = "; La Viuda's deal may pass either way" if self.viuda and clockwise else ""
        self.say(deal.line, f"Deal {deal.number}: {deal.dealer} deals (the deal passes to the "
                 f"{way}: after {previous}, {expected[clockwise]}{either}).")
        if not fits:
            self.find("wrong_dealer", deal.line, f"{deal.dealer} deals, but the deal passes "
                      f"to the {way}: from {previous} to {expected[clockwise]}",
                      "dealer-viuda" if self.viuda else "dealer-whisky", expected[clockwise],
                      deal.dealer)

    def check_pool(self, deal: Deal) -> str | None:
        self.pool_at_deal = self.pool
        if deal.pool != self.pool:
            why = ("one chip from each player still in, and what the last deal left"
                   if not self.viuda and not self.lowest else "the chips paid so far")
            self.find("pool_mismatch", deal.pool_line, f"the pool holds {plural(self.pool, 'chip')} "
                      f"({why}), not {deal.pool}", "ante" if not self.viuda else "viuda-pool",
                      self.pool, deal.pool)
        if not self.viuda:
            self.say(deal.pool_line, f"Pool: {plural(self.pool, 'chip')}. No wild cards.")
            return None
        if self.pool < 1:  # only after purchases the rules refused, each found already
            self.notes.append(f"the pool holds {self.pool} chips, so no rank is wild by the rules")
            return None
        wild = wild_rank(self.pool)
        self.say(deal.wild_line, f"Pool: {plural(self.pool, 'chip')}, so {PLURAL[wild]} are wild "
                 f"(and both jokers).")
        # A La Viuda deal without its Wild line is refused when the record is read.
        assert deal.wild is not None and deal.wild_line is not None
        if deal.wild != wild:
            self.find("wild_mismatch", deal.wild_line, f"{plural(self.pool, 'chip')} in the pool make "
                      f"{PLURAL[wild]} wild, not {PLURAL[deal.wild]}", "wild", wild, deal.wild)
        return wild

    def deal_cards(self, deal: Deal) -> Table:
        table = Table(self.game.deck)
        for p in sorted(self.active - set(deal.hands), key=self.seat_number):
            self.find("out_of_game", deal.line, f"{p} is still in the game but is dealt no hand",
                      "deal")
        for p, (cards, line) in deal.hands.items():
            if p not in self.active:
                self.find("out_of_game", line, f"{p} is out of the game but is dealt a hand", "out")
            self.place(table, p, cards, line)
        self.place(table, "widow", deal.widow, deal.widow_line)
        return table

    def place(self, table: Table, owner: str, cards: Sequence[Card | None], line: int) -> None:
        try:
            table.deal(owner, cards)
        except DuplicateCard as e:
            table.deal(owner, [None] * len(cards))
            self.find("duplicate_card", line, str(e),
                      "pack-viuda" if self.viuda else "pack-whisky")

    def seat_number(self, name: str) -> int:
        return self.night.seat_of[name]

    # -- the play --------------------------------------------------------------------------

    def play(self, deal: Deal, order: list[str], table: Table) -> None:
        """Every turn: its player, its phase, its cards."""
        phase, at, knocker, ended = 1, 0, None, False
        turn_up_due = False
        dealt = [p for p in order if p in deal.hands]
        for turn in deal.turns:
            if turn.kind == "turned_up":
                if not turn_up_due:
                    self.find("widow_phase", turn.line, "the widow is turned up only when the dealer "
                              "passes or knocks and nobody has exchanged", "turn-up")
                else:
                    shown = turn.takes or ()
                    self.move(table, turn.line, partial(table.reveal, "widow", shown), "turn-up")
                    self.say(turn.line, f"The widow is turned face up: {_cards_text(shown)}.")
                turn_up_due = False
                continue
            turn_up_due = False
            player = turn.by
            if player not in dealt:
                self.find("out_of_turn", turn.line, f"{player} has no hand in this deal", "out")
                continue
            if ended:
                self.find("out_of_turn", turn.line, f"play ended when the turn came back to "
                          f"{knocker}, who knocked", "last-turns")
            elif player != dealt[at]:
                self.find("out_of_turn", turn.line, f"it is {dealt[at]}'s turn, not {player}'s",
                          "order-whisky" if self.game.clockwise else "order-viuda",
                          dealt[at], player)
            at = dealt.index(player) if player in dealt else at
            phase, first_knock = self.action(turn, phase, knocker, table)
            if first_knock:
                knocker = player
            if phase == 1 and player == deal.dealer and turn.kind in ("pass", "knock"):
                # The dealer's turn with nobody having exchanged: the widow goes face up.
                phase, turn_up_due = 2, True
            at = (at + 1) % len(dealt)
            if knocker is not None and dealt[at] == knocker:
                ended = True
        if deal.turns and not ended:
            if knocker is None:
                self.find("out_of_turn", deal.showdown_line, "the showdown comes before anyone "
                          "knocked", "last-turns")
            else:
                self.find("out_of_turn", deal.showdown_line, f"the showdown comes before "
                          f"{dealt[at]} had their last turn ({knocker} knocked)", "last-turns")
        elif not deal.turns:
            self.find("out_of_turn", deal.showdown_line, "the showdown comes before anyone "
                      "played", "last-turns")

    def action(self, turn: Turn, phase: int, knocker: str | None, table: Table
               ) -> tuple[int, bool]:
        """Check one player's action in its phase and move its cards: the phase after it,
        and whether it is the first knock."""
        p, kind, line = turn.by, turn.kind, turn.line
        if kind == "pass":
            if phase == 2 and knocker is None:
                self.find("illegal_action", line, f"{p} passes, but with the widow face up a player "
                          "exchanges one card, exchanges five or knocks", "phase-2")
            self.say(line, f"{p} passes" + (" (keeps their cards on their last turn)."
                                            if knocker else "."))
            return phase, False
        if kind == "knock":
            if knocker is None:
                self.say(line, f"{p} knocks: play ends before {p}'s next turn; every other player "
                         "has one more turn.")
                return phase, True
            self.say(line, f"{p} knocks too (keeps their cards).")
            return phase, False
        if kind == "exchange_one":
            if phase == 1:
                self.find("illegal_action", line, f"{p} exchanges one card, but the widow is still "
                          "face down: the options are pass, exchange the whole hand, or knock",
                          "phase-1")
            # The grammar writes one card on each side (?? when not seen).
            give = turn.gives[0] if turn.gives else None
            take = turn.takes[0] if turn.takes else None

            self.move(table, line, lambda: table.exchange(p, give, take), "exchange-one")
            self.say(line, f"{p} exchanges {give or 'a card'} for {take or 'a card'} from the widow.")
            return phase, False
        # exchange all: the hand goes to the table face up, the widow to the player
        if turn.gives is not None:
            self.move(table, line, partial(table.reveal, p, turn.gives), "exchange-all")
        if turn.takes is not None:
            self.move(table, line, partial(table.reveal, "widow", turn.takes), "exchange-all")
        table.swap(p, "widow")
        self.say(line, f"{p} exchanges the whole hand for the widow"
                 + (" (unseen: the widow was face down); the second phase begins, the "
                    "discarded hand face up as the new widow." if phase == 1 else "."))
        return 2, False

    def move(self, table: Table, line: int, do: Callable[[], None], rule: str) -> None:
        """Move or reveal cards; a card not where the record says is a finding under ``rule``."""
        try:
            do()
        except CardMismatch as e:
            self.find("card_mismatch", line, str(e), rule)
        except DuplicateCard as e:
            self.find("duplicate_card", line, str(e), "pack-viuda" if self.viuda else "pack-whisky")

    # -- the showdown ----------------------------------------------------------------------

    def showdown(self, deal: Deal, table: Table, wild: str | None) -> Comparison | None:
        """Reveal the hands shown and compare them; None when a hand stays unknown."""
        shows = [a for a in deal.after if a.kind == "shows"]
        for a in shows:
            if a.player not in table.holdings:
                self.find("out_of_game", a.line, f"{a.player} has no hand in this deal", "out")
                continue
            self.move(table, a.line, partial(table.reveal, a.by, a.cards), "showdown")
        players = [p for p in deal.hands if p in self.active]
        held = {p: table.cards(p) for p in players}
        hands = {p: cards for p, cards in held.items() if cards is not None}
        unknown = [p for p in held if p not in hands]
        if unknown:
            self.notes.append(f"{', '.join(unknown)}: the hand at the showdown is not fully known, "
                              "so the result cannot be checked")
            self.say(deal.showdown_line, "Showdown: not every hand is known.")
            return None
        # A drawn card written ?? was drawn but not noted: as if not written (unverifiable).
        drawn = [a for a in deal.after if a.kind == "drawn" and a.cards[0] is not None]
        rounds: list[dict[str, Card]] = []
        for a in deal.after:
            if a.kind == "manotazo":
                known = {p: c for p, c in a.draws if c is not None}
                if len(known) < len(a.draws):
                    break  # a card drawn but not noted: this round and the next are unknown
                rounds.append(known)
        before = len(self.findings)
        for a in drawn:
            card = a.cards[0]
            assert card is not None  # the unnoted ones are left out above
            self.move(table, a.line, partial(table.check_new, card, "the deck"), "drawn")
        if len(self.findings) > before:  # a drawn card held by a player: found, not used
            drawn = []
        for a in drawn[:-1]:
            if a.cards[0] != JOKER:
                self.find("illegal_action", a.line, f"{_cards_text(a.cards)} has a colour, so it "
                          "decides: another card is drawn only after a joker", "drawn")
        try:
            result = compare(self.game, hands, wild, drawn[-1].cards[0] if drawn else None,
                             rounds or None)
        except TieBreakError as e:
            manotazo = [a for a in deal.after if a.kind == "manotazo"]
            line = (drawn or manotazo or shows)[0].line
            self.find("card_mismatch", line, str(e), "drawn" if drawn else "manotazo")
            result = compare(self.game, hands, wild)
        except HHToolsError as e:  # a card twice among the hands: found above already
            self.notes.append(f"the hands cannot be compared: {e}")
            return None
        self.say(deal.showdown_line, "Showdown:")
        for text in result.render().splitlines():
            self.say(None, "  " + text)
        for a in drawn[:-1]:
            if a.cards[0] == JOKER:
                self.say(a.line, "A joker was drawn from the deck first: it has no colour, so "
                         "another card was drawn.")
        return result

    # -- chips -----------------------------------------------------------------------------

    def settle(self, deal: Deal, result: Comparison | None) -> None:
        after = deal.after
        takes: Counter[str] = Counter()
        pays: Counter[str] = Counter()
        for a in after:
            if a.kind == "takes":
                takes[a.by] += a.count
            elif a.kind == "pays":
                pays[a.by] += a.count
        before = len(self.findings)
        self.check_result(deal, result, takes, pays)
        # The hands are described only when the chips moved by the rules.
        values = result.values if result is not None and len(self.findings) == before else None
        pool = self.pool
        for p, n in takes.items():
            self.chips[p] += n
            self.pool -= n
            why = (f": the best hand{' (shared)' if len(takes) > 1 else ''}, "
                   f"{values[p].description}" if values else "")
            self.say(_line_of(after, "takes", p), f"{p} takes {plural(n, 'chip')} of the "
                     f"{plural(pool, 'chip')} in the pool{why}.")
        for p, n in pays.items():
            self.chips[p] -= n
            self.pool += n
            why = (f" because theirs is the {'lowest' if self.lowest else 'worst'} hand, "
                   f"{values[p].description}" if values else "")
            self.say(_line_of(after, "pays", p), f"{p} pays {plural(n, 'chip')} to the pool{why} "
                     f"({p} has {plural(self.chips[p], 'chip')} left; the pool {self.pool}).")
        self.eliminate(deal)

    def check_result(self, deal: Deal, result: Comparison | None, takes: Counter[str],
                     pays: Counter[str]) -> None:
        line = next((a.line for a in deal.after if a.kind in ("takes", "pays")),
                    deal.after[-1].line if deal.after else deal.showdown_line)
        if not self.viuda and not self.lowest:
            if pays:
                self.find("payer_mismatch", _line_of(deal.after, "pays", next(iter(pays))),
                          "with pool scoring nobody pays a chip after the showdown", "best-takes",
                          "nobody", ", ".join(pays))
            if result is None:
                return
            best = result.best
            share, left = divmod(self.pool, len(best))
            expected = {p: share for p in best}
            # The text does not split a pool between tied hands: the chips that do not divide
            # may stay in the pool or go one each to some of the tied players.
            odd_given = (set(takes) == set(best) and sum(takes.values()) == self.pool
                         and all(n in (share, share + 1) for n in takes.values()))
            if dict(takes) != expected and not odd_given:
                kind = "winner_mismatch" if set(takes) != set(best) else "amount_mismatch"
                self.find(kind, line, f"the best hand ({_names(best)}) takes the pool of "
                          f"{plural(self.pool, 'chip')}"
                          + (f", {share} each, {left} left in the pool or given one each"
                             if left else f", {share} each" if len(best) > 1 else ""),
                          "best-takes", _amounts(expected), _amounts(takes) or "nobody")
            return
        if takes:
            self.find("winner_mismatch", _line_of(deal.after, "takes", next(iter(takes))),
                      "nobody takes chips from the pool in this game: the "
                      + ("lowest" if self.lowest else "worst") + " hand pays one",
                      "lowest-pays" if self.lowest else "worst-pays", "nobody", _amounts(takes))
        if result is None:
            return
        rule = "lowest-pays" if self.lowest else "worst-pays"
        worst = result.worst
        if result.pending:
            words = result.pending_words() or result.pending
            if all(p in worst for p in pays) and sum(pays.values()) == 1:
                self.notes.append(f"{_names(worst)} tie for the worst hand and the record does not "
                                  f"give the cards that settle it: {words}")
                return
            owed = f"one of {_names(worst)}"
        elif self.lowest:
            owed = _amounts({p: 1 for p in worst})
        else:
            owed = _amounts({worst[0]: 1})
        if self.lowest and not result.pending:
            ok = dict(pays) == {p: 1 for p in worst}
        elif result.pending:
            ok = False
        else:
            ok = dict(pays) == {worst[0]: 1}
        if not ok:
            kind = ("amount_mismatch" if set(pays) == set(worst) and not result.pending
                    else "payer_mismatch")
            self.find(kind, line, f"the {'lowest' if self.lowest else 'worst'} hand "
                      f"({_names(worst)}) pays one chip", rule, owed, _amounts(pays) or "nobody")

    def eliminate(self, deal: Deal) -> None:
        """Who ran out of chips this deal: out, or (La Viuda) buying La Viuda; the game's end."""
        after = deal.after
        ran_out = [p for p in deal.hands if p in self.active and self.chips[p] <= 0]
        buys = [a for a in after if a.kind == "buys"]
        bought_now = set()
        declined = {a.by: a.line for a in after if a.kind == "declines"}
        for a in buys:
            before = len(self.findings)
            if self.viuda_buyer is not None:
                self.find("viuda_purchase", a.line, f"La Viuda was bought already, by "
                          f"{self.viuda_buyer}", "viuda-once")
            elif a.by in declined:
                self.find("viuda_purchase", a.line, f"{a.by} declined La Viuda (line "
                          f"{declined[a.by]}): the option has passed on", "viuda-passes")
            elif a.by not in ran_out:
                why = ("still has chips" if self.chips[a.by] > 0 and a.by in self.active
                       else "did not lose their chips in this deal")
                self.find("viuda_purchase", a.line, f"{a.by} {why}: La Viuda is bought only "
                          "immediately after losing one's original chips", "viuda-once")
            price = 2 * self.night.chip if self.night.chip is not None else None
            if price is not None and a.amount != price:
                self.find("amount_mismatch", a.line, f"La Viuda costs twice a chip: {price}",
                          "viuda-price", price, a.amount)
            if self.viuda_buyer is None:
                self.viuda_buyer, self.viuda_paid = a.by, a.amount
            self.chips[a.by] += 1
            self.pool -= 1
            self.active.add(a.by)
            bought_now.add(a.by)
            verdict = ("by the rules: they have just lost their original chips and nobody had "
                       "bought it" if len(self.findings) == before else
                       "against the rules (see below)")
            self.say(a.line, f"{a.by} buys La Viuda for {self.night.money(a.amount)}, "
                     f"{verdict}. The money goes to the game's winner; {a.by} plays on with "
                     f"one chip, and the pool stays at {plural(self.pool, 'chip')}, so the wild "
                     "rank stays the same.")
        for a in after:
            if a.kind == "declines":
                if a.by not in ran_out or self.viuda_buyer not in (None, a.by):
                    self.find("viuda_purchase", a.line, f"{a.by} has no option to buy La "
                              "Viuda now", "viuda-passes")
                else:
                    self.say(a.line, f"{a.by} declines La Viuda: the option passes to the next "
                             "player who runs out of chips.")
        out_lines = {a.by: a.line for a in after if a.kind == "out"}
        if self.lowest:
            gone = set()
        else:
            gone = {p for p in ran_out if p not in bought_now}
        # "X wins the game" with X the last player in says the others are out.
        left = self.active - gone
        won = len(left) == 1 and any(a.kind == "wins" and a.by in left for a in after)
        for p in sorted(gone, key=self.seat_number):
            if p not in out_lines and won:
                self.say(None, f"{p} has lost all their chips and is out of the game.")
            elif p not in out_lines:
                self.find("elimination_mismatch", deal.showdown_line, f"{p} has lost all their "
                          "chips and is out of the game; the record does not say so", "out",
                          f"{p} is out", "nothing")
            else:
                self.say(out_lines[p], f"{p} has lost all their chips and is out of the game"
                         + (" (La Viuda was bought already)." if self.viuda and self.viuda_buyer
                            else "."))
        for p, line in out_lines.items():
            if p not in gone:
                self.find("elimination_mismatch", line, f"{p} still has "
                          f"{plural(self.chips[p], 'chip')}" if self.chips[p] > 0 else
                          f"{p} stays in the game", "out", f"{p} plays on", f"{p} is out")
        self.active -= gone
        self.game_end(deal, ran_out)

    def game_end(self, deal: Deal, ran_out: list[str]) -> None:
        after = deal.after
        ends = [a for a in after if a.kind in ("wins", "loses")]
        if self.lowest:
            if ran_out and self.over_at is None:
                self.over_at = deal.line
                self.say(None, f"{_names(ran_out)} lost all their chips: the game is over.")
            expected = set(ran_out)
            recorded = {a.by for a in ends if a.kind == "loses"}
            for a in ends:
                if a.kind == "wins":
                    self.find("winner_mismatch", a.line, "with the lowest hand paying, the game "
                              "has a loser, not a winner", "whisky-loser")
            if recorded and recorded != expected:
                self.find("winner_mismatch", ends[0].line, "the first player to lose all their "
                          "chips loses the game", "whisky-loser", ", ".join(sorted(expected)) or
                          "nobody yet", ", ".join(sorted(recorded)))
            for a in ends:
                if a.kind == "loses" and a.by in expected:
                    self.say(a.line, f"{a.by} loses the game and pays for the whisky.")
            return
        left = [p for _, p in sorted(self.seats) if p in self.active]
        if len(left) == 1 and self.over_at is None:
            self.over_at = deal.line
        for a in ends:
            if a.kind == "loses":
                self.find("winner_mismatch", a.line, "this game has a winner, who collects the "
                          "money paid for chips", "game-end")
                continue
            if len(left) != 1 or a.by != left[0]:
                self.find("winner_mismatch", a.line, f"the game goes on while "
                          f"{_names(left)} have chips" if len(left) > 1 else
                          f"{left[0]} is the last player with chips" if left else
                          "no player has chips left", "game-end",
                          left[0] if len(left) == 1 else "nobody yet", a.by)
                continue
            money = self.money()
            if a.amount is not None and money is not None and a.amount != money:
                self.find("amount_mismatch", a.line, f"the winner collects all the money paid for "
                          f"chips{' and La Viuda' if self.viuda_paid else ''}: {money}",
                          "game-end", money, a.amount)
            self.say(a.line, f"{a.by} is the last player with chips and wins the game"
                     + (f", collecting {self._money_words()}." if money is not None else "."))

    def _money_words(self) -> str:
        chips = sum(s.chips for s in self.night.seats)
        money = self.night.money
        words = f"{money(self.money())} ({chips} chips at {money(self.night.chip)}"
        if self.viuda_paid:
            words += f", and {money(self.viuda_paid)} paid for La Viuda by {self.viuda_buyer}"
        return words + ")"


def _cards_text(cards: Iterable[Card | None]) -> str:
    """Cards as written, ``??`` for one not seen."""
    return " ".join("??" if c is None else format_cards((c,)) for c in cards)


def _line_of(after: Iterable[After], kind: str, player: str) -> int:
    return next(a.line for a in after if a.kind == kind and a.player == player)


def _names(players: Iterable[str]) -> str:
    names = [str(p) for p in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _amounts(values: Mapping[str, object]) -> str:
    return ", ".join(f"{p} {n}" for p, n in values.items())
