#!/usr/bin/env python3
"""Builds one static DocC site: every library package and the Docs/ articles.

  1. `swift build` (debug), unless --skip-build: the symbol graphs are read
     from the .swiftmodule files it writes, so nothing is compiled twice.
  2. swift-symbolgraph-extract for each library module under Packages/.
  3. `docc convert` per module, in dependency order, each with its
     dependencies' archives as `--dependency`, so ``Networking/NetworkClient``
     in AirtableClient's catalog is a working link.
  4. `docc convert` of Docs/NetworkingLessons.docc, the landing page and the
     lesson guides, with every package archive as a dependency.
  5. `docc merge` into one archive, copied to Docs/site; its root page
     forwards to the landing page.
  6. scripts/check_doc_links.py over the result.

Any docc warning fails the build, and so does a module without a catalog.
Intermediate files go to .docs-build/; both folders are git-ignored.

A site hosted below a domain's root (a project site at
`https://owner.github.io/networking-lessons/`) needs its base path:
`--hosting-base-path /networking-lessons`, or `DOCS_BASE_PATH` in the
environment (`make docs DOCS_BASE_PATH=/networking-lessons`). Without one
the site works only at a domain's root, as `make docs-serve` serves it.

Usage:
  build_docs.py [--scratch-path .build] [--skip-build] [--output Docs/site]
                [--hosting-base-path /path]
"""

import argparse
import os
import json
import pathlib
import platform
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The build the Makefile makes: every trait of the root manifest on, so the
# symbol graphs cover SandboxServer and AsyncHTTPClientTransport too.
TRAITS = ["--enable-all-traits"]
LANDING_CATALOG = ROOT / "Docs" / "NetworkingLessons.docc"
LANDING_NAME = "NetworkingLessons"
SITE_TITLE = "Networking Lessons SDK"


def run(command: list, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(part) for part in command], **kwargs)


def library_targets() -> list:
    """The regular targets of the workspace under Packages/ (test support
    under a Tests folder is not API), with their target dependencies, in an
    order where dependencies come first."""
    manifest = json.loads(run(
        ["swift", "package", "--package-path", ROOT, "dump-package"],
        capture_output=True, text=True, check=True,
    ).stdout)
    targets = {
        target["name"]: target for target in manifest["targets"]
        if target["type"] == "regular" and (target.get("path") or "").startswith("Packages/")
        and "/Tests/" not in target["path"]
    }

    def dependencies(target: dict) -> list:
        names = []
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency and dependency[kind][0] in targets:
                    names.append(dependency[kind][0])
        return names

    ordered, visiting = [], set()

    def visit(name: str) -> None:
        if name in ordered:
            return
        if name in visiting:
            sys.exit(f"error: a dependency cycle through {name}")
        visiting.add(name)
        for dependency in sorted(dependencies(targets[name])):
            visit(dependency)
        ordered.append(name)

    for name in sorted(targets):
        visit(name)
    return [
        {"name": name, "path": ROOT / targets[name]["path"], "dependencies": dependencies(targets[name])}
        for name in ordered
    ]


def transitive(name: str, by_name: dict) -> list:
    found, stack = [], list(by_name[name]["dependencies"])
    while stack:
        dependency = stack.pop()
        if dependency not in found:
            found.append(dependency)
            stack.extend(by_name[dependency]["dependencies"])
    return sorted(found)


def extract_symbol_graphs(module: str, modules_dir: pathlib.Path, checkouts: pathlib.Path,
                          output: pathlib.Path) -> None:
    output.mkdir(parents=True)
    command = [
        "swift-symbolgraph-extract", "-module-name", module, "-I", modules_dir,
        "-minimum-access-level", "public", "-skip-inherited-docs", "-emit-extension-block-symbols",
        "-output-dir", output,
    ]
    if sys.platform.startswith("linux"):
        command += ["-target", f"{platform.machine()}-unknown-linux-gnu"]
    # Modules that import C shims (SwiftNIO, SQLite) need their module maps,
    # as in scripts/check_docs.py.
    build_dir = modules_dir.parent
    for module_map in sorted(build_dir.glob("*.build/module.modulemap")) + sorted(
        checkouts.glob("**/module.modulemap")
    ):
        command += ["-Xcc", f"-fmodule-map-file={module_map}", "-Xcc", f"-I{module_map.parent}"]
    result = run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"error: cannot read the symbols of {module} (is it built?):\n{result.stderr}")


def convert(name: str, catalog: pathlib.Path, output: pathlib.Path, dependencies: list,
            symbol_graphs: pathlib.Path = None) -> list:
    """Runs docc convert and returns the warnings and errors it printed."""
    command = [
        "docc", "convert", catalog, "--output-path", output,
        "--fallback-display-name", name, "--fallback-bundle-identifier", name,
        "--transform-for-static-hosting", "--enable-experimental-external-link-support",
        "--warnings-as-errors",
    ]
    if symbol_graphs:
        command += ["--additional-symbol-graph-dir", symbol_graphs, "--fallback-default-module-kind", "Library"]
    for dependency in dependencies:
        command += ["--dependency", dependency]
    result = run(command, capture_output=True, text=True)
    output_text = result.stdout + result.stderr
    problems = [line for line in output_text.splitlines() if re.search(r"\b(warning|error):", line)]
    if result.returncode != 0 and not problems:
        problems = [f"docc convert failed for {name} with status {result.returncode}:", output_text]
    if problems:
        # The full text has the context lines (the source excerpt) too.
        print(output_text, file=sys.stderr)
    return problems


def forward_root(site: pathlib.Path) -> None:
    """DocC's single-page app has no page at `/`; send visitors to the
    landing page instead of its 'page not found'."""
    target = f"documentation/{LANDING_NAME.lower()}/"
    (site / "index.html").write_text(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<title>{SITE_TITLE}</title>\n"
        f"<meta http-equiv=\"refresh\" content=\"0; url={target}\">\n"
        f"<link rel=\"canonical\" href=\"{target}\">\n</head>\n<body>\n"
        f"<p><a href=\"{target}\">{SITE_TITLE} documentation</a></p>\n</body>\n</html>\n"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scratch-path", default=str(ROOT / ".build"),
                        help="the SwiftPM build folder to read modules from (default .build)")
    parser.add_argument("--skip-build", action="store_true", help="use the modules already built")
    parser.add_argument("--output", default=str(ROOT / "Docs" / "site"))
    parser.add_argument("--hosting-base-path", default=os.environ.get("DOCS_BASE_PATH", ""),
                        help="the path the site is served below, such as /networking-lessons")
    parser.add_argument("--work", default=str(ROOT / ".docs-build"))
    arguments = parser.parse_args()
    scratch = pathlib.Path(arguments.scratch_path).resolve()
    site = pathlib.Path(arguments.output).resolve()
    work = pathlib.Path(arguments.work).resolve()

    if not arguments.skip_build:
        print(f"build_docs: swift build --enable-all-traits --scratch-path {scratch}", flush=True)
        if run(["swift", "build", "--package-path", ROOT, "--scratch-path", scratch, *TRAITS]).returncode != 0:
            return 1
    bin_path = run(["swift", "build", "--package-path", ROOT, "--scratch-path", scratch, *TRAITS, "--show-bin-path"],
                   capture_output=True, text=True, check=True).stdout.strip()
    modules_dir = pathlib.Path(bin_path) / "Modules"

    targets = library_targets()
    by_name = {target["name"]: target for target in targets}
    missing = [t["name"] for t in targets if not (t["path"] / f"{t['name']}.docc").is_dir()]
    if missing:
        for name in missing:
            print(f"error: {by_name[name]['path'].relative_to(ROOT)}/{name}.docc is missing: "
                  "every library package has a catalog")
        return 1

    shutil.rmtree(work, ignore_errors=True)
    (work / "archives").mkdir(parents=True)
    archives = {}
    problems = []
    failed = set()
    for target in targets:
        name = target["name"]
        dependencies = transitive(name, by_name)
        if failed.intersection(dependencies):
            print(f"build_docs: {name} skipped: {', '.join(sorted(failed.intersection(dependencies)))} failed")
            failed.add(name)
            continue
        graphs = work / "symbol-graphs" / name
        extract_symbol_graphs(name, modules_dir, scratch / "checkouts", graphs)
        archives[name] = work / "archives" / f"{name}.doccarchive"
        print(f"build_docs: docc convert {name}", flush=True)
        found = convert(
            name, target["path"] / f"{name}.docc", archives[name],
            [archives[dependency] for dependency in dependencies], graphs,
        )
        if found:
            failed.add(name)
            problems += found
    if failed:
        print(f"error: docc reported {len(problems)} warning(s) or error(s); the site is not built")
        return 1

    landing = work / "archives" / f"{LANDING_NAME}.doccarchive"
    print(f"build_docs: docc convert {LANDING_NAME} (Docs/)", flush=True)
    problems += convert(LANDING_NAME, LANDING_CATALOG, landing, [archives[t["name"]] for t in targets])
    if problems:
        print(f"error: docc reported {len(problems)} warning(s) or error(s); the site is not built")
        return 1

    combined = work / "combined.doccarchive"
    print("build_docs: docc merge", flush=True)
    merge = run(
        ["docc", "merge", landing, *[archives[t["name"]] for t in targets], "--output-path", combined,
         "--synthesized-landing-page-name", SITE_TITLE, "--synthesized-landing-page-kind", "SDK",
         "--synthesized-landing-page-topics-style", "list"],
        capture_output=True, text=True,
    )
    merge_problems = [line for line in (merge.stdout + merge.stderr).splitlines()
                      if re.search(r"\b(warning|error):", line)]
    if merge.returncode != 0 or merge_problems:
        print(merge.stdout + merge.stderr)
        print("error: docc merge failed")
        return 1

    base_path = "/" + arguments.hosting_base_path.strip("/") if arguments.hosting_base_path.strip("/") else ""
    if base_path:
        print(f"build_docs: hosted below {base_path}", flush=True)
        hosted = run(["docc", "process-archive", "transform-for-static-hosting", combined,
                      "--hosting-base-path", base_path], capture_output=True, text=True)
        if hosted.returncode != 0:
            print(hosted.stdout + hosted.stderr)
            print("error: docc could not set the hosting base path")
            return 1

    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(combined, site)
    forward_root(site)

    check = run([sys.executable, ROOT / "scripts" / "check_doc_links.py", site,
                 "--landing", LANDING_NAME.lower(), *[f"--module={t['name'].lower()}" for t in targets]])
    if check.returncode != 0:
        return 1
    shown = site.relative_to(ROOT) if site.is_relative_to(ROOT) else site
    print(f"build_docs: {len(targets)} packages and the Docs articles, no warnings: {shown}")
    print("build_docs: `make docs-serve` serves it at http://127.0.0.1:8000/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
