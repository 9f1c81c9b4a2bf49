#!/usr/bin/env bash
# Runs Beckon's libFuzzer targets (the package in Fuzz/, docs/fuzzing.md).
#
#   scripts/fuzz.sh TARGET SECONDS [-- LIBFUZZER-ARGS...]   one target for SECONDS
#   scripts/fuzz.sh all SECONDS [-- LIBFUZZER-ARGS...]      every target in turn, SECONDS each
#
# Builds Fuzz/ once (release, -sanitize=fuzzer,address), then runs each target on its seed corpus
# Fuzz/Corpus/TARGET. New inputs go to a scratch folder, never into Fuzz/Corpus; crashes, timeouts
# and out-of-memory inputs are written to the artifact folder. Prints one line of figures per
# target and exits 1 when any target crashed, hung or ran out of memory. When the Swift toolchain
# cannot build libFuzzer targets (no libclang_rt.fuzzer, as in Xcode's), it prints why and exits 0
# with "skipped".
#
# Environment:
#   BECKON_FUZZ_WORK       scratch folder root: inputs go to $BECKON_FUZZ_WORK/beckon-fuzz-TARGET (/tmp)
#   BECKON_FUZZ_ARTIFACTS  where crash-*, timeout-* and oom-* inputs go (/tmp/beckon-fuzz-artifacts/TARGET/)
#   BECKON_FUZZ_NO_BUILD=1 use the fuzzer binary already built
#   BECKON_FUZZ_ORACLES=0  check crashes only, not the invariants the targets assert
#   BECKON_FUZZ_NICE       niceness of the build and the runs (10)
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(message template layout xliff12 xliff20 xcstrings invite-json invite-link jwt url cache-record)

usage() {
    echo "usage: scripts/fuzz.sh TARGET|all SECONDS [-- LIBFUZZER-ARGS...]" >&2
    echo "targets: ${TARGETS[*]}" >&2
    exit 2
}

[[ $# -ge 2 ]] || usage
target=$1
seconds=$2
shift 2
if [[ $# -gt 0 ]]; then
    [[ $1 == "--" ]] || usage
    shift
fi
extra=("$@")
[[ $seconds =~ ^[1-9][0-9]*$ ]] || usage
if [[ $target == all ]]; then
    selected=("${TARGETS[@]}")
elif [[ " ${TARGETS[*]} " == *" $target "* ]]; then
    selected=("$target")
else
    echo "fuzz: unknown target \`$target\`" >&2
    usage
fi

niceness=${BECKON_FUZZ_NICE:-10}
work_root=${BECKON_FUZZ_WORK:-/tmp}
artifact_root=${BECKON_FUZZ_ARTIFACTS:-/tmp/beckon-fuzz-artifacts}
build_flags=(-c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DBECKON_LIBFUZZER)

# Can this toolchain link a libFuzzer target at all? (Xcode's Swift ships without libFuzzer.)
probe_dir=$(mktemp -d)
trap 'rm -rf "$probe_dir"' EXIT
cat >"$probe_dir/probe.swift" <<'EOF'
@_cdecl("LLVMFuzzerTestOneInput") public func probe(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { 0 }
EOF
if ! command -v swiftc >/dev/null 2>&1; then
    echo "fuzz: skipped: no Swift toolchain (swiftc) on PATH"
    exit 0
fi
if ! probe_log=$(swiftc -sanitize=fuzzer,address -parse-as-library "$probe_dir/probe.swift" -o "$probe_dir/probe" 2>&1); then
    echo "fuzz: skipped: this Swift toolchain cannot build libFuzzer targets (swiftc -sanitize=fuzzer,address failed):"
    echo "$probe_log" | head -5 | sed 's/^/  /'
    exit 0
fi

if [[ ${BECKON_FUZZ_NO_BUILD:-0} != 1 ]]; then
    echo "fuzz: building Fuzz/ (release, -sanitize=fuzzer,address)"
    build_start=$SECONDS
    if ! nice -n "$niceness" swift build "${build_flags[@]}" >"$work_root/beckon-fuzz-build.log" 2>&1; then
        tail -30 "$work_root/beckon-fuzz-build.log" >&2
        echo "fuzz: the build failed (log: $work_root/beckon-fuzz-build.log)" >&2
        exit 1
    fi
    echo "fuzz: built in $((SECONDS - build_start)) s"
fi
binary="$(swift build "${build_flags[@]}" --show-bin-path)/beckon-fuzz"
[[ -x $binary ]] || {
    echo "fuzz: $binary is missing; run without BECKON_FUZZ_NO_BUILD=1" >&2
    exit 1
}

failed=()
for name in "${selected[@]}"; do
    scratch="$work_root/beckon-fuzz-$name"
    artifacts="$artifact_root/$name"
    log="$work_root/beckon-fuzz-$name.log"
    mkdir -p "$scratch" "$artifacts"
    status=0
    run_start=$SECONDS
    # SWIFT_BACKTRACE=enable=no: Swift's crash backtracer reads memory that AddressSanitizer
    # guards and buries the real report under a bogus "wild pointer" one; libFuzzer's own
    # deadly-signal handler prints the stack instead. Fuzz/lsan.supp: the fixtures built before
    # the first input are not leaks (see the file).
    SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no} \
        LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0} \
        BECKON_FUZZ_TARGET=$name nice -n "$niceness" "$binary" \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "${extra[@]}" "$scratch" "Fuzz/Corpus/$name" >"$log" 2>&1 || status=$?
    elapsed=$((SECONDS - run_start))

    # libFuzzer's closing figures: the last status line and the final stats.
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
    executions=$(stat number_of_executed_units)
    rate=$(stat average_exec_per_sec)
    rss=$(stat peak_rss_mb)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corpus=$(sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p' <<<"$last")
    summary="${executions:-?} executions, ${rate:-?} exec/s, cov ${cov:-?}, ft ${ft:-?}, corpus ${corpus:-?}, peak RSS ${rss:-?} MB"
    summary+=", ${elapsed} s"
    if [[ $status -eq 0 ]]; then
        echo "fuzz: $name: ok: $summary (log $log)"
    else
        failed+=("$name")
        echo "fuzz: $name: FAILED (exit $status): $summary"
        grep -E '^(==[0-9]+==ERROR|SUMMARY|beckon-fuzz: invariant|Fatal error|.*Fatal error:|ALARM|artifact_prefix|Test unit written|Base64)' "$log" |
            head -12 | sed 's/^/  /'
        echo "  log: $log"
    fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz: ${#failed[@]} of ${#selected[@]} targets failed: ${failed[*]}"
    exit 1
fi
echo "fuzz: ${#selected[@]} targets, no crash"
