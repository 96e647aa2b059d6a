#!/usr/bin/env python3
"""Keeps the Swift code in the documentation compiled and tested.

Every ```swift block in a DocC catalog (Docs/*.docc and each package's
Sources/<Name>/<Name>.docc) and in README.md and Examples/README.md must be a copy of a region of the sample code in
Tests/IntegrationTests/Documentation/ (or, for the view models,
Packages/ViewModels/Tests/ViewModelsTests/Documentation/), which `make test`
builds and runs against the Sandbox. An article names the region in an HTML comment on the
line before the block (DocC drops such comments from the page):

    <!-- snippet: airtable-get-projects -->
    ```swift
    let projects = try await airtable.getProjects()
    ```

and the sample code marks it:

    // snippet: airtable-get-projects
    let projects = try await airtable.getProjects()
    // end snippet

A block that quotes a lesson's own code (UIKit, the old helpers) is marked
`<!-- lesson -->` instead and is not compiled, and so is one written against
another vendor's SDK this project cannot build (Firebase's iOS SDK), marked
`<!-- third-party -->`. The READMEs are held to the
same rule, except for the manifest fragments of README.md's Packages
section, marked `<!-- manifest -->`, which scripts/check_consumers.py pastes
into throwaway apps and resolves.

Fails when a block has no marker, names an unknown region, or differs from
its region, and when a region is never shown. `--fix` rewrites the blocks
from the regions.

Usage:
  check_doc_snippets.py [--fix] [--root DIR]
"""

import argparse
import difflib
import pathlib
import re
import sys
import textwrap

SAMPLES = pathlib.Path("Tests") / "IntegrationTests" / "Documentation"
# ViewModels' samples need ViewModels, which only its own tests depend on.
SAMPLE_FOLDERS = [SAMPLES, pathlib.Path("Packages") / "ViewModels" / "Tests" / "ViewModelsTests" / "Documentation"]
CATALOGS = ["Docs/*.docc/**/*.md", "Packages/*/Sources/*/*.docc/**/*.md", "README.md", "Examples/README.md"]

REGION_START = re.compile(r"^\s*// snippet: ([a-z0-9-]+)\s*$")
REGION_END = re.compile(r"^\s*// end snippet\s*$")
MARKER = re.compile(r"^\s*<!-- (?:snippet: ([a-z0-9-]+)|(lesson|manifest|third-party)) -->\s*$")
FENCE = re.compile(r"^(\s*)```\s*([A-Za-z0-9_+-]*)\s*$")


def regions(root: pathlib.Path) -> tuple:
    found, problems = {}, []
    paths = sorted(path for folder in SAMPLE_FOLDERS for path in (root / folder).rglob("*.swift"))
    for path in paths:
        lines = path.read_text().splitlines()
        name, start = None, 0
        for number, line in enumerate(lines, 1):
            if match := REGION_START.match(line):
                if name:
                    problems.append(f"{path}:{number}: region {match.group(1)} starts inside {name}")
                name, start = match.group(1), number
            elif REGION_END.match(line):
                if not name:
                    problems.append(f"{path}:{number}: `// end snippet` without a start")
                    continue
                if name in found:
                    problems.append(f"{path}:{start}: region {name} is defined twice")
                origin = f"{path.relative_to(root)}:{start}"
                found[name] = (textwrap.dedent("\n".join(lines[start:number - 1])).strip("\n"), origin)
                name = None
        if name:
            problems.append(f"{path}:{start}: region {name} never ends")
    return found, problems


def blocks(path: pathlib.Path) -> list:
    """The fenced blocks of a markdown file: language, marker, lines."""
    lines = path.read_text().splitlines()
    found, index = [], 0
    while index < len(lines):
        fence = FENCE.match(lines[index])
        if not fence:
            index += 1
            continue
        indent, language = fence.group(1), fence.group(2)
        end = index + 1
        while end < len(lines) and not re.match(rf"^{indent}```\s*$", lines[end]):
            end += 1
        previous = index - 1
        while previous >= 0 and not lines[previous].strip():
            previous -= 1
        marker = MARKER.match(lines[previous]) if previous >= 0 else None
        body = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in lines[index + 1:end]]
        found.append({
            "language": language, "start": index + 1, "end": end + 1, "indent": indent, "body": "\n".join(body),
            "snippet": marker.group(1) if marker else None, "lesson": bool(marker and marker.group(2)),
        })
        index = end + 1
    return found


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fix", action="store_true", help="rewrite the blocks from the sample code")
    parser.add_argument("--root", default=str(pathlib.Path(__file__).resolve().parent.parent),
                        help="the repository to check (default: this one)")
    arguments = parser.parse_args()
    root = pathlib.Path(arguments.root).resolve()
    samples, problems = regions(root)
    used, checked = set(), 0
    for pattern in CATALOGS:
        for path in sorted(root.glob(pattern)):
            relative = path.relative_to(root)
            replacements = []
            for block in blocks(path):
                if block["language"] != "swift" or block["lesson"]:
                    continue
                checked += 1
                name = block["snippet"]
                where = f"{relative}:{block['start']}"
                if not name:
                    problems.append(f"{where}: a swift block with no `<!-- snippet: NAME -->` (or `<!-- lesson -->`)")
                    continue
                used.add(name)
                if name not in samples:
                    problems.append(f"{where}: no region `// snippet: {name}` in the sample code")
                    continue
                expected, origin = samples[name]
                if block["body"] != expected:
                    if arguments.fix:
                        replacements.append((block, expected))
                        continue
                    diff = "\n".join(difflib.unified_diff(
                        expected.splitlines(), block["body"].splitlines(), origin, where, lineterm=""))
                    problems.append(f"{where}: differs from {origin} (run scripts/check_doc_snippets.py --fix)\n{diff}")
            if replacements:
                lines = path.read_text().splitlines()
                for block, expected in sorted(replacements, key=lambda item: -item[0]["start"]):
                    body = [block["indent"] + line if line else "" for line in expected.splitlines()]
                    lines[block["start"]:block["end"] - 1] = body
                path.write_text("\n".join(lines) + "\n")
                print(f"check_doc_snippets: rewrote {len(replacements)} block(s) in {relative}")
    for name in sorted(set(samples) - used):
        problems.append(f"{samples[name][1]}: region {name} is shown in no catalog")
    for problem in problems:
        print(f"error: {problem}")
    if problems:
        print(f"check_doc_snippets: {len(problems)} problem(s)")
        return 1
    print(f"check_doc_snippets: {checked} swift blocks in the catalogs, each one a region of the compiled, "
          f"tested sample code ({len(samples)} regions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
