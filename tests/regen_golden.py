"""Regenerate tests/golden/<site>/*.json from the shared corpus, and the expected messages
(tests/invalid/<site>/*.expected) of the broken histories: review the diff by eye.

    python tests/regen_golden.py

Each golden file holds one hand's record as the CLI prints it with --json, the source path
made relative to the corpus so the files do not depend on where the corpus lives. Each
.expected file holds the error messages of its history, one per line, path as the file name.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from hhtools.core.records import hand_to_json  # noqa: E402
from hhtools.reading.parsing import parse_file  # noqa: E402

CORPUS = HERE.parent / ".." / "shared" / "corpus"
GOLDEN = HERE / "golden"
INVALID = HERE / "invalid"

#: (golden name, corpus file, hand id): why each hand is here is in its name.
HANDS = [
    ("badugi-side-pot-all-in-call", "pokerstars/Badugi-USD-0.25-0.50-201009.txt",
     "49164202872"),
    ("badugi-newcomer-big-blinds", "pokerstars/Badugi-USD-0.25-0.50-201009.txt",
     "49164255772"),
    ("badugi-tournament-all-in-blind", "pokerstars/LBad-USD-SNG8-201011.txt", "52589452703"),
    ("triple-draw-wet-showdown",
     "pokerstars/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt", "63845186378"),
    ("triple-draw-cancelled", "pokerstars/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt",
     "20349633663"),
    ("badeucey-split-pot", "kingsclub/Badeucey-Limit-USD-22-44-202101.txt", "40200897"),
    ("triple-draw-dead-blind-rake", "kingsclub/2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt",
     "39879543"),
    ("badugi-double-spaced-utf16", "fulltilt/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt",
     "25340585274"),
    ("triple-draw-dead-small-blind", "fulltilt/3-Draw-Limit-USD-5-10-201211.txt", "31497971185"),
    ("triple-draw-partial", "fulltilt/3-Draw-Limit-USD-20-40-201101.Partial.txt", "27020940000"),
    ("triple-draw-uncalled-in-collected",
     "winamax/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt", "9250793-388-1478989461"),
    # One hand per game and site of the one-draw games and A-5 (P11).
    ("single-draw-27-no-limit-stands-pat",
     "pokerstars/2-7 Single Draw-NL-USD-0.25-0.50-201106.standspat.txt", "63826525692"),
    ("five-card-draw-pot-limit-unmarked-draw",
     "pokerstars/5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt", "49900000007"),
    ("single-draw-27-no-limit-antes", "fulltilt/1-Draw-NL-USD-0.10-0.20-201103.txt",
     "29178537030"),
    ("five-card-draw-no-limit-showdown",
     "fulltilt/5-Carddraw-NL-USD-0.10-0.20-201011.Saw.Showdown.Not.UTF16.txt", "25340557279"),
    ("a5-triple-draw-utf16-odd-bytes", "fulltilt/A5-3-Draw-Limit-USD-0.05-0.10-201104.Sample.txt",
     "29885220000"),
    ("single-draw-27-run-twice", "kingsclub/NL-2-7-SD-USD-25-50-202108.2.RIT.txt", "45383142"),
    ("a5-single-draw-no-markers", "kingsclub/A5-1-Draw-Limit-USD-50-100-202102.txt", "41388325"),
    ("a5-triple-draw", "kingsclub/A5-3-Draw-Limit-USD-44-88-202010.txt", "37581342"),
    ("five-card-draw-pot-limit", "merge/5-Carddraw-PL-USD-0.05-0.10.201111.txt", "40346359-19"),
]


def golden(name: str, file: str, hand_id: str) -> tuple[Path, dict]:
    """The golden path and content for one hand."""
    site = file.split("/")[0]
    (hand,) = [h for h in parse_file(CORPUS / file).hands if h.hand_id == hand_id]
    record = hand_to_json(hand)
    record["source"]["path"] = file
    return GOLDEN / site / f"{name}.json", record


def dumps(record: dict) -> str:
    """Golden files are indented, one field per line, so diffs are readable; card lists and
    other lists of strings stay on one line."""
    text = json.dumps(record, indent=1, ensure_ascii=False)
    text = _STRINGS.sub(lambda m: "[" + re.sub(r",\s+", ", ", m[1]) + "]", text)
    return text + "\n"


_STRINGS = re.compile(r'\[\s+("[^"\n]*"(?:,\s+"[^"\n]*")*)\s+\]')


def expected_errors(history: Path) -> str:
    """Why a file is not a hand history, or the error messages of a broken history, then the
    warnings of the file and of the hands kept, as its .expected file holds them."""
    result = parse_file(history)
    foreign = ([f"{history.name}: not a hand history: {result.not_history}\n"]
               if result.not_history is not None else [])
    return "".join(foreign + [e.message.replace(str(history), history.name, 1) + "\n"
                              for e in (*result.errors, *result.warnings)])


def main() -> None:
    for name, file, hand_id in HANDS:
        path, record = golden(name, file, hand_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dumps(record), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent)}")
    for history in sorted(INVALID.glob("*/*.txt")):
        path = history.with_suffix(".expected")
        path.write_text(expected_errors(history), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent)}")


if __name__ == "__main__":
    main()
