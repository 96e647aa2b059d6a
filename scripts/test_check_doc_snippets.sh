#!/usr/bin/env bash
# Proves the documentation snippet check can fail: a block that drifted from
# its compiled region, a block naming no region, and a swift block without a
# marker are each named; the same catalog in step passes, and --fix puts a
# drifted block back in step.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Tests/IntegrationTests/Documentation" "$scratch/Docs/Fixture.docc"
cat > "$scratch/Tests/IntegrationTests/Documentation/Sample.swift" <<'SWIFT'
func sample() {
    // snippet: greeting
    let greeting = "Hello"
    print(greeting)
    // end snippet
}
SWIFT
write_article() {
    printf '# Fixture\n\n<!-- snippet: greeting -->\n```swift\n%s\n```\n' "$1" > "$scratch/Docs/Fixture.docc/Fixture.md"
}
fail() {
    echo "test_check_doc_snippets: FAILED: $1"
    echo "$output"
    exit 1
}

write_article $'let greeting = "Hello"\nprint(greeting)'
output=$(python3 scripts/check_doc_snippets.py --root "$scratch") || fail "the check rejected a block in step"

write_article $'let greeting = "Bonjour"\nprint(greeting)'
if output=$(python3 scripts/check_doc_snippets.py --root "$scratch"); then fail "the check passed a drifted block"; fi
echo "$output" | grep -q "Fixture.md:4: differs from Tests/IntegrationTests/Documentation/Sample.swift:2" \
    || fail "the check did not name the drifted block"
python3 scripts/check_doc_snippets.py --root "$scratch" --fix > /dev/null
output=$(python3 scripts/check_doc_snippets.py --root "$scratch") || fail "--fix did not put the block back in step"

printf '# Fixture\n\n<!-- snippet: farewell -->\n```swift\nprint("Bye")\n```\n\n```swift\nprint("?")\n```\n' \
    > "$scratch/Docs/Fixture.docc/Fixture.md"
if output=$(python3 scripts/check_doc_snippets.py --root "$scratch"); then fail "the check passed unknown and unmarked blocks"; fi
echo "$output" | grep -q "no region \`// snippet: farewell\`" || fail "the check did not name the unknown region"
echo "$output" | grep -q "Fixture.md:8: a swift block with no" || fail "the check did not name the unmarked block"
echo "$output" | grep -q "region greeting is shown in no catalog" || fail "the check did not name the unused region"
echo "test_check_doc_snippets: the check rejects drifted, unknown and unmarked blocks, and --fix repairs drift"
