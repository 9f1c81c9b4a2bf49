#!/usr/bin/env python3
"""Measures `beckon serve --smtp` delivering examples/selffull's invitations to a loopback Postfix.

    scripts/bench-delivery.py [--beckon .build-bench/release/beckon] [--messages 3000] [--paced-seconds 30]
                              [--site selffull|default]

`--site default` delivers the default site's friend invitations instead: not transactional, so each
carries its recipient's one-click unsubscribe link and each is looked up in the suppression list
before it is sent.

It starts a Postfix of its own in a temporary folder (scripts/postfix-relay.sh, as the tests do:
every recipient delivered to one Maildir), then, for each signing mode (none, RSA-2048, Ed25519):

- **Drain**: `--messages` email invites are created through the bulk API while the server's relay
  is unreachable (each job's first attempt is refused and deferred), the server is stopped, the
  store's jobs are made due again, and a server pointed at Postfix drains them: messages from
  queue to the relay's 250 per second, and the server's CPU time per message (user + system,
  from /proc) — the signature's cost is the difference between the modes.
- **Paced**: on that server, 100 invitations a second (five bulk requests of 20) for
  `--paced-seconds`, and each one's time from its enqueue (the create's transaction) to the
  relay's 250, as the store records both: median, p95 and the slowest.

With `--webhooks N`, webhooks too: N `invite_created` webhooks queued while the endpoint was
unreachable, then drained into nginx answering 204 on loopback (deliveries per second, and the
server's CPU per delivery).

Before the measured runs, one drain of `--messages` unsigned invitations warms Postfix and the
machine up and is not reported (without it the first mode measured drained about a fifth slower,
whichever it was).

The ceiling is Postfix's own acceptance rate on this machine, measured with Postfix's
`smtp-source` (4 sessions, 16 KB messages, the size of selffull's invitation) into the same Postfix.

Needs a release build: `swift build -c release --scratch-path .build-bench --product beckon`, and
Debian's postfix. Run as root (Postfix's daemons drop to the postfix user).
"""
import argparse
import json
import os
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOKEN = "bench-api-token-0123456789abcdef"
LINK_KEY = "00" * 32
# `--smtp-connections`, set from the command line.
CONNECTIONS = 4
# `--site`: the site's folder (under the repository) and its sender's domain.
SITES = {"selffull": ("examples/selffull", "selffull.io"), "default": (".", "playa.app")}
SITE = SITES["selffull"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_postfix(folder):
    """A Postfix in `folder` on a free port, as scripts/postfix-relay.sh runs it; returns (port, maildir)."""
    port = free_port()
    os.makedirs(folder, exist_ok=True)
    subprocess.Popen(["/bin/bash", os.path.join(ROOT, "scripts/postfix-relay.sh"), folder, str(port)],
                     stdout=open(os.path.join(folder, "postfix.log"), "w"), stderr=subprocess.STDOUT)
    wait_for_port(port)
    return port, os.path.join(folder, "mail/maildir/new")


def stop_postfix(folder):
    subprocess.run(["/usr/sbin/postfix", "-c", f"{folder}/etc", "stop"], capture_output=True)


def wait_for_port(port, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listens on {port}")


def selffull(folder, algorithm, beckon):
    """A copy of the site (`--site`) signing with `algorithm` (or not); returns (site, environment)."""
    path, domain = SITE
    site = os.path.join(folder, f"site-{algorithm}")
    os.makedirs(site)
    for part in ("beckon.yml", "templates", "locales", "static"):
        source = os.path.join(ROOT, path, part)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(site, part))
        elif os.path.exists(source):
            shutil.copy(source, os.path.join(site, part))
    environment = dict(os.environ, BECKON_API_TOKEN=TOKEN, BECKON_LINK_KEY=LINK_KEY)
    environment.pop("BECKON_DKIM_KEY", None)
    key = subprocess.run(["openssl", "genrsa", "2048"], check=True, capture_output=True).stdout
    environment["BECKON_TOKEN_KEY"] = key.decode()
    if algorithm in ("rsa", "ed25519"):
        config = os.path.join(site, "beckon.yml")
        text = open(config).read().replace(
            f"  from: invites@{domain}\n", f"  from: invites@{domain}\n  dkim: {{selector: bench, domain: {domain}}}\n")
        open(config, "w").write(text)
        pem = os.path.join(folder, f"{algorithm}.pem")
        subprocess.run([beckon, "dkim", "keygen", "--selector", "bench", "--domain", domain,
                        "--algorithm", algorithm, "--output", pem], check=True, capture_output=True)
        environment["BECKON_DKIM_KEY"] = pem
    return site, environment


class Server:
    def __init__(self, beckon, site, database, environment, smtp, webhook=None):
        command = [beckon, "serve", "--site", site, "--port", "0", "--database", database, "--invites-per-day", "100000"]
        if smtp:
            command += ["--smtp", smtp, "--smtp-timeout", "5", "--smtp-retry", "3600",
                        "--smtp-connections", str(CONNECTIONS)]
        if webhook:
            command += ["--webhook", webhook, "--webhook-events", "invite_created", "--webhook-retry", "3600",
                        "--webhook-timeout", "5"]
        self.process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        self.port = int(line.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])

    def cpu_seconds(self):
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def bulk(self, sender, first):
        recipients = [{"recipient": f"p{sender}-{first + i}@example.org", "channel": "email"} for i in range(20)]
        body = json.dumps({"senderId": f"coach_{sender}", "senderFirstName": "Dana", "contextTitle": "Strength basics",
                           "recipients": recipients}).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/v1/invites/bulk", data=body, method="POST",
            headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request) as answer:
            assert answer.status == 201

    def stop(self):
        self.process.terminate()
        self.process.wait()


def delivered(database):
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return db.execute("SELECT COUNT(*) FROM outbound_jobs WHERE state = 'delivered'").fetchone()[0]
    finally:
        db.close()


def wait_delivered(database, count, timeout=600):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if delivered(database) >= count:
            return
        time.sleep(0.05)
    raise SystemExit(f"only {delivered(database)} of {count} delivered")


def drain(beckon, folder, algorithm, smtp_port, messages):
    site, environment = selffull(folder, algorithm, beckon)
    database = os.path.join(folder, f"{algorithm}.sqlite")
    closed = free_port()
    queueing = Server(beckon, site, database, environment, f"smtp://127.0.0.1:{closed}?tls=none")
    for sender in range(messages // 20):
        queueing.bulk(sender, 0)
    time.sleep(2)
    queueing.stop()
    db = sqlite3.connect(database)
    db.execute("UPDATE outbound_jobs SET state = 'queued', due_at = 0, attempts = 0")
    db.commit()
    db.close()
    server = Server(beckon, site, database, environment, f"smtp://127.0.0.1:{smtp_port}?tls=none")
    cpu = server.cpu_seconds()
    start = time.time()
    wait_delivered(database, messages)
    seconds = time.time() - start
    cpu = server.cpu_seconds() - cpu
    return server, database, site, environment, messages / seconds, cpu / messages * 1000


def paced(server, database, seconds):
    """100 invitations a second for `seconds`; each one's enqueue → 250, in ms."""
    db = sqlite3.connect(database)
    before = db.execute("SELECT COALESCE(MAX(id), 0) FROM outbound_jobs").fetchone()[0]
    db.close()
    start = time.time()
    for tick in range(seconds * 5):
        while time.time() < start + tick * 0.2:
            time.sleep(0.001)
        server.bulk(100_000 + tick, 0)
    total = seconds * 100
    wait_delivered(database, before + total)
    db = sqlite3.connect(database)
    latencies = sorted(row[0] for row in db.execute(
        "SELECT updated_at - queued_at FROM outbound_jobs WHERE id > ? AND state = 'delivered'", (before,)))
    db.close()
    return statistics.median(latencies), latencies[int(len(latencies) * 0.95) - 1], latencies[-1]


def start_nginx(folder):
    """nginx answering every request 204 on a free loopback port; returns the port."""
    port = free_port()
    os.makedirs(folder, exist_ok=True)
    config = os.path.join(folder, "nginx.conf")
    with open(config, "w") as f:
        f.write(f"""worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {folder};
    server {{ listen 127.0.0.1:{port}; location / {{ return 204; }} }}
}}
""")
    process = subprocess.Popen(["/usr/sbin/nginx", "-c", config, "-p", folder], stderr=subprocess.DEVNULL)
    wait_for_port(port)
    return port, process


def webhook_drain(beckon, folder, count):
    """`count` webhooks queued while the endpoint was down, then drained into nginx."""
    site, environment = selffull(folder, "webhooks", beckon)
    environment["BECKON_WEBHOOK_SECRET"] = "whsec_" + "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODk="
    database = os.path.join(folder, "webhooks.sqlite")

    def server(port):
        return Server(beckon, site, database, environment, None, webhook=f"http://127.0.0.1:{port}/hooks")

    queueing = server(free_port())
    for sender in range(count // 20):
        queueing.bulk(sender, 0)
    time.sleep(2)
    queueing.stop()
    db = sqlite3.connect(database)
    db.execute("UPDATE outbound_jobs SET state = 'queued', due_at = 0, attempts = 0 WHERE kind = 'webhook'")
    db.commit()
    db.close()
    nginx_port, nginx = start_nginx(os.path.join(folder, "nginx"))
    try:
        draining = server(nginx_port)
        cpu = draining.cpu_seconds()
        start = time.time()
        wait_delivered(database, count)
        seconds = time.time() - start
        cpu = draining.cpu_seconds() - cpu
        draining.stop()
    finally:
        nginx.terminate()
        nginx.wait()
    return count / seconds, cpu / count * 1000


def ceiling(smtp_port, messages):
    start = time.time()
    subprocess.run(["/usr/sbin/smtp-source", "-s", "4", "-m", str(messages), "-l", "16000", "-f",
                    "invites@selffull.io", "-t", "kim@example.org", f"127.0.0.1:{smtp_port}"], check=True)
    return messages / (time.time() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--beckon", default=os.path.join(ROOT, ".build-bench/release/beckon"))
    parser.add_argument("--messages", type=int, default=3000)
    parser.add_argument("--paced-seconds", type=int, default=30)
    parser.add_argument("--connections", type=int, default=4, help="the servers' --smtp-connections")
    parser.add_argument("--modes", default="none,rsa,ed25519", help="the signing modes to run (none: no emails)")
    parser.add_argument("--webhooks", type=int, default=0, help="also drain this many webhooks into nginx")
    parser.add_argument("--site", choices=sorted(SITES), default="selffull", help="whose invitations are sent")
    arguments = parser.parse_args()
    global CONNECTIONS, SITE
    CONNECTIONS = arguments.connections
    SITE = SITES[arguments.site]
    folder = tempfile.mkdtemp(prefix="beckon-bench-delivery-", dir="/tmp")
    os.chmod(folder, 0o755)
    postfix = os.path.join(folder, "postfix")
    port, _ = start_postfix(postfix)
    try:
        rows = []
        warm, *_ = drain(arguments.beckon, folder, "warmup", port, arguments.messages)
        warm.stop()
        for algorithm in [mode for mode in arguments.modes.split(",") if mode]:
            server, database, _, _, rate, cpu_ms = drain(arguments.beckon, folder, algorithm, port, arguments.messages)
            median, p95, slowest = paced(server, database, arguments.paced_seconds)
            server.stop()
            rows.append((algorithm, rate, cpu_ms, median, p95, slowest))
            print(f"{algorithm}: drain {rate:.0f} msg/s, {cpu_ms:.2f} CPU-ms/msg; "
                  f"at 100/s enqueue→250 median {median} ms, p95 {p95} ms, slowest {slowest} ms", flush=True)
        if arguments.webhooks:
            rate, cpu_ms = webhook_drain(arguments.beckon, folder, arguments.webhooks)
            print(f"webhooks: drain {rate:.0f} deliveries/s, {cpu_ms:.2f} CPU-ms/delivery", flush=True)
        limit = ceiling(port, arguments.messages)
        print(f"Postfix's own acceptance (smtp-source, 4 sessions, 16 KB): {limit:.0f} msg/s")
        print()
        print("| signing | drain, msg/s | server CPU per message | at 100/s: median | p95 | slowest |")
        print("|---|---|---|---|---|---|")
        for algorithm, rate, cpu_ms, median, p95, slowest in rows:
            print(f"| {algorithm} | {rate:.0f} | {cpu_ms:.2f} ms | {median} ms | {p95} ms | {slowest} ms |")
        print(f"| Postfix's own acceptance (`smtp-source -s 4`) | {limit:.0f} | | | | |")
    finally:
        stop_postfix(postfix)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
