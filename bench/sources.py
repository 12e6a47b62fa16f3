"""The hands the benchmarks read, and the single-regex ceiling they are set against.

Two sources, named in every figure printed:

- ``generated`` (the default): hands made by ``hhtools.generate.write_history`` from a fixed
  seed, 2 to 8 players a hand (as many as the site's table seats), in files of 1,000 hands
  (each file its own seeded stream, so hand ids never collide). Within a file lines repeat as
  they do in a live session (folds, checks, a limit's bets and calls, street markers: about
  70 % of lines, against 53-67 % in the corpus's larger session files), while stacks, cards,
  amounts, ids and times change from hand to hand.
- ``replicated``: the two PokerStars Badugi files of ``../shared/corpus/pokerstars`` (108 hands)
  copied with fresh hand ids, as many hands as asked. After the first copy every line is one
  the parser has read before, so this source flatters the parser; it is kept to compare with
  earlier rounds.

The files are written before any timing starts and cached in the temp folder
(``hhtools-bench-SOURCE-...-HANDS``), keyed by source, mix, seed and size, so the generator's
own time never counts and later runs (before and after a change of the engine) read the same
files. Delete those folders to write them afresh.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hhtools.generate import write_history  # noqa: E402
from hhtools.reading.parsing import decode, split_lines  # noqa: E402
from hhtools.sites import get_site  # noqa: E402

HANDS_PER_FILE = 1000
# (site, game, share of the hands). Parse and audit: PokerStars' two draw games. Import: a
# player's folder from the sites whose histories are text read line by line, most of it from
# PokerStars (Merge is left out: its XML files are read as documents, not by a line regex, so
# the ceiling means nothing for them).
MIXES = {
    "stars": (("pokerstars", "badugi", 0.5), ("pokerstars", "2-7", 0.5)),
    "sites": (("pokerstars", "badugi", 0.3), ("pokerstars", "2-7", 0.3),
              ("fulltilt", "badugi", 0.1), ("fulltilt", "2-7", 0.1),
              ("kingsclub", "badeucy", 0.1), ("winamax", "2-7", 0.1)),
}
CORPUS = ROOT / ".." / "shared" / "corpus" / "pokerstars"
CORPUS_FILES = ("Badugi-USD-0.25-0.50-201009.txt", "LBad-USD-SNG8-201011.txt")
HAND_ID = re.compile(r"^(PokerStars (?:Game|Hand) #)([0-9]+)", re.MULTILINE)


def folder(source: str, hands: int, mix: str = "stars", seed: int = 1) -> Path:
    """The cached folder of history files for ``source``, written first if missing. Files are
    named ``site-...``: the site is the first word."""
    key = f"generated-{mix}-seed{seed}" if source == "generated" else "replicated"
    done = Path(tempfile.gettempdir()) / f"hhtools-bench-{key}-{hands}"
    if done.is_dir():
        return done
    # Written aside and renamed, so an interrupted run never leaves a partial folder behind.
    work = Path(tempfile.mkdtemp(prefix=done.name + "-partial-"))
    if source == "generated":
        _generate(work, hands, MIXES[mix], seed)
    else:
        _replicate(work, hands)
    try:
        os.rename(work, done)
    except OSError:  # another run finished the same folder first
        shutil.rmtree(work, ignore_errors=True)
    return done


def _generate(work: Path, hands: int, mix, seed: int) -> None:
    counts = [round(hands * share) for *_, share in mix[:-1]]
    counts.append(hands - sum(counts))
    files = []
    for (site, game, _), count in zip(mix, counts):
        for start in range(0, count, HANDS_PER_FILE):
            # The dealer numbers hands from its seed modulo 100,000: one seed per file keeps
            # every hand id distinct.
            number = len(files)
            files.append((work / f"{site}-{game}-{number:05d}.txt", site, game,
                          min(HANDS_PER_FILE, count - start), seed * 100_000 + number))
    # Each file is its own seeded stream, so the files are the same however many processes
    # write them; a million hands take some 7 minutes in one.
    if len(files) < 50:
        for spec in files:
            _write_file(spec)
    else:
        with multiprocessing.Pool(os.cpu_count()) as pool:
            pool.map(_write_file, files, chunksize=10)


def _write_file(spec: tuple[Path, str, str, int, int]) -> None:
    path, site, game, hands, seed = spec
    write_history(path, site, game, "fixed-limit", hands, seed=seed, players=(2, 8))


def _replicate(work: Path, hands: int) -> None:
    text = "\n\n\n".join(decode((CORPUS / f).read_bytes())[0] for f in CORPUS_FILES)
    copies = -(-hands // len(HAND_ID.findall(text)))
    counter = iter(range(10**11, 10**12))
    big = HAND_ID.sub(lambda m: m[1] + str(next(counter)), "\n\n\n".join([text] * copies))
    every = big.split("\n\n\n")[:hands]
    for i in range(0, hands, HANDS_PER_FILE):
        (work / f"pokerstars-replicated-{i // HANDS_PER_FILE:05d}.txt").write_text(
            "\n\n\n".join(every[i:i + HANDS_PER_FILE]) + "\n", encoding="utf-8")


def histories(where: Path) -> list[tuple[str, str]]:
    """(site, text) of every file in ``where``, in name order."""
    return [(p.name.split("-")[0], decode(p.read_bytes())[0]) for p in sorted(where.iterdir())]


def ceiling(texts: list[tuple[str, str]]) -> None:
    """The reference: one precompiled regex that tells apart every kind of line the parser
    must tell apart (each site's own line regex, built from its grammar, fields captured)
    over every line. What a line-based parser must do at least."""
    for site, text in texts:
        fullmatch = get_site(site).classifier.regex.fullmatch
        for line in split_lines(text):
            fullmatch(line)


def describe(source: str, texts: list[tuple[str, str]], hands: int) -> str:
    """What the figures below are measured on: the source, its hands and lines by site, and
    how many lines repeat an earlier line of their own file."""
    lines = repeated = 0
    by_site: dict[str, int] = {}
    for site, text in texts:
        kept = [line for line in split_lines(text) if line]
        lines += len(kept)
        repeated += len(kept) - len(set(kept))
        by_site[site] = by_site.get(site, 0) + 1
    files = ", ".join(f"{site} {n}" for site, n in by_site.items())
    return (f"source: {source}, {hands:,} hands, {lines:,} lines in {len(texts)} files "
            f"({files}); {repeated / lines:.0%} of lines repeat within their file")
