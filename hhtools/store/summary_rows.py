"""Tournament summaries as the store's rows (``tournament_summaries``, ``summary_places``), and
which of them a store holds already; the summaries themselves are read by hhtools.reading.summaries."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING

import polars as pl

from hhtools.reading.summaries import SITE, Summary
from hhtools.store.tables import SCHEMAS

if TYPE_CHECKING:
    from hhtools.store.store import Store


def summary_frames(tournaments: tuple[Summary, ...], path: str) -> dict[str, pl.DataFrame]:
    """The store's rows (``tournament_summaries``, ``summary_places``) of the tournaments read
    from the file ``path``."""
    now = datetime.now(timezone.utc)
    heads = [(SITE, t.tournament_id, t.digest, t.game, t.buy_in, t.bounty, t.fee, t.currency,
              t.entrants, t.prize_pool, t.started_at, t.ended_at, t.hero, t.hero_place,
              t.rebuys, path, t.line, now) for t in tournaments]
    places = [(SITE, t.tournament_id, t.digest, p.place, p.player, p.entries, p.country,
               p.prize, p.line) for t in tournaments for p in t.places]
    return {"tournament_summaries": pl.DataFrame(heads, schema=SCHEMAS["tournament_summaries"],
                                                 orient="row"),
            "summary_places": pl.DataFrame(places, schema=SCHEMAS["summary_places"],
                                           orient="row")}


#: The columns that tell one summary from another.
SUMMARY_KEY = ["site", "tournament_id", "digest"]


def stored_summaries(store: Store) -> set[tuple[str, str, str]]:
    """(site, tournament id, digest) of every summary in ``store``."""
    keys = store.read_columns("tournament_summaries", SUMMARY_KEY)
    return set(keys.iter_rows())


def new_summaries(frames: dict[str, pl.DataFrame], known: set[tuple[str, str, str]]
                  ) -> tuple[dict[str, pl.DataFrame], int, int]:
    """``frames`` without the summaries in ``known`` (which learns the new ones); how many
    summaries are new and how many were stored already."""
    heads = frames.get("tournament_summaries")
    if heads is None or heads.height == 0:
        return frames, 0, 0
    keys = list(heads.select(SUMMARY_KEY).iter_rows())
    fresh = [k for k in dict.fromkeys(keys) if k not in known]
    known.update(fresh)
    if len(fresh) == len(keys):
        return frames, len(fresh), 0
    kept = pl.DataFrame(fresh, schema={c: pl.String for c in SUMMARY_KEY}, orient="row")
    out = dict(frames)
    for name in ("tournament_summaries", "summary_places"):
        if name in frames:
            out[name] = frames[name].join(kept, on=SUMMARY_KEY, how="semi")
    return out, len(fresh), len(keys) - len(fresh)
