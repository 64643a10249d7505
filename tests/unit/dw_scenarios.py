"""Scenario builders for the Deathwatch unit tests (``"system": "dw"``).

Every builder returns a plain scenario dict (what the CLI and the page send), so the tests drive the
engine through ``rules.run`` exactly as the adapters do. Defaults keep the hand arithmetic short:
the attacker has WS 40, BS 40, S 40 (SB 4) and Ag 40 (AB 4, Charge move 12 m); the default distance
(60 m) is in the Standard band (+0) of every 90-150 m gun below (Short is under half the range, Long
beyond twice it); the target has TB 4, 20 wounds, no armour, Average size (+0) and is armed.

Deathwatch in one line, for the comments (seed 001 and the DW Core where the screen is silent): a
test succeeds on roll <= target; degrees = whole tens of margin ((target - roll) // 10, so a bare
success has 0); hit location = the roll's digits reversed (seed 001, Hit Locations: 01-10 Head,
11-20 Right Arm, 21-30 Left Arm, 31-70 Body, 71-85 Right Leg, 86-00 Left Leg).

Weapon profiles are seed 001's Astartes weapon tables read row by row (name, class, range, RoF,
damage, Pen, clip, special); where a test needs a quality no listed weapon has, the profile says so.
"""

from __future__ import annotations

import copy
from typing import Any

# shared with the other rulesets' tests
from dh2_scenarios import errors_of as errors_of
from dh2_scenarios import purposes as purposes
from dh2_scenarios import resolve_ok as resolve_ok
from dh2_scenarios import weapon as weapon

from rules import run

# seed 001, Ranged Weapons (Bolt Weapons): Astartes Bolter (Godwyn) Basic 100m S/2/4 2d10+5 X Pen 5 Clip 28 Tearing
BOLTER: dict[str, Any] = {
    "name": "Astartes Bolter",
    "class": "Basic",
    "range": 100,
    "rof": "S/2/4",
    "damage": "2d10+5",
    "damage_type": "X",
    "pen": 5,
    "clip": 28,
    "qualities": ["Tearing"],
}
# Astartes Bolt Pistol: Pistol 30m S/3/- 2d10+5 X Pen 5 Clip 14 Tearing
BOLT_PISTOL: dict[str, Any] = {
    "name": "Astartes Bolt Pistol",
    "class": "Pistol",
    "range": 30,
    "rof": "S/3/-",
    "damage": "2d10+5",
    "damage_type": "X",
    "pen": 5,
    "clip": 14,
    "qualities": ["Tearing"],
}
# Astartes Storm Bolter: Basic 100m S/2/4 2d10+5 X Pen 5 Clip 60 Storm, Tearing
STORM_BOLTER: dict[str, Any] = {
    "name": "Astartes Storm Bolter",
    "class": "Basic",
    "range": 100,
    "rof": "S/2/4",
    "damage": "2d10+5",
    "damage_type": "X",
    "pen": 5,
    "clip": 60,
    "qualities": ["Storm", "Tearing"],
}
# Solid Projectile Weapons: Autogun Basic 90m S/3/10 1d10+3 I Pen 0 Clip 30 (no special)
AUTOGUN: dict[str, Any] = {
    "name": "Autogun",
    "class": "Basic",
    "range": 90,
    "rof": "S/3/10",
    "damage": "1d10+3",
    "damage_type": "I",
    "pen": 0,
    "clip": 30,
    "qualities": [],
}
# Las Weapons: Lasgun Basic 100m S/3/- 1d10+3 E Pen 0 Clip 60 Reliable
LASGUN: dict[str, Any] = {
    "name": "Lasgun",
    "class": "Basic",
    "range": 100,
    "rof": "S/3/-",
    "damage": "1d10+3",
    "damage_type": "E",
    "pen": 0,
    "clip": 60,
    "qualities": ["Reliable"],
}
# Las Weapons: Astartes Lascannon Heavy 300m S/-/- 6d10+10 E Pen 10 Clip 6 (no special)
LASCANNON: dict[str, Any] = {
    "name": "Astartes Lascannon",
    "class": "Heavy",
    "range": 300,
    "rof": "S/-/-",
    "damage": "6d10+10",
    "damage_type": "E",
    "pen": 10,
    "clip": 6,
    "qualities": [],
}
# Plasma Weapons: Astartes Plasma Gun Basic 100m S/2/- 1d10+9 E Pen 8 Clip 40 Volatile
PLASMA_GUN: dict[str, Any] = {
    "name": "Astartes Plasma Gun",
    "class": "Basic",
    "range": 100,
    "rof": "S/2/-",
    "damage": "1d10+9",
    "damage_type": "E",
    "pen": 8,
    "clip": 40,
    "qualities": ["Volatile"],
}
# Launchers: the seed's launcher cells are missing; a frag missile shaped like the DW Core's
# (Heavy 250m S/-/- 2d10 X Pen 2 Blast (3)). Only the Blast value matters to the Horde tests.
MISSILE_LAUNCHER: dict[str, Any] = {
    "name": "Astartes Missile Launcher (frag)",
    "class": "Heavy",
    "range": 250,
    "rof": "S/-/-",
    "damage": "2d10",
    "damage_type": "X",
    "pen": 2,
    "clip": 8,
    "qualities": ["Blast (3)"],
}
# Power Weapons: Astartes Power Sword Melee 1d10+6 E Pen 6 Balanced, Power Field
POWER_SWORD: dict[str, Any] = {
    "name": "Astartes Power Sword",
    "class": "Melee",
    "damage": "1d10+6",
    "damage_type": "E",
    "pen": 6,
    "qualities": ["Balanced", "Power Field"],
}
# Astartes Power Fist Melee 2d10 E Pen 9 Power Field, Unwieldy; "Chainfists and Power Fists double the
# wielder's Strength Bonus when adding to Melee Damage"
POWER_FIST: dict[str, Any] = {
    "name": "Astartes Power Fist",
    "class": "Melee",
    "damage": "2d10",
    "damage_type": "E",
    "pen": 9,
    "qualities": ["Power Field", "Unwieldy"],
    "sb_multiplier": 2,
}
# Traditional Weapons: Astartes Combat Knife Melee 1d10+2 R Pen 2 (no special)
KNIFE: dict[str, Any] = {
    "name": "Astartes Combat Knife",
    "class": "Melee",
    "damage": "1d10+2",
    "damage_type": "R",
    "pen": 2,
    "qualities": [],
}
# Chain Weapons: Astartes Chainsword Melee 1d10+3 R Pen 4 Balanced, Tearing
CHAINSWORD: dict[str, Any] = {
    "name": "Astartes Chainsword",
    "class": "Melee",
    "damage": "1d10+3",
    "damage_type": "R",
    "pen": 4,
    "qualities": ["Balanced", "Tearing"],
}
# Primitive Weapons: Melee 1d10 I Pen 0 Primitive
CLUB: dict[str, Any] = {
    "name": "Primitive Weapon",
    "class": "Melee",
    "damage": "1d10",
    "damage_type": "I",
    "pen": 0,
    "qualities": ["Primitive"],
}
# seed 001, Unarmed Combat: 1d5-3 I + SB
FISTS: dict[str, Any] = {
    "name": "Fists",
    "class": "Unarmed",
    "damage": "1d5-3",
    "damage_type": "I",
    "pen": 0,
    "qualities": [],
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
    two_weapon: str = "none",
    ambidextrous: bool = False,
    overwatch: bool = False,
    WS: int = 40,
    BS: int = 40,
    S: int = 40,
    Ag: int = 40,
    strength_bonus: int | None = None,
    tb: int = 4,
    wounds: int = 20,
    taken: int = 0,
    armour: dict[str, int] | None = None,
    armed: bool = True,
    size: str = "Average",
    unnatural_toughness: int = 0,
    primitive_armour: bool = False,
    target_WP: int | None = None,
    target_T: int | None = None,
    horde: dict[str, int] | None = None,
    cover: dict[str, Any] | None = None,
    nearby: list[dict[str, Any]] | None = None,
    evasion: dict[str, Any] | None = None,
    system: str = "dw",
    dice: list[int] | None = None,
) -> dict[str, Any]:
    """A Deathwatch scenario: the attacker (WS, BS, S, Ag, an SB override), the weapon (default the
    Autogun), the target (TB, wounds, armour by location, size, WP and T for the tests it takes, a
    Horde, cover, nearby foes) and the action."""
    target_chars: dict[str, int] = {}
    if target_WP is not None:
        target_chars["WP"] = target_WP
    if target_T is not None:
        target_chars["T"] = target_T
    attacker: dict[str, Any] = {
        "name": "Brother Marius",
        "characteristics": {"WS": WS, "BS": BS, "S": S, "T": 40, "Ag": Ag},
        "weapon": copy.deepcopy(wpn if wpn is not None else AUTOGUN),
    }
    if strength_bonus is not None:
        attacker["strength_bonus"] = strength_bonus
    data: dict[str, Any] = {
        "system": system,
        "attacker": attacker,
        "target": {
            "name": "Ork",
            "toughness_bonus": tb,
            "wounds": wounds,
            "damage_taken": taken,
            "armour": dict(armour or {}),
            "armed": armed,
            "size": size,
            "characteristics": target_chars,
            "unnatural_toughness": unnatural_toughness,
            "primitive_armour": primitive_armour,
        },
        "action": {
            "type": action,
            "distance": distance,
            "aim": aim,
            "modifiers": [{"label": label, "value": value} for label, value in (mods or [])],
            "circumstances": list(circumstances or []),
            "braced": braced,
            "two_weapon": two_weapon,
            "ambidextrous": ambidextrous,
            "overwatch": overwatch,
        },
    }
    if called is not None:
        data["action"]["called_location"] = called
    if fire_mode is not None:
        data["action"]["fire_mode"] = fire_mode
    if difficulty is not None:
        data["action"]["difficulty"] = difficulty
    if horde is not None:
        data["target"]["horde"] = dict(horde)
    if cover is not None:
        data["target"]["cover"] = dict(cover)
    if nearby is not None:
        data["target"]["nearby"] = copy.deepcopy(nearby)
    if evasion is not None:
        data["target"]["evasion"] = evasion
    if dice is not None:
        data["dice"] = dice
    return data


def attack(data: dict[str, Any]) -> dict[str, Any]:
    """Resolve a scenario that must resolve using every scripted die (none left over), so each test
    also pins down the order the engine asks for its dice."""
    res = resolve_ok(data)
    assert "Unused dice" not in rules_applied(res), step_text(res, "Unused dice")
    return res


def needs(data: dict[str, Any]) -> dict[str, Any]:
    """Run a scenario whose scripted dice run out; return the die the engine asks for next."""
    out = run(data)
    assert out["status"] == "needs", out
    return out["needs"]


def locations(res: dict[str, Any]) -> list[str]:
    """The locations of the hits on the target itself (person 0)."""
    return [h["location"] for h in res["hits"] if h["person"] == 0]


def mods_of(res: dict[str, Any]) -> list[tuple[str, int]]:
    """The modifiers applied, as (label, value)."""
    return [(m["label"], m["value"]) for m in res["modifiers"]]


def mod_values(res: dict[str, Any]) -> list[int]:
    """The values of the modifiers applied, in order (the action's first)."""
    return [m["value"] for m in res["modifiers"]]


def rules_applied(res: dict[str, Any]) -> list[str]:
    """The rule names of the step log, in order."""
    return [s["rule"] for s in res["steps"]]


def step_text(res: dict[str, Any], rule_prefix: str) -> str:
    """The details of every step whose rule starts with ``rule_prefix``, joined."""
    return " | ".join(s["detail"] for s in res["steps"] if s["rule"].startswith(rule_prefix))


def die_order(res: dict[str, Any]) -> list[str]:
    """The purposes of the dice consumed, in order."""
    return [d["purpose"] for d in res["dice"]]
