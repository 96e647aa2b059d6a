#!/usr/bin/env bash
# Runs firebase-admin-python's own integration/test_auth.py against a Sandbox,
# the way its conftest runs it against a project: the test file comes from a
# checkout of github.com/firebase/firebase-admin-python (it is not in the PyPI
# package, and this project copies none of it); the conftest here starts
# the Sandbox, points the file's v3 URLs at it and signs with a generated
# service account.
#
#   scripts/upstream_firebase_admin_auth.sh PATH/TO/firebase-admin-python [PYTEST-ARGS...]
#
# Needs `make build` (for .build/debug/sandbox) and PyPI (for pytest and
# firebase-admin, in .build/upstream-auth-venv). Not part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=${1:?usage: scripts/upstream_firebase_admin_auth.sh PATH/TO/firebase-admin-python [PYTEST-ARGS...]}
shift
venv=.build/upstream-auth-venv
if [ ! -x "$venv/bin/pytest" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "firebase-admin==7.7.0" pytest
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$checkout/integration/test_auth.py" "$work/"
cp Tests/ThirdParty/upstream_auth/conftest.py "$work/"
SANDBOX_BIN="$PWD/.build/debug/sandbox" "$venv/bin/pytest" -q -p no:cacheprovider -rfE "$work/test_auth.py" "$@"
