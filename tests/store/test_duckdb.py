"""Another engine reads the store: DuckDB, running the documented queries (docs/store.md) over the Parquet
files, finds the hands, verdicts, nets and disputed hands hhtools finds."""

from __future__ import annotations

import re
from decimal import Decimal

import polars as pl
import pytest
from storecases import ROOT

from hhtools.analytics.stats import Tables, player_stats
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

duckdb = pytest.importorskip("duckdb")


def readme_sql() -> dict[str, str]:
    """The SQL blocks of docs/store.md: the views (the block of CREATE VIEWs) and each query by the
    comment that names it."""
    text = (ROOT / "docs" / "store.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sql\n(.*?)```", text, re.DOTALL)
    named = {}
    for block in blocks:
        first = block.splitlines()[0]
        named["views" if first.startswith("CREATE VIEW") else first.removeprefix("-- ")] = block
    return named


@pytest.fixture(scope="module")
def store(corpus, tmp_path_factory):
    # The corpus (cash games, tournaments, cancelled hands, seats sitting out) and the
    # sample histories, one of whose hands is disputed on purpose.
    store = Store(tmp_path_factory.mktemp("duck") / "db")
    import_paths([corpus, ROOT / "sample_histories"], store)
    return store


@pytest.fixture(scope="module")
def con(store):
    con = duckdb.connect()
    con.execute(readme_sql()["views"].replace("'db/", f"'{store.root}/"))
    return con


def rows(con, sql: str) -> list[dict]:
    """The rows of a query as dictionaries (DuckDB's own values: Decimal for money)."""
    result = con.sql(sql)
    return [dict(zip(result.columns, row)) for row in result.fetchall()]


def test_duckdb_reads_the_hands_and_verdicts_hhtools_stored(con, store):
    columns = ["site", "hand_id", "verdict", "total_pot"]
    got = con.sql(f"SELECT {', '.join(columns)} FROM hands ORDER BY site, hand_id").fetchall()
    want = store.read("hands").select(columns).sort("site", "hand_id")
    assert len(got) == want.height > 1000
    assert got == want.rows()


def test_the_readme_per_player_net_is_what_hhtools_stats_reports(con, store):
    got = rows(con, readme_sql()["per-player net"])
    stats = player_stats(Tables.load(store))
    assert len(got) == stats.height > 100
    want = {(r["player"], r["unit"]): (r["hands"], r["net"]) for r in stats.iter_rows(named=True)}
    money = {key: v for key, v in want.items() if key[1] != "tournament bb"}
    assert {(r["player"], r["unit"]): (r["hands"], r["net"]) for r in got
            if r["unit"] != "tournament bb"} == money
    # Money exact: the same Decimal sums, not floats.
    assert all(isinstance(r["net"], Decimal) for r in got)
    # Tournament chips apart from dollars, in big blinds: quotients, which each engine rounds
    # its own way (hhtools to 4 decimals a hand, and the sum to the cent), so equal to within
    # that rounding.
    blinds = [r for r in got if r["unit"] == "tournament bb"]
    assert blinds and {"USD"} <= {r["unit"] for r in got}
    for r in blinds:
        hands, net = want[(r["player"], r["unit"])]
        assert r["hands"] == hands
        assert abs(r["net"] - net) <= Decimal("0.0001") * hands + Decimal("0.005")


def test_the_readme_disputed_hands_are_every_hand_the_audit_disputes(con, store):
    got = rows(con, readme_sql()["every disputed hand"])
    hands = store.read("hands").filter(pl.col("verdict").is_in(["mismatch", "invalid"]))
    assert hands.height
    assert {(r["site"], r["hand_id"]) for r in got} == set(zip(hands["site"], hands["hand_id"]))
    findings = store.read("findings").join(hands.select("site", "hand_id"), on=["site", "hand_id"])
    assert sorted(r["message"] for r in got if r["message"]) == sorted(findings["message"])
    # The sample's hand disputed on purpose: the pot given to the wrong player.
    disputed = [r for r in got if r["hand_id"] == "910000012"]
    assert [r["kind"] for r in disputed] == ["winner_mismatch"]
    assert disputed[0]["path"].endswith("pokerstars-badugi-disputed.txt")
