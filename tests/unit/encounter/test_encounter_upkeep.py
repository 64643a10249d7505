"""The GM screen's conditions resolved by the encounter as a turn ends:
:mod:`rules.d100.encounter.upkeep`, hand-worked from seed 001 (Deathwatch GM screen) and seed 003.

- Pinned (seed 001): "Pinned targets have Half Action only and suffer -20 BS and must keep cover
  between them and the shooter. Test Willpower to recover at the end of the Turn, +30 if not shot at.
  If engaged in melee, automatically escape."
- Stunned (seed 001): "Stunned characters cannot take Actions (including free ones), opponents
  receive +20 to hit."
- Fatigue (seed 001): "Can suffer a number Fatigue equal to TB. ... If you suffer more Fatigue than
  TB, fall unconscious for 10-TB minutes. Each hour of complete rest removes 1 level of Fatigue;
  after 8 hours, Fatigue is reduced to 0."
- Blood Loss (seed 001): "10% chance of death each Round unless treated."
- Recharge (seed 001, Weapon Qualities): "Can only fire every-other Round."
- Surprise (seed 003 L3): "Surprised combatants lose their first turn".
"""

from __future__ import annotations

import pytest
from encounter_helpers import Fight
from test_dw_overwatch import ORK, fight

from rules.encounter.run import run_encounter


def _names(f: Fight, cid: str) -> list[str]:
    return [c["name"] for c in f.who(cid)["conditions"]]


# --- Pinned ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "pinned"), [(75, False), (76, True)])
def test_pinned_recovers_at_the_end_of_its_turn_plus_30_when_not_shot_at(roll: int, pinned: bool) -> None:
    # Castor, WP 45, Pinned, not shot at: Challenging (+0) Willpower 45 + 30 = 75
    f = fight()
    f.do({"type": "condition", "who": "m", "condition": "Pinned"})
    out = f.do({"type": "end_turn", "who": "m", "dice": [roll]})
    assert ("Pinned" in _names(f, "m")) is pinned
    assert out["encounter"]["events"][-1]["dice"] == [roll]
    step = out["steps"][0]
    assert step["rule"] == "Pinned: Willpower test to recover" and "seed 001, Pinning" in step["source"]
    assert "45 +30 (not shot at since its last turn) = 75" in step["detail"]


@pytest.mark.parametrize(("roll", "pinned"), [(30, False), (31, True)])
def test_pinned_shot_at_since_its_last_turn_tests_without_the_30(roll: int, pinned: bool) -> None:
    # The Ork (WP 30) is Pinned; Castor shoots at it (a miss: 90 against BS 40); on its turn's end the
    # Ork tests WP 30 + 0 = 30 with no +30
    f = fight()
    f.do({"type": "condition", "who": "o", "condition": "Pinned"})
    f.do({"type": "attack", "who": "m", "at": "o", "action": {"type": "Standard Attack", "distance": 60}, "dice": [90]})
    f.end("m")
    f.do({"type": "end_turn", "who": "o", "dice": [roll]})
    assert ("Pinned" in _names(f, "o")) is pinned


def test_shot_at_is_forgotten_once_its_turn_has_ended() -> None:
    f = fight()
    f.do({"type": "attack", "who": "m", "at": "o", "action": {"type": "Standard Attack", "distance": 60}, "dice": [90]})
    assert f.who("o")["shot_at"] is True
    f.end("m")
    f.end("o")
    assert f.who("o")["shot_at"] is False


def test_pinned_end_turn_without_dice_asks_for_the_die_and_a_seed_is_stored_as_dice() -> None:
    f = fight()
    f.do({"type": "condition", "who": "m", "condition": "Pinned"})
    out = run_encounter({"encounter": f.file, "then": {"type": "end_turn", "who": "m"}})
    assert out["status"] == "needs" and "Willpower" in out["needs"]["purpose"]
    out = f.do({"type": "end_turn", "who": "m", "seed": 7})
    ev = out["encounter"]["events"][-1]
    assert "seed" not in ev and len(ev["dice"]) == 1


def test_end_turn_rolls_nothing_when_nothing_needs_a_die() -> None:
    out = fight().do({"type": "end_turn", "who": "m"})
    assert "dice" not in out["encounter"]["events"][-1]


def test_pinned_escapes_when_engaged_in_melee() -> None:
    # The Pinned Ork attacks Castor with its Choppa (a Standard Attack is a Half Action): engaged, it escapes
    f = fight()
    f.do({"type": "condition", "who": "o", "condition": "Pinned"})
    f.end("m")
    f.do({"type": "attack", "who": "o", "at": "m", "action": {"type": "Standard Attack"}, "dice": [99]})
    assert "Pinned" not in _names(f, "o")
    assert "engaged in melee and escapes Pinned (seed 001, Pinning" in f.state()["log"][-1]["text"]


def test_pinned_target_of_a_melee_attack_escapes_too() -> None:
    f = fight()
    f.do({"type": "condition", "who": "m", "condition": "Pinned"})
    f.do({"type": "end_turn", "who": "m", "dice": [99]})  # 99 fails its test: still Pinned
    f.do({"type": "attack", "who": "o", "at": "m", "action": {"type": "Standard Attack"}, "dice": [99]})
    assert "Pinned" not in _names(f, "m")


def test_pinned_without_wp_is_left_to_the_gm() -> None:
    f = fight()
    f.do({"type": "end_turn", "who": "m"})
    f.do({"type": "condition", "who": "o", "condition": "Pinned"})
    f.do({"type": "profile", "who": "o", "target": {**ORK, "characteristics": {"Ag": 30}}})
    out = f.do({"type": "end_turn", "who": "o"})
    assert "Pinned" in _names(f, "o") and "the GM tests Willpower" in out["state"]["log"][-1]["text"]


# --- Stunned --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "event",
    [
        {"type": "delay", "who": "m"},
        {"type": "aim", "who": "m", "aim": "half"},
        {"type": "reload", "who": "m"},
        {"type": "overwatch", "who": "m"},
        {"type": "attack", "who": "m", "at": "o", "action": {"type": "Standard Attack", "distance": 60}, "dice": [5]},
    ],
)
def test_stunned_takes_no_action_at_all(event: dict) -> None:
    f = fight()
    f.do({"type": "condition", "who": "m", "condition": "Stunned", "rounds": 1})
    errors = f.refused(event)
    assert "Stunned" in errors[0]["message"] and "no actions" in errors[0]["message"]
    f.end("m")  # ending its turn is no action


# --- Fatigue --------------------------------------------------------------------------------


def test_fatigue_beyond_tb_is_unconscious_for_10_minus_tb_minutes_and_rest_wakes() -> None:
    # Castor TB 8: 9 levels is more than TB: unconscious for 10 - 8 = 2 minutes
    f = fight()
    f.do({"type": "adjust", "who": "m", "fatigue": 9})
    (cond,) = [c for c in f.who("m")["conditions"] if c["name"] == "Unconscious"]
    assert "10 \u2212 TB = 2 minute(s)" in cond["detail"]
    out = f.do({"type": "rest", "who": "m", "hours": 1})  # one hour removes one level: 8, within TB
    m = f.who("m")
    assert m["fatigue"] == 8 and "Unconscious" not in _names(f, "m")
    assert "seed 001, Fatigue" in out["state"]["log"][-1]["text"]


@pytest.mark.parametrize(("fatigue", "hours", "left"), [(5, 3, 2), (5, 8, 0), (3, 7, 0), (9, 8, 0)])
def test_rest_removes_a_level_an_hour_and_all_after_8(fatigue: int, hours: int, left: int) -> None:
    f = fight()
    f.do({"type": "adjust", "who": "m", "fatigue": fatigue})
    f.do({"type": "rest", "who": "m", "hours": hours})
    assert f.who("m")["fatigue"] == left


# --- Blood Loss -----------------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "dead"), [(10, True), (11, False)])
def test_blood_loss_ten_percent_each_round(roll: int, dead: bool) -> None:
    f = fight()
    f.do({"type": "condition", "who": "m", "condition": "Blood Loss"})
    out = f.do({"type": "end_turn", "who": "m", "dice": [roll]})
    assert (f.who("m")["out"] == "dead of Blood Loss") is dead
    assert out["steps"][0]["source"].startswith("seed 001, Blood Loss")


def test_blood_loss_rolls_each_round_until_treated() -> None:
    f = fight()
    f.do({"type": "condition", "who": "m", "condition": "Blood Loss"})
    f.do({"type": "end_turn", "who": "m", "dice": [50]})
    f.end("o")
    out = f.do({"type": "end_turn", "who": "m", "dice": [60]})
    assert out["steps"][0]["rule"] == "Blood Loss"
    f.end("o")
    f.do({"type": "condition", "who": "m", "condition": "Blood Loss", "remove": True})  # treated
    out = f.do({"type": "end_turn", "who": "m"})
    assert out["steps"] == []


def test_pinned_and_bleeding_roll_in_that_order() -> None:
    f = fight()
    f.do({"type": "condition", "who": "m", "condition": "Pinned"})
    f.do({"type": "condition", "who": "m", "condition": "Blood Loss"})
    out = f.do({"type": "end_turn", "who": "m", "dice": [99, 99]})
    assert [s["rule"] for s in out["steps"]] == ["Pinned: Willpower test to recover", "Blood Loss"]


# --- Recharge -------------------------------------------------------------------------------


def test_recharge_fires_every_other_round() -> None:
    f = fight()
    f.do(
        {
            "type": "profile",
            "who": "m",
            "attacker": {
                **f.who("m")["attacker"],
                "weapon": {**f.who("m")["attacker"]["weapon"], "qualities": ["Recharge"]},
            },
        }
    )
    shot = {
        "type": "attack",
        "who": "m",
        "at": "o",
        "action": {"type": "Standard Attack", "distance": 60},
        "dice": [90],
    }
    f.do(shot)  # round 1
    f.end("m")
    f.end("o")
    errors = f.refused(shot)  # round 2
    assert errors[0]["field"] == "then.who" and "Recharge" in errors[0]["message"]
    f.end("m")
    f.end("o")
    f.do(shot)  # round 3


# --- Surprise -------------------------------------------------------------------------------


def test_surprised_loses_exactly_its_first_turn() -> None:
    f = Fight("dw")
    f.do(
        {
            "type": "add",
            "combatant": {
                "id": "m",
                "name": "Castor",
                "target": {"wounds": 20, "toughness_bonus": 8, "characteristics": {"Ag": 40}},
            },
        }
    )
    f.do({"type": "add", "combatant": {"id": "o", "name": "Ork", "target": ORK, "surprised": True}})
    f.do({"type": "add", "combatant": {"id": "p", "name": "Ork 2", "target": ORK}})
    # Castor 9 + 4 = 13, the Ork 8 + 3 = 11, Ork 2 2 + 3 = 5
    f.do({"type": "initiative", "dice": [9, 8, 2]})
    f.end("m")
    assert f.state()["turn"] == "p"  # the Surprised Ork's first turn is lost
    f.end("p")
    assert f.state()["round"] == 2
    f.end("m")
    assert f.state()["turn"] == "o"  # its second turn is its own
    assert "Surprised" not in _names(f, "o")


def test_stunned_controller_cannot_end_a_grapple_its_free_action() -> None:
    # seed 001: "cannot take Actions (including free ones)": a grapple's Free Action end too
    from test_encounter_grapple import fight as grapple_fight
    from test_encounter_grapple import grapple

    f = grapple_fight()
    f.do(grapple("g", "c", "attempt", [30, 50]))
    f.do({"type": "condition", "who": "g", "condition": "Stunned", "rounds": 1})
    errors = f.refused(grapple("g", "c", "end", []))
    assert "Stunned" in errors[0]["message"]
