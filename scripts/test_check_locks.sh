#!/usr/bin/env bash
# Proves the lock check can fail: it must name every resume, yield and
# callback the bad fixtures make under a lock, and pass the good one.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(python3 scripts/check_locks.py scripts/fixtures/locks/bad 2>&1) && {
    echo "test_check_locks: the bad fixtures passed" >&2
    exit 1
}
for expected in "ResumeUnderLock.swift:17: \`resume(\`" "ResumeUnderLock.swift:22: a call of the closure \`onChange\`" \
    "ResumeUnderLock.swift:30: \`resume(\`" "CallbackParameter.swift:12: a call of the closure \`reply\`" \
    "CallbackParameter.swift:17: \`yield(\`"; do
    grep -qF "$expected" <<< "$out" || {
        echo "test_check_locks: expected '$expected' in:" >&2
        echo "$out" >&2
        exit 1
    }
done
count=$(grep -c "inside a locked region" <<< "$out")
[[ $count == 5 ]] || {
    echo "test_check_locks: expected 5 offences, found $count:" >&2
    echo "$out" >&2
    exit 1
}
python3 scripts/check_locks.py scripts/fixtures/locks/good > /dev/null
echo "test_check_locks: the check names resumes, yields and callbacks under a lock, and passes decide-then-act code"
