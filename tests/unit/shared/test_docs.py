"""The README and docs/ stay true to the repository: the README a newcomer reads in five minutes (at
most 200 lines), every relative link and anchor leading somewhere, every repository path named in
backticks existing, and no tracker's issue numbers (git keeps the history)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])

PENDING: set[str] = set()
"""Files the docs may link to before they are written: a link to one of them is checked once the file
exists (none now)."""

LINK = re.compile(r"\]\(([^)\s]+)\)|<img src=\"([^\"]+)\"")
PATH = re.compile(r"`((?:rules|static|tools|tests|examples|docs)/[^`\s]*)`")
MAX_README_LINES = 200


def slug(heading: str) -> str:
    """GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(line.lstrip("#")) for line in path.read_text().splitlines() if line.startswith("#")}


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_readme_reads_in_five_minutes() -> None:
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines; the rest belongs in docs/"


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_every_relative_link_and_anchor_leads_somewhere(doc: Path) -> None:
    broken = []
    for match in LINK.finditer(doc.read_text()):
        target = match.group(1) or match.group(2)
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        file, _, anchor = target.partition("#")
        path = (doc.parent / file).resolve() if file else doc
        if file and not path.exists():
            if name(path) in PENDING:
                continue
            broken.append(target)
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(target)
    assert not broken, f"{name(doc)}: links leading nowhere: {broken}"


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_every_repository_path_named_exists(doc: Path) -> None:
    missing = []
    for path in PATH.findall(doc.read_text()):
        if re.search(r"[<>|*]|_X\.py$|^static/vendor/", path):
            continue  # a pattern (rules/data/<system>/, rules/dh2|dh1|dw/, test_X.py) or the build's output
        if not (ROOT / path.rstrip("/")).exists() and path not in PENDING:
            missing.append(path)
    assert not missing, f"{name(doc)} names paths that do not exist: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_no_tracker_issue_numbers(doc: Path) -> None:
    found = re.findall(r"\bissues? \d+|<!--", doc.read_text(), flags=re.IGNORECASE)
    assert not found, f"{name(doc)}: {found} (the history is in git)"
