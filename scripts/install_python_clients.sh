#!/usr/bin/env bash
# The third-party client tests run real clients from PyPI against the
# Sandbox (Tests/ThirdParty/). Installs them, pinned, into a virtual
# environment at .build/python-clients, again only when the requirements
# change. SKIP_THIRD_PARTY_TESTS=1 runs `make test` without them.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${SKIP_THIRD_PARTY_TESTS:-}" == "1" ]]; then
    echo "install_python_clients: SKIP_THIRD_PARTY_TESTS=1, the third-party client tests will not run"
    exit 0
fi
venv=.build/python-clients
requirements=Tests/ThirdParty/requirements.txt
stamp="$venv/requirements.txt"
if [[ -x "$venv/bin/python" ]] && cmp -s "$requirements" "$stamp"; then
    echo "install_python_clients: up to date in $venv"
    exit 0
fi
python=$(command -v python3 || true)
if [[ -z "$python" ]]; then
    echo "install_python_clients: the third-party client tests need python3 (or SKIP_THIRD_PARTY_TESTS=1)" >&2
    exit 1
fi
rm -rf "$venv"
mkdir -p .build
"$python" -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
cp "$requirements" "$stamp"
echo "install_python_clients: installed $(grep -vE '^(#|$)' "$requirements" | tr '\n' ' ')into $venv"
