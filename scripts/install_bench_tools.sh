#!/usr/bin/env bash
# What the benchmarks measure with, from Debian's packages: nginx (the
# real server beside the Sandbox in benchmarks 1 and 2), wrk (benchmark 8's
# load) and stress-ng (benchmark 14's busy pass). Installs what is missing
# when this machine can (root with apt-get); otherwise says what to install.
set -euo pipefail

missing=()
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || missing+=(nginx-light)
command -v wrk >/dev/null || missing+=(wrk)
command -v stress-ng >/dev/null || missing+=(stress-ng)
if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install_bench_tools: nginx, wrk and stress-ng are installed"
    exit 0
fi
if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null; then
    echo "install_bench_tools: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # The package's own nginx service is not wanted: the benchmark starts
    # one of its own, on a port of its own.
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    if [[ " ${missing[*]} " == *" nginx-light "* ]]; then
        nginx -s quit 2>/dev/null || true
    fi
    echo "install_bench_tools: installed ${missing[*]}"
    exit 0
fi
echo "install_bench_tools: the benchmarks need ${missing[*]}:" >&2
echo "  sudo apt-get install ${missing[*]}" >&2
exit 1
