"""The automaton of line kinds of a site grammar's ``hand`` rule, built from the grammar's text.

The hand rules of a site grammar nest no rule in itself (lists are written ``x*`` and ``x+``),
so the line kinds of a hand form a regular language: an NFA is built from the rules' EBNF
(each rule referred to is expanded in place) and made deterministic by the subset
construction. The rules are read with Lark's own grammar of its grammar syntax
(``lark/grammars/lark.lark``, opened with the public ``Lark.open_from_package``), so no second
reader of the syntax is written here.

Building takes a fifth of a second (mostly Lark compiling its grammar of grammars), so the
automaton is kept as JSON beside Lark's cache of the site's tables (``core.resources``), under
the digest of the grammar's text: a changed grammar is read again.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from lark import Lark, Token, Tree

from hhtools.core.resources import grammar_cache, grammar_text
from hhtools.errors import HHToolsError

#: Bumped when the cached form changes.
_FORMAT = 1


@dataclass(frozen=True)
class Lines:
    """A deterministic automaton over line kinds: state 0 is the start, ``moves[s]`` maps a kind
    to the next state, and the hand may end in the states of ``accepting``."""

    moves: tuple[dict[str, int], ...]
    accepting: frozenset[int]


class _Nfa:
    """An NFA under construction: states are numbers, ``None`` labels an empty move."""

    def __init__(self) -> None:
        self.edges: list[list[tuple[str | None, int]]] = []

    def state(self) -> int:
        self.edges.append([])
        return len(self.edges) - 1

    def edge(self, a: int, label: str | None, b: int) -> None:
        self.edges[a].append((label, b))


class _Builder:
    """Expands the rules of one grammar into an NFA, rule references in place."""

    def __init__(self, name: str, rules: dict[str, Tree[Token]]) -> None:
        self.name = name
        self.rules = rules
        self.nfa = _Nfa()
        self.open: list[str] = []

    def fail(self, what: str) -> HHToolsError:
        return HHToolsError(f"grammars/{self.name}.lark: {what}: the structure check reads "
                            "hand rules of line kinds, rule references, ( ), [ ], |, ?, *, + "
                            "and ~ only, with no rule inside itself")

    def rule(self, name: str, a: int, b: int) -> None:
        if name in self.open:
            raise self.fail(f"rule {name} refers to itself ({' -> '.join(self.open + [name])})")
        if name not in self.rules:
            raise self.fail(f"no rule {name}")
        self.open.append(name)
        self.expand(self.rules[name], a, b)
        self.open.pop()

    def expand(self, node: Tree[Token] | Token, a: int, b: int) -> None:
        """Moves from ``a`` to ``b`` for the line kinds ``node`` (a piece of a rule) matches."""
        nfa = self.nfa
        if isinstance(node, Token):
            raise self.fail(f"unexpected {node!r}")
        kind = node.data
        if kind == "name":
            symbol = node.children[0]
            assert isinstance(symbol, Token)
            if symbol.type == "TOKEN":
                nfa.edge(a, str(symbol), b)
            else:
                self.rule(str(symbol).lstrip("!?"), a, b)
        elif kind == "expansion":  # a sequence
            at = a
            for part in node.children:
                nxt = nfa.state()
                self.expand(part, at, nxt)
                at = nxt
            nfa.edge(at, None, b)
        elif kind == "expansions":  # alternatives
            for part in node.children:
                self.expand(part, a, b)
        elif kind == "alias":  # `-> name` names the tree, the lines are the same
            self.expand(node.children[0], a, b)
        elif kind == "maybe":
            self.expand(node.children[0], a, b)
            nfa.edge(a, None, b)
        elif kind == "expr":
            self.repeat(node, a, b)
        else:
            raise self.fail(f"{kind} in a hand rule")

    def repeat(self, node: Tree[Token], a: int, b: int) -> None:
        """``x?``, ``x*``, ``x+``, ``x~n`` and ``x~n..m``."""
        nfa = self.nfa
        part, *how = node.children
        if len(how) == 1 and isinstance(how[0], Token) and how[0].type == "OP":
            op = str(how[0])
            if op == "?":
                self.expand(part, a, b)
                nfa.edge(a, None, b)
                return
            # One loop state: x then back, for either; * may also skip it.
            loop = nfa.state()
            nfa.edge(a, None, loop)
            after = nfa.state()
            self.expand(part, loop, after)
            nfa.edge(after, None, loop)
            nfa.edge(after, None, b)
            if op == "*":
                nfa.edge(a, None, b)
            return
        counts = [int(str(t)) for t in how if isinstance(t, Token) and t.type == "NUMBER"]
        if not counts or len(counts) != len(how) or len(counts) > 2:
            raise self.fail(f"repetition {how!r}")
        low, high = counts[0], counts[-1]
        if high < low:
            raise self.fail(f"repetition ~{low}..{high}")
        at = a
        for i in range(high):
            if i >= low:
                nfa.edge(at, None, b)
            nxt = nfa.state()
            self.expand(part, at, nxt)
            at = nxt
        nfa.edge(at, None, b)


def _closure(nfa: _Nfa, states: Iterable[int]) -> frozenset[int]:
    seen = set(states)
    todo = list(seen)
    while todo:
        for label, b in nfa.edges[todo.pop()]:
            if label is None and b not in seen:
                seen.add(b)
                todo.append(b)
    return frozenset(seen)


def build(name: str, text: str, start: str = "hand") -> Lines:
    """The automaton of ``start``'s line kinds in the grammar ``text`` (of ``name``)."""
    tree = _meta().parse(text)
    rules: dict[str, Tree[Token]] = {}
    for item in tree.children:
        if isinstance(item, Tree) and item.data == "rule":
            rule_name, params, *rest = item.children
            body = rest[-1]  # after the priority, when there is one
            assert isinstance(rule_name, Token) and isinstance(params, Tree)
            assert isinstance(body, Tree)
            if params.children:
                raise _Builder(name, rules).fail(f"rule {rule_name} is a template")
            rules[str(rule_name).lstrip("!?")] = body
    builder = _Builder(name, rules)
    first, last = builder.nfa.state(), builder.nfa.state()
    builder.rule(start, first, last)
    nfa = builder.nfa
    numbers = {_closure(nfa, [first]): 0}
    sets = list(numbers)
    moves: list[dict[str, int]] = []
    for states in sets:  # grows as new sets are numbered
        targets: dict[str, set[int]] = {}
        for s in states:
            for label, b in nfa.edges[s]:
                if label is not None:
                    targets.setdefault(label, set()).add(b)
        row: dict[str, int] = {}
        for label in sorted(targets):
            key = _closure(nfa, targets[label])
            if key not in numbers:
                numbers[key] = len(sets)
                sets.append(key)
            row[label] = numbers[key]
        moves.append(row)
    accepting = frozenset(i for i, states in enumerate(sets) if last in states)
    return Lines(tuple(moves), accepting)


def _well_formed(lines: Lines) -> bool:
    """True if every move and accepting state is a state of ``lines`` (a cache file edited by
    hand or by another program is built again, not trusted)."""
    n = len(lines.moves)
    return n > 0 and all(
        isinstance(row, dict) and all(isinstance(k, str) and type(s) is int and 0 <= s < n
                                      for k, s in row.items())
        for row in lines.moves) and all(type(s) is int and 0 <= s < n for s in lines.accepting)


@functools.cache
def _meta() -> Lark:
    """Lark's grammar of its own syntax; ``[x]`` read as ``x?`` (no placeholders)."""
    return Lark.open_from_package("lark", "lark.lark", ("grammars",), parser="lalr",
                                  maybe_placeholders=False)


@functools.cache
def line_automaton(name: str) -> Lines:
    """The automaton of ``grammars/<name>.lark``'s hand rule, read from the cache when the
    grammar is the one it was built from."""
    text = grammar_text(name)
    digest = hashlib.sha256(f"{_FORMAT}\n{text}".encode()).hexdigest()
    cache = grammar_cache(name)
    path = Path(cache).with_name(f"{name}-lines.json") if isinstance(cache, str) else None
    if path is not None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data["digest"] == digest:
                kept = Lines(tuple(data["moves"]), frozenset(data["accepting"]))
                if _well_formed(kept):
                    return kept
        except (OSError, ValueError, KeyError, TypeError):
            pass  # no cache yet, or one that cannot be read: built again below
    lines = build(name, text)
    if path is not None:
        data = {"digest": digest, "moves": list(lines.moves),
                "accepting": sorted(lines.accepting)}
        # Written aside and renamed, so a process reading it meanwhile never sees half of it.
        part = path.with_name(f"{path.name}.{os.getpid()}")
        try:
            part.write_text(json.dumps(data), encoding="utf-8")
            os.replace(part, path)
        except OSError:
            pass  # a cache folder that cannot be written only costs the time
    return lines
