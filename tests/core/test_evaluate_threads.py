"""Evaluators used from several threads at once (polars calls back from its own threads): the
first evaluations of a fresh process build the lookup tables, and no thread may take a key
missing mid-build for a hand that does not exist."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import threading
from hhtools.core.evaluate import ACE_TO_FIVE, DEUCE_TO_SEVEN, STANDARD_HIGH
from hhtools.core.cards import parse_cards
hands = [parse_cards(h) for h in ("7c 5d 4h 3s 2c", "As Ks Qs Js Ts", "2c 2d 3h 4s 5c")]
errors = []
start = threading.Barrier(24)
def play(component):
    start.wait()
    try:
        for h in hands:
            component.evaluate(h)
    except Exception as e:
        errors.append(repr(e))
threads = [threading.Thread(target=play, args=(c,))
           for c in (DEUCE_TO_SEVEN, ACE_TO_FIVE, STANDARD_HIGH) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(errors), errors[:1])
"""


def test_first_evaluations_from_many_threads() -> None:
    for _ in range(3):  # each a fresh process, whose tables are not built yet
        out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                             timeout=120, check=True).stdout
        assert out.startswith("0 "), out
