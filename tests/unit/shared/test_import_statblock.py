"""Stat blocks pasted in the books' layout, from clean text and from a PDF copy (ligatures, en
dashes, soft hyphens, words hyphenated across lines, broken lines, run-together columns), each
fixture (typed by the team) read field by field; a garbled block names what it could not read at
its line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.api import run
from rules.importer import ImportResult, Unreadable, import_text
from rules.importer.statblock import clean

DATA = Path(__file__).resolve().parents[1] / "data" / "import"


def read(name: str, system: str = "dh2") -> ImportResult:
    return import_text((DATA / f"{name}.txt").read_text(encoding="utf-8"), system)


def data(result: ImportResult) -> dict[str, list[dict[str, Any]]]:
    return {k: [e["data"] for e in result.party[k]] for k in ("attackers", "weapons", "targets", "armour")}


LASGUN = {
    "name": "Lasgun",
    "class": "Basic",
    "range": 100,
    "rof": "S/3/-",
    "clip": 60,
    "reload": "Full",
    "damage": "1d10+3",
    "damage_type": "E",
    "pen": 0,
    "qualities": ["Reliable"],
}


def test_enforcer_every_field() -> None:
    """T 45 (8): TB 8, of which 45 // 10 = 4 base, 4 Unnatural; Total TB 8 agrees. Chainsword
    1d10+6 printed with SB 4 (S 40): 1d10+2. Dodge (Ag) +10 with Ag 35: 45. Arms and Legs both sides."""
    result = read("statblock-enforcer")
    assert data(result) == {
        "attackers": [
            {
                "name": "Heretek Enforcer",
                "characteristics": {
                    "WS": 38,
                    "BS": 42,
                    "S": 40,
                    "T": 45,
                    "Ag": 35,
                    "Int": 30,
                    "Per": 33,
                    "WP": 30,
                    "Fel": 25,
                },
                "weapon": LASGUN,
            }
        ],
        "weapons": [
            LASGUN,
            {
                "name": "Chainsword",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "1d10+2",
                "damage_type": "R",
                "pen": 2,
                "qualities": ["Balanced", "Tearing"],
            },
        ],
        "targets": [
            {
                "name": "Heretek Enforcer",
                "characteristics": {"WS": 38, "S": 40, "T": 45, "Ag": 35, "WP": 30},
                "toughness_bonus": 8,
                "unnatural_toughness": 4,
                "wounds": 16,
                "armour": {"Head": 4, "Right Arm": 5, "Left Arm": 5, "Body": 6, "Right Leg": 5, "Left Leg": 5},
                "evasion": {"reaction": "Dodge", "skill": 45},
            }
        ],
        "armour": [{"Head": 4, "Right Arm": 5, "Left Arm": 5, "Body": 6, "Right Leg": 5, "Left Leg": 5}],
    }
    assert result.party["armour"][0]["name"] == "Enforcer Carapace"
    assert [(t.name, t.source) for t in result.talents] == [
        ("Swift Attack", "line 8"),
        ("Two-Weapon Wielder (Melee)", "line 8"),
    ]
    assert result.problems == []


def test_enforcer_fields_cite_their_lines() -> None:
    by = {(f.entry, f.field): f.source for f in read("statblock-enforcer").fields}
    assert by[("attackers.0", "characteristics.BS")] == "line 3"
    assert by[("targets.0", "toughness_bonus")] == "line 6"  # Total TB stands
    assert by[("targets.0", "wounds")] == "line 4"
    assert by[("weapons.1", "damage")] == "line 10"


def test_mutant_from_a_pdf_copy_every_field() -> None:
    """Ligature 'ﬀ', a soft hyphen in Move-ment, columns run together (3025353828 20252215: WS 30
    BS 25 S 35 T 38 Ag 28 Int 20 Per 25 WP 22 Fel 15), en dashes in the RoF, Reli-/able and
    Unbal-/anced broken across lines, Armour running onto the next line. Unnatural Strength (2) in
    the Traits (the row gave no (n)): SB 3 + 2 = 5, so the Great Cleaver's 2d10+5 is 2d10."""
    result = read("statblock-mutant-pdf")
    revolver = {
        "name": "Stub Revolver",
        "class": "Pistol",
        "range": 30,
        "rof": "S/-/-",
        "clip": 6,
        "reload": "2 Full",
        "damage": "1d10+3",
        "damage_type": "I",
        "pen": 0,
        "qualities": ["Reliable"],
    }
    assert data(result) == {
        "attackers": [
            {
                "name": "Mutant Sniffer",
                "characteristics": {
                    "WS": 30,
                    "BS": 25,
                    "S": 35,
                    "T": 38,
                    "Ag": 28,
                    "Int": 20,
                    "Per": 25,
                    "WP": 22,
                    "Fel": 15,
                },
                "strength_bonus": 5,
                "troop": True,
                "size": "Hulking",
                "weapon": revolver,
            }
        ],
        "weapons": [
            revolver,
            {
                "name": "Great Cleaver",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "2d10",
                "damage_type": "R",
                "pen": 1,
                "qualities": ["Unbalanced"],
            },
        ],
        "targets": [
            {
                "name": "Mutant Sniffer",
                "characteristics": {"WS": 30, "S": 35, "T": 38, "Ag": 28, "WP": 22},
                "toughness_bonus": 3,
                "wounds": 11,
                "troop": True,
                "size": "Hulking",
                "armour": {"Right Arm": 2, "Left Arm": 2, "Body": 3, "Right Leg": 1, "Left Leg": 1},
            }
        ],
        "armour": [{"Right Arm": 2, "Left Arm": 2, "Body": 3, "Right Leg": 1, "Left Leg": 1}],
    }
    assert result.party["armour"][0]["name"] == "Scrap Plates"
    assert result.problems == []


def test_ork_deathwatch_pairs_row_every_field() -> None:
    """Pairs on one line; S 45 (8) and T 45 (8): SB 8, TB 8 (4 of it Unnatural). Choppa 1d10+10
    with SB 8: 1d10+2. Armour 4 (All). Parry (WS) +10 with WS 35: 45. Big Shoota names its class."""
    result = read("statblock-ork-dw", "dw")
    shoota = {
        "name": "Big Shoota",
        "class": "Heavy",
        "range": 100,
        "rof": "-/-/10",
        "clip": 90,
        "reload": "2 Full",
        "damage": "2d10",
        "damage_type": "I",
        "pen": 0,
        "qualities": ["Inaccurate", "Unreliable"],
    }
    every = dict.fromkeys(("Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"), 4)
    assert data(result) == {
        "attackers": [
            {
                "name": "Ork Burna Boy",
                "characteristics": {
                    "WS": 35,
                    "BS": 28,
                    "S": 45,
                    "T": 45,
                    "Ag": 30,
                    "Int": 20,
                    "Per": 30,
                    "WP": 30,
                    "Fel": 20,
                },
                "strength_bonus": 8,
                "weapon": shoota,
            }
        ],
        "weapons": [
            shoota,
            {
                "name": "Choppa",
                "class": "Melee",
                "rof": "S/-/-",
                "damage": "1d10+2",
                "damage_type": "R",
                "pen": 2,
                "qualities": ["Unbalanced", "Tearing"],
            },
        ],
        "targets": [
            {
                "name": "Ork Burna Boy",
                "characteristics": {"WS": 35, "S": 45, "T": 45, "Ag": 30, "WP": 30},
                "toughness_bonus": 8,
                "unnatural_toughness": 4,
                "wounds": 20,
                "armour": every,
                "evasion": {"reaction": "Parry", "skill": 45},
            }
        ],
        "armour": [every],
    }
    assert all(e["system"] == "dw" for e in result.party["attackers"] + result.party["weapons"])
    assert [(p.at, p.message) for p in result.problems] == [
        ("line 8: Choppa, qualities", "'Bogus Rune' is not a DW weapon quality: left out")
    ]


def test_three_blocks_pasted_as_one_page() -> None:
    page = "\n".join(
        (DATA / f"{n}.txt").read_text(encoding="utf-8") for n in ("statblock-enforcer", "statblock-mutant-pdf")
    )
    result = import_text(page)
    assert [e["name"] for e in result.party["attackers"]] == ["Heretek Enforcer", "Mutant Sniffer"]
    assert [e["name"] for e in result.party["weapons"]] == ["Lasgun", "Chainsword", "Stub Revolver", "Great Cleaver"]


def test_garbled_block_names_what_it_could_not_read_at_its_line() -> None:
    text = (
        "Cultist\n"
        "WS BS S T Ag Int Per WP Fel\n"
        "30 25 3O 30\n"
        "Wounds: many\n"
        "Armour: Rags (Torso 1)\n"
        "Weapons: Autogun (100m; S/3/10; Pen 0; Clip 30), Knife 1d5 R\n"
    )
    problems = [(p.at, p.message) for p in import_text(text).problems]
    assert ("line 3", "Not read as characteristic values: '30 25 3O 30'") in problems
    assert ("line 2", "Characteristics not read: WS BS S T Ag Int Per WP Fel") in problems
    assert ("line 4", "Wounds not read: 'many'") in problems
    assert ("line 5", "Armour not read: 'Torso 1'") in problems
    assert ("line 6", "Autogun: no damage (like 1d10+3 E): type its damage") in problems
    assert ("line 6", "Weapon not read (no profile in brackets): 'Knife 1d5 R'") in problems


def test_text_with_no_stat_block_is_refused() -> None:
    with pytest.raises(Unreadable, match="No characteristic row"):
        import_text("Just a shopping list\nbread, milk")


def test_clean_joins_a_word_hyphenated_across_lines_only() -> None:
    lines = clean("Two-Weapon Wielder, Reli-\nable)\nBS 40 -\nNext")
    assert [ln.text for ln in lines] == ["Two-Weapon Wielder, Reliable)", "BS 40 -", "Next"]
    assert [ln.number for ln in lines] == [1, 3, 4]


@pytest.mark.parametrize(("name", "system"), [("statblock-enforcer", "dh2"), ("statblock-ork-dw", "dw")])
def test_imported_block_resolves_an_attack(name: str, system: str) -> None:
    party = read(name, system).party
    answer = run(
        {
            "system": system,
            "attacker": {**party["attackers"][0]["data"], "weapon": party["weapons"][1]["data"]},
            "target": party["targets"][0]["data"],
            "action": {"type": "Standard Attack", "distance": 1},
            "seed": 7,
        }
    )
    assert answer["status"] == "ok", answer


def test_armour_in_pieces_and_a_horde_block() -> None:
    """Armour as pieces, each on its locations (Greaves (2 Legs) with the number first), the
    armour entry named for all three; Dodge (Ag) with no bonus is Ag itself (33); a Magnitude
    line makes a Horde, its Armour 2 the Horde's one value, with no Wounds line asked for."""
    text = (
        "Arbites Patrol (Troop)\n"
        "WS 35 BS 38 S 35 T 40 Ag 33 Int 30 Per 36 WP 34 Fel 28\n"
        "Wounds: 12\n"
        "Armour: Flak Vest (Body 3), Helmet (Head 2), Greaves (2 Legs)\n"
        "Skills: Dodge (Ag)\n"
        "Weapons: Shotgun (Basic; 30m; S/-/-; 1d10+4 I; Pen 0; Clip 8; Rld 2 Full; Scatter)\n"
        "\n"
        "Plague Swarm\n"
        "WS BS S T Ag Int Per WP Fel\n"
        "25 0 20 25 35 5 20 20 5\n"
        "Magnitude: 40\n"
        "Armour: 2\n"
        "Weapons: Bites (1d5+2 R; Pen 0; Toxic (1))\n"
    )
    result = import_text(text)
    patrol, swarm = (e["data"] for e in result.party["targets"])
    assert patrol["armour"] == {"Head": 2, "Body": 3, "Right Leg": 2, "Left Leg": 2}
    assert patrol["evasion"] == {"reaction": "Dodge", "skill": 33}
    assert result.party["armour"] == [
        {
            "name": "Flak Vest + Helmet + Greaves",
            "system": "dh2",
            "data": {"Head": 2, "Body": 3, "Right Leg": 2, "Left Leg": 2},
        }
    ]
    assert swarm["horde"] == {"magnitude": 40, "armour": 2} and "wounds" not in swarm
    # the Bites' 1d5+2 printed with SB 2 (S 20): 1d5
    assert result.party["weapons"][1]["data"]["damage"] == "1d5"
    by = {(f.entry, f.field): f.source for f in result.fields}
    assert (by[("targets.0", "evasion.skill")], by[("targets.1", "horde.magnitude")]) == ("line 5", "line 11")
    assert result.problems == []
