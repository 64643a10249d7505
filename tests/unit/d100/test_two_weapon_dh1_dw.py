"""Two-weapon fighting in Dark Heresy 1st edition and Deathwatch, worked by hand.

seed 003 (DH1), Combat Circumstances: "Off Hand Attacks | WS & BS -20". seed 001 (Deathwatch),
Two-Weapon Fighting: "Only one-handed weapons. Either make a single attack with either weapon (-20
for off-hand), or if you have the Two Weapon Wielder Talent, spend a Full Action to attack with both
weapons, but at -20 to each (drops to -10 with Ambidextrous Talent). If shooting with a gun in each
hand, your targets must be within 10m of each other."

Both rulesets count degrees as whole tens of margin; a Standard Attack is +0 in both (their action
tables); 10 m is Short range (+10) for a 30 m pistol.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_two_weapon_dh2 import LEFT, STUB, mods, pair

from rules import run


def _in(system: str, **kw: Any) -> dict[str, Any]:
    data = pair(**kw)
    data["system"] = system
    return data


def _ok(data: dict[str, Any]) -> dict[str, Any]:
    out = run(data)
    assert out["status"] == "ok", out
    res: dict[str, Any] = out["resolution"]
    return res


@pytest.mark.parametrize(("system", "standard"), [("dh1", 0), ("dw", 0)])
def test_two_weapon_wielder_both_pistols_minus_20_each_a_full_action(system: str, standard: int) -> None:
    res = _ok(_in(system, action="Standard Attack", dice=[30, 5, 95]))
    # BS 45 + 0 (Standard) + 10 (Short) - 20 = 35.
    want = 45 + standard + 10 - 20
    assert ("Two weapons, one attack each", -20) in mods(res)
    assert res["target_number"] == res["second"]["target_number"] == want
    assert res["second"]["weapon"] == LEFT["name"] and res["second"]["outcome"] == "miss"
    cost = [s for s in res["steps"] if s["rule"] == "Two-Weapon Fighting"]
    assert "one Full Action" in cost[0]["detail"]


@pytest.mark.parametrize("system", ["dh1", "dw"])
def test_off_hand_minus_20_and_none_with_ambidextrous(system: str) -> None:
    res = _ok(_in(system, action="Standard Attack", two_weapon="off_hand", dice=[30, 5]))
    assert ("Off-hand weapon", -20) in mods(res) and "second" not in res
    res = _ok(_in(system, action="Standard Attack", two_weapon="off_hand", ambidextrous=True, dice=[30, 5]))
    assert not [m for m in mods(res) if "hand" in m[0]]


@pytest.mark.parametrize("system", ["dh1", "dw"])
def test_ambidextrous_minus_10_each(system: str) -> None:
    res = _ok(_in(system, action="Standard Attack", ambidextrous=True, dice=[95, 95]))
    assert ("Two weapons, one attack each (Ambidextrous)", -10) in mods(res["second"])


@pytest.mark.parametrize("system", ["dh1", "dw"])
def test_targets_within_10_m_and_talent_required(system: str) -> None:
    far = _in(system, action="Standard Attack", second_target={"name": "X"}, targets_apart=11, dice=[95, 95])
    out = run(far)
    assert out["status"] == "invalid"
    fields = {e["field"] for e in out["errors"]}
    assert "action.targets_apart" in fields
    out = run(_in(system, action="Standard Attack", talents=(), dice=[95, 95]))
    assert {e["field"] for e in out["errors"]} == {"action.two_weapon_wielder"}


def test_dh1_melee_hands_make_standard_attacks_only() -> None:
    sword = {"name": "Sword", "class": "Melee", "damage": "1d10"}
    out = run(
        _in(
            "dh1",
            first=sword,
            second={**sword, "name": "Left Sword"},
            action="All Out Attack",
            talents=("Melee",),
            dice=[95, 95],
        )
    )
    assert out["status"] == "invalid"
    assert any(e["field"] == "action.type" and "Standard Attack" in e["message"] for e in out["errors"])
    assert STUB["class"] == "Pistol"


@pytest.mark.parametrize(("system", "row"), [("dh1", "Off Hand Attacks"), ("dh2", "Off-Hand Attack")])
def test_the_off_hand_penalty_is_not_counted_twice(system: str, row: str) -> None:
    # seed 003: "Off Hand Attacks | WS & BS -20": the row and the off-hand choice are one penalty.
    data = _in(system, action="Standard Attack", two_weapon="off_hand", circumstances=[row], dice=[30, 5])
    out = run(data)
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["action.circumstances"]
