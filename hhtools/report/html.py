"""The building blocks of the HTML report: the style sheet and its Content-Security-Policy,
escaped and formatted values, tables, figures and the page around them.

Everything that comes from a history file (names, tables, chat, paths, the audit's wording)
goes through ``html.escape`` here or in the caller; nothing here writes a script.

Tables fit the page instead of scrolling: they take the page's width, text cells wrap, and
below 40rem (a phone) a table of more than four columns turns each row into a small card of
"label value" lines, the label coming from the cell's ``data-label`` attribute.
"""

from __future__ import annotations

import base64
import hashlib
import io
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from html import escape
from typing import TYPE_CHECKING

import polars as pl

if TYPE_CHECKING:
    from matplotlib.figure import Figure

CSS = """
*, *::before, *::after { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5rem auto;
       max-width: 72rem; padding: 0 1rem; color: #1b1b1b; background: #fff; line-height: 1.4;
       overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { border-bottom: 2px solid #ddd; margin-top: 2.2rem; padding-bottom: .2rem; }
h3 { margin: 1.6rem 0 .4rem; }
.meta { color: #555; margin-top: 0; }
nav ul { padding-left: 1.2rem; margin: .3rem 0; } nav li { margin: .1rem 0; }
.summary { font-size: 1.05rem; }
.player { border-top: 4px solid #2e8b3a; margin-top: 2.5rem; }
.player > h2 { border: none; margin-top: .6rem; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); gap: .8rem;
         margin: .8rem 0 1.2rem; }
.card { border: 1px solid #d5d5d5; border-radius: 6px; padding: .6rem .8rem; background: #fafafa; }
.card h3 { margin: 0; font-size: .95rem; color: #444; font-weight: 600; }
.card .net { font-size: 1.6rem; font-weight: 700; margin: .1rem 0 .4rem;
             font-variant-numeric: tabular-nums; }
.card dl { margin: 0; font-size: .9rem; }
.card dl div { display: flex; justify-content: space-between; gap: .8rem; padding: .05rem 0; }
.card dt { color: #555; } .card dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums;
                                     white-space: nowrap; }
.won { color: #1e7b34; } .lost { color: #b00020; }
table { border-collapse: collapse; font-size: .88rem; margin: .4rem 0 1.2rem;
        min-width: min(100%, 40rem); }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { border-bottom: 1px solid #ddd; padding: .25rem .5rem; vertical-align: top; }
th { background: #f3f3f3; font-weight: 600; border-bottom: 2px solid #ccc; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.text { text-align: left; }
tbody tr:nth-child(even) { background: #fafafa; }
figure { margin: 1rem 0 1.6rem; } figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { color: #555; font-size: .9rem; }
.no-data { color: #8a5a00; background: #fff8e6; padding: .4rem .6rem; border-left: 4px solid #e0a800; }
.hand { border: 1px solid #ccc; border-radius: 4px; padding: .2rem 1rem 1rem; margin: 1rem 0; }
.verdict-mismatch, .verdict-invalid, .verdict-unparsed { color: #b00020; font-weight: 700; }
.verdict-unverifiable { color: #8a5a00; font-weight: 700; }
pre { background: #f7f7f7; padding: .6rem; font-size: .8rem; white-space: pre-wrap;
      overflow-wrap: anywhere; }
summary { cursor: pointer; font-weight: 600; }
.ok { color: #1e7b34; font-weight: 600; }
@media (max-width: 40rem) {
  body { margin: .8rem auto; padding: 0 .6rem; }
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack caption { display: block; }
  table.stack thead { display: none; }
  table.stack tr { border: 1px solid #ddd; border-radius: 4px; margin: 0 0 .5rem; padding: .2rem .4rem; }
  table.stack td { display: flex; justify-content: space-between; gap: 1rem; border: none;
                   padding: .1rem 0; white-space: normal; text-align: right; }
  table.stack td::before { content: attr(data-label); color: #555; text-align: left;
                           font-weight: 600; flex: none; max-width: 50%; }
  table.stack td.text { font-weight: 600; }
}
"""

#: The style sheet is allowed by its hash: no other style, no script, no request of any kind.
CSP = ("default-src 'none'; img-src data:; style-src 'sha256-{digest}'; base-uri 'none'; "
       "form-action 'none'")

#: Tables with more columns than this become stacked cards on a phone.
STACK_ABOVE = 4


def text(value: object) -> str:
    """Any cell or value as escaped text; money exact, never through float."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Decimal):
        cents = value.quantize(Decimal("0.01"))
        return escape(f"{cents:,}" if cents == value else f"{value.normalize():,}")
    if isinstance(value, float):
        return escape(f"{value:,.2f}".rstrip("0").rstrip(".") if value % 1 else f"{value:,.0f}")
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, datetime):
        return escape(value.strftime("%Y-%m-%d %H:%M UTC"))
    return escape(str(value))


def days(when: pl.Series) -> str:
    """The days of the times ``when``: ``2024-03-02 to 2024-03-29``, one day once, or ""."""
    when = when.drop_nulls()
    if when.len() == 0:
        return ""
    first, last = f"{when.dt.min():%Y-%m-%d}", f"{when.dt.max():%Y-%m-%d}"
    return first if first == last else f"{first} to {last}"


def signed(value: object) -> str:
    """A result with its sign, as trackers print them: ``+12.50``, ``-3``, ``0``."""
    if value is None:
        return ""
    shown = text(value)
    return shown if shown.startswith("-") or value == 0 else "+" + shown


def tone(value: object) -> str:
    """The class that colours a result: won, lost, or none."""
    if not isinstance(value, (int, float, Decimal)) or value == 0:
        return ""
    return "won" if value > 0 else "lost"


@dataclass(frozen=True)
class Column:
    """One column of a report table: the DataFrame column, its header, and how its cells
    read: ``text``, ``int``, ``money`` and ``signed`` (with their sign, coloured),
    ``pct`` (one decimal) or ``num``."""

    key: str
    label: str
    kind: str = "num"

    def cell(self, value: object) -> tuple[str, str]:
        """(classes, escaped text) of one cell."""
        if self.kind == "text":
            return "text", text(value)
        return f"num {tone(value) if self.kind in ('money', 'signed') else ''}".strip(), \
            number(value, self.kind)


def number(value: object, kind: str = "num") -> str:
    """A figure as the report prints it: ``money`` exact with its sign, ``signed`` with its
    sign and two decimals, ``pct`` with one decimal, ``num`` floats with two; – when unknown."""
    if value is None:
        return "–"
    if isinstance(value, float):
        value = round(value, 2) + 0.0  # no "-0.00"
    if kind in ("money", "signed"):
        shown = f"{value:+,.2f}" if isinstance(value, float) else signed(value)
        return shown.replace("+0.00", "0.00")
    if kind == "pct":
        return f"{value:.1f}"
    return f"{value:,.2f}" if isinstance(value, float) else text(value)


def table(df: pl.DataFrame, columns: list[Column], table_id: str, caption: str,
          empty: str = "no hands match") -> str:
    """The ``columns`` of ``df`` as an HTML table; every header and cell escaped."""
    if df.height == 0:
        return f'<p class="no-data" id="{escape(table_id)}">{escape(caption)}: {escape(empty)}.</p>'
    head = "".join(f'<th scope="col" class="{"text" if c.kind == "text" else "num"}">'
                   f"{escape(c.label)}</th>" for c in columns)
    rows = []
    for row in df.select([c.key for c in columns]).iter_rows():
        cells = []
        for column, value in zip(columns, row):
            classes, shown = column.cell(value)
            cells.append(f'<td class="{classes}" data-label="{escape(column.label)}">{shown}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    stack = ' class="stack"' if len(columns) > STACK_ABOVE else ""
    return (f'<table id="{escape(table_id)}"{stack}><caption>{escape(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def png_bytes(fig: Figure) -> bytes:
    """A matplotlib Figure as PNG, drawn at the figure's own dpi (the charts' 100).

    The bytes are ``fig.savefig(buffer, format="png")``'s, with one drawing where savefig
    makes two for a figure with a layout engine (a first one with the renderer's drawing
    turned off, to lay it out; then the picture): drawing an Agg canvas lays the figure out
    and draws it at once, and ``imsave`` writes its pixels as savefig's PNG writer does (the
    same metadata and compression). A sixth of the time of saving the report's charts."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.image import imsave

    before = fig.canvas
    canvas = FigureCanvasAgg(fig)
    canvas.draw()  # type: ignore[no-untyped-call]  # (backend_agg has no type stubs)
    buffer = io.BytesIO()
    imsave(buffer, canvas.buffer_rgba(), format="png", origin="upper",  # type: ignore[no-untyped-call]
           dpi=fig.dpi)
    fig.set_canvas(before)  # as savefig leaves it
    return buffer.getvalue()


def png(fig: Figure) -> str:
    """A matplotlib Figure as a base64 PNG (for a ``data:`` URI): ``png_bytes``."""
    return base64.b64encode(png_bytes(fig)).decode("ascii")


def figure(figure_id: str, title: str, alt: str, fig: Figure | None = None,
           missing: str = "") -> str:
    """A chart as an embedded image with its caption, or the reason it is ``missing``."""
    if fig is None:
        return (f'<figure id="{escape(figure_id)}"><p class="no-data">{escape(missing)}</p>'
                f"<figcaption>{escape(title)}</figcaption></figure>")
    return (f'<figure id="{escape(figure_id)}"><img class="chart" alt="{escape(alt)}" '
            f'src="data:image/png;base64,{png(fig)}"><figcaption>{escape(title)}</figcaption></figure>')


def page(title: str, body: list[str]) -> str:
    """The whole document: ``body`` (HTML already escaped) under the style sheet and its CSP."""
    digest = base64.b64encode(hashlib.sha256(CSS.encode()).digest()).decode()
    head = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{escape(CSP.format(digest=digest))}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{CSS}</style></head><body>",
    ]
    return "\n".join([*head, *(part for part in body if part), "</body></html>"]) + "\n"
