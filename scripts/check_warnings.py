#!/usr/bin/env python3
"""Fails when a build log has warnings from the project's own code.

Warnings about dependencies (their sources under .build/checkouts, or
SwiftPM's notes about a dependency package such as
"warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled")
are not ours to fix and are ignored; anything in our sources or about one of
our packages fails the build.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OURS = {"networkinglessons", ROOT.name.lower()} | {
    path.parent.name.lower() for path in ROOT.glob("*/*/Package.swift")
} | {path.parent.name.lower() for path in ROOT.glob("*/Package.swift")}


def ours(line: str) -> bool:
    if "warning:" not in line:
        return False
    package = re.search(r"warning: '([^']+)':", line)
    if package:
        return package.group(1).lower() in OURS
    if "/.build" in line or "/checkouts/" in line:
        return False
    return str(ROOT) in line or line.lstrip().startswith(("warning:", "macro expansion"))


def main() -> int:
    log = pathlib.Path(sys.argv[1]).read_text(errors="replace").splitlines()
    found = sorted({line.strip() for line in log if ours(line)})
    for line in found:
        print(line)
    if found:
        print(f"error: the build has {len(found)} warning(s) in the project's own code (listed above)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
