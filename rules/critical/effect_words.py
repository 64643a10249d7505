"""The bracketed effects of a pasted table row, read and written: ``[stunned 1d5]``,
``[Ag damage 1d10]``, ``[prone]``... as :class:`rules.critical.models.Effect`, and the
:class:`LineError` a line that cannot be read raises. Both the critical tables' text
(:mod:`rules.critical.text`) and the psychic tables' (:mod:`rules.critical.psychic`) read their
effects here, below both, so neither imports the other for them (``rules.critical.text``
re-exports these names)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from .. import limits
from .models import Effect

CHARACTERISTICS: tuple[str, ...] = ("WS", "BS", "S", "T", "Ag", "Int", "Per", "WP", "Fel")
_COUNT = r"(\d{1,3}|\d{0,2}d\d{1,3})"
_STUNNED = re.compile(rf"stunned\s+{_COUNT}(?:\s+rounds?)?", re.IGNORECASE)
_FATIGUE = re.compile(rf"fatigue\s+{_COUNT}(?:\s+levels?)?", re.IGNORECASE)
_CHARACTERISTIC = re.compile(rf"([a-z]{{1,3}})(?:\s+damage)?\s+{_COUNT}", re.IGNORECASE)
_PLAIN = {
    "prone": "prone",
    "blood loss": "blood_loss",
    "on fire": "on_fire",
    "lost": "lost",
    "useless": "useless",
    "slain": "slain",
}
EFFECT_HELP = "stunned N, stunned 1d5, prone, fatigue N, blood loss, on fire, Ag damage 1d10, lost, useless, slain"


class LineError(Exception):
    """A line of a critical table's text that cannot be read: the field it is in and why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def _count(word: str) -> dict[str, Any]:
    """``"2"`` -> ``{"amount": 2}``, ``"1d5"`` / ``"d5"`` -> ``{"dice": "1d5"}``."""
    word = word.lower()
    if "d" not in word:
        if int(word) > 100:
            raise LineError("effects", f"{int(word)} is more than 100")
        return {"amount": int(word)}
    number, sides = word.split("d")
    if int(number or 1) < 1 or int(sides) not in (5, 10, 100):
        raise LineError("effects", f"'{word}' is not dice like 1d5, 1d10 or 2d10")
    return {"dice": f"{int(number or 1)}d{int(sides)}"}


def _effect(words: str) -> dict[str, Any]:
    """One effect's words (``"stunned 1d5 rounds"``) as :class:`Effect` fields; raises LineError."""
    plain = " ".join(words.split())
    kind = _PLAIN.get(plain.lower())
    if kind is not None:
        return {"kind": kind}
    for pattern, name in ((_STUNNED, "stunned"), (_FATIGUE, "fatigue")):
        m = pattern.fullmatch(plain)
        if m:
            return {"kind": name, **_count(m.group(1))}
    if plain.lower() in ("stunned", "fatigue"):
        raise LineError("effects", f"'[{plain}]' needs its count: [{plain.lower()} 1] or [{plain.lower()} 1d5]")
    m = _CHARACTERISTIC.fullmatch(plain)
    if m:
        found = next((c for c in CHARACTERISTICS if c.lower() == m.group(1).lower()), None)
        if found is not None:
            return {"kind": "characteristic", "characteristic": found, **_count(m.group(2))}
    raise LineError("effects", f"'[{limits.shown(plain)}]' is not an effect ({EFFECT_HELP})")


def trailing_groups(text: str) -> tuple[str, list[str]]:
    """``text`` split into its words and the bracketed groups at its end, in order:
    ``"Knocked down [stunned 1] [prone]"`` -> ``("Knocked down", ["stunned 1", "prone"])`` (the
    words stripped). A group is ``[`` ... ``]`` with no bracket inside, only whitespace after it.
    One scan from the end: linear in ``text`` (each character is looked at a bounded number of
    times), however many groups or spaces it holds."""
    groups: list[str] = []
    end = len(text)
    while True:
        close = end
        while close > 0 and text[close - 1].isspace():
            close -= 1
        if close == 0 or text[close - 1] != "]":
            break
        start = text.rfind("[", 0, close - 1)
        if start < 0 or text.find("]", start + 1, close - 1) >= 0:
            break
        groups.append(text[start + 1 : close - 1])
        end = start
    groups.reverse()
    return text[:end].strip(), groups


def split_effects(rest: str) -> tuple[str, list[Effect]]:
    """The text after the colon split into the group's text and its trailing bracketed effects."""
    text, groups = trailing_groups(rest)
    found: list[str] = []
    for group in groups:
        found += [w for w in re.split(r"[;,]", group) if w.strip()] or [""]
    effects = []
    for words in found:
        fields = _effect(words)
        try:
            effects.append(Effect.model_validate(fields))
        except ValidationError as exc:
            message = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
            raise LineError("effects", f"'[{limits.shown(words.strip())}]': {message}") from None
    return text, effects


def _count_words(effect: Effect) -> str:
    return effect.dice if effect.dice is not None else str(effect.amount)


def effect_words(effect: Effect) -> str:
    """An effect as its canonical words, without brackets: ``stunned 1d5``, ``Ag damage 1d10``."""
    if effect.kind in ("stunned", "fatigue"):
        return f"{effect.kind} {_count_words(effect)}"
    if effect.kind == "characteristic":
        return f"{effect.characteristic} damage {_count_words(effect)}"
    return effect.kind.replace("_", " ")
