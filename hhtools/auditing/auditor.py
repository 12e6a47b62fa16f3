"""Audit a hand: replay it, rebuild the pots, re-evaluate the showdown, compare with the history.

``audit(hand)`` returns an Audit: a verdict (``ok``, ``mismatch``, ``invalid``,
``unverifiable``), findings whose kind is one of ``hhtools.auditing.findings.KINDS``, every pot and half
with its eligible players and who should receive what, and each player's net by the rules
against the net the history implies. It never raises on a bad hand; everything is data.
The replay is hhtools.auditing.replay.engine; the settlement (pots, showdown, nets) hhtools.auditing.settlement.settle.

The module is not called ``audit`` on purpose: importing a submodule sets it as an attribute
of the package, which would replace the function ``hhtools.audit`` by the module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from hhtools.auditing.findings import RULE_KINDS, Finding
from hhtools.auditing.replay.engine import Replay
from hhtools.auditing.results import (
    VERDICTS,
    Audit,
    Half,
    JSONObject,
    PlayerAudit,
    PotAudit,
    Verdict,
    _game,
)
from hhtools.auditing.rules import PRACTICES, PROFILES, RuleProfile, get_profile
from hhtools.auditing.settlement.settle import Settlement
from hhtools.core.records import Hand, HandError
from hhtools.errors import HHToolsError, UsageError

if TYPE_CHECKING:  # (the reader itself is imported where it is used: audit_paths)
    from hhtools.reading.parsing import ParseResult

ZERO: Final = Decimal(0)
_RULE_KINDS: Final = frozenset(RULE_KINDS)


def audit(hand: Hand, rules: RuleProfile | str | None = None) -> Audit:
    """Audit one hand under ``rules`` (a profile or its name; default: the site's profile).

    A rule a line breaks may be one where sites and rulebooks differ: each such finding names
    the known practices (rules.PRACTICES) under which that line is legal.
    """
    replay = Replay(hand, rules).run()
    result = Settlement(replay).audit()
    if result.verdict == "invalid":
        result = _name_other_practices(result)
    return result


def _name_other_practices(result: Audit) -> Audit:
    """The audit with each rule finding saying which other practices allow its line."""
    hand, own = result.hand, result.rules
    broken_under: dict[str, set[tuple[int, str]]] = {}
    for name in PRACTICES:
        other = PROFILES[name]
        if other == own:
            continue
        elsewhere = Settlement(Replay(hand, other).run()).audit()
        broken_under[name] = {(f.line, f.kind) for f in elsewhere.findings
                              if f.kind in _RULE_KINDS}
    findings = []
    for f in result.findings:
        if f.kind in _RULE_KINDS:
            allowed = tuple(n for n, broken in broken_under.items()
                            if (f.line, f.kind) not in broken)
            if allowed:
                rule = f.rule or f.kind.replace("_", " ")
                f = replace(f, message=f"{f.message}; illegal under {own.name} ({rule}), "
                            f"allowed on {', '.join(allowed)}", allowed_by=allowed)
        findings.append(f)
    return replace(result, findings=tuple(findings))


def audit_or_error(hand: Hand, rules: RuleProfile | None = None) -> Audit | HandError:
    """``audit(hand, rules)``, or the HandError of a hand the auditor failed on: a bug in
    hhtools then costs that hand only, never the rest of an import or an audit."""
    try:
        return audit(hand, rules)
    except Exception as e:  # noqa: BLE001 - see the docstring; tests assert it never happens
        return HandError(hand.source.path, hand.source.first_line, 1, hand.hand_id, hand.site,
                         (), None, f"internal error while auditing this hand "
                         f"({type(e).__name__}: {e}); please report it")


def explain(hand: Hand, rules: RuleProfile | str | None = None) -> str:
    """The replay step by step: after each action the stacks, the pot, who is next and what
    they may do; then the audit's explanation."""
    replay = Replay(hand, rules, trace=True).run()
    result = Settlement(replay).audit()
    players = replay.order
    out = [f"Hand {hand.hand_id} ({hand.site}, {_game(hand).title}), rules {replay.rules.name}",
           "Seats: " + ", ".join(f"{p} (seat {replay.seat_of[p]}, {s.stack})"
                                 for s in hand.seats for p in [s.name] if p in replay.index),
           f"Button: seat {hand.button_seat}"]
    street = None
    for a, step in zip(hand.actions, replay.steps):
        if a.street != street:
            street = a.street
            out.append(f"*** {street} ***")
        stacks = ", ".join(f"{p} {step.stacks.get(p, ZERO)}" for p in players)
        nxt = f"next: {step.next_player} ({step.options})" if step.next_player else step.options
        out.append(f"line {step.line}: {step.text}. Pot {step.pot}. Stacks: {stacks}. {nxt}")
    out.append(result.explanation())
    return "\n".join(out)


def audit_paths(paths: Iterable[str], rules: RuleProfile | str | None = None,
                site: str = "auto",
                on_file: Callable[[ParseResult], None] | None = None
                ) -> Iterator[Audit | HandError]:
    """Audit every hand in history files or directories, in order; hands that could not be
    read come through as their HandError. ``on_file`` is shown each file's parse result
    before its hands (what the file held besides them: hhtools.auditing.tally)."""
    # Imported here, not above: the reader loads lark and every site (about a tenth of a
    # second), which auditing hands already in memory (hhtools.audit, the generator, the
    # store's workers) never needs.
    from hhtools.reading.parsing import parse_paths

    if rules is not None:
        rules = get_profile(rules)  # an unknown profile fails before any file is read
    for result in parse_paths(paths, site):
        if on_file is not None:
            on_file(result)
        for hand in result.hands:
            yield audit_or_error(hand, rules)
        yield from result.errors


def find_hand(paths: Iterable[str], hand_id: str, site: str = "auto") -> Hand:
    """The hand called ``hand_id`` in history files or directories."""
    from hhtools.reading.parsing import parse_paths  # (here for a fast start: audit_paths)

    for result in parse_paths(paths, site):
        for hand in result.hands:
            if hand.hand_id == hand_id.lstrip("#"):
                return hand
        for error in result.errors:
            if error.hand_id == hand_id.lstrip("#"):
                raise HHToolsError(f"hand {hand_id} could not be read: {error.message}")
    raise UsageError(f"hand {hand_id} is not in {', '.join(map(str, paths))}")


def unparsed_json(error: HandError) -> JSONObject:
    """The ``--json`` object of a hand that could not be read."""
    return {"site": error.site, "hand_id": error.hand_id, "game": None,
            "verdict": "unparsed", "error": error.message, "path": error.path,
            "line": error.line}



__all__ = ["Audit", "Finding", "Half", "PlayerAudit", "PotAudit", "VERDICTS", "Verdict", "audit",
           "audit_paths", "explain", "find_hand", "unparsed_json"]
