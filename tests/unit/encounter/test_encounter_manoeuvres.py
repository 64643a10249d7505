"""The melee manoeuvres' and committed attacks' effects carried in an encounter (
rules/d100/encounter/manoeuvres.py).

Seed 003, Actions: "Feint | Half | Opposed WS Test, if you win, your next attack cannot be Dodged or
Parried"; "All Out Attack | Full | +20 to WS, cannot Dodge or Parry"; "Guarded Attack | Full | -10
WS, +10 to Parry and Dodge"; "Defensive Stance | Full | Enemies -20 WS, you cannot attack."; "Stun |
Full | Try to Stun an opponent". Seed 001, Combat Actions: "Gain an additional Reaction, opponents
suffer -20 to WS." (Defensive Stance, L372).

DH1 fighters: Vex (WS 40, S 30: SB 3, Ag 30) with a sword; the Cultist (WS 35, S 30, TB 3, 20 wounds,
Dodge 30) with a knife. Initiative by hand: Vex 7 + AgB 3 = 10 before the Cultist 2 + 3 = 5.
"""

from __future__ import annotations

from typing import Any

from encounter_helpers import Fight

SWORD = {"name": "Sword", "class": "Melee", "damage": "1d10", "damage_type": "R"}
KNIFE = {"name": "Knife", "class": "Melee", "damage": "1d5"}


def fight(system: str = "dh1") -> Fight:
    f = Fight(system)
    for cid, name in (("v", "Vex"), ("c", "Cultist")):
        f.do(
            {
                "type": "add",
                "combatant": {
                    "id": cid,
                    "name": name,
                    "attacker": {
                        "name": name,
                        "characteristics": {"WS": 40 if cid == "v" else 35, "S": 30, "Ag": 30},
                        "weapon": SWORD if cid == "v" else KNIFE,
                    },
                    "target": {
                        "name": name,
                        "wounds": 20,
                        "toughness_bonus": 3,
                        "characteristics": {"WS": 40 if cid == "v" else 35, "S": 30},
                        "evasion": {"reaction": "Dodge", "skill": 30},
                    },
                },
            }
        )
    f.do({"type": "initiative", "dice": [7, 2]})
    return f


def attack(who: str, at: str, kind: str, dice: list[int], **more: Any) -> dict[str, Any]:
    return {"type": "attack", "who": who, "at": at, "action": {"type": kind, "distance": 1}, "dice": dice, **more}


def conds(f: Fight, cid: str) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in f.who(cid)["conditions"]}


def test_feint_won_then_the_attack_on_that_foe_gets_no_reaction() -> None:
    f = fight()
    # Feint: Vex WS 40 rolls 15 ((40 - 15) // 10 = 2 DoS), the Cultist WS 35 rolls 50 (fails): won.
    out = f.do(attack("v", "c", "Feint", [15, 50]))
    assert out["resolution"]["manoeuvre"]["no_evasion"] is True
    assert conds(f, "c")["Feinted"]["other"] == "v"
    # Standard Attack: WS 40 rolls 20 and hits (20 reversed: 02, the Head); no Dodge d100 is drawn.
    out = f.do(attack("v", "c", "Standard Attack", [20, 5]))
    dice = [d["purpose"] for d in out["resolution"]["dice"]]
    assert not any("(evasion)" in p for p in dice)
    assert "Feint" in out["resolution"]["steps"][0]["detail"]
    assert "Feinted" not in conds(f, "c")
    assert "Feint on Cultist is used" in f.state()["log"][-1]["text"]


def test_feint_lost_leaves_the_reaction() -> None:
    f = fight()
    f.do(attack("v", "c", "Feint", [80, 20]))
    assert "Feinted" not in conds(f, "c")
    out = f.do(attack("v", "c", "Standard Attack", [20, 90, 5]))  # the Cultist's Dodge d100 90: fails
    assert any("(evasion)" in d["purpose"] for d in out["resolution"]["dice"])


def test_a_feint_asked_to_be_dodged_is_refused() -> None:
    f = fight()
    f.do(attack("v", "c", "Feint", [15, 50]))
    errors = f.refused(attack("v", "c", "Standard Attack", [20, 5], reaction=True))
    assert errors[0]["field"] == "then.reaction" and "Feint" in errors[0]["message"]


def test_all_out_attack_no_dodge_or_parry_until_its_next_turn() -> None:
    f = fight()
    f.do(attack("v", "c", "All Out Attack", [90]))  # WS 40 + 20 = 60; 90 misses
    assert "All Out Attacking" in conds(f, "v")
    f.end("v")
    out = f.do(attack("c", "v", "Standard Attack", [10, 3]))
    assert not any("(evasion)" in d["purpose"] for d in out["resolution"]["dice"])
    assert "All Out Attacking: no Reactions" in out["resolution"]["steps"][0]["detail"]
    f.end("c")  # round 2: Vex's turn starts; the All Out Attack ends
    assert "All Out Attacking" not in conds(f, "v")


def test_guarded_attack_plus_10_to_its_dodge_until_its_next_turn() -> None:
    f = fight()
    f.do(attack("v", "c", "Guarded Attack", [90]))
    f.end("v")
    out = f.do(attack("c", "v", "Standard Attack", [10, 35, 3]))  # Dodge 30 + 10 = 40: 35 succeeds
    assert out["resolution"]["outcome"] == "evaded"
    assert "+10 to its Dodge" in out["resolution"]["steps"][0]["detail"]


def test_defensive_stance_opponents_minus_20_ws() -> None:
    f = fight()
    f.do(attack("v", "c", "Defensive Stance", []))
    assert "Defensive Stance" in conds(f, "v")
    f.end("v")
    out = f.do(attack("c", "v", "Standard Attack", [90]))
    mods = {m["label"]: m["value"] for m in out["resolution"]["modifiers"]}
    assert any(v == -20 and "Defensive Stance" in k for k, v in mods.items())


def test_dw_defensive_stance_gives_one_more_reaction_in_the_round() -> None:
    f = fight("dw")
    f.do(attack("v", "c", "Defensive Stance", []))
    f.end("v")
    # The Cultist attacks twice (WS 35 - 20 = 15; rolls 05, 05): Vex Dodges both (30: rolls 10, 10).
    f.do(attack("c", "v", "Standard Attack", [5, 10]))
    out = f.do(attack("c", "v", "Standard Attack", [5, 10]))
    assert any("(evasion)" in d["purpose"] for d in out["resolution"]["dice"])
    assert "additional Reaction" in f.state()["log"][-1]["text"]


def test_knock_down_leaves_the_target_prone() -> None:
    f = fight()
    f.do(attack("v", "c", "Knock-Down", [25, 60]))
    assert "Prone" in conds(f, "c")


def test_stun_leaves_stunned_for_the_rounds_rolled_and_a_level_of_fatigue() -> None:
    f = fight()
    # WS 40 - 20 = 20: rolls 12, hits; the Cultist's Dodge 30 rolls 90 (fails); 1d10 9 + SB 3 = 12
    # against TB 3 + head AP 0 = 3: Stunned 9 rounds, one level of Fatigue.
    out = f.do(attack("v", "c", "Stun", [12, 90, 9]))
    assert out["resolution"]["manoeuvre"]["stunned_rounds"] == 9
    c = f.who("c")
    assert {x["name"]: x["rounds"] for x in c["conditions"]}["Stunned"] == 9 and c["fatigue"] == 1


def test_feint_takes_the_opponents_ws_from_its_attacker_profile_and_its_fatigue() -> None:
    f = fight()
    f.do({"type": "profile", "who": "c", "target": {"name": "Cultist", "wounds": 20, "toughness_bonus": 3}})
    f.do({"type": "adjust", "who": "c", "fatigue": 1})
    out = f.do(attack("v", "c", "Feint", [15, 50]))
    tests = out["resolution"]["manoeuvre"]["tests"]
    assert tests[1]["value"] == 35 and tests[1]["modifier_total"] == -10
    assert "Cultist's WS 35, from its attacker profile" in out["resolution"]["steps"][0]["detail"]


def test_dh1_grapple_attempt_is_a_full_action_in_the_encounter() -> None:
    # WS 40 - 20 (bare hands against the armed Cultist) = 20: rolled 15; the Cultist's Dodge 30 rolls 90.
    f = fight()
    action = {"type": "Grapple", "distance": 1, "grapple": {"option": "attempt"}}
    f.do({"type": "attack", "who": "v", "at": "c", "action": action, "dice": [15, 90]})
    assert f.who("v")["half_actions"] == 2
    assert "Grappled" in conds(f, "c")
