"""What an import gives back: the party file entries it made, each field with where it came from,
each problem at its place, and the readings taken (one per system read).

The result is a preview: nothing is saved until the player (page) or the GM (CLI) takes it. Its
``party`` is a party file (:class:`rules.party.PartyFile`, checked by :func:`rules.party.check_party`),
so what the preview confirms is exactly what the party takes.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..party import KINDS


class ImportedField(BaseModel):
    """One value an import put into the party: ``entry`` the entry (``attackers.0``, ``weapons.2``),
    ``field`` its dotted path inside the entry's data (``characteristics.BS``, ``weapon.pen``),
    ``value`` what it became, ``source`` where it was read: a JSON path in the file
    (``actors.0.system.characteristics.ballisticSkill``) or a line of pasted text (``line 4``)."""

    model_config = ConfigDict(extra="forbid")

    entry: str
    field: str
    value: Any
    source: str


class Problem(BaseModel):
    """What was not understood, named at its place: ``at`` a JSON path or ``line N`` (with the
    entry's field where one was meant, ``line 7: Chainsword, qualities``), ``message`` why."""

    model_config = ConfigDict(extra="forbid")

    at: str
    message: str


class Talent(BaseModel):
    """A talent or trait the engine reads as an action's option, not a profile's field (Swift
    Attack, Lightning Attack, Ambidextrous, Two-Weapon Wielder (Melee) / (Ballistic)): the page may
    offer it for the combatant's attacks. ``entry`` the attacker entry, ``source`` where it was read."""

    model_config = ConfigDict(extra="forbid")

    entry: str
    name: str
    source: str


class ImportResult(BaseModel):
    """The import's preview. ``party``: a party file (``{"auspex_party": 1, "attackers": [...],
    "weapons": [...], "targets": [...], "armour": [...]}``), each entry ``{name, system, data}``;
    ``fields``: every value put in it with its source; ``problems``: what was not understood (an
    unknown quality left out, a weapon with no damage, a characteristic out of range);
    ``readings``: the reading taken per system read (which key meant what)."""

    model_config = ConfigDict(extra="forbid")

    party: dict[str, Any] = Field(default_factory=lambda: {"auspex_party": 1, **{k: [] for k in KINDS}})
    fields: list[ImportedField] = Field(default_factory=list)
    problems: list[Problem] = Field(default_factory=list)
    talents: list[Talent] = Field(default_factory=list)
    readings: list[str] = Field(default_factory=list)
