"""The forms' catalogue (``python -m rules catalogue``): each ruleset's choices, from the engine's data."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rules.catalogue import catalogue
from rules.d100 import tables

ROOT = Path(__file__).resolve().parents[3]


def test_catalogue_lists_each_rulesets_own_actions_and_qualities() -> None:
    c = catalogue()["rulesets"]
    assert set(c) == {"dh2", "dh1", "dw", "wh40krp", "epic"}
    assert {k for k, v in c.items() if v["family"] == "d100"} == {"dh2", "dh1", "dw"}
    dh2_actions = {a["name"]: a["type"] for a in c["dh2"]["actions"]}
    dh1_actions = {a["name"]: a["type"] for a in c["dh1"]["actions"]}
    # DH2 Core: bursts are Half Actions; seed 003 (DH1): Full Actions. Swift Attack is DH2 only.
    assert dh2_actions["Full Auto Burst"] == "Half" and dh1_actions["Full Auto Burst"] == "Full"
    assert "Swift Attack" in dh2_actions and "Swift Attack" not in dh1_actions
    dh1_q = {q["name"]: q["takes_value"] for q in c["dh1"]["qualities"]}
    dh2_q = {q["name"]: q["takes_value"] for q in c["dh2"]["qualities"]}
    # Primitive takes a value in DH2 (caps dice), none in DH1 (doubles armour)
    assert dh2_q["Primitive"] is True and dh1_q["Primitive"] is False
    assert "Razor Sharp" in dh2_q and "Razor Sharp" not in dh1_q
    assert "Unstable" in dh1_q and "Unstable" not in dh2_q


def test_catalogue_matches_the_data_files_the_engine_reads() -> None:
    for system, entry in catalogue()["rulesets"].items():
        if entry["family"] != "d100":
            continue
        assert [a["name"] for a in entry["actions"]] == [a.name for a in tables.actions(system).actions]
        assert [q["name"] for q in entry["qualities"]] == [q.name for q in tables.qualities(system).qualities]
        assert entry["difficulties"] == tables.tables(system).difficulties.rows


def test_every_quality_cites_a_source_and_says_what_it_does() -> None:
    for system in ("dh1", "dh2"):
        for q in tables.qualities(system).qualities:
            assert q.source.strip() and q.summary.strip(), (system, q.name)


def test_cli_catalogue_prints_the_same_json() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "catalogue"], capture_output=True, text=True, cwd=ROOT, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == json.loads(json.dumps(catalogue()))


def test_deathwatch_catalogue_has_its_armoury_cover_movement_and_optional_rules() -> None:
    dw = catalogue()["rulesets"]["dw"]
    # "scatter": a Blast miss on the book's Scatter Diagram, which a table may leave to the GM (options.gm_scatters)
    assert set(dw["rules"]) == {"hordes", "movement", "cover", "two_weapon", "spread_hits", "pinning", "scatter"}
    # seed 001, Cover Types: 4, 8, 16, 32
    assert [c["ap"] for c in dw["cover"]] == [4, 8, 16, 32]
    # seed 001, Movement: AB 4 is Half 4, Full 8, Charge 12, Run 24
    # (each row also says the Agility it is for: AB 4 is Ag 40 to 49)
    assert next(r for r in dw["movement"] if r["ab"] == 4) == {
        "ab": 4,
        "half": 4,
        "full": 8,
        "charge": 12,
        "run": 24,
        "ag_from": 40,
        "ag_to": 49,
    }
    assert any(w["name"] == "Astartes Bolter (Godwyn)" for w in dw["armoury"]["weapons"])
    dh2 = catalogue()["rulesets"]["dh2"]
    # seed 004, Two-Weapon Fighting; DH2 Core, Ch. VII, Semi-/Full Auto Burst: a burst's extra hits
    # may go to others within 2 m; and the table rules of seed 004 (Troop Fury on players, Spray and
    # Pray, Stray Shots)
    assert (
        dh2["rules"] == ["two_weapon", "spread_hits", "troop_fury", "spray_and_pray", "stray_shots", "scatter"]
        and "movement" not in dh2
        and "cover" not in dh2
    )
    # DH2 has an armoury of its own (seed 001's common rows)
    assert {w["name"] for w in dh2["armoury"]["weapons"]} >= {"Lasgun", "Autogun"}


def test_the_armourys_craftsmanship_agrees_with_the_rules_the_engine_applies() -> None:
    from rules.dw.armoury import armoury

    rule = tables.tables("dw").craftsmanship
    assert rule is not None
    rows = {c.name: c for c in armoury("dw").craftsmanship}
    assert (rows["Poor"].to_hit, rows["Good"].to_hit, rows["Best"].to_hit) == (rule.poor, rule.good, rule.best)
    assert rows["Best"].damage == rule.best_damage


def test_epic_catalogue_offers_unit_types_overwatch_triggers_and_the_barrage_table() -> None:
    ep = catalogue()["rulesets"]["epic"]
    assert ep["family"] == "epic"
    assert ep["unit_types"] == ["infantry", "armoured vehicle", "war engine", "aircraft"]
    # seed 002, Overwatch: only a move or an unload sets it off
    assert ep["overwatch_triggers"] == ["move", "double move", "march", "unload"]
    # Epic assault (seed 002, Allocate Hits): every unit but war engines up to 4 tiles away
    assert "assault" in ep["action_kinds"]
    assert (ep["assault"]["reach"], ep["assault"]["exclude"]) == (4, ["war engine"])
    # seed 002, To Hit Modifiers
    assert {k: v["value"] for k, v in ep["to_hit_modifiers"].items()} == {
        "cover": -1,
        "double_moved": -1,
        "sustained_fire": 1,
    }
    # seed 002, Barrage table, read as BP, radius, extra Shock, AP, AT: "10-12 Two One 3 2"
    assert {"low": 10, "high": 12, "radius": 2, "extra_shock": 1, "AP": 3, "AT": 2} in ep["barrage"]
    assert ep["barrage"][0] == {"low": 1, "high": 2, "radius": 0, "extra_shock": 0, "AP": 1, "AT": None}


def test_wh40krp_catalogue_offers_its_action_kinds_and_the_cover_table() -> None:
    rp = catalogue()["rulesets"]["wh40krp"]
    assert rp["family"] == "wh40krp" and rp["actions_per_round"] == 4
    # seed 000, Actions: a reload takes 4 actions, aiming 1
    assert rp["action_kinds"]["reload"]["actions"] == 4 and rp["action_kinds"]["aim"]["actions"] == 1
    # seed 000, Cover Table: kneeling from cover, head and arms, seen up to 50 m
    assert rp["exposures"]["cover_kneeling"] == {
        "label": "Aiming or preparing to fire kneeling from cover",
        "exposed": "Head, arms",
        "metres": 50,
    }
    assert rp["light_sources"] == {"flashlight": 15, "head-lamp": 150, "searchlight": 250}


def test_catalogue_cites_qualities_and_armoury_in_the_books_words() -> None:
    """The page shows a quality's and an armoury entry's source as the book
    ("Deathwatch GM screen, Ranged Weapons: Las Weapons"), never "seed 001"; ``source`` is kept."""
    data = catalogue()["rulesets"]
    cites = []
    for system in ("dh2", "dh1", "dw"):
        ruleset = data[system]
        cites += [(q["source"], q["cite"]) for q in ruleset["qualities"]]
        for kind in ("weapons", "combi", "armour"):
            cites += [(x["source"], x["cite"]) for x in ruleset["armoury"][kind]]
    assert cites
    for source, cite in cites:
        assert "seed 0" not in cite, (source, cite)
    lasgun = next(w for w in data["dh2"]["armoury"]["weapons"] if w["name"] == "Lasgun")
    assert lasgun["source"].startswith("seed 001")
    assert lasgun["cite"].startswith("Deathwatch GM screen")


def test_every_d100_ruleset_offers_the_gm_placing_a_missed_blast() -> None:
    # DH2 Core, Ch. VII; DH1 Core, Ch. VIII; DW Core, Ch. VII (Scatter Diagram): each d100 ruleset rolls a missed
    # Blast on its diagram, so each offers the table's choice to place it instead (options.gm_scatters)
    rulesets = catalogue()["rulesets"]
    assert [s for s in ("dh2", "dh1", "dw") if "scatter" in rulesets[s]["rules"]] == ["dh2", "dh1", "dw"]
