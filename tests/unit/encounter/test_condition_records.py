"""The conditions' records (rules/encounter/conditions.py): the consequences code asks about
("which conditions cause X"), the catalogue the page reads them from, and the hooks called at the
turn's points in the registry's order."""

from __future__ import annotations

import pytest
from auspex_web.render_encounter import condition_text
from encounter_helpers import dh2_fight, modifiers

from rules.catalogue import catalogue
from rules.encounter import conditions
from rules.encounter.conditions import ConditionRule, Hooks


def names(category: str) -> list[str]:
    return [r.name for r in conditions.having(category)]


def test_pinned_and_blood_loss_roll_at_the_turns_end() -> None:
    # seed 001, Pinning: "Test Willpower to recover at the end of the Turn"; Blood Loss: "10% chance of
    # death each Round"
    assert names("rolls_at_turn_end") == ["Pinned", "Blood Loss"]


def test_which_conditions_stop_actions_and_reactions() -> None:
    # seed 001, Stunned (no Actions); seed 003, Helpless Targets; Snare's Immobilised; Fatigue past TB
    assert names("no_actions") == ["Stunned", "Helpless", "Immobilised", "Unconscious"]
    assert names("half_action_only") == ["Pinned"]  # seed 001, Pinned: Half Actions only
    # every condition with no actions makes no Reaction either; Surprised, Unaware and a grappler none
    assert set(names("no_actions")) < set(names("no_reaction"))
    assert {"Surprised", "Unaware", "Grappled", "All Out Attacking"} <= set(names("no_reaction"))
    assert names("ends_at_turn_start") == ["Running", "Delaying"]
    assert names("loses_first_turn") == ["Surprised"]


def test_a_record_with_an_unknown_category_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown categories"):
        ConditionRule("Dazed", "the GM", "no effect", ("no_acting",))
    with pytest.raises(KeyError):
        conditions.having("no_acting")


def test_the_catalogue_ships_each_condition_with_its_categories() -> None:
    c = catalogue()
    assert [x["name"] for x in c["conditions"]] == [r.name for r in conditions.records()]
    pinned = next(x for x in c["conditions"] if x["name"] == "Pinned")
    assert pinned["categories"] == ["half_action_only", "rolls_at_turn_end"]
    assert pinned["label"] == "Pinned (keeps cover)"
    assert set(c["condition_categories"]) == set(conditions.CATEGORIES)
    rolls = [x["name"] for x in c["conditions"] if "rolls_at_turn_end" in x["categories"]]
    assert rolls == ["Pinned", "Blood Loss"]


def test_a_card_shows_the_records_label() -> None:
    assert condition_text({"name": "Pinned"}) == "Pinned (keeps cover)"
    assert condition_text({"name": "Prone", "rounds": 2}) == "Prone (2 turns left)"
    assert condition_text({"name": "A GM's own"}) == "A GM's own"


def test_hooks_are_called_at_the_turns_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record registered with a hook at each point: the engine calls them as the bearer spends an
    action (its Half Actions already counted), as it ends its turn and as its next turn starts; what
    each hook writes in the log is the event's log line."""
    hooks = Hooks(
        turn_start=lambda ctx, c, cond: ctx.log.append(f"start {c.name}"),
        action_spent=lambda ctx, c, cond, what, cost: ctx.log.append(f"{what} {cost} ({c.half_actions} spent)"),
        turn_end=lambda ctx, c, cond: ctx.log.append(f"end {c.name}"),
    )
    monkeypatch.setitem(conditions.CONDITIONS, "Watched", ConditionRule("Watched", "the GM", "a test", hooks=hooks))
    f = dh2_fight()  # round 1, the Guard's turn
    f.do({"type": "condition", "who": "g", "condition": "Watched"})
    f.do({"type": "run", "who": "g"})  # DH2 Run: a Full Action (2 Half Actions)
    f.end("g")
    f.end("c")  # round 2: the Guard's turn starts
    log = [line["text"] for line in f.state()["log"]][-3:]
    assert log[0].startswith("Run 2 (2 spent); Guard runs")
    assert log[1].startswith("Guard ends its turn; end Guard; ")
    assert log[2] == "Cultist ends its turn; start Guard; Round 2: Guard's turn"


def test_fatigued_named_by_the_gm_stays_the_gms_yet_gives_the_fatigued_row() -> None:
    """Fatigue is a number, not a condition the GM is offered; one the GM names "Fatigued" by hand is
    the GM's own (its source "the GM"), and the attacker bearing it gets the table's Fatigued row
    (seed 003 / DH2 Table 7-3: -10), as the number would give it."""
    f = dh2_fight()
    f.do({"type": "condition", "who": "g", "condition": "Fatigued"})
    assert f.who("g")["conditions"][0]["source"] == "the GM"
    out = f.do(
        {"type": "attack", "who": "g", "at": "c", "action": {"type": "Standard Attack", "distance": 20}, "dice": [95]}
    )
    # BS 40 + Standard Attack 10 + Short range 10 - Fatigued 10 = 50
    assert modifiers(out)["Fatigued"] == -10 and out["resolution"]["target_number"] == 50
