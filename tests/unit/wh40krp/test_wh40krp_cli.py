"""The command line on the fan-made Warhammer 40,000 Roleplay (``system: "wh40krp"``):
``python -m rules resolve FILE`` (exit 0 with the resolution, 2 with field errors on stderr, 3 with
the die it needs on stdout), ``python -m rules schema --system wh40krp``, and the example round."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from run_helpers import cli

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "wh40krp-autogun-round.json"

CHART_1 = "01-20: Flesh wound\n21-50: Wounded\n51-90: Badly wounded\n91-00: Killed outright"


def _round(
    actions: list[dict[str, Any]] | None = None, distance: float = 20, dice: list[int] | None = None, **target: Any
) -> dict[str, Any]:
    """A trooper with an autogun (S/SA/A, 100 m, 30 rounds, +10 against physical armour) shooting
    at a cultist in flak (physical, 40% on every location but the head) 20 m away."""
    return {
        "system": "wh40krp",
        "attacker": {
            "name": "Trooper",
            "BS": 50,
            "weapon": {
                "name": "Autogun",
                "class": "Basic",
                "range": 100,
                "modes": "S/SA/A",
                "clip": 30,
                "penetration": {"physical": 10},
            },
        },
        "target": {
            "name": "Cultist",
            "armour": {
                loc: {"name": "Flak", "type": "physical", "chance": 40}
                for loc in ("Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg")
            },
            **target,
        },
        "action": {"actions": actions or [{"kind": "aim"}, {"kind": "semi"}], "distance": distance},
        "charts": [{"chart": 1, "rows": CHART_1}],
        "dice": dice,
    }


def _resolve_file(tmp_path: Path, data: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data))
    return cli("resolve", str(path))


def test_cli_resolves_a_wh40krp_round_file_exit_0(tmp_path: Path) -> None:
    # Aim (+5), then semi-automatic at 20 m (short range of 100 m): the aim is the first shot's only
    # (seed 000, Aiming: it "only applies with the first shot", read for any burst).
    #   shot 1: BS 50 - 5 + 5 = 50%, rolled 23: hit; reversed 32: Right Arm
    #   shot 2: BS 50 - 10 = 40%, rolled 60: miss
    # Right Arm flak 40% + 10 (physical, short range) = 50%, rolled 35: penetrated;
    # damage d100 42 on the player's Chart 1: 21-50 "Wounded".
    proc = _resolve_file(tmp_path, _round(dice=[23, 60, 35, 42]))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert (res["system"], res["outcome"], res["actions_spent"]) == ("wh40krp", "hit", 2)
    shots = res["shots"]
    assert [(s["kind"], s["chance"], s["roll"], s["hit"]) for s in shots] == [
        ("semi", 50, 23, True),
        ("semi", 40, 60, False),
    ]
    assert (shots[0]["location_roll"], shots[0]["location"]) == (32, "Right Arm")
    assert [(la["layer"], la["chance"], la["roll"], la["penetrated"]) for la in shots[0]["layers"]] == [
        ("armour", 50, 35, True)
    ]
    assert shots[0]["damage"] == {
        "chart": 1,
        "die": 100,
        "roll": 42,
        "modifiers": [],
        "total": 42,
        "result": "Wounded",
        "result_from": "chart",
    }
    assert (res["hits"], res["penetrating_hits"], res["duck_back"]) == (1, 1, [])
    assert (res["rounds_fired"], res["rounds_left"]) == (2, 28)
    assert [d["value"] for d in res["dice"]] == [23, 60, 35, 42]


def test_cli_a_third_aim_action_exits_2_at_that_action(tmp_path: Path) -> None:
    proc = _resolve_file(tmp_path, _round([{"kind": "aim"}] * 3 + [{"kind": "single"}], dice=[23]))
    assert proc.returncode == 2
    assert proc.stdout == ""
    err = json.loads(proc.stderr)["errors"]
    assert err[0]["field"] == "action.actions.2.kind"
    assert "2 actions at most" in err[0]["message"]


def test_cli_a_target_beyond_the_weapons_range_exits_2_at_the_distance(tmp_path: Path) -> None:
    proc = _resolve_file(tmp_path, _round(distance=150, dice=[23]))
    assert proc.returncode == 2
    assert proc.stdout == ""
    err = json.loads(proc.stderr)["errors"]
    assert err[0]["field"] == "action.distance"
    assert "maximum range of 100 m" in err[0]["message"]


def test_cli_needs_the_next_die_exits_3(tmp_path: Path) -> None:
    # the two to-hit rolls are given; shot 1 hit the Right Arm, so its armour penetration roll is next
    proc = _resolve_file(tmp_path, _round(dice=[23, 60]))
    assert proc.returncode == 3, proc.stderr
    out = json.loads(proc.stdout)
    assert out["needs"] == {"purpose": "shot 1 armour penetration d100", "sides": 100, "index": 2, "count": 1}
    assert [(d["purpose"], d["value"]) for d in out["dice"]] == [
        ("shot 1 to-hit d100 (Cultist)", 23),
        ("shot 2 to-hit d100 (Cultist)", 60),
    ]


def test_cli_schema_for_wh40krp() -> None:
    proc = cli("schema", "--system", "wh40krp")
    assert proc.returncode == 0, proc.stderr
    schema = json.loads(proc.stdout)
    assert {"attacker", "target", "action", "charts"} <= set(schema["properties"])
    assert schema["properties"]["system"]["const"] == "wh40krp"
    # every top-level key of the example is a property the schema knows
    assert set(json.loads(EXAMPLE.read_text())) <= set(schema["properties"])


def test_cli_schema_without_the_option_is_still_the_d100_scenario() -> None:
    proc = cli("schema")
    assert proc.returncode == 0, proc.stderr
    schema = json.loads(proc.stdout)
    assert "dh2" in schema["properties"]["system"]["enum"]
    assert "charts" not in schema["properties"]


def test_cli_resolves_the_wh40krp_example() -> None:
    # examples/wh40krp-autogun-round.json (seed 309): aim, then a burst of 4 at 30 m (short range of
    # 150 m) at a renegade standing behind a waist-high wall (-20 partially hidden):
    #   shot 1: 55 - 10 + 5 (aim, first shot only) - 20 = 30%, rolled 09: hit; reversed 90: Right Leg
    #           behind the wall: cover 30%, rolled 26: through; unarmoured leg; d100 31 + 10 (cover) = 41
    #   shot 2: 55 - 20 - 20 = 15%, rolled 39: miss
    #   shot 3: 55 - 30 - 20 = 5%, rolled 01: hit; reversed 10: Head; helmet 50%, rolled 27: through; d100 30
    #   shot 4: 55 - 40 - 20 = -5%, at least 1%: rolled 18: miss
    proc = cli("resolve", str(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert (res["system"], res["outcome"], res["seed"]) == ("wh40krp", "hit", 309)
    assert [(s["kind"], s["chance"], s["roll"], s["location"]) for s in res["shots"]] == [
        ("auto", 30, 9, "Right Leg"),
        ("auto", 15, 39, None),
        ("auto", 5, 1, "Head"),
        ("auto", 1, 18, None),
    ]
    assert [la["layer"] for la in res["shots"][0]["layers"]] == ["cover"]
    assert [(s["damage"]["total"], s["damage"]["result"]) for s in res["shots"] if s["damage"]] == [
        (41, "Wounded: 2 wounds"),
        (30, "Wounded: 2 wounds"),
    ]
    assert (res["hits"], res["penetrating_hits"], res["rounds_fired"], res["rounds_left"]) == (2, 2, 4, 26)


def test_cli_a_chart_row_typed_as_00_reads_100(tmp_path: Path) -> None:
    # the books print a d100 chart's last row as '00'; 96-99 then 00 is a chart without gaps
    # (DamageChart.parse_rows once read a lone '00' as the row 100-0, 'runs backwards')
    data = _round(dice=[23, 60, 35, 100])
    data["charts"] = [{"chart": 1, "rows": "01-95: Wounded\n96-99: Critical\n00: Killed outright"}]
    proc = _resolve_file(tmp_path, data)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["shots"][0]["damage"]["result"] == "Killed outright"


def test_cli_a_reload_round_is_not_refused_for_a_target_out_of_sight(tmp_path: Path) -> None:
    # a round that fires no shot needs no sight of the target (it was once refused at
    # target.exposure / action.distance: sight was checked on target 0 for every round)
    proc = _resolve_file(tmp_path, _round([{"kind": "reload"}], distance=150, exposure="hidden", dice=[]))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert (res["actions_spent"], res["shots"], res["dice"]) == (4, [], [])
