"""Deathwatch's opposed tests and melee manoeuvres (rules.d100.manoeuvres, rules/dw
Readings).

Seed 001, Combat Actions (L263-397): "Defensive Stance ... Gain an additional Reaction, opponents
suffer -20 to WS." (L372); "Opposed WS Test, if you win, your next attack cannot be Dodged or
Parried." (L376); "Try and knock an opponent to the ground." (L382); "Opposed WS Test, if you win,
move enemy 1 metre." (L383); "Try to Stun an opponent." (L394). The rest is DW Core, Ch. VIII
(reconstructed; see rules/dw's Readings). Degrees: whole tens of margin.
"""

from __future__ import annotations

from typing import Any

from dw_scenarios import CHAINSWORD, errors_of, purposes, resolve_ok, scenario

from rules.d100.models import Scenario
from rules.d100.opposed import Side, opposed_test
from rules.dice import Roller, ScriptedDice
from rules.dw import DWAttack


def _m(action: str, dice: list[int], **kw: Any) -> dict[str, Any]:
    chars = kw.pop("chars", {"WS": 35, "S": 40})
    data = scenario(CHAINSWORD, action=action, distance=1, dice=dice, **kw)
    data["target"].setdefault("characteristics", {}).update(chars)
    return data


def test_dw_opposed_tie_equal_degrees_goes_to_the_higher_characteristic() -> None:
    # WS 50 rolls 41: 0 DoS; WS 42 rolls 40: 0 DoS. Equal: the higher WS (50) wins; DH2 would
    # compare bonuses (5 against 4) and agree, so take equal bonuses: 49 against 42 -> 49 wins.
    a = DWAttack(Scenario(system="dw"), Roller(ScriptedDice([])))
    r, text = opposed_test(a, Roller(ScriptedDice([41, 40])), Side("Brother", "WS", 49), Side("Ork", "WS", 42), "Feint")
    assert r.winner == "active" and "the higher characteristic (49 against 42) wins" in text


def test_dw_opposed_both_failing_is_a_stalemate() -> None:
    a = DWAttack(Scenario(system="dw"), Roller(ScriptedDice([])))
    r, text = opposed_test(
        a, Roller(ScriptedDice([95, 99])), Side("Brother", "S", 50), Side("Ork", "S", 45), "Knock-Down"
    )
    assert r.winner is None and "both fail" in text


def test_dw_feint_won_by_degrees() -> None:
    # WS 40 rolls 10: 3 DoS; target WS 35 rolls 14: 2 DoS. More degrees: the attacker wins.
    res = resolve_ok(_m("Feint", [10, 14]))
    assert res["manoeuvre"]["winner"] == "attacker" and res["manoeuvre"]["no_evasion"] is True
    assert "seed 001, Combat Actions (Feint" in " ".join(s["source"] for s in res["steps"])


def test_dw_defensive_stance_gives_an_additional_reaction() -> None:
    res = resolve_ok(_m("Defensive Stance", []))
    assert res["manoeuvre"]["extra_reaction"] is True and res["dice"] == []
    assert "additional Reaction" in res["manoeuvre"]["effects"][0]


def test_dw_stun_compares_1d10_plus_sb_with_tb_plus_head_ap() -> None:
    # WS 40 - 20 = 20, rolls 20: hit. 1d10 4 + SB 4 = 8 against TB 4 + head AP 0 = 4: 4 rounds.
    res = resolve_ok(_m("Stun", [20, 4]))
    assert res["manoeuvre"]["stunned_rounds"] == 4 and res["fatigue"] == 1
    assert purposes(res)[-1] == ("Stun: Brother Marius's 1d10 + SB", 10, 4)


def test_dw_knock_down_needs_the_opponents_strength() -> None:
    assert "target.characteristics.S" in errors_of(_m("Knock-Down", [10, 60], chars={"WS": 35}))


def test_dw_knock_down_won_by_two_degrees_armour_doubled() -> None:
    # S 40 rolls 15: 2 DoS; target S 40 rolls 70: fails. Won by 2: Prone, 1d5-3+SB to the Body
    # (d10 9 -> 5: 5 - 3 + 4 = 6) against Body AP 1 doubled (2) and TB 4: 0 wounds; 1 Fatigue.
    res = resolve_ok(_m("Knock-Down", [15, 70, 9], armour={"Body": 1}))
    m = res["manoeuvre"]
    assert m["prone"] is True and m["fatigue"] == 1 and res["total_wounds"] == 0
    assert res["hits"][0]["effective_armour"] == 2


def test_dw_grapple_throw_down_with_no_size_degrees_ties_to_a_stalemate() -> None:
    # S 40 rolls 25: 1 DoS; the target's S 40 rolls 30: 1 DoS. A Hulking attacker gains no degree
    # in Deathwatch (seed 004's Size rule is DH2's): equal S, a stalemate; the target stays up.
    data = _m("Grapple", [25, 30])
    data["action"]["grapple"] = {"option": "throw"}
    data["attacker"]["size"] = "Hulking"
    res = resolve_ok(data)
    assert res["grapple"]["winner"] is None and res["grapple"]["prone"] is False
    assert "Size" not in " ".join(s["detail"] for s in res["steps"])


def test_dw_grapple_attempt_is_a_standard_attack() -> None:
    data = _m("Grapple", [20])
    data["action"]["grapple"] = {"option": "attempt"}
    res = resolve_ok(data)
    assert res["modifiers"][0]["label"] == "Standard Attack"


def test_dw_manoeuvres_are_refused_against_a_horde() -> None:
    data = _m("Knock-Down", [15, 70, 9])
    data["target"]["horde"] = {"magnitude": 30, "armour": 3}
    assert "target.horde" in errors_of(data)
