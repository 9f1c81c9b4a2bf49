#!/usr/bin/env python3
"""Runs axe-core in a page as headless Chromium loads it, and prints what axe found.

    scripts/axe-check.py [--chromium-arg=ARG]... URL

Opens URL in a fresh headless Chromium the way a visitor's browser would (its own scripts run,
under the page's own Content-Security-Policy), waits for the load event, then evaluates axe.min.js
(`scripts/axe-core.sh` puts it at .build/axe-core/axe.min.js; BECKON_AXE overrides) in the page
through the DevTools protocol and runs it with the WCAG 2.0, 2.1 and 2.2 A and AA rules. The
DevTools protocol is spoken over the pipe Chromium opens with --remote-debugging-pipe (JSON
messages ended by a NUL byte, commands on fd 3, answers on fd 4), so nothing but the standard
library is needed, and the page's CSP stays as the server sent it: code evaluated by the
debugger is not the page's.

Prints one JSON object: {"url", "lang", "violations": [{"id", "impact", "help", "nodes":
[{"target", "html", "summary"}]}], "passes": N, "incomplete": [rule ids axe could not decide]}.
Exit status 0 without violations, 1 with, 2 when the page or axe could not be run.
"""

import json
import os
import pathlib
import select
import subprocess
import sys
import tempfile
import time

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
ROOT = pathlib.Path(__file__).resolve().parent.parent
AXE = pathlib.Path(os.environ.get("BECKON_AXE", ROOT / ".build/axe-core/axe.min.js"))
TIMEOUT = 180  # seconds for the whole run (generous: the test suite runs many browsers at once)


class DevTools:
    """One Chromium with a DevTools connection on a pair of pipes."""

    def __init__(self, chromium, arguments):
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()

        # In the child, before the other descriptors are closed (fds 3 and 4 are open here too:
        # the four pipe ends took the lowest free numbers).
        def on_fds_3_and_4():
            read, write = os.dup(commands_read), os.dup(answers_write)
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.profile = tempfile.TemporaryDirectory()
        self.deadline = time.monotonic() + TIMEOUT
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             f"--user-data-dir={self.profile.name}", "--remote-debugging-pipe", *arguments, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=on_fds_3_and_4, pass_fds=(3, 4))
        os.close(commands_read)
        os.close(answers_write)
        self._buffer = b""
        self._next_id = 0
        self.events = []

    def call(self, method, session=None, **params):
        """Sends a command and returns its result, keeping the events that arrive meanwhile."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self._commands, data):]
        while True:
            answer = self._receive()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]
            self.events.append(answer)

    def wait_for(self, method):
        """Returns the first event named `method` (one received earlier included)."""
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.append(self._receive())

    def _receive(self):
        while b"\0" not in self._buffer:
            if not select.select([self._answers], [], [], max(0, self.deadline - time.monotonic()))[0]:
                raise RuntimeError(f"no answer from chromium within {TIMEOUT} seconds")
            chunk = os.read(self._answers, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def close(self):
        try:
            self.call("Browser.close")
        except RuntimeError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.profile.cleanup()


RUN = """axe.run(document, {runOnly: {type: "tag", values: %s}, resultTypes: ["violations"]})
  .then(r => JSON.stringify({
    url: location.href, lang: document.documentElement.lang, passes: r.passes.length,
    incomplete: r.incomplete.map(i => i.id),
    violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map(n => ({target: n.target, html: n.html, summary: n.failureSummary}))}))}))"""


def evaluate(browser, session, expression):
    result = browser.call("Runtime.evaluate", session, expression=expression, awaitPromise=True,
                          returnByValue=True)
    if "exceptionDetails" in result:
        raise RuntimeError(f"evaluating in the page: {result['exceptionDetails']}")
    return result["result"].get("value")


def main(argv):
    arguments = [a[len("--chromium-arg="):] for a in argv if a.startswith("--chromium-arg=")]
    urls = [a for a in argv if not a.startswith("--")]
    if len(urls) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    if not AXE.is_file():
        print(f"axe-check: {AXE} is missing: run scripts/axe-core.sh", file=sys.stderr)
        return 2
    chromium = next((p for p in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] if os.access(p, os.X_OK)), None)
    if not chromium:
        print("axe-check: chromium is not installed (make test-deps installs it)", file=sys.stderr)
        return 2
    browser = DevTools(chromium, arguments)
    try:
        page = next(t for t in browser.call("Target.getTargets")["targetInfos"] if t["type"] == "page")
        session = browser.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        browser.call("Page.enable", session)
        navigation = browser.call("Page.navigate", session, url=urls[0])
        if "errorText" in navigation:
            raise RuntimeError(f"{urls[0]}: {navigation['errorText']}")
        browser.wait_for("Page.loadEventFired")
        evaluate(browser, session, AXE.read_text(encoding="utf-8"))
        report = json.loads(evaluate(browser, session, RUN % json.dumps(TAGS)))
    except (RuntimeError, StopIteration, OSError) as error:
        print(f"axe-check: {error}", file=sys.stderr)
        return 2
    finally:
        browser.close()
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 1 if report["violations"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
