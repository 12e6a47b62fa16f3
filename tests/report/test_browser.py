"""The report in a real browser: headless Chromium loads it as a person would.

Checks: no console error, exception or blocked request (the Content-Security-Policy would log
one); every chart image decoded and not blank; the player's header and the tables' rows; the
hostile player name shown as text, with no script in the page and no dialog opened.
tests/report/test_report_layout.py checks that a realistic report fits laptop and phone widths. The page and a screenshot are
left in pytest's temporary folder (the path is printed with -s), or in $HHTOOLS_SCREENSHOT_DIR.

Chromium comes from Debian's ``chromium`` package, which .ci/run installs: in CI a missing
browser fails the test; elsewhere it is skipped with the reason.
"""

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1]))
from browser import Chromium, chromium_or_skip  # noqa: E402

from hhtools.analytics.stats import Filters  # noqa: E402
from hhtools.report.page import write_report  # noqa: E402
from hhtools.store.importer import import_paths  # noqa: E402
from hhtools.store.store import Store  # noqa: E402

DATA = Path(__file__).parents[1] / "data"
HOSTILE = "<script>alert(1)</script>"

# Decodes every image, draws it on a canvas and counts its distinct colours: a blank chart
# has one. Runs from DevTools, which the page's CSP does not restrict.
IMAGES = """
(async () => {
  const out = [];
  for (const img of document.images) {
    let decoded = true;
    try { await img.decode(); } catch (e) { decoded = false; }
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    let colours = 0;
    if (decoded && img.naturalWidth > 0) {
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set();
      for (let i = 0; i < data.length && seen.size < 50; i += 4 * 97) {
        seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      }
      colours = seen.size;
    }
    out.push({id: img.closest('figure').id, decoded, width: img.naturalWidth,
              height: img.naturalHeight, colours});
  }
  return out;
})()
"""


@pytest.fixture(scope="module")
def chromium_path():
    return chromium_or_skip()


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = Path(os.environ.get("HHTOOLS_SCREENSHOT_DIR") or tmp_path_factory.mktemp("report"))
    folder.mkdir(parents=True, exist_ok=True)
    store = Store(folder / "db")
    import_paths([DATA / "stats", DATA / "report"], store)
    return write_report(store, folder / "report.html", Filters(player=HOSTILE))


@pytest.fixture(scope="module")
def browser(chromium_path, report):
    with Chromium(chromium_path) as chromium:
        chromium.open(report)
        yield chromium


def test_page_loads_without_errors(browser):
    assert browser.evaluate("document.readyState") == "complete"
    assert browser.evaluate("document.title") == f"hhtools report: {HOSTILE}"
    assert browser.errors() == []


def test_every_chart_is_decoded_and_not_blank(browser):
    images = browser.evaluate(IMAGES)
    assert [i["id"] for i in images] == ["p1-chart-winnings", "p1-chart-sessions",
                                         "p1-chart-positions", "p1-chart-draws",
                                         "p1-chart-showdowns"]
    for image in images:
        assert image["decoded"] and image["width"] >= 400 and image["height"] >= 300, image
        assert image["colours"] >= 5, image


def test_header_and_tables_as_shown(browser):
    card = browser.evaluate("""[...document.querySelectorAll('#p1-headline .card')]
        .map(c => [c.querySelector('h3').textContent, c.querySelector('.net').textContent])""")
    assert card == [["Badugi 0.25/0.5, USD", "+0.40 USD"]]
    rows = browser.evaluate("""[...document.querySelectorAll('#stats-players tbody tr')]
        .map(tr => [...tr.cells].map(td => td.textContent))""")
    assert len(rows) == 1
    assert rows[0][:4] == [HOSTILE, "USD", "2", "+0.40"]
    headers = browser.evaluate("[...document.querySelectorAll('#stats-players th')].map(th => th.textContent)")
    assert headers[:4] == ["Player", "Unit", "Hands", "Net"]
    positions = browser.evaluate("[...document.querySelectorAll('#p1-positions tbody tr')]"
                                 ".map(tr => tr.cells[0].textContent)")
    assert positions == ["button", "big blind"]
    # Numbers line up: right-aligned, in figures of one width.
    style = browser.evaluate("(() => { const s = getComputedStyle(document.querySelector("
                             "'#stats-players td.num')); return [s.textAlign, s.fontVariantNumeric]; })()")
    assert style == ["right", "tabular-nums"]


def test_hostile_name_stays_inert(browser):
    assert browser.evaluate("document.scripts.length") == 0
    assert browser.evaluate("document.querySelectorAll('iframe, img:not(.chart), [onerror]').length") == 0
    assert browser.dialogs() == []
    assert browser.evaluate("document.querySelector('h1').textContent") == f"hhtools report: {HOSTILE}"
    table = browser.evaluate("document.querySelector('.hand .meta').textContent")
    assert table.startswith('Table Hostile <img src=x onerror=alert(2)> & "Co"')
    assert "<script>alert(4)</script>" in browser.evaluate("document.querySelector('pre.chat').textContent")


def test_screenshot_for_a_person(browser, report):
    shot = browser.screenshot(report.with_suffix(".png"))
    print(f"\nreport: {report}\nscreenshot: {shot}")
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 50_000
