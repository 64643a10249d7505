"""The actions of a ruleset's action tables that are not attacks (Move, Run, Disengage, Jump,
Stand/Mount, Tactical Advance, Brace, Aim, Delay, Ready, Reload, Focus Power, Use a Skill, the
Dodge and Parry reactions, setting up Overwatch), read from ``rules/data/<system>/other_actions.json``
and validated here, so the catalogue (and the page's note under each action) holds every row of
the seeds' tables: the attack actions are in ``actions.json`` (:func:`rules.d100.tables.actions`).

Each entry: ``name`` (the book's), ``type`` (``Half``, ``Full``, ``Free``, ``Reaction``,
``Varies``, ``Half/Full``), ``subtypes`` (seed 001's; DH1 prints none), ``note`` (what it does, in a
player's words), ``source``; ``event``: the encounter event that takes it (``move``, ``test``...),
or None where it is part of another (a Reaction is chosen on the attack).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from rules.d100.tables import DataModel, load_data
from rules.data import has_file

ActionType = Literal["Half", "Full", "Free", "Reaction", "Varies", "Half/Full"]


class OtherAction(DataModel):
    """One non-attack action of a ruleset's table (see the module docstring)."""

    name: str = Field(..., min_length=1)
    type: ActionType
    subtypes: list[str] = Field(default_factory=list)
    note: str = Field(..., min_length=1)
    source: str = Field(..., min_length=1)
    event: str | None = None


class OtherActionTable(DataModel):
    """A ruleset's non-attack actions, in the table's order; ``_note``: how the table was read."""

    note: str | None = Field(None, alias="_note")
    actions: list[OtherAction]

    def get(self, name: str) -> OtherAction | None:
        """The action called ``name`` (case-insensitive), or None."""
        return next((a for a in self.actions if a.name.lower() == name.strip().lower()), None)


def has_other_actions(system: str) -> bool:
    """Whether ``system`` has an ``other_actions.json`` (the d100 rulesets do)."""
    return has_file(system, "other_actions.json")


@cache
def other_actions(system: str) -> OtherActionTable:
    """The non-attack actions of ``system`` (``dh1``, ``dw``, ``dh2``); raises FileNotFoundError
    for a ruleset that has none and pydantic's ValidationError for a malformed file."""
    return OtherActionTable.model_validate(load_data(system, "other_actions"))
