#!/usr/bin/env python3
"""A scripted webhook endpoint for the tests: records every POST and answers as told.

    scripts/webhook-receiver.py --port PORT --dir DIR [--script FILE]

Listens on 127.0.0.1:PORT (0: a free port) and prints the port on the first line of standard
output once it accepts connections. Request N (from 1) is written to DIR/N.json whole, as
{"path", "headers": {lower-case name: value}, "body": the body as UTF-8 text, "receivedAt":
seconds since 1970 by the receiver's clock} — before it is answered, so a request the receiver
then stalls on is recorded too.

--script FILE is a JSON list whose entry N-1 answers request N: {"status": 500} answers that
status; {"delay": SECONDS} waits that long before answering; {} (or past the list's end) answers
204. SIGTERM ends it; it is unblocked first, since a process started from a thread that blocks
signals (a test's) inherits the mask.
"""
import argparse
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def main():
    parser = argparse.ArgumentParser(description="A scripted webhook endpoint.")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--script")
    arguments = parser.parse_args()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    os.makedirs(arguments.dir, exist_ok=True)
    script = json.load(open(arguments.script)) if arguments.script else []
    lock = threading.Lock()
    count = [0]

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            with lock:
                count[0] += 1
                number = count[0]
            record = {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()},
                      "body": body.decode("utf-8"), "receivedAt": time.time()}
            path = os.path.join(arguments.dir, f"{number}.json")
            with open(path + ".tmp", "w") as file:
                json.dump(record, file)
            os.replace(path + ".tmp", path)
            entry = script[number - 1] if number <= len(script) else {}
            if "delay" in entry:
                time.sleep(entry["delay"])
            status = entry.get("status", 204)
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *_):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
