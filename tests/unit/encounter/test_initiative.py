"""Initiative for the combat tracker (rules.initiative), hand-worked with scripted dice.

Dark Heresy family: 1d10 + Agility bonus, highest first (seed 003, the combat round; DH2 and
Deathwatch Core, Ch. VII); equal results: the higher Agility, then a 1d10 roll-off (the core
rulebooks). The roll stands for the combat. Fan ruleset: no roll, Initiative and effective
initiative (seed 000)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from auspex_web import bridge
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import ScriptedDice, SeededDice
from rules.errors import NeedDie, ScenarioError
from rules.initiative import InitiativeCombatant, InitiativeResult, roll_initiative, run_initiative


def who(**fields: Any) -> InitiativeCombatant:
    return InitiativeCombatant.model_validate(fields)


def roll(system: str, people: list[InitiativeCombatant], dice: list[int]) -> InitiativeResult:
    """Roll with exactly ``dice``: every die given must be used."""
    source = ScriptedDice(dice)
    result = roll_initiative(system, people, source)
    assert source.used == len(dice), "a scripted die was left unused"
    assert [d.value for d in result.dice] == dice  # every die consumed is recorded, in order
    return result


def names(result: InitiativeResult) -> list[str]:
    return [x.name for x in result.order]


# ---------------------------------------------------------------- 1d10 + AgB, highest first


def test_dh1_initiative_is_1d10_plus_agility_bonus_ranked_highest_first() -> None:
    # Guardsman Ag 42: 3 + 4 = 7; Cultist Ag 35: 9 + 3 = 12 -> Cultist, then Guardsman
    result = roll("dh1", [who(name="Guardsman", Ag=42), who(name="Cultist", Ag=35)], [3, 9])
    assert names(result) == ["Cultist", "Guardsman"]
    assert [(x.d10, x.bonus, x.total, x.place, x.index) for x in result.order] == [(9, 3, 12, 1, 1), (3, 4, 7, 2, 0)]
    assert [(d.purpose, d.sides) for d in result.dice] == [
        ("initiative d10: Guardsman", 10),
        ("initiative d10: Cultist", 10),
    ]
    assert result.steps[0].rule == "Initiative: 1d10 + AgB"
    assert result.steps[0].source.startswith("seed 003")
    assert "Guardsman: 3 + AgB 4 = 7" in result.steps[0].detail


def test_an_agility_bonus_given_counts_unnatural_agility() -> None:
    # Ag 42 with Unnatural Agility (x2): AgB 8, so 2 + 8 = 10 beats 9 + 0
    result = roll("dh2", [who(name="Assassin", Ag=42, agility_bonus=8), who(name="Servitor", Ag=5)], [2, 9])
    assert [(x.name, x.total) for x in result.order] == [("Assassin", 10), ("Servitor", 9)]


def test_deathwatch_calls_it_ab() -> None:
    result = roll("dw", [who(name="Brother Tarkus", Ag=41)], [6])
    assert result.order[0].total == 10
    assert result.steps[0].rule == "Initiative: 1d10 + AB"
    assert result.steps[0].source.startswith("Deathwatch Core")


# ---------------------------------------------------------------- equal results


def test_equal_results_the_higher_agility_acts_first_without_a_die() -> None:
    # 5 + 4 = 9 and 5 + 4 = 9: Ag 49 beats Ag 42, no roll-off
    result = roll("dh2", [who(name="Ana", Ag=42), who(name="Bo", Ag=49)], [5, 5])
    assert names(result) == ["Bo", "Ana"]
    assert all(x.roll_offs == [] for x in result.order)
    tie = next(s for s in result.steps if s.rule == "Equal initiative")
    assert "higher Agility" in tie.detail
    assert "DH2 Core" in tie.source


def test_equal_results_and_agility_roll_off_on_1d10_highest_first() -> None:
    # 6 + 4 both; Ag 40 both; roll-off Ana 3, Bo 8 -> Bo first
    result = roll("dh2", [who(name="Ana", Ag=40), who(name="Bo", Ag=40)], [6, 6, 3, 8])
    assert names(result) == ["Bo", "Ana"]
    assert [x.roll_offs for x in result.order] == [[8], [3]]
    assert [d.purpose for d in result.dice[2:]] == ["initiative roll-off d10: Ana", "initiative roll-off d10: Bo"]


def test_a_tied_roll_off_is_rolled_again_among_those_still_tied() -> None:
    # roll-off 5 and 5, again 2 and 7 -> Bo first
    result = roll("dh1", [who(name="Ana", Ag=40), who(name="Bo", Ag=40)], [1, 1, 5, 5, 2, 7])
    assert names(result) == ["Bo", "Ana"]
    assert [x.roll_offs for x in result.order] == [[5, 7], [5, 2]]


def test_three_way_tie_agility_first_then_the_equal_agilities_roll_off() -> None:
    # A 5+4, B 6+3, C 5+4: all 9; Ag 42, 35, 42 -> A and C over B; A and C roll off 3 vs 9 -> C, A, B
    people = [who(name="A", Ag=42), who(name="B", Ag=35), who(name="C", Ag=42)]
    result = roll("dh2", people, [5, 6, 5, 3, 9])
    assert names(result) == ["C", "A", "B"]
    assert [x.roll_offs for x in result.order] == [[9], [3], []]


def test_without_agility_the_tie_goes_straight_to_a_roll_off() -> None:
    people = [who(name="Ana", agility_bonus=3), who(name="Bo", Ag=30)]
    result = roll("dh2", people, [4, 4, 2, 1])
    assert names(result) == ["Ana", "Bo"]
    assert "not known" in next(s.detail for s in result.steps if s.rule == "Equal initiative")


# ---------------------------------------------------------------- rolled once for the combat


def test_a_die_rolled_earlier_in_the_combat_is_kept_and_only_a_newcomer_rolls() -> None:
    people = [who(name="Ana", Ag=30, d10=7), who(name="Newcomer", Ag=50)]
    result = roll("dh2", people, [1])  # one die: the newcomer's
    assert [(x.name, x.d10, x.kept, x.total) for x in result.order] == [
        ("Ana", 7, True, 10),
        ("Newcomer", 1, False, 6),
    ]
    assert "kept" in result.steps[0].detail


def test_kept_roll_offs_keep_a_broken_tie_as_it_was() -> None:
    people = [who(name="Ana", Ag=40, d10=6, roll_offs=[3]), who(name="Bo", Ag=40, d10=6, roll_offs=[8])]
    result = roll("dh2", people, [])
    assert names(result) == ["Bo", "Ana"]


# ---------------------------------------------------------------- the fan ruleset


def test_fan_ruleset_acts_by_initiative_without_a_roll() -> None:
    result = roll("wh40krp", [who(name="Pirate", I=40), who(name="Ork", I=30), who(name="Eldar", I=65)], [])
    assert [(x.name, x.total, x.d10) for x in result.order] == [
        ("Eldar", 65, None),
        ("Pirate", 40, None),
        ("Ork", 30, None),
    ]
    assert result.steps[0].source.startswith("seed 000")


def test_fan_ruleset_effective_initiative_is_the_seeds_harlequin_example() -> None:
    # seed 000: Harlequin I 72, 3 Attacks; gang leader I 30, 2 Attacks -> 72, 48, 30, 24, 15
    result = roll("wh40krp", [who(name="Gang leader", I=30, A=2), who(name="Harlequin", I=72, A=3)], [])
    assert [(b.name, b.initiative) for b in result.blows] == [
        ("Harlequin", 72),
        ("Harlequin", 48),
        ("Gang leader", 30),
        ("Harlequin", 24),
        ("Gang leader", 15),
    ]
    assert result.order[0].blows == [72, 48, 24]
    assert any(s.rule == "Effective initiative" for s in result.steps)


def test_fan_ruleset_equal_initiative_is_rolled_off_and_blows_follow_it() -> None:
    # both I 30; roll-off Ork 2, Pirate 9 -> Pirate's blow at 30 before the Ork's
    result = roll("wh40krp", [who(name="Ork", I=30), who(name="Pirate", I=30)], [2, 9])
    assert names(result) == ["Pirate", "Ork"]
    assert [b.name for b in result.blows] == ["Pirate", "Ork"]
    assert "reading" in next(s.source for s in result.steps if s.rule == "Equal initiative")


def test_two_combatants_of_one_name_keep_their_own_blows() -> None:
    result = roll("wh40krp", [who(name="Cultist", I=20, A=2), who(name="Cultist", I=35)], [])
    assert [(b.index, b.initiative) for b in result.blows] == [(1, 35), (0, 20), (0, 10)]


# ---------------------------------------------------------------- refusals and the envelope


def test_epic_has_no_initiative_and_says_so_at_system() -> None:
    answer = run_initiative({"system": "epic", "combatants": [{"name": "Boyz"}], "seed": 1})
    assert answer["status"] == "invalid"
    assert [e["field"] for e in answer["errors"]] == ["system"]
    with pytest.raises(ScenarioError):
        roll_initiative("epic", [who(name="Boyz")], SeededDice(1))


def test_a_missing_agility_is_named_at_its_field() -> None:
    answer = run_initiative({"system": "dh1", "combatants": [{"name": "A", "Ag": 30}, {"name": "B"}], "seed": 1})
    assert answer == {
        "status": "invalid",
        "errors": [{"field": "combatants.1.Ag", "message": "Give Ag (or the Agility bonus) to roll initiative"}],
    }
    fan = run_initiative({"system": "wh40krp", "combatants": [{"name": "A"}], "seed": 1})
    assert [e["field"] for e in fan["errors"]] == ["combatants.0.I"]


def test_a_bad_value_is_named_at_its_field() -> None:
    answer = run_initiative({"system": "dh2", "combatants": [{"name": "A", "Ag": "fast", "d10": 11}], "seed": 1})
    assert answer["status"] == "invalid"
    assert {e["field"]: e["message"] for e in answer["errors"]} == {
        "combatants.0.Ag": "Must be a whole number",
        "combatants.0.d10": "At most 10",
    }
    assert run_initiative("{")["status"] == "invalid"
    assert run_initiative("[]")["status"] == "invalid"
    assert run_initiative({"combatants": [{"name": "A", "Ag": 30}]})["errors"][0]["field"] == "dice"


def test_hand_rolled_dice_that_run_out_ask_for_the_next_one() -> None:
    answer = run_initiative(
        {"system": "dh2", "combatants": [{"name": "A", "Ag": 30}, {"name": "B", "Ag": 30}], "dice": [4]}
    )
    assert answer["status"] == "needs"
    assert answer["needs"] == {"purpose": "initiative d10: B", "sides": 10, "index": 1, "count": 1}
    assert answer["dice"] == [{"purpose": "initiative d10: A", "sides": 10, "value": 4}]
    with pytest.raises(NeedDie):
        roll_initiative("dh2", [who(name="A", Ag=30)], ScriptedDice([]))


def test_a_seed_replays_the_same_order_and_is_reported() -> None:
    request = {"system": "dh2", "combatants": [{"name": n, "Ag": 30} for n in "ABCDEF"], "seed": 99}
    first, again = run_initiative(request), run_initiative(json.dumps(request))
    assert first == again
    assert first["initiative"]["seed"] == 99


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 100), min_size=1, max_size=8), st.integers(0, 2**32))
def test_any_seeded_order_is_highest_total_first_with_every_die_recorded(ags: list[int], seed: int) -> None:
    people = [who(name=f"C{i}", Ag=ag) for i, ag in enumerate(ags)]
    result = roll_initiative("dh2", people, SeededDice(seed))
    totals = [x.total for x in result.order]
    assert totals == sorted(totals, reverse=True)
    assert sorted(x.index for x in result.order) == list(range(len(ags)))
    for x in result.order:
        assert x.total == x.d10 + (people[x.index].Ag // 10)  # type: ignore[operator]
    for a, b in zip(result.order, result.order[1:], strict=False):
        if a.total == b.total:
            assert (a.agility or 0) >= (b.agility or 0)
    rolled = len(ags) + sum(len(x.roll_offs) for x in result.order)
    assert len(result.dice) == rolled


# ---------------------------------------------------------------- the worker's entry point


def test_the_bridge_renders_the_order_escaped() -> None:
    request = {"system": "dh2", "combatants": [{"name": "<b>Ana</b>", "Ag": 40}], "dice": [7]}
    answer = json.loads(bridge.initiative(json.dumps(request)))
    assert answer["status"] == "ok"
    assert "&lt;b&gt;Ana&lt;/b&gt;" in answer["html"]
    assert "<b>Ana" not in answer["html"]
    assert 'data-k="init-total">7 + AgB 4 = 11<' in answer["html"]


def test_the_bridge_never_raises(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import rules.initiative

    def broken(data: object) -> dict[str, object]:
        raise ZeroDivisionError("internals")

    monkeypatch.setattr(rules.initiative, "run_initiative", broken)
    answer = json.loads(bridge.initiative("{}"))
    assert answer == {"status": "error", "message": bridge.INITIATIVE_ERROR_MESSAGE}
    assert "Traceback" in capsys.readouterr().err
