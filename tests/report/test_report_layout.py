"""The report of a realistic store fits the screen: at 1280 px (a laptop) and at 390 px (a
phone) nothing is wider than the window, and nothing scrolls sideways inside the page either.

The store: the bundled session (2,600 generated hands of Badugi, Badeucy and 2-7 Triple Draw
in dollars, euros and KingsClub's unnamed unit, one hero), the hand-written histories (the
disputed hand), the escaping fixtures (hostile names and table, tests/data/report), broken histories (rejected hands, long paths) and, when it
is beside the clone, the real corpus (tournament chips, games hhtools does not read).

How it is measured: the page itself runs no script (its CSP forbids it), so the measuring
runs from Chromium's DevTools protocol (``Runtime.evaluate``, which the page's CSP does not
govern), after every ``<details>`` is opened so the replays are measured too. Each element
drawn must lie within the window (its bounding box between 0 and the window's width); the
document must not be wider than the window; and no element may scroll its own content
sideways (a table in a scroll box does not "fit"). Screenshots of both widths are written to
pytest's temporary folder, or to $HHTOOLS_SCREENSHOT_DIR, for a person to look at.
"""

import os
import shutil
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1]))
from browser import Chromium, chromium_or_skip  # noqa: E402

from hhtools.report.page import write_report  # noqa: E402
from hhtools.store.importer import import_paths  # noqa: E402
from hhtools.store.store import Store  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"

MEASURE = """
(() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const width = document.documentElement.clientWidth;
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const where = el => { const parts = []; for (let e = el; e && e !== document.body; e = e.parentElement) parts.unshift(name(e)); return parts.slice(-4).join(' > '); };
  const outside = [], scrolling = [];
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.left < -0.5 || box.right > width + 0.5) outside.push(`${where(el)}: ${Math.round(box.left)}..${Math.round(box.right)}`);
    const overflow = getComputedStyle(el).overflowX;
    if (overflow !== 'visible' && el.scrollWidth > el.clientWidth + 1) scrolling.push(`${where(el)}: ${el.scrollWidth} in ${el.clientWidth}`);
  }
  return {width, documentWidth: document.documentElement.scrollWidth,
          bodyWidth: document.body.scrollWidth, outside: outside.slice(0, 15),
          scrolling: scrolling.slice(0, 15), tables: document.querySelectorAll('table').length,
          images: document.images.length};
})()
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = Path(os.environ.get("HHTOOLS_SCREENSHOT_DIR") or tmp_path_factory.mktemp("layout"))
    folder.mkdir(parents=True, exist_ok=True)
    store = Store(folder / "db")
    # A file changed in the last minutes may still be written by its client, and its broken
    # last hand is held, not rejected (hhtools.reading.unfinished): in a fresh clone every file
    # is that new, so the rejected files are copied with an old modification time.
    invalid = folder / "invalid"
    shutil.copytree(ROOT / "tests" / "invalid", invalid, dirs_exist_ok=True)
    for file in invalid.rglob("*"):
        os.utime(file, (time.time() - 3600, time.time() - 3600))
    paths = [ROOT / "sample_histories" / "session", ROOT / "sample_histories" / "histories",
             ROOT / "tests" / "data" / "report", invalid]
    import_paths(paths + ([CORPUS] if CORPUS.is_dir() else []), store)
    assert store.rejections().height > 0  # the page lists them, with their long paths
    return write_report(store, folder / "session-report.html")


@pytest.fixture(scope="module")
def browser(report):
    with Chromium(chromium_or_skip()) as chromium:
        yield chromium


@pytest.mark.parametrize("width,mobile", [(1280, False), (390, True)], ids=["laptop", "phone"])
def test_nothing_overflows(browser, report, width, mobile):
    browser.open(report, width=width, height=900, mobile=mobile)
    measured = browser.evaluate(MEASURE)
    shot = browser.screenshot(report.with_name(f"session-report-{width}.png"))
    print(f"\nscreenshot at {width} px: {shot}")
    assert browser.errors() == []
    assert measured["width"] == width
    # The page is the real thing: the hero's tables and charts are there to be measured.
    assert measured["tables"] >= 10 and measured["images"] >= 5, measured
    assert measured["outside"] == [], measured
    assert measured["scrolling"] == [], measured
    assert measured["documentWidth"] <= width and measured["bodyWidth"] <= width, measured
    assert shot.read_bytes().startswith(b"\x89PNG")


#: The figures drawn on more than one line: "28.9" above "%" in a narrow headline card.
BROKEN_FIGURES = """
[...document.querySelectorAll('.card dd, td.num')].filter(el => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
}).map(el => el.textContent)
"""


@pytest.mark.parametrize("width,mobile", [(1280, False), (390, True)], ids=["laptop", "phone"])
def test_no_figure_is_broken_across_lines(browser, report, width, mobile):
    browser.open(report, width=width, height=900, mobile=mobile)
    # Headline cards side by side (dollars, euros, KingsClub's unit, tournaments...).
    assert browser.evaluate("document.querySelectorAll('#p1-headline .card').length") >= 4
    assert browser.evaluate(BROKEN_FIGURES) == []


def test_phone_tables_read_as_labelled_rows(browser, report):
    """At 390 px a wide table shows each row as lines of "label value", the label from the
    column's header: the numbers stay readable without a table wider than the phone."""
    browser.open(report, width=390, height=900, mobile=True)
    cell = browser.evaluate("""(() => {
        const td = document.querySelector('#p1-games-results tbody tr td:nth-child(3)');
        return {display: getComputedStyle(td).display,
                label: getComputedStyle(td, '::before').content, text: td.textContent,
                head: getComputedStyle(document.querySelector('#p1-games-results thead')).display};
    })()""")
    assert cell["display"] == "flex" and cell["head"] == "none"
    assert cell["label"] == '"Hands"' and cell["text"].replace(",", "").isdigit()
    browser.open(report, width=1280, height=900)
    assert browser.evaluate("getComputedStyle(document.querySelector("
                            "'#p1-games-results thead')).display") == "table-header-group"
