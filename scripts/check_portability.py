#!/usr/bin/env python3
"""Linux-only code in the library packages must sit behind an #if with an
Apple-platform branch, so the libraries still build on iOS and macOS, which
CI here cannot build.

    scripts/check_portability.py [ROOT...]     (default: Packages/*/Sources)

Two rules, over every .swift file of the library packages (every package but
SandboxServer, a Linux and macOS server, and AsyncHTTPClientTransport, which
builds on SwiftNIO everywhere):

1. An import of a Linux-only module (Glibc, Musl, FoundationNetworking) sits
   inside an `#if canImport(<that module>)` or `#if os(Linux)`. For
   FoundationNetworking that is enough: on Apple platforms Foundation has its
   types, so the other branch imports nothing. Glibc and Musl need an
   `#elseif`/`#else` branch too (Darwin's libc).
2. A Linux-only API (`/proc/`, `SO_REUSEPORT`, `epoll`, `dispatchPrecondition`
   or `Thread.isMainThread` used as a main-thread check) sits inside an `#if`
   group that has another branch, the Apple platforms' way.

Comments are not code: a line whose code part is empty is skipped. Prints
each offence as FILE:LINE and what to do, and exits 1 if there is any.
"""
import pathlib
import re
import sys

LINUX_MODULES = {"Glibc": True, "Musl": True, "FoundationNetworking": False}  # value: needs an Apple branch
LINUX_APIS = [
    (re.compile(r"/proc/"), "/proc"),
    (re.compile(r"\bSO_REUSEPORT\b"), "SO_REUSEPORT"),
    (re.compile(r"\bepoll_\w+"), "epoll"),
    (re.compile(r"\bdispatchPrecondition\s*\("), "dispatchPrecondition (a Dispatch-only main-thread check)"),
    (re.compile(r"\bThread\.isMainThread\b"), "Thread.isMainThread (false under swift test on Linux)"),
]
SKIPPED_PACKAGES = {"SandboxServer", "AsyncHTTPClientTransport"}
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:\w+\s+)?(\w+)")
DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")


def code_part(line):
    """The line without its // comment (strings with // are rare enough here)."""
    index = line.find("//")
    return line if index < 0 else line[:index]


class Group:
    """One #if ... #endif group: its conditions so far and branch count."""

    def __init__(self, condition):
        self.conditions = [condition]
        self.branches = 1


def groups_by_line(lines):
    """For each line, the stack of #if groups it is inside, with the branch
    counts the groups have once complete (a later #else counts)."""
    stack, result, groups = [], [], []
    for line in lines:
        match = DIRECTIVE.match(line)
        if match:
            kind, rest = match.group(1), match.group(2).strip()
            if kind == "if":
                group = Group(rest)
                groups.append(group)
                stack.append(group)
            elif kind in ("elseif", "else") and stack:
                stack[-1].branches += 1
                stack[-1].conditions.append(rest or "else")
            elif kind == "endif" and stack:
                stack.pop()
        result.append(list(stack))
    return result


def offences(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    stacks = groups_by_line(lines)
    found = []
    for number, (line, stack) in enumerate(zip(lines, stacks), start=1):
        code = code_part(line)
        if not code.strip() or DIRECTIVE.match(line):
            continue
        imported = IMPORT.match(code)
        if imported and imported.group(1) in LINUX_MODULES:
            module = imported.group(1)
            guard = [g for g in stack if re.search(rf"canImport\(\s*{module}\s*\)|os\(\s*Linux\s*\)", g.conditions[0])]
            if not guard:
                found.append((number, f"`import {module}` outside `#if canImport({module})`"))
            elif LINUX_MODULES[module] and all(g.branches < 2 for g in guard):
                found.append((number, f"`import {module}` without an `#elseif canImport(Darwin)` branch"))
            continue
        for pattern, name in LINUX_APIS:
            if pattern.search(code) and not any(g.branches >= 2 for g in stack):
                found.append((number, f"{name} outside an `#if` with an Apple-platform branch"))
    return found


def main(arguments):
    roots = [pathlib.Path(argument) for argument in arguments]
    if not roots:
        roots = [
            source
            for source in sorted(pathlib.Path("Packages").glob("*/Sources"))
            if source.parent.name not in SKIPPED_PACKAGES
        ]
    failures = 0
    files = 0
    for root in roots:
        for path in sorted(root.rglob("*.swift")):
            files += 1
            for number, message in offences(path):
                print(f"{path}:{number}: {message}")
                failures += 1
    if failures:
        print(f"check_portability: {failures} Linux-only line(s) without an Apple-platform branch", file=sys.stderr)
        return 1
    print(f"check_portability: {files} files, Linux-only code only behind #if with an Apple-platform branch")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
