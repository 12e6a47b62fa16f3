"""The bounds of a PHH input, checked before TOML reads it (PHH itself sets none), and which
files are PHH."""

from __future__ import annotations

import re
from pathlib import Path

#: The bounds of a PHH input (PHH itself has none): a ``.phh`` holds one hand of a few
#: kilobytes, a ``.phhs`` many; a hand of draw poker has a few hundred actions at most and
#: nests arrays two deep (``_collected``). Beyond them a file is rejected before TOML reads
#: it, so a small file of nested arrays cannot exhaust the stack, nor a huge one memory.
MAX_PHH_BYTES = 1_000_000

MAX_PHHS_BYTES = 64_000_000

MAX_DEPTH = 8

MAX_ACTIONS = 5_000

MAX_STRING = 10_000

_TOKENS = re.compile(r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
                     r"|[\[\]{}]|\n", re.S)

def phh_bytes(path: str | Path) -> int:
    """The most bytes the PHH file ``path`` may hold: a ``.phh`` one hand, a ``.phhs`` many."""
    return MAX_PHHS_BYTES if Path(path).suffix.lower() == ".phhs" else MAX_PHH_BYTES

def bounds_problem(text: str) -> tuple[int, int, str] | None:
    """(line, column, reason) of the first place where ``text`` passes a bound of PHH
    input: arrays or tables nested deeper than MAX_DEPTH, a string longer than MAX_STRING
    characters, or a table of more than MAX_ACTIONS strings; None within them."""
    depth = 0
    strings = 0
    line, line_start = 1, 0
    for m in _TOKENS.finditer(text):
        token = m.group()
        c = token[0]
        if c == "\n":
            line, line_start = line + 1, m.end()
            continue
        if c in "[{":
            if depth == 0 and c == "[" and not text[line_start:m.start()].strip():
                strings = 0  # a table's header: its own count of strings starts
            depth += 1
            if depth > MAX_DEPTH:
                return (line, m.start() - line_start + 1,
                        f"arrays or tables nested more than {MAX_DEPTH} deep: a PHH hand "
                        "nests them two deep")
        elif c in "]}":
            depth = max(0, depth - 1)
        elif c in "\"'":
            strings += 1
            where = (line, m.start() - line_start + 1)
            if len(token) > MAX_STRING + 2:
                return (*where, f"a string of {len(token) - 2:,} characters: at most "
                        f"{MAX_STRING:,} are read")
            if strings > MAX_ACTIONS:
                return (*where, f"more than {MAX_ACTIONS:,} strings in one hand: a hand has "
                        f"at most {MAX_ACTIONS:,} actions")
            if "\n" in token:  # a multi-line string: its lines count
                line += token.count("\n")
                line_start = m.start() + token.rfind("\n") + 1
    return None

def is_phh(path: str | Path) -> bool:
    """True for the file names PHH uses."""
    return Path(path).suffix.lower() in (".phh", ".phhs")
