#!/usr/bin/env python3
"""Depends on this checkout the way apps do, and counts what SwiftPM fetches.

Under .build-consumers/, next to a link named `networking-lessons` to this
checkout (so the package identity is the one an app by URL gets):

1. one throwaway app per library product of the root manifest that needs no
   trait, depending on the checkout by path with no traits: it must resolve
   no third-party package at all;
2. one app per ```swift block of the README marked `<!-- manifest -->` (the
   "Packages" section's), the block pasted into a manifest as it is, except that the repository's URL becomes
   the path of the link: the blocks without traits must fetch nothing, and
   those with traits must resolve; the first block (and, with
   CONSUMERS_FULL=1, the one that turns on the AsyncHTTPClient trait) is built, with a main.swift that imports the
   products they name.

3. with CONSUMERS_FULL=1 only (`make check-consumers-full`, minutes each):
   apps that turn on each trait, and none, by path, and one with the
   SandboxServer trait by URL (a `file://` URL of this checkout at its HEAD
   commit, so it sees what is committed): each runs `swift run sandbox --help` (it must print the
   usage with the SandboxServer trait, and without it fail naming the
   trait), then a plain `swift build` and `swift test` (an app's test that
   starts the Sandbox as an app does: in process, or on 127.0.0.1 port 0),
   which must pass whatever the run before did. They and the README's
   built blocks share one scratch folder, so the third-party packages are
   compiled once.

Every app's product names are checked by `swift package show-dependencies`,
which loads the whole graph. Prints what each app fetched; exits non-zero on
any problem.
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORK = ROOT / ".build-consumers"
LINK = WORK / "networking-lessons"
README = ROOT / "README.md"
# The README's placeholder for where the repository is published.
URL_REQUIREMENT = re.compile(r'url:\s*"[^"]*/networking-lessons\.git",\s*branch:\s*"main"')
PLATFORMS = "[.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)]"


def swift(arguments: list, package: pathlib.Path) -> subprocess.CompletedProcess:
    command, *rest = arguments
    return subprocess.run(["swift", command, "--package-path", str(package), *rest], capture_output=True, text=True)


def write_app(directory: pathlib.Path, arguments: str, products: list) -> None:
    """A package named App whose Package(...) takes `arguments` verbatim
    (with the libraries' platforms when `arguments` names none)."""
    sources = directory / "Sources" / "App"
    sources.mkdir(parents=True, exist_ok=True)
    platforms = "" if "platforms:" in arguments else f"    platforms: {PLATFORMS},\n"
    manifest = (
        "// swift-tools-version:6.1\n"
        "import PackageDescription\n\n"
        f'let package = Package(\n    name: "App",\n{platforms}{arguments}\n)\n'
    )
    (directory / "Package.swift").write_text(manifest)
    (sources / "main.swift").write_text("".join(f"import {product}\n" for product in products))


def third_party(directory: pathlib.Path) -> list:
    """Resolves the app and returns the remote packages it fetched."""
    shown = swift(["package", "show-dependencies", "--format", "json"], directory)
    if shown.returncode != 0:
        raise RuntimeError(shown.stderr.strip() or shown.stdout.strip())
    state = json.loads((directory / ".build" / "workspace-state.json").read_text())
    return sorted(
        d["packageRef"]["identity"] for d in state["object"]["dependencies"]
        if d["packageRef"]["kind"] != "fileSystem"
    )


def library_products() -> list:
    """The root's library products whose targets need no trait."""
    dump = subprocess.run(["swift", "package", "--package-path", str(ROOT), "dump-package"],
                          capture_output=True, text=True, check=True)
    manifest = json.loads(dump.stdout)
    gated = set()
    for target in manifest["targets"]:
        for dependency in target.get("dependencies", []):
            condition = next((part for kind in dependency.values() for part in kind
                              if isinstance(part, dict)), None)
            if condition and condition.get("traits"):
                gated.add(target["name"])
    return [p["name"] for p in manifest["products"]
            if "library" in p["type"] and not set(p["targets"]) & gated]


def readme_blocks() -> list:
    """The README's ```swift blocks marked `<!-- manifest -->`, the marker
    check_doc_snippets.py leaves to this script."""
    return re.findall(r"<!-- manifest -->\n```swift\n(.*?)```", README.read_text(), re.S)


def old_names() -> list:
    """Builds scripts/fixtures/old-names, code written against the names
    before 0.9: it must build, with deprecation warnings only, each naming
    the new spelling."""
    app = WORK / "old-names"
    shutil.rmtree(app, ignore_errors=True)
    write_app(app, "    dependencies: [.package(path: \"../networking-lessons\")],\n"
                   "    targets: [.executableTarget(name: \"App\", dependencies: ["
                   + ", ".join(f".product(name: \"{name}\", package: \"networking-lessons\")"
                               for name in ("Networking", "SooGreyhoundsClient", "FirebaseAuthClient"))
                   + "])]", [])
    shutil.copy(ROOT / "scripts" / "fixtures" / "old-names" / "main.swift", app / "Sources" / "App" / "main.swift")
    result = swift(["build", "--scratch-path", str(SCRATCH)], app)
    output = result.stdout + result.stderr
    if result.returncode != 0:
        return [f"code written against the old names does not build:\n{output[-3000:]}"]
    warnings = sorted({line.split(": warning: ", 1)[1] for line in output.splitlines()
                       if ": warning: " in line and "/old-names/" in line})
    others = [w for w in warnings if "is deprecated" not in w or not any(
        spelling in w for spelling in ("renamed to", "replaced by", "Use "))]
    if not warnings:
        return ["code written against the old names builds without a deprecation warning"]
    if others:
        return ["code written against the old names warns of more than deprecation:\n" + "\n".join(others)]
    print(f"check_consumers: code written against the old names builds, with {len(warnings)} deprecation "
          "warnings naming the new spelling", flush=True)
    return []


# What each trait app uses and tests: products, and a test that starts
# the Sandbox as an app would.
TRAIT_APPS = {
    "none": ([], ["Networking", "Models", "Sandbox"], """
        let sandbox = try await Sandbox()
        let client = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
        let feed = try await client.send(
            NetworkRequest<PostFeed>.get("posts").pathExtension("json").query("ns", "devmtn-post"))
        #expect(!feed.posts.isEmpty)
"""),
    "SandboxServer": (["SandboxServer"], ["Networking", "Models", "SandboxServer"], """
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let client = NetworkClient(baseURL: server.baseURL)
            let feed = try await client.send(
                NetworkRequest<PostFeed>.get("posts").pathExtension("json").query("ns", "devmtn-post"))
            #expect(!feed.posts.isEmpty)
        }
"""),
    "AsyncHTTPClient": (["AsyncHTTPClient"], ["Networking", "AsyncHTTPClientTransport"], """
        // Port 9 (discard) is closed on loopback: a refused connection.
        let client = NetworkClient(
            baseURL: URL(string: "http://127.0.0.1:9/")!, transport: AsyncHTTPClientTransport(), retryPolicy: .never)
        await #expect(throws: NetworkError.self) { try await client.send(NetworkRequest<Data>.get("x")) }
"""),
}


# The trait apps and the README's built blocks share one scratch folder, so
# the third-party packages are compiled once.
SCRATCH = WORK / "shared-build"
# Everything (`make check-consumers-full`), or what `make test` can afford:
# every resolution, the old names and the README's first block built.
FULL = os.environ.get("CONSUMERS_FULL") == "1"


def trait_apps() -> list:
    """The apps of point 3 above; returns the problems."""
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True)
    # By path with each trait and none; by URL with the trait whose apps
    # broke (issue 58): each app compiles this package's modules anew, so
    # the rest of the cross product would cost minutes and find nothing new.
    # Only with CONSUMERS_FULL=1 (`make check-consumers-full`): each app
    # compiles this package's modules and a server stack anew, for minutes.
    if not FULL:
        print("check_consumers: the trait apps (each trait and none by path, SandboxServer by URL) are left to"
              " make check-consumers-full", flush=True)
        return []
    apps = [("path", 'path: "../networking-lessons"', name) for name in TRAIT_APPS]
    if head.returncode == 0:
        apps.append(("url", f'url: "file://{LINK}", revision: "{head.stdout.strip()}"', "SandboxServer"))
    else:
        print("check_consumers: not a git checkout: the by-URL trait app is left out", flush=True)
    problems = []
    for form, requirement, name in apps:
        traits, products, test = TRAIT_APPS[name]
        label = f"{form}, traits {traits or 'none'}"
        app = WORK / f"trait-{form}-{name}"
        shutil.rmtree(app, ignore_errors=True)
        trait_list = ", ".join(f'"{t}"' for t in traits)
        uses = ", ".join(f'.product(name: "{p}", package: "networking-lessons")' for p in products)
        write_app(app, f"    dependencies: [.package({requirement}, traits: [{trait_list}])],\n"
                       f"    targets: [\n        .executableTarget(name: \"App\", dependencies: [{uses}]),\n"
                       f"        .testTarget(name: \"AppTests\", dependencies: [{uses}]),\n    ]", products)
        tests = app / "Tests" / "AppTests"
        tests.mkdir(parents=True)
        imports = "".join(f"import {p}\n" for p in ["Foundation", *products, "Testing"])
        (tests / "AppTests.swift").write_text(
            f"{imports}\n@Test func sandboxAndClient() async throws {{{test}}}\n")
        steps = []
        run = swift(["run", "--scratch-path", str(SCRATCH), "sandbox", "--help"], app)
        output = run.stdout + run.stderr
        if "SandboxServer" in traits:
            if run.returncode != 0 or "USAGE" not in output:
                problems.append(f"trait app ({label}): `swift run sandbox --help` failed:\n{output[-3000:]}")
            steps.append("ran sandbox --help")
        else:
            if run.returncode == 0 or "needs the SandboxServer package trait" not in output:
                problems.append(f"trait app ({label}): `swift run sandbox` without the trait does not say "
                                f"it needs it:\n{output[-3000:]}")
            steps.append("sandbox refused, naming the trait")
        for command in (["build"], ["test"]):
            result = swift([*command, "--scratch-path", str(SCRATCH)], app)
            if result.returncode != 0:
                problems.append(f"trait app ({label}): `swift {command[0]}` after `swift run` failed:\n"
                                f"{(result.stdout + result.stderr)[-3000:]}")
                steps.append(f"{command[0]} failed")
                break
            steps.append(f"{command[0]} passed")
        print(f"check_consumers: app by {label}: {', '.join(steps)}", flush=True)
    return problems


def main() -> int:
    WORK.mkdir(exist_ok=True)
    if LINK.is_symlink() or LINK.exists():
        LINK.unlink()
    os.symlink(ROOT, LINK)
    problems = []

    for product in library_products():
        app = WORK / f"product-{product}"
        shutil.rmtree(app, ignore_errors=True)
        write_app(app, "    dependencies: [.package(path: \"../networking-lessons\")],\n"
                       f"    targets: [.executableTarget(name: \"App\", dependencies: [.product(name: \"{product}\", "
                       "package: \"networking-lessons\")])]", [product])
        try:
            fetched = third_party(app)
        except RuntimeError as error:
            problems.append(f"{product}: {error}")
            continue
        print(f"check_consumers: {product} by path, no traits: {len(fetched)} third-party packages", flush=True)
        if fetched:
            problems.append(f"{product}: an app using it fetches {', '.join(fetched)}")

    problems += old_names()
    problems += trait_apps()

    blocks = readme_blocks()
    if not blocks:
        problems.append("README.md: no ```swift block marked <!-- manifest -->")
    for index, block in enumerate(blocks):
        label = block.splitlines()[0].lstrip("/ ").strip()
        # An app pasting the block gets the platforms the libraries need.
        if f"platforms: {PLATFORMS}" not in block:
            problems.append(f"README block \"{label}\": no `platforms: {PLATFORMS}`")
        arguments = URL_REQUIREMENT.sub('path: "../networking-lessons"', block)
        products = re.findall(r'\.product\(name:\s*"([^"]+)"', block)
        app = WORK / f"readme-{index}"
        (app / "Package.swift").unlink(missing_ok=True)
        write_app(app, "    " + arguments.rstrip().replace("\n", "\n    "), products)
        try:
            fetched = third_party(app)
        except RuntimeError as error:
            problems.append(f"README block \"{label}\": {error}")
            continue
        opt_in = "traits:" in block
        built = index == 0 or (FULL and '"AsyncHTTPClient"' in block)
        outcome = f"{len(fetched)} third-party packages"
        if fetched:
            outcome += f" ({', '.join(fetched)})"
        if opt_in and not fetched:
            problems.append(f"README block \"{label}\": turns on a trait, yet fetches nothing")
        if not opt_in and fetched:
            problems.append(f"README block \"{label}\": fetches {', '.join(fetched)}")
        if built:
            result = swift(["build", "--scratch-path", str(SCRATCH)], app)
            if result.returncode != 0:
                problems.append(f"README block \"{label}\" does not build:\n{result.stdout[-3000:]}{result.stderr}")
                outcome += ", build failed"
            else:
                outcome += f", built {', '.join(products)}"
        print(f"check_consumers: README \"{label}\": {outcome}", flush=True)

    for problem in problems:
        print(f"error: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
