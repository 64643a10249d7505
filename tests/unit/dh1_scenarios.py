"""Scenario builders for the Dark Heresy 1st edition unit tests (``"system": "dh1"``).

Every builder returns a plain scenario dict (what the CLI and the page send), so the tests drive the
engine through ``rules.run`` exactly as the adapters do. Defaults keep the hand arithmetic short:
the default distance (60 m) is in the Standard band (+0) of every 100 m gun below (Short is under
50 m, Long beyond 200 m), the target has TB 3, 20 wounds, no armour and Average size (+0).

DH1 in one line, for the comments: test succeeds on roll <= target; degrees = whole tens of margin
((target - roll) // 10, so a bare success has 0); hit location = the roll's digits reversed
(seed 003: 01-10 Head, 11-20 Right Arm, 21-30 Left Arm, 31-70 Body, 71-85 Right Leg, 86-00 Left Leg).
"""

from __future__ import annotations

import copy
from typing import Any

# the same for both rulesets (re-exported for the DH1 tests)
from dh2_scenarios import FISTS as FISTS
from dh2_scenarios import SWORD as SWORD
from dh2_scenarios import errors_of as errors_of
from dh2_scenarios import purposes as purposes
from dh2_scenarios import resolve_ok as resolve_ok
from dh2_scenarios import weapon as weapon

from rules import run

# Weapon profiles (shaped like the DH1 book's; the engine only cares about the numbers).
LASGUN: dict[str, Any] = {
    "name": "Lasgun",
    "class": "Basic",
    "range": 100,
    "rof": "S/3/-",
    "damage": "1d10+2",
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
    "damage": "1d10+2",
    "damage_type": "I",
    "pen": 0,
    "clip": 30,
    "qualities": [],
}
SHOTGUN: dict[str, Any] = {
    "name": "Shotgun",
    "class": "Basic",
    "range": 30,
    "rof": "S/-/-",
    "damage": "1d10+4",
    "damage_type": "I",
    "pen": 0,
    "clip": 8,
    "qualities": ["Scatter"],
}
FLAMER: dict[str, Any] = {
    "name": "Flamer",
    "class": "Basic",
    "range": 20,
    "rof": "S/-/-",
    "damage": "1d10+4",
    "damage_type": "E",
    "pen": 2,
    "clip": 3,
    "qualities": ["Flame"],
}


def scenario(
    wpn: dict[str, Any] | None = None,
    *,
    action: str = "Standard Attack",
    distance: float = 60,
    aim: str = "none",
    called: str | None = None,
    fire_mode: str | None = None,
    mods: list[tuple[str, int]] | None = None,
    circumstances: list[str] | None = None,
    difficulty: str | None = None,
    braced: bool = True,
    one_handed: bool = False,
    WS: int = 40,
    BS: int = 40,
    S: int = 30,
    tb: int = 3,
    wounds: int = 20,
    taken: int = 0,
    armour: dict[str, int] | None = None,
    evasion: dict[str, Any] | None = None,
    armed: bool = True,
    size: str = "Average",
    target_T: int | None = None,
    target_Ag: int | None = None,
    others: int = 0,
    primitive_armour: bool = False,
    dice: list[int] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """A DH1 scenario: the attacker (WS, BS, S), the weapon (default the Lasgun), the target (TB,
    wounds, armour by location, size, T and Ag for the tests qualities call for, ``others`` in a
    Blast or a Flame's cone) and the action."""
    target_chars: dict[str, int] = {}
    if target_T is not None:
        target_chars["T"] = target_T
    if target_Ag is not None:
        target_chars["Ag"] = target_Ag
    data: dict[str, Any] = {
        "system": "dh1",
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
            "armed": armed,
            "size": size,
            "characteristics": target_chars,
            "others_in_blast": others,
            "primitive_armour": primitive_armour,
        },
        "action": {
            "type": action,
            "distance": distance,
            "aim": aim,
            "modifiers": [{"label": label, "value": value} for label, value in (mods or [])],
            "circumstances": list(circumstances or []),
            "braced": braced,
            "one_handed": one_handed,
        },
    }
    if called is not None:
        data["action"]["called_location"] = called
    if fire_mode is not None:
        data["action"]["fire_mode"] = fire_mode
    if difficulty is not None:
        data["action"]["difficulty"] = difficulty
    if evasion is not None:
        data["target"]["evasion"] = evasion
    if dice is not None:
        data["dice"] = dice
    if seed is not None:
        data["seed"] = seed
    return data


def needs(data: dict[str, Any]) -> dict[str, Any]:
    """Run a scenario whose scripted dice run out; return the die the engine asks for next."""
    out = run(data)
    assert out["status"] == "needs", out
    return out["needs"]


def locations(res: dict[str, Any]) -> list[str]:
    return [h["location"] for h in res["hits"]]


def mods_of(res: dict[str, Any]) -> list[tuple[str, int]]:
    """The modifiers applied, as (label, value)."""
    return [(m["label"], m["value"]) for m in res["modifiers"]]


def rules_applied(res: dict[str, Any]) -> list[str]:
    """The rule names of the step log, in order."""
    return [s["rule"] for s in res["steps"]]


def step_text(res: dict[str, Any], rule_prefix: str) -> str:
    """The details of every step whose rule starts with ``rule_prefix``, joined."""
    return " | ".join(s["detail"] for s in res["steps"] if s["rule"].startswith(rule_prefix))
