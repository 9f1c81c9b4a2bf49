#!/usr/bin/env python3
"""Measures the edit loop: how long after a locale string is saved the browser is told to reload,
for `beckon preview` and for `hugo server` on a site with the same number of pages, in the same run.

    scripts/bench-preview.py [--beckon .build/release/beckon] [--edits 15] [--large]

For Beckon, the time runs from writing `locales/de-DE.yml` to the `build` event on the preview's
Server-Sent Events stream (what the browser reloads on). For Hugo, from writing a German content
file to the `reload` message on its LiveReload WebSocket. Both watch with inotify. The default site
is measured, and with --large also the ~2,000-artifact site from scripts/generate-large-site.py.
Prints min, median and max per tool and the ratio of the medians.
"""
import argparse
import base64
import json
import os
import pathlib
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import benchsites  # noqa: E402


def wait_for(process, pattern, timeout=600):
    """Reads the process's output until a line matches; returns the match."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            if process.poll() is not None:
                raise RuntimeError(f"{process.args[0]} exited with {process.returncode}")
            continue
        match = re.search(pattern, line)
        if match:
            return match
    raise RuntimeError(f"timed out waiting for {pattern!r}")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class EventStream:
    """The preview's /_beckon/events, read as a browser's EventSource would."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.sendall(b"GET /_beckon/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        self.buffer = b""
        self.wait(b": connected")

    def wait(self, marker, timeout=120):
        self.socket.settimeout(timeout)
        while marker not in self.buffer:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise RuntimeError("event stream closed")
            self.buffer += chunk
        self.buffer = self.buffer[self.buffer.index(marker) + len(marker):]


class LiveReload:
    """Hugo's LiveReload WebSocket, with just enough of RFC 6455 to read the server's text frames."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall(
            (f"GET /livereload HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.socket.recv(4096)
        self.buffer = self.buffer[self.buffer.index(b"\r\n\r\n") + 4:]
        self.send(json.dumps({"command": "hello", "protocols": ["http://livereload.com/protocols/official-7"]}))

    def send(self, text):
        payload = text.encode()
        mask = os.urandom(4)
        header = bytes([0x81, 0x80 | len(payload)]) if len(payload) < 126 else bytes([0x81, 0xFE]) + len(payload).to_bytes(2, "big")
        self.socket.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def message(self, timeout=120):
        self.socket.settimeout(timeout)
        while True:
            while len(self.buffer) < 2:
                self.buffer += self.socket.recv(65536)
            length = self.buffer[1] & 0x7F
            start = 2
            if length == 126:
                while len(self.buffer) < 4:
                    self.buffer += self.socket.recv(65536)
                length = int.from_bytes(self.buffer[2:4], "big")
                start = 4
            while len(self.buffer) < start + length:
                self.buffer += self.socket.recv(65536)
            opcode = self.buffer[0] & 0x0F
            payload = self.buffer[start:start + length]
            self.buffer = self.buffer[start + length:]
            if opcode == 1:
                return json.loads(payload)

    def wait_reload(self, timeout=120):
        while self.message(timeout).get("command") != "reload":
            pass


def measure_beckon(beckon, site, edits):
    bundle = site / "locales" / "de-DE.yml"
    original = bundle.read_text(encoding="utf-8")
    port = free_port()
    process = subprocess.Popen([beckon, "preview", "--site", str(site), "--port", str(port)], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, env={**os.environ, "CI": "1"})
    try:
        wait_for(process, r"Preview: http")
        stream = EventStream(port)
        times = []
        for edit in range(edits + 1):
            text = original.replace("abgelaufen", f"abgelaufen {edit}", 1)
            start = time.perf_counter()
            bundle.write_text(text, encoding="utf-8")
            stream.wait(b"event: build")
            elapsed = time.perf_counter() - start
            if edit > 0:  # the first edit warms the engine's memo of what the initial build did not touch
                times.append(elapsed * 1000)
            time.sleep(0.2)
        return times
    finally:
        process.terminate()
        process.wait()
        bundle.write_text(original, encoding="utf-8")


def measure_hugo(site, edits):
    content = site / "content" / "page-1.de.md"
    original = content.read_text(encoding="utf-8")
    port = free_port()
    process = subprocess.Popen(["hugo", "server", "--source", str(site), "--port", str(port), "--bind", "127.0.0.1"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for(process, r"Web Server is available")
        socket_ = LiveReload(port)
        times = []
        for edit in range(edits + 1):
            start = time.perf_counter()
            content.write_text(original.replace("eingeladen", f"eingeladen {edit}"), encoding="utf-8")
            socket_.wait_reload()
            elapsed = time.perf_counter() - start
            if edit > 0:
                times.append(elapsed * 1000)
            time.sleep(0.2)
        return times
    finally:
        process.terminate()
        process.wait()
        content.write_text(original, encoding="utf-8")


def pages_of(beckon, site, work):
    subprocess.run([beckon, "build", "--site", str(site), "--output", str(work / "out")], check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "CI": "1"})
    manifest = json.loads((work / "out" / "manifest.json").read_text())
    kinds = [entry["kind"] for entry in manifest["artifacts"]]
    return len(kinds), sum(kind in ("landing", "expired", "gone", "android") for kind in kinds)


def summary(name, times):
    return f"{name:<34} min {min(times):7.1f} ms   median {statistics.median(times):7.1f} ms   max {max(times):7.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beckon", default=str(ROOT / ".build" / "release" / "beckon"))
    parser.add_argument("--edits", type=int, default=15)
    parser.add_argument("--large", action="store_true", help="also the ~2,000-artifact site")
    args = parser.parse_args()
    if not shutil.which("hugo"):
        sys.exit("hugo is not installed (apt-get install hugo)")
    with tempfile.TemporaryDirectory() as temporary:
        work = pathlib.Path(temporary)
        sites = [("default site", None)]
        if args.large:
            sites.append(("generated large site", ["--locales", "10", "--samples", "24"]))
        for name, generate in sites:
            site = work / name.replace(" ", "-")
            if generate is None:
                site.mkdir()
                for part in ["templates", "locales", "static"]:
                    shutil.copytree(ROOT / part, site / part)
                shutil.copy(ROOT / "beckon.yml", site / "beckon.yml")
            else:
                subprocess.run([sys.executable, str(ROOT / "scripts" / "generate-large-site.py"), str(site), *generate],
                               check=True, stdout=subprocess.DEVNULL)
            artifacts, pages = pages_of(args.beckon, site, work / f"{site.name}-build")
            hugo = work / f"{site.name}-hugo"
            benchsites.hugo_site(hugo, benchsites.languages(4), max(1, pages // 4))
            print(f"{name}: {artifacts} artifacts, {pages} pages; Hugo site with {4 * max(1, pages // 4)} pages")
            beckon_times = measure_beckon(args.beckon, site, args.edits)
            hugo_times = measure_hugo(hugo, args.edits)
            print(summary("  beckon preview (edit → SSE build)", beckon_times))
            print(summary("  hugo server (edit → livereload)", hugo_times))
            ratio = statistics.median(beckon_times) / statistics.median(hugo_times)
            print(f"  Beckon / Hugo (medians): {ratio:.2f}")


if __name__ == "__main__":
    main()
