"""DH1's opposed tests and melee manoeuvres (rules.d100.manoeuvres, rules/dh1 Readings).

Seed 003, Actions (lines 23-57):
  "| Feint | Half | Opposed WS Test, if you win, your next attack cannot be Dodged or Parried |"
  "| Knock-Down | Half | Try and knock an opponent to the ground |"
  "| Stun | Full | Try to Stun an opponent |"
  "| Defensive Stance | Full | Enemies -20 WS, you cannot attack. |"
  "| Manoeuvre | Half | Opposed WS Test, if you win move enemy 1 metre |"
The rest is DH1 Core, Ch. VIII (reconstructed; see rules/dh1's Readings). DH1 degrees: whole tens
of margin, a bare success has 0.
"""

from __future__ import annotations

from typing import Any

from dh1_scenarios import SWORD, errors_of, purposes, resolve_ok, scenario

from rules.d100.models import Scenario
from rules.d100.opposed import Side, opposed_test
from rules.dh1 import DH1Attack
from rules.dice import Roller, ScriptedDice


def _m(action: str, dice: list[int], **kw: Any) -> dict[str, Any]:
    chars = kw.pop("chars", {"WS": 35, "S": 30})
    data = scenario(SWORD, action=action, distance=1, dice=dice, **kw)
    data["target"]["characteristics"].update(chars)
    return data


# -- opposed test ties (DH1 Core, Ch. I, Opposed Tests) ------------------------------------------


def _dh1() -> DH1Attack:
    return DH1Attack(Scenario(system="dh1"), Roller(ScriptedDice([])))


def test_dh1_opposed_tie_equal_degrees_goes_to_the_higher_characteristic() -> None:
    # WS 45 rolls 44: 0 DoS; WS 38 rolls 30: 0 DoS. Equal degrees: the higher WS (45) wins.
    r, text = opposed_test(
        _dh1(), Roller(ScriptedDice([44, 30])), Side("Vex", "WS", 45), Side("Cultist", "WS", 38), "Feint"
    )
    assert r.winner == "active"
    assert "the higher characteristic (45 against 38) wins" in text


def test_dh1_opposed_tie_same_characteristic_or_both_failing_is_a_stalemate() -> None:
    r, text = opposed_test(
        _dh1(), Roller(ScriptedDice([44, 40])), Side("Vex", "WS", 45), Side("Cultist", "WS", 45), "Feint"
    )
    assert r.winner is None and "stalemate" in text
    r, text = opposed_test(
        _dh1(), Roller(ScriptedDice([90, 80])), Side("Vex", "WS", 45), Side("Cultist", "WS", 45), "Feint"
    )
    assert r.winner is None and "both fail" in text


# -- Feint -------------------------------------------------------------------------------------------


def test_dh1_feint_won_next_attack_cannot_be_dodged_or_parried() -> None:
    # Attacker WS 40 rolls 15: 2 DoS; target WS 35 rolls 30: 0 DoS. The attacker wins.
    res = resolve_ok(_m("Feint", [15, 30]))
    m = res["manoeuvre"]
    assert m["kind"] == "feint" and m["winner"] == "attacker" and m["no_evasion"] is True
    assert [t["degrees"] for t in m["tests"]] == [2, 0]
    assert purposes(res) == [
        ("Feint: Attacker's WS d100 (opposed)", 100, 15),
        ("Feint: Target's WS d100 (opposed)", 100, 30),
    ]
    assert res["outcome"] == "hit" and res["total_wounds"] == 0
    assert any("seed 003, Actions (Feint" in s["source"] for s in res["steps"])


def test_dh1_feint_lost_gives_nothing() -> None:
    res = resolve_ok(_m("Feint", [80, 30]))
    assert res["manoeuvre"]["winner"] == "target" and res["manoeuvre"]["no_evasion"] is False
    assert res["outcome"] == "miss"


def test_dh1_feint_needs_the_opponents_ws() -> None:
    errs = errors_of(_m("Feint", [15, 30], chars={}))
    assert "target.characteristics.WS" in errs


def test_dh1_feint_is_a_melee_action() -> None:
    data = scenario(action="Feint", dice=[15, 30])  # the default Lasgun
    data["target"]["characteristics"]["WS"] = 35
    assert "action.type" in errors_of(data)


# -- Manoeuvre -----------------------------------------------------------------------------------


def test_dh1_manoeuvre_won_moves_the_enemy_one_metre() -> None:
    res = resolve_ok(_m("Manoeuvre", [15, 70]))
    assert res["manoeuvre"]["metres"] == 1 and res["manoeuvre"]["winner"] == "attacker"


# -- Knock-Down ------------------------------------------------------------------------------------


def test_dh1_knock_down_won_knocks_the_target_prone() -> None:
    # S 30 rolls 25: 0 DoS; target S 30 rolls 60: failure. Won by 0 degrees: Prone only.
    res = resolve_ok(_m("Knock-Down", [25, 60]))
    m = res["manoeuvre"]
    assert m["prone"] is True and m["fatigue"] == 0 and res["hits"] == []


def test_dh1_knock_down_won_by_two_degrees_deals_unarmed_damage_and_fatigue() -> None:
    # S 30 rolls 05: (30-5)//10 = 2 DoS; target fails (60). Won by 2: Prone, 1d5-3+SB to the Body
    # and a level of Fatigue. The d5 (a d10 halved, rounded up) rolls 9 -> 5: 5 - 3 + SB 3 = 5;
    # TB 3, no armour: 2 wounds.
    res = resolve_ok(_m("Knock-Down", [5, 60, 9]))
    m = res["manoeuvre"]
    assert m["prone"] is True and m["fatigue"] == 1 and res["fatigue"] == 1
    assert res["hits"][0]["location"] == "Body" and res["total_wounds"] == 2


def test_dh1_knock_down_lost_by_two_degrees_the_attacker_falls() -> None:
    # S 30 rolls 90: fails; target S 30 rolls 08: 2 DoS. The target wins by 2.
    res = resolve_ok(_m("Knock-Down", [90, 8]))
    assert res["manoeuvre"]["attacker_prone"] is True and res["manoeuvre"]["prone"] is False


# -- Stun -------------------------------------------------------------------------------------------


def test_dh1_stun_hit_stuns_for_the_difference_and_a_level_of_fatigue() -> None:
    # WS 40 - 20 = 20; rolls 12: hit. 1d10 rolls 9 + SB 3 = 12 against TB 3 + head AP 2 = 5:
    # Stunned 7 rounds, one level of Fatigue.
    res = resolve_ok(_m("Stun", [12, 9], armour={"Head": 2}))
    m = res["manoeuvre"]
    assert m["stunned_rounds"] == 7 and m["fatigue"] == 1 and res["fatigue"] == 1
    assert ("Stun: Attacker's 1d10 + SB", 10, 9) in purposes(res)
    assert ("Stun", -20) in [(x["label"], x["value"]) for x in res["modifiers"]]


def test_dh1_stun_equal_roll_stuns_one_round() -> None:
    # 1d10 rolls 2 + SB 3 = 5 against TB 3 + AP 2 = 5: equal or higher, at least 1 round.
    res = resolve_ok(_m("Stun", [12, 2], armour={"Head": 2}))
    assert res["manoeuvre"]["stunned_rounds"] == 1


def test_dh1_stun_lower_roll_does_nothing() -> None:
    res = resolve_ok(_m("Stun", [12, 1], armour={"Head": 6}))
    assert res["manoeuvre"]["stunned_rounds"] == 0 and res["fatigue"] == 0


def test_dh1_stun_missed_rolls_no_d10() -> None:
    res = resolve_ok(_m("Stun", [50]))
    assert res["outcome"] == "miss" and len(res["dice"]) == 1


def test_dh1_stun_may_be_dodged() -> None:
    data = _m("Stun", [12, 5], evasion={"reaction": "Dodge", "skill": 40})
    res = resolve_ok(data)
    assert res["outcome"] == "evaded" and res["manoeuvre"]["stunned_rounds"] == 0


# -- Defensive Stance --------------------------------------------------------------------------------


def test_dh1_defensive_stance_rolls_nothing_and_gives_no_extra_reaction() -> None:
    res = resolve_ok(_m("Defensive Stance", []))
    m = res["manoeuvre"]
    assert res["dice"] == [] and m["extra_reaction"] is False
    assert "\u221220 WS" in m["effects"][0] and "cannot attack" in m["effects"][0]


def test_dh1_manoeuvres_are_in_the_catalogue_actions() -> None:
    from rules.d100 import tables

    names = {a.name: a for a in tables.actions("dh1").actions}
    for n in ("Feint", "Manoeuvre", "Knock-Down", "Stun", "Defensive Stance"):
        assert names[n].manoeuvre is not None and names[n].source.startswith("seed 003")


# -- Grapple (seed 003: "Grapple | Full | Make a Grapple attack"; DH1 Core, Ch. VIII) -------------------


def _grapple(option: str, dice: list[int], **kw: Any) -> dict[str, Any]:
    data = _m("Grapple", dice, **kw)
    data["action"]["grapple"] = {"option": option}
    return data


def test_dh1_grapple_attempt_is_the_full_action_grapple_bare_handed() -> None:
    # WS 40 + Grapple +0 - 20 (unarmed against an armed foe) = 20; rolled 15: the grapple begins.
    res = resolve_ok(_grapple("attempt", [15]))
    assert res["grapple"]["controller"] == "attacker"
    assert (res["modifiers"][0]["label"], res["modifiers"][0]["value"]) == ("Grapple", 0)
    assert res["target_number"] == 20


def test_dh1_grapple_damage_opponent_opposed_strength() -> None:
    # S 30 rolls 05: 2 DoS; the target's S 30 rolls 60: fails. The d5 (d10 9 -> 5) - 3 + SB 3 = 5,
    # less TB 3 (no armour): 2 wounds, and a level of Fatigue.
    res = resolve_ok(_grapple("damage", [5, 60, 9]))
    assert res["grapple"]["winner"] == "attacker" and res["total_wounds"] == 2 and res["fatigue"] == 1


def test_dh1_grapple_has_no_throw_down() -> None:
    errs = errors_of(_grapple("throw", [5, 60]))
    assert "not a Dark Heresy 1st edition grapple option" in errs["action.grapple.option"]


def test_dh1_grapple_size_adds_no_degrees() -> None:
    # S 30 rolls 25 and 28: 0 DoS each; a Hulking attacker would gain a degree in DH2 (seed 004).
    data = _grapple("break_free", [25, 28])
    data["attacker"]["size"] = "Hulking"
    res = resolve_ok(data)
    assert [t["degrees"] for t in res["grapple"]["tests"]] == [0, 0]
    assert res["grapple"]["winner"] is None  # equal S 30: a stalemate


def test_dh1_manoeuvre_odds_are_refused_at_the_action() -> None:
    from rules.odds import run_odds

    out = run_odds(_m("Feint", []))
    assert out["status"] == "invalid" and out["errors"][0]["field"] == "action.type"


def test_dh1_grapple_odds_use_dh1_ties() -> None:
    from rules.odds import run_odds

    out = run_odds(_grapple("damage", []))
    assert out["status"] == "ok", out
