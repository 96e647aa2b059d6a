#!/usr/bin/env bash
# Proves the site checker can fail: on a small hand-made site it must name a
# link that leads nowhere and a public type left out of the Topics groups,
# and pass once both are fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT

# A page: its render JSON and its HTML entry point.
page() {
    mkdir -p "$site/data/$(dirname "$1")" "$site/$1"
    echo "$2" > "$site/data/$1.json"
    echo "<!doctype html>" > "$site/$1/index.html"
}
topic() { echo "\"doc://x$1\": {\"type\": \"topic\", \"url\": \"$1\", \"title\": \"$1\"}"; }

build() {
    rm -rf "${site:?}"/*
    page documentation/landing "{\"references\": {$(topic /documentation/landing/guide), $(topic /documentation/mod),
        $(topic "$1")}, \"primaryContentSections\": [{\"type\": \"reference\", \"identifier\": \"doc://x/documentation/mod\"}]}"
    page documentation/landing/guide '{"references": {}}'
    page documentation/mod "{\"references\": {$(topic /documentation/mod/thing)},
        \"topicSections\": [{\"title\": \"$2\", \"generated\": $3, \"identifiers\": [\"doc://x/documentation/mod/thing\"]}]}"
    page documentation/mod/thing '{"references": {}}'
    mkdir -p "$site/index"
    echo '{"interfaceLanguages": {"swift": [{"path": "/documentation/landing"}, {"path": "/documentation/mod"}]}}' \
        > "$site/index/index.json"
    echo '<meta http-equiv="refresh" content="0; url=documentation/landing/">' > "$site/index.html"
}
check() { python3 scripts/check_doc_links.py "$site" --landing landing --module mod; }
fail() {
    echo "test_check_doc_links: FAILED: $1"
    echo "$output"
    exit 1
}

build /documentation/mod/gone Structures true
if output=$(check); then fail "the check passed a broken link and an uncurated type"; fi
echo "$output" | grep -q "link to /documentation/mod/gone" || fail "the check did not name the broken link"
echo "$output" | grep -q "mod: /documentation/mod/thing is in no Topics group" || fail "the check did not name the uncurated type"

build /documentation/mod/thing "The things" false
output=$(check) || fail "the check rejected a site whose links all resolve"
echo "test_check_doc_links: the check rejects a broken link and an uncurated type, and passes a sound site"
