"""The encounter's rules in Dark Heresy 2nd edition, worked by hand (see encounter_helpers for the
fighters): conditions feeding later attacks, the turn's budget, Aim as its own action, the
clip across bursts, a jam then Clear Jam then Reload, Reactions once a round, Surprise."""

from __future__ import annotations

import dh2_scenarios
from encounter_helpers import CULTIST_TARGET, GUARD, Fight, dh2_fight, modifiers

from rules.encounter.run import run_encounter


def test_initiative_1d10_plus_agility_bonus_orders_the_round_and_it_is_the_first_ones_turn() -> None:
    f = dh2_fight()
    s = f.state()
    # seed 003, Roll Initiative: Guard 7 + AgB 3 = 10, Cultist 2 + AgB 3 = 5
    assert s["round"] == 1 and s["order"] == ["g", "c"] and s["turn"] == "g"
    assert [c["initiative"] for c in s["combatants"]] == [10, 5]


def test_stunned_target_gives_plus_20_and_its_bearer_takes_no_action_until_its_turns_run_out() -> None:
    f = dh2_fight()
    f.do({"type": "condition", "who": "c", "condition": "Stunned", "rounds": 1})
    # Standard Attack +10, Short range +10, Stunned Target +20 (seed 003 / DH2 Table 7-3): 40 + 40 = 80
    out = f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Standard Attack", "distance": 20},
            "dice": [75, 5],
        }
    )
    assert modifiers(out)["Stunned Target"] == 20
    res = out["resolution"]
    assert res["target_number"] == 80 and res["success"]  # 75 would miss without the Stunned bonus (60)
    assert "Cultist is Stunned: Stunned Target" in res["steps"][0]["detail"]
    f.end("g")
    errors = f.refused({"type": "aim", "who": "c"})
    assert (
        errors[0]["field"] == "then.who" and "Stunned" in errors[0]["message"] and "no actions" in errors[0]["message"]
    )
    f.end("c")  # its one turn Stunned is over
    assert f.who("c")["conditions"] == []


def test_a_stunned_target_makes_no_reaction() -> None:
    f = dh2_fight()
    f.do({"type": "condition", "who": "c", "condition": "Stunned", "rounds": 2})
    errors = f.refused(
        {"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "reaction": True, "dice": [30, 5]}
    )
    assert errors[0]["field"] == "then.reaction" and "Stunned" in errors[0]["message"]


def test_fatigued_attacker_minus_10_and_its_dodge_minus_10() -> None:
    f = dh2_fight()
    f.do({"type": "adjust", "who": "g", "fatigue": 1})
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [95]})
    assert modifiers(out)["Fatigued"] == -10  # seed 003: Fatigued, all tests -10
    assert out["resolution"]["target_number"] == 40 + 10 + 10 - 10
    f.end("g")
    f.do({"type": "adjust", "who": "c", "fatigue": 2})
    f.end("c")
    # round 2: the Guard hits (roll 05 under 60); the Fatigued Cultist Dodges at 30 - 10 = 20: a 21 fails
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [5, 21, 4]})
    res = out["resolution"]
    assert "Cultist's Dodge: Fatigued -10" in res["steps"][0]["detail"]
    assert res["outcome"] == "hit"


def test_prone_target_is_easier_in_melee_and_its_dodge_is_minus_20() -> None:
    f = dh2_fight(guard={**GUARD, "weapon": {"name": "Sword", "class": "Melee", "damage": "1d10"}})
    f.do({"type": "condition", "who": "c", "condition": "Prone"})
    out = f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Standard Attack", "distance": 1},
            "dice": [45, 21, 3],
        }
    )
    # WS 30 + Standard Attack 10 + Target Prone 10 (DH2 Table 7-3) = 50: 45 hits
    assert modifiers(out)["Target Prone"] == 10 and out["resolution"]["target_number"] == 50
    # Dodge 30 - 20 (Dodging while Prone, seed 003) = 10: the 21 fails
    assert "Dodging while Prone -20" in out["resolution"]["steps"][0]["detail"]
    assert out["resolution"]["outcome"] == "hit"


def test_aim_is_its_own_half_action_held_for_the_next_attack_then_spent() -> None:
    f = dh2_fight()
    f.do({"type": "aim", "who": "g", "aim": "half"})
    assert f.who("g")["aim"] == "half"
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [95]})
    assert modifiers(out)["Aim (half)"] == 10  # seed 003, Aim: +10 as a Half Action
    assert f.who("g")["aim"] == "none"


def test_aim_typed_into_the_action_is_refused_in_an_encounter() -> None:
    f = dh2_fight()
    errors = f.refused(
        {"type": "attack", "who": "g", "at": "c", "action": {"aim": "full", "distance": 20}, "dice": [95]}
    )
    assert errors == [
        {
            "field": "then.action.aim",
            "message": "Aim is an action of its own in an encounter: take Aim first (Guard holds no Aim)",
        }
    ]


def test_a_full_action_after_a_half_action_is_refused_naming_why() -> None:
    f = dh2_fight()
    f.do({"type": "aim", "who": "g", "aim": "half"})
    errors = f.refused(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Called Shot", "called_location": "Head", "distance": 20},
            "dice": [5],
        }
    )
    assert errors[0]["field"] == "then.type"
    assert errors[0]["message"].startswith(
        "Guard has 1 Half Action(s) left this turn (done: Aim (half)); Called Shot is a Full Action"
    )


def test_two_half_actions_fill_the_turn() -> None:
    f = dh2_fight()
    f.do({"type": "aim", "who": "g", "aim": "half"})
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [95]})
    errors = f.refused({"type": "move", "who": "g"})
    assert "0 Half Action(s) left" in errors[0]["message"]


def test_only_the_combatant_whose_turn_it_is_acts() -> None:
    f = dh2_fight()
    errors = f.refused({"type": "attack", "who": "c", "at": "g", "dice": [5]})
    assert errors == [{"field": "then.who", "message": "It is Guard's turn, not Cultist's"}]


def test_nothing_happens_before_initiative() -> None:
    f = Fight()
    f.do({"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": GUARD}})
    assert "roll initiative first" in f.refused({"type": "aim", "who": "g"})[0]["message"]


def test_a_clip_empties_across_three_full_auto_bursts() -> None:
    f = dh2_fight()
    for left in (20, 10, 0):
        # each burst fires the Autogun's full-auto RoF, 10 rounds, hit or miss (a 90 misses, under the 94 jam)
        f.do(
            {
                "type": "attack",
                "who": "g",
                "at": "c",
                "action": {"type": "Full Auto Burst", "distance": 20},
                "dice": [90],
            }
        )
        assert f.who("g")["weapon"]["rounds"] == left
        f.end("g")
        f.end("c")
    errors = f.refused(
        {"type": "attack", "who": "g", "at": "c", "action": {"type": "Full Auto Burst", "distance": 20}, "dice": [90]}
    )
    assert errors == [{"field": "then.who", "message": "Guard's Autogun is empty (0 of 30): Reload first"}]
    f.do({"type": "reload", "who": "g"})  # Rld Full: the whole turn
    assert f.who("g")["weapon"]["rounds"] == 30


def test_a_jam_then_clear_jam_then_reload() -> None:
    f = dh2_fight()
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [97]})
    assert out["resolution"]["jammed"]  # seed 004: an unmodified 96-100 on a ranged attack jams
    w = f.who("g")["weapon"]
    assert w["jammed"] and w["rounds"] == 29
    f.end("g")
    f.end("c")
    errors = f.refused({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [5]})
    assert "jammed: Clear Jam first" in errors[0]["message"]
    f.do({"type": "clear_jam", "who": "g", "dice": [52]})  # BS 40: 52 fails, still jammed
    assert f.who("g")["weapon"]["jammed"]
    assert "failed: still jammed" in f.last["steps"][0]["detail"]
    f.end("g")
    f.end("c")
    f.do({"type": "clear_jam", "who": "g", "dice": [25]})  # 25 passes: cleared, the ammunition lost
    w = f.who("g")["weapon"]
    assert not w["jammed"] and w["rounds"] == 0
    f.end("g")
    f.end("c")
    f.do({"type": "reload", "who": "g"})
    assert f.who("g")["weapon"]["rounds"] == 30


def test_clear_jam_is_a_full_action() -> None:
    f = dh2_fight()
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [97]})
    errors = f.refused({"type": "clear_jam", "who": "g", "dice": [5]})
    assert "Clear Jam is a Full Action" in errors[0]["message"]


def test_wounds_carry_from_one_attack_to_the_next_and_critical_damage_adds_up() -> None:
    f = dh2_fight()
    # 05 against 60 hits the Body (05 reversed: 50) with 7 DoS (DH2: 6 - 0 + 1); the Dodge's 50 fails
    # against 30; the damage die's 6 is replaced by the 7 DoS (DH2 Core, Damage): 7 + 3 = 10, TB 3: 7
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [5, 50, 6]})
    assert f.who("c")["damage_taken"] == 7
    f.end("g")
    f.end("c")
    # the same again: 7 more, 14 taken of 10 Wounds: critical damage 4
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [5, 50, 6]})
    c = f.who("c")
    assert c["damage_taken"] == 14 and c["critical"] == 4


def test_a_reaction_is_used_once_a_round() -> None:
    f = dh2_fight()
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [5, 50, 6]})
    assert f.who("c")["reaction_used"]
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [5, 6]})
    assert "Cultist has used its Reaction this round" in out["resolution"]["steps"][0]["detail"]
    f.end("g")
    f.end("c")
    assert not f.who("c")["reaction_used"]  # a new round


def test_surprised_combatant_loses_its_first_turn() -> None:
    f = Fight()
    f.do({"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": GUARD, "surprised": True}})
    f.do(
        {
            "type": "add",
            "combatant": {
                "id": "c",
                "name": "Cultist",
                "attacker": {"characteristics": {"Ag": 20}},
                "target": {"wounds": 10},
            },
        }
    )
    f.do({"type": "initiative", "dice": [7, 2]})
    s = f.state()
    assert s["turn"] == "c" and "Guard is Surprised and loses its first turn" in s["log"][-1]["text"]
    f.end("c")
    s = f.state()
    assert s["round"] == 2 and s["turn"] == "g"
    assert f.who("g")["conditions"] == []


def test_run_makes_a_harder_ranged_target_until_its_next_turn() -> None:
    f = dh2_fight()
    f.end("g")
    f.do({"type": "run", "who": "c"})
    f.end("c")
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [95]})
    assert modifiers(out)["Running (target): Cultist is Running"] == -20  # DH2 Core, Run
    f.end("g")
    assert f.who("c")["conditions"] == []  # its turn came: Running is over


def test_fatigue_beyond_tb_is_unconscious_and_helpless_and_rest_wakes_it() -> None:
    f = dh2_fight()
    f.do({"type": "adjust", "who": "c", "fatigue": 3})  # TB 3: at its limit, still awake (seed 001)
    assert f.who("c")["conditions"] == []
    f.do({"type": "adjust", "who": "c", "fatigue": 4})  # more than TB: unconscious
    assert [c["name"] for c in f.who("c")["conditions"]] == ["Unconscious"]
    out = f.run_preview("g", "c")
    assert out["action"]["helpless"] is True and out["target"]["evasion"] is None
    f.do({"type": "adjust", "who": "c", "fatigue": 1})
    assert f.who("c")["conditions"] == []


def test_a_full_action_reload_after_a_half_action_waits_for_the_next_turn() -> None:
    f = dh2_fight()
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [95]})
    errors = f.refused({"type": "reload", "who": "g"})  # the Autogun's Rld is Full
    assert errors[0]["field"] == "then.type" and "Reload (Full) is a Full Action" in errors[0]["message"]


def test_a_two_full_reload_takes_a_full_action_in_each_of_two_turns() -> None:
    f = dh2_fight(guard={**GUARD, "weapon": {**GUARD["weapon"], "reload": "2 Full"}})
    f.do({"type": "adjust", "who": "g", "rounds": 0})
    f.do({"type": "reload", "who": "g"})
    assert f.who("g")["weapon"]["rounds"] == 0 and f.who("g")["weapon"]["reloading"] == 2
    f.end("g")
    f.end("c")
    f.do({"type": "reload", "who": "g"})
    assert f.who("g")["weapon"]["rounds"] == 30


def test_delay_keeps_one_half_action_for_any_point_before_its_next_turn() -> None:
    f = dh2_fight()
    f.do({"type": "delay", "who": "g"})
    assert f.state()["turn"] == "c"
    f.do({"type": "aim", "who": "c", "aim": "half"})
    # the Guard's delayed Half Action, taken in the Cultist's turn (DH2 Core, Delay)
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [95]})
    assert out["state"]["turn"] == "c"
    errors = f.refused({"type": "move", "who": "g"})  # only one
    assert errors[0]["message"] == "It is Cultist's turn, not Guard's"


def test_a_delayed_action_not_taken_by_its_next_turn_is_lost() -> None:
    f = dh2_fight()
    f.do({"type": "delay", "who": "g"})
    f.end("c")
    assert f.state()["turn"] == "g" and f.who("g")["conditions"] == []
    assert "delayed Half Action is lost" in f.state()["log"][-1]["text"]


def test_a_concussive_hit_stuns_its_target_in_the_encounter_for_one_turn_per_degree_of_failure() -> None:
    lasgun = {**dh2_scenarios.LASGUN, "qualities": ["Concussive (2)"]}  # 1d10+3 E, Pen 0
    cultist = {**CULTIST_TARGET, "evasion": None, "characteristics": {"T": 50}}
    f = dh2_fight(guard={**GUARD, "weapon": lasgun}, cultist=cultist)
    # 23 against 60 (BS 40 + Standard +10 + Short +10) hits the Body with 5 DoS (6 - 2 + 1), under the die's 6:
    # 6 + 3 - TB 3 = 6 wounds; Concussive (2): T 50 - 20 = 30, roll 65: DoF 6 - 3 + 1 = 4 (DH2 Core, Concussive)
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [23, 6, 65]})
    stunned = f.who("c")["conditions"]
    assert [(c["name"], c["rounds"]) for c in stunned] == [("Stunned", 4)]
    f.end("g")
    assert "Stunned" in f.refused({"type": "move", "who": "c"})[0]["message"]


def test_a_helpless_target_is_hit_in_melee_and_the_damage_rolled_twice() -> None:
    f = dh2_fight(guard={**GUARD, "weapon": {"name": "Sword", "class": "Melee", "damage": "1d10"}})
    f.do({"type": "condition", "who": "c", "condition": "Helpless"})
    # seed 003, Helpless Targets: automatic success, damage rolled twice. The d100 (50) still gives the
    # location (05: Head); no Dodge; (4 + SB 3) + (5 + SB 3) = 15, TB 3, no armour: 12 wounds
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 1}, "dice": [50, 4, 5]})
    res = out["resolution"]
    assert res["success"] and res["hits"][0]["location"] == "Head"
    assert res["total_wounds"] == 12 and f.who("c")["damage_taken"] == 12


def test_a_newcomer_rolls_its_own_initiative_and_the_others_keep_theirs() -> None:
    f = dh2_fight()
    newcomer = {"id": "s", "name": "Sister", "attacker": {"characteristics": {"Ag": 42}}, "target": {"wounds": 14}}
    # seed 003: initiative is rolled once per combat; the newcomer rolls 1d10 + AgB: 4 + 4 = 8, between 10 and 5
    f.do({"type": "add", "combatant": newcomer, "dice": [4]})
    s = f.state()
    assert s["order"] == ["g", "s", "c"] and s["turn"] == "g"
    assert [c["initiative"] for c in s["combatants"]] == [10, 5, 8]
    assert f.file["events"][-1]["dice"] == [4]
    out = run_encounter({"encounter": f.file, "then": {"type": "add", "combatant": {**newcomer, "id": "t"}}})
    assert out["status"] == "needs" and out["needs"]["sides"] == 10  # no dice, no seed: the die is asked for


def test_the_state_names_the_condition_that_keeps_a_combatant_from_reacting() -> None:
    f = dh2_fight()
    assert f.who("c")["no_reaction"] is None
    f.do({"type": "condition", "who": "c", "condition": "Stunned", "rounds": 1})
    assert f.who("c")["no_reaction"] == "Stunned"


def test_a_delaying_combatant_stunned_before_it_acts_cannot_take_its_delayed_action() -> None:
    f = dh2_fight()
    f.do({"type": "delay", "who": "g"})
    f.do({"type": "condition", "who": "g", "condition": "Stunned", "rounds": 1})
    errors = f.refused({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [95]})
    assert "Guard is Stunned" in errors[0]["message"]


def test_a_combatant_cannot_attack_itself() -> None:
    # found by the conditions engineer: the page let Castor shoot Castor before "At" was
    # picked; an attack names another combatant
    f = dh2_fight()  # the Guard's turn; it has a target profile too
    errors = f.refused({"type": "attack", "who": "g", "at": "g", "action": {"type": "Standard Attack"}, "dice": [5]})
    assert errors[0]["field"] == "then.at" and "itself" in errors[0]["message"]
