"""One player's figures for the report's part of that player, gathered batch by batch without
holding the player's rows (issue P19: a report on a million hands in bounded memory).

A batch holds whole hands, so each batch gives, for the player and the report's filters
(``Gatherer.add``): one short row per hand (its kind, id, table, start, showdown and nets:
what the winnings series, the sessions and the charts' scope read), the showdown classes'
counts (``chartdata.showdown_parts``), the tournaments played and, unless the store's cached
sums serve the filters (``partials.store_parts``), the reports' partial sums. A hand's kind
(``chartdata.KIND``: site, game, stakes, unit, structure, tournament or not, big bet) is
kept once in a small table: a store holds a few kinds, whatever its hands. ``PlayerData``
finishes every report and chart's data from them, as ``stats`` and ``chartdata`` do from the
tables.

>>> PlayerData.empty(Filters(player="Alice")).report("players").height
0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace

import polars as pl

from hhtools.analytics.chartdata import (
    KIND,
    hand_kinds,
    scope_of,
    series_of,
    showdown_finish,
    showdown_parts,
)
from hhtools.analytics.filters import _normal_stakes
from hhtools.analytics.sessions import (
    HAND_COLUMNS,
    KIND_COLUMNS,
    OWN_COLUMNS,
    sessions_after,
    sessions_of_kinds,
)
from hhtools.analytics.stats import (
    KEY,
    REPORTS,
    TOURNAMENT_UNIT,
    Filters,
    Tables,
    finish,
    hand_facts,
    partial_sums,
)
from hhtools.core.games import get_game
from hhtools.errors import HHToolsError

#: What is kept of each hand of the player: its kind (a row of ``PlayerData.kinds``) and what
#: differs from hand to hand.
HAND = ("kind", "hand_id", "table", "started_at", "showdown", "net", "money_net", "net_bb",
        "net_big_bets")
#: The frames ``Gatherer.part`` makes of a batch, but the sums.
GATHERED = ("kinds", "hands", "shown", "held", "tournaments")
#: The partial sums of every report (``stats.PARTS``).
ALL_REPORTS = tuple(REPORTS)


@dataclass
class Gatherer:
    """What one player's part reads, gathered from one batch's tables at a time (``add``),
    then joined (``done``)."""

    player: str
    filters: Filters  # the report's; ``player`` is set to ``self.player``
    sums: bool = True  # make the reports' partial sums of each batch too
    _kinds: dict[tuple[object, ...], int] = field(default_factory=dict)
    _kind_rows: list[pl.DataFrame] = field(default_factory=list)
    _hands: list[pl.DataFrame] = field(default_factory=list)
    _shown: list[pl.DataFrame] = field(default_factory=list)
    _held: list[pl.DataFrame] = field(default_factory=list)
    _tournaments: list[pl.DataFrame] = field(default_factory=list)
    _parts: list[dict[str, pl.DataFrame]] = field(default_factory=list)
    #: The hands taken from figures kept for earlier batches (``take_earlier``).
    _since: int | None = None

    def __post_init__(self) -> None:
        self.filters = replace(self.filters, player=self.player)

    def reset(self) -> None:
        """Forget every batch gathered (a read begun again)."""
        for gathered in (self._kinds, self._kind_rows, self._hands, self._shown, self._held,
                         self._tournaments, self._parts):
            gathered.clear()
        self._since = None

    def add(self, t: Tables) -> None:
        """Gather the player's hands of ``t``, one batch's tables (whole hands)."""
        self.take(self.part(t))

    def part(self, t: Tables) -> dict[str, pl.DataFrame]:
        """What ``add`` gathers of ``t``, one batch's tables, as frames that ``take`` adds up
        (so that a batch's can be kept: ``report.page``): ``GATHERED``, a hand's kind being
        a row of this batch's ``kinds``; with ``sums``, each report's partial sums too
        (``sum-`` and the part's name)."""
        mine = t.filtered(self.filters)
        facts = hand_facts(mine).join(mine.hands.select(KEY + ["table"]), on=KEY, how="left",
                                      maintain_order="left")
        kinds = hand_kinds(facts).with_row_index("_row")
        groups = (kinds.group_by(KIND, maintain_order=True).agg("_row")
                  .with_row_index("kind"))
        kind = groups.select("kind", "_row").explode("_row").sort("_row")["kind"]
        shown, held = showdown_parts(mine)
        found = {"kinds": groups.select("kind", *KIND),
                 "hands": facts.with_columns(kind=kind).select(HAND),
                 "shown": shown, "held": held,
                 "tournaments": facts.select("site", "tournament_id").drop_nulls().unique()}
        if self.sums:
            found.update((f"sum-{name}", part) for name, part in
                         partial_sums(t, self.filters, ALL_REPORTS).items())
        return found

    def take_earlier(self, part: dict[str, pl.DataFrame]) -> None:
        """``take`` the ``joined`` figures kept of the batches before an import, first: the
        hands after them are the new ones (``PlayerData.since``)."""
        self.take(part)
        self._since = part["hands"].height

    def take(self, part: dict[str, pl.DataFrame]) -> None:
        """Add a batch's ``part``: its kinds numbered in the order first met (each kind of
        hand one row of the player's ``kinds``, whatever the batches)."""
        known = len(self._kinds)
        local = part["kinds"]
        ids = [self._kinds.setdefault(k, len(self._kinds))
               for k in local.select(KIND).iter_rows()]
        numbered = local.with_columns(kind=pl.Series(ids, dtype=pl.UInt32))
        self._kind_rows.append(numbered.filter(pl.col("kind") >= known))
        hands = part["hands"]
        if local.height:
            hands = hands.with_columns(kind=pl.col("kind").replace_strict(
                local["kind"], numbered["kind"], return_dtype=pl.UInt32))
        self._hands.append(hands.with_columns(pl.col("kind").cast(pl.UInt32)))
        self._shown.append(part["shown"])
        self._held.append(part["held"])
        self._tournaments.append(part["tournaments"])
        if self.sums:
            self._parts.append({name.removeprefix("sum-"): frame for name, frame in part.items()
                                if name.startswith("sum-")})

    def joined(self) -> dict[str, pl.DataFrame]:
        """Every batch taken, as one ``part`` (the kinds numbered for all of them); not the
        sums."""
        # The showdown classes' counts summed per distinct hand already, as
        # ``showdown_finish`` first does.
        shown, held = _joined(self._shown), _joined(self._held)
        return {"kinds": _joined(self._kind_rows), "hands": _joined(self._hands),
                "shown": shown.group_by("game", "key", "collected", "halves",
                                        maintain_order=True).agg(pl.col("n").sum()),
                "held": held.group_by("game", "after", maintain_order=True)
                .agg(pl.col("held", "held_showdowns").sum()),
                "tournaments": _joined(self._tournaments).unique(maintain_order=True)}

    def whole_part(self) -> dict[str, pl.DataFrame]:
        """Every batch taken as one ``part``, the sums too: what ``part`` makes of the
        tables of all of them (whole hands, as a big batch's slices)."""
        part = self.joined()
        if self.sums:
            # Partial sums of disjoint hands concatenated are those of all of them.
            part.update((f"sum-{name}", pl.concat([p[name] for p in self._parts],
                                                  how="vertical_relaxed"))
                        for name in self._parts[0])
        return part

    def gathered(self) -> bool:
        """Whether a hand of the player was gathered."""
        return any(hands.height for hands in self._hands)

    def done(self, names: pl.Series, parts: dict[str, pl.DataFrame] | None = None) -> PlayerData:
        """The player's data (``parts``: the reports' partial sums, when not made here)."""
        if not self._hands:
            self.add(_no_tables())  # a store of no batch: the frames of no row
        if parts is None and not self._parts:
            parts = partial_sums(_no_tables(), self.filters, ALL_REPORTS)
        elif parts is None:
            parts = {name: pl.concat([p[name] for p in self._parts], how="vertical_relaxed")
                     for name in self._parts[0]}
        return PlayerData(self.filters, names, parts, _joined(self._hands),
                          _joined(self._kind_rows), _joined(self._shown), _joined(self._held),
                          _joined(self._tournaments).unique(), self._since)


def _joined(frames: list[pl.DataFrame]) -> pl.DataFrame:
    return pl.concat(frames, how="vertical_relaxed")


@dataclass(frozen=True)
class PlayerData:
    """One player's hands under ``filters`` (``filters.player`` is the player), as the report
    reads them: ``parts``, the reports' partial sums; ``hands`` (``HAND``), one row per hand
    and ``kinds`` (``chartdata.KIND`` by ``kind``); ``shown`` and ``held``, the showdown
    classes' counts; ``tournaments`` (site, tournament_id) played; ``names``, every player
    of the store."""

    filters: Filters
    names: pl.Series
    parts: dict[str, pl.DataFrame]
    hands: pl.DataFrame
    kinds: pl.DataFrame
    shown: pl.DataFrame
    held: pl.DataFrame
    tournaments: pl.DataFrame
    #: The rows of ``hands`` before this one are those of the batches before an import
    #: (``Gatherer.take_earlier``), whose sessions may be kept; None when unknown.
    since: int | None = None

    @classmethod
    def empty(cls, filters: Filters) -> PlayerData:
        """No hand (``Tables`` of nothing, gathered)."""
        return Gatherer(filters.player or "", filters).done(pl.Series("player", [], pl.String))

    @property
    def player(self) -> str:
        return self.filters.player or ""

    def report(self, name: str, by: Sequence[str] = ("player", "unit")) -> pl.DataFrame:
        """Report ``name`` of ``stats`` (``stats.REPORTS``) of these hands."""
        return finish(self.parts, self.filters, name, by)

    def narrowed(self, f: Filters) -> PlayerData:
        """These hands that ``f`` selects: ``f`` is ``filters`` with another game, stakes or
        type of hand (what the winnings charts choose); only its money reports are made."""
        if replace(f, game=None, stakes=None, hand_type=None) != replace(
                self.filters, game=None, stakes=None, hand_type=None):
            raise ValueError(f"{f} narrows {self.filters} by more than game, stakes and type")
        chosen, kinds = [], []
        if f.game:
            game = get_game(f.game).name
            chosen.append(pl.col("game") == game)
            kinds.append(pl.col("game") == game)
        if f.stakes:
            stakes = _normal_stakes(f.stakes)
            chosen.append(pl.col("stakes") == stakes)
            kinds.append(pl.col("stakes") == stakes)
        if f.hand_type:
            tournament = f.hand_type == "tournament"
            # A hand's unit is "tournament bb" exactly when it is a tournament's.
            chosen.append((pl.col("unit") == TOURNAMENT_UNIT) == tournament)
            kinds.append(pl.col("tournament") == tournament)
        money = self.parts["money"]
        kept = self.kinds
        if chosen:
            money = money.filter(pl.all_horizontal(chosen))
            kept = kept.filter(pl.all_horizontal(kinds))
        # A join makes one chunk of a grinder's million rows first (they are one chunk a
        # batch), and a filter copies every row it keeps, even all of them.
        hands = (self.hands if kept.height == self.kinds.height else
                 self.hands.filter(pl.col("kind").is_in(kept["kind"].implode())))
        return PlayerData(f, self.names, {"money": money}, hands, kept, self.shown.clear(),
                          self.held.clear(), self.tournaments.clear())

    def scope(self) -> str:
        """``chartdata.scope`` of these hands."""
        return scope_of(self.kinds.join(self.hands.select("kind").unique(), on="kind",
                                        how="semi"))

    def facts(self, columns: Iterable[str]) -> pl.DataFrame:
        """``columns`` of ``hand_facts`` of these hands (with the hand's ``table``), those
        kept: ``HAND``, ``KIND`` and ``player``."""
        return self._facts(columns).collect()

    def _facts(self, columns: Iterable[str], first: int = 0,
               end: int | None = None) -> pl.LazyFrame:
        """``facts`` of the hands from row ``first`` to ``end``, as a lazy query."""
        columns = list(columns)
        # Only the columns asked for are joined: a player's hands are a million rows.
        own = [c for c in HAND if c in columns]
        kind = [c for c in KIND if c in columns]
        hands = self.hands.lazy().slice(first, None if end is None else end - first)
        return (hands.select("kind", *own)
                .join(self.kinds.lazy().select("kind", *kind), on="kind", how="left",
                      maintain_order="left")
                .with_columns(player=pl.lit(self.player)).select(columns))

    def games(self) -> list[str]:
        """The games of these hands, sorted."""
        return sorted(self.kinds.join(self.hands.select("kind").unique(), on="kind",
                                      how="semi")["game"].drop_nulls().unique().to_list())

    def sites(self) -> list[str]:
        return sorted(self.kinds.join(self.hands.select("kind").unique(), on="kind",
                                      how="semi")["site"].drop_nulls().unique().to_list())

    def sessions(self, gap: int, earlier: pl.DataFrame | None = None) -> pl.DataFrame:
        """``sessions.sessions`` of these hands; ``earlier``: those of the hands before
        ``since`` (kept from a report before an import), made again only where the new
        hands join them."""
        if earlier is None or self.since is None:
            # The hands' kinds as numbers, not as the texts of each hand.
            return sessions_of_kinds(self.hands.select("kind", *OWN_COLUMNS), self.kinds.select(
                "kind", *(c for c in KIND_COLUMNS if c != "player"), player=pl.lit(self.player)),
                gap)
        return sessions_after(earlier, self._facts(HAND_COLUMNS, 0, self.since),
                              self._facts(HAND_COLUMNS, self.since), gap)

    def winnings(self, measure: str) -> pl.DataFrame:
        """``chartdata.winnings_series`` of these hands."""
        from hhtools.analytics.chartdata import SERIES_COLUMNS

        return series_of(self.facts(SERIES_COLUMNS), self.filters, measure)

    def showdown_classes(self) -> pl.DataFrame:
        """``chartdata.showdown_classes`` of these hands."""
        games: dict[str, list[str]] = {}
        named = pl.concat([self.shown["game"], self.held["game"]]).drop_nulls().unique()
        for name in named.to_list():
            with suppress(HHToolsError):  # a game no longer known has no class
                games.setdefault(get_game(name).name, []).append(name)
        if len(games) < 2:
            return showdown_finish(self.shown, self.held, self.filters)
        # Each game's hands finished apart (every row of the classes is one game's): a
        # grinder's 990,000 shown and held hands, as texts joined and grouped at once, took
        # the report some 200 MB above its hands; a game's alone, a share of that.
        return pl.concat([showdown_finish(self.shown.filter(pl.col("game").is_in(names)),
                                          self.held.filter(pl.col("game").is_in(names)),
                                          self.filters)
                          for names in games.values()]).sort("game", "component",
                                                             "class_order")


def _no_tables() -> Tables:
    """Tables of no row, of the columns the reports read."""
    from hhtools.analytics.filters import COLUMNS
    from hhtools.store.tables import SCHEMAS

    hands, players, draws, halves = (pl.DataFrame(schema={c: SCHEMAS[name][c] for c in COLUMNS[name]})
                                     for name in ("hands", "players", "draws", "halves"))
    return Tables(hands, players, draws, halves)
