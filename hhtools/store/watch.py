"""Importing hands as the poker client writes them (``hhtools watch``).

The watched folders are polled with the standard library (a stat of each history file every
quarter second) rather than through the operating system's change notices: polling sees
files on network shares and in Wine prefixes, where notices do not arrive, sees a folder
created after the watch started, and costs no dependency; a history folder holds hundreds of
files at most, which a stat each poll reads in well under a millisecond each.

A client writes a hand in one or a few writes, so a file may end in half a hand. A changed file
is read from the line where the last look stopped (a digest of the lines before it tells a
file rewritten since, read again from its start) and cut before the header of its last hand:
the hands before it are complete (another hand started after them) and are imported at once,
without marking the file as imported. The last hand is imported once it reads whole and either
the file has been quiet for ``quiet`` seconds or the hand is followed by the blank line that
ends a hand at its site; a hand that still does not read after ``settle`` seconds of quiet is
imported as it is, and so rejected with its message, as ``hhtools import`` would. Hands
already stored are skipped by site and hand id, so re-reading a file, a file renamed by the
client (rotation) or rewritten after a restart stores no hand twice.

The store's writer lock is held only around each import: another import may run while the
watch waits.
"""

from __future__ import annotations

import hashlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from hhtools.core.inputs import InputError, find_histories, open_input, read_input, shown
from hhtools.core.words import plural
from hhtools.errors import HHToolsError
from hhtools.reading.decoding import decode_bytes, read_history
from hhtools.reading.parsing import (
    HISTORY_SUFFIXES,
    ParseResult,
    detect_site,
    line_spacing,
    parse_file,
    parse_text,
    split_lines,
)
from hhtools.reading.phh_bounds import bounds_problem, is_phh, phh_bytes
from hhtools.reading.splitting import header_lines
from hhtools.reading.unfinished import reject_unfinished, unfinished
from hhtools.store.importer import ImportSummary, import_parsed
from hhtools.store.store import Store

#: Seconds between two looks at the watched folders.
POLL = 0.25
#: Seconds a file must be unchanged before its last hand is taken as written, if it reads whole:
#: clients write a hand in one go, and a poll (POLL) plus an import fit in the 2 s left.
QUIET = 1.0
#: Seconds of quiet after which a last hand that does not read is imported, and rejected.
SETTLE = 30.0


@dataclass
class WatchSummary:
    """What a watch has imported so far."""

    imports: int = 0  # files (or parts of files) imported
    hands_new: int = 0
    duplicates: int = 0
    rejected: int = 0
    rejected_examples: list[str] = field(default_factory=list)
    files: set[str] = field(default_factory=set)

    def add(self, path: str, done: ImportSummary) -> None:
        self.imports += 1
        self.files.add(path)
        self.hands_new += done.hands_stored
        self.duplicates += done.duplicates
        self.rejected += done.rejected
        room = max(0, 10 - len(self.rejected_examples))
        self.rejected_examples.extend(done.rejected_examples[:room])

    def render(self) -> str:
        lines = [f"files imported from: {len(self.files)}",
                 f"hands new: {self.hands_new}",
                 f"duplicates: {self.duplicates}",
                 f"rejected: {self.rejected}"]
        lines += [f"  {e}" for e in self.rejected_examples]
        if self.rejected > len(self.rejected_examples):
            lines.append("  ... `hhtools rejected` lists them all")
        return "\n".join(lines)


@dataclass
class _File:
    signature: tuple[int, int]  # size and modification time when last seen
    changed_at: float  # time.monotonic() when the signature last changed
    done: tuple[int, int] | None = None  # the signature last imported whole
    tried: tuple[tuple[int, int], str] | None = None  # (signature, stage) last looked at
    start: int = 0  # the line from which the file is still to be read
    mark: bytes = b""  # the digest of the lines before start when they were read
    rejected: bool = False  # a part read before had a hand rejected
    refused: str | None = None  # why it was last refused unread (hhtools.core.inputs)


class Watcher:
    """Watches ``paths`` (folders or files, present or not yet) and imports into ``store``.

    ``on_import(path, summary)`` is called after each import, ``on_event(message)`` for what a
    user should know (a folder waited for, another import holding the store). ``summary``
    counts what was imported, also after an interrupt.
    """

    def __init__(self, paths: Iterable[str | os.PathLike[str]], store: Store, *,
                 on_import: Callable[[str, ImportSummary], None] | None = None,
                 on_event: Callable[[str], None] | None = None,
                 poll: float = POLL, quiet: float = QUIET, settle: float = SETTLE):
        self.paths = [Path(p).expanduser() for p in paths]
        self.store = store
        self.on_import = on_import or (lambda path, summary: None)
        self.on_event = on_event or (lambda message: None)
        self.poll, self.quiet, self.settle = poll, quiet, settle
        self.summary = WatchSummary()
        self._files: dict[str, _File] = {}
        self._missing: set[Path] = set()
        self._first = True
        self._wrote = False  # during this look: the small batches may be due to be merged
        self._importing = False  # a part is being stored and counted
        self._interrupted = False  # Ctrl-C came during an import (interrupts_between_imports)

    def run(self, stop: threading.Event | None = None) -> WatchSummary:
        """Watch until ``stop`` is set (or KeyboardInterrupt); the summary."""
        stop = stop or threading.Event()
        while not stop.is_set():
            self.look()
            stop.wait(self.poll)
        self.tidy()
        return self.summary

    @contextmanager
    def interrupts_between_imports(self) -> Iterator[None]:
        """Within: Ctrl-C (SIGINT) that comes while a part is imported raises KeyboardInterrupt
        only once the part is stored and counted, and a second Ctrl-C at once. Raised between
        the store's write and the count, it would leave a stored hand out of ``summary``.
        Python runs signal handlers in the main thread only: elsewhere nothing changes."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return

        def interrupt(signum: int, frame: object) -> None:
            if self._importing and not self._interrupted:
                self._interrupted = True
                # The import may be waiting for another to leave the store: say why it goes on.
                self.on_event("stopping once the hands being imported are stored; "
                              "Ctrl-C again stops at once")
                return
            raise KeyboardInterrupt

        previous = signal.signal(signal.SIGINT, interrupt)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)
            self._interrupted = False

    def tidy(self) -> None:
        """Merge the small batches the watch wrote, one a hand, into one (Store.compact);
        done when the watch ends, as every write merges them only once there are several."""
        if not self.summary.imports:
            return
        try:
            self.store.compact(every=True, waiting=self.on_event)
        except HHToolsError as exc:
            self.on_event(f"the store's small batches were not merged: {exc}")

    def look(self, final: bool = False) -> None:
        """One look at the watched paths: import what is ready. ``final``: the look of a
        single pass (``hhtools watch --once``), which takes every file as quiet: a last hand
        that reads whole is imported, one that does not is left for the next look."""
        now = time.monotonic()
        seen = set()
        if self._first:
            # Files imported whole before the watch started are not read again.
            imported = self.store.imported_files() if self.store.batches.is_dir() else {}
        for path in self._listing():
            try:
                stat = path.stat()
            except OSError:  # gone between the listing and now (rotated away)
                continue
            name = str(path.resolve())
            seen.add(name)
            signature = (stat.st_size, stat.st_mtime_ns)
            known = self._files.get(name)
            if known is None:
                known = self._files[name] = _File(signature, now)
                if self._first and imported.get(name) == signature:
                    known.done = signature
            elif known.signature != signature:
                known.signature, known.changed_at = signature, now
            if known.done != signature:
                quiet_for = now - known.changed_at
                if final:
                    # One pass sees each file once: its age says how long it has been quiet,
                    # so a file broken long ago is rejected, not left unread without a word.
                    quiet_for = max(quiet_for, self.quiet, time.time() - stat.st_mtime)
                self._consider(name, known, quiet_for)
        for gone in self._files.keys() - seen:
            del self._files[gone]
        self._first = False
        if self._wrote:
            # After the hands of this look are said to be stored, not before: a merge of the
            # small batches (every COMPACT_AFTER hands) would hold up the hand that made it due.
            self._wrote = False
            self.store.merge_if_due(self.on_event)
        if final:
            self.tidy()

    def _listing(self) -> list[Path]:
        found: list[Path] = []
        for root in self.paths:
            if not root.exists():
                if root not in self._missing:
                    self._missing.add(root)
                    self.on_event(f"waiting for {shown(root)} to be created...")
                continue
            if root in self._missing:
                self._missing.discard(root)
                self.on_event(f"watching {shown(root)}")
            # A pipe, a device or a folder that cannot be entered is listed too: reading
            # refuses it by name (hhtools.core.inputs).
            found += find_histories([root], HISTORY_SUFFIXES)
        return found

    def _consider(self, name: str, known: _File, quiet_for: float) -> None:
        stage = "settled" if quiet_for >= self.settle else "quiet" if quiet_for >= self.quiet else "busy"
        if known.tried == (known.signature, stage):
            return
        known.tried = (known.signature, stage)
        try:
            stat = os.stat(name)
            if is_phh(name):
                data = read_input(name, limit=phh_bytes(name))
            else:
                with open_input(name) as f:
                    # NUL padding and lines too long left out, as an import leaves them.
                    data, _ = read_history(f)
            after = os.stat(name)
        except FileNotFoundError:
            return  # renamed or removed meanwhile: the next listing shows where it went
        except InputError as exc:
            if not os.path.lexists(name):
                return
            self._refuse(name, known, str(exc))
            return
        except OSError as exc:
            self._refuse(name, known, f"cannot read {shown(name)}: {exc.strerror or exc}")
            return
        known.refused = None  # readable now: a later refusal is said again
        if (after.st_size, after.st_mtime_ns) != (stat.st_size, stat.st_mtime_ns):
            return  # written to while read: read again at the next look, once it has changed
        if not stat.st_size:
            return  # just created: its first hand is still to come
        decoded = decode_bytes(data)
        lines = split_lines(decoded.text)
        site = detect_site(lines)
        if (is_phh(name) or site is None or getattr(site, "read_document", None) is not None
                or line_spacing(lines)[1] != 1):
            # One document (Merge's XML, PHH), a file of no site (a readme), or Full Tilt's
            # double-spaced files of one hand each: imported whole, once quiet and
            # read whole.
            if stage == "settled" or stage == "quiet":
                try:
                    whole = parse_file(name)
                except InputError as exc:
                    self._refuse(name, known, str(exc))
                    return
                except HHToolsError:
                    return
                # A PHH file past its bounds (hhtools.reading.phh) will not read once written further.
                final = is_phh(name) and bounds_problem(decoded.text) is not None
                if stage == "settled" or whole.ok or final:
                    self._import(name, stat, whole, known, lines, len(lines))
            return
        start = known.start if known.mark == _mark(lines, known.start) else 0
        heads = [start + k for k in header_lines("\n".join(lines[start:]), site)]
        if not heads:
            return  # nothing but what follows the last hand imported
        last = heads[-1]
        tail = lines[last:]
        # A hand cut inside its summary often reads whole (the seat lines there are not all
        # required), so reading whole is not enough: the file must also be quiet, unless the
        # hand is followed by the blank line that ends a hand at this site.
        gap = site.hand_gap
        ended = len(tail) > gap + 1 and not any(line.strip() for line in tail[-gap - 1:])
        if stage == "settled" or ((stage == "quiet" or ended) and _reads_whole(tail, site.name)):
            end = len(lines)
        elif last > start:
            end = last  # the hands followed by another are complete
        else:
            return
        held = end < len(lines)
        # Blank lines in place of those already read keep the line numbers of the messages.
        text = "\n" * start + "\n".join(lines[start:end])
        part = parse_text(text, site.name, path=name, encoding=decoded.encoding)
        if end == len(lines):
            # Settled: a last hand still short of its summary is one the client never
            # finished, rejected as ``hhtools import`` rejects it.
            part = reject_unfinished(part, self.settle)
        self._import(name, stat, part, known, lines, end, start, held)

    def _refuse(self, name: str, known: _File, message: str) -> None:
        """An input not read (a pipe, a device, no right to read it): said once, and
        counted as rejected, until the reason changes."""
        if known.refused == message:
            return
        known.refused = message
        self.summary.rejected += 1
        if len(self.summary.rejected_examples) < 10:
            self.summary.rejected_examples.append(message)
        self.on_event(message)

    def _import(self, name: str, stat: os.stat_result, result: ParseResult, known: _File,
                lines: list[str], end: int, start: int = 0, held: bool = False) -> None:
        whole = end == len(lines)
        self._importing = True
        try:
            done = import_parsed(name, stat, result, self.store, whole=whole and not known.rejected,
                                 again=start == 0, waiting=self.on_event, merge=False)
            self._wrote = True
            done.writing += held
            known.rejected = (known.rejected and start > 0) or bool(done.rejected)
            # What follows is read from the line the read stopped at: the last line, when the
            # whole file was read, may be continued by the next write.
            known.start = end - 1 if whole else end
            known.mark = _mark(lines, known.start)
            if whole:
                known.done = (stat.st_size, stat.st_mtime_ns)
            self.summary.add(name, done)
        finally:
            self._importing = False
        self.on_import(name, done)
        if self._interrupted:
            raise KeyboardInterrupt


def _mark(lines: list[str], start: int) -> bytes:
    """A digest of the lines before ``start``: a file rewritten since is read from its start."""
    return hashlib.blake2b("\n".join(lines[:start]).encode("utf-8", "surrogatepass"),
                           digest_size=16).digest()


def _reads_whole(lines: list[str], site: str) -> bool:
    """True if the text of one hand reads as one complete hand."""
    read = parse_text("\n".join(lines), site)
    return (not read.errors and len(read.hands) + len(read.skipped) == 1
            and all(unfinished(h) is None for h in read.hands))


def import_line(path: str, done: ImportSummary) -> str:
    """The line ``hhtools watch`` prints after each import."""
    said = [plural(done.hands_stored, "new hand") + " stored"]
    if done.summaries_new:
        said.append(plural(done.summaries_new, "tournament summary", "tournament summaries")
                    + " stored")
    if done.duplicates:
        said.append(f"{done.duplicates} already stored")
    if done.rejected:
        said.append(f"{done.rejected} rejected")
    if done.writing:
        said.append("the last hand still being written")
    return f"{shown(path)}: {', '.join(said)}"


def watch(paths: Iterable[str | os.PathLike[str]], store: Store, *,
          on_import: Callable[[str, ImportSummary], None] | None = None,
          on_event: Callable[[str], None] | None = None,
          stop: threading.Event | None = None, **timing: float) -> WatchSummary:
    """Import hands from ``paths`` into ``store`` as they are written, until ``stop`` is set."""
    return Watcher(paths, store, on_import=on_import, on_event=on_event, **timing).run(stop)
