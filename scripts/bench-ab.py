#!/usr/bin/env python3
"""Compares two builds of `beckon` on one site: alternating pairs of `beckon build`, each into an
empty output folder, and the medians of the pairs' ratios (B / A) of wall time and of CPU time.

    scripts/bench-ab.py A B SITE [--pairs 16] [--output DIR]

A and B are two `beckon` binaries (release builds of the two commits, made so that each of
Beckon's modules is compiled against the code it runs with: docs/benchmarks.md, "How much a run
varies"). Each pair runs A then B, the next B then A, so that neither always runs second. Before
the pairs, both builds' outputs are compared byte for byte, and a difference is reported. Prints
each ratio and the medians; docs/benchmarks.md reports these as "alternating pairs".
"""
import argparse
import filecmp
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile


def build(binary, site, output):
    """Wall and CPU seconds of one `beckon build` into an empty `output`."""
    shutil.rmtree(output, ignore_errors=True)
    start = os.times()
    process = subprocess.Popen([binary, "build", "--site", str(site), "--output", str(output)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = os.times().elapsed - start.elapsed
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"{binary} build --site {site} ended with status {os.waitstatus_to_exitcode(status)}")
    return wall, usage.ru_utime + usage.ru_stime


def differences(left, right):
    """The paths under two folders whose files differ or that only one of them has."""
    found = []
    comparison = filecmp.dircmp(left, right)
    stack = [(comparison, pathlib.Path())]
    while stack:
        current, prefix = stack.pop()
        found += [str(prefix / name) for name in current.left_only + current.right_only]
        _, mismatch, errors = filecmp.cmpfiles(current.left, current.right, current.common_files, shallow=False)
        found += [str(prefix / name) for name in mismatch + errors]
        stack += [(sub, prefix / name) for name, sub in current.subdirs.items()]
    return sorted(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--pairs", type=int, default=16)
    parser.add_argument("--output", type=pathlib.Path,
                        help="where the outputs go (default: /dev/shm when there is one, else the temporary folder)")
    options = parser.parse_args()
    base = options.output or pathlib.Path("/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir())
    outputs = {name: base / f"beckon-ab-{os.getpid()}-{name}" for name in ("a", "b")}
    try:
        build(options.a, options.site, outputs["a"])
        build(options.b, options.site, outputs["b"])
        changed = differences(outputs["a"], outputs["b"])
        print(f"outputs: {'byte-identical' if not changed else f'{len(changed)} files differ, first {changed[0]}'}")
        walls, cpus = [], []
        for pair in range(options.pairs):
            order = ["a", "b"] if pair % 2 == 0 else ["b", "a"]
            times = {name: build(getattr(options, name), options.site, outputs[name]) for name in order}
            walls.append(times["b"][0] / times["a"][0])
            cpus.append(times["b"][1] / times["a"][1])
            print(f"  pair {pair + 1}: wall {walls[-1]:.3f}, CPU {cpus[-1]:.3f}")
        print(f"B / A over {options.pairs} pairs: wall median {statistics.median(walls):.3f}, "
              f"CPU median {statistics.median(cpus):.3f}")
    finally:
        for output in outputs.values():
            shutil.rmtree(output, ignore_errors=True)


if __name__ == "__main__":
    main()
