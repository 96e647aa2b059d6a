#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for SECONDS, two at a
# time, from the committed seed corpus in Fuzz/Corpus/<target>/.
#
#   scripts/fuzz.sh SECONDS [TARGET...]      (default: every target)
#
# New inputs go to .build-fuzz/corpus/<target>/ (kept between runs, never
# committed); a crash is written to .build-fuzz/crashes/ and fails the run.
# Each target's last line of statistics is printed, executions included.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: scripts/fuzz.sh SECONDS [TARGET...]}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(ls Fuzz/Corpus)
fi

mkdir -p .build-fuzz
# The build's output (thousands of linker notes on the sanitizers' symbols)
# is shown only when it fails.
if ! swift build --package-path Fuzz --scratch-path .build-fuzz \
    --sanitize fuzzer --sanitize address \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp > .build-fuzz/build.log 2>&1; then
    grep -vE "Cannot export local symbol" .build-fuzz/build.log | tail -30
    echo "fuzz: the build failed" >&2
    exit 1
fi
binary=$(swift build --package-path Fuzz --scratch-path .build-fuzz --show-bin-path)/Fuzz
mkdir -p .build-fuzz/crashes .build-fuzz/logs

run_target() {
    local target=$1 seconds=$2 binary=$3
    mkdir -p ".build-fuzz/corpus/$target"
    # Leak checks are off: the emulators' lazily loaded seed data lives as
    # long as the process, which LeakSanitizer reports at exit.
    if FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$binary" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix=".build-fuzz/crashes/$target-" \
        ".build-fuzz/corpus/$target" "Fuzz/Corpus/$target" > ".build-fuzz/logs/$target.log" 2>&1; then
        runs=$(grep -E '^stat::number_of_executed_units' ".build-fuzz/logs/$target.log" | awk '{print $2}')
        echo "fuzz: $target: ${runs:-?} executions in ${seconds} s, no crash"
    else
        echo "fuzz: $target: FAILED, see .build-fuzz/logs/$target.log and .build-fuzz/crashes/"
        grep -E 'ERROR|Fatal error|SUMMARY' ".build-fuzz/logs/$target.log" | head -5
        return 1
    fi
}
export -f run_target
printf '%s\n' "${targets[@]}" | xargs -P 2 -I{} bash -c 'run_target "$@"' _ {} "$seconds" "$binary"
