#!/usr/bin/env python3
"""Checks the package manifests against the project's dependency rule.

1. Library packages (Networking, Models, the clients, ViewModels, Sandbox)
   depend on the toolchain alone: only path dependencies on sibling library
   packages, never a package from a URL.
2. Every target of every package under Packages/ appears in the workspace
   manifest (the root Package.swift) with the same sources and the same
   dependencies, so the module `make test` builds is the module a user gets.
3. In the root manifest, which apps read when they depend on the repository,
   every third-party product is used only under a trait, and no trait is on
   by default: an app using the libraries fetches no other package
   (scripts/check_consumers.py proves it with real consumers). A heavy
   package's own manifest turns the same trait on by default, since its
   sources check for it.

It reads manifests with `swift package dump-package`, so a manifest that does
not compile fails here too. Exits non-zero and names every problem found.
"""

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Packages allowed to use third-party dependencies (see DESIGN.md).
HEAVY = {"SandboxServer", "AsyncHTTPClientTransport"}


def dump(path: pathlib.Path) -> dict:
    result = subprocess.run(
        ["swift", "package", "--package-path", str(path), "dump-package"],
        capture_output=True, text=True,
    )
    if result.returncode != 0:
        sys.exit(f"error: cannot read {path}/Package.swift:\n{result.stderr}")
    return json.loads(result.stdout)


def dependency_names(target: dict) -> list:
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return sorted(names)


def third_party_products(target: dict) -> list:
    """The target's product dependencies on other packages, with their trait conditions."""
    products = []
    for dependency in target.get("dependencies", []):
        if "product" in dependency:
            name, package, _, condition = dependency["product"]
            products.append((name, package, set((condition or {}).get("traits") or [])))
    return products


def default_traits(manifest: dict) -> set:
    return {name for trait in manifest.get("traits", []) if trait["name"] == "default"
            for name in trait["enabledTraits"]}


def default_path(target: dict) -> str:
    folder = "Tests" if target["type"] == "test" else "Sources"
    return target.get("path") or f"{folder}/{target['name']}"


def main() -> int:
    problems = []
    root = dump(ROOT)
    workspace = {t["name"]: t for t in root["targets"]}
    root_traits = {trait["name"] for trait in root.get("traits", [])} - {"default"}
    if default_traits(root):
        problems.append(f"root: traits {sorted(default_traits(root))} are on by default, so every app fetches their packages")
    for target in root["targets"]:
        for name, package, traits in third_party_products(target):
            if package in (p.name for p in (ROOT / "Packages").glob("*")):
                continue
            if not traits:
                problems.append(f"root: target {target['name']} uses {name} from {package} without a trait condition")
            elif not traits <= root_traits:
                problems.append(f"root: target {target['name']} names unknown traits {sorted(traits - root_traits)}")
    packages = sorted(p.parent for p in (ROOT / "Packages").glob("*/Package.swift"))
    for package_dir in packages:
        name = package_dir.name
        manifest = dump(package_dir)
        for dependency in manifest.get("dependencies", []):
            if "sourceControl" in dependency and name not in HEAVY:
                location = dependency["sourceControl"][0]["location"]
                problems.append(f"{name}: library packages use the toolchain alone, but it depends on {location}")
            if "fileSystem" in dependency:
                sibling = pathlib.Path(dependency["fileSystem"][0]["path"]).name
                if name not in HEAVY and sibling in HEAVY:
                    problems.append(f"{name}: a library package must not depend on {sibling}")
        for target in manifest["targets"]:
            expected = f"Packages/{name}/{default_path(target)}"
            mirror = workspace.get(target["name"])
            if mirror is None:
                problems.append(f"{name}: target {target['name']} is missing from the root Package.swift")
                continue
            if mirror.get("path") != expected:
                problems.append(f"{name}: target {target['name']} has path {mirror.get('path')} in the root, expected {expected}")
            mirror_traits = {t for _, _, traits in third_party_products(mirror) for t in traits}
            if not mirror_traits <= default_traits(manifest):
                problems.append(
                    f"{name}: target {target['name']} uses traits {sorted(mirror_traits)} in the root, "
                    f"but {name}'s own manifest turns on only {sorted(default_traits(manifest))}"
                )
            if dependency_names(mirror) != dependency_names(target):
                problems.append(
                    f"{name}: target {target['name']} depends on {dependency_names(target)} "
                    f"but the root says {dependency_names(mirror)}"
                )
    for problem in problems:
        print(f"error: {problem}")
    if not problems:
        print(f"check_packages: {len(packages)} packages consistent with the workspace manifest")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
