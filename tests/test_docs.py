"""The documentation: a short README, the manual in docs/, a CLI reference that matches the
commands, and no reference to a file outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

from hhtools.cli.reference import reference

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", *DOCS]


def test_cli_reference_is_current() -> None:
    written = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert written == reference(), "docs/cli.md is stale: run scripts/cli-reference"


def test_readme_is_a_front_door() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 220
    text = "\n".join(lines)
    for page in DOCS:
        assert f"docs/{page.name}" in text, f"the README links to every page: {page.name}"


#: A path that climbs out of the folder it is read from, or the folder kept beside the clone.
OUTSIDE = re.compile(r"(?:^|[\s`'\"(\[=])\.\./|\bshared/|\b(?:RULES|FORMATS|FORMATS-LINES|STYLE)\.md\b")


def test_no_page_refers_outside_the_repository() -> None:
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        if page.parent.name == "docs":
            text = text.replace("](../", "](")  # links from docs/ to the repository's root
        found = OUTSIDE.search(text)
        assert found is None, f"{page.name}: {text[max(0, found.start() - 40):found.end() + 40]!r}"


def test_links_between_pages_resolve() -> None:
    for page in PAGES:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            assert (page.parent / target).exists(), f"{page.name} links to {target}"
