"""The HTML report: what it holds, and that nothing from a history file can run in it.

tests/data/report/pokerstars-badugi-hostile.txt has a player named ``<script>alert(1)</script>``,
a table named ``Hostile <img src=x onerror=alert(2)> & "Co"`` and chat with markup; its second
hand gives the pot to the wrong player (``mismatch``), so it is the report's disputed hand.
"""

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.cli import app
from hhtools.errors import UsageError
from hhtools.importer import import_paths
from hhtools.report import build_report
from hhtools.stats import Filters
from hhtools.store import Store

DATA = Path(__file__).parent / "data"
HOSTILE = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("db"))
    import_paths([DATA / "stats", DATA / "report"], store)
    return store


@pytest.fixture(scope="module")
def page(db):
    return build_report(db, Filters(player=HOSTILE))


def test_untrusted_text_is_escaped(page):
    assert "<script" not in page.lower()
    assert "<iframe" not in page.lower() and "<img src=x" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Hostile &lt;img src=x onerror=alert(2)&gt; &amp; &quot;Co&quot;" in page
    # Chat is shown as written, its own entities escaped once more.
    assert "&lt;script&gt;alert(4)&lt;/script&gt; &amp;amp; &amp;lt;gg&amp;gt;" in page
    assert "onerror=" not in re.sub(r"&lt;.*?&gt;", "", page)


def test_page_is_self_contained(page):
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page).group(1)
    assert "default-src &#x27;none&#x27;" in csp and "img-src data:" in csp
    # No address to fetch anything from: images are data: URIs, no link, no script.
    assert not re.search(r'(src|href)="(?!data:image/png;base64,)', page)
    assert "http://" not in page and "https://" not in page


def test_stats_tables_and_charts(page):
    assert page.count('<table id="stats-players">') == 1
    players = re.search(r'<table id="stats-players">.*?</table>', page, re.S).group(0)
    assert players.count("<tr>") == 2  # the header and the one player
    assert '<td class="text">&lt;script&gt;alert(1)&lt;/script&gt;</td>' in players
    for kind in ("winnings", "draws", "positions", "showdowns"):
        assert re.search(rf'<figure id="chart-{kind}"><img class="chart" alt="[^"]+" '
                         r'src="data:image/png;base64,[A-Za-z0-9+/=]{1000,}">', page), kind
    # No Badeucy hand: the splits chart is a message, not an empty frame.
    assert re.search(r'<figure id="chart-splits"><p class="no-data">no Badeucy or Badacey '
                     r'showdowns for &lt;script&gt;alert\(1\)&lt;/script&gt; in the store', page)


def test_audit_section_explains_the_disputed_hand(page):
    section = page[page.index('<h2 id="audit">'):]
    assert "1 of 2 hands is not <code>ok</code>" in section
    assert 'id="hand-pokerstars-910000002"' in section and "910000001" not in section
    assert '<span class="verdict-mismatch">mismatch</span>' in section
    # The finding says its line once.
    assert "<strong>winner_mismatch</strong>: line 76: " in section
    assert section.count("line 76") == section.count("line 76: ")
    explanation = re.search(r'<pre class="explanation">(.*?)</pre>', section, re.S).group(1)
    assert "4-card Badugi 9-8-7-2 beats 4-card Badugi K-Q-J-T" in explanation
    assert "history says: Eve 1.45" in explanation
    replay = re.search(r'<pre class="replay">(.*?)</pre>', section, re.S).group(1)
    assert replay.startswith("Hand 910000002 (pokerstars, Badugi)")
    assert "line 66: Eve bets 0.50. Pot " in replay


def test_every_hand_ok(tmp_path):
    store = Store(tmp_path / "db")
    import_paths([DATA / "stats"], store)
    page = build_report(store, Filters(player="Alice"))
    assert '<p class="ok" id="audit-ok">Every hand audited ok (3 hands).</p>' in page
    assert "<h1 id=\"title\">hhtools report: Alice</h1>" in page


def test_without_player_covers_everyone_and_charts_the_hero(db):
    page = build_report(db)
    players = re.search(r'<table id="stats-players">.*?</table>', page, re.S).group(0)
    assert players.count("<tr>") == 1 + 6  # Alice, Bob, Carol, Dana, Eve and the hostile name
    assert "Charts for Alice, whose cards are known in the most hands" in page
    assert page.count('<img class="chart"') == 4


def test_history_file_gone(tmp_path):
    copy = tmp_path / "hostile.txt"
    shutil.copy(DATA / "report" / "pokerstars-badugi-hostile.txt", copy)
    store = Store(tmp_path / "db")
    import_paths([copy], store)
    copy.unlink()
    page = build_report(store)
    assert f"The history file {copy} is not there any more" in page
    assert "<strong>winner_mismatch</strong>" in page  # the stored findings are still shown
    assert '<pre class="explanation">' not in page


def test_unknown_player(db):
    with pytest.raises(UsageError, match="no player 'Zed' in the store"):
        build_report(db, Filters(player="Zed"))


def test_report_command(db, tmp_path):
    out = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["report", "--player", "Alice", "--db", str(db.root),
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"report: {out}"
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    result = CliRunner().invoke(app, ["report", "--player", "Zed", "--db", str(db.root),
                                      "--out", str(tmp_path / "zed.html")])
    assert result.exit_code == 2 and "hhtools: no player 'Zed' in the store" in result.output
