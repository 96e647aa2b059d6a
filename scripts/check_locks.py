#!/usr/bin/env python3
"""No lock is held across a resume, a yield or a callback.

    scripts/check_locks.py [ROOT...]     (default: Packages/*/Sources, Examples)

Swift runs a task's cancellation handler while it holds the task's status
lock, and resuming a continuation takes that lock. So a resume inside a
region a cancellation handler also locks is a lock-order inversion, a
deadlock that needs only bad timing (issue 64). A stored closure called
there (an observer, a progress handler, a sink, `abandon`) can wait for
anything, or call back in. The rule: decide under the lock, act after it
(`LockedState` in Networking).

A locked region is the closure of `withLock`, `withLockedValue` or
`withLockIfAvailable`, or the code from `X.lock()` to `X.unlock()` (to the
end of the enclosing block when the unlock is a `defer`). Inside one, the
check names:

- a call of `resume(`, `yield(`, `finish(` (an `AsyncStream` continuation's
  runs its termination handler) or `cancel(` on anything;
- a call of a closure the file declares, as a stored property or a
  parameter, whose type does not begin with `inout` (a closure that takes
  the locked state `inout` only changes it: `LockedState`'s own body).

Comments and string literals are not code. Prints each offence as
FILE:LINE and what to do, and exits 1 if there is any.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_ROOTS = [*sorted((ROOT / "Packages").glob("*/Sources")), ROOT / "Examples"]

LOCKING_CALL = re.compile(r"\.\s*(withLock|withLockedValue|withLockIfAvailable)\b")
LOCK = re.compile(r"\b([A-Za-z_][\w.]*)\s*\.\s*lock\s*\(\s*\)")
FORBIDDEN = re.compile(r"\b(resume|yield|finish|cancel)\s*\(")
# `name: <function type>`: a stored closure or a closure parameter.
CLOSURE_DECLARATION = re.compile(
    r"\b(?:let|var)\s+(\w+)\s*:\s*(.*)$|[(,]\s*(?:\w+\s+)?(\w+)\s*:\s*(@escaping\b.*|\(.*)$", re.MULTILINE
)


def strip(source):
    """The source with comments and string literals blanked out, keeping
    every newline, so offsets and line numbers stay those of the file."""
    out = []
    i, n = 0, len(source)
    while i < n:
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", source[i:j]))
            i = j
        elif source.startswith('"""', i):
            end = source.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out.append('"' + re.sub(r"[^\n]", " ", source[i + 1 : end - 1]) + '"')
            i = end
        elif source[i] == '"':
            j = i + 1
            while j < n and source[j] not in '"\n':
                j += 2 if source[j] == "\\" else 1
            out.append('"' + " " * (j - i - 1) + ('"' if j < n else ""))
            i = j + 1
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def matching(code, start):
    """The offset just past the bracket that closes the one at `start`."""
    pairs = {"{": "}", "(": ")", "[": "]"}
    stack = []
    for i in range(start, len(code)):
        c = code[i]
        if c in pairs:
            stack.append(pairs[c])
        elif stack and c == stack[-1]:
            stack.pop()
            if not stack:
                return i + 1
    return len(code)


def enclosing_block_end(code, offset):
    """The offset of the `}` that closes the block holding `offset`."""
    depth = 0
    for i in range(offset, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            if depth == 0:
                return i
            depth -= 1
    return len(code)


def locked_regions(code):
    """(start, end) offsets of every locked region."""
    regions = []
    for match in LOCKING_CALL.finditer(code):
        i = match.end()
        while i < len(code) and code[i] in " \t\n":
            i += 1
        if i < len(code) and code[i] in "({":
            end = matching(code, i)
            # A trailing closure after an argument list.
            j = end
            while j < len(code) and code[j] in " \t":
                j += 1
            if code[i] == "(" and j < len(code) and code[j] == "{":
                end = matching(code, j)
            regions.append((i, end))
    for match in LOCK.finditer(code):
        name = re.escape(match.group(1))
        unlock = re.compile(name + r"\s*\.\s*unlock\s*\(\s*\)")
        found = unlock.search(code, match.end())
        block_end = enclosing_block_end(code, match.end())
        if found is None or found.start() > block_end:
            regions.append((match.end(), block_end))
            continue
        before = code[max(match.end(), found.start() - 40) : found.start()]
        if re.search(r"\bdefer\s*\{\s*$", before):
            regions.append((match.end(), block_end))
        else:
            regions.append((match.end(), found.start()))
    return regions


def closures(code):
    """Names the file declares with a function type that is not a state
    mutator (its first parameter not `inout`)."""
    names = set()
    for match in CLOSURE_DECLARATION.finditer(code):
        name, kind = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        kind = re.sub(r"@\w+(\([^)]*\))?\s*", "", kind or "").strip()
        if not kind.startswith("(") or "->" not in kind:
            continue
        # The parameter list of the function type, or of an optional one.
        inner = kind[1:].lstrip("(").lstrip()
        if inner.startswith("inout"):
            continue
        names.add(name)
    return names


def check(path):
    source = path.read_text(encoding="utf-8")
    code = strip(source)
    names = closures(code)
    callback = re.compile(r"(?<![\w.])(?:self\.)?(" + "|".join(map(re.escape, sorted(names))) + r")\s*[?!]?\s*\(") \
        if names else None
    offences = []
    for start, end in locked_regions(code):
        region = code[start:end]
        for match in FORBIDDEN.finditer(region):
            offences.append((start + match.start(), f"`{match.group(1)}(` inside a locked region"))
        if callback:
            for match in callback.finditer(region):
                offences.append((start + match.start(), f"a call of the closure `{match.group(1)}` inside a locked region"))
    lines = []
    for offset, what in sorted(set(offences)):
        line = code.count("\n", 0, offset) + 1
        lines.append(f"{path}:{line}: {what}: decide under the lock and do it after (LockedState)")
    return lines


def main(argv):
    roots = [pathlib.Path(arg) for arg in argv] or DEFAULT_ROOTS
    files = sorted({file for root in roots for file in ([root] if root.is_file() else root.rglob("*.swift"))})
    offences = [line for file in files for line in check(file)]
    for line in offences:
        print(line)
    if offences:
        print(f"check_locks: {len(offences)} offences in {len(files)} files", file=sys.stderr)
        return 1
    print(f"check_locks: no resume, yield or callback under a lock in {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
