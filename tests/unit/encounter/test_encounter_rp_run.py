"""The encounter's file and envelope (undo, import refused whole, replay), the fan ruleset's
injuries and jams, and the CLI's ``encounter`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from encounter_helpers import Fight, dh2_fight

from rules.__main__ import main
from rules.encounter.run import run_encounter

KELL = {
    "name": "Sergeant Kell",
    "BS": 40,
    "WS": 40,
    "I": 30,
    "A": 1,
    "Tek": 50,
    "weapon": {"name": "Autogun", "class": "Basic", "range": 100, "modes": "S/SA/A", "clip": 20},
}


def rp_fight() -> Fight:
    f = Fight("wh40krp")
    f.do({"type": "add", "combatant": {"id": "k", "name": "Kell", "attacker": KELL, "target": {"name": "Kell"}}})
    f.do(
        {
            "type": "add",
            "combatant": {"id": "c", "name": "Cultist", "attacker": {"I": 20}, "target": {"name": "Cultist"}},
        }
    )
    f.do({"type": "initiative"})  # seed 000: by Initiative, no dice (Kell I 30 before the Cultist's 20)
    return f


def test_fan_ruleset_acts_by_initiative_and_a_penetrating_hit_is_an_injury() -> None:
    f = rp_fight()
    assert f.state()["order"] == ["k", "c"]
    # one single shot at 20 m: 25 hits (BS 40); the location's roll 52 is the Left Arm (seed 000);
    # no cover, no armour: it penetrates; the damage d100 (37) is read on Damage Chart 1
    f.do({"type": "attack", "who": "k", "at": "c", "action": {"distance": 20}, "dice": [25, 37, 50]})
    c = f.who("c")
    assert len(c["injuries"]) == 1
    assert f.who("k")["weapon"]["rounds"] == 19


def test_fan_ruleset_jam_is_repaired_in_4_rounds_after_a_passed_tek_test() -> None:
    f = rp_fight()
    f.do({"type": "attack", "who": "k", "at": "c", "action": {"distance": 20}, "dice": [99, 20]})
    w = f.who("k")["weapon"]
    assert w["jammed"] and w["repairing"] == 4  # seed 000: repaired in 4 rounds on a Tek test under 50
    for _ in range(3):
        f.end("k")
        f.end("c")
        assert f.who("k")["weapon"]["jammed"]
    f.end("k")
    assert not f.who("k")["weapon"]["jammed"]


def test_undo_takes_the_last_event_away_and_the_state_is_as_before_it() -> None:
    f = dh2_fight()
    before = f.state()
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [5, 50, 6]})
    out = run_encounter({"encounter": f.file, "undo": True})
    assert out["status"] == "ok" and out["undone"]["type"] == "attack"
    assert out["state"] == before


def test_remove_is_an_event_and_undo_brings_the_combatant_back() -> None:
    f = dh2_fight()
    f.do({"type": "remove", "who": "c"})
    assert [c["id"] for c in f.state()["combatants"]] == ["g"]
    out = run_encounter({"encounter": f.file, "undo": True})
    assert [c["id"] for c in out["state"]["combatants"]] == ["g", "c"]


def test_a_seed_is_stored_as_the_dice_it_rolled_so_the_file_replays_the_same() -> None:
    f = dh2_fight()
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "seed": 7})
    stored = f.file["events"][-1]
    assert "seed" not in stored and stored["dice"] == [d["value"] for d in out["resolution"]["dice"]]
    assert run_encounter({"encounter": f.file})["state"] == out["state"]


def test_an_imported_file_with_errors_is_refused_whole_each_error_naming_its_event_and_field() -> None:
    f = dh2_fight()
    bad = json.loads(json.dumps(f.file))
    bad["events"][0]["combatant"]["attacker"]["characteristics"]["BS"] = 140
    bad["events"][2]["type"] = "teleport"
    out = run_encounter({"encounter": bad})
    assert out["status"] == "invalid"
    fields = {e["field"] for e in out["errors"]}
    assert "encounter.events.2" in fields or any(x.startswith("encounter.events.2") for x in fields)


def test_an_event_the_state_refuses_inside_an_imported_file_is_named() -> None:
    f = dh2_fight()
    bad = json.loads(json.dumps(f.file))
    bad["events"].append({"type": "attack", "who": "c", "at": "g", "dice": [5]})
    out = run_encounter({"encounter": bad})
    assert out == {
        "status": "invalid",
        "errors": [{"field": "encounter.events.3.who", "message": "It is Guard's turn, not Cultist's"}],
    }


def test_an_unknown_combatant_is_refused_at_its_field() -> None:
    f = dh2_fight()
    assert f.refused({"type": "attack", "who": "g", "at": "zz", "dice": [5]}) == [
        {"field": "then.at", "message": "No combatant 'zz' in this encounter"}
    ]


def test_cli_encounter_prints_the_state_and_then_applies_one_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = dh2_fight()
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(f.file))
    assert main(["encounter", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["state"]["turn"] == "g"
    event = tmp_path / "aim.json"
    event.write_text(json.dumps({"type": "aim", "who": "g", "aim": "full"}))
    assert main(["encounter", str(path), "--then", str(event)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["encounter"]["events"][-1] == {"type": "aim", "who": "g", "aim": "full"}
    assert out["state"]["combatants"][0]["aim"] == "full"
    event.write_text(json.dumps({"type": "aim", "who": "c"}))
    assert main(["encounter", str(path), "--then", str(event)]) == 2
    assert "It is Guard's turn" in capsys.readouterr().err


def test_preview_gives_the_scenario_an_attack_would_have_now_and_changes_nothing() -> None:
    f = dh2_fight()
    f.do({"type": "condition", "who": "c", "condition": "Stunned", "rounds": 1})
    f.do({"type": "aim", "who": "g", "aim": "half"})
    before = f.state()
    out = run_encounter({"encounter": f.file, "preview": {"who": "g", "at": "c", "action": {"distance": 20}}})
    assert out["status"] == "ok" and out["state"] == before
    sc = out["scenario"]
    assert sc["action"]["aim"] == "half" and sc["action"]["circumstances"] == ["Stunned Target"]
    assert sc["attacker"]["weapon"]["clip"] == 30 and sc["target"]["evasion"] is None  # Stunned: no Reaction


def test_the_example_encounter_replays_to_round_3_with_what_each_event_left() -> None:
    path = Path(__file__).parents[3] / "examples" / "encounters" / "dh2-three-rounds.json"
    out = run_encounter({"encounter": json.loads(path.read_text())})
    assert out["status"] == "ok"
    s = out["state"]
    vael, cultist = s["combatants"]
    assert (s["round"], s["turn"]) == (3, "vael")
    assert vael["weapon"]["rounds"] == 30 - 3 - 10  # a Semi-Auto Burst (RoF 3), then a Full Auto Burst (10)
    assert cultist["damage_taken"] == 6
    assert cultist["weapon"] == {**cultist["weapon"], "jammed": False, "rounds": 0}  # cleared: the clip is lost


def test_fan_ruleset_damage_charts_typed_in_name_the_injury() -> None:
    f = rp_fight()
    chart = {
        "chart": 1,
        "die": 100,
        "rows": [{"low": 1, "high": 50, "result": "Flesh wound"}, {"low": 51, "high": 100, "result": "Serious wound"}],
    }
    # as above: 25 hits the Left Arm and penetrates; the damage d100 37 reads "Flesh wound" on Chart 1
    f.do({"type": "attack", "who": "k", "at": "c", "action": {"distance": 20}, "charts": [chart], "dice": [25, 37, 50]})
    assert f.who("c")["injuries"] == ["Flesh wound"]


def test_damage_charts_are_refused_outside_the_fan_ruleset() -> None:
    f = dh2_fight()
    errors = f.refused({"type": "attack", "who": "g", "at": "c", "charts": [{"chart": 1, "rows": []}], "dice": [5]})
    assert errors == [{"field": "then.charts", "message": "Damage Charts are the fan-made ruleset's (wh40krp)"}]


def test_fan_ruleset_a_damage_roll_off_the_players_chart_is_an_injury_the_gm_reads() -> None:
    # "a roll not on a chart says so ... instead of reading the nearest row". 25 hits
    # (BS 40), reversed 52: the Left Arm, unarmoured: penetrates; the damage d100 rolls 86 and Chart 1
    # covers 01-70 only: the injury says it is off the chart, and the attack is not refused
    f = rp_fight()
    chart = {"chart": 1, "rows": "01-30: Flesh wound\n31-70: Down"}
    out = f.do(
        {"type": "attack", "who": "k", "at": "c", "action": {"distance": 20}, "charts": [chart], "dice": [25, 86]}
    )
    dmg = out["resolution"]["shots"][0]["damage"]
    assert (dmg["total"], dmg["result"], dmg["result_from"]) == (86, None, "off_chart")
    assert f.who("c")["injuries"] == ["Chart 1 at 86: not on your chart (01-70), the GM reads it"]
    # the same attack on a row of the chart reads the row
    g = rp_fight()
    g.do({"type": "attack", "who": "k", "at": "c", "action": {"distance": 20}, "charts": [chart], "dice": [25, 37]})
    assert g.who("c")["injuries"] == ["Down"]
