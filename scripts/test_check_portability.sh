#!/usr/bin/env bash
# Proves the portability check can fail: it must name every unguarded
# Linux-only line of the bad fixtures, and pass the guarded one.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(python3 scripts/check_portability.py scripts/fixtures/portability/bad 2>&1) && {
    echo "test_check_portability: the bad fixtures passed" >&2
    exit 1
}
for expected in "UnguardedGlibc.swift:4: \`import Glibc\` outside" "UnguardedGlibc.swift:7: /proc" \
    "HalfGuarded.swift:3: \`import Glibc\` without an" "HalfGuarded.swift:7: Thread.isMainThread"; do
    grep -qF "$expected" <<< "$out" || {
        echo "test_check_portability: expected '$expected' in:" >&2
        echo "$out" >&2
        exit 1
    }
done
python3 scripts/check_portability.py scripts/fixtures/portability/good > /dev/null
echo "test_check_portability: the check names unguarded Glibc, /proc and main-thread checks, and passes guarded code"
