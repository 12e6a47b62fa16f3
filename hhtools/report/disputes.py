"""The report's closing parts: every disputed hand explained and replayed, and what the store
could not read (rejected hands, hands of games hhtools does not read).

Findings, chat and file paths come from history files anyone can write: all escaped.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import polars as pl

from hhtools.analytics.stats import KEY
from hhtools.auditing.auditor import audit, explain
from hhtools.core.games import game_title
from hhtools.core.records import Hand
from hhtools.core.words import plural
from hhtools.errors import HHToolsError
from hhtools.reading.parsing import ParseResult, parse_file
from hhtools.report.html import Column, table, text
from hhtools.store.store import Store
from hhtools.store.tables import READ_ERRORS

#: A history file's hands by (site, hand id).
HandsOfFile = dict[tuple[str, str], Hand]

#: Disputed hands explained in full; the others are listed in a table (a store of a whole
#: site's history may hold hundreds of unverifiable hands).
EXPLAINED = 25
#: Rejected hands listed one by one; `hhtools rejected` lists them all.
LISTED = 50


def hand_id_order(df: pl.DataFrame) -> pl.DataFrame:
    """Hands in the order played; numbers written as text sort by length first."""
    return df.sort(pl.col("started_at"), pl.col("hand_id").str.len_chars(), pl.col("hand_id"),
                   nulls_last=True)


DISPUTED_COLUMNS = [Column("site", "Site", "text"), Column("hand_id", "Hand", "text"),
                    Column("game", "Game", "text"), Column("verdict", "Verdict", "text"),
                    Column("where", "History", "text")]


def audit_section(store: Store, disputed: pl.DataFrame, hands: int) -> str:
    """Every hand of ``disputed`` (the hands whose verdict is not ``ok``, of the ``hands``
    the page covers): the stored findings, the audit's explanation, the step-by-step replay
    and the chat, re-read from the hand's history file."""
    disputed = hand_id_order(disputed)
    if disputed.height == 0:
        return f'<p class="ok" id="audit-ok">Every hand audited ok ({plural(hands, "hand")}).</p>'
    # Only the disputed hands' findings are kept.
    try:
        findings = store.scan("findings").join(disputed.lazy().select(KEY), on=KEY,
                                               how="semi").collect()
    except READ_ERRORS:
        # A batch merged away under this read, or damage: read_columns follows a merge and
        # names a damaged file.
        findings = store.read("findings").join(disputed.select(KEY), on=KEY, how="semi")
    parsed: dict[str | None, HandsOfFile | None] = {}
    out = [f"<p>{disputed.height:,} of {plural(hands, 'hand')} "
           f"{'is' if disputed.height == 1 else 'are'} not <code>ok</code>: the audit's "
           "finding, the explanation a referee needs, and the hand replayed step by step "
           "(open <em>Step-by-step replay</em>).</p>"]
    for row in disputed.head(EXPLAINED).iter_rows(named=True):
        out.append(_disputed_hand(row, findings, parsed))
    rest = disputed.slice(EXPLAINED)
    if rest.height:
        rest = rest.with_columns(game=pl.col("game").map_elements(
            game_title, return_dtype=pl.String), where=pl.concat_str(
            [pl.col("path").fill_null("?"), pl.col("line").cast(pl.String).fill_null("?")],
            separator=":"))
        out.append(table(rest, DISPUTED_COLUMNS, "audit-more",
                         f"{plural(rest.height, 'more hand')} not ok "
                         "(hhtools audit --explain HAND_ID FILE explains one)"))
    return "\n".join(out)


def _disputed_hand(row: dict[str, Any], findings: pl.DataFrame,
                   parsed: dict[str | None, HandsOfFile | None]) -> str:

    site, hand_id, path = row["site"], row["hand_id"], row["path"]
    verdict = row["verdict"] or "unknown"
    out = [f'<section class="hand" id="hand-{escape(site)}-{escape(hand_id)}">',
           f'<h3>{escape(site)} hand {escape(hand_id)}: {escape(game_title(row["game"]))} '
           f'<span class="verdict-{escape(verdict)}">{escape(verdict)}</span></h3>',
           f'<p class="meta">Table {escape(row["table"] or "?")}, {text(row["started_at"])}; '
           f'history {escape(path or "?")}, line {text(row["line"])}</p>']
    mine = findings.filter((pl.col("site") == site) & (pl.col("hand_id") == hand_id))
    if mine.height:
        # A finding's message begins with its line ("line 76: ..."): said once.
        items = "".join(f"<li><strong>{escape(k)}</strong>: {escape(m)}</li>"
                        for k, m in mine.select("kind", "message").iter_rows())
        out.append(f'<ul class="findings">{items}</ul>')
    if path not in parsed:
        parsed[path] = _hands_in(path, parse_file)
    hand = (parsed[path] or {}).get((site, hand_id))
    if hand is None:
        reason = "is not there any more" if parsed[path] is None else "no longer holds this hand"
        out.append(f'<p class="no-data">The history file {escape(path or "?")} {reason}: '
                   "the findings above are what the import stored.</p>")
    else:
        explanation = audit(hand).explanation()
        replay = explain(hand)
        # explain() ends with the explanation shown just above: print the steps only.
        if replay.endswith(explanation):
            replay = replay[: -len(explanation)].rstrip()
        out.append(f'<h4>Explanation</h4><pre class="explanation">{escape(explanation)}</pre>')
        out.append(f"<details><summary>Step-by-step replay</summary>"
                   f'<pre class="replay">{escape(replay)}</pre></details>')
        chat = [e for e in hand.events if e.kind == "chat"]
        if chat:
            lines = "\n".join(f"line {e.line}: {e.text}" for e in chat)
            out.append(f'<h4>Chat</h4><pre class="chat">{escape(lines)}</pre>')
    out.append("</section>")
    return "\n".join(out)


def _hands_in(path: str | None,
              parse_file: Callable[[str], ParseResult]) -> HandsOfFile | None:
    """The hands of a history file by (site, hand id); None when the file cannot be read."""
    if not path or not Path(path).is_file():
        return None
    try:
        result = parse_file(path)
    except (OSError, HHToolsError):
        return None
    return {(h.site, h.hand_id): h for h in result.hands}


REJECTED_COLUMNS = [Column("path", "File", "text"), Column("hands", "Hands rejected", "int")]
REJECTED_HANDS = [Column("where", "Where", "text"), Column("reason", "Why", "text")]
SKIPPED_COLUMNS = [Column("path", "File", "text"), Column("game", "Game not read", "text"),
                   Column("hands", "Hands", "int")]


def not_read_section(store: Store) -> str:
    """What the imports did not store: hands rejected (counted per file, then each with its
    line and reason) and hands of games hhtools does not read (counted per file and game)."""
    # ``rejections`` reads every stored hand's key to leave out those stored since: not
    # when nothing was rejected (a million keys held for nothing).
    rejected = store.read("rejected")
    if rejected.height:
        rejected = store.rejections()
    skipped = store.read("skipped").unique(["path", "site", "hand_id"])
    if rejected.height == 0 and skipped.height == 0:
        return '<p class="ok" id="not-read-none">Every hand in the imported files was read.</p>'
    out = [f"<p>The imports into this store rejected {plural(rejected.height, 'hand')} and "
           f"skipped {plural(skipped.height, 'hand')} of games hhtools does not read. These "
           "are not in any figure above.</p>"]
    if rejected.height:
        per_file = rejected.group_by("path", maintain_order=True).agg(hands=pl.len())
        listed = rejected.head(LISTED).with_columns(where=pl.concat_str(
            [pl.col("path"), pl.col("line").cast(pl.String), pl.col("column").cast(pl.String)],
            separator=":", ignore_nulls=True) + pl.when(pl.col("hand_id").is_not_null())
            .then(pl.lit(", hand ") + pl.col("hand_id")).otherwise(pl.lit("")))
        more = (f"; the first {LISTED} are listed, hhtools rejected lists them all"
                if rejected.height > LISTED else "")
        out.append(table(per_file, REJECTED_COLUMNS, "rejected-files", "Rejected hands per file"))
        out.append(table(listed, REJECTED_HANDS, "rejected-hands",
                         f"Each rejected hand: file, line and column, hand id, and why{more}"))
    if skipped.height:
        per_game = (skipped.group_by("path", "game", maintain_order=True).agg(hands=pl.len())
                    .sort("path", "game"))
        out.append(table(per_game, SKIPPED_COLUMNS, "skipped-games",
                         "Hands skipped: games hhtools does not read"))
    return "\n".join(out)
