"""Scenario builders for the fan-made Warhammer 40,000 Roleplay tests (``"system": "wh40krp"``).

Every builder returns a plain scenario dict (what the CLI and the page send), so the tests drive the
engine through ``rules.run`` exactly as the adapters do.

The ruleset in one paragraph, for the comments (seed 000, on WFRP 1st edition; the readings where
the seed is garbled or silent are the module docstring of ``rules/wh40krp/procedure.py``): a round has
4 actions; each shot is its own d100 rolled equal or under BS plus the Shooting to hit modifiers
(recoil S 0; SA -5, -10; A -10, -20, -30, -40; a Heavy weapon on A 0, 0, -10, -20, -30, -40), at
least 1%; 98-00 jams any gun, any double jams on automatic; the hit location is the roll's digits
reversed on the WFRP table (01-15 Head, 16-35 Right Arm, 36-55 Left Arm, 56-80 Body, 81-90 Right
Leg, 91-00 Left Leg); each hit rolls a d100 against cover (basic + the weapon's cover modifier),
then a force field (flat), then armour (basic + the weapon's modifier against its type at the
range), each penetrated on a roll equal or under; then the damage d100 is read on a Damage Chart.

Defaults keep the hand arithmetic short: the attacker has BS 40, WS 40, I 30, 1 Attack and the
Autogun; the target is a normal-sized Cultist in the open, standing still, unarmoured; the round is
one single shot at 20 m (short range for every gun below: over the 5 m of point blank, under half
of each maximum range). A miss with no modifier is rolled as 90 (over 40, not 98-00, not a double).

The seed's weapon tables are not available (shared/notes/wh40krp.md): the weapons below have
ranges, modes and penetration modifiers chosen for these tests; they are ILLUSTRATIVE, not the
book's figures.
"""

from __future__ import annotations

import copy
from typing import Any

from run_helpers import errors_of, needs, resolve  # noqa: F401 (re-exported for the tests)

LOCATIONS = ["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"]

# Illustrative: a Basic autogun, S/SA/A, 100 m (half range 50 m). Penetration modifiers at short
# range primitive +20, physical +10, energy 0, cover 0; at long range (over 50 m) each 10 lower.
AUTOGUN: dict[str, Any] = {
    "name": "Autogun",
    "class": "Basic",
    "range": 100,
    "modes": "S/SA/A",
    "penetration": {"primitive": 20, "physical": 10, "energy": 0, "cover": 0},
    "penetration_long": {"primitive": 10, "physical": 0, "energy": -10, "cover": -10},
}
# Illustrative: a Heavy stubber, S/A (six shots an action on automatic), 400 m (half range 200 m),
# so the targeting limits (300 m for a normal target, 250 m for a searchlight) are inside its reach.
# The same modifiers at every range: primitive +30, physical +20, energy +10, cover +10.
HEAVY_STUBBER: dict[str, Any] = {
    "name": "Heavy stubber",
    "class": "Heavy",
    "range": 400,
    "modes": "S/A",
    "penetration": {"primitive": 30, "physical": 20, "energy": 10, "cover": 10},
}
# Illustrative: a Basic plasma gun, single shot, 80 m (half range 40 m); it overloads on 98-00.
# Primitive +60, physical +50, energy +30, cover +40 (short range; no long-range figures given).
PLASMA_GUN: dict[str, Any] = {
    "name": "Plasma gun",
    "class": "Basic",
    "range": 80,
    "modes": "S",
    "plasma": True,
    "penetration": {"primitive": 60, "physical": 50, "energy": 30, "cover": 40},
}
# Illustrative: a Basic grenade launcher, single shot, 150 m, area effect (a miss deviates d12/d10).
# Primitive +10, physical +10, energy 0, cover +20.
GRENADE_LAUNCHER: dict[str, Any] = {
    "name": "Grenade launcher",
    "class": "Basic",
    "range": 150,
    "modes": "S",
    "area_effect": True,
    "penetration": {"primitive": 10, "physical": 10, "energy": 0, "cover": 20},
}
# Illustrative: a sword (Melee). Primitive +10, physical 0, energy -20, cover -30.
SWORD: dict[str, Any] = {
    "name": "Sword",
    "class": "Melee",
    "range": 0,
    "penetration": {"primitive": 10, "physical": 0, "energy": -20, "cover": -30},
}

_ATTACKER: dict[str, Any] = {"name": "Sergeant Kell", "BS": 40, "WS": 40, "I": 30, "A": 1}
_TARGET: dict[str, Any] = {"name": "Cultist"}


def weapon(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A copy of the weapon ``base`` with ``changes`` (``cls`` stands for ``class``)."""
    out = copy.deepcopy(base)
    if "cls" in changes:
        changes["class"] = changes.pop("cls")
    out.update(changes)
    return out


def armour(chance: int, type_: str = "physical", locations: list[str] | None = None) -> dict[str, Any]:
    """Armour of one ``type_`` and basic penetration ``chance`` on ``locations`` (default: all)."""
    return {loc: {"type": type_, "chance": chance} for loc in (locations or LOCATIONS)}


def acts(*kinds: str | dict[str, Any]) -> list[dict[str, Any]]:
    """Actions from kinds (``"aim"``) or dicts (``{"kind": "semi", "shots": 1}``)."""
    return [{"kind": k} if isinstance(k, str) else dict(k) for k in kinds]


def scenario(
    *,
    weapon: dict[str, Any] | None = None,
    actions: list[str | dict[str, Any]] | None = None,
    distance: float = 20,
    attacker: dict[str, Any] | None = None,
    target: dict[str, Any] | None = None,
    charts: list[dict[str, Any]] | None = None,
    dice: list[int] | None = None,
    **round_fields: Any,
) -> dict[str, Any]:
    """A wh40krp scenario. ``weapon`` (default the Autogun), ``actions`` (kinds or dicts; default
    one single shot), ``distance``; ``attacker`` and ``target`` fields merged over the defaults;
    ``charts`` the player's Damage Charts; ``dice`` rolled by hand; any other keyword is a field of
    the round (``light``, ``illumination``, ``equipment``, ``called_location``, ``wrong_hand``,
    ``one_handed``, ``two_weapons``, ``melee``, ``modifiers``, ``damage_modifier``,
    ``chart_results``)."""
    att = {**copy.deepcopy(_ATTACKER), **copy.deepcopy(attacker or {})}
    att.setdefault("weapon", copy.deepcopy(weapon if weapon is not None else AUTOGUN))
    tgt = {**copy.deepcopy(_TARGET), **copy.deepcopy(target or {})}
    data: dict[str, Any] = {
        "system": "wh40krp",
        "attacker": att,
        "target": tgt,
        "action": {"actions": acts(*(actions or ["single"])), "distance": distance, **copy.deepcopy(round_fields)},
        "dice": list(dice or []),
    }
    if charts is not None:
        data["charts"] = copy.deepcopy(charts)
    return data


def purposes(res: dict[str, Any]) -> list[str]:
    """The purposes of the dice consumed, in order."""
    return [d["purpose"] for d in res["dice"]]


def chances(res: dict[str, Any]) -> list[int]:
    """Each shot's (or blow's) chance to hit, in order."""
    return [s["chance"] for s in res["shots"]]


def mods(shot: dict[str, Any]) -> list[tuple[str, int]]:
    """A shot's to-hit modifiers as (label, value)."""
    return [(m["label"], m["value"]) for m in shot["modifiers"]]


def mod_values(shot: dict[str, Any]) -> list[int]:
    """A shot's to-hit modifier values, in order."""
    return [m["value"] for m in shot["modifiers"]]


def layers(shot: dict[str, Any]) -> list[tuple[str, int, int | None, bool]]:
    """A shot's penetration layers as (layer, chance, roll, penetrated)."""
    return [(x["layer"], x["chance"], x["roll"], x["penetrated"]) for x in shot["layers"]]


def rules_applied(res: dict[str, Any]) -> list[str]:
    """The rule names of the step log, in order."""
    return [s["rule"] for s in res["steps"]]


def step_text(res: dict[str, Any], rule_prefix: str) -> str:
    """The details of every step whose rule starts with ``rule_prefix``, joined."""
    return " | ".join(s["detail"] for s in res["steps"] if s["rule"].startswith(rule_prefix))
