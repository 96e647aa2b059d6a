#!/usr/bin/env bash
# Proves the documentation coverage check can fail: it must reject the
# fixture module and name its one undocumented symbol, and nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
swiftc -parse-as-library -emit-module -module-name DocCoverageFixture \
    -emit-module-path "$scratch/DocCoverageFixture.swiftmodule" \
    scripts/fixtures/doc-coverage/DocCoverageFixture.swift
if output=$(python3 scripts/check_docs.py --modules-dir "$scratch" --module DocCoverageFixture); then
    echo "test_check_docs: FAILED: the check passed a module with an undocumented symbol"
    exit 1
fi
echo "$output" | grep -q "method Sample.undocumented() has no doc comment" || {
    echo "test_check_docs: FAILED: the check did not name Sample.undocumented():"
    echo "$output"
    exit 1
}
[ "$(echo "$output" | grep -c '^error:')" -eq 1 ] || {
    echo "test_check_docs: FAILED: expected exactly one undocumented symbol:"
    echo "$output"
    exit 1
}
echo "test_check_docs: the check rejects an undocumented public symbol and names it"
