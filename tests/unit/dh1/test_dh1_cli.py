"""The command line on a Dark Heresy 1st edition scenario: ``python -m rules resolve FILE|-``
(exit 0 with the resolution, 2 with field errors on stderr, 3 with the die it needs on stdout)."""

from __future__ import annotations

import json
from pathlib import Path

from dh1_scenarios import AUTOGUN, SWORD, scenario, weapon
from run_helpers import cli

ROOT = Path(__file__).resolve().parents[3]


def test_cli_resolves_a_dh1_scenario_file(tmp_path: Path) -> None:
    # Autogun Full Auto Burst: BS 40 + 20 + Short range (20 m) 10 = 70; roll 23 -> DoS (70 - 23) // 10 = 4
    # -> 1 + 4 = 5 hits, capped at RoF 4; reversed 32 Body: Body, Body, Right Arm, Head (Body AP 2).
    # d10s 5, 6, 10, 1:
    #   hit 1: 5 + 2 = 7 - 2 - 3 = 2
    #   hit 2: 6 + 2 = 8 - 2 - 3 = 3
    #   hit 3: 10 + 2 = 12 - 0 - 3 = 9; Righteous Fury: confirm 65 <= 70, d10 4 -> 16 - 3 = 13
    #   hit 4: 1 + 2 = 3 - 3 = 0
    # 18 wounds of 30
    data = scenario(
        weapon(AUTOGUN, rof="S/-/4"),
        action="Full Auto Burst",
        distance=20,
        armour={"Body": 2},
        wounds=30,
        dice=[23, 5, 6, 10, 65, 4, 1],
    )
    path = tmp_path / "dh1.json"
    path.write_text(json.dumps(data))
    proc = cli("resolve", str(path))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert (res["system"], res["outcome"], res["target_number"], res["degrees"]) == ("dh1", "hit", 70, 4)
    assert [h["location"] for h in res["hits"]] == ["Body", "Body", "Right Arm", "Head"]
    assert [h["wounds"] for h in res["hits"]] == [2, 3, 13, 0]
    assert res["hits"][2]["righteous_fury"]["extra_damage"] == [4]
    assert (res["total_wounds"], res["rounds_fired"], res["rounds_left"]) == (18, 4, 26)


def test_cli_dh1_refusal_exits_2_naming_the_ruleset() -> None:
    proc = cli("resolve", "-", stdin=json.dumps(scenario(SWORD, action="Swift Attack", dice=[23, 5])))
    assert proc.returncode == 2
    assert proc.stdout == ""
    err = json.loads(proc.stderr)["errors"]
    assert err[0]["field"] == "action.type"
    assert "Dark Heresy 1st edition" in err[0]["message"]


def test_cli_dh1_needs_the_fury_confirmation_exits_3() -> None:
    # Lasgun roll 23 hits; d10 10: the next die is the confirmation d100
    proc = cli("resolve", "-", stdin=json.dumps(scenario(dice=[23, 10])))
    assert proc.returncode == 3
    out = json.loads(proc.stdout)
    assert out["needs"] == {"purpose": "hit 1 Righteous Fury confirmation d100", "sides": 100, "index": 2, "count": 1}
    assert [d["value"] for d in out["dice"]] == [23, 10]


def test_cli_dh1_seeded_replays() -> None:
    data = scenario(seed=12345)
    first = cli("resolve", "-", stdin=json.dumps(data))
    again = cli("resolve", "-", stdin=json.dumps(data))
    assert first.returncode == 0, first.stderr
    res = json.loads(first.stdout)
    assert (res["system"], res["seed"]) == ("dh1", 12345)
    assert json.loads(again.stdout) == res
