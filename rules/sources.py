"""A rule's source in the book's words: the one mapping from a rule text file
("seed 004") to the book and section it was taken from, used by every renderer and the catalogue.

The engine names its sources by the rule text files Auspex is built from (``/work/shared/seeds``:
``seed 004, Step Five: Target Applies Damage``); the resolution JSON keeps that wording. A player
reads the book instead (``Dark Heresy 2nd ed., The Attack, Step Five: Target Applies Damage``), and
the file stays one hover or tap away (:func:`source_note`, a ``title``). Pure functions, no ``js``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Seed:
    """One rule text file: its number, its file name, and the book (and section) it holds."""

    number: str
    file: str
    book: str


# From /work/shared/seeds/README.md: what each file holds.
SEEDS: dict[str, Seed] = {
    s.number: s
    for s in (
        Seed("000", "000_178bb56c7f4acd67.txt", "Warhammer 40,000 Roleplay (fan rules)"),
        Seed("001", "001_43934ab936927244.txt", "Deathwatch GM screen"),
        Seed("002", "002_04288a39a27e63ff.txt", "Epic rules, Shooting"),
        Seed("003", "003_b0e0104c97253d9a.txt", "Dark Heresy 1st ed., Combat"),
        Seed("004", "004_4b01faf6955f1ce0.txt", "Dark Heresy 2nd ed., The Attack"),
    )
}

# "not in seed 003", "not in seed 003 or the DH1 core book": the rule is the book's, not the file's.
_NOT_IN = re.compile(r"not in seed (\d{3})")
# "seed 004 L40": a line of the file (kept in the note, not in the words).
_SEED = re.compile(r"seed (\d{3})(?: L\d+)?")


def _book(match: re.Match[str]) -> str:
    seed = SEEDS.get(match.group(1))
    return seed.book if seed is not None else "the rule text"


def _not_in(match: re.Match[str]) -> str:
    seed = SEEDS.get(match.group(1))
    return "not in the GM screen" if seed is not None and seed.number == "001" else "not in the rule text extract"


def book_words(source: str) -> str:
    """``source`` as a player reads it: every ``seed NNN`` named by its book (``seed 004, Grappling``
    -> ``Dark Heresy 2nd ed., The Attack, Grappling``); ``not in seed 003`` says the extract lacks
    it. A source naming no seed is returned as it is (``DH2 Core, Ch. VII, Aim``)."""
    return _SEED.sub(_book, _NOT_IN.sub(_not_in, source))


def seed_files(source: str) -> list[str]:
    """The rule text files ``source`` names, in order, each once (``["004_4b01faf6955f1ce0.txt"]``)."""
    found: list[str] = []
    for number in re.findall(r"seed (\d{3})", source):
        seed = SEEDS.get(number)
        if seed is not None and seed.file not in found:
            found.append(seed.file)
    return found


def source_note(source: str) -> str:
    """The detail behind the book's words: the rule text file(s) and the engine's own wording
    (``Rule text file 004_4b01faf6955f1ce0.txt (seed 004, Grappling)``); empty when ``source``
    names no file."""
    files = seed_files(source)
    if not files:
        return ""
    return f"Rule text file {', '.join(files)} ({source})"
