"""Sides, the acting combatant's default target, "xN" adds, and the controls the engine allows
(rules/encounter/turn.py): every combatant has a side ("party" for the player characters, "foes"
when none is given: a file written before sides has everyone "foes"); the default target is of
another side (the last one attacked, else the next in initiative order); an add's ``count`` adds N
identical combatants; the envelope's ``turn.allowed`` says for each control whether the engine
takes it now, with the engine's own refusal."""

from __future__ import annotations

import copy
from typing import Any

from encounter_helpers import CULTIST_ATTACKER, CULTIST_TARGET, GUARD, Fight, dh2_fight
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_encounter_rp_run import rp_fight

from rules.encounter.models import MAX_COUNT
from rules.encounter.run import run_encounter


def _add(cid: str, name: str, side: str | None = None, **more: Any) -> dict[str, Any]:
    combatant: dict[str, Any] = {
        "id": cid,
        "name": name,
        "attacker": {**GUARD, "name": name},
        "target": {"name": name, "wounds": 12},
    }
    if side is not None:
        combatant["side"] = side
    return {"type": "add", "combatant": combatant, **more}


def _party_fight() -> Fight:
    """Two player characters (Guard "g", Adept "a": party) and two Cultists ("c1", "c2": foes),
    initiative by hand in the order added: Guard 9 + AgB 3 = 12, Adept 8 + 3 = 11, Cultist 1
    7 + AgB 3 = 10, Cultist 2 6 + 3 = 9: Guard, Adept, Cultist 1, Cultist 2."""
    f = Fight()
    f.do(_add("g", "Guard", "party"))
    f.do(_add("a", "Adept", "party"))
    for cid, name in (("c1", "Cultist 1"), ("c2", "Cultist 2")):
        f.do(
            {
                "type": "add",
                "combatant": {"id": cid, "name": name, "attacker": CULTIST_ATTACKER, "target": CULTIST_TARGET},
            }
        )
    f.do({"type": "initiative", "dice": [9, 8, 7, 6]})
    return f


def test_side_is_kept_in_the_file_only_when_given_and_foes_by_default() -> None:
    f = Fight()
    f.do(_add("g", "Guard", "party"))
    f.do(_add("c", "Cultist"))
    adds = f.file["events"]
    assert adds[0]["combatant"]["side"] == "party"
    assert "side" not in adds[1]["combatant"]  # an add without a side is stored as before sides
    assert {c["id"]: c["side"] for c in f.state()["combatants"]} == {"g": "party", "c": "foes"}


def test_the_default_target_is_the_next_foe_in_order_never_an_ally() -> None:
    f = _party_fight()
    turn = f.last["turn"]
    assert turn["who"] == "g"
    assert turn["target"] == "c1"  # the Adept comes next in order but is of the Guard's side
    f.end("g")
    assert f.last["turn"] == {**f.last["turn"], "who": "a", "target": "c1"}
    f.end("a")
    # Cultist 1 acts: after it in order comes Cultist 2, its ally; round and round, the Guard
    assert f.last["turn"] == {**f.last["turn"], "who": "c1", "target": "g"}


def test_the_default_target_is_the_last_foe_attacked() -> None:
    f = _party_fight()
    # Guard shoots Cultist 2 (a Standard Attack, d100 95: a miss, no Reaction asked)
    f.do(
        {"type": "attack", "who": "g", "at": "c2", "action": {"type": "Standard Attack", "distance": 20}, "dice": [95]}
    )
    assert f.last["state"]["combatants"][0]["last_target"] == "c2"
    assert f.last["turn"]["target"] == "c2"


def test_a_file_without_sides_targets_the_next_other_combatant() -> None:
    f = dh2_fight()  # Guard then Cultist, no sides: both "foes"
    assert f.last["turn"]["target"] == "c"


def test_count_adds_n_identical_combatants_named_1_to_n() -> None:
    f = Fight()
    f.do(_add("c", "Cultist", count=3))
    cs = f.state()["combatants"]
    assert [(c["id"], c["name"]) for c in cs] == [("c-1", "Cultist 1"), ("c-2", "Cultist 2"), ("c-3", "Cultist 3")]
    assert cs[0]["attacker"] == cs[2]["attacker"] and cs[0]["target"] == cs[2]["target"]
    assert f.file["events"][0]["count"] == 3
    assert f.last["state"]["log"][-1]["text"] == "Cultist 1, Cultist 2, Cultist 3 join the fight"


def test_count_over_its_limit_or_an_id_taken_is_refused() -> None:
    f = Fight()
    errors = f.refused(_add("c", "Cultist", count=MAX_COUNT + 1))
    assert errors[0]["field"] == "then.count"
    f.do(_add("c-2", "Other"))
    errors = f.refused(_add("c", "Cultist", count=2))
    assert errors == [{"field": "then.combatant.id", "message": "Another combatant already has the id 'c-2'"}]


def test_count_joining_a_running_fight_rolls_each_ones_initiative() -> None:
    f = dh2_fight()
    f.do({**_add("r", "Reinforcement", count=2), "dice": [4, 3]})
    order = f.state()["order"]
    # Guard 10, Cultist 5 (dh2_fight), Reinforcement 1: 4 + AgB 3 = 7, Reinforcement 2: 3 + 3 = 6
    assert order == ["g", "r-1", "r-2", "c"]


def test_allowed_says_the_engines_own_refusal() -> None:
    f = dh2_fight()
    f.do({"type": "aim", "who": "g", "aim": "full"})  # the Guard's Full Action
    allowed = f.last["turn"]["allowed"]
    assert allowed["end_turn"] is None
    refused = f.refused({"type": "aim", "who": "g", "aim": "half"})
    assert allowed["aim_half"] == refused[0]["message"]
    assert allowed["clear_jam"] == "Guard's weapon is not jammed"


# The page's events for each control, written as the page sends them (not read from the engine's list)
PAGE = {
    "attack": lambda who, at: {"type": "attack", "who": who, "at": at},
    "grapple": lambda who, at: {"type": "attack", "who": who, "at": at, "action": {"type": "Grapple"}},
    "aim_half": lambda who, at: {"type": "aim", "who": who, "aim": "half"},
    "aim_full": lambda who, at: {"type": "aim", "who": who, "aim": "full"},
    "reload": lambda who, at: {"type": "reload", "who": who},
    "clear_jam": lambda who, at: {"type": "clear_jam", "who": who},
    "stand": lambda who, at: {"type": "stand", "who": who},
    "ready": lambda who, at: {"type": "ready", "who": who},
    "move": lambda who, at: {"type": "move", "who": who},
    "move_full": lambda who, at: {"type": "move", "who": who, "full": True},
    "run": lambda who, at: {"type": "run", "who": who},
    "delay": lambda who, at: {"type": "delay", "who": who},
    "disengage": lambda who, at: {"type": "disengage", "who": who},
    "tactical_advance": lambda who, at: {"type": "tactical_advance", "who": who},
    "brace": lambda who, at: {"type": "brace", "who": who},
    "overwatch": lambda who, at: {"type": "overwatch", "who": who},
    "test": lambda who, at: {"type": "test", "who": who, "test": "jump"},
    "end_turn": lambda who, at: {"type": "end_turn", "who": who},
}

step = st.one_of(
    st.sampled_from(sorted(PAGE)),
    st.tuples(st.sampled_from(["Stunned", "Prone", "Pinned", "Grappled"]), st.sampled_from(["g", "a", "c1", "c2"])),
    st.tuples(st.just("adjust"), st.sampled_from(["g", "a", "c1", "c2"]), st.integers(0, 30)),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(step, min_size=1, max_size=10), st.integers(0, 2**31 - 1))
def test_every_control_allowed_is_taken_and_every_refused_one_refused_with_its_reason(
    steps: list[Any], seed: int
) -> None:
    f = _party_fight()
    for s in steps:
        turn = f.last["turn"]
        if turn is None:
            break
        for name, make in PAGE.items():
            ev = make(turn["who"], turn["target"])
            if ev["type"] in ("attack", "clear_jam", "test", "end_turn"):
                ev["seed"] = seed
            out = run_encounter({"encounter": f.file, "then": copy.deepcopy(ev)})
            said = turn["allowed"][name]
            if said is None:
                assert out["status"] == "ok", (name, out)
            else:
                assert out["status"] == "invalid", (name, said)
                assert out["errors"][0]["message"] == said
        if isinstance(s, str):
            ev = PAGE[s](turn["who"], turn["target"])
            ev["seed"] = seed
            out = run_encounter(
                {
                    "encounter": f.file,
                    "then": ev
                    if s in ("attack", "clear_jam", "test", "end_turn")
                    else {k: v for k, v in ev.items() if k != "seed"},
                }
            )
        elif s[0] == "adjust":
            out = run_encounter({"encounter": f.file, "then": {"type": "adjust", "who": s[1], "damage_taken": s[2]}})
        else:
            out = run_encounter(
                {"encounter": f.file, "then": {"type": "condition", "who": s[1], "condition": s[0], "rounds": 1}}
            )
        if out["status"] == "ok":
            f.file, f.last = out["encounter"], out


def test_every_ruleset_says_its_controls() -> None:
    """The fan ruleset and Epic have no Grapple, moves or tests of the d100 tables: not listed."""
    f = rp_fight()
    allowed = f.last["turn"]["allowed"]
    assert "grapple" not in allowed and "test" not in allowed
    assert allowed["end_turn"] is None
