"""Checks every site must pass on its real files; a site's test module only fills in the data."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pytest

from hhtools.core.records import STREETS, Hand
from hhtools.reading.parsing import parse_file

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"


class SiteContract:
    """Subclasses set ``site``, ``hands`` (file name -> {game: count}) and ``errors``."""

    site: str
    hands: dict[str, dict[str, int]]
    #: File name -> each expected error message, without the leading "path:".
    errors: dict[str, list[str]] = {}
    #: File name -> each expected warning (hands kept anyway), without the leading "path:".
    warnings: dict[str, list[str]] = {}

    @pytest.fixture(scope="class")
    @classmethod
    def results(cls):
        folder = CORPUS / cls.site
        if not folder.is_dir():
            pytest.skip(f"the shared corpus is not at {folder}")
        return {f.name: parse_file(f) for f in sorted(folder.iterdir()) if f.suffix == ".txt"}

    def test_every_file_is_counted(self, results):
        assert sorted(results) == sorted(self.hands)

    def test_hands_per_file_and_game(self, results):
        got = {name: r.hands_by_game() for name, r in results.items()}
        assert got == self.hands

    def test_errors_are_only_the_expected_ones(self, results):
        for name, r in results.items():
            messages = [e.message.removeprefix(f"{r.path}:") for e in r.errors]
            assert messages == self.errors.get(name, [])

    def test_warnings_are_only_the_expected_ones(self, results):
        for name, r in results.items():
            messages = [w.message.removeprefix(f"{r.path}:") for w in r.warnings]
            assert messages == self.warnings.get(name, [])

    def test_site_is_detected(self, results):
        assert {r.site for r in results.values()} == {self.site}

    #: File name -> {game: count} of the hands of unsupported games skipped.
    skipped: dict[str, dict[str, int]] = {}

    def test_no_stray_lines_and_only_the_expected_skipped_hands(self, results):
        assert all(r.stray_lines == 0 for r in results.values())
        assert {n: r.skipped_by_game() for n, r in results.items() if r.skipped} == self.skipped

    def test_chips_add_up(self, results):
        """What went in, less uncalled bets, is the pot; the pot less rake is what was won."""
        for r in results.values():
            for hand in r.hands:
                if hand.cancelled or hand.partial:
                    continue
                put, won = _contributions(hand)
                total = sum(put.values())
                if hand.summary.total_pot is not None:
                    assert total == hand.summary.total_pot, hand.hand_id
                assert total - (hand.summary.rake or 0) == sum(won.values()), hand.hand_id
                for seat in hand.summary.seats:
                    if seat.net is not None:
                        assert seat.net == won[seat.player] - put[seat.player], hand.hand_id

    def test_records_are_consistent(self, results):
        for r in results.values():
            for hand in r.hands:
                seated = {s.name for s in hand.seats}
                assert [a.seq for a in hand.actions] == list(range(len(hand.actions)))
                assert [a.line for a in hand.actions] == sorted(a.line for a in hand.actions)
                assert all(a.player in seated and a.street in STREETS for a in hand.actions)
                assert hand.source.first_line <= min(
                    [a.line for a in hand.actions] or [hand.source.first_line])
                assert hand.started_at.tzinfo is not None
                assert hand.button_seat is not None
                for cards in hand.hero_cards:
                    assert len(cards.cards) == (4 if hand.game == "badugi" else 5)
                for a in hand.actions:
                    if a.kind in ("call", "bet", "raise", "post_sb", "post_bb"):
                        assert a.amount is not None and a.amount >= 0 and a.to is not None


def _contributions(hand: Hand):
    put: dict[str, Decimal] = defaultdict(Decimal)
    won: dict[str, Decimal] = defaultdict(Decimal)
    for a in hand.actions:
        if a.amount is not None:
            put[a.player] += a.amount
    for u in hand.uncalled:
        put[u.player] -= u.amount
    for c in hand.collections:
        won[c.player] += c.amount
    return put, won
