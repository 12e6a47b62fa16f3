"""Cold start: `hhtools --help`, `hhtools audit` and `parse` of one Badeucy hand and `hhtools
eval` of two Badeucy hands, each a fresh process, beside the old tree's `hhtools` measured in
the same run.

Each command is started --runs times, this tree's and the old tree's in turn (new, old, new,
old...), after one warm-up run of each that is not counted. "Cold" is a new interpreter, as a
user's shell starts one: the byte code and Lark's grammar cache are in place (the warm-up
writes them), nothing else is. Both are kept per tree in a temporary folder
(PYTHONPYCACHEPREFIX, XDG_CACHE_HOME), so neither tree is written into, and two trees with
different grammars do not take turns rewriting one Lark cache file. Printed per command: the
median wall time of the runs, with the lowest and highest, and the median processor time
(user + system) of the child, which the load of a shared machine moves less.

With --instructions, each command's instructions are also counted once per tree by callgrind
(valgrind), a figure the machine's load does not move.

    python bench/cold.py [--runs 15] [--old /work/ref/.venv/bin/hhtools] [--hand FILE]
                         [--instructions]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NEW = Path(sys.executable).with_name("hhtools")
HAND = ROOT / "sample_histories" / "histories" / "kingsclub-badeucey-split.txt"


def environment(tree: str, scratch: Path) -> dict[str, str]:
    """The environment of one tree's runs: its own byte-code and cache folders."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's install has its byte code
    env["PYTHONPYCACHEPREFIX"] = str(scratch / tree / "pycache")
    env["XDG_CACHE_HOME"] = str(scratch / tree / "cache")
    env.pop("HHTOOLS_CACHE", None)
    return env


def run(command: list[str], env: dict[str, str]) -> tuple[float, float, bytes]:
    """(wall seconds, child processor seconds, standard output) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          stdin=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def instructions(command: list[str], env: dict[str, str], scratch: Path) -> int:
    """Instructions the whole run executes, counted by callgrind: the same on a busy
    machine as on an idle one (hash seed fixed), where wall and processor times are not."""
    out = scratch / "callgrind.out"
    done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                           *command], env={**env, "PYTHONHASHSEED": "0"}, capture_output=True,
                          text=True, check=False)
    counted = [line for line in done.stderr.splitlines() if "Collected :" in line]
    if done.returncode != 0 or not counted:
        raise SystemExit(f"callgrind did not count {' '.join(command)}: {done.stderr[-300:]}")
    return int(counted[-1].split(":")[-1].replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="counted runs of each command")
    parser.add_argument("--old", default="/work/ref/.venv/bin/hhtools",
                        help="the old tree's hhtools script")
    parser.add_argument("--hand", default=str(HAND), help="the history audited (one whose audit is ok)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each command's instructions once (callgrind, slow)")
    args = parser.parse_args()
    cases = {"--help": ["--help"], "audit": ["audit", args.hand], "parse": ["parse", args.hand],
             "eval": ["eval", "--game", "badeucy", "2c 3s 4d 5h 7c", "As 2d 3h 4c 6s"]}
    trees = {"new": str(NEW), "old": args.old}
    shown = ", ".join("hhtools " + " ".join(words) for words in cases.values())
    print(f"cold runs of {shown}; "
          f"{args.runs} runs each, new and old in turn, after one warm-up each; "
          f"load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory(prefix="hhtools-cold-") as scratch:
        envs = {tree: environment(tree, Path(scratch)) for tree in trees}
        for name, words in cases.items():
            outputs = {tree: run([script, *words], envs[tree])[2] for tree, script in trees.items()}
            same = "same output" if outputs["new"] == outputs["old"] else "OUTPUT DIFFERS"
            walls: dict[str, list[float]] = {tree: [] for tree in trees}
            cpus: dict[str, list[float]] = {tree: [] for tree in trees}
            for _ in range(args.runs):
                for tree, script in trees.items():
                    wall, cpu, _ = run([script, *words], envs[tree])
                    walls[tree].append(wall)
                    cpus[tree].append(cpu)
            for tree in trees:
                w, c = walls[tree], cpus[tree]
                print(f"  hhtools {name:<7} {tree}: wall median {1000 * statistics.median(w):5.0f} ms "
                      f"({1000 * min(w):.0f}-{1000 * max(w):.0f}), "
                      f"processor median {1000 * statistics.median(c):5.0f} ms")
            ratio = statistics.median(n / o for n, o in zip(walls["new"], walls["old"]))
            print(f"  hhtools {name:<7} new / old, run by run: {ratio:.2f} ({same})")
            if args.instructions:
                counts = {tree: instructions([script, *words], envs[tree], Path(scratch))
                          for tree, script in trees.items()}
                print(f"  hhtools {name:<7} instructions: new {counts['new']:,}, "
                      f"old {counts['old']:,} (new / old {counts['new'] / counts['old']:.2f})")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
