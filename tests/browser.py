"""Headless Chromium driven over the DevTools protocol, with nothing but the standard library.

Chromium's ``--remote-debugging-pipe`` speaks the protocol over file descriptors 3 (commands
in) and 4 (replies and events out), one JSON message per NUL-terminated chunk: no websocket
client, no port, nothing listening on the network. tests/report/test_browser.py uses it to load the
report as a person would; run this file to look at a page yourself:

    python tests/browser.py report.html report.png

Debian's ``chromium`` package provides the browser (``apt-get install -y chromium``).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def find_chromium() -> str | None:
    """The Chromium executable, or None when it is not installed."""
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        if found := shutil.which(name):
            return found
    return None


def chromium_or_skip() -> str:
    """The Chromium executable for a test; the test is skipped with the reason when it is not
    installed, except under CI (``CI`` set), where .ci/run installs it: there it fails."""
    import pytest

    found = find_chromium()
    if not found:
        reason = ("Chromium is not installed: the browser test cannot run "
                  "(Debian: apt-get install -y chromium; .ci/run installs it)")
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return found


#: The tallest screenshot taken, in CSS pixels (Chromium refuses much taller captures).
TALLEST = 16_000


class BrowserError(RuntimeError):
    """Chromium did not start, or answered a command with an error."""


class Chromium:
    """One headless Chromium with one page; use as a context manager."""

    def __init__(self, executable: str | None = None, timeout: float = 60.0):
        self.executable = executable or find_chromium()
        if not self.executable:
            raise BrowserError("chromium is not installed (Debian: apt-get install -y chromium)")
        self.timeout = timeout
        self.events: list[dict] = []
        self._next_id = 0
        self._buffer = b""

    def __enter__(self) -> Chromium:
        self._profile = tempfile.mkdtemp(prefix="hhtools-chromium-")
        to_child, self._write = os.pipe()
        self._read, from_child = os.pipe()

        def wire() -> None:
            # In the child: the protocol's descriptors must be exactly 3 and 4. Move both out
            # of the way first, in case either pipe end already sits on 3 or 4.
            import fcntl

            high_in = fcntl.fcntl(to_child, fcntl.F_DUPFD, 10)
            high_out = fcntl.fcntl(from_child, fcntl.F_DUPFD, 10)
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        self._process = subprocess.Popen(
            [self.executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--disable-extensions",
             "--disable-dev-shm-usage", "--mute-audio", "--hide-scrollbars",
             f"--user-data-dir={self._profile}", "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            preexec_fn=wire, pass_fds=(3, 4))  # kept open after the wiring above
        os.close(to_child)
        os.close(from_child)
        try:
            targets = self.send("Target.getTargets")["targetInfos"]
            page = next((t for t in targets if t["type"] == "page"), None)
            target = page["targetId"] if page else self.send(
                "Target.createTarget", url="about:blank")["targetId"]
            self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
            for domain in ("Page", "Runtime", "Log"):
                self.send(f"{domain}.enable", session=True)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc) -> None:
        try:
            os.close(self._write)
        except OSError:
            pass
        self._process.terminate()
        try:
            self._process.wait(10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        if self._process.stderr:
            self._process.stderr.close()
        os.close(self._read)
        shutil.rmtree(self._profile, ignore_errors=True)

    # -- protocol ----------------------------------------------------------------------------

    def _receive(self, deadline: float) -> dict:
        import select

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("chromium did not answer in time")
            ready, _, _ = select.select([self._read], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                err = self._process.stderr.read().decode(errors="replace")[-2000:] if self._process.stderr else ""
                raise BrowserError(f"chromium closed the protocol pipe: {err}")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method: str, session: bool = False, **params) -> dict:
        """Run one protocol command and return its result; events meanwhile go to ``events``."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str) -> dict:
        """The first event called ``method`` (already received, or the next to come)."""
        deadline = time.monotonic() + self.timeout
        while True:
            for event in self.events:
                if event.get("method") == method:
                    return event
            self.events.append(self._receive(deadline))

    # -- what the tests use --------------------------------------------------------------------

    def open(self, path: str | Path, width: int = 1280, height: int = 900,
             mobile: bool = False) -> None:
        """Load a local file and wait until the page (images included) has loaded. ``mobile``
        emulates a phone: the page's viewport meta tag is obeyed, as a phone's browser does."""
        self.send("Emulation.setDeviceMetricsOverride", session=True, width=width,
                  height=height, deviceScaleFactor=1, mobile=mobile)
        # A page opened before left its load event: wait for this page's own.
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        self.send("Page.navigate", session=True, url=Path(path).resolve().as_uri())
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.send("Runtime.evaluate", session=True, expression=expression,
                           returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"evaluation failed: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def errors(self) -> list[str]:
        """Console errors, uncaught exceptions and browser log errors (CSP violations, failed
        loads) seen so far."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append("console: " + " ".join(str(a.get("value", a.get("description")))
                                                     for a in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                found.append("exception: " + str(params["exceptionDetails"].get("text")))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(f"log ({params['entry'].get('source')}): {params['entry'].get('text')}")
        return found

    def dialogs(self) -> list[str]:
        """Messages of any alert, confirm or prompt the page opened."""
        return [e["params"].get("message", "") for e in self.events
                if e.get("method") == "Page.javascriptDialogOpening"]

    def screenshot(self, out: str | Path) -> Path:
        """The whole page, not only the window, as a PNG file; a page taller than Chromium
        captures at once ("Page is too large": a phone's stacked tables) is cut at
        ``TALLEST`` pixels."""
        size = self.evaluate("[document.documentElement.scrollWidth, "
                             "document.documentElement.scrollHeight]")
        clip = {"x": 0, "y": 0, "width": size[0], "height": min(size[1], TALLEST), "scale": 1}
        data = self.send("Page.captureScreenshot", session=True, format="png",
                         captureBeyondViewport=True, clip=clip)["data"]
        out = Path(out)
        out.write_bytes(base64.b64decode(data))
        return out


def screenshot(page: str | Path, out: str | Path) -> Path:
    """Load ``page`` in headless Chromium and save a full-page PNG screenshot to ``out``."""
    with Chromium() as browser:
        browser.open(page)
        shot = browser.screenshot(out)
        for error in browser.errors():
            print(f"page error: {error}", file=sys.stderr)
    return shot


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python tests/browser.py PAGE.html OUT.png")
    print(screenshot(sys.argv[1], sys.argv[2]))
