"""A rule's source as the page shows it: the book's words (:mod:`rules.sources`,
the one mapping from a rule text file to its book) in a ``<cite>``, the file in its ``title``."""

from __future__ import annotations

from html import escape

from rules.sources import SEEDS, Seed, book_words, seed_files, source_note

__all__ = ["SEEDS", "Seed", "book_words", "cite", "seed_files", "source_note"]


def cite(source: str, cls: str = "source") -> str:
    """A step's or a modifier's source as HTML: the book's words in a ``<cite>``, the rule text
    file in its ``title`` (everything escaped)."""
    note = source_note(source)
    title = f' title="{escape(note, quote=True)}"' if note else ""
    return f'<cite class="{escape(cls, quote=True)}"{title}>{escape(book_words(source), quote=True)}</cite>'
