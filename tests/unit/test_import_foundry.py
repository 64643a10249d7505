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

DATA = Path(__file__).parent / "data" / "import"


def imported(name: str) -> Any:
    return import_text((DATA / f"{name}.json").read_text())


def entries(name: str) -> dict[str, list[dict[str, Any]]]:
    party = imported(name).party
    return {k: [e["data"] for e in party[k]] for k in ("attackers", "weapons", "targets", "armour")}


# -- what a player types from each sheet --------------------------------------------------------

# Vendare: advance in points. BS 35 + 10 = 45, WS 30 + 5 = 35, T 33 + 5 = 38 (TB 3).
# wounds.value 3 is damage taken. Every armour item is worn.
VENDARE_ACOLYTE = {
    "attackers": [
        {
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
        }
    ],
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
    "targets": [
        {
            "name": "Sister Veyra Tolk",
            "characteristics": {"WS": 35, "S": 31, "T": 38, "Ag": 34, "WP": 36},
            "toughness_bonus": 3,
            "wounds": 12,
            "damage_taken": 3,
            "fatigue": 1,
            "player": True,
            "armour": {"Right Arm": 3, "Left Arm": 3, "Body": 3, "Right Leg": 3, "Left Leg": 3},
        }
    ],
    "armour": [{"Right Arm": 3, "Left Arm": 3, "Body": 3, "Right Leg": 3, "Left Leg": 3}],
}

# Vendare NPC: Troop, size 5 (Hulking), Unnatural Toughness 2 added to the bonus: TB 3 + 2 = 5.
# Great Weapon's "2d10+SB": the engine adds SB itself, so 2d10. Armour: Scrap Plate (best) plus
# the additive Chem Hide: Body 4 + 1 = 5, Head 2 + 0, limbs 2 + 1 = 3.
VENDARE_NPC_TARGET = {
    "name": "Hive Ganger Brute",
    "characteristics": {"WS": 35, "S": 40, "T": 38, "Ag": 30, "WP": 25},
    "toughness_bonus": 5,
    "unnatural_toughness": 2,
    "wounds": 14,
    "size": "Hulking",
    "troop": True,
    "armour": {"Head": 2, "Right Arm": 3, "Left Arm": 3, "Body": 5, "Right Leg": 3, "Left Leg": 3},
}

# mrkeathley: advance a count of +5s: BS 38 + 2 x 5 = 48, Ag 36 + 5 = 41, WS 33 + 5 = 38.
# wounds.value 9 is wounds LEFT of 13: damage taken 4. The unequipped Spare Flak Vest is not worn.
MRKEATHLEY_ACOLYTE_TARGET = {
    "name": "Interrogator Kassia Rhen",
    "characteristics": {"WS": 38, "S": 30, "T": 32, "Ag": 41, "WP": 37},
    "toughness_bonus": 3,
    "wounds": 13,
    "damage_taken": 4,
    "player": True,
    "armour": {"Head": 4, "Right Arm": 4, "Left Arm": 4, "Body": 5, "Right Leg": 4, "Left Leg": 4},
}


def test_vendare_acolyte_is_what_a_player_types() -> None:
    assert entries("vendare-acolyte") == VENDARE_ACOLYTE


def test_vendare_npc_troop_unnatural_toughness_and_additive_armour() -> None:
    got = entries("vendare-npc")
    assert got["targets"] == [VENDARE_NPC_TARGET]
    assert got["weapons"][1]["damage"] == "2d10"  # "+SB" dropped: the engine adds SB
    assert got["attackers"][0]["troop"] is True and got["attackers"][0]["size"] == "Hulking"


def test_vendare_unknown_quality_named_at_its_place() -> None:
    result = imported("vendare-npc")
    assert [(p.at, p.message) for p in result.problems] == [
        ("items.0.system.special (item 2)", "'Unknown Thing' is not a DH2 weapon quality: left out")
    ]
    assert result.party["weapons"][0]["data"]["qualities"] == ["Blast (1)"]


def test_mrkeathley_wounds_left_advances_counted_equipped_armour_only() -> None:
    got = entries("mrkeathley-acolyte")
    assert got["targets"] == [MRKEATHLEY_ACOLYTE_TARGET]
    assert got["attackers"][0]["characteristics"]["BS"] == 48
    # nested attackSpecial items: Shocking read, Two-Handed is no quality
    assert got["weapons"][1]["qualities"] == ["Shocking"]
    problems = [(p.at, p.message) for p in imported("mrkeathley-acolyte").problems]
    assert problems == [
        ("items.1.flags.dark-heresy-2nd.nested.1", "'Two Handed' is not a DH2 weapon quality: left out")
    ]


def test_mrkeathley_npc_flag_map_qualities_and_modifier() -> None:
    got = entries("mrkeathley-npc")
    a = got["attackers"][0]
    assert a["characteristics"]["S"] == 38  # base 33 + modifier 5
    assert a["psy_rating"] == 3
    assert a["weapon"]["rof"] == "S/-/6" and "qualities" not in a["weapon"]  # blast: false is no quality
    assert got["weapons"][1]["qualities"] == ["Force", "Balanced"]


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
    ],
)
def test_system_recognised_from_the_file_alone(name: str, system: str) -> None:
    actor = json.loads((DATA / f"{name}.json").read_text())
    assert recognise(actor) == system
    del actor["_stats"]  # an older export without _stats: its shape says which
    assert recognise(actor) == system


@pytest.mark.parametrize("name", ["vendare-acolyte", "vendare-npc", "mrkeathley-acolyte", "mrkeathley-npc"])
def test_imported_profile_resolves_as_typed_by_hand(name: str) -> None:
    """The imported attacker shoots the imported target: the same resolution as the party's
    entries typed by hand (the attacker, its weapon and the target as the forms send them)."""
    party = imported(name).party
    attacker, target = party["attackers"][0]["data"], party["targets"][0]["data"]
    hand = json.loads(json.dumps({"attacker": attacker, "target": target}))  # as typed: plain JSON
    scenario = {"system": "dh2", "action": {"type": "Standard Attack", "distance": 10}, "seed": 4242}
    a = run({**scenario, "attacker": attacker, "target": target})
    b = run({**scenario, **hand})
    assert a["status"] == "ok" and a == b


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
