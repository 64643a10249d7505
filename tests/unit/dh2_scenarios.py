"""Scenario builders for the DH2 unit tests.

Every builder returns a plain scenario dict (what the CLI and the page send), so the tests drive the
engine through ``rules.run`` exactly as the adapters do. Defaults are chosen to keep the hand
arithmetic short: the default distance (60 m) is in the Standard band (+0) of every 100 m weapon
below, the target has TB 3, 20 wounds and no armour.
"""

from __future__ import annotations

import copy
from typing import Any

from rules import run

# Weapon profiles (as the books print them; the engine only cares about the numbers).
LASGUN: dict[str, Any] = {
    "name": "Lasgun",
    "class": "Basic",
    "range": 100,
    "rof": "S/3/-",
    "damage": "1d10+3",
    "damage_type": "E",
    "pen": 0,
    "clip": 60,
    "qualities": [],
}
AUTOGUN: dict[str, Any] = {
    "name": "Autogun",
    "class": "Basic",
    "range": 100,
    "rof": "S/3/10",
    "damage": "1d10+3",
    "damage_type": "I",
    "pen": 0,
    "clip": 30,
    "qualities": [],
}
SWORD: dict[str, Any] = {
    "name": "Sword",
    "class": "Melee",
    "damage": "1d10",
    "damage_type": "R",
    "pen": 0,
    "qualities": [],
}
FISTS: dict[str, Any] = {
    "name": "Fists",
    "class": "Unarmed",
    "damage": "1d5-3",
    "damage_type": "I",
    "pen": 0,
    "qualities": [],
}


def weapon(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A copy of ``base`` with fields changed (``klass`` stands for ``class``)."""
    w = copy.deepcopy(base)
    if "klass" in changes:
        changes["class"] = changes.pop("klass")
    w.update(changes)
    return w


def scenario(
    wpn: dict[str, Any] | None = None,
    *,
    action: str = "Standard Attack",
    distance: float = 60,
    aim: str = "none",
    called: str | None = None,
    fire_mode: str | None = None,
    mods: list[tuple[str, int]] | None = None,
    WS: int = 40,
    BS: int = 40,
    S: int = 30,
    tb: int = 3,
    wounds: int = 20,
    taken: int = 0,
    armour: dict[str, int] | None = None,
    evasion: dict[str, Any] | None = None,
    troop: bool = False,
    armed: bool = True,
    dice: list[int] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "system": "dh2",
        "attacker": {
            "name": "Attacker",
            "characteristics": {"WS": WS, "BS": BS, "S": S, "T": 30, "Ag": 30},
            "weapon": copy.deepcopy(wpn if wpn is not None else LASGUN),
        },
        "target": {
            "name": "Target",
            "toughness_bonus": tb,
            "wounds": wounds,
            "damage_taken": taken,
            "armour": dict(armour or {}),
            "troop": troop,
            "armed": armed,
        },
        "action": {
            "type": action,
            "distance": distance,
            "aim": aim,
            "modifiers": [{"label": label, "value": value} for label, value in (mods or [])],
        },
    }
    if called is not None:
        data["action"]["called_location"] = called
    if fire_mode is not None:
        data["action"]["fire_mode"] = fire_mode
    if evasion is not None:
        data["target"]["evasion"] = evasion
    if dice is not None:
        data["dice"] = dice
    if seed is not None:
        data["seed"] = seed
    return data


def resolve_ok(data: dict[str, Any]) -> dict[str, Any]:
    """Run a scenario that must resolve; return the resolution dict."""
    out = run(data)
    assert out["status"] == "ok", out
    return out["resolution"]


def errors_of(data: dict[str, Any]) -> dict[str, str]:
    """Run a scenario that must be refused; return {field: message}."""
    out = run(data)
    assert out["status"] == "invalid", out
    return {e["field"]: e["message"] for e in out["errors"]}


def purposes(res: dict[str, Any]) -> list[tuple[str, int, int]]:
    """The dice consumed, in order, as (purpose, sides, value)."""
    return [(d["purpose"], d["sides"], d["value"]) for d in res["dice"]]


def locations(res: dict[str, Any]) -> list[str]:
    return [h["location"] for h in res["hits"]]
