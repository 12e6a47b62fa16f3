"""Instruction counts of a Python child run under callgrind (``PYTHONHASHSEED=0``), which dumps
its counts at each call of ``os.getppid()``: the child marks the end of each part with one.
Deterministic, so free of this machine's load; shared by the benchmarks that count parts."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from pathlib import Path


def counts(python: str, child: str, args: list[str], who: str,
           cwd: Path | None = None) -> tuple[str, list[int]]:
    """The child's standard output, and the instructions of each part it marked, in order
    (the first is whatever ran before its first mark)."""
    with tempfile.TemporaryDirectory(prefix="hhtools-callgrind-") as work:
        out = Path(work) / "cg.out"
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               "--dump-before=getppid", python, "-c", child, *args],
                              capture_output=True, text=True, cwd=cwd,
                              env={**os.environ, "PYTHONHASHSEED": "0"})
        if done.returncode:
            raise SystemExit(f"{who}: callgrind failed: {done.stderr[-800:]}")
        dumps = sorted(Path(work).glob("cg.out.*"), key=lambda f: int(f.name.rsplit(".", 1)[1]))
        return done.stdout, [int(re.search(r"^(?:summary|totals): (\d+)", f.read_text(), re.M)[1])
                             for f in dumps]
