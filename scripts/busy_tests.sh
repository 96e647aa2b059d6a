#!/usr/bin/env bash
# The unit tests again, while another process keeps every CPU busy: a test
# that passes only on an idle machine is a defect (it waits for a moment
# instead of an event, or something blocks the shared task pool). Installs
# Debian's stress-ng when missing and this machine can (root with apt-get);
# the tests must already be built (`make build`).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v stress-ng >/dev/null; then
    if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null; then
        echo "busy_tests: installing stress-ng"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends stress-ng >/dev/null
    else
        echo "busy_tests: needs stress-ng (sudo apt-get install stress-ng)" >&2
        exit 1
    fi
fi

workers=$(nproc)
# Bounded in time, and stopped with this script however it ends.
stress-ng --cpu "$workers" --timeout 1800s --quiet &
stress=$!
trap 'kill "$stress" 2>/dev/null || true; wait "$stress" 2>/dev/null || true' EXIT
echo "busy_tests: $workers CPU workers of stress-ng running beside the tests"
"${SWIFT:-swift}" test --enable-all-traits --skip-build
