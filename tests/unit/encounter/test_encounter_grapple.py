"""Grappling in the encounter (seed 004, Grappling; Grapple Action; Grappled Target Options),
worked by hand, and its properties.

The Guard ("g": WS 40, S 45, Ag 35) grapples the Cultist ("c": S 35, TB 3, 10 wounds, no armour,
armed, Dodge 30); initiative by hand: Guard 7 + 3 = 10, Cultist 2 + 3 = 5. A third combatant, the
Arbitrator ("a": WS 40, a maul), stands by.
"""

from __future__ import annotations

import copy
from typing import Any

from encounter_helpers import AUTOGUN, CULTIST_ATTACKER, CULTIST_TARGET, Fight
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules.encounter.run import run_encounter

GUARD = {"name": "Guard", "characteristics": {"WS": 40, "BS": 40, "S": 45, "Ag": 35}, "weapon": AUTOGUN}
GUARD_TARGET = {"name": "Guard", "wounds": 12, "toughness_bonus": 3, "characteristics": {"S": 45}}
CULTIST = {**CULTIST_ATTACKER, "characteristics": {"WS": 30, "BS": 25, "S": 35, "Ag": 30}}
CULTIST_T = {**CULTIST_TARGET, "characteristics": {"S": 35}}
MAUL = {"name": "Maul", "class": "Melee", "damage": "1d10"}
ARBITRATOR = {"name": "Arbitrator", "characteristics": {"WS": 40, "S": 40, "Ag": 20}, "weapon": MAUL}


def fight(third: bool = False) -> Fight:
    f = Fight()
    f.do({"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": GUARD, "target": GUARD_TARGET}})
    f.do({"type": "add", "combatant": {"id": "c", "name": "Cultist", "attacker": CULTIST, "target": CULTIST_T}})
    if third:
        add = {
            "id": "a",
            "name": "Arbitrator",
            "attacker": ARBITRATOR,
            "target": {"wounds": 14, "characteristics": {"S": 40}},
        }
        f.do({"type": "add", "combatant": add})
    f.do({"type": "initiative", "dice": [7, 2, 1] if third else [7, 2]})
    return f


def grapple(who: str, at: str, option: str, dice: list[int], **g: Any) -> dict[str, Any]:
    action = {"type": "Grapple", "grapple": {"option": option, **g}}
    return {"type": "attack", "who": who, "at": at, "action": action, "dice": dice}


def held(f: Fight, cid: str) -> dict[str, Any] | None:
    return next((c for c in f.who(cid)["conditions"] if c["name"] == "Grappled"), None)


def test_encounter_grapple_attempt_starts_a_grapple_the_attacker_controls() -> None:
    # "If the attack is successful, the attacker and the target start to Grapple, with the attacker
    # controlling the Grapple." WS 40 + 10 - 20 (unarmed against the armed Cultist) = 30: 30 hits;
    # Dodge 30 rolls 50: fails.
    f = fight()
    f.do(grapple("g", "c", "attempt", [30, 50]))
    assert f.state()["grapples"] == [{"controller": "g", "grappled": "c", "thrown_down": False}]
    assert held(f, "g")["detail"] == "controls the grapple with Cultist"  # type: ignore[index]
    assert held(f, "c")["detail"] == "grappled by Guard"  # type: ignore[index]
    assert f.who("c")["reaction_used"] is True  # it dodged the attempt
    assert f.who("g")["half_actions"] == 1  # a Standard Attack


def test_encounter_grapple_three_rounds_attempt_damage_break_free() -> None:
    f = fight()
    f.do(grapple("g", "c", "attempt", [30, 50]))
    f.end("g")
    # the Cultist, grappled, may take only the Grapple action ("Participants in a Grapple can only use
    # the Grapple action"); Break Free: S 35 rolls 80 fails, the Guard's S 45 rolls 20: stays grappled
    errors = f.refused({"type": "attack", "who": "c", "at": "g", "action": {"type": "Standard Attack"}})
    assert errors[0]["field"] == "then.who" and "only the Grapple action" in errors[0]["message"]
    f.do(grapple("c", "g", "break_free", [80, 20]))
    assert f.who("c")["half_actions"] == 1  # "declare Grapple as a Half Action"
    # "the first thing she must do on her turn is declare Grapple ... then choose one": one a turn
    assert "one option a turn" in f.refused(grapple("c", "g", "break_free", [1, 90]))[0]["message"]
    f.end("c")
    # round 2: the Guard's Damage Opponent, a Full Action: S 45 rolls 23 (3 DoS), S 35 rolls 60;
    # d10 7 -> d5 4: 4 - 3 + SB 4 = 5 damage - TB 3 = 2 wounds, and a level of Fatigue
    f.do(grapple("g", "c", "damage", [23, 60, 7]))
    c = f.who("c")
    assert (c["damage_taken"], c["fatigue"]) == (2, 1)
    line = f.state()["log"][-1]["text"]
    assert line.startswith("Guard grapples Cultist (Damage Opponent: won); Cultist: 2 wound(s)"), line
    assert "rounds left" not in line  # a bare-handed grapple leaves the Autogun's clip alone
    assert f.who("g")["half_actions"] == 2
    f.end("g")
    # the Cultist breaks free: S 35 - 10 (Fatigued) = 25 rolls 20 (1 DoS), the Guard rolls 60: free,
    # a Half Action left
    out = f.do(grapple("c", "g", "break_free", [20, 60]))
    assert out["resolution"]["grapple"]["tests"][0]["target"] == 25
    assert "grapples" not in f.state() and held(f, "c") is None and held(f, "g") is None
    f.do({"type": "move", "who": "c"})  # "she breaks free and may perform any Half Action"


def test_encounter_grapple_participants_make_no_reactions_and_others_gain_20_ws() -> None:
    # "Participants in a Grapple cannot use Reactions. ... Other attackers gain a +20 bonus to Weapon
    # Skill tests to hit any target engaged in a Grapple."
    f = fight(third=True)
    f.do(grapple("g", "c", "attempt", [30, 50]))
    assert f.who("g")["no_reaction"] == "Grappled" and f.who("c")["no_reaction"] == "Grappled"
    scenario = f.run_preview("a", "c", {"type": "Standard Attack"})
    mods = {m["label"].split(":")[0]: m["value"] for m in scenario["action"]["modifiers"]}
    assert mods["Grappled (target)"] == 20
    assert scenario["target"]["evasion"] is None  # no Reaction


def test_encounter_grapple_shooting_a_grappler_is_shooting_into_melee() -> None:
    # "Participants in a Grapple are considered to be engaged in melee combat": a shot at one is
    # Shooting into Melee Combat, -20 BS (DH2 Core, Table 7-3), and no +20 (that is for WS tests)
    f = fight(third=True)
    f.do({"type": "profile", "who": "a", "attacker": {**ARBITRATOR, "weapon": AUTOGUN}})
    f.do(grapple("g", "c", "attempt", [30, 50]))
    scenario = f.run_preview("a", "c", {"type": "Standard Attack", "distance": 20})
    assert "Shooting into Melee Combat" in scenario["action"]["circumstances"]
    assert not any(m["value"] == 20 for m in scenario["action"].get("modifiers", []))


def test_encounter_grapple_controller_other_action_ends_it_and_end_is_free() -> None:
    # "if she does not declare Grapple as her Full Action, the Grapple immediately ends"
    f = fight()
    f.do(grapple("g", "c", "attempt", [30, 50]))
    f.end("g")
    f.do(grapple("c", "g", "break_free", [80, 20]))
    f.end("c")
    f.do({"type": "move", "who": "g"})
    assert "grapples" not in f.state()
    # "The controller ... can voluntarily end the Grapple ... as a Free Action"
    f = fight()
    f.do(grapple("g", "c", "attempt", [30, 50]))
    f.do(grapple("g", "c", "end", []))
    assert "grapples" not in f.state() and f.who("g")["half_actions"] == 1


def test_encounter_grapple_take_control_swaps_and_throw_down_makes_prone_then_stand() -> None:
    f = fight()
    f.do(grapple("g", "c", "attempt", [30, 50]))
    f.end("g")
    # Take Control: S 35 rolls 11 (3 DoS) against S 45 rolling 70: the Cultist controls, then Throws
    # the Guard down (S 35 rolls 20, 2 DoS; S 45 rolls 90).
    f.do(grapple("c", "g", "take_control", [11, 70, 20, 90], then="throw"))
    assert f.state()["grapples"] == [{"controller": "c", "grappled": "g", "thrown_down": True}]
    assert any(x["name"] == "Prone" for x in f.who("g")["conditions"])
    assert f.who("c")["half_actions"] == 2  # "she cannot take any other Half Actions"
    f.end("c")
    # the Guard, grappled, cannot Stand on its own; round 2 the Cultist's +10 from Throw Down shows
    assert f.refused({"type": "stand", "who": "g"})[0]["field"] == "then.who"
    f.end("g")
    out = f.do(grapple("c", "g", "stand", [20, 90]))
    assert {"label": "Throw Down: opponent Prone", "value": 10}.items() <= out["resolution"]["grapple"]["tests"][0][
        "modifiers"
    ][0].items()
    assert not any(x["name"] == "Prone" for x in f.who("g")["conditions"])
    assert f.state()["grapples"][0]["thrown_down"] is False
    # nobody is down now: Stand has nothing to do
    f.end("c")
    f.end("g")
    assert f.refused(grapple("c", "g", "stand", [20, 90]))[0]["field"] == "then.action.grapple.option"


def test_encounter_grapple_throw_down_bonus_ends_when_the_gm_stands_the_opponent_up() -> None:
    # "+10 to all further Opposed tests ... until the Prone opponent manages to stand"
    f = fight()
    f.do(grapple("g", "c", "attempt", [30, 50]))
    f.end("g")
    f.end("c")
    f.do(grapple("g", "c", "throw", [23, 60]))
    assert f.state()["grapples"][0]["thrown_down"] is True
    f.do({"type": "condition", "who": "c", "condition": "Prone", "remove": True})
    assert f.state()["grapples"][0]["thrown_down"] is False


def test_encounter_grapple_option_outside_a_grapple_is_refused_at_the_field() -> None:
    # Bad input: "A grapple option by a combatant who is not in a grapple"
    f = fight(third=True)
    errors = f.refused(grapple("g", "c", "damage", [23, 60, 7]))
    assert errors[0]["field"] == "then.action.grapple.option" and "not in a grapple" in errors[0]["message"]
    f.do(grapple("g", "c", "attempt", [30, 50]))
    # the wrong role's option, another opponent, a second grapple on a grappler
    assert f.refused(grapple("g", "c", "break_free", [1, 1]))[0]["field"] == "then.action.grapple.option"
    assert f.refused(grapple("g", "a", "damage", [1, 1]))[0]["field"] == "then.at"
    f.end("g")
    f.do(grapple("c", "g", "break_free", [80, 20]))
    f.end("c")
    assert f.refused(grapple("a", "c", "attempt", [1, 1]))[0]["field"] == "then.at"


# --- properties ---------------------------------------------------------------------------------

OPTIONS = ["attempt", "attempt", "attempt", "damage", "throw", "push", "stand", "ready", "end", "break_free"]
OPTIONS += ["break_free", "slip_free", "take_control", "take_control"]
event = st.one_of(
    st.builds(
        lambda w, t, o, s: {
            "type": "attack",
            "who": w,
            "at": t,
            "action": {"type": "Grapple", "grapple": {"option": o}},
            "seed": s,
        },
        st.sampled_from(["turn", "turn", "turn", "a"]),
        st.sampled_from(["foe", "foe", "foe", "g", "c", "a"]),
        st.sampled_from(OPTIONS),
        st.integers(0, 2**31 - 1),
    ),
    st.builds(
        lambda w, t, s: {"type": "attack", "who": w, "at": t, "action": {"type": "Standard Attack"}, "seed": s},
        st.sampled_from(["turn", "g", "c", "a"]),
        st.sampled_from(["g", "c", "a"]),
        st.integers(0, 2**31 - 1),
    ),
    st.builds(lambda w: {"type": "end_turn", "who": w}, st.sampled_from(["turn", "turn", "g"])),
    st.builds(lambda w: {"type": "move", "who": w}, st.sampled_from(["turn", "g", "c"])),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(event, min_size=1, max_size=25))
# found by CI: the controller's Standard Attack on the next round ends the grapple first, and the
# Cultist, free again, Dodges (a Reaction outside any grapple)
@example(
    [{"type": "end_turn", "who": "turn"}] * 3
    + [{"type": "attack", "who": "turn", "at": "c", "action": {"type": "Standard Attack"}, "seed": 0}]
)
def test_encounter_grapple_properties_one_controller_and_no_reaction_while_grappling(evs: list[dict[str, Any]]) -> None:
    """Whatever is tried: each grapple has exactly one controller and one grappled, a combatant is in
    at most one grapple and carries Grappled exactly while in one, and no grappler's Reaction is
    rolled against an attack. The Guard has just grappled the Cultist; anything may follow."""
    f = fight(third=True)
    f.do(grapple("g", "c", "attempt", [30, 50]))
    for ev in evs:
        ev = copy.deepcopy(ev)
        state = f.state()
        if ev["who"] == "turn":
            ev["who"] = state["turn"]
        grapplers = {x for g in state.get("grapples", []) for x in (g["controller"], g["grappled"])}
        if ev.get("at") == "foe":  # its opponent in a grapple, else the next one along
            pair = next((g for g in state.get("grapples", []) if ev["who"] in g.values()), None)
            ev["at"] = next(x for x in ("g", "c", "a") if x != ev["who"] and (pair is None or x in pair.values()))
        out = run_encounter({"encounter": f.file, "then": ev})
        if out["status"] != "ok":
            continue
        f.file = out["encounter"]
        res = out.get("resolution")
        after = f.state()
        # a grappler at the attack: in the grapple before it and still after it (the controller's
        # own non-Grapple action ends the grapple first, seed 004: "if she does not declare Grapple
        # as her Full Action, the Grapple immediately ends", and the one freed may then react)
        still = {x for g in after.get("grapples", []) for x in (g["controller"], g["grappled"])}
        if res and ev.get("at") in grapplers & still:
            assert not any("(evasion)" in d["purpose"] for d in res["dice"]), "a grappler reacted"
        seen: list[str] = []
        for g in after.get("grapples", []):
            assert g["controller"] != g["grappled"]
            seen += [g["controller"], g["grappled"]]
        assert len(seen) == len(set(seen))
        for c in after["combatants"]:
            assert (c["id"] in seen) == any(x["name"] == "Grappled" for x in c["conditions"])


def test_encounter_grapple_cards_say_who_grapples_whom() -> None:
    from auspex_web.render_encounter import render_encounter

    f = fight()
    f.do(grapple("g", "c", "attempt", [30, 50]))
    html = render_encounter(f.state())
    assert "Grappling Cultist (controls)" in html and "Grappled by Guard" in html


def test_encounter_grapple_the_opponents_fatigue_and_stun_count_on_its_side_of_the_opposed_test() -> None:
    # Seed 001, Fatigue: "-10 to all tests" -- the grappled opponent's own Strength test too, as the
    # one acting's already counts. Stunned (DH2 Core, Ch. VII; seed 001: "opponents +20 to hit") is
    # read as -20 on its own side. Thrown down (Prone) counts once: the controller's +10.
    f = fight()
    f.do(grapple("g", "c", "attempt", [30, 50]))
    f.end("g")
    f.do({"type": "adjust", "who": "g", "fatigue": 1})
    # the Cultist's Break Free: S 35 rolls 80; the Guard's S 45 - 10 (Fatigued) = 35 rolls 20
    out = f.do(grapple("c", "g", "break_free", [80, 20]))
    guard_side = out["resolution"]["grapple"]["tests"][1]
    assert guard_side["name"] == "Guard" and guard_side["target"] == 35
    assert [(m["label"], m["value"]) for m in guard_side["modifiers"]] == [("Fatigued", -10)]
    f.end("c")
    f.do({"type": "adjust", "who": "g", "fatigue": 0})
    f.do({"type": "condition", "who": "c", "condition": "Stunned", "rounds": 2})
    # the Guard's Throw Down: the Stunned Cultist's S 35 - 20 = 15
    out = f.do(grapple("g", "c", "throw", [23, 60]))
    cultist_side = out["resolution"]["grapple"]["tests"][1]
    assert cultist_side["target"] == 15
    assert [(m["label"], m["value"]) for m in cultist_side["modifiers"]] == [("Stunned", -20)]


def test_encounter_grapple_then_after_take_control_is_checked_against_the_state() -> None:
    # Seed 004, Grapple Action, Stand: "If both participants are on the ground ..." -- a Take Control
    # followed by Stand with nobody on the ground is refused at its field, nothing changed.
    f = fight()
    f.do(grapple("g", "c", "attempt", [30, 50]))
    f.end("g")
    before = f.state()
    errors = f.refused(grapple("c", "g", "take_control", [11, 70, 20, 90], then="stand"))
    assert errors[0]["field"] == "then.action.grapple.then"
    assert "nobody to stand up" in errors[0]["message"]
    assert f.state() == before
