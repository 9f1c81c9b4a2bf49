#!/usr/bin/env python3
"""Measures `beckon funnel` on a SQLite store of a million events.

    scripts/bench-funnel.py [--beckon .build-bench/release/beckon] [--invites 312500] [--runs 5]

It makes the store's schema with the binary itself (`beckon waitlist export` opens the store and
runs its migrations), then writes a population straight into it with Python's sqlite3, as
`beckon serve` would have stored it: `--invites` invites (four per sender) in two arms of
`share.variants` over 30 days, each with its `invite_created` event, and further events as the
invites move on (sent 90 %, opened 60 %, a store click 30 % on iOS or Android, installed 20 %,
the app's `invite_onboarding_completed` for 80 % of the installed, accepted 18 % in `control` and
24 % in `context-rich`), with each touched invite's platform as the server keeps it: about 3.4
events an invite, so the default 312,500 invites make about a million events. Then it times
`beckon funnel --database FILE --by variant --format json` (and by channel, by platform, and with a period) `--runs` times each with the page cache warm, and prints the median
and the slowest wall time of each, with the process's peak resident memory. Needs a release build:
`swift build -c release --scratch-path .build-bench --product beckon`.
"""
import argparse
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

START_MS = 1_790_000_000_000
DAY_MS = 86_400_000
# The record's columns (InviteColumn.all), then the platform SQLite keeps beside them for the funnel.
INVITE_COLUMNS = ("id, code, sender_id, context, context_id, channel, status, invitee_id, created_at, sent_at, "
                  "resent_at, opened_at, accepted_at, cancelled_at, expires_at, sender_first_name, recipient, "
                  "locale, variant, context_title, invitee_first_name, platform")
ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"


def populate(path, invites, seed=7):
    """Writes the population; returns how many events it wrote."""
    rng = random.Random(seed)
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous = OFF")
    invite_rows, event_rows, install_rows = [], [], []
    channels = ["whatsapp", "sms", "imessage", "copy_link"]
    for index in range(invites):
        arm = "control" if index % 2 == 0 else "context-rich"
        sender = f"u_{index // 4}"
        invite_id = str(uuid.UUID(int=rng.getrandbits(128)))
        code = "".join(rng.choice(ALPHABET) for _ in range(15))
        created = START_MS + rng.randrange(30 * DAY_MS)
        channel = channels[index % len(channels)]
        roll = rng.random()
        accepted_rate = 0.18 if arm == "control" else 0.24
        sent = created + 1_000 if roll < 0.9 else None
        opened = created + 60_000 if roll < 0.6 else None
        clicked = roll < 0.3
        installed = roll < 0.2
        accepted = created + 600_000 if roll < accepted_rate else None
        platform = "android" if index % 3 == 0 else "ios"
        status = "accepted" if accepted else "opened" if opened else "sent" if sent else "created"
        invite_rows.append(
            (invite_id, code, sender, "generic", None, channel, status, None, created, sent, None, opened,
             accepted, None, created + 30 * DAY_MS, "Maya", None, "en-US", arm, None, None,
             platform if clicked else None))
        def event(name, at, platform=None, method=None, source="server", client_id=None):
            event_rows.append(
                (name, source, invite_id, code, sender, "generic", channel, at, platform, method, client_id))
        event("invite_created", created)
        if sent:
            event("invite_sent", sent)
        if opened:
            event("invite_link_opened", opened)
        if clicked:
            event("invite_store_clicked", created + 90_000, platform)
        if installed:
            event("invite_app_installed", created + 300_000, platform, "clipboard")
            install_rows.append((invite_id, platform, "clipboard", created + 300_000))
            if rng.random() < 0.8:
                event("invite_onboarding_completed", created + 900_000, platform, source="app", client_id=f"o-{index}")
        if accepted:
            event("invite_accepted", accepted)
    with db:
        db.executemany(f"INSERT INTO invites ({INVITE_COLUMNS}) VALUES (" + ",".join("?" * 22) + ")", invite_rows)
        db.executemany(
            "INSERT INTO events (name, source, invite_id, code, sender_id, context, channel, at, platform, method, "
            "client_event_id) VALUES (?,?,?,?,?,?,?,?,?,?,?)", event_rows)
        db.executemany("INSERT INTO installs VALUES (?,?,?,?)", install_rows)
    db.execute("ANALYZE")
    db.close()
    return len(event_rows)


def timed(command):
    """Wall seconds, the run's peak resident memory in MB (`os.wait4`: that child alone) and its
    standard output."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    output = process.stdout.read()
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench-funnel: {' '.join(command)} failed:\n{errors.decode()}")
    return elapsed, usage.ru_maxrss / 1024, output.decode()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beckon", default=".build-bench/release/beckon")
    parser.add_argument("--invites", type=int, default=312_500)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--populate", nargs=2, metavar=("FILE", "INVITES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.populate:
        print(populate(args.populate[0], int(args.populate[1])))
        return
    beckon = os.path.abspath(args.beckon)
    site = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as work:
        database = os.path.join(work, "invites.sqlite")
        open(database, "wb").close()  # an empty file is an empty database; the command refuses none
        subprocess.run([beckon, "waitlist", "export", "--site", site, "--database", database],
                       check=True, capture_output=True)
        started = time.perf_counter()
        # Written by a process of its own, so this one stays small while it runs `beckon`.
        written = subprocess.run([sys.executable, __file__, "--populate", database, str(args.invites)],
                                 check=True, capture_output=True, text=True)
        events = int(written.stdout)
        print(f"population: {args.invites:,} invites, {events:,} events "
              f"({time.perf_counter() - started:.1f} s to write)")
        cases = {
            "by variant": ["--by", "variant"],
            "by channel": ["--by", "channel"],
            "by platform": ["--by", "platform"],
            "by variant, 10 days": ["--by", "variant", "--from", "2026-09-25", "--to", "2026-10-05"],
        }
        for name, options in cases.items():
            command = [beckon, "funnel", "--site", site, "--database", database, "--format", "json"] + options
            timed(command)  # the page cache warm
            runs = [timed(command) for _ in range(args.runs)]
            walls = [run[0] for run in runs]
            groups = json.loads(runs[-1][2]).get("groups", [])
            print(f"{name:22} median {statistics.median(walls) * 1000:7.1f} ms  slowest {max(walls) * 1000:7.1f} ms"
                  f"  peak RSS {max(run[1] for run in runs):6.1f} MB  groups {len(groups)}")


if __name__ == "__main__":
    main()
