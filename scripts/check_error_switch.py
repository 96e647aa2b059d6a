#!/usr/bin/env python3
"""Shows that a switch over NetworkError written as the docs write it keeps
compiling when a case is added (issue 65).

HandlingErrors.md's `errors-alert-message` function is compiled, outside
the Networking package, against the Networking module `make build` built:

1. as the docs show it, it must compile without a warning;
2. without its `@unknown default`, it must fail ("may have additional unknown
   values"): the proof that the compiler treats NetworkError as open
   (`@nonexhaustive`), so the `@unknown default` is what handles a case a
   later release adds, and an app that follows the docs keeps compiling.

Usage: check_error_switch.py [--modules DIR]   (after make build)
"""

import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
ARTICLE = ROOT / "Docs/NetworkingLessons.docc/HandlingErrors.md"
MARKER = "<!-- snippet: errors-alert-message -->"


def snippet() -> str:
    text = ARTICLE.read_text()
    match = re.search(re.escape(MARKER) + r"\s*```swift\n(.*?)```", text, re.S)
    if not match:
        sys.exit(f"check_error_switch: no {MARKER} block in {ARTICLE}")
    return match.group(1)


def typecheck(source: str, modules: pathlib.Path, folder: pathlib.Path, name: str) -> subprocess.CompletedProcess:
    path = folder / f"{name}.swift"
    path.write_text("import Networking\n\n" + source)
    return subprocess.run(
        ["swiftc", "-typecheck", "-swift-version", "6", "-I", str(modules),
         "-module-cache-path", str(folder / "cache"), str(path)],
        capture_output=True, text=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--modules", type=pathlib.Path, default=ROOT / ".build/debug/Modules")
    arguments = parser.parse_args()
    if not (arguments.modules / "Networking.swiftmodule").exists():
        sys.exit(f"check_error_switch: no Networking module in {arguments.modules}; run make build first")
    documented = snippet()
    if "@unknown default" not in documented:
        print("check_error_switch: the documented switch has no @unknown default, so a new case would break it")
        return 1
    closed = re.sub(r"\n\s*@unknown default:\n[^\n]*", "", documented)
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        as_shown = typecheck(documented, arguments.modules, folder, "AsDocumented")
        output = as_shown.stdout + as_shown.stderr
        if as_shown.returncode != 0 or "warning:" in output:
            print("check_error_switch: the documented switch does not compile cleanly outside Networking:\n" + output)
            return 1
        without = typecheck(closed, arguments.modules, folder, "WithoutUnknownDefault")
        output = without.stdout + without.stderr
        if without.returncode == 0 or "may have additional unknown values" not in output:
            print("check_error_switch: without @unknown default the switch still compiles, so NetworkError is"
                  " not open to new cases:\n" + output)
            return 1
    print("check_error_switch: the documented switch compiles outside Networking, and without its"
          " @unknown default it does not (NetworkError is @nonexhaustive)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
