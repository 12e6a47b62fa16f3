"""One self-contained HTML page: a player's statistics, their charts, and every disputed hand explained.

The page needs no network and runs no script: charts are PNG images inside ``data:`` URIs, the
style sheet is inline and allowed by its hash in a Content-Security-Policy that forbids
everything else. Player names, table names, chat and the audit's wording all come from history
files that anyone can write, so every piece of text goes through ``html.escape``: a player
called ``<script>alert(1)</script>`` is shown as those characters, never run.

``build_report(store, filters)`` reads the store and returns the page; ``hhtools report`` writes it.
"""

from __future__ import annotations

import base64
import hashlib
import io
from datetime import datetime, timezone
from decimal import Decimal
from html import escape
from pathlib import Path

import polars as pl

from hhtools.errors import HHToolsError, UsageError
from hhtools.stats import KEY, Filters, Tables, check_filters, draw_stats, player_stats, position_stats, split_stats
from hhtools.store import Store
from hhtools.words import plural

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5rem auto;
       max-width: 72rem; padding: 0 1rem; color: #1b1b1b; background: #fff; line-height: 1.4; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { border-bottom: 2px solid #ddd; margin-top: 2rem; }
.meta { color: #555; margin-top: 0; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: .85rem; margin: .5rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { border: 1px solid #ccc; padding: .2rem .45rem; text-align: right; white-space: nowrap; }
th { background: #f3f3f3; } td.text, th.text { text-align: left; }
figure { margin: 1rem 0 2rem; } figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { color: #555; font-size: .9rem; }
.no-data { color: #8a5a00; background: #fff8e6; padding: .4rem .6rem; border-left: 4px solid #e0a800; }
.hand { border: 1px solid #ccc; border-radius: 4px; padding: .2rem 1rem 1rem; margin: 1rem 0; }
.verdict-mismatch, .verdict-invalid, .verdict-unparsed { color: #b00020; font-weight: 700; }
.verdict-unverifiable { color: #8a5a00; font-weight: 700; }
pre { background: #f7f7f7; padding: .6rem; overflow-x: auto; font-size: .8rem; white-space: pre-wrap; }
.ok { color: #1e7b34; font-weight: 600; }
"""

#: The style sheet is allowed by its hash: no other style, no script, no request of any kind.
CSP = ("default-src 'none'; img-src data:; style-src 'sha256-{digest}'; base-uri 'none'; "
       "form-action 'none'")

CHART_TITLES = {
    "winnings": "Winnings over hands played, with and without showdown",
    "draws": "Cards drawn at each draw, and how often pat",
    "positions": "Results by position",
    "showdowns": "Strength of the hands shown down, won and lost",
    "splits": "Badeucy and Badacey: halves won and scoops",
}


def _text(value) -> str:
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
    if isinstance(value, datetime):
        return escape(value.strftime("%Y-%m-%d %H:%M UTC"))
    return escape(str(value))


def html_table(df: pl.DataFrame, table_id: str, caption: str) -> str:
    """A DataFrame as an HTML table, every header and cell escaped."""
    if df.height == 0:
        return f'<p class="no-data" id="{escape(table_id)}">{escape(caption)}: no hands match.</p>'
    text_columns = {name for name, dtype in df.schema.items() if dtype == pl.String}
    head = "".join(f'<th scope="col" class="{"text" if c in text_columns else "num"}">'
                   f'{escape(c.replace("_", " "))}</th>' for c in df.columns)
    rows = []
    for row in df.iter_rows():
        cells = "".join(f'<td class="{"text" if c in text_columns else "num"}">{_text(v)}</td>'
                        for c, v in zip(df.columns, row))
        rows.append(f"<tr>{cells}</tr>")
    return (f'<div class="scroll"><table id="{escape(table_id)}"><caption>{escape(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def figure_png(fig) -> str:
    """A matplotlib Figure as a base64 PNG (for a ``data:`` URI)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def chart_section(t: Tables, filters: Filters) -> str:
    """Every chart for ``filters.player`` as an embedded image, or the reason it is missing."""
    from hhtools.charts import CHARTS, chart

    parts = []
    for kind in CHARTS:
        title = CHART_TITLES[kind]
        try:
            try:
                fig = chart(t, kind, filters)
            except HHToolsError:
                if kind != "winnings":
                    raise
                # Several currencies (or chips) cannot be added up: big bets can.
                fig = chart(t, kind, filters, "big-bets")
        except HHToolsError as exc:
            parts.append(f'<figure id="chart-{kind}"><p class="no-data">{escape(str(exc))}</p>'
                         f"<figcaption>{escape(title)}</figcaption></figure>")
            continue
        parts.append(f'<figure id="chart-{kind}"><img class="chart" alt="{escape(title)}: '
                     f'{escape(filters.player or "")}" src="data:image/png;base64,{figure_png(fig)}">'
                     f"<figcaption>{escape(title)}</figcaption></figure>")
    return "\n".join(parts)


def _selected_hands(store: Store, t: Tables, filters: Filters) -> pl.DataFrame:
    """The stored hands the report covers, with what the audit section needs."""
    hands = store.read_columns("hands", KEY + ["game", "table", "started_at", "verdict", "path", "line"])
    chosen = t.filtered(filters)
    keys = chosen.players.select(KEY).unique() if (filters.player or filters.position) else chosen.hands.select(KEY)
    return hands.join(keys, on=KEY, how="semi")


def _hand_id_order(df: pl.DataFrame) -> pl.DataFrame:
    return df.sort(pl.col("started_at"), pl.col("hand_id").str.len_chars(), pl.col("hand_id"),
                   nulls_last=True)


def audit_section(store: Store, hands: pl.DataFrame) -> str:
    """Every hand whose verdict is not ``ok``: stored findings, the audit's explanation, the
    step-by-step replay and the chat, re-read from the hand's history file."""
    from hhtools.auditor import audit, explain
    from hhtools.parsing import parse_file

    disputed = _hand_id_order(hands.filter(pl.col("verdict").fill_null("unknown") != "ok"))
    if disputed.height == 0:
        return f'<p class="ok" id="audit-ok">Every hand audited ok ({plural(hands.height, "hand")}).</p>'
    findings = store.read("findings").join(disputed.select(KEY), on=KEY, how="semi")
    parsed: dict[str, dict | None] = {}
    out = [f"<p>{disputed.height} of {plural(hands.height, 'hand')} "
           f"{'is' if disputed.height == 1 else 'are'} not <code>ok</code>.</p>"]
    for row in disputed.iter_rows(named=True):
        site, hand_id, path = row["site"], row["hand_id"], row["path"]
        verdict = row["verdict"] or "unknown"
        out.append(f'<section class="hand" id="hand-{escape(site)}-{escape(hand_id)}">')
        out.append(f'<h3>{escape(site)} hand {escape(hand_id)}: {escape(row["game"] or "")} '
                   f'<span class="verdict-{escape(verdict)}">{escape(verdict)}</span></h3>')
        out.append(f'<p class="meta">Table {escape(row["table"] or "?")}, {_text(row["started_at"])}; '
                   f'history {escape(path or "?")}, line {_text(row["line"])}</p>')
        mine = findings.filter((pl.col("site") == site) & (pl.col("hand_id") == hand_id))
        if mine.height:
            # A finding's message begins with its line ("line 76: ..."): said once.
            items = "".join(f"<li><strong>{escape(k)}</strong>: {escape(m)}</li>"
                            for k, m in mine.select("kind", "message").iter_rows())
            out.append(f"<ul class=\"findings\">{items}</ul>")
        if path not in parsed:
            parsed[path] = _hands_in(path, parse_file)
        hand = (parsed[path] or {}).get((site, hand_id))
        if hand is None:
            reason = ("is not there any more" if parsed[path] is None
                      else "no longer holds this hand")
            out.append(f'<p class="no-data">The history file {escape(path or "?")} {reason}: '
                       "the findings above are what the import stored.</p>")
        else:
            explanation = audit(hand).explanation()
            replay = explain(hand)
            # explain() ends with the explanation shown just above: print the steps only.
            if replay.endswith(explanation):
                replay = replay[: -len(explanation)].rstrip()
            out.append(f"<h4>Explanation</h4><pre class=\"explanation\">{escape(explanation)}</pre>")
            out.append(f"<details><summary>Step-by-step replay</summary>"
                       f"<pre class=\"replay\">{escape(replay)}</pre></details>")
            chat = [e for e in hand.events if e.kind == "chat"]
            if chat:
                lines = "\n".join(f"line {e.line}: {e.text}" for e in chat)
                out.append(f"<h4>Chat</h4><pre class=\"chat\">{escape(lines)}</pre>")
        out.append("</section>")
    return "\n".join(out)


def _hands_in(path: str | None, parse_file) -> dict | None:
    """The hands of a history file by (site, hand id); None when the file cannot be read."""
    if not path or not Path(path).is_file():
        return None
    try:
        result = parse_file(path)
    except (OSError, HHToolsError):
        return None
    return {(h.site, h.hand_id): h for h in result.hands}


def _chart_player(t: Tables, filters: Filters) -> tuple[str | None, str]:
    """Whose charts the page shows, and a sentence saying why."""
    if filters.player:
        return filters.player, ""
    heroes = (t.filtered(filters).players.filter(pl.col("is_hero"))
              .group_by("player").agg(n=pl.len()).sort(["n", "player"], descending=[True, False]))
    if heroes.height == 0:
        return None, "Charts are about one player: run with --player NAME to draw them."
    name = heroes["player"][0]
    return name, f"Charts for {name}, whose cards are known in the most hands; --player chooses another."


def build_report(store: Store, filters: Filters = Filters(), now: datetime | None = None) -> str:
    """The whole page for ``filters`` (``filters.player`` is the player; none means everyone)."""
    store = store.snapshot()  # every table from the same batches
    t = Tables.load(store)
    filters = check_filters(filters, t.players["player"].unique())
    now = now or datetime.now(timezone.utc)
    who = filters.player or "all players"
    chart_player, chart_note = _chart_player(t, filters)
    described = ", ".join(f"{k} {v}" for k, v in (
        ("game", filters.game), ("site", filters.site), ("stakes", filters.stakes),
        ("since", filters.since), ("until", filters.until), ("position", filters.position)) if v)
    stats = [html_table(player_stats(t, filters), "stats-players", "Players"),
             html_table(position_stats(t, filters), "stats-positions", "By position"),
             html_table(draw_stats(t, filters), "stats-draws", "Draws"),
             html_table(split_stats(t, filters), "stats-splits", "Split pots (Badeucy, Badacey)")]
    if chart_player:
        charts = chart_section(t, Filters(**{**filters.__dict__, "player": chart_player}))
    else:
        charts = ""
    hands = _selected_hands(store, t, filters)
    digest = base64.b64encode(hashlib.sha256(CSS.encode()).digest()).decode()
    body = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{escape(CSP.format(digest=digest))}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>hhtools report: {escape(who)}</title>",
        f"<style>{CSS}</style></head><body>",
        f'<h1 id="title">hhtools report: {escape(who)}</h1>',
        f'<p class="meta">Store {escape(str(store.root))}; {escape(described or "all hands")}; '
        f"made {_text(now)} by hhtools.</p>",
        '<h2 id="stats">Statistics</h2>',
        "<p>Definitions are in the hhtools README (Statistics). Money is summed per unit: the "
        "currency, or chips for tournaments; net is what the history records.</p>",
        *stats,
        '<h2 id="charts">Charts</h2>',
        f'<p class="meta">{escape(chart_note)}</p>' if chart_note else "",
        charts,
        '<h2 id="audit">Audit</h2>',
        audit_section(store, hands),
        "</body></html>",
    ]
    return "\n".join(part for part in body if part) + "\n"


def write_report(store: Store, out: str | Path, filters: Filters = Filters()) -> Path:
    """Write the page to ``out`` and return its path."""
    out = Path(out)
    try:
        out.write_text(build_report(store, filters), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror}") from None
    return out

