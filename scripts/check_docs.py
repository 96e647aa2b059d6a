#!/usr/bin/env python3
"""Documentation coverage: every public symbol of every package has a doc comment.

Reads the symbol graphs of already built modules (swift-symbolgraph-extract
works on the .swiftmodule and .swiftdoc files the debug build writes, so it
costs no rebuild) and names every public or open symbol declared in the
project's sources that has no `///` comment of its own. Synthesized members
(`hashValue`, `init(rawValue:)`) and inherited protocol members have no
source location here and are skipped: there is nothing to write for them.

It also checks that the error guide (HandlingErrors.md) has a row for
every case of `NetworkError`, so a new case cannot go unexplained, and that
the README's list of secret names is `Redactor.defaultSecretNames`, the one
list the code redacts by.

Usage:
  check_docs.py                       every library module of Packages/*
  check_docs.py --modules-dir D --module M [--module M ...]
Exits non-zero when anything is undocumented.
"""

import argparse
import json
import pathlib
import platform
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def library_modules() -> list:
    """The regular (non-executable, non-test) targets of the workspace under Packages/."""
    manifest = json.loads(subprocess.run(
        ["swift", "package", "--package-path", str(ROOT), "dump-package"],
        capture_output=True, text=True, check=True,
    ).stdout)
    return sorted(
        target["name"] for target in manifest["targets"]
        if target["type"] == "regular" and (target.get("path") or "").startswith("Packages/")
    )


def symbol_graphs(module: str, modules_dir: pathlib.Path, output: pathlib.Path) -> list:
    target = f"{platform.machine()}-unknown-linux-gnu" if sys.platform.startswith("linux") else None
    command = [
        "swift-symbolgraph-extract", "-module-name", module, "-I", str(modules_dir),
        "-minimum-access-level", "public", "-skip-inherited-docs", "-output-dir", str(output),
    ]
    if target:
        command += ["-target", target]
    # Modules that import C shims (SwiftNIO, swift-numerics, SQLite) need
    # their module maps, which SwiftPM keeps beside the build products and in
    # the checkouts.
    build_dir = modules_dir.parent
    for module_map in sorted(build_dir.glob("*.build/module.modulemap")) + sorted(
        (build_dir.parent / "checkouts").glob("**/module.modulemap")
    ):
        command += ["-Xcc", f"-fmodule-map-file={module_map}", "-Xcc", f"-I{module_map.parent}"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"error: cannot read the symbols of {module} (build it first):\n{result.stderr}")
    return [json.loads(path.read_text()) for path in output.glob(f"{module}*.symbols.json")]


def undocumented(graphs: list) -> list:
    missing = []
    for graph in graphs:
        for symbol in graph["symbols"]:
            location = symbol.get("location")
            if location is None or symbol.get("docComment", {}).get("lines"):
                continue
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            path = location["uri"].removeprefix("file://")
            line = location["position"]["line"] + 1
            name = ".".join(symbol["pathComponents"])
            missing.append(f"{path}:{line}: {symbol['kind']['displayName'].lower()} {name} has no doc comment")
    return sorted(set(missing))


def error_guide_gaps() -> list:
    """The cases of NetworkError that HandlingErrors.md's table leaves out."""
    source = (ROOT / "Packages/Networking/Sources/Networking/Errors/NetworkError.swift").read_text()
    cases = re.findall(r"^    case (\w+)", source, re.M)
    guide = (ROOT / "Docs/NetworkingLessons.docc/HandlingErrors.md").read_text()
    rows = [line for line in guide.splitlines() if line.startswith("| ``/Networking/NetworkError/")]
    named = {re.match(r"\| ``/Networking/NetworkError/(\w+)", row).group(1) for row in rows}
    return [f"HandlingErrors.md: no row for NetworkError.{case}" for case in cases if case not in named]


def secret_list_gaps() -> list:
    """Differences between the README's secret names and the code's."""
    source = (ROOT / "Packages/Networking/Sources/Networking/Logging/Redactor.swift").read_text()
    declared = re.search(r"defaultSecretNames: Set<String> = \[(.*?)\]", source, re.S)
    code = set(re.findall(r'"([^"]+)"', declared.group(1))) if declared else set()
    readme = (ROOT / "README.md").read_text()
    listed = re.search(r"`Redactor\.defaultSecretNames` \((.*?)\), serves", readme, re.S)
    docs = {name.lower() for name in re.findall(r"`([^`]+)`", listed.group(1))} if listed else set()
    if not code or not docs:
        return ["README.md or Redactor.swift: the list of secret names was not found"]
    return [f"README.md's secret names differ from Redactor.defaultSecretNames: {sorted(code ^ docs)}"] if code != docs else []


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--modules-dir", default=str(ROOT / ".build" / "debug" / "Modules"))
    parser.add_argument("--module", action="append", dest="modules")
    arguments = parser.parse_args()
    modules = arguments.modules or library_modules()
    problems = []
    counted = 0
    with tempfile.TemporaryDirectory() as scratch:
        for module in modules:
            output = pathlib.Path(scratch) / module
            output.mkdir()
            graphs = symbol_graphs(module, pathlib.Path(arguments.modules_dir), output)
            counted += sum(1 for graph in graphs for symbol in graph["symbols"] if symbol.get("location"))
            problems += undocumented(graphs)
    problems += error_guide_gaps() + secret_list_gaps()
    for problem in problems:
        print(f"error: {problem}")
    if problems:
        print(f"check_docs: {len(problems)} public symbols lack a doc comment")
        return 1
    print(f"check_docs: {counted} public symbols in {len(modules)} modules, all documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
