"""No comment, docstring or data note under ``rules/`` or ``static/`` (its vendored copy aside) or in
``index.html`` cites the project's tracker by number ("issue 22", "Issue 39:", "issues 18 and 26",
"issue #24"): the tracker is not in the repository, so such a marker points nowhere. The text says what
the code does and why, citing the rule's source (the seed file and section, or the book), and git keeps
the history.

A bare ``#22`` is not searched for: the page's colours (``#222``) and HTML entities (``&#8722;``) read
the same."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MARKER = re.compile(r"\bissues?\s*#?\d+", re.IGNORECASE)
TEXT_SUFFIXES = {".py", ".js", ".mjs", ".json", ".html", ".css", ".svg", ".webmanifest"}


RECORDED_WORDS: dict[str, str] = {
    # A step's source as the result shows it, recorded as such in the golden corpus: a file
    # whose recorded words still cite the tracker (none now; rewording one is a golden refresh).
}


def checked_files() -> list[str]:
    """The repository's text files under ``rules/`` and ``static/`` (not ``static/vendor/``, the
    built copy) and ``index.html``, as paths relative to the repository (git's list, so a file left
    untracked is not checked)."""
    out = subprocess.run(
        ["git", "ls-files", "rules", "static", "index.html"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return sorted(f for f in out if not f.startswith("static/vendor/") and Path(f).suffix in TEXT_SUFFIXES)


FILES = checked_files()


def markers(rel: str) -> list[str]:
    """Each line of the file that cites an issue number, as ``line N: text``."""
    lines = (ROOT / rel).read_text(encoding="utf-8").splitlines()
    kept = RECORDED_WORDS.get(rel)
    return [
        f"line {n}: {line.strip()}"
        for n, line in enumerate(lines, 1)
        if MARKER.search(line) and not (kept and kept in line and not MARKER.search(line.replace(kept, "")))
    ]


def test_the_marker_pattern_finds_each_form_and_spares_the_rules_words() -> None:
    for cited in ("(issue 22)", "Issue 39: a fix", "issues 18 and 26", "issue #24", "since issue 3"):
        assert MARKER.search(cited), cited
    for plain in ("Righteous Fury's d5 (seed 004)", "the issue's example", "color: #222", "&#8722;10"):
        assert not MARKER.search(plain), plain


def test_the_recorded_words_are_still_there() -> None:
    # an entry whose words were reworded (after the golden refresh) leaves RECORDED_WORDS
    for rel, words in RECORDED_WORDS.items():
        assert words in (ROOT / rel).read_text(encoding="utf-8"), f"{rel}: take it out of RECORDED_WORDS"


def test_the_files_are_found() -> None:
    assert "rules/d100/models.py" in FILES and "static/check.js" in FILES
    assert not any(f.startswith("static/vendor/") for f in FILES)


@pytest.mark.parametrize("rel", FILES)
def test_no_issue_number_is_cited(rel: str) -> None:
    assert markers(rel) == [], f"{rel} cites the tracker; say what the code does and why, with the rule's source"
