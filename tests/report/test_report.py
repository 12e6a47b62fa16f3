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

from hhtools.analytics.stats import Filters
from hhtools.cli.main import app
from hhtools.errors import HHToolsError, UsageError
from hhtools.report.page import build_report
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

DATA = Path(__file__).parents[1] / "data"
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
    # No address to fetch anything from: images are data: URIs, links only lead within the
    # page, no script.
    assert not re.search(r'(src|href)="(?!data:image/png;base64,|#)', page)
    assert "http://" not in page and "https://" not in page
    for target in re.findall(r'href="#([^"]+)"', page):
        assert f'id="{target}"' in page, target


def test_player_header_tables_and_charts(page):
    assert page.count('<table id="stats-players"') == 1
    players = re.search(r'<table id="stats-players".*?</table>', page, re.S).group(0)
    assert players.count("<tr>") == 2  # the header and the one player
    assert '<td class="text" data-label="Player">&lt;script&gt;alert(1)&lt;/script&gt;</td>' in players
    # The header: one card per money unit, net with its sign and unit.
    headline = re.search(r'<div class="cards" id="p1-headline">(.*?)</div>\s*<h3', page, re.S).group(1)
    assert '<p class="net won">+0.40 USD</p>' in headline
    assert "<dt>Hands</dt><dd>2</dd>" in headline and "<dt>VPIP</dt><dd>50.0%</dd>" in headline
    # Limit Badugi: the win rate in big bets per 100 hands, named as limit players name it.
    assert "<h3>Badugi 0.25/0.5, USD</h3>" in headline
    assert "<dt>Big bets per 100 hands (BB/100)</dt><dd>+40.00</dd>" in headline
    assert "bb/100" not in headline
    # The winnings chart comes first, then the sections in their order.
    order = [page.index(f'id="p1-{name}"') for name in
             ("headline", "winnings", "games", "positions", "draws", "showdowns")]
    assert order == sorted(order)
    for kind in ("winnings", "draws", "positions", "showdowns"):
        assert re.search(rf'<figure id="p1-chart-{kind}"><img class="chart" alt="[^"]+" '
                         r'src="data:image/png;base64,[A-Za-z0-9+/=]{1000,}">', page), kind
    # No Badeucy hand: no split-pot section, and no tournament.
    assert 'id="p1-splits"' not in page and 'id="p1-tournaments"' not in page


def test_what_the_page_covers(page):
    # Both hands were played on one day: said once, not "2026-02-11 to 2026-02-11".
    assert '<p class="summary">2 hands of Badugi at pokerstars, 2026-02-11; 1 player;' in page
    assert '<p class="meta">2 hands of Badugi at pokerstars; 2026-02-11.</p>' in page


def test_audit_section_explains_the_disputed_hand(page):
    section = page[page.index('<h2 id="audit">'):]
    assert "1 of 2 hands is not <code>ok</code>" in section
    assert 'id="hand-pokerstars-910000002"' in section and "910000001" not in section
    assert '<span class="verdict-mismatch">mismatch</span>' in section
    assert "<h3>pokerstars hand 910000002: Badugi <span" in section  # not hhtools' "badugi"
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


def test_without_player_covers_everyone_and_details_the_heroes(db):
    page = build_report(db)
    players = re.search(r'<table id="stats-players".*?</table>', page, re.S).group(0)
    assert players.count("<tr>") == 1 + 6  # Alice, Bob, Carol, Dana, Eve and the hostile name
    assert ("Shown in detail: the heroes (the players whose own cards the histories show), "
            "most hands as hero first: Alice, &lt;script&gt;alert(1)&lt;/script&gt;.") in page
    assert re.findall(r'<section class="player" id="(p\d)-player">\s*<h2 id="p\d-name">([^<]*)</h2>',
                      page) == [("p1", "Alice"), ("p2", "&lt;script&gt;alert(1)&lt;/script&gt;")]
    assert page.count('<img class="chart"') == 10  # five charts each
    assert '<p class="ok" id="not-read-none">Every hand in the imported files was read.</p>' in page


def test_money_is_never_added_across_units(tmp_path):
    """A player with dollars and euros: one headline card per currency, the winnings chart
    in big bets, and every table row in one unit."""
    folder = tmp_path / "histories"
    folder.mkdir()
    text = (DATA / "stats" / "pokerstars-badugi-worked.txt").read_text(encoding="utf-8")
    (folder / "usd.txt").write_text(text, encoding="utf-8")
    (folder / "eur.txt").write_text(text.replace("$", "€").replace("USD", "EUR")
                                    .replace("#9000000", "#8000000"), encoding="utf-8")
    store = Store(tmp_path / "db")
    import_paths([folder], store)
    page = build_report(store, Filters(player="Alice"))
    cards = re.findall(r'<section class="card"><h3>([^<]+)</h3><p class="net[^"]*">([^<]+)</p>', page)
    assert sorted(cards) == [("Badugi 0.25/0.5, EUR", "+2.35 EUR"),
                             ("Badugi 0.25/0.5, USD", "+2.35 USD")]
    assert ("In big bets: Alice played Badugi 0.25/0.5 in EUR and USD, which cannot be added "
            "up") in page
    assert page.count("<figure id=\"p1-chart-winnings") == 1  # one chart for one stakes
    assert re.search(r'<figure id="p1-chart-winnings"><img class="chart"', page)


def test_what_was_not_read(tmp_path):
    """Rejected hands counted per file and listed with line and reason; hands of games
    hhtools does not read counted per file and game."""
    folder = tmp_path / "histories"
    folder.mkdir()
    shutil.copy(Path(__file__).parents[1] / "invalid" / "pokerstars" / "first-of-two-broken.txt",
                folder / "broken.txt")
    holdem = (DATA / "stats" / "pokerstars-badugi-worked.txt").read_text(encoding="utf-8")
    (folder / "holdem.txt").write_text(holdem.replace("Badugi Limit", "Hold'em Limit"),
                                       encoding="utf-8")
    store = Store(tmp_path / "db")
    import_paths([folder], store)
    section = build_report(store)
    section = section[section.index('<h2 id="not-read">'):section.index('<h2 id="about">')]
    assert "rejected 1 hand and skipped 3 hands" in section
    files = re.search(r'<table id="rejected-files".*?</table>', section, re.S).group(0)
    assert f'<td class="text" data-label="File">{folder / "broken.txt"}</td>' in files
    assert '<td class="num" data-label="Hands rejected">1</td>' in files
    listed = re.search(r'<table id="rejected-hands".*?</table>', section, re.S).group(0)
    assert f"{folder / 'broken.txt'}:" in listed
    skipped = re.search(r'<table id="skipped-games".*?</table>', section, re.S).group(0)
    assert "Hold&#x27;em" in skipped and '<td class="num" data-label="Hands">3</td>' in skipped


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


def test_many_disputed_hands_past_the_explained_ones_are_listed(db, monkeypatch):
    import hhtools.report.disputes as report_audit

    monkeypatch.setattr(report_audit, "EXPLAINED", 0)
    section = build_report(db)
    section = section[section.index('<h2 id="audit">'):section.index('<h2 id="not-read">')]
    assert '<pre class="explanation">' not in section
    listed = re.search(r'<table id="audit-more".*?</table>', section, re.S).group(0)
    assert '<td class="text" data-label="Hand">910000002</td>' in listed
    assert '<td class="text" data-label="Verdict">mismatch</td>' in listed
    assert '<td class="text" data-label="Game">Badugi</td>' in listed


def test_tournament_slot(corpus, tmp_path):
    """A player with tournament hands gets the tournament section (their finish, prize and
    net in money, the results chart) and their chips a card of their own in big blinds, never
    money; a player without any gets no such section."""
    tournament = corpus / "pokerstars" / "LBad-USD-SNG8-201011.txt"
    store = Store(tmp_path / "db")
    import_paths([tournament, DATA / "stats"], store)
    page = build_report(store, Filters(player="Player5"))
    section = page[page.index('<h3 id="p1-tournaments">Tournaments</h3>'):]
    each = section[section.index('id="p1-tournaments-results"'):]
    each = each[:each.index("</table>")]
    # Player5 finished 3rd for $1.60 of a $1.00+$0.20 sit & go.
    assert '<td class="text" data-label="Finish">3rd</td>' in each
    assert '<td class="num won" data-label="Net">+0.40</td>' in each
    assert '<td class="text" data-label="Buy-in">1.00+0.20 USD</td>' in each
    assert 'id="p1-tournaments-chart"><img' in section
    assert ('<section class="card"><h3>Badugi every blind level, tournaments, in big blinds '
            '(chips are not money)</h3>') in page
    # The card says what the chips won in money too: the buy-in and the prize.
    card = page[page.index("<h3>Badugi every blind level, tournaments, in big blinds"):]
    card = card[:card.index("</section>")]
    assert ("<dt>Tournaments (USD)</dt><dd>1</dd></div><div><dt>Net in USD</dt><dd>+0.40</dd>"
            "</div><div><dt>ROI</dt><dd>+33.3%</dd>") in card
    assert 'id="p1-tournaments"' not in build_report(store, Filters(player="Alice"))


def test_cash_and_tournaments_kept_apart(corpus, tmp_path):
    """--type cash|tournament selects cash-game or tournament hands, and a player with both
    gets a winnings chart of the cash games: tournament chips are not money."""
    store = Store(tmp_path / "db")
    import_paths([corpus / "pokerstars" / "LBad-USD-SNG8-201011.txt", DATA / "stats"], store)
    runner = CliRunner()
    db = ["--db", str(tmp_path / "db")]
    both = runner.invoke(app, ["stats", *db, "--format", "csv"])
    cash = runner.invoke(app, ["stats", *db, "--format", "csv", "--type", "cash"])
    sng = runner.invoke(app, ["stats", *db, "--format", "csv", "--type", "Tournament"])
    assert both.exit_code == cash.exit_code == sng.exit_code == 0
    assert "tournament bb" in both.stdout and "USD" in both.stdout
    assert "tournament bb" not in cash.stdout and "Alice" in cash.stdout
    assert "USD" not in sng.stdout and "Player5" in sng.stdout and "Alice" not in sng.stdout
    wrong = runner.invoke(app, ["stats", *db, "--type", "sng"])
    assert wrong.exit_code == 2 and "cash, tournament" in wrong.stderr


def test_winnings_chart_of_cash_games_beside_tournaments(tmp_path):
    """A hero of cash games and sit & gos: the winnings chart draws the cash games, and the
    tournaments are in money in their own section."""
    from hhtools.generate import write_history
    from hhtools.generate.tournament import write_tournament

    write_history(tmp_path / "cash.txt", site="pokerstars", game="badugi", hands=40, seed=3)
    write_tournament(tmp_path / "sng.txt", site="pokerstars", game="badugi", seed=3, entrants=6)
    store = Store(tmp_path / "db")
    import_paths([tmp_path / "cash.txt", tmp_path / "sng.txt"], store)
    page = build_report(store, Filters(player="Hero"))
    winnings = page[page.index('<h3 id="p1-winnings">'):page.index('<h3 id="p1-stakes">')]
    assert "Cash games only" in winnings and 'id="p1-chart-winnings"><img' in winnings
    assert 'id="p1-tournaments-chart"><img' in page
    # The filters choose the tournaments too: a cash-game report has none.
    cash = build_report(store, Filters(player="Hero", hand_type="cash"))
    assert 'id="p1-tournaments"' not in cash and "; type cash; made" in cash
    sng = build_report(store, Filters(player="Hero", hand_type="tournament"))
    assert 'id="p1-tournaments-chart"><img' in sng and "with a hand the filters select" in sng


def test_a_store_of_tournament_summaries_only(tmp_path):
    """A player who imported only the summaries PokerStars e-mails: the report shows their
    tournaments (it said "no hand matches: nobody to show" and --player Hero was "no player")
    and no empty section for each kind of hand."""
    from hhtools.generate.tournament import write_tournament

    for seed in (1, 2):
        write_tournament(tmp_path / f"sng{seed}.txt", "pokerstars", "badugi", seed=seed,
                         entrants=6, summary=tmp_path / f"summary{seed}.txt")
    store = Store(tmp_path / "db")
    import_paths(sorted(tmp_path.glob("summary*.txt")), store)
    page = build_report(store)
    assert "only tournament summary files: shown in detail, their hero: Hero." in page
    assert '<p class="summary">No hand is stored, only 2 tournament summaries.</p>' in page
    part = page[page.index('id="p1-player"'):page.index('id="players"')]
    assert "No hand stored: their tournaments come from summary files." in part
    assert '<td class="text" data-label="Game">Badugi</td>' in part
    assert 'id="p1-tournaments-chart"><img' in part
    assert 'id="p1-winnings"' not in part and "no hands match" not in part
    assert 'id="p1-tournaments-totals"' in build_report(store, Filters(player="hero"))
    with pytest.raises(HHToolsError, match=r"no hands in the store \(type cash\): no report"):
        build_report(store, Filters(hand_type="cash"))


def test_headline_cards_name_their_unit_as_a_player_would():
    from hhtools.report.sections import unit_title

    assert unit_title("USD") == "USD"
    assert unit_title("cash") == "cash, currency not named in the histories"
    assert unit_title("play").startswith("play money")  # Winamax play chips, not "play"
    assert unit_title("tournament bb").startswith("tournaments, in big blinds")
