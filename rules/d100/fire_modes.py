"""A d100 weapon's fire modes as the forms offer them beside it: the attack actions it makes,
from its RoF as the rules read it (:meth:`rules.d100.models.RateOfFire.parse`) or, for a melee
weapon, the ruleset's melee attacks (its actions table's ``melee_attacks``). The page asks the
engine (``auspex_web.bridge.fire_modes``) and :mod:`rules.catalogue` lists the melee attacks, so
the page's scripts hold neither the RoF's reading nor the list."""

from __future__ import annotations

from rules import registry
from rules.d100 import tables
from rules.d100.models import MELEE_CLASSES, RateOfFire


def melee_actions(system: str) -> list[str]:
    """The melee attacks ``system``'s forms offer beside a melee weapon, in order (its actions
    table's ``melee_attacks``; none where it gives none)."""
    table = tables.actions(system)
    return list(table.melee_attacks.names) if table.melee_attacks else []


def fire_modes(system: str, weapon_class: str, rof: str) -> list[dict[str, str]]:
    """The attack actions a weapon of class ``weapon_class`` (``"Basic"``, ``"Melee"``...) with
    RoF ``rof`` (``"S/3/10"``) makes in ``system`` (a d100 ruleset), as the forms offer them:
    ``[{action, label}]``. A melee or unarmed weapon: :func:`melee_actions`, each labelled by its
    name. A gun: its RoF read by :meth:`rules.d100.models.RateOfFire.parse` (single/semi/full;
    seed 004, Step One), each part it fires giving the table's action of that ``fire``: a single
    shot ("Single shot"; Standard Attack), a semi-auto and a full-auto burst (labelled with the
    rounds: "Semi-Auto Burst (3)"); [] for a RoF that is not one (the engine refuses it at its
    field). Raises ValueError for an unknown system."""
    registry.get(system)
    if weapon_class in MELEE_CLASSES:
        return [{"action": name, "label": name} for name in melee_actions(system)]
    try:
        parsed = RateOfFire.parse(rof)
    except ValueError:
        return []
    actions = tables.actions(system).actions
    modes = []
    for fire, rounds in (("single", int(parsed.single)), ("semi", parsed.semi), ("full", parsed.full)):
        action = next((a for a in actions if a.fire == fire), None)
        if rounds and action is not None:
            label = "Single shot" if fire == "single" else f"{action.name} ({rounds})"
            modes.append({"action": action.name, "label": label})
    return modes
