#!/usr/bin/env python3
"""Measures `beckon serve` under load on loopback, beside nginx serving the built landing page
from an output folder (the static ceiling on this machine), with wrk (Debian's `wrk`).

    scripts/bench-serve.py [--beckon .build-bench/release/beckon] [--seconds 10] [--connections 64]
                           [--store sqlite|postgres] [--cache] [--distinct N]
                           [--serve-option=--OPTION=VALUE]...

It builds the default site once (for nginx), starts `beckon serve` on a new SQLite file (or, with
`--store postgres`, on a database of a new PostgreSQL cluster in the work folder, with its default
durable settings, started as the `postgres` user when run as root), creates
1,000 invites through the API, and measures 300 of them one request at a time on one keep-alive
connection (each sender has an uploaded picture): the first open of each invite's own page and
card (rendered and checked) and the second (kept), and creates of copy-link and email invites (the
email rendered and checked). Then, under load with wrk, one after another:

- nginx: the built landing page (`/en-US/invite/index.html`);
- nginx, the kept cards as files: the 300 cards below, fetched from serve once and written into
  nginx's folder (what sending these bytes costs on this machine, whoever sends them);
- Hummingbird alone: the same landing page answered from memory by `beckon-http-bench` (built beside
  `--beckon`), nothing else done on the same threads: the floor of any answer of `beckon serve`;
- serve, the built landing page: the same page through `beckon serve` (its router and headers);
- serve, links: signed links of the 1,000 invites, in turn (verify, look up, choose the page),
  twice: first with the 700 invites' pages not yet opened rendered and checked in the run, then
  with every page kept (a link's own cost);
- serve, store click: the same links with `store=app-store` added, as an iPhone, in turn: each a
  store button's tap, recorded (a write transaction) and answered with a 302 to the App Store;
- serve, install claim by clipboard: `POST /v1/installs` with the app key, each claim's clipboard
  one of the invites' signed links in turn, its client address (`X-Forwarded-For`, read from a
  loopback peer) one of 65,536 in turn, below the claims' rate limit: an invite's first claim
  records its install, later ones find it recorded;
- serve, kept card: the preview cards of the 300 invites measured one at a time, drawn then and
  kept (a crawler fetching a shared link's card again);
- serve, create: `POST /v1/invites` with a new sender each time (the rate-limit check and the
  insert, each a write transaction), with the run's connections and again with 16;

and prints requests per second, p50/p95/p99 latency, the server's CPU time per request (its user
and system time from /proc over the run, divided by the requests answered), its resident memory
before and after, and a store click's CPU per request and p95 against a link's with its page kept
(one click and one claim are checked first: a 302 to the App Store, a clipboard match; after the
runs, the clicks and matches serve counted in `/metrics`). With `--cache`, serve runs with
`--cache DIR`, and after the one-at-a-time phase it is restarted and the 300 invites' pages and
cards are opened once more, one at a time: read back from
the sealed records on disk instead of rendered. With `--distinct N` it does none of that: it creates N invites (100 per sender), then opens
their own pages under wrk for two rounds of `--seconds`, and prints resident memory after each. Needs a release build: `swift build -c release --static-swift-stdlib --scratch-path .build-bench --product beckon` (and
`--product beckon-http-bench` for the floor).
"""
import argparse
import http.client
import json
import os
import pathlib
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Invites created for the load runs, and how many of them are measured one at a time first.
INVITES = 1000
MEASURED = 300
FIRST_LINKS = f"serve, links, {INVITES - MEASURED} pages rendered in the run"
KEPT_LINKS = "serve, links, every page kept"
STORE_CLICKS = "serve, store click"
CLAIMS = "serve, install claim by clipboard"
# The store hand-off sends an iPhone to the App Store.
IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
# The creates are measured a second time with this many connections.
FEWER_CREATORS = 16

LATENCY_SCRIPT = """
done = function(summary, latency, requests)
  io.write(string.format("BENCH %d %.3f %d %d %d %d\\n", summary.requests, summary.duration / 1e6,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), summary.errors.status))
end
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kb(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    """The user and system time a process has used (`/proc/PID/stat`)."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wrk(url, seconds, connections, script_text, work, pid=None):
    """wrk's figures; with `pid`, also that server's CPU time per request answered, in µs."""
    script = work / f"wrk-{secrets.token_hex(4)}.lua"
    script.write_text(script_text + LATENCY_SCRIPT)
    before = cpu_seconds(pid) if pid else None
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s", str(script), url],
                         capture_output=True, text=True, check=True).stdout
    match = re.search(r"BENCH (\d+) ([\d.]+) (\d+) (\d+) (\d+) (\d+)", out)
    requests, duration, p50, p95, p99, bad = match.groups()
    cpu = (cpu_seconds(pid) - before) / int(requests) * 1e6 if pid and int(requests) else None
    return {"rps": int(requests) / float(duration), "p50": int(p50) / 1000, "p95": int(p95) / 1000,
            "p99": int(p99) / 1000, "non2xx": int(bad), "requests": int(requests), "cpu_us": cpu}


def start_nginx(output, work):
    port = free_port()
    conf = work / "nginx.conf"
    conf.write_text(f"""daemon off; pid {work}/nginx.pid; error_log {work}/nginx-error.log;
worker_processes 1; events {{ worker_connections 1024; }}
http {{ include /etc/nginx/mime.types; access_log off;
  client_body_temp_path {work}/body; proxy_temp_path {work}/proxy; fastcgi_temp_path {work}/fcgi;
  uwsgi_temp_path {work}/uwsgi; scgi_temp_path {work}/scgi;
  server {{ listen 127.0.0.1:{port}; root {output}; }} }}
""")
    process = subprocess.Popen(["nginx", "-c", str(conf), "-p", str(work)])
    time.sleep(0.5)
    return process, port


def postgres_programs():
    """The folder of PostgreSQL's server programs (Debian keeps them outside the PATH)."""
    for folder in sorted(pathlib.Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / "initdb").exists():
            return folder
    raise SystemExit("bench-serve: PostgreSQL is not installed (apt-get install postgresql)")


def start_postgres(work):
    """A new cluster in `work/pg` on a free loopback port; returns (stop, database URL)."""
    programs = postgres_programs()
    folder = work / "pg"
    folder.mkdir()
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if as_postgres:
        shutil.chown(folder, "postgres", "postgres")
    run = lambda *command: subprocess.run(as_postgres + [str(programs / command[0]), *command[1:]], check=True,
                                          capture_output=True)
    run("initdb", "-D", str(folder / "data"), "-U", "beckon", "--auth=trust", "-E", "UTF8")
    port = free_port()
    run("pg_ctl", "start", "-D", str(folder / "data"), "-w", "-l", str(folder / "log"), "-o",
        f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories={folder} -c max_connections=200")
    run("createdb", "-h", str(folder), "-p", str(port), "-U", "beckon", "invites")
    stop = lambda: run("pg_ctl", "stop", "-D", str(folder / "data"), "-m", "fast")
    return stop, f"postgres://beckon@127.0.0.1:{port}/invites?sslmode=disable"


def in_turn(paths, headers):
    """A wrk script asking for `paths` in turn, each request with `headers`."""
    fields = ", ".join(f"[{json.dumps(name)}] = {json.dumps(value)}" for name, value in headers.items())
    return f"""
local paths = {{{",".join(json.dumps(p) for p in paths)}}}
local n = 0
request = function() n = n + 1; return wrk.format("GET", paths[(n % #paths) + 1], {{{fields}}}) end
"""


def counter(base, name):
    """The sum of a counter's series in serve's `/metrics`."""
    with urllib.request.urlopen(base + "/metrics") as answer:
        lines = answer.read().decode().splitlines()
    return sum(float(line.rsplit(" ", 1)[1]) for line in lines if line.startswith(name + "{") or line.startswith(name + " "))


def check_hand_off(base, link, app_key, signed_link):
    """One store click and one claim answered as the load runs expect them: a 302 to the App
    Store, and a clipboard match."""
    host = base.split("//")[1]
    connection = http.client.HTTPConnection(host)
    connection.request("GET", link + "&store=app-store", headers={"User-Agent": IPHONE})
    answer = connection.getresponse()
    answer.read()
    location = answer.getheader("Location") or ""
    if answer.status != 302 or not location.startswith("https://apps.apple.com/"):
        raise SystemExit(f"bench-serve: a store click answered {answer.status} to {location!r}")
    body = json.dumps({"platform": "ios", "clipboard": signed_link})
    connection.request("POST", "/v1/installs", body, {"Authorization": f"Bearer {app_key}",
                                                       "Content-Type": "application/json",
                                                       "X-Forwarded-For": "10.1.0.1"})
    answer = connection.getresponse()
    claimed = answer.read()
    match = json.loads(claimed).get("match") if answer.status == 200 else None
    if not isinstance(match, dict) or match.get("method") != "clipboard":
        raise SystemExit(f"bench-serve: a claim by clipboard answered {answer.status}: {claimed[:300]!r}")
    connection.close()


def percentiles(times):
    times = sorted(times)
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000
    return pick(0.50), pick(0.95), pick(0.99)


def per_invite(base, token, links):
    """Each invite's own artifacts, one request at a time on one keep-alive connection: the first
    open renders and checks (the page; the card, with the sender's uploaded picture), the second
    is kept; then the create of an email invite (its email rendered and checked) beside a
    copy-link create."""
    host = base.split("//")[1]
    connection = http.client.HTTPConnection(host)
    auth = {"Authorization": f"Bearer {token}"}

    def timed(method, path, body=None, headers=None):
        started = time.perf_counter()
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        answer.read()
        elapsed = time.perf_counter() - started
        if answer.status >= 300:
            raise SystemExit(f"bench-serve: {method} {path} answered {answer.status}")
        return elapsed

    picture = (ROOT / "Tests/BeckonCardsTests/Fixtures/face.jpg").read_bytes()
    for sender in range(50):
        timed("PUT", f"/v1/users/u_{sender}/avatar", picture, {**auth, "Content-Type": "image/jpeg"})
    rows = {}
    for name, suffix, goal in [("page", "", "p95 ≤ 2 ms"), ("card", "&og=en-US", "p95 ≤ 8 ms")]:
        first = [timed("GET", link + suffix, headers={"Accept-Language": "de"}) for link in links]
        again = [timed("GET", link + suffix, headers={"Accept-Language": "de"}) for link in links]
        rows[f"{name}, first open (rendered, checked)"] = (percentiles(first), goal)
        rows[f"{name}, kept"] = (percentiles(again), "")
    for channel in ["copy_link", "email"]:
        times = []
        for index in range(len(links)):
            fields = {"senderId": f"e_{index}", "senderFirstName": "Maya", "channel": channel}
            if channel == "email":
                fields["recipient"] = f"guest{index}@example.org"
            times.append(timed("POST", "/v1/invites", json.dumps(fields).encode(),
                               dict(auth, **{"Content-Type": "application/json"})))
        rows[f"create, {channel}" + (" (with its email)" if channel == "email" else "")] = (percentiles(times), "")
    print(f"per invite, {len(links)} invites, one request at a time:")
    print(f"{'what':40} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}  goal")
    for name, ((p50, p95, p99), goal) in rows.items():
        print(f"{name:40} {p50:8.2f} {p95:8.2f} {p99:8.2f}  {goal}")
    connection.close()


def from_disk(base, links):
    """The pages and cards of `links`, opened once each after a restart with `--cache DIR`: read
    back from the sealed records the first start wrote."""
    connection = http.client.HTTPConnection(base.split("//")[1])
    print(f"after a restart with --cache, {len(links)} invites, one request at a time:")
    print(f"{'what':40} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for name, suffix in [("page", ""), ("card", "&og=en-US")]:
        times = []
        for link in links:
            started = time.perf_counter()
            connection.request("GET", link + suffix, headers={"Accept-Language": "de"})
            answer = connection.getresponse()
            answer.read()
            times.append(time.perf_counter() - started)
            if answer.status != 200:
                raise SystemExit(f"bench-serve: {link + suffix} answered {answer.status}")
        p50, p95, p99 = percentiles(times)
        print(f"{name + ', kept on disk (first open)':40} {p50:8.2f} {p95:8.2f} {p99:8.2f}")
    connection.close()


def distinct_invites(base, token, count, seconds, connections, work, pid):
    """Resident memory while `count` distinct invites' own pages are opened, each about twice: the
    page cache's byte budget must hold it flat however many invites there are."""
    host = base.split("//")[1]
    senders = max(1, count // 100)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

    def create(part):
        connection = http.client.HTTPConnection(host)
        for index in range(part, count, 2):
            body = json.dumps({"senderId": f"m_{index % senders}", "senderFirstName": f"Maya {index % 997}",
                               "channel": "copy_link"})
            connection.request("POST", "/v1/invites", body, headers)
            answer = connection.getresponse()
            answer.read()
            if answer.status != 201:
                raise SystemExit(f"bench-serve: a create answered {answer.status}")
        connection.close()

    threads = [threading.Thread(target=create, args=(part,)) for part in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    connection = http.client.HTTPConnection(host)
    links = []
    for sender in range(senders):
        before = ""
        while True:
            connection.request("GET", f"/v1/users/m_{sender}/invites?limit=200{before}", headers=headers)
            page = json.loads(connection.getresponse().read())
            links += [item["link"][item["link"].index("/", len("https://")):] for item in page["invites"]]
            if "next" not in page:
                break
            before = f"&before={page['next']}"
    connection.close()
    samples = [("after the creates", rss_kb(pid), 0)]
    paths = work / "distinct.lua"
    paths.write_text("paths = {" + ",".join(json.dumps(p) for p in links) + "}\n")
    opened = 0
    for round_number in range(2):
        result = wrk(base + "/", seconds, connections, f"""
dofile("{paths}")
local n = {round_number} * 7919
request = function() n = n + 1; return wrk.format("GET", paths[(n % #paths) + 1], {{["Accept-Language"] = "de"}}) end
""", work)
        opened += result["requests"]
        samples.append((f"after wrk round {round_number + 1}", rss_kb(pid), opened))
    print(f"{len(links):,} distinct invites, {senders} senders; their own pages opened under wrk -c{connections}:")
    for name, rss, requests in samples:
        print(f"  {name:22} {requests:>9,} link requests  resident {rss / 1024:7.1f} MB")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beckon", default=str(ROOT / ".build-bench/release/beckon"))
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--cache", action="store_true",
                        help="serve with --cache DIR, and measure pages and cards read back from it after a restart")
    parser.add_argument("--serve-option", action="append", default=[], metavar="OPTION",
                        help="an option passed on to beckon serve, such as --serve-option=--link-cache-seconds=0 "
                             "(repeatable)")
    parser.add_argument("--distinct", type=int, default=0,
                        help="instead of the other runs: create this many invites and open each one's own page "
                             "under wrk, printing resident memory")
    args = parser.parse_args()
    for tool in ["wrk", "nginx"]:
        if not shutil.which(tool):
            raise SystemExit(f"bench-serve: {tool} is not installed (apt-get install {tool})")
    work = pathlib.Path(tempfile.mkdtemp(prefix="bench-serve-"))
    work.chmod(0o755)  # nginx's workers read the output as another user
    env = dict(os.environ, BECKON_LINK_KEY=secrets.token_hex(32), BECKON_API_TOKEN=secrets.token_hex(16),
               BECKON_APP_KEY=secrets.token_hex(16), CI="true")
    token = env["BECKON_API_TOKEN"]
    subprocess.run([args.beckon, "build", "--site", str(ROOT), "--output", str(work / "output")], env=env,
                   check=True, capture_output=True)
    nginx, nginx_port = start_nginx(work / "output", work)
    stop_postgres, database = (start_postgres(work) if args.store == "postgres"
                               else (lambda: None, str(work / "invites.sqlite")))
    cache = ["--cache", str(work / "cache")] if args.cache else []

    def start_serve():
        process = subprocess.Popen([args.beckon, "serve", "--site", str(ROOT), "--port", "0", "--database",
                                    database, "--invites-per-day", "100000", *cache, *args.serve_option],
                                   env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        port = int(re.search(r"127\.0\.0\.1:(\d+)", process.stdout.readline()).group(1))
        return process, f"http://127.0.0.1:{port}"

    serve, base = start_serve()
    try:
        if args.distinct:
            distinct_invites(base, token, args.distinct, args.seconds, args.connections, work, serve.pid)
            return
        links = []
        signed_links = []  # the links whole, as the app finds them on the clipboard
        for index in range(INVITES):
            body = json.dumps({"senderId": f"u_{index % 50}", "senderFirstName": "Maya", "channel": "copy_link"}).encode()
            request = urllib.request.Request(f"{base}/v1/invites", data=body, method="POST",
                                             headers={"Authorization": f"Bearer {token}",
                                                      "Content-Type": "application/json"})
            with urllib.request.urlopen(request) as answer:
                link = json.load(answer)["link"]
            links.append(link[link.index("/", len("https://")):])
            signed_links.append(link)
        per_invite(base, token, links[:MEASURED])
        if args.cache:
            serve.send_signal(signal.SIGTERM)
            serve.wait(timeout=30)
            serve, base = start_serve()
            from_disk(base, links[:MEASURED])
        # The same 300 cards as files for nginx: what serving these bytes costs on this machine.
        cards_folder = work / "output" / "bench-cards"
        cards_folder.mkdir()
        for index, link in enumerate(links[:MEASURED]):
            with urllib.request.urlopen(base + link + "&og=en-US") as answer:
                (cards_folder / f"{index}.png").write_bytes(answer.read())
        card_bytes = sum(path.stat().st_size for path in cards_folder.iterdir()) / MEASURED
        rss_before = rss_kb(serve.pid)
        results = {}
        results["nginx, static landing page"] = wrk(
            f"http://127.0.0.1:{nginx_port}/en-US/invite/index.html", args.seconds, args.connections, "", work)
        results["nginx, the kept cards as files"] = wrk(f"http://127.0.0.1:{nginx_port}/", args.seconds,
                                                         args.connections, """
local n = 0
request = function() n = n + 1; return wrk.format("GET", string.format("/bench-cards/%d.png", n % """ + str(MEASURED) + """)) end
""", work)
        # Hummingbird alone, answering the same page from memory with nothing else: the floor.
        floor = pathlib.Path(args.beckon).parent / "beckon-http-bench"
        if floor.exists():
            bare = subprocess.Popen([str(floor), str(work / "output/en-US/invite/index.html")],
                                    stdout=subprocess.PIPE, text=True)
            try:
                results["Hummingbird alone, the same page"] = wrk(
                    bare.stdout.readline().strip(), args.seconds, args.connections, "", work, bare.pid)
            finally:
                bare.send_signal(signal.SIGTERM)
                bare.wait(timeout=20)
        else:
            print(f"skipped: Hummingbird alone ({floor} is not built: "
                  "swift build -c release --static-swift-stdlib --scratch-path .build-bench --product beckon-http-bench)")
        # The same page through beckon serve, kept in memory since its start: what the server's HTTP
        # stack costs an answer, before a link's own work (its signature, its invite, its page).
        results["serve, the built landing page"] = wrk(
            base + "/en-US/invite/index.html", args.seconds, args.connections, "", work, serve.pid)
        # The 1,000 links in turn: the 700 not opened one at a time are rendered and checked the
        # first time (both wrk threads start at the same link, so most are asked for twice at
        # once); then the same links again, every page kept: a link's own cost.
        links_script = in_turn(links, {"Accept-Language": "de"})
        results[FIRST_LINKS] = wrk(base + "/", args.seconds, args.connections, links_script, work, serve.pid)
        results[KEPT_LINKS] = wrk(base + "/", args.seconds, args.connections, links_script, work, serve.pid)
        # The store hand-off: the same links as an iPhone's taps on the App Store button, each
        # recorded (a write transaction) and answered with a 302; then the app's first launches
        # claiming with those links from the clipboard, the address changing with every request
        # (the claims' rate limit counts 30 an hour per client).
        check_hand_off(base, links[1], env["BECKON_APP_KEY"], signed_links[1])
        matched = "beckon_install_claims_total{method=\"clipboard\"}"
        clicks, claims = counter(base, "beckon_store_clicks_total"), counter(base, matched)
        results[STORE_CLICKS] = wrk(base + "/", args.seconds, args.connections,
                                    in_turn([link + "&store=app-store" for link in links], {"User-Agent": IPHONE}),
                                    work, serve.pid)
        bodies = "{" + ",".join(json.dumps(json.dumps({"platform": "ios", "clipboard": link})) for link in signed_links) + "}"
        results[CLAIMS] = wrk(base + "/", args.seconds, args.connections, f"""
local bodies = {bodies}
local n = 0
request = function()
  n = n + 1
  return wrk.format("POST", "/v1/installs", {{["Authorization"] = "Bearer {env["BECKON_APP_KEY"]}",
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = string.format("10.0.%d.%d", math.floor(n / 256) % 256, n % 256)}}, bodies[(n % #bodies) + 1])
end
""", work, serve.pid)
        clicks = counter(base, "beckon_store_clicks_total") - clicks
        claims = counter(base, matched) - claims
        # The 300 invites' cards were drawn and kept by the phase one at a time: crawlers asking
        # again (WhatsApp, iMessage and Slack each fetch a shared link's card) get them kept.
        cards = "{" + ",".join(json.dumps(p + "&og=en-US") for p in links[:MEASURED]) + "}"
        results["serve, kept card"] = wrk(base + "/", args.seconds, args.connections, f"""
local paths = {cards}
local n = 0
request = function() n = n + 1; return wrk.format("GET", paths[(n % #paths) + 1]) end
""", work, serve.pid)
        # Creates at the run's connections, then at fewer: a create's latency under less load.
        for connections in dict.fromkeys([args.connections, FEWER_CREATORS]):
            name = "serve, POST /v1/invites" + ("" if connections == args.connections else f", {connections} connections")
            results[name] = wrk(base + "/", args.seconds, connections, f"""
local n = 0
local id = math.random(1, 1000000000)
request = function()
  n = n + 1
  return wrk.format("POST", "/v1/invites", {{["Authorization"] = "Bearer {token}", ["Content-Type"] = "application/json"}},
    string.format('{{"senderId":"b%d_%d","channel":"copy_link"}}', id, n))
end
""", work, serve.pid)
        rss_after = rss_kb(serve.pid)
        print(f"{'what':42} {'req/s':>9} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'non-2xx':>8} {'CPU µs':>8}")
        for name, r in results.items():
            cpu = f"{r['cpu_us']:8.1f}" if r["cpu_us"] is not None else f"{'':8}"
            print(f"{name:42} {r['rps']:9.0f} {r['p50']:8.2f} {r['p95']:8.2f} {r['p99']:8.2f} {r['non2xx']:8d} {cpu}")
        print(f"cards: {card_bytes / 1024:.0f} KB each on average")
        ceiling = results["nginx, static landing page"]["rps"]
        for name in [FIRST_LINKS, KEPT_LINKS]:
            print(f"{name} / nginx: {results[name]['rps'] / ceiling:.2f}")
        kept, click = results[KEPT_LINKS], results[STORE_CLICKS]
        print(f"store click / links, every page kept: server CPU per request {click['cpu_us'] / kept['cpu_us']:.2f}, "
              f"p95 {click['p95'] / kept['p95']:.2f} (goal ≤ 1.2)")
        print(f"store clicks recorded: {clicks:,.0f} of {click['requests']:,} answered; "
              f"claims matched by clipboard: {claims:,.0f} of {results[CLAIMS]['requests']:,} answered "
              f"(p95 {results[CLAIMS]['p95']:.2f} ms, goal ≤ 5 ms)")
        if "Hummingbird alone, the same page" in results:
            bare = results["Hummingbird alone, the same page"]["rps"]
            print(f"Hummingbird alone / nginx: {bare / ceiling:.2f}; "
                  f"links, every page kept / Hummingbird alone: {results[KEPT_LINKS]['rps'] / bare:.2f}")
        print(f"store: {args.store}")
        print(f"serve resident memory: {rss_before / 1024:.1f} MB after 1,000 creates, "
              f"{rss_after / 1024:.1f} MB after the runs ({sum(r['requests'] for name, r in results.items() if name.startswith('serve')):,} requests)")
    finally:
        serve.send_signal(signal.SIGTERM)
        serve.wait(timeout=20)
        nginx.send_signal(signal.SIGQUIT)
        nginx.wait(timeout=20)
        stop_postgres()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
