"""A weapon quality's text as players type it and as the books write it (``Proven 3`` read as
``Proven (3)``): the reading the scenario's model and the ruleset's tables share, kept below both
so neither imports the other to reach it (:mod:`rules.d100.tables` re-exports these names)."""

from __future__ import annotations

import re

from rules import limits

__all__ = ["parse_quality", "quality_text"]

_QUALITY = re.compile(r"([A-Za-z](?:[A-Za-z' -]*[A-Za-z'])?)\s*(?:\(\s*(\d+)\s*\)|(\d+))?")


def parse_quality(text: str) -> tuple[str, int | None]:
    """Split ``Proven (3)`` into ``("Proven", 3)``; ``Proven 3``, ``Proven(3)`` and ``proven 3``
    as players write them read the same. Raises ValueError when it is not of that form
    or its X is over :data:`rules.limits.QUALITY_VALUE`. Linear in ``text`` (the name must end in a
    letter, so the pattern never tries each split of a run of spaces)."""
    m = _QUALITY.fullmatch(text.strip())
    if not m:
        raise ValueError(f"'{limits.shown(text)}' is not a quality like Tearing or Proven (3)")
    digits = m.group(2) or m.group(3)
    if digits is not None and (len(digits) > 6 or int(digits) > limits.QUALITY_VALUE):
        raise ValueError(f"{m.group(1)} ({limits.shown(digits, 6)}): X is at most {limits.QUALITY_VALUE}")
    return m.group(1), int(digits) if digits else None


def quality_text(text: str) -> str:
    """A quality as the book writes it: ``Proven 3`` -> ``Proven (3)``, ``Blast(3)`` -> ``Blast (3)``
    (the name's case kept); a text that is not a quality is returned as typed, for the ruleset's
    check to name."""
    try:
        name, value = parse_quality(text)
    except ValueError:
        return text
    return name if value is None else f"{name} ({value})"
