"""Grappling in one DH2 attack (seed 004 lines 92-122: Grappling, Grapple Action, Grappled Target
Options, Grappling Size Differences), worked by hand.

The fighters: Vex (WS 40, S 45, Ag 35: SB 4, AB 3) grapples a Cultist (S 35, TB 3, 10 wounds,
2 AP on the Body, armed, Dodge 30). DH2 degrees: one plus the target's tens digit less the roll's.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from run_helpers import cli, errors_of, resolve

from rules import catalogue


def grapple(option: str, dice: list[int], **g: Any) -> dict[str, Any]:
    """A Grapple scenario: Vex acts, the Cultist is the other grappler."""
    attacker: dict[str, Any] = {"name": "Vex", "characteristics": {"WS": 40, "S": 45, "Ag": 35}}
    if "size" in g:
        attacker["size"] = g.pop("size")
    target: dict[str, Any] = {
        "name": "Cultist",
        "toughness_bonus": 3,
        "wounds": 10,
        "armour": {"Body": 2},
        "characteristics": {"S": 35},
        "evasion": {"reaction": "Dodge", "skill": 30},
    }
    if "target" in g:
        target.update(g.pop("target"))
    return {
        "system": "dh2",
        "attacker": attacker,
        "target": target,
        "action": {"type": "Grapple", "grapple": {"option": option, **g}},
        "dice": dice,
    }


def test_grapple_attempt_is_a_standard_attack_ws_test_and_the_attacker_controls() -> None:
    # "Attempting a Grapple is a melee attack that uses either a Charge action or a Standard Attack
    # action. The attacker makes a Weapon Skill test as normal. ... If the attack is successful, the
    # attacker and the target start to Grapple, with the attacker controlling the Grapple."
    # WS 40 + 10 (Standard Attack) - 20 (unarmed against an armed foe) = 30; rolled 30: 1 DoS.
    # The Cultist's Dodge 30 rolls 50: fails.
    res = resolve(grapple("attempt", [30, 50]))
    assert res["target_number"] == 30 and res["success"] and res["outcome"] == "hit"
    g = res["grapple"]
    assert g["controller"] == "attacker" and g["winner"] == "attacker"
    assert g["tests"][0]["characteristic"] == "WS" and g["tests"][0]["target"] == 30
    assert res["hits"] == [] and res["total_wounds"] == 0  # a grapple deals no damage


def test_grapple_attempt_as_a_charge_and_the_targets_reaction_avoids_it() -> None:
    # "The target of the Grapple may use a Reaction, if able, to avoid the attack."
    # Charge +20 - 20 unarmed = 40; rolled 30: 2 DoS. Dodge 30 rolls 20: 2 DoS, negates the hit.
    res = resolve(grapple("attempt", [30, 20], charge=True))
    assert res["target_number"] == 40 and res["outcome"] == "evaded"
    assert res["grapple"]["controller"] == "none" and res["grapple"]["winner"] is None


def test_grapple_attempt_missed_starts_no_grapple() -> None:
    res = resolve(grapple("attempt", [31]))  # 31 > 30: the attempt fails; no Dodge is rolled
    assert res["outcome"] == "miss" and res["grapple"]["controller"] == "none"


def test_grapple_damage_opponent_won_deals_unarmed_damage_to_the_body_and_one_fatigue() -> None:
    # "If the active character wins, she inflicts unarmed damage (1d5-3+SB) to her opponent's Body
    # location and one level of Fatigue." S 45 rolls 23: 3 DoS; S 35 rolls 60: fails.
    # d10 7 -> d5 4: 4 - 3 + SB 4 = 5 damage; 5 - 2 AP - 3 TB = 0 wounds; one level of Fatigue.
    res = resolve(grapple("damage", [23, 60, 7]))
    assert res["grapple"]["winner"] == "attacker" and res["grapple"]["controller"] == "attacker"
    (hit,) = res["hits"]
    assert hit["location"] == "Body" and hit["damage"] == 5 and hit["wounds"] == 0
    assert res["fatigue"] == 1 and res["grapple"]["fatigue"] == 1
    # with d10 10 -> d5 5: 5 - 3 + 4 = 6 damage, 6 - 2 - 3 = 1 wound; the 10 is Righteous Fury (d5 2)
    res = resolve(grapple("damage", [23, 60, 10, 3]))
    assert res["hits"][0]["wounds"] == 1 and res["damage_taken_after"] == 1


def test_grapple_damage_opponent_lost_deals_nothing_and_the_opponent_stays_grappled() -> None:
    # "If the grappled opponent wins the Opposed Strength test, no damage is dealt, but she remains
    # Grappled." S 45 rolls 70: fails; S 35 rolls 10: succeeds.
    res = resolve(grapple("damage", [70, 10]))
    assert res["grapple"]["winner"] == "target" and res["grapple"]["controller"] == "attacker"
    assert res["hits"] == [] and res["fatigue"] == 0 and res["outcome"] == "miss"


def test_grapple_throw_down_makes_the_opponent_prone() -> None:
    # "If the active character wins, the Grappled opponent becomes Prone."
    res = resolve(grapple("throw", [23, 60]))
    assert res["grapple"]["prone"] is True


def test_grapple_throw_down_bonus_plus_10_while_the_opponent_is_prone() -> None:
    # "... gaining a +10 to all further Opposed tests made during this Grapple until the Prone
    # opponent manages to stand". S 45 + 10 = 55; rolled 55: succeeds (a 55 would fail at 45).
    res = resolve(grapple("damage", [55, 90, 1], opponent_prone=True))
    mine = res["grapple"]["tests"][0]
    assert mine["target"] == 55 and mine["success"]
    assert {k: mine["modifiers"][0][k] for k in ("label", "value")} == {
        "label": "Throw Down: opponent Prone",
        "value": 10,
    }


def test_grapple_push_one_metre_plus_one_per_degree_at_most_half_move() -> None:
    # "she pushes her opponent one metre ... plus one additional metre for each degree of success.
    # This pushed distance cannot exceed the active character's Half Move distance."
    # S 45 rolls 41: 1 DoS -> 2 m. Rolls 05: 5 DoS -> 6 m, capped at AB 3.
    assert resolve(grapple("push", [41, 90]))["grapple"]["metres"] == 2
    res = resolve(grapple("push", [5, 90]))
    assert res["grapple"]["metres"] == 3
    assert any("3 m" in s["detail"] and "Half Move" in s["detail"] for s in res["steps"])


def test_grapple_stand_won_both_stand_lost_only_the_controller() -> None:
    # "If the controller of the Grapple wins, both participants stand."
    assert resolve(grapple("stand", [23, 60], opponent_prone=True))["grapple"]["prone"] is False
    assert resolve(grapple("stand", [70, 10], opponent_prone=True))["grapple"]["prone"] is True


def test_grapple_ready_use_item_and_end_need_no_test() -> None:
    # "The controller of the Grapple can voluntarily end the Grapple at any point during her turn
    # as a Free Action."
    assert resolve(grapple("ready", []))["grapple"]["controller"] == "attacker"
    assert resolve(grapple("use_item", []))["grapple"]["controller"] == "attacker"
    assert resolve(grapple("end", []))["grapple"]["controller"] == "none"


def test_grapple_break_free_won_ends_it_and_leaves_a_half_action() -> None:
    # "If the active character wins, she breaks free and may perform any Half Action."
    res = resolve(grapple("break_free", [23, 60]))
    g = res["grapple"]
    assert g["controller"] == "none" and g["half_action"] is True
    lost = resolve(grapple("break_free", [70, 10]))["grapple"]
    assert lost["controller"] == "target" and lost["half_action"] is False


def test_grapple_slip_free_is_a_challenging_acrobatics_test() -> None:
    # "a Challenging (+0) Acrobatics test. If she succeeds, she slips free". Acrobatics 50 rolls 44.
    g = resolve(grapple("slip_free", [44], acrobatics=50))["grapple"]
    assert g["controller"] == "none" and g["half_action"] and g["tests"][0]["characteristic"] == "Acrobatics"
    # without Acrobatics given: Agility 35; rolled 44 fails
    g = resolve(grapple("slip_free", [44]))["grapple"]
    assert g["controller"] == "target" and g["tests"][0]["characteristic"] == "Ag"


def test_grapple_take_control_then_one_controller_option() -> None:
    # "If the active character wins, she becomes the controller ... may then immediately perform one
    # of the Controller Grapple Options". Take Control 23 vs 60 (won), then Throw Down 12 vs 80.
    res = resolve(grapple("take_control", [23, 60, 12, 80], then="throw"))
    g = res["grapple"]
    assert g["controller"] == "attacker" and g["winner"] == "attacker" and g["prone"] is True
    assert len(g["tests"]) == 4


def test_grapple_assistance_adds_10_per_helper() -> None:
    # DH2 Core, Ch. I, Assistance; seed 004: "This test can benefit from Assistance." Two helpers for
    # the Cultist: S 35 + 20 = 55; rolled 50 succeeds with 1 DoS against Vex's 1 DoS (45 rolls 41);
    # equal degrees: Vex's S bonus 4 beats the Cultist's 3 (DH2 reading), so Vex still wins.
    res = resolve(grapple("break_free", [41, 50], assist_target=2))
    theirs = res["grapple"]["tests"][1]
    assert theirs["target"] == 55 and theirs["degrees"] == 1
    assert res["grapple"]["winner"] == "attacker"


def test_grapple_size_difference_adds_a_degree_per_step_on_success() -> None:
    # "the larger scores one extra degree of success on successful Opposed tests ... for every point
    # by which the value of her Size trait exceeds her opponent's". Hulking (5) against Average (4):
    # S 45 rolls 41: 1 + 1 = 2 DoS, beating the Cultist's 1 DoS (35 rolls 31).
    res = resolve(grapple("damage", [41, 31, 1], size="Hulking"))
    assert res["grapple"]["tests"][0]["degrees"] == 2 and res["grapple"]["winner"] == "attacker"
    # Enormous Cultist (6) against Average Vex: the Cultist gains 2 on her success.
    res = resolve(grapple("damage", [30, 31], target={"size": "Enormous"}))
    assert res["grapple"]["tests"][1]["degrees"] == 3 and res["grapple"]["winner"] == "target"


def test_grapple_bad_options_are_refused_at_their_field() -> None:
    assert "action.grapple.charge" in errors_of(grapple("damage", [], charge=True))
    assert "action.grapple.then" in errors_of(grapple("break_free", [], then="throw"))
    assert "action.grapple.then" in errors_of(grapple("take_control", [], then="end"))
    assert "action.grapple.assist_attacker" in errors_of(grapple("slip_free", [], assist_attacker=1))
    assert "action.grapple.acrobatics" in errors_of(grapple("damage", [], acrobatics=40))
    assert "action.grapple.opponent_prone" in errors_of(grapple("attempt", [], opponent_prone=True))
    no_s = errors_of(grapple("damage", [], target={"characteristics": {}}))
    assert "Strength" in no_s["target.characteristics.S"]
    assert "action.grapple.assist_target" in errors_of(grapple("damage", [], assist_target=3))


def test_grapple_options_only_with_the_grapple_action_and_only_the_ruleset_s() -> None:
    data = grapple("damage", [1, 1])
    data["action"]["type"] = "Standard Attack"
    assert "action.grapple" in errors_of(data)
    # DH1 grapples too, but has no Throw Down (rules/dh1 Readings)
    dh1 = grapple("throw", [1, 1])
    dh1["system"] = "dh1"
    assert "action.grapple.option" in errors_of(dh1)


def test_grapple_is_in_the_dh2_catalogue() -> None:
    names = [a["name"] for a in catalogue.catalogue()["rulesets"]["dh2"]["actions"]]
    assert "Grapple" in names


def test_grapple_resolution_renders_both_opposed_tests_and_the_controller() -> None:
    from auspex_web.render import render_resolution

    res = resolve(grapple("damage", [23, 60, 7], assist_attacker=1, target={"name": "<b>Cultist</b>"}))
    html = render_resolution(res)
    assert "Damage Opponent: won" in html and "Vex controls" in html and "1 Fatigue" in html
    # S 45 + 10 (one helper) = 55, rolled 23: 5 - 2 + 1 = 4 DoS; S 35 rolled 60: 4 DoF
    assert 'data-k="grapple-target">55<' in html and "4 DoS" in html and "4 DoF" in html
    assert "<b>Cultist</b>" not in html and "&lt;b&gt;Cultist&lt;/b&gt;" in html


def test_grapple_fatigued_is_minus_10_on_the_opposed_strength_test() -> None:
    # DH2 Core, Table 7-3 / seed 001: Fatigued is -10 to all tests. S 45 - 10 = 35; rolled 40 fails.
    data = grapple("break_free", [40, 90])
    data["action"]["circumstances"] = ["Fatigued"]
    mine = resolve(data)["grapple"]["tests"][0]
    assert mine["target"] == 35 and not mine["success"]


def test_grapple_from_the_command_line() -> None:
    proc = cli("resolve", "-", stdin=json.dumps(grapple("damage", [23, 60, 7])))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["grapple"]["winner"] == "attacker" and out["fatigue"] == 1


CONTROLLER = ["damage", "throw", "push", "ready", "stand", "use_item"]
GRAPPLED = ["break_free", "slip_free", "take_control"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CONTROLLER + GRAPPLED), st.integers(0, 2**31 - 1), st.integers(0, 2), st.integers(0, 2))
def test_grapple_options_always_leave_one_controller_or_none(option: str, seed: int, helpers: int, theirs: int) -> None:
    """Whatever the dice: a controller's option never loses control (it is kept, or nothing changed);
    the grappled one's option leaves the target in control unless it won (then the attacker controls
    after Take Control, or nobody after Break Free / Slip Free); an opposed test has two tests."""
    assisted = option not in ("slip_free", "ready", "use_item")  # Assistance only on the opposed tests
    data = grapple(option, [], assist_attacker=helpers if assisted else 0, assist_target=theirs if assisted else 0)
    del data["dice"]
    data["seed"] = seed
    g = resolve(data)["grapple"]
    if option in CONTROLLER:
        assert g["controller"] == "attacker"
    elif g["winner"] == "attacker":
        assert g["controller"] == ("attacker" if option == "take_control" else "none")
    else:
        assert g["controller"] == "target"
    assert len(g["tests"]) == {"ready": 0, "use_item": 0, "slip_free": 1}.get(option, 2)


def test_grapple_opponent_modifiers_count_on_the_targets_side_of_the_opposed_test() -> None:
    # The grappled opponent's own state (seed 001, Fatigue: -10 to all tests) on its side: Break Free,
    # Vex S 45 rolls 40 (1 DoS); the Cultist S 35 - 10 = 25 rolls 20 (1 DoS): bonus 4 against 3, Vex.
    res = resolve(grapple("break_free", [40, 20], opponent_modifiers=[{"label": "Fatigued", "value": -10}]))
    t = res["grapple"]["tests"][1]
    assert t["target"] == 25 and t["modifier_total"] == -10
    assert res["grapple"]["winner"] == "attacker"


def test_grapple_opponent_modifiers_only_on_an_opposed_test() -> None:
    # An attempt is the attacker's WS test and Slip Free its Acrobatics: no opposed side to change.
    for option in ("attempt", "slip_free"):
        errors = errors_of(grapple(option, [30, 50], opponent_modifiers=[{"label": "Stunned", "value": -20}]))
        assert "action.grapple.opponent_modifiers" in errors
