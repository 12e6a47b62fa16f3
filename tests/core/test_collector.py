"""The collector's pause: what the paused work kept goes to the oldest generation unscanned,
and a cycle made there anyway is still collected."""

from __future__ import annotations

import gc

from hhtools.core.collector import collector_paused


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def test_what_a_paused_block_keeps_is_in_the_oldest_generation():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        kept = [_Node() for _ in range(1000)]
    assert gc.isenabled()
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert all(id(node) in oldest for node in kept)
    assert gc.get_freeze_count() == 0


def test_a_cycle_made_while_paused_is_still_collected():
    gc.collect()
    with collector_paused():
        a, b = _Node(), _Node()
        a.other, b.other = b, a
        del a, b
    assert gc.collect() >= 2


def test_objects_frozen_by_someone_else_stay_frozen():
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with collector_paused():
            pass
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
