"""Fate points: one test re-rolled with a Fate point, the new roll standing (rules.d100.fate).

Not in the seeds: DH2 Core, Ch. I, Fate Points (Spending Fate); DH1 Core, Ch. VIII, Fate Points;
Deathwatch Core, Fate Points. Spend a Fate point to re-roll a test; the re-roll's result stands.
Damage rolls are not tests. The fan-made ruleset (seed 000) and Epic (seed 002) have no Fate.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from run_helpers import cli

from rules import run

ROOT = Path(__file__).resolve().parents[3]


def _lasgun(dice: list[int], **extra: Any) -> dict[str, Any]:
    """examples/lasgun.json without its Fog: Guardsman BS 45, Standard Attack +10, 20 m of a 100 m
    Lasgun is Short Range +10 (DH2 Core, Ch. VII): target 65."""
    data = json.loads((ROOT / "examples" / "lasgun.json").read_text())
    data["action"]["modifiers"] = []
    return {**data, "dice": dice, **extra}


def _ok(data: dict[str, Any]) -> dict[str, Any]:
    env = run(data)
    assert env["status"] == "ok", env
    return env["resolution"]


def test_fate_rerolls_a_failed_attack_test_and_the_new_roll_stands() -> None:
    # Target 65 (BS 45 +10 Standard Attack +10 Short Range). 87 fails; Fate re-rolls it: 23 hits
    # (65 - 23 = 42: DH2 degrees 6 - 2 + 1 = 5). Then the damage d10: 5.
    res = _ok(_lasgun([87, 23, 5], fate_reroll="attack"))
    assert res["outcome"] == "hit" and res["roll"] == 23 and res["degrees"] == 5
    assert [(d["purpose"], d["value"]) for d in res["dice"]] == [
        ("to-hit d100 (set aside: re-rolled with Fate)", 87),
        ("to-hit d100 (re-rolled with Fate: this roll stands)", 23),
        ("hit 1 damage d10", 5),
    ]
    assert res["fate"] == {"test": "attack", "spent_by": "attacker", "name": "Guardsman", "set_aside": 87,
                           "stands": 23, "die": 0}  # fmt: skip
    step = next(s for s in res["steps"] if s["rule"] == "Fate point: re-roll")
    assert step["source"].startswith("DH2 Core, Ch. I, Fate Points")
    assert "the 87 is set aside" in step["detail"] and "23, stands" in step["detail"]


def test_fate_reroll_keeps_every_other_die() -> None:
    # Without Fate, [23, 5] hits for 5+3 = 8 Energy to the Body (reversed 23: 32, Body), 2 armour,
    # TB 3: 3 wounds. With the Fate re-roll of a missed 87 first, the same 3 wounds.
    plain = _ok(_lasgun([23, 5]))
    fated = _ok(_lasgun([87, 23, 5], fate_reroll="attack"))
    assert plain["total_wounds"] == fated["total_wounds"] == 3
    assert fated["hits"] == plain["hits"]


def test_fate_rerolled_test_can_fail_again() -> None:
    # The new roll stands even when it fails: 87 then 90 (over 65): a miss, no third roll.
    res = _ok(_lasgun([87, 90], fate_reroll="attack"))
    assert res["outcome"] == "miss" and res["roll"] == 90 and len(res["dice"]) == 2


def test_fate_rerolls_the_targets_evasion() -> None:
    # The Cultist Dodges at 40: 23 hits (5 DoS), its first Dodge 80 fails, Fate re-rolls it: 30
    # succeeds with (4 - 3 + 1) = 2 degrees, negating the one hit (DH2 Core, Ch. VII, Evasion).
    data = _lasgun([23, 80, 30])
    data["target"]["evasion"] = {"reaction": "Dodge", "skill": 40}
    res = _ok({**data, "fate_reroll": "evasion"})
    assert res["outcome"] == "evaded" and res["hits_negated"] == 1
    assert res["fate"]["spent_by"] == "target" and res["fate"]["name"] == "Cultist"
    assert res["fate"]["set_aside"] == 80 and res["fate"]["stands"] == 30 and res["fate"]["die"] == 1
    plain = _ok({**data, "dice": [23, 80, 5]})  # without Fate the 80 fails: the hit stands
    assert plain["outcome"] == "hit"


def test_fate_rerolls_one_side_of_an_opposed_test() -> None:
    # DH1 Feint (seed 003, Actions: opposed WS test). The attacker's 80 fails; it spends Fate on
    # its side: 15 (WS 40: 2 DoS) beats the target's 30 (WS 35: 0 DoS), so the Feint is won.
    from dh1_scenarios import SWORD, scenario

    data = scenario(SWORD, action="Feint", distance=1, dice=[80, 15, 30])
    data["target"]["characteristics"].update({"WS": 35, "S": 30})
    res = _ok({**data, "fate_reroll": "opposed attacker"})
    assert res["manoeuvre"]["winner"] == "attacker"
    assert res["fate"]["set_aside"] == 80 and res["fate"]["stands"] == 15
    assert res["steps"][-1]["source"].startswith("DH1 Core, Ch. VIII, Fate Points")
    # the target's side: the attacker's 15 beats the target's 30 (0 DoS); Fate re-rolls it to 05,
    # 3 DoS against 2: the target wins
    res = _ok({**data, "dice": [15, 30, 5], "fate_reroll": "opposed target"})
    assert res["manoeuvre"]["winner"] == "target" and res["fate"]["spent_by"] == "target"


def test_fate_refused_where_the_test_is_not_rolled() -> None:
    # A miss rolls no Evasion: nothing to re-roll
    data = _lasgun([87])
    data["target"]["evasion"] = {"reaction": "Dodge", "skill": 40}
    env = run({**data, "fate_reroll": "evasion"})
    assert env["status"] == "invalid"
    assert env["errors"][0]["field"] == "fate_reroll"
    assert "Evasion test is not rolled in this attack" in env["errors"][0]["message"]


def test_fate_unknown_test_refused_at_its_field() -> None:
    env = run(_lasgun([87], fate_reroll="damage"))
    assert env["status"] == "invalid" and env["errors"][0]["field"] == "fate_reroll"


def test_fate_asks_for_the_rerolls_die_by_name() -> None:
    env = run(_lasgun([87], fate_reroll="attack"))
    assert env["status"] == "needs"
    assert env["needs"]["purpose"] == "to-hit d100 (re-rolled with Fate: this roll stands)"
    assert env["dice"] == [{"purpose": "to-hit d100 (set aside: re-rolled with Fate)", "sides": 100, "value": 87}]


def test_fate_refused_in_the_rulesets_without_fate_points() -> None:
    # Seed 000 (the fan ruleset) and seed 002 (Epic) have no Fate points
    for name, words in (("wh40krp-autogun-round.json", "seed 000"), ("epic-barrage.json", "Epic")):
        data = json.loads((ROOT / "examples" / name).read_text())
        env = run({**data, "fate_reroll": "attack"})
        assert env["status"] == "invalid", name
        assert env["errors"] == [{"field": "fate_reroll", "message": env["errors"][0]["message"]}]
        assert words in env["errors"][0]["message"] and "no Fate points" in env["errors"][0]["message"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), first=st.integers(1, 100))
def test_fate_reroll_is_the_plain_attack_one_die_later(seed: int, first: int) -> None:
    # Any attack with the attack test re-rolled reads as the plain attack of the dice after the
    # set-aside one: the same outcome, hits and wounds.
    data = _lasgun([])
    del data["dice"]
    data["target"]["evasion"] = {"reaction": "Dodge", "skill": 40}
    plain = _ok({**data, "seed": seed})
    dice = [d["value"] for d in plain["dice"]]
    fated = _ok({**copy.deepcopy(data), "dice": [first, *dice], "fate_reroll": "attack"})
    for key in ("outcome", "roll", "hits", "total_wounds", "hits_negated"):
        assert fated[key] == plain[key], key


def test_fate_through_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "fate.json"
    path.write_text(json.dumps(_lasgun([87, 23, 5], fate_reroll="attack")))
    done = cli("resolve", str(path))
    assert done.returncode == 0, done.stderr
    assert "Fate point" in done.stdout and "re-rolled with Fate" in done.stdout


def test_the_page_is_offered_each_rolled_test_with_its_die() -> None:
    # The page's bridge: the tests a Fate point may re-roll, each with its die's index, and their
    # buttons at the end of the result; none once the re-roll is spent (it stands)
    from auspex_web import bridge

    data = _lasgun([23, 80, 5])
    data["target"]["evasion"] = {"reaction": "Dodge", "skill": 40}
    env = bridge.respond(json.dumps(data))
    assert [(c["test"], c["owner"], c["name"], c["die"]) for c in env["fate"]] == [
        ("attack", "attacker", "Guardsman", 0),
        ("evasion", "target", "Cultist", 1),
    ]
    assert 'data-fate="evasion" data-die="1"' in env["html"]
    assert "Re-roll with Fate: the target&#x27;s Evasion test (Cultist)" in env["html"]
    spent = bridge.respond(json.dumps({**data, "dice": [23, 80, 30], "fate_reroll": "evasion"}))
    assert spent["fate"] == [] and "data-fate=" not in spent["html"]
    miss = bridge.respond(json.dumps(_lasgun([87])))
    assert [c["test"] for c in miss["fate"]] == ["attack"]  # a miss rolls no Evasion
    fan = bridge.respond((ROOT / "examples" / "wh40krp-autogun-round.json").read_text())
    assert "fate" not in fan and "data-fate=" not in fan["html"]


def test_fate_cites_each_rulesets_book() -> None:
    # Deathwatch: the Bolter at the Horde (examples/dw-bolter-horde.json), its attack test re-rolled
    data = json.loads((ROOT / "examples" / "dw-bolter-horde.json").read_text())
    data.pop("dice", None)
    env = run({**data, "seed": 7, "fate_reroll": "attack"})
    assert env["status"] == "ok", env
    step = next(s for s in env["resolution"]["steps"] if s["rule"] == "Fate point: re-roll")
    assert step["source"].startswith("Deathwatch Core, Fate Points")
