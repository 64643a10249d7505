"""Others struck by one attack as combatants of the encounter: a burst's
extra hits on foes within 2 m of the target, a Stray Shot, and a two-weapon attack's second target.

Seed 004 L28 (Stray Shots): "if a character shooting into a melee combat misses her target by a
small margin (one degree of failure), the attack instead hits another target engaged in the same
melee ... anyone shooting into a melee combat with a Semi-Auto Burst or Full Auto Burst must
allocate multiple hits to different targets engaged in the melee." DH2 Core, Ch. VII, Semi-Auto /
Full Auto Burst: extra hits may go to other targets within 2 m. Seed 004 L136: "two targets within
10 metres of each other".

The fighters: the Guard (BS 40, Autogun 1d10+3 I, Pen 0, S/3/10) at the Cultist 20 m away (Short,
+10; 10 Wounds, TB 3, no armour); the Ally (TB 4, 12 Wounds, Body AP 4) and the Thug (TB 2, 8
Wounds) stand by the Cultist; the Gunner has no target profile. DH2 hit locations: 01-10 Head,
11-20 Right Arm, 21-30 Left Arm, 31-70 Body, 71-85 Right Leg, 86-00 Left Leg (the d100 reversed).
"""

from __future__ import annotations

from typing import Any

from encounter_helpers import CULTIST_ATTACKER, CULTIST_TARGET, GUARD, Fight
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

INTO_MELEE = "Shooting into Melee Combat"
STUB = {"name": "Stub Automatic", "class": "Pistol", "range": 30, "rof": "S/3/-", "damage": "1d10+3", "clip": 9}
VEX = {
    "name": "Vex",
    "characteristics": {"WS": 40, "BS": 45, "Ag": 35},
    "weapon": STUB,
    "second_weapon": {**STUB, "name": "Left Stub"},
}


def fight(guard: dict[str, Any] | None = None, thug: dict[str, Any] | None = None, stray: bool = False) -> Fight:
    """Guard 7 + 3 = 10, Cultist 2 + 3 = 5, Thug 2 + 2 = 4, Ally 1 + 2 = 3, Gunner 1 + 1 = 2:
    round 1, the Guard's turn."""
    f = Fight("dh2")
    if stray:
        f.file["options"] = {"stray_shots": True}
    ag20 = {"Ag": 20}
    for cid, name, attacker, target in (
        ("g", "Guard", guard or GUARD, {"name": "Guard", "wounds": 12}),
        ("c", "Cultist", CULTIST_ATTACKER, CULTIST_TARGET),
        ("a", "Ally", None, {"toughness_bonus": 4, "wounds": 12, "armour": {"Body": 4}, "characteristics": ag20}),
        ("t", "Thug", None, {"toughness_bonus": 2, "wounds": 8, "characteristics": ag20, **(thug or {})}),
        ("p", "Gunner", {**GUARD, "characteristics": {"BS": 30, "Ag": 10}}, None),
    ):
        combatant: dict[str, Any] = {"id": cid, "name": name}
        if attacker is not None:
            combatant["attacker"] = attacker
        if target is not None:
            combatant["target"] = target
        f.do({"type": "add", "combatant": combatant})
    f.do({"type": "initiative", "dice": [7, 2, 1, 2, 1]})
    return f


def burst(dice: list[int], nearby: list[Any], **more: Any) -> dict[str, Any]:
    return {
        "type": "attack",
        "who": "g",
        "at": "c",
        "reaction": False,
        "dice": dice,
        "nearby": nearby,
        "action": {"type": "Full Auto Burst", "distance": 20},
        **more,
    }


def stray_shot(dice: list[int], nearby: list[Any]) -> dict[str, Any]:
    action = {"type": "Standard Attack", "distance": 20, "circumstances": [INTO_MELEE]}
    return {
        "type": "attack",
        "who": "g",
        "at": "c",
        "reaction": False,
        "dice": dice,
        "nearby": nearby,
        "action": action,
    }


def test_burst_extra_hits_on_a_nearby_combatant_are_its_own_wounds_and_critical_damage() -> None:
    # BS 40 - 10 (Full Auto) + 10 (Short) = 40; d100 25: 4 - 2 + 1 = 3 degrees, 3 hits. The Thug
    # asks 2 of them: d100 33 reversed 33, Body, then Body again (Multiple Hits). Cultist: d10 7 + 3
    # = 10 - TB 3 = 7. Thug (6 taken by hand): d10 4 + 3 - TB 2 = 5, d10 2 + 3 - 2 = 3: 8 wounds,
    # 6 + 8 = 14 of 8 taken, 6 critical damage.
    f = fight()
    f.do({"type": "adjust", "who": "t", "damage_taken": 6})
    out = f.do(burst([25, 33, 7, 4, 2], [{"id": "t", "hits": 2}]))
    res = out["resolution"]
    # the Cultist's hit: 25 reversed 52, Body
    assert [(h["person"], h["location"], h["wounds"]) for h in res["hits"]] == [
        (0, "Body", 7),
        (1, "Body", 5),
        (1, "Body", 3),
    ]
    thug, cultist = f.who("t"), f.who("c")
    assert (thug["damage_taken"], thug["critical"]) == (14, 6)
    assert (cultist["damage_taken"], cultist["critical"]) == (7, 0)
    text = f.state()["log"][-1]["text"]
    assert "Thug (nearby): 8 wound(s), 14 of 8 taken, critical damage 6" in text
    assert "Adjust" not in text


def test_stray_shot_strikes_the_first_engaged_combatant() -> None:
    # seed 004 L28. BS 40 + 10 (Standard) + 10 (Short) - 20 (into melee) = 40; d100 45: 4 - 4 + 1 =
    # 1 degree of failure: the shot strikes the Ally, the first listed; 45 reversed 54: Body. d10 6 +
    # 3 = 9 - AP 4 - TB 4 = 1 wound.
    f = fight(stray=True)
    out = f.do(stray_shot([45, 6], ["a", "t"]))
    assert out["resolution"]["outcome"] == "miss"
    assert f.who("a")["damage_taken"] == 1
    assert (f.who("c")["damage_taken"], f.who("t")["damage_taken"]) == (0, 0)
    assert "Ally (nearby): 1 wound(s), 1 of 12 taken" in f.state()["log"][-1]["text"]


def test_nearby_combatant_takes_its_own_damage_taken_into_the_attack() -> None:
    # The scenario's nearby foe is built from the combatant's state: the Ally's 5 taken by hand.
    f = fight(stray=True)
    f.do({"type": "adjust", "who": "a", "damage_taken": 5})
    scenario = f.run_preview("g", "c", {"type": "Standard Attack", "distance": 20})
    assert "nearby" not in scenario["target"] or scenario["target"]["nearby"] == []
    out = f.do(stray_shot([45, 6], ["a"]))
    assert out["resolution"]["hits"][0]["name"] == "Ally"
    assert f.who("a")["damage_taken"] == 6


def test_righteous_fury_on_a_nearby_combatant_is_recorded_on_it() -> None:
    # Stray shot on the Thug: d10 10 + 3 = 13 - TB 2 = 11 wounds, 11 of 8: 3 critical damage. A
    # natural 10 that deals damage is Righteous Fury (seed 004 L66-70): its d5 (a d10 6 halved,
    # rounding up) 3 is a critical effect on the Impact table, Body (45 reversed 54), recorded on the Thug, not the Cultist.
    f = fight(stray=True)
    f.do(stray_shot([45, 10, 6], ["t"]))
    thug = f.who("t")
    assert (thug["damage_taken"], thug["critical"]) == (11, 3)
    assert [(e["location"], e["effect"]) for e in thug["fury"]] == [("Body", 3)]
    assert f.who("c")["fury"] == []


def test_righteous_fury_slays_a_nearby_troop_combatant() -> None:
    # seed 004 L74: Righteous Fury slays a Troop NPC outright (no d5 rolled).
    f = fight(stray=True, thug={"troop": True})
    f.do(stray_shot([45, 10], ["t"]))
    assert f.who("t")["out"] == "slain"
    errors = f.refused(stray_shot([45, 10], ["t"]))  # then out of the fight: refused at the field
    assert errors == [{"field": "then.nearby.0", "message": "Thug is slain: out of the fight"}]


def test_nearby_ids_are_refused_at_the_field() -> None:
    f = fight()
    assert f.refused(burst([25], ["x"])) == [
        {"field": "then.nearby.0", "message": "No combatant 'x' in this encounter"}
    ]
    assert f.refused(burst([25], ["a", "c"])) == [{"field": "then.nearby.1", "message": "Cultist is the target itself"}]
    assert f.refused(burst([25], ["g"])) == [{"field": "then.nearby.0", "message": "Guard is the attacker itself"}]
    assert f.refused(burst([25], ["a", "a"])) == [{"field": "then.nearby.1", "message": "Ally is listed twice"}]
    [err] = f.refused(burst([25], ["p"]))
    assert err["field"] == "then.nearby.0" and "no target profile" in err["message"]
    grapple = {**burst([25], ["a"]), "action": {"type": "Grapple", "grapple": {"option": "attempt"}}}
    assert f.refused(grapple) == [{"field": "then.nearby", "message": "A Grapple strikes only the one grappled"}]


def test_second_weapon_attacks_another_combatant() -> None:
    # seed 004 L133, L136: Two-Weapon Wielder (Ballistic), a Stub Automatic in each hand, the
    # Cultist and the Thug 5 m apart. Each hand: BS 45 + 10 (Standard) + 10 (Short, 10 m of 30 m) -
    # 20 (two weapons) = 45. First: d100 22 hits the Cultist (22 reversed 22: Left Arm), d10 5 + 3 -
    # TB 3 = 5. Second: d100 14 hits the Thug (41: Body), d10 7 + 3 - TB 2 = 8: 8 of 8.
    f = fight(guard=VEX)
    action = {
        "type": "Standard Attack",
        "distance": 10,
        "two_weapon": "both",
        "two_weapon_wielder": ["Ballistic"],
        "targets_apart": 5,
    }
    out = f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "at2": "t",
            "reaction": False,
            "dice": [22, 5, 14, 7],
            "action": action,
        }
    )
    res = out["resolution"]
    assert (res["target"], res["second"]["target"]) == ("Cultist", "Thug")
    assert (f.who("c")["damage_taken"], f.who("t")["damage_taken"]) == (5, 8)
    g = fight(guard=VEX)
    [err] = g.refused({"type": "attack", "who": "g", "at": "c", "at2": "t", "dice": [22], "action": {"distance": 10}})
    assert err["field"] == "then.at2" and "both weapons" in err["message"]
    [err] = g.refused({"type": "attack", "who": "g", "at": "c", "at2": "c", "dice": [22], "action": action})
    assert err == {"field": "then.at2", "message": "Cultist is the target itself"}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(1, 10**6), stray=st.booleans(), hits=st.integers(0, 3))
def test_wounds_applied_across_combatants_equal_the_resolutions_per_person_wounds(
    seed: int, stray: bool, hits: int
) -> None:
    f = fight(stray=stray)
    before = {c: f.who(c)["damage_taken"] for c in "cat"}
    action = {"type": "Full Auto Burst", "distance": 20, "circumstances": [INTO_MELEE] if stray else []}
    event = {"type": "attack", "who": "g", "at": "c", "reaction": False, "seed": seed, "action": action}
    out = f.do({**event, "nearby": ["a", {"id": "t", "hits": hits}]})
    res = out["resolution"]
    per_person = {p: sum(h["wounds"] for h in res["hits"] if h["person"] == p) for p in (0, 1, 2)}
    after = {c: f.who(c)["damage_taken"] for c in "cat"}
    assert after["c"] - before["c"] == per_person[0]
    assert after["a"] - before["a"] == per_person[1]
    assert after["t"] - before["t"] == per_person[2]
