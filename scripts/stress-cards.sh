#!/usr/bin/env bash
# Draws preview cards on every core and builds a generated 2,000-file site in a loop, at the same
# time, for a set number of seconds; fails when any run dies of a signal (a crash in Pango or Cairo
# shows up here first). Prints the counts.
#
#   scripts/stress-cards.sh [SECONDS] [BUILD-FOLDER]
#
# SECONDS defaults to 60. BUILD-FOLDER is where `beckon` and `beckon-card-bench` are (default
# .build/debug; use a release build for long runs: `swift build -c release --scratch-path
# .build-bench --product beckon --product beckon-card-bench`, then `.build-bench/release`).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
bin=${2:-.build/debug}
for product in beckon beckon-card-bench; do
    if [ ! -x "$bin/$product" ]; then
        echo "stress-cards: $bin/$product is missing; build it first (see the comment at the top)" >&2
        exit 2
    fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scripts/generate-large-site.py "$work/site" >/dev/null
deadline=$((SECONDS + seconds))

# One loop per kind of work; each writes "runs crashes failures" to its own file when it ends.
cards_loop() {
    local runs=0 crashes=0 failures=0 status
    while [ $SECONDS -lt $deadline ]; do
        set +e
        "$bin/beckon-card-bench" 200 >"$work/cards.log" 2>&1
        status=$?
        set -e
        runs=$((runs + 1))
        if [ $status -ge 128 ]; then
            crashes=$((crashes + 1))
            echo "stress-cards: beckon-card-bench died of signal $((status - 128))" >&2
            tail -20 "$work/cards.log" >&2
        elif [ $status -ne 0 ]; then
            failures=$((failures + 1))
        fi
    done
    echo "$runs $crashes $failures" >"$work/cards.count"
}

builds_loop() {
    local runs=0 crashes=0 failures=0 status
    while [ $SECONDS -lt $deadline ]; do
        set +e
        CI=true "$bin/beckon" build --site "$work/site" --output "$work/out" --keep-going >"$work/build.log" 2>&1
        status=$?
        set -e
        runs=$((runs + 1))
        if [ $status -ge 128 ]; then
            crashes=$((crashes + 1))
            echo "stress-cards: beckon build died of signal $((status - 128))" >&2
            tail -20 "$work/build.log" >&2
        elif [ $status -ne 0 ] && [ $status -ne 1 ]; then
            failures=$((failures + 1))
        fi
    done
    echo "$runs $crashes $failures" >"$work/builds.count"
}

cards_loop &
cards=$!
builds_loop &
builds=$!
wait $cards $builds

read -r card_runs card_crashes card_failures <"$work/cards.count"
read -r build_runs build_crashes build_failures <"$work/builds.count"
echo "stress-cards: ${seconds}s with $bin: $card_runs card bench runs (200 cards each, one at a time and on every core), $card_crashes crashed, $card_failures failed; $build_runs whole builds of a 2,000-file site, $build_crashes crashed, $build_failures failed"
[ $((card_crashes + build_crashes + card_failures + build_failures)) -eq 0 ]
