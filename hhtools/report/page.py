"""One self-contained HTML page that reads like a tracker's summary: per player a header of
headline numbers and their sections (hhtools.report.sections), every player in one table,
every disputed hand explained (hhtools.report.disputes), and what the store could not read.

The page needs no network and runs no script: charts are PNG images inside ``data:`` URIs, the
style sheet is inline and allowed by its hash in a Content-Security-Policy that forbids
everything else (hhtools.report.html). Player names, table names, chat and the audit's wording
all come from history files that anyone can write, so every piece of text goes through
``html.escape``: a player called ``<script>alert(1)</script>`` is shown as those characters,
never run.

``build_report(store, filters)`` reads the store and returns the page; ``hhtools report`` writes it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from functools import partial
from html import escape
from pathlib import Path

import polars as pl

from hhtools.analytics.filters import (
    CANCELLED,
    TRIES,
    batch_tables,
    each_batch,
    merged_again,
    store_names,
)
from hhtools.analytics.partials import (
    BATCHES,
    SUM_SLICE,
    Aside,
    batch_key,
    batch_list,
    earlier_entry,
    forget_others,
    keep_sums,
    read_entry,
    store_parts,
    store_place,
    store_reports,
    write_entry,
)
from hhtools.analytics.player import ALL_REPORTS, GATHERED, Gatherer, PlayerData
from hhtools.analytics.stats import IN_HAND, KEY, Filters, Tables, check_filters
from hhtools.analytics.tournaments import TournamentTables
from hhtools.core.games import game_title
from hhtools.core.outputs import write_text
from hhtools.core.resources import cache_folder
from hhtools.core.words import plural
from hhtools.errors import NoDataError, StoreError
from hhtools.report.disputes import audit_section, not_read_section
from hhtools.report.html import Column, days, page, table, text
from hhtools.report.sections import MADE, player_part, player_view
from hhtools.store.store import Store
from hhtools.store.tables import READ_ERRORS

#: How many players get their own part of the page when no --player is given.
FEATURED = 3
#: Rows of the all-players table; `hhtools stats` lists every one.
PLAYER_ROWS = 30

PLAYER_COLUMNS = [Column("player", "Player", "text"), Column("unit", "Unit", "text"),
                  Column("hands", "Hands", "int"), Column("net", "Net", "money"),
                  Column("net_big_bets", "Big bets", "signed"),
                  Column("win_rate", "Win rate", "signed"),
                  Column("win_rate_unit", "Win rate in", "text"), Column("vpip", "VPIP %", "pct"),
                  Column("raise_predraw", "Raise %", "pct"),
                  Column("won_at_showdown", "W$SD %", "pct")]


@dataclass(frozen=True)
class Survey:
    """What the page says of the hands it covers as a whole, gathered batch by batch
    (``survey``): never the store's tables at once."""

    hands: int  # the hands covered
    games: list[str]
    sites: list[str]
    started: pl.Series  # the first and last start of each batch's hands
    disputed: pl.DataFrame  # the hands whose verdict is not ok, with what the audit section shows
    players: int  # the players in them
    heroes: pl.DataFrame  # hands as hero per player (player, n)
    dealt: pl.DataFrame  # hands per player (player, n)
    #: The cache keys of the batches read (``_Cache``), none when not cached: what is cached
    #: later of the same figures is kept for these batches, not for those found then.
    batches: tuple[str | None, ...] = ()
    #: Per player, what the player's part made of the figures kept for the batches before
    #: an import (``PlayerView.made``), when those figures were read for them.
    earlier: dict[str, dict[str, pl.DataFrame]] = field(default_factory=dict)


def survey(store: Store, filters: Filters, gathering: Sequence[Gatherer] = ()) -> Survey:
    """The ``Survey`` of the hands ``filters`` selects, read batch by batch; each of
    ``gathering`` gathers its player's figures from the same batches (one read for both).

    A batch never changes once written: for a report of every hand or of one player, what
    the page and each player gather of a batch is cached (like the partial sums,
    hhtools.analytics.partials), and so is all of it for the store's present batches, so
    that a report made again reads no batch, and one made after an import reads the new
    batches alone."""
    cache = _Cache.of(store, filters)
    return _survey(store, filters, gathering, cache)


def _survey(store: Store, filters: Filters, gathering: Sequence[Gatherer],
            cache: _Cache | None) -> Survey:
    for _ in range(TRIES):
        for player in gathering:
            player.reset()
        snapshot = store.snapshot()
        folders = snapshot.batch_folders()
        if not folders:
            t = Tables.load(snapshot, filters)
            for player in gathering:
                player.add(t)
            return _as_survey(_survey_part(snapshot, t, filters))
        keys = cache.batch_keys(folders) if cache else []
        if cache and (whole := cache.store_entries(keys, [p.player for p in gathering])):
            for player, entry in zip(gathering, whole[1:]):
                player.take(entry)
            return _as_survey(whole[0], keys)
        # After an import, the figures kept for the batches before it stand for them: the
        # new batches are read (or their own entries), not every batch's.
        start = 0
        earlier: list[dict[str, pl.DataFrame] | None] = [None] * (1 + len(gathering))
        if cache and (prior := cache.earlier(keys, [p.player for p in gathering])):
            start, earlier = prior
        parts = [] if earlier[0] is None else [earlier[0]]
        made_before = {}
        for player, kept in zip(gathering, earlier[1:]):
            if kept is not None:
                player.take_earlier(kept)
                # Read now: the store's entries of those batches go once the new ones are kept.
                if cache and (found := cache.made(keys[:start], player.player)) is not None:
                    made_before[player.player] = found
        # The batches the read begins with are made here, those it ends with by a second
        # process meanwhile, which caches them for this read to find (``_made_aside``).
        aside = Aside.start(
            partial(_made_aside, str(snapshot.root), filters,
                    tuple((p.player, p.filters, p.sums) for p in gathering)),
            [folder for folder, key in zip(folders[start:], keys[start:])
             if key and not cache.has_batch(key, gathering)]) if cache else None
        read_all = False
        try:
            for i, folder in enumerate(folders):
                of_page = i >= start or earlier[0] is None
                mine = [p for p, kept in zip(gathering, earlier[1:])
                        if i >= start or kept is None]
                if not of_page and not mine:
                    continue
                if aside:
                    aside.claim(folder)
                made = _batch_parts(snapshot, folder, filters, of_page, mine, cache,
                                    keys[i] if keys else None)
                if made is None:
                    break
                if of_page:
                    parts.append(made.pop(0))
                for player, part in zip(mine, made):
                    player.take(part)
            else:
                read_all = True
        finally:
            if aside:
                aside.close()
        if read_all:
            merged = _merged(parts)
            if cache:
                cache.keep_store(keys, [merged, *(p.joined() for p in gathering)],
                                 [p.player for p in gathering])
            return replace(_as_survey(merged, keys), earlier=made_before)
    raise merged_again(store)


#: The frames of what the page gathers of some batches (``_survey_part``, ``_merged``).
SURVEY_PARTS = ("count", "games", "sites", "started", "disputed", "heroes", "dealt", "names")
#: Changed whenever what the page or a player gathers of a batch changes, so that figures
#: cached by another version are never read (the polars version too: they are its Arrow IPC
#: streams, hhtools.analytics.partials.FRAMES).
VERSION = f"report-2-polars-{pl.__version__}"


@dataclass(frozen=True)
class _Cache:
    """Where what the page gathers of each batch for ``filters`` is kept (``survey``)."""

    root: Path
    store: Store
    filters: Filters

    @classmethod
    def of(cls, store: Store, filters: Filters) -> _Cache | None:
        """None unless ``filters`` select by player alone (others are not kept: a report
        of a game or of some days is read again), or without a cache folder."""
        root = cache_folder("report")
        if root is None or replace(filters, player=None) != Filters():
            return None
        return cls(root, store, filters)

    def batch_keys(self, folders: list[Path]) -> list[str | None]:
        return [batch_key(folder, VERSION) for folder in folders]

    def _what(self, player: str | None) -> str:
        """What an entry holds: the page's survey for these filters, or a player's part."""
        what = (f"survey {self.filters.player}" if player is None else f"player {player}")
        return hashlib.blake2b(what.encode(), digest_size=8).hexdigest()

    def batch_entry(self, key: str, player: str | None) -> Path:
        return self.root / f"{key}-{self._what(player)}"

    def has_batch(self, key: str, gathering: Sequence[Gatherer]) -> bool:
        """Whether the page's and each of ``gathering``'s figures of a batch are cached."""
        return all(self.batch_entry(key, player).is_dir()
                   for player in (None, *(p.player for p in gathering)))

    def _store_entry(self, keys: list[str | None], player: str | None) -> Path | None:
        named = store_place(self.store, keys)
        return None if named is None else self.root / (
            f"store-{named[0]}-{named[1]}-{self._what(player)}")

    def earlier(self, keys: list[str | None], players: list[str],
                wanted: Sequence[str] = SURVEY_PARTS
                ) -> tuple[int, list[dict[str, pl.DataFrame] | None]] | None:
        """The page's figures (``wanted`` of ``SURVEY_PARTS``) and each player's kept for an
        earlier set of the store's batches that the present ones (``keys``) begin with, as an
        import adds batches after those stored, and how many batches they cover; a player
        whose figures were not kept then gets None. None when nothing serves."""
        named = store_place(self.store, keys)
        if named is None:
            return None
        found = earlier_entry(self.root, named[0], f"-{self._what(None)}", wanted,
                              lambda old: 0 < len(old) <= len(keys) and keys[:len(old)] == old)
        if found is None:
            return None
        old, frames = found
        # The players' entries are named by the same batches as the page's.
        batches = store_place(self.store, old)
        entries: list[dict[str, pl.DataFrame] | None] = [frames]
        for player in players:
            entry = (None if batches is None else self.root / (
                f"store-{batches[0]}-{batches[1]}-{self._what(player)}"))
            entries.append(None if entry is None else read_entry(entry, GATHERED))
        return len(old), entries

    def store_entries(self, keys: list[str | None], players: list[str]
                      ) -> list[dict[str, pl.DataFrame]] | None:
        """The page's and each player's figures of every batch (``keys``), when cached."""
        found = []
        for player, wanted in ((None, SURVEY_PARTS), *((p, GATHERED) for p in players)):
            entry = self._store_entry(keys, player)
            if entry is None or (frames := read_entry(entry, wanted)) is None:
                return None
            found.append(frames)
        return found

    def made(self, keys: list[str | None], player: str) -> dict[str, pl.DataFrame] | None:
        """What the player's part made of the player's figures of every batch (``keys``)
        (``PlayerView.made``), when cached."""
        entry = self._store_entry(keys, player)
        return None if entry is None else read_entry(entry.with_name(entry.name + "-made"), MADE)

    def keep_made(self, keys: list[str | None], player: str,
                  made: dict[str, pl.DataFrame]) -> None:
        if made and (entry := self._store_entry(keys, player)) is not None:
            write_entry(self.root, entry.name + "-made", made)

    def keep_store(self, keys: list[str | None], frames: list[dict[str, pl.DataFrame]],
                   players: list[str]) -> None:
        named = store_place(self.store, keys)
        if named is None:
            return
        for player, made in zip((None, *players), frames):
            if (entry := self._store_entry(keys, player)) is not None:
                # The page's entry lists its batches, for a report after an import (``earlier``).
                write_entry(self.root, entry.name,
                            made if player is not None else {**made, BATCHES: batch_list(keys)})
        forget_others(self.root, *named)


def _batch_parts(store: Store, folder: Path, filters: Filters, of_page: bool,
                 gathering: Sequence[Gatherer], cache: _Cache | None,
                 key: str | None) -> list[dict[str, pl.DataFrame]] | None:
    """The page's (with ``of_page``) and each player's figures of batch ``folder``
    (``_survey_part``, ``Gatherer.part``), in that order: those cached (for the batch's
    ``key``), else read and kept; None when the batch was merged away under the read."""
    wanted = [*([(None, SURVEY_PARTS)] if of_page else []),
              *((p.player, GATHERED) for p in gathering)]
    found = [read_entry(cache.batch_entry(key, player), names) if cache and key else None
             for player, names in wanted]
    if all(frames is not None for frames in found):
        return [frames for frames in found if frames is not None]
    if (batch := batch_tables(store, folder, filters)) is None:
        return None
    view, t = batch
    made = _batch_made(view, t, filters, of_page, gathering)
    if cache:
        # Every hand of the batch is read: the store's partial sums (the page's table of
        # every player) are made of it now, not in a read of their own.
        keep_sums(folder, t)
    if cache and key:
        for (player, _), frames, was in zip(wanted, made, found):
            if was is None:
                write_entry(cache.root, cache.batch_entry(key, player).name, frames)
    return made


def _made_aside(root: str, filters: Filters, players: Sequence[tuple[str, Filters, bool]],
                folder: str) -> None:
    """The second process's work on batch ``folder`` of the store at ``root`` (``Aside``):
    the page's and each player's figures (``players``: each ``Gatherer``'s player, filters
    and sums) made and cached, as the reader would, for the reader to find."""
    store = Store(root)
    if (cache := _Cache.of(store, filters)) is not None:
        path = Path(folder)
        _batch_parts(store, path, filters, True, [Gatherer(*p) for p in players], cache,
                     cache.batch_keys([path])[0])


def _batch_made(view: Store, t: Tables, filters: Filters, of_page: bool,
                gathering: Sequence[Gatherer]) -> list[dict[str, pl.DataFrame]]:
    """The page's (with ``of_page``) and each player's figures of one batch's tables ``t``.
    A batch of more than ``SUM_SLICE`` hands (a merge of many) is made a slice of whole
    hands at a time, each slice's figures then joined as those of several batches are: its
    views and facts are a slice's (the million's batch of 53,941 hands took a cold report
    some 190 MB above the rest of its read)."""
    if t.hands.height <= SUM_SLICE:
        return [*([_survey_part(view, t, filters)] if of_page else []),
                *(p.part(t) for p in gathering)]
    read = view.read_columns("hands", DISPUTE_COLUMNS) if of_page else None
    pages = []
    players = [Gatherer(p.player, p.filters, p.sums) for p in gathering]
    for part in t.hand_slices(SUM_SLICE):
        if of_page:
            pages.append(_survey_part(view, part, filters, read))
        for player in players:
            player.take(player.part(part))
    return [*([_merged(pages)] if of_page else []), *(p.whole_part() for p in players)]


#: What the page reads of each hand for its audit section (``_survey_part``).
DISPUTE_COLUMNS = KEY + ["game", "table", "started_at", "verdict", "path", "line"]


def _survey_part(view: Store, t: Tables, filters: Filters,
                 read: pl.DataFrame | None = None) -> dict[str, pl.DataFrame]:
    """What the page says of the hands of one batch's tables ``t`` that ``filters`` select
    (``SURVEY_PARTS``: frames that ``_merged`` adds up); ``read``: the batch's
    ``DISPUTE_COLUMNS`` when read already."""
    chosen = t.filtered(filters)
    keys = (chosen.players.select(KEY).unique() if (filters.player or filters.position)
            else chosen.hands.select(KEY))
    hands = ((view.read_columns("hands", DISPUTE_COLUMNS) if read is None else read)
             .join(keys, on=KEY, how="semi"))
    games = chosen.hands.join(hands.select(KEY), on=KEY, how="semi")
    started = games["started_at"].drop_nulls().sort()
    players = chosen.players
    return {"count": pl.DataFrame({"hands": [hands.height]}, schema={"hands": pl.Int64}),
            "games": games.select(pl.col("game").drop_nulls().unique()),
            "sites": games.select(pl.col("site").drop_nulls().unique()),
            "started": (started.gather([0, started.len() - 1]) if started.len()
                        else started).to_frame(),
            "disputed": hands.filter(pl.col("verdict").fill_null("unknown") != "ok"),
            "heroes": _counts(players.filter(pl.col("is_hero"))), "dealt": _counts(players),
            "names": players.select(pl.col("player").unique())}


def _merged(parts: list[dict[str, pl.DataFrame]]) -> dict[str, pl.DataFrame]:
    """The ``_survey_part`` of several batches' hands."""

    def joined(name: str) -> pl.DataFrame:
        return pl.concat([p[name] for p in parts], how="vertical_relaxed")

    return {"count": joined("count").sum(), "games": joined("games").unique().sort("game"),
            "sites": joined("sites").unique().sort("site"), "started": joined("started"),
            "disputed": joined("disputed"), "heroes": _summed([p["heroes"] for p in parts]),
            "dealt": _summed([p["dealt"] for p in parts]),
            "names": joined("names").unique().sort("player")}


def _as_survey(part: dict[str, pl.DataFrame], keys: Sequence[str | None] = ()) -> Survey:
    return Survey(int(part["count"]["hands"].sum()), sorted(part["games"]["game"].unique()),
                  sorted(part["sites"]["site"].unique()), part["started"]["started_at"],
                  part["disputed"], part["names"]["player"].unique().len(),
                  _summed([part["heroes"]]), _summed([part["dealt"]]), tuple(keys))


def _counts(players: pl.DataFrame) -> pl.DataFrame:
    return players.group_by("player").agg(n=pl.len())


def _summed(counts: list[pl.DataFrame]) -> pl.DataFrame:
    """Per player counts of every batch added up, most first."""
    return (pl.concat(counts).group_by("player").agg(pl.col("n").sum())
            .sort(["n", "player"], descending=[True, False]))


#: What ``player_counts`` reads: who was in each hand, and the columns the filters select by.
COUNT_COLUMNS = {"hands": KEY + ["game", "small_bet", "big_bet", "started_at", "tournament_id",
                                 "cancelled"],
                 "players": KEY + ["player", "position", "sitting_out", "is_hero", "put_in",
                                   "fold_street", "vpip"],
                 "draws": KEY + ["player"], "halves": KEY + ["player"]}


def player_counts(store: Store, filters: Filters) -> Survey:
    """A ``Survey`` holding only ``heroes`` and ``dealt`` (what ``featured_players`` reads) of
    the hands ``filters`` selects, read batch by batch from a few columns: the players shown
    in detail are known before the one read of the page (``survey``) that gathers theirs."""

    def read(view: Store, t: Tables) -> tuple[pl.DataFrame, pl.DataFrame]:
        players = t.filtered(filters).players
        return _counts(players.filter(pl.col("is_hero"))), _counts(players)

    nothing = pl.DataFrame()
    cache = _Cache.of(store, filters)
    folders = store.batch_folders()
    kept: list[dict[str, pl.DataFrame]] = []
    if cache and folders:
        keys = cache.batch_keys(folders)
        if whole := cache.store_entries(keys, []):
            return _as_survey(whole[0])
        # The batches whose survey is cached give their counts (those before an import at
        # once); the others are read.
        start = 0
        if (earlier := cache.earlier(keys, [], ("heroes", "dealt"))) and earlier[1][0]:
            start = earlier[0]
            kept.append(earlier[1][0])
        cached = [read_entry(cache.batch_entry(key, None), ("heroes", "dealt")) if key else None
                  for key in keys[start:]]
        kept += [counts for counts in cached if counts is not None]
        folders = [folder for folder, counts in zip(folders[start:], cached) if counts is None]
        store = store.only(folders)
    found: list[tuple[pl.DataFrame, pl.DataFrame]] = []
    if folders and filters == Filters():
        found = _counted_at_once(store)
    if not found and (folders or not kept):
        found = each_batch(store, filters, read, COUNT_COLUMNS)
    return Survey(0, [], [], pl.Series([]), nothing, 0,
                  _summed([c["heroes"] for c in kept] + [h for h, _ in found]),
                  _summed([c["dealt"] for c in kept] + [d for _, d in found]))


#: The batches counted in one query (``_counted_at_once``): a query of every batch of a
#: million hands peaked some 100 MB higher, and a query a batch cost six times the time.
COUNT_GROUP = 16


def _counted_at_once(store: Store) -> list[tuple[pl.DataFrame, pl.DataFrame]]:
    """``player_counts`` of every hand of ``store``'s batches (no filter), from a query of a
    few columns over ``COUNT_GROUP`` batches at a time; none when a batch went under the
    read (merged: it is then read batch by batch)."""
    folders = store.batch_folders()
    found = []
    for start in range(0, len(folders), COUNT_GROUP):
        group = store.only(folders[start:start + COUNT_GROUP])
        try:
            cancelled = group.scan("hands").select(KEY + ["cancelled"]).filter(CANCELLED).select(KEY)
            # The players a hand counts for, as ``Tables.filtered`` keeps them.
            players = (group.scan("players").select(COUNT_COLUMNS["players"]).filter(IN_HAND)
                       .join(cancelled, on=KEY, how="anti"))
            heroes, dealt = pl.collect_all([
                players.filter(pl.col("is_hero")).group_by("player").agg(n=pl.len()),
                players.group_by("player").agg(n=pl.len())])
        except (*READ_ERRORS, StoreError):
            return []
        found.append((heroes, dealt))
    return found


def featured_players(survey: Survey, filters: Filters,
                     summary_heroes: list[str] | None = None) -> tuple[list[str], str]:
    """The players shown in detail, and a sentence saying how they were chosen: the --player
    filter; else the heroes (the players whose own cards the histories show), most hands
    first; else, in histories without a hero, the players with the most hands; else, in a
    store of tournament summary files only, their heroes (``summary_heroes``)."""
    if filters.player:
        return [filters.player], f"Shown in detail: {filters.player}, chosen with --player."
    heroes = survey.heroes
    if heroes.height:
        chosen = heroes["player"].head(FEATURED).to_list()
        of = f" of the {heroes.height}" if heroes.height > FEATURED else ""
        return chosen, (f"Shown in detail: the hero{'es' * (len(chosen) > 1)}{of} (the players "
                        "whose own cards the histories show), most hands as hero first: "
                        f"{', '.join(chosen)}. --player NAME shows any one player.")
    chosen = survey.dealt["player"].head(FEATURED).to_list()
    if not chosen and summary_heroes and filters == Filters():
        chosen = list(summary_heroes[:FEATURED])
        return chosen, (f"No hand is stored, only tournament summary files: shown in detail, "
                        f"their hero{'es' * (len(chosen) > 1)}: {', '.join(chosen)}.")
    if not chosen:
        return [], "No hand matches: nobody to show in detail."
    return chosen, (f"No history here shows its hero's cards: shown in detail, the "
                    f"{plural(len(chosen), 'player')} with the most hands: {', '.join(chosen)}. "
                    "--player NAME shows any one player.")


def _summary_heroes(t: TournamentTables) -> list[str]:
    """The heroes of the tournament summary files ("You finished..."), most summaries first."""
    heroes = t.summaries.filter(pl.col("hero").is_not_null()).group_by("hero").agg(n=pl.len())
    return heroes.sort(["n", "hero"], descending=[True, False])["hero"].to_list()


def _summary(survey: Survey, summaries: int = 0) -> str:
    """One sentence on what the page covers (``summaries``: tournament summary files stored)."""
    if survey.hands == 0 and summaries:
        return (f'<p class="summary">No hand is stored, only '
                f'{plural(summaries, "tournament summary", "tournament summaries")}.</p>')
    titles = ", ".join(game_title(g) for g in survey.games)
    sites = ", ".join(survey.sites)
    when = days(survey.started)
    span = f", {when}" if when else ""
    return (f'<p class="summary">{plural(survey.hands, "hand")} of {escape(titles or "no game")} '
            f"at {escape(sites or 'no site')}{escape(span)}; "
            f"{plural(survey.players, 'player')}; {plural(survey.disputed.height, 'hand')} not "
            "<code>ok</code> in the audit.</p>")


def _contents(featured: list[str]) -> str:
    players = "".join(f'<li><a href="#p{i}-player">{escape(name)}</a></li>'
                      for i, name in enumerate(featured, 1))
    return ('<nav id="contents"><ul>' + players
            + '<li><a href="#players">Every player</a></li><li><a href="#audit">Disputed hands'
            '</a></li><li><a href="#not-read">What was not read</a></li></ul></nav>')


def build_report(store: Store, filters: Filters = Filters(), now: datetime | None = None) -> str:
    """The whole page for ``filters`` (``filters.player`` is the player; none means everyone)."""
    store = store.snapshot()  # every table from the same batches
    tournaments = TournamentTables.load(store)
    # A player of tournament summary files only has no hand, yet has results.
    names = store_names(store)
    filters = check_filters(filters, set(names) | set(tournaments.players_named()))
    now = now or datetime.now(timezone.utc)
    who = filters.player or "all players"
    described = ", ".join(f"{k} {v}" for k, v in (
        ("game", filters.game), ("site", filters.site), ("stakes", filters.stakes),
        ("since", filters.since), ("until", filters.until), ("position", filters.position),
        ("type", filters.hand_type)) if v)
    # The players shown in detail first (from a few columns of each batch), so that one read
    # of every batch makes the page's survey and each one's figures.
    counted = (player_counts(store, filters) if not filters.player else
               Survey(0, [], [], pl.Series([]), pl.DataFrame(), 0, pl.DataFrame(),
                      pl.DataFrame()))
    featured, why = featured_players(counted, filters, _summary_heroes(tournaments))
    # Of every hand or of one player's: the figures come from the cached sums of each batch
    # (as `hhtools stats` makes them); else they are made in the read.
    whole = replace(filters, player=None) == Filters()
    gathering = [Gatherer(name, filters, sums=not whole) for name in featured]
    cache = _Cache.of(store, filters)
    covered = survey(store, filters, gathering)
    if described and covered.hands == 0:
        # A page of empty sections would read as if the player had played nothing at all.
        of = f" of {filters.player}" if filters.player else ""
        raise NoDataError(f"no hands{of} in the store ({described}): no report written")
    # Every player's figures from the partial sums of each batch (cached, as `hhtools stats`
    # makes them); a player of tournament summaries only is in none of them.
    everyone = store_reports(store, replace(filters, player=None), ["players"])["players"]
    if filters.player:
        everyone = everyone.filter(pl.col("player") == filters.player)
    shown = everyone.head(PLAYER_ROWS)
    more = (f"; the {PLAYER_ROWS} with the most hands of {everyone.height}, hhtools stats "
            "lists them all" if everyone.height > PLAYER_ROWS else "")
    mine = {player.player: player.done(names, _whole_parts(store, player) if whole else None)
            for player in gathering}
    body = [
        f'<h1 id="title">hhtools report: {escape(who)}</h1>',
        f'<p class="meta">Store {escape(str(store.root))}; {escape(described or "all hands")}; '
        f"made {text(now)} by hhtools.</p>",
        _summary(covered, tournaments.summaries.height),
        f'<p class="meta" id="featured">{escape(why)}</p>',
        _contents(featured),
        *(_player_part(store, mine.pop(name), tournaments, i, cache, list(covered.batches),
                       covered.earlier.get(name))
          for i, name in enumerate(featured, 1)),
        '<h2 id="players">Every player</h2>',
        table(shown, PLAYER_COLUMNS, "stats-players",
              f"Per player and money unit (a currency, or tournament chips in big blinds: never added "
              f"together){more}"),
        '<h2 id="audit">Disputed hands</h2>',
        audit_section(store, covered.disputed, covered.hands),
        '<h2 id="not-read">What was not read</h2>',
        not_read_section(store),
        '<h2 id="about">About these figures</h2>',
        "<p>Definitions are in the hhtools README (Statistics): VPIP and the raise leave out "
        "walks; went to showdown counts the hands that reached the first draw; W$SD is the share "
        "of showdowns won. Net is what the history records, after rake. The win rate is in big "
        "bets won per 100 hands (BB/100) in limit games, as limit players count it, and in big "
        "blinds (bb/100) in no-limit and pot-limit games; where stakes are put together (per "
        "game, per player) it is still in big bets or big blinds, never in money. Made hands, "
        "pat, break and snow are defined per game beside the draw tables; a session ends after "
        "30 idle minutes, at every table together.</p>",
    ]
    return page(f"hhtools report: {who}", body)


def _player_part(store: Store, data: PlayerData, tournaments: TournamentTables, number: int,
                 cache: _Cache | None, keys: list[str | None],
                 earlier: dict[str, pl.DataFrame] | None) -> str:
    """The part of the player of ``data``; what it makes of the player's figures of every
    batch (the sessions, the showdown classes: a million hands' work for a grinder) is
    cached beside those figures, for the batches they were gathered from (``keys``); after
    an import, what was made of the batches before it (``earlier``) is made again only
    where the new hands change it."""
    known = cache.made(keys, data.player) if cache and keys else None
    view = player_view(store, data, tournaments, number, known,
                       earlier if known is None and data.since is not None else None)
    part = player_part(view)
    if cache and keys and known is None:
        cache.keep_made(keys, data.player, view.made())
    return part


def _whole_parts(store: Store, player: Gatherer) -> dict[str, pl.DataFrame] | None:
    """The partial sums of every report of the player's hands from the store's cached sums
    (the report's filters select by player alone); None for a player of no hand (of
    tournament summary files only: theirs are made empty in the read)."""
    if not player.gathered():
        return None
    return store_parts(store, player.filters, ALL_REPORTS)[1]


def write_report(store: Store, out: str | Path, filters: Filters = Filters()) -> Path:
    """Write the page to ``out`` and return its path."""

    out = Path(out)
    write_text(out, build_report(store, filters))  # whole or not at all
    return out
