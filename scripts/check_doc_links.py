#!/usr/bin/env python3
"""Checks a static DocC site: every page exists and every link resolves.

Reads the render JSON under SITE/data (what the browser app loads) and:
  - every page has its HTML entry point (SITE/<path>/index.html);
  - every in-site link (a topic reference, or a link to /documentation…)
    names a page that exists, and every inline reference is defined;
  - nothing of ours is left unresolvable (the standard library's protocols
    in "Conforms To" have no pages, and DocC leaves them as plain text);
  - the landing page exists, links to every module given with --module and
    to every article of its own catalog, and is in the navigator index;
  - each module's page curates every public type in its Topics groups;
  - the site's root index.html forwards to the landing page.
External (http) links are listed, not fetched.

Usage:
  check_doc_links.py SITE --landing networkinglessons [--module networking ...]
Exits non-zero on any problem.
"""

import argparse
import json
import pathlib
import sys


def walk(node, found: list) -> None:
    """Collects every inline `reference` identifier in a render tree."""
    if isinstance(node, dict):
        if node.get("type") == "reference" and "identifier" in node:
            found.append(node["identifier"])
        for key, value in node.items():
            if key != "references":
                walk(value, found)
    elif isinstance(node, list):
        for item in node:
            walk(item, found)


def collect_paths(node, found: set) -> None:
    """Every page path in the navigator index."""
    if isinstance(node, dict):
        if isinstance(node.get("path"), str):
            found.add(node["path"])
        for value in node.values():
            collect_paths(value, found)
    elif isinstance(node, list):
        for item in node:
            collect_paths(item, found)


def page_exists(site: pathlib.Path, url: str) -> bool:
    path = url.split("#", 1)[0].split("?", 1)[0].rstrip("/")
    if not path.startswith("/documentation"):
        return (site / path.lstrip("/")).exists()
    return (site / "data" / f"{path.lstrip('/')}.json").is_file() and (
        site / path.lstrip("/") / "index.html"
    ).is_file()


def uncurated(module_page: pathlib.Path) -> list:
    """The public types a package's Topics groups leave out. DocC files them
    under generated groups ("Structures", "Classes"); only the extensions
    of other modules ("Extended Modules", which differ by platform) may be
    left to it."""
    node = json.loads(module_page.read_text())
    references = node.get("references", {})
    problems = []
    for section in node.get("topicSections", []):
        if not section.get("generated") or section.get("title") == "Extended Modules":
            continue
        for identifier in section.get("identifiers", []):
            title = references.get(identifier, {}).get("title", identifier)
            problems.append(f"{module_page.stem}: {title} is in no Topics group of the package's catalog")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("--landing", required=True, help="the landing page's path component, lowercased")
    parser.add_argument("--module", action="append", default=[], dest="modules")
    arguments = parser.parse_args()
    site = pathlib.Path(arguments.site)
    data = site / "data"
    problems, external, checked = [], set(), 0

    ours = set(arguments.modules) | {arguments.landing}
    pages = sorted(data.glob("documentation/**/*.json")) + sorted(data.glob("documentation.json"))
    if not pages:
        print(f"error: no pages under {data}")
        return 1
    for page in pages:
        url = "/" + str(page.relative_to(data).with_suffix(""))
        node = json.loads(page.read_text())
        if not (site / url.lstrip("/") / "index.html").is_file():
            problems.append(f"{url}: no index.html entry point")
        references = node.get("references", {})
        used = []
        walk(node, used)
        for identifier in used:
            if identifier not in references:
                problems.append(f"{url}: reference {identifier} is not defined")
        for identifier, reference in references.items():
            kind = reference.get("type")
            if kind == "unresolvable":
                # DocC leaves the standard library's protocols in "Conforms
                # To" unresolvable (it has no pages for them); anything of
                # ours that is unresolvable is a broken link.
                title = reference.get("title", identifier)
                if title.split(".")[0].lower() in ours:
                    problems.append(f"{url}: unresolved link {title}")
            target = reference.get("url")
            if kind not in ("topic", "link") or not target:
                continue
            if target.startswith(("http://", "https://", "mailto:")):
                external.add(target)
                continue
            checked += 1
            if not page_exists(site, target):
                problems.append(f"{url}: link to {target} ({reference.get('title', identifier)}) leads nowhere")

    landing_url = f"/documentation/{arguments.landing}"
    landing_file = data / f"{landing_url.lstrip('/')}.json"
    if not landing_file.is_file():
        problems.append(f"the landing page {landing_url} was not built")
    else:
        landing = json.loads(landing_file.read_text())
        linked = {reference.get("url", "").split("#")[0] for reference in landing.get("references", {}).values()}
        for module in arguments.modules:
            if f"/documentation/{module}" not in linked:
                problems.append(f"the landing page does not link to the {module} package")
            if not page_exists(site, f"/documentation/{module}"):
                problems.append(f"the {module} package page was not built")
                continue
            problems += uncurated(data / "documentation" / f"{module}.json")
        articles = sorted(
            "/" + str(path.relative_to(data).with_suffix(""))
            for path in (data / "documentation" / arguments.landing).glob("*.json")
        )
        if not articles:
            problems.append("the landing page's catalog has no articles")
        for article in articles:
            if article not in linked:
                problems.append(f"the landing page does not link to the article {article}")

    index_file = site / "index" / "index.json"
    if index_file.is_file():
        listed = set()
        collect_paths(json.loads(index_file.read_text()), listed)
        for path in [landing_url] + [f"/documentation/{module}" for module in arguments.modules]:
            if path not in listed:
                problems.append(f"the navigator index does not list {path}")
    else:
        problems.append("the navigator index (index/index.json) is missing")

    root = site / "index.html"
    if not root.is_file() or f"documentation/{arguments.landing}/" not in root.read_text():
        problems.append("the site's index.html does not forward to the landing page")

    for problem in problems:
        print(f"error: {problem}")
    if problems:
        print(f"check_doc_links: {len(problems)} problem(s) in {len(pages)} pages")
        return 1
    print(
        f"check_doc_links: {len(pages)} pages, {checked} in-site links, all resolve; "
        f"the landing page links to {len(arguments.modules)} packages and its articles; "
        f"{len(external)} external links not fetched"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
