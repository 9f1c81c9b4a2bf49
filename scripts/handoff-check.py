#!/usr/bin/env python3
"""Taps an invite's App Store button in headless Chromium as an iPhone, and prints what it copied.

    scripts/handoff-check.py [--chromium-arg=ARG]... URL

URL is an invite link as `beckon serve` answers it here (http://127.0.0.1:PORT/invite/CODE?…).
The script opens it in a fresh headless Chromium with an iPhone's user agent and a 390×844 mobile
viewport, with the clipboard permissions (clipboardReadWrite, clipboardSanitizedWrite) granted to
URL's origin through `Browser.grantPermissions`, and taps the App Store button (the link with
`store=app-store`) with real input events at the centre of its box (`Input.dispatchMouseEvent`),
so the page's script runs under a user gesture, as `navigator.clipboard.writeText` needs. Every
request the page makes is recorded (`Network.requestWillBeSent`, redirects included) until the
hand-off answers with a redirect; then a page of URL's origin that does not exist (the server's
plain 404, which starts nothing) is opened and the clipboard read there
(`navigator.clipboard.readText()`, under a user gesture).

The button names the invite's public host (https://join.playa.app), which is not reachable here:
requests to the button's origin, when it is not URL's, go to URL's server instead with their path
and query (`Fetch.continueRequest` with a new URL, which the page does not see), as the proxy in
front of `beckon serve` forwards them in production. Chromium is driven the way
`scripts/axe-check.py` drives it — the DevTools protocol over --remote-debugging-pipe, with its
`DevTools` class — so nothing but the standard library is needed.

Prints one JSON object: {"url", "button" ({"top", "bottom"}: the App Store button's box in CSS
pixels as the page first laid it out, before any scrolling), "text" (the page's `innerText`),
"handoff" (the hand-off's URL as the page asked for it),
"handoffStatus", "location", "clipboard", "requests": [{"method", "url", "type", "status",
"location", "error", "routedTo"}]}. Exit status 0 when the hand-off redirected and the clipboard
holds text, 1 when not (the JSON is printed all the same, the reason on standard error), 2 when
the page could not be run, 64 for a usage error.
"""

import importlib.util
import json
import os
import pathlib
import sys
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1")
BUTTON = 'a[href*="store=app-store"]'
BLANK = "/.handoff-check"  # a page of URL's origin that is not there: the server's plain 404
WAIT = 30  # seconds for the page to load and for the hand-off to answer


def load_devtools():
    """The `DevTools` class of scripts/axe-check.py (a file name Python cannot import by name)."""
    spec = importlib.util.spec_from_file_location("axe_check", ROOT / "scripts/axe-check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.DevTools


def origin(url):
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class HandOff:
    """One visit: the page's session, the requests it made, and the routing of the public host."""

    def __init__(self, browser, session, local):
        self.browser, self.session, self.local = browser, session, local
        self.public = None  # the button's origin, when requests to it go to `local`
        self.requests = []  # in the order they were sent
        self.current = {}  # the latest of `requests` under each request id (a redirect reuses it)

    def call(self, method, **params):
        return self.browser.call(method, self.session, **params)

    def pump(self, until, what):
        """Handles events as they arrive until `until(event)` is true, for at most WAIT seconds."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            event = self.browser.events.pop(0) if self.browser.events else self.browser._receive()
            self.handle(event)
            if until(event):
                return event
        raise RuntimeError(f"timed out waiting for {what}")

    def handle(self, event):
        method, params = event.get("method"), event.get("params", {})
        if method == "Network.requestWillBeSent":
            redirect = params.get("redirectResponse")
            if redirect and params["requestId"] in self.current:  # the same id: a redirect answered it
                self.current[params["requestId"]].update(status=redirect["status"], location=params["request"]["url"])
            request = {"method": params["request"]["method"], "url": params["request"]["url"], "type": params.get("type")}
            self.requests.append(request)
            self.current[params["requestId"]] = request
        elif method == "Network.responseReceived" and params["requestId"] in self.current:
            self.current[params["requestId"]]["status"] = params["response"]["status"]
        elif method == "Network.loadingFailed" and params["requestId"] in self.current:
            self.current[params["requestId"]]["error"] = params.get("errorText")
        elif method == "Fetch.requestPaused":
            self.answer(params)

    def answer(self, paused):
        """Sends a request to the button's origin to URL's server instead; lets any other go."""
        url = paused["request"]["url"]
        if origin(url) != self.public:
            self.call("Fetch.continueRequest", requestId=paused["requestId"])
            return
        routed = self.local + url[len(self.public):]
        if paused.get("networkId") in self.current:
            self.current[paused["networkId"]]["routedTo"] = routed
        self.call("Fetch.continueRequest", requestId=paused["requestId"], url=routed)

    def open(self, url):
        navigation = self.call("Page.navigate", url=url)
        if "errorText" in navigation:
            raise RuntimeError(f"{url}: {navigation['errorText']}")
        self.pump(lambda e: e.get("method") == "Page.loadEventFired", f"{url} to load")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True,
                           returnByValue=True, userGesture=True)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise RuntimeError(f"{expression}: {details.get('exception', {}).get('description', details['text'])}")
        return result["result"].get("value")


def visit(browser, url):
    """Opens `url`, taps its App Store button, and returns the report and what went wrong."""
    target = next(t for t in browser.call("Target.getTargets")["targetInfos"] if t["type"] == "page")
    session = browser.call("Target.attachToTarget", targetId=target["targetId"], flatten=True)["sessionId"]
    page = HandOff(browser, session, origin(url))
    browser.call("Browser.grantPermissions", origin=page.local,
                 permissions=["clipboardReadWrite", "clipboardSanitizedWrite"])
    for domain in ["Page", "Network", "DOM"]:
        page.call(f"{domain}.enable")
    page.call("Network.setUserAgentOverride", userAgent=IPHONE, platform="iPhone")
    page.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=3, mobile=True)
    page.call("Emulation.setFocusEmulationEnabled", enabled=True)  # the clipboard wants a focused page
    page.open(url)

    # The button, its link (whose origin is routed here) and the centre of its box.
    root = page.call("DOM.getDocument")["root"]["nodeId"]
    node = page.call("DOM.querySelector", nodeId=root, selector=BUTTON)["nodeId"]
    if not node:
        raise RuntimeError(f"{url} has no App Store button ({BUTTON})")
    attributes = page.call("DOM.getAttributes", nodeId=node)["attributes"]
    href = dict(zip(attributes[::2], attributes[1::2]))["href"]
    if origin(href) != page.local:
        page.public = origin(href)
        page.call("Fetch.enable", patterns=[{"urlPattern": page.public + "/*"}])
    first = page.call("DOM.getBoxModel", nodeId=node)["model"]["border"]
    button = {"top": min(first[1::2]), "bottom": max(first[1::2])}
    text = page.evaluate("document.body.innerText")
    page.call("DOM.scrollIntoViewIfNeeded", nodeId=node)
    quad = page.call("DOM.getBoxModel", nodeId=node)["model"]["border"]
    x, y = sum(quad[0::2]) / 4, sum(quad[1::2]) / 4
    for kind in ["mousePressed", "mouseReleased"]:
        page.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", buttons=1, clickCount=1)

    # The hand-off: the request to `href`, until it is answered (a redirect's target may not load).
    problems = []
    answered = lambda _: any(r["url"] == href and "status" in r for r in page.requests)
    try:
        page.pump(answered, "the hand-off")
    except RuntimeError as error:
        problems.append(f"the App Store button led nowhere: {error}")
    handoff = next((r for r in page.requests if r["url"] == href), {})
    if handoff and handoff.get("status") not in (301, 302, 303, 307, 308):
        problems.append(f"the hand-off answered {handoff.get('status')}, not a redirect to the store")

    page.open(page.local + BLANK)
    clipboard = page.evaluate("navigator.clipboard.readText()")
    if not clipboard:
        problems.append("the clipboard is empty: the button copied nothing")
    report = {
        "url": url, "button": button, "text": text, "handoff": href, "handoffStatus": handoff.get("status"),
        "location": handoff.get("location"), "clipboard": clipboard, "requests": list(page.requests),
    }
    return report, problems


def main(argv):
    arguments = [a[len("--chromium-arg="):] for a in argv if a.startswith("--chromium-arg=")]
    urls = [a for a in argv if not a.startswith("--")]
    if len(urls) != 1 or len(arguments) + len(urls) != len(argv):
        print("usage: " + __doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 64
    chromium = next((p for p in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] if os.access(p, os.X_OK)), None)
    if not chromium:
        print("handoff-check: chromium is not installed (make test-deps installs it)", file=sys.stderr)
        return 2
    browser = load_devtools()(chromium, arguments)
    try:
        report, problems = visit(browser, urls[0])
    except (RuntimeError, StopIteration, KeyError, OSError) as error:
        print(f"handoff-check: {error}", file=sys.stderr)
        return 2
    finally:
        browser.close()
    print(json.dumps(report, indent=2, ensure_ascii=False))
    for problem in problems:
        print(f"handoff-check: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
