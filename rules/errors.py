"""Errors raised by the engine. All subclass :class:`ValueError` (as python-chess does).

- :class:`ScenarioError`: the scenario is invalid; ``errors`` holds one :class:`FieldError` per
  field, with a dotted path (``attacker.characteristics.BS``) and a message for that field.
- :class:`NeedDie`: a scripted dice list ran out; says which die the engine needs next.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldError:
    """One invalid field: ``field`` is a dotted path into the scenario JSON, ``message`` says why."""

    field: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


class AuspexError(ValueError):
    """Base class of every error the engine raises on purpose."""


class ScenarioError(AuspexError):
    """The scenario cannot be resolved as given; ``errors`` lists each offending field."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in errors))

    @classmethod
    def at(cls, field: str, message: str) -> ScenarioError:
        """A ScenarioError for one field."""
        return cls([FieldError(field, message)])

    def as_dict(self) -> dict[str, list[dict[str, str]]]:
        return {"errors": [e.as_dict() for e in self.errors]}


class NeedDie(AuspexError):
    """The scripted dice ran out: the engine needs die number ``index`` (0-based), a d``sides``
    rolled for ``purpose``. It never invents one. ``count``: how many dice of that purpose it needs
    from there (a group rolled at once, as Epic's to-hit d6s; 1 for a single die). ``step``: the
    step the die belongs to, when the raiser says it (the d100 rulesets' damage: ``{"hits", "of",
    "dice", "sides"}``, the hits still to roll their damage out of all, and their dice), so the
    page says how many dice the step needs before it asks for the first."""

    def __init__(self, purpose: str, sides: int, index: int, count: int = 1) -> None:
        self.purpose = purpose
        self.sides = sides
        self.index = index
        self.count = count
        self.step: dict[str, int] | None = None
        self.role = ""
        """The die's role in the procedure (:mod:`rules.d100.seams`: ``evasion``...), when the
        roller knows it: whose die it is (the GM's for the target's, a player's for their own)."""
        self.volley: dict[str, int] | None = None
        """A volley's die (:mod:`rules.encounter.volley`): ``{"attack", "of", "left"}``, the attack
        it is for, of how many, and how many attacks are still to roll from it."""
        self.dice: list[dict[str, object]] = []
        """The dice consumed before it, ``{purpose, sides, value}`` each, when the raiser knows
        them (an encounter's event: the page shows them as the box before the one asked for)."""
        many = f"{count} dice" if count > 1 else "die"
        super().__init__(f"{many} from die {index + 1} needed: {purpose} (d{sides})")

    def as_dict(self) -> dict[str, dict[str, object]]:
        needs: dict[str, object] = {
            "purpose": self.purpose,
            "sides": self.sides,
            "index": self.index,
            "count": self.count,
        }
        if self.step is not None:
            needs["step"] = dict(self.step)
        if self.volley is not None:
            needs["volley"] = dict(self.volley)
        return {"needs": needs}
