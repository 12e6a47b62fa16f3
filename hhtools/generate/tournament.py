"""A whole sit & go, dealt to the end: the generator's tournament (``hhtools generate
--tournament``).

Every entrant starts with the same chips at one table; the limits rise every
``hands_per_level`` hands (the levels of PokerStars' Limit Badugi sit & go); the button moves
to the next player still in; a player left without chips is eliminated, and the hand prints
it as PokerStars does (``P finished the tournament in 5th place``, ``... in 3rd place and
received $1.80.``, ``P wins the tournament and receives $4.50 - congratulations!``). The
prize pool is the buy-ins (the fees are the site's), paid to the top places. Each hand is
dealt by the generator's own dealer (hhtools.generate.dealer), so each is legal by
construction, and the chips in play never change.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from hhtools.core.collector import collector_paused
from hhtools.core.games import get_game
from hhtools.core.outputs import replacing
from hhtools.core.records import Event, Seat, Tournament
from hhtools.core.vocabulary import SIGNS, STRUCTURE_NAMES
from hhtools.core.words import ordinal
from hhtools.errors import HHToolsError
from hhtools.generate.dealer import NAMES, Deal, Dealer, _Player
from hhtools.generate.sites import check_supported
from hhtools.generate.writers import FILE_ENCODING, stream
from hhtools.generate.writers.pokerstars import GAME_NAMES

D = Decimal
#: (small bet, big bet) of each level: those of PokerStars' Limit Badugi sit & go, then
#: doubling.
LEVELS = ((D(20), D(40)), (D(30), D(60)), (D(50), D(100)), (D(100), D(200)), (D(150), D(300)),
          (D(200), D(400)), (D(300), D(600)), (D(400), D(800)), (D(600), D(1200)),
          (D(800), D(1600)), (D(1000), D(2000)), (D(1500), D(3000)), (D(2000), D(4000)),
          (D(3000), D(6000)), (D(4000), D(8000)), (D(6000), D(12000)))
#: The sites whose tournament histories hhtools writes.
SITES = ("pokerstars",)
#: How many hands a tournament may last before the generator gives up: far more than the
#: levels need to leave one player with every chip.
MAX_HANDS = 5000


def payouts(entrants: int) -> tuple[int, ...]:
    """Each paid place's share of the prize pool, in %: PokerStars' sit & go structure (one
    table of 7 to 10 pays three places, of 4 to 6 two, fewer the winner alone)."""
    if entrants >= 7:
        return (50, 30, 20)
    if entrants >= 4:
        return (65, 35)
    return (100,)


@dataclass(frozen=True)
class Finish:
    """What the generator decided for one entrant: the place and the prize (0 out of the
    money)."""

    player: str
    place: int
    prize: Decimal


class TournamentDealer(Dealer):
    """Deals the hands of one sit & go, hand after hand, until one player has every chip."""

    hand_kind = "tournament"

    def __init__(self, site: str, game: str, seed: int = 0, entrants: int = 6,
                 chips: Decimal = D(1500), hands_per_level: int = 10,
                 buy_in: Decimal = D("1.00"), fee: Decimal = D("0.20")):
        table = check_supported(site, game, "fixed-limit")
        if table.name not in SITES:
            raise HHToolsError(f"tournaments are generated for {', '.join(SITES)} only, "
                               f"not {table.name}")
        most = table.max_seats[game]
        if not 2 <= entrants <= most:
            raise HHToolsError(f"a {game} sit & go at {table.title} seats 2 to {most} players, "
                               f"not {entrants}")
        if hands_per_level < 1 or chips < 1:
            raise HHToolsError("give at least one hand per level and one chip")
        # No rake in a tournament: the fee is taken with the buy-in.
        super().__init__(replace(table, rake=(D(0), D(0))), game,
                         "fixed-limit", seed, (entrants, entrants))
        self.unit = D(1)
        self.hands_per_level = hands_per_level
        self.buy_in, self.fee = buy_in, fee
        self.currency = table.currency
        #: The sign of the buy-ins and prizes (hhtools.core.vocabulary.SIGNS).
        self.sign = SIGNS[self.currency] if self.currency else ""
        self.id = str(300_000_000 + zlib.crc32(f"{game}/{seed}".encode()) % 100_000_000)
        self.table_name = f"{self.id} 1"
        names = ["Hero"] + self.rng.sample(NAMES[1:], entrants - 1)
        self.rng.shuffle(names)
        self.seated = [_Player(name, seat, D(chips), self.rng.uniform(0.2, 0.9),
                               self.rng.uniform(0.2, 0.9))
                       for seat, name in enumerate(names, 1)]
        self.entrants = entrants
        self.pool = buy_in * entrants
        self.finishes: list[Finish] = []
        self._button: int | None = None

    def _prize(self, place: int) -> Decimal:
        shares = payouts(self.entrants)
        if place > len(shares):
            return D(0)
        return (self.pool * shares[place - 1] / 100).quantize(D("0.01"))

    def _seat_players(self) -> tuple[list[_Player], list[Seat], int]:
        players = [p for p in self.seated if p.stack > 0]
        for p in players:
            p.cards = []
        seats = [p.seat for p in players]
        if self._button is None:
            self._button = seats[self.rng.randrange(len(seats))]
        else:
            self._button = next((s for s in seats if s > self._button), seats[0])
        return players, [Seat(p.seat, p.name, p.stack) for p in players], self._button

    @property
    def over(self) -> bool:
        """Whether one player has every chip."""
        return sum(p.stack > 0 for p in self.seated) <= 1

    def deal(self) -> Deal:
        """Play the tournament's next hand, at the level its number gives."""
        level = min(self.count // self.hands_per_level, len(LEVELS) - 1)
        small, big = LEVELS[level]
        self.stakes = (small, big, small / 2, small, None)
        self.tournament = Tournament(self.id, self.buy_in, self.fee, self.currency,
                                     _roman(level + 1))
        deal = super().deal()
        starting = {p.name: p.stack for p in self.seated if p.stack > 0}
        for p in self.seated:
            if p.name in deal.nets:
                p.stack += deal.nets[p.name]
        # Players knocked out in one hand: the one who started it with more chips finishes
        # higher (PokerStars' rule), the worse place printed first.
        out = sorted((p for p in self.seated if p.name in starting and p.stack == 0),
                     key=lambda p: (starting[p.name], -p.seat))
        left = sum(p.stack > 0 for p in self.seated)
        events = []
        for place, p in zip(range(left + len(out), left, -1), out):
            events.append(self._finished(p.name, place))
        if left == 1:
            winner = next(p for p in self.seated if p.stack > 0)
            events.append(self._finished(winner.name, 1))
        if events:
            hand = replace(deal.hand, events=deal.hand.events + tuple(events))
            deal = replace(deal, hand=hand)
        return deal

    def _finished(self, player: str, place: int) -> Event:
        prize = self._prize(place)
        self.finishes.append(Finish(player, place, prize))
        money = f"{self.sign}{prize}"
        if place == 1:
            text = f"{player} wins the tournament and receives {money} - congratulations!"
            return Event("wins_tournament", player, text, 0)
        text = f"{player} finished the tournament in {ordinal(place)} place"
        if prize:
            text += f" and received {money}."
        return Event("finished", player, text, 0)

    def play(self) -> Iterator[Deal]:
        """Every hand of the tournament, to the last."""
        while not self.over:
            if self.count >= MAX_HANDS:
                raise HHToolsError(f"the tournament lasted over {MAX_HANDS} hands")
            yield self.deal()


def write_tournament(path: str | Path, site: str, game: str, *, seed: int = 0,
                     entrants: int = 6, hands_per_level: int = 10,
                     summary: str | Path | None = None,
                     until_hero_out: bool = False) -> TournamentDealer:
    """Play a whole sit & go into ``path`` as the site writes its files; returns the dealer,
    whose ``finishes`` say who finished where and won what, and ``count`` how many hands.

    ``until_hero_out``: the file stops with the hand Hero is knocked out in, as the client's
    file of Hero's table does (the tournament is still played to the end). ``summary``: the
    tournament summary file the site writes too (hhtools.reading.summaries reads it)."""

    dealer = TournamentDealer(site.lower(), get_game(game).name, seed, entrants,
                              hands_per_level=hands_per_level)
    times: list[datetime] = []

    def written() -> Iterator[Deal]:
        out = False
        for deal in dealer.play():
            times.append(deal.hand.started_at)
            if not out:
                yield deal
            out = until_hero_out and any(f.player == "Hero" for f in dealer.finishes)


    with replacing(path, encoding=FILE_ENCODING[site.lower()], newline="\n") as f, \
            collector_paused():
        f.write("".join(stream(written(), site.lower())))
    if summary is not None:
        with replacing(summary, encoding="utf-8", newline="\n") as f:
            f.write(summary_text(dealer, times[0], times[-1]))
    return dealer


#: Countries for the summary's places, chosen by each name.
COUNTRIES = ("Canada", "Germany", "Brazil", "Finland", "United Kingdom", "Peru", "Japan",
             "Sweden", "Austria", "Mexico")


def summary_text(dealer: TournamentDealer, started: datetime, finished: datetime) -> str:
    """The tournament's summary as PokerStars writes it: header, buy-in, entrants, prize pool,
    start and end, each place with its prize and share of the pool, Hero's place."""

    sign = dealer.sign
    shares = payouts(dealer.entrants)

    def when(t: datetime) -> str:
        return f"{t:%Y/%m/%d} {t.hour}:{t:%M:%S} ET"

    lines = [f"PokerStars Tournament #{dealer.id}, {GAME_NAMES[dealer.game.name]} "
             f"{STRUCTURE_NAMES[dealer.structure]}",
             f"Buy-In: {sign}{dealer.buy_in:.2f}/{sign}{dealer.fee:.2f} {dealer.currency}",
             f"{dealer.entrants} players",
             f"Total Prize Pool: {sign}{dealer.pool:,.2f} {dealer.currency} ",
             f"Tournament started {when(started)}",
             f"Tournament finished {when(finished)}", ""]
    for f in sorted(dealer.finishes, key=lambda f: f.place):
        country = COUNTRIES[zlib.crc32(f.player.encode()) % len(COUNTRIES)]
        paid = (f"{sign}{f.prize:,.2f} ({shares[f.place - 1]}%)" if f.prize else "")
        lines.append(f"  {f.place}: {f.player} ({country}), {paid}")
    hero = next(f for f in dealer.finishes if f.player == "Hero")
    lines += ["", f"You finished in {ordinal(hero.place)} place.", ""]
    return "\n".join(lines)


def _roman(n: int) -> str:
    """Levels as PokerStars numbers them: I, II, ... XVI."""
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out


def write_for_command(out: str, site: str, game: str, seed: int, players: int,
                      structure: str = "fixed-limit", summary: str | None = None,
                      until_hero_out: bool = False) -> str:
    """``hhtools generate --tournament``: a sit & go of ``players`` (at most the table's seats)
    into ``out`` (and its summary file into ``summary``; the hands up to Hero's knock-out
    only with ``until_hero_out``); the line to print, or HHToolsError saying what is wrong."""
    if structure != "fixed-limit":
        raise HHToolsError(f"tournaments are generated in fixed-limit only, not {structure}")
    table = check_supported(site, game, structure)
    entrants = min(players, table.max_seats.get(game, players))
    try:
        dealer = write_tournament(out, site, game, seed=seed, entrants=entrants,
                                  summary=summary, until_hero_out=until_hero_out)
    except OSError as exc:
        raise HHToolsError(f"cannot write {exc.filename or out}: {exc.strerror}") from None
    won = ", ".join(f"{f.player} {ordinal(f.place)} {f.prize}" for f in
                    sorted(dealer.finishes, key=lambda f: f.place) if f.prize)
    return (f"a {entrants}-player {table.name} {game} sit & go of {dealer.count} hands written "
            f"to {out} (tournament {dealer.id}; paid: {won})"
            + (f"; its summary to {summary}" if summary else ""))
