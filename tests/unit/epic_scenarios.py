"""Scenario builders for the Epic formation shooting tests (``"system": "epic"``, seed 002).

Every builder returns a plain scenario dict (what the CLI and the page send), so the tests drive the
engine through ``rules.run`` exactly as the adapters do.

The ruleset in one paragraph, for the comments (seed 002; the readings where the seed is garbled or
silent are the module docstring of ``rules/epic/procedure.py``): a formation shoots at one enemy
formation. A unit shoots when it has line of fire (false, 2+ tiles of obstructing terrain, or a war
engine in between: blocked), a weapon in range, is not suppressed (one unit per point of the
attacker's Shock, from the back, ties: the unit lower in the table) and has ammo. The target gains
+1 Shock as soon as one unit shoots. Each weapon rolls a d6 per count, hitting on a roll equal or
UNDER its AP/AT/AA value (-1 target in cover, -1 double moved, +1 sustained fire; a 6 always
misses; at 0 or below the Zero To Hit table: a 1, then a second d6 of 1-3 at 0, 1-2 at -1, 1 at
-2, impossible at -3). Hits are allocated front to back, closest first and evenly (AP on infantry,
AT on armoured vehicles and war engines, AA on aircraft), one save per hit (a d6 equal or under the
better of armour and, in cover, the cover save; crossfire -1), each failure -1 integrity; +1 Shock
per unit destroyed; broken when Shock >= units left.

Defaults keep the hand arithmetic short: an attacking unit is infantry with one Heavy bolter
(30 tiles, AP4) 10 tiles from the target; a target unit is infantry, integrity 1, NO save (armour 0:
every hit it takes fails without a die), 10 tiles away, in the open, in line of fire.
"""

from __future__ import annotations

import copy
from typing import Any

from run_helpers import errors_of, needs, resolve  # noqa: F401 (re-exported for the tests)

HEAVY_BOLTER = "Heavy bolter 30 AP4"


def shooter(weapons: str | list[dict[str, Any]] = HEAVY_BOLTER, name: str = "Squad", **fields: Any) -> dict[str, Any]:
    """A unit of the attacking formation: ``weapons`` as datasheet text (or dicts); any other field
    of AttackingUnit (``distance``, ``line_of_fire``, ``terrain_tiles``, ``war_engine_between``,
    ``ammo``, ``type``)."""
    return {"name": name, "weapons": copy.deepcopy(weapons), **fields}


def unit(name: str = "Unit", type_: str = "infantry", **fields: Any) -> dict[str, Any]:
    """A unit of a formation under fire (``armour``, ``cover_save``, ``in_cover``, ``integrity``,
    ``distance``, ``line_of_fire``, ``from_centre``); no save unless given."""
    return {"name": name, "type": type_, **fields}


def infantry(name: str, **fields: Any) -> dict[str, Any]:
    return unit(name, "infantry", **fields)


def vehicle(name: str, **fields: Any) -> dict[str, Any]:
    return unit(name, "armoured vehicle", **fields)


def formation(*units: dict[str, Any], name: str, **fields: Any) -> dict[str, Any]:
    """A formation (``shock``, ``double_moved``, ``sustained_fire``, ``overwatch``, ``allied``)."""
    return {"name": name, "units": [copy.deepcopy(u) for u in units], **fields}


def scenario(
    attackers: list[dict[str, Any]] | None = None,
    targets: list[dict[str, Any]] | None = None,
    *,
    dice: list[int] | None = None,
    seed: int | None = None,
    attacker: dict[str, Any] | None = None,
    target: dict[str, Any] | None = None,
    **action: Any,
) -> dict[str, Any]:
    """An epic scenario: ``attackers`` (default one Heavy bolter squad) and ``targets`` (default one
    unit) as unit lists; ``attacker`` / ``target``: formation fields (``shock``, ``double_moved``,
    ...); ``dice`` typed in (default none) or a ``seed``; any other keyword is a field of the action
    (``kind``, ``trigger``, ``ignore_cover``, ``crossfire``, ``also_under``)."""
    data: dict[str, Any] = {
        "system": "epic",
        "attacker": formation(*(attackers or [shooter()]), name="Attackers", **(attacker or {})),
        "target": formation(*(targets or [unit()]), name="Target", **(target or {})),
        "action": copy.deepcopy(action),
    }
    if seed is not None:
        data["seed"] = seed
    else:
        data["dice"] = list(dice or [])
    return data


def barrage(attackers: list[dict[str, Any]], targets: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return scenario(attackers, targets, kind="barrage", **kw)


# ----------------------------------------------------------------------------------------------
# Running


# ----------------------------------------------------------------------------------------------
# Reading a resolution


def statuses(res: dict[str, Any]) -> dict[str, str]:
    """Each attacking unit's shooting status, by name."""
    return {s["name"]: s["status"] for s in res["shooters"]}


def groups(res: dict[str, Any]) -> list[tuple[str, str, int, list[int], int]]:
    """The to-hit groups as (weapon, kind, needed, rolls, hits)."""
    return [(r["weapon"], r["kind"], r["needed"], r["rolls"], r["hits"]) for r in res["to_hit"]]


def form(res: dict[str, Any], n: int = 0) -> dict[str, Any]:
    """Formation ``n`` under fire (0: the target)."""
    f: dict[str, Any] = res["formations"][n]
    return f


def units_of(res: dict[str, Any], n: int = 0) -> dict[str, dict[str, Any]]:
    """The unit results of formation ``n``, by name."""
    return {u["name"]: u for u in form(res, n)["units"]}


def allocated(res: dict[str, Any], n: int = 0) -> dict[str, int]:
    """Normal hits allocated per unit name (units with none left out)."""
    return {u["name"]: u["allocated"] for u in form(res, n)["units"] if u["allocated"]}


def integrity(res: dict[str, Any], n: int = 0) -> dict[str, int]:
    """Integrity after the attack per unit name, for the units that took a hit (normal or macro)."""
    return {u["name"]: u["integrity_after"] for u in form(res, n)["units"] if u["allocated"] or u["macro_hits"]}


def gains(res: dict[str, Any], n: int = 0) -> list[tuple[str, int]]:
    """The Shock formation ``n`` gained, as (reason, amount)."""
    return [(g["reason"], g["amount"]) for g in form(res, n)["shock_gained"]]


def values(res: dict[str, Any]) -> list[int]:
    """Every die consumed, in order."""
    return [d["value"] for d in res["dice"]]


def purposes(res: dict[str, Any]) -> list[str]:
    """The purposes of the dice consumed, in order."""
    return [d["purpose"] for d in res["dice"]]


def step_text(res: dict[str, Any], rule_prefix: str) -> str:
    """The details of every step whose rule starts with ``rule_prefix``, joined."""
    return " | ".join(s["detail"] for s in res["steps"] if s["rule"].startswith(rule_prefix))
