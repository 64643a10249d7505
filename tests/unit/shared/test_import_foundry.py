"""Foundry actors imported with nothing typed: each fixture (a character and an NPC per system, in
the system's own export shape, written by the team) becomes the same attacker, weapons, target and
armour a player would type by hand from its sheet, every field compared, and resolves the same
attack. The hand-typed profiles are worked out from the sheets in the comments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.api import run
from rules.importer import Unreadable, import_text, run_import
from rules.importer.foundry import recognise

DATA = Path(__file__).resolve().parents[1] / "data" / "import"


def imported(name: str) -> Any:
    return import_text((DATA / f"{name}.json").read_text())


def entries(name: str) -> dict[str, list[dict[str, Any]]]:
    party = imported(name).party
    return {k: [e["data"] for e in party[k]] for k in ("attackers", "weapons", "targets", "armour")}


# -- what a player types from each sheet (worked out from the sheet, as the comment says) ---------

FIXTURES = (
    "vendare-acolyte",
    "vendare-npc",
    "mrkeathley-acolyte",
    "mrkeathley-npc",
    "deathwatch-character",
    "deathwatch-enemy",
    "deathwatch-horde",
    "wh40k-dh2-character",
    "wh40k-dw-npc",
)

HAND: dict[str, dict[str, Any]] = {
    # Vendare: advances in points: WS 30+5, BS 35+10, T 33+5 (TB 3); wounds.value 3 is damage taken; every armour item worn
    "vendare-acolyte": {
        "attacker": {
            "name": "Sister Veyra Tolk",
            "characteristics": {
                "WS": 35,
                "BS": 45,
                "S": 31,
                "T": 38,
                "Ag": 34,
                "Int": 30,
                "Per": 32,
                "WP": 36,
                "Fel": 28,
            },
            "weapon": {
                "name": "Laspistol",
                "class": "Pistol",
                "range": 30,
                "rof": "S/2/-",
                "clip": 24,
                "reload": "Half",
                "damage": "1d10+2",
                "damage_type": "E",
                "pen": 0,
                "craftsmanship": "Common",
            },
        },
        "target": {
            "name": "Sister Veyra Tolk",
            "characteristics": {"WS": 35, "S": 31, "T": 38, "Ag": 34, "WP": 36},
            "toughness_bonus": 3,
            "wounds": 12,
            "damage_taken": 3,
            "fatigue": 1,
            "player": True,
            "armour": {"Right Arm": 3, "Left Arm": 3, "Body": 3, "Right Leg": 3, "Left Leg": 3},
        },
        "weapons": [
            {
                "name": "Laspistol",
                "class": "Pistol",
                "range": 30,
                "rof": "S/2/-",
                "clip": 24,
                "reload": "Half",
                "damage": "1d10+2",
                "damage_type": "E",
                "pen": 0,
                "craftsmanship": "Common",
            },
            {
                "name": "Chainsword",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "1d10+2",
                "damage_type": "R",
                "pen": 2,
                "craftsmanship": "Common",
                "qualities": ["Balanced", "Tearing"],
            },
        ],
    },
    # Vendare NPC: Troop; size 5 is Hulking; Unnatural T 2 added: TB 3+2 = 5; Scrap Plate's best plus additive Chem Hide: Body 4+1, limbs 2+1, Head 2
    "vendare-npc": {
        "attacker": {
            "name": "Hive Ganger Brute",
            "characteristics": {
                "WS": 35,
                "BS": 30,
                "S": 40,
                "T": 38,
                "Ag": 30,
                "Int": 20,
                "Per": 30,
                "WP": 25,
                "Fel": 20,
            },
            "size": "Hulking",
            "troop": True,
            "weapon": {
                "name": "Stub Automatic",
                "class": "Pistol",
                "range": 30,
                "rof": "S/3/-",
                "clip": 9,
                "reload": "Full",
                "damage": "1d10+3",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Blast (1)"],
            },
        },
        "target": {
            "name": "Hive Ganger Brute",
            "characteristics": {"WS": 35, "S": 40, "T": 38, "Ag": 30, "WP": 25},
            "toughness_bonus": 5,
            "unnatural_toughness": 2,
            "wounds": 14,
            "size": "Hulking",
            "troop": True,
            "armour": {"Head": 2, "Right Arm": 3, "Left Arm": 3, "Body": 5, "Right Leg": 3, "Left Leg": 3},
        },
        "weapons": [
            {
                "name": "Stub Automatic",
                "class": "Pistol",
                "range": 30,
                "rof": "S/3/-",
                "clip": 9,
                "reload": "Full",
                "damage": "1d10+3",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Blast (1)"],
            },
            {
                "name": "Great Weapon",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "2d10",
                "damage_type": "R",
                "pen": 2,
                "craftsmanship": "Common",
                "qualities": ["Unbalanced"],
            },
        ],
    },
    # mrkeathley: advances as +5s: WS 33+5, BS 38+2x5, Ag 36+5; wounds.value 9 is wounds left of 13: 4 taken; the unequipped vest not worn; the equipped Shotgun in hand
    "mrkeathley-acolyte": {
        "attacker": {
            "name": "Interrogator Kassia Rhen",
            "characteristics": {
                "WS": 38,
                "BS": 48,
                "S": 30,
                "T": 32,
                "Ag": 41,
                "Int": 35,
                "Per": 34,
                "WP": 37,
                "Fel": 31,
            },
            "weapon": {
                "name": "Shotgun",
                "class": "Basic",
                "range": 30,
                "rof": "S/-/-",
                "clip": 6,
                "reload": "2 Full",
                "damage": "1d10+4",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Scatter"],
            },
        },
        "target": {
            "name": "Interrogator Kassia Rhen",
            "characteristics": {"WS": 38, "S": 30, "T": 32, "Ag": 41, "WP": 37},
            "toughness_bonus": 3,
            "wounds": 13,
            "damage_taken": 4,
            "player": True,
            "armour": {"Head": 4, "Right Arm": 4, "Left Arm": 4, "Body": 5, "Right Leg": 4, "Left Leg": 4},
        },
        "weapons": [
            {
                "name": "Shotgun",
                "class": "Basic",
                "range": 30,
                "rof": "S/-/-",
                "clip": 6,
                "reload": "2 Full",
                "damage": "1d10+4",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Scatter"],
            },
            {
                "name": "Shock Maul",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "1d10+3",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Shocking"],
            },
            {
                "name": "Hunting Rifle",
                "class": "Basic",
                "range": 150,
                "rof": "S/-/-",
                "clip": 5,
                "reload": "Full",
                "damage": "1d10+3",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Accurate"],
            },
        ],
    },
    # mrkeathley NPC: S 33 + modifier 5 = 38; psy rating 3; an elite, no Troop
    "mrkeathley-npc": {
        "attacker": {
            "name": "Cult Demagogue",
            "characteristics": {
                "WS": 36,
                "BS": 34,
                "S": 38,
                "T": 35,
                "Ag": 35,
                "Int": 38,
                "Per": 40,
                "WP": 45,
                "Fel": 44,
            },
            "psy_rating": 3,
            "weapon": {
                "name": "Autopistol",
                "class": "Pistol",
                "range": 30,
                "rof": "S/-/6",
                "clip": 18,
                "reload": "Full",
                "damage": "1d10+2",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
            },
        },
        "target": {
            "name": "Cult Demagogue",
            "characteristics": {"WS": 36, "S": 38, "T": 35, "Ag": 35, "WP": 45},
            "toughness_bonus": 3,
            "wounds": 16,
            "armour": {"Head": 1, "Right Arm": 1, "Left Arm": 1, "Body": 2, "Right Leg": 1, "Left Leg": 1},
        },
        "weapons": [
            {
                "name": "Autopistol",
                "class": "Pistol",
                "range": 30,
                "rof": "S/-/6",
                "clip": 18,
                "reload": "Full",
                "damage": "1d10+2",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
            },
            {
                "name": "Force Staff",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "1d10",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Force", "Balanced"],
            },
        ],
    },
    # Deathwatch: advances as +5 flags: WS 42+5, BS 45+10; the power armour's Enhanced Strength +20
    # after the multiplier: S 43+20 = 63, SB 4x2 (Unnatural x2) + 2 = 10; the actor's own +5 T:
    # T 46, TB 4x2 = 8 (4 Unnatural); wounds.value 5 is damage taken; damage from dmg (not
    # damage's default 1d10); the grenade's SBx3: 30 m
    "deathwatch-character": {
        "attacker": {
            "name": "Brother Tavian",
            "characteristics": {
                "WS": 47,
                "BS": 55,
                "S": 63,
                "T": 46,
                "Ag": 40,
                "Int": 38,
                "Per": 41,
                "WP": 40,
                "Fel": 35,
            },
            "strength_bonus": 10,
            "weapon": {
                "name": "Astartes Bolter",
                "class": "Basic",
                "range": 100,
                "rof": "S/3/-",
                "clip": 24,
                "reload": "Full",
                "damage": "1d10+9",
                "damage_type": "X",
                "pen": 4,
                "qualities": ["Tearing"],
            },
        },
        "target": {
            "name": "Brother Tavian",
            "characteristics": {"WS": 47, "S": 63, "T": 46, "Ag": 40, "WP": 40},
            "toughness_bonus": 8,
            "unnatural_toughness": 4,
            "wounds": 20,
            "damage_taken": 5,
            "player": True,
            "armour": {"Head": 8, "Right Arm": 8, "Left Arm": 8, "Body": 10, "Right Leg": 8, "Left Leg": 8},
        },
        "weapons": [
            {
                "name": "Astartes Bolter",
                "class": "Basic",
                "range": 100,
                "rof": "S/3/-",
                "clip": 24,
                "reload": "Full",
                "damage": "1d10+9",
                "damage_type": "X",
                "pen": 4,
                "qualities": ["Tearing"],
            },
            {
                "name": "Astartes Combat Knife",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "1d10+2",
                "damage_type": "R",
                "pen": 2,
                "qualities": ["Balanced"],
            },
            {
                "name": "Astartes Frag Grenade",
                "class": "Thrown",
                "range": 30,
                "rof": "S/-/-",
                "clip": 1,
                "damage": "2d10",
                "damage_type": "X",
                "pen": 0,
                "qualities": ["Blast (4)"],
            },
        ],
    },
    # Deathwatch enemy: Unnatural Toughness (x2): TB 3x2 = 6 (3 Unnatural); Natural Armour (4) on every location; Size (Hulking) trait; 3 damage taken, Fatigue 1
    "deathwatch-enemy": {
        "attacker": {
            "name": "Hormagaunt Brood-Leader",
            "size": "Hulking",
            "characteristics": {
                "WS": 40,
                "BS": 0,
                "S": 35,
                "T": 30,
                "Ag": 45,
                "Int": 10,
                "Per": 40,
                "WP": 30,
                "Fel": 0,
            },
            "weapon": {
                "name": "Scything Talons",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "1d10+2",
                "damage_type": "R",
                "pen": 3,
                "qualities": ["Razor Sharp"],
            },
        },
        "target": {
            "name": "Hormagaunt Brood-Leader",
            "size": "Hulking",
            "characteristics": {"WS": 40, "S": 35, "T": 30, "Ag": 45, "WP": 30},
            "toughness_bonus": 6,
            "unnatural_toughness": 3,
            "wounds": 12,
            "damage_taken": 3,
            "fatigue": 1,
            "armour": {"Head": 4, "Right Arm": 4, "Left Arm": 4, "Body": 4, "Right Leg": 4, "Left Leg": 4},
        },
        "weapons": [
            {
                "name": "Scything Talons",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "1d10+2",
                "damage_type": "R",
                "pen": 3,
                "qualities": ["Razor Sharp"],
            }
        ],
    },
    # Deathwatch horde: Magnitude 30 less 6 lost = 24; armour gearArmor 3
    "deathwatch-horde": {
        "attacker": {
            "name": "Heretic Mob",
            "characteristics": {
                "WS": 28,
                "BS": 25,
                "S": 30,
                "T": 30,
                "Ag": 30,
                "Int": 20,
                "Per": 30,
                "WP": 40,
                "Fel": 20,
            },
            "weapon": {
                "name": "Autogun",
                "class": "Basic",
                "range": 90,
                "rof": "S/3/10",
                "clip": 30,
                "reload": "Full",
                "damage": "1d10+2",
                "damage_type": "I",
                "pen": 0,
            },
        },
        "target": {
            "name": "Heretic Mob",
            "characteristics": {"WS": 28, "S": 30, "T": 30, "Ag": 30, "WP": 40},
            "toughness_bonus": 3,
            "horde": {"magnitude": 24, "armour": 3},
            "wounds": 30,
        },
        "weapons": [
            {
                "name": "Autogun",
                "class": "Basic",
                "range": 90,
                "rof": "S/3/10",
                "clip": 30,
                "reload": "Full",
                "damage": "1d10+2",
                "damage_type": "I",
                "pen": 0,
            }
        ],
    },
    # wh40k-ttrpg: WS 34 + modifier 5, BS 36+2x5, T 35+5 (TB 4); the equipped carapace's Ag -5
    # (32 - 5 = 27) and the talent's WP +5 (40), the unequipped Stimm Injector's S +10 not; wounds.value
    # 10 LEFT of 14: 4 taken; Carapace Chestplate covers only the Body (6 over 5), its arm APs not
    # counted; damage 1d10 + bonus 4
    "wh40k-dh2-character": {
        "attacker": {
            "name": "Arbitrator Domna Vey",
            "characteristics": {
                "WS": 39,
                "BS": 46,
                "S": 33,
                "T": 40,
                "Ag": 27,
                "Int": 30,
                "Per": 38,
                "WP": 40,
                "Fel": 30,
            },
            "weapon": {
                "name": "Combat Shotgun",
                "class": "Basic",
                "range": 30,
                "rof": "S/3/-",
                "clip": 12,
                "reload": "Full",
                "damage": "1d10+4",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Scatter"],
            },
        },
        "target": {
            "name": "Arbitrator Domna Vey",
            "characteristics": {"WS": 39, "S": 33, "T": 40, "Ag": 27, "WP": 40},
            "toughness_bonus": 4,
            "wounds": 14,
            "damage_taken": 4,
            "player": True,
            "armour": {"Head": 4, "Right Arm": 4, "Left Arm": 4, "Body": 6, "Right Leg": 4, "Left Leg": 4},
        },
        "weapons": [
            {
                "name": "Combat Shotgun",
                "class": "Basic",
                "range": 30,
                "rof": "S/3/-",
                "clip": 12,
                "reload": "Full",
                "damage": "1d10+4",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Scatter"],
            },
            {
                "name": "Shock Maul",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "1d10+1",
                "damage_type": "I",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Shocking"],
            },
        ],
    },
    # wh40k-ttrpg dw-npc horde: Magnitude current 25; unnatural 2 multiplies: TB 3x2 = 6 (3 Unnatural); horde armour the flak's Body 4
    "wh40k-dw-npc": {
        "attacker": {
            "name": "Traitor Guardsmen",
            "characteristics": {
                "WS": 30,
                "BS": 35,
                "S": 35,
                "T": 35,
                "Ag": 30,
                "Int": 25,
                "Per": 30,
                "WP": 30,
                "Fel": 20,
            },
            "weapon": {
                "name": "Lasgun",
                "class": "Basic",
                "range": 100,
                "rof": "S/3/-",
                "clip": 44,
                "reload": "Full",
                "damage": "1d10+3",
                "damage_type": "E",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Reliable"],
            },
        },
        "target": {
            "name": "Traitor Guardsmen",
            "characteristics": {"WS": 30, "S": 35, "T": 35, "Ag": 30, "WP": 30},
            "toughness_bonus": 6,
            "unnatural_toughness": 3,
            "horde": {"magnitude": 25, "armour": 4},
            "wounds": 12,
        },
        "weapons": [
            {
                "name": "Lasgun",
                "class": "Basic",
                "range": 100,
                "rof": "S/3/-",
                "clip": 44,
                "reload": "Full",
                "damage": "1d10+3",
                "damage_type": "E",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Reliable"],
            },
            {
                "name": "Frag Grenade",
                "class": "Thrown",
                "range": 9,
                "rof": "S/-/-",
                "clip": 1,
                "damage": "2d10",
                "damage_type": "X",
                "pen": 0,
                "craftsmanship": "Common",
                "qualities": ["Blast (3)"],
            },
        ],
    },
}


@pytest.mark.parametrize("name", FIXTURES)
def test_imported_with_nothing_typed_is_what_a_player_types(name: str) -> None:
    got = entries(name)
    assert got["attackers"][0] == HAND[name]["attacker"]
    assert got["targets"][0] == HAND[name]["target"]
    assert got["weapons"] == HAND[name]["weapons"]


@pytest.mark.parametrize("name", FIXTURES)
def test_imported_profile_resolves_the_same_attack_as_typed_by_hand(name: str) -> None:
    """Each imported weapon in the imported attacker's hands, at the imported target: the same
    resolution, step by step, as the profile typed by hand."""
    party = imported(name).party
    system = party["attackers"][0]["system"]
    for weapon, typed in zip(party["weapons"], HAND[name]["weapons"], strict=True):
        melee = weapon["data"]["class"] == "Melee"
        base = {"system": system, "action": {"type": "Standard Attack", "distance": 1 if melee else 10}, "seed": 4242}
        a = run(
            {
                **base,
                "attacker": {**party["attackers"][0]["data"], "weapon": weapon["data"]},
                "target": party["targets"][0]["data"],
            }
        )
        b = run({**base, "attacker": {**HAND[name]["attacker"], "weapon": typed}, "target": HAND[name]["target"]})
        assert a["status"] == "ok", a
        assert a == b


def test_vendare_unknown_quality_named_at_its_place() -> None:
    result = imported("vendare-npc")
    assert [(p.at, p.message) for p in result.problems] == [
        ("items.0.system.special (item 2)", "'Unknown Thing' is not a DH2 weapon quality: left out")
    ]
    assert result.party["weapons"][0]["data"]["qualities"] == ["Blast (1)"]


def test_each_field_has_its_source() -> None:
    result = imported("vendare-acolyte")
    by = {(f.entry, f.field): f for f in result.fields}
    assert by[("attackers.0", "characteristics.BS")].source == "system.characteristics.ballisticSkill"
    assert by[("attackers.0", "characteristics.BS")].value == 45
    assert by[("targets.0", "damage_taken")].source == "system.wounds.value, system.wounds.critical"
    assert by[("weapons.1", "qualities")].source == "items.1.system.special (item 1), items.1.system.special (item 2)"


@pytest.mark.parametrize(
    ("name", "system"),
    [
        ("vendare-acolyte", "dark-heresy"),
        ("mrkeathley-acolyte", "dark-heresy-2nd"),
        ("deathwatch-character", "deathwatch"),
        ("deathwatch-horde", "deathwatch"),
        ("wh40k-dh2-character", "wh40k-rpg"),
        ("wh40k-dw-npc", "wh40k-rpg"),
    ],
)
def test_system_recognised_from_the_file_alone(name: str, system: str) -> None:
    actor = json.loads((DATA / f"{name}.json").read_text())
    assert recognise(actor) == system
    del actor["_stats"]  # an older export without _stats: its shape says which
    assert recognise(actor) == system


def test_world_export_list_reads_every_actor() -> None:
    actors = [json.loads((DATA / f"{n}.json").read_text()) for n in ("vendare-acolyte", "mrkeathley-npc")]
    result = import_text(json.dumps(actors))
    assert [e["name"] for e in result.party["attackers"]] == ["Sister Veyra Tolk", "Cult Demagogue"]
    assert len(result.readings) == 2


def test_unreadable_file_is_refused_with_its_reason() -> None:
    with pytest.raises(Unreadable, match="Not a JSON file"):
        import_text('{"name": ')
    answer = run_import('{"name": "Bob", "type": "character", "system": {}}')
    assert answer["status"] == "invalid" and "Not an actor of a system Auspex reads" in answer["errors"][0]["message"]


def test_qualities_read_from_each_systems_own_form() -> None:
    """Free text (Vendare), a flag map and nested items (mrkeathley), ids with a rating
    (Deathwatch), ids with the rating after a dash (wh40k-ttrpg); ids that are no quality named."""
    assert entries("mrkeathley-acolyte")["weapons"][1]["qualities"] == ["Shocking"]  # nested; Two-Handed is none
    assert [(p.at, p.message) for p in imported("mrkeathley-acolyte").problems] == [
        ("items.1.flags.dark-heresy-2nd.nested.1", "'Two Handed' is not a DH2 weapon quality: left out")
    ]
    assert entries("deathwatch-character")["weapons"][2]["qualities"] == ["Blast (4)"]
    assert [(p.at, p.message) for p in imported("deathwatch-enemy").problems] == [
        ("items.0.system.attachedQualities.1", "'Living Ammunition' is not a DW weapon quality: left out")
    ]
    assert entries("wh40k-dw-npc")["weapons"][1]["qualities"] == ["Blast (3)"]
    assert [(p.at, p.message) for p in imported("wh40k-dh2-character").problems] == [
        ("items.1.system.special.1", "'Never Jam' is not a DH2 weapon quality: left out")
    ]


def test_deathwatch_thrown_range_is_sb_times_x() -> None:
    """'SBx3' with SB 10 (S 43 x2 Unnatural, +2 from the armour's +20 after it): 30 metres."""
    assert entries("deathwatch-character")["weapons"][2]["range"] == 30


def test_each_system_reads_into_its_ruleset() -> None:
    systems = {n: imported(n).party["attackers"][0]["system"] for n in FIXTURES}
    assert systems == {
        **dict.fromkeys(FIXTURES[:4], "dh2"),
        **dict.fromkeys(FIXTURES[4:7], "dw"),
        "wh40k-dh2-character": "dh2",
        "wh40k-dw-npc": "dw",
    }


def test_a_game_line_without_a_ruleset_is_refused_by_name() -> None:
    answer = run_import((DATA / "wh40k-rt-npc.json").read_text())
    assert answer == {
        "status": "invalid",
        "errors": [
            {
                "field": "file",
                "message": "Nothing could be read (type: A 'rt-npc' actor: Auspex has no ruleset for its game line (dh2, dh1, dw))",
            }
        ],
    }


def test_world_export_with_an_actors_list() -> None:
    actors = [json.loads((DATA / f"{n}.json").read_text()) for n in FIXTURES] + [{"name": "Journal", "type": "note"}]
    result = import_text(json.dumps({"actors": actors}))
    assert len(result.party["attackers"]) == len(FIXTURES)
    refused = [p.message for p in result.problems if p.at == "actors.9"]
    assert len(refused) == 1 and refused[0].startswith("Not an actor of a system Auspex reads (")
    assert len(result.readings) == 4


def test_deathwatch_dashes_and_units_as_the_compendium_types_them() -> None:
    """Aleslammer's compendium enemies type a melee weapon's range and clip as an em dash, a RoF
    with en dashes (S/3/ with an en dash) and a range with its unit (30m): read as blank, S/3/- and 30."""
    actor = json.loads((DATA / "deathwatch-enemy.json").read_text())
    talons = actor["items"][0]["system"]
    talons.update({"range": "\u2014", "clip": "\u2014", "rof": "\u2013"})
    spitter = json.loads(json.dumps(actor["items"][0]))
    spitter["name"] = "Spitter"
    spitter["system"].update(
        {"class": "Basic", "range": "30m", "rof": "S/3/\u2013", "clip": "20", "attachedQualities": []}
    )
    actor["items"].append(spitter)
    result = import_text(json.dumps(actor))
    assert [(p.at, p.message) for p in result.problems] == [
        ("items.0.system.attachedQualities.1", "'Living Ammunition' is not a DW weapon quality: left out")
    ]
    weapons = [e["data"] for e in result.party["weapons"]]
    assert weapons[0]["rof"] == "S/-/-" and "range" not in weapons[0]
    assert (weapons[1]["range"], weapons[1]["rof"], weapons[1]["clip"]) == (30, "S/3/-", 20)


def test_an_actor_without_weapons_says_its_attacker_holds_the_default() -> None:
    actor = json.loads((DATA / "vendare-acolyte.json").read_text())
    actor["items"] = []
    result = import_text(json.dumps(actor))
    assert [(p.at, p.message) for p in result.problems] == [
        ("name", "Sister Veyra Tolk: no weapon read: its attacker holds the form's default weapon")
    ]
    assert "weapon" not in result.party["attackers"][0]["data"] and result.party["weapons"] == []
