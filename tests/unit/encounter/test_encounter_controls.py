"""The page's encounter controls as the engine gives them (``controls`` in every envelope of a
state: :func:`rules.encounter.controls.controls`), so the page's script names no ruleset: which
controls show, Overwatch held over turns, Suppressing Fire's area, Focus Power's roll, Jump and
Leap's cost, the Dice box's words, and the movement rows by AB (:func:`rules.d100.encounter.moves.movement`).

Hand values: seed 001 (Deathwatch) Movement table, AB 0: Half 0.5, Full 1, Charge 2, Run 3; AB 4:
4 / 8 / 12 / 24. DH2 Core, Table 7-2 (Movement): Half AB, Full 2 x AB, Charge 3 x AB, Run 6 x AB,
so AB 3 (Ag 35): 3 / 6 / 9 / 18. Seed 001 and seed 003, Overwatch: a Full Action setting a kill
zone, held over turns (DH2's seed 004 has none). DH1 Core, Ch. VI: Focus Power is Xd10 + WP Bonus
against the Threshold. Seed 003 / seed 001, Actions: "Jump/Leap | Full".
"""

from __future__ import annotations

from typing import Any

import pytest
from encounter_helpers import GUARD, Fight, dh2_fight

from rules.catalogue import catalogue
from rules.d100.encounter import moves
from rules.encounter.run import run_encounter


def _controls(system: str) -> dict[str, Any]:
    out = run_encounter({"encounter": {"auspex_encounter": 1, "system": system, "events": []}})
    assert out["status"] == "ok", out
    return dict(out["controls"])


@pytest.mark.parametrize(
    ("system", "held"), [("dw", True), ("dh1", True), ("dh2", False), ("wh40krp", False), ("epic", False)]
)
def test_overwatch_is_held_over_turns_in_deathwatch_and_dh1_not_dh2(system: str, held: bool) -> None:
    c = _controls(system)
    assert ("kill_zone" in c["offered"]) is held
    assert (c["kill_zone"] is not None) is held
    if held:  # the rule's source: seed 001's Overwatch (Deathwatch), seed 003's Actions (DH1)
        assert c["kill_zone"]["source"].startswith({"dw": "seed 001", "dh1": "seed 003"}[system])
        assert "kill zone" in c["kill_zone"]["source"]


def test_a_kill_zone_offered_is_one_the_engine_takes_and_dh2s_is_refused() -> None:
    # the Guard (Autogun, S/3/10) sets a kill zone in Deathwatch; DH2 refuses the event itself
    assert dh2_fight(system="dw").do({"type": "overwatch", "who": "g", "fire": "Semi-Auto Burst"})["status"] == "ok"
    assert dh2_fight(system="dh2").refused({"type": "overwatch", "who": "g"})[0]["field"] == "then.type"


def test_dh1_focus_power_is_the_threshold_roll_asking_its_d10s_and_threshold() -> None:
    power = _controls("dh1")["tests"]["focus_power"]
    assert power["asks"] == ["psy_dice", "threshold"] and power["tables"] is True and power["cost"] is None
    assert "DH1 Core, Ch. VI" in power["source"]
    # the engine asks for exactly those: without the d10s, refused at them
    psyker = {**GUARD, "characteristics": {"WS": 30, "BS": 40, "Ag": 35, "WP": 42}}
    f = dh2_fight(guard=psyker, system="dh1")
    assert f.refused({"type": "test", "who": "g", "test": "focus_power", "dice": [4]})[0]["field"] == "then.psy_dice"


@pytest.mark.parametrize("system", ["dh2", "dw"])
def test_focus_power_elsewhere_is_a_willpower_test_asking_nothing_more(system: str) -> None:
    power = _controls(system)["tests"]["focus_power"]
    assert power["asks"] == [] and power["tables"] is False


@pytest.mark.parametrize("system", ["dh2", "dh1", "dw"])
def test_jump_and_leap_are_always_a_full_action(system: str) -> None:
    tests = _controls(system)["tests"]
    assert tests["jump"]["cost"] == "full" and tests["leap"]["cost"] == "full"
    assert tests["skill"]["cost"] is None and tests["focus_power"]["cost"] is None
    # and the engine refuses a Jump as a Half Action
    assert (
        dh2_fight(system=system).refused({"type": "test", "who": "g", "test": "jump", "cost": "half"})[0]["field"]
        == "then.cost"
    )


@pytest.mark.parametrize(("system", "spreads"), [("dh2", True), ("dw", True), ("dh1", False)])
def test_suppressing_fire_hits_random_ones_in_its_area_where_a_bursts_hits_spread(system: str, spreads: bool) -> None:
    nearby = _controls(system)["nearby"]
    assert nearby["area"] == (["Suppressing Fire"] if spreads else [])
    assert nearby["actions"] == (["Semi-Auto Burst", "Full Auto Burst"] if spreads else [])


@pytest.mark.parametrize("system", ["wh40krp", "epic"])
def test_no_others_struck_outside_the_d100_rulesets(system: str) -> None:
    c = _controls(system)
    assert c["nearby"] is None and c["tests"] == {} and c["second_target"] is False and c["armour"] is False


def test_epic_formations_move_overwatch_and_end_their_turn_and_roll_no_initiative() -> None:
    # seed 002: a formation's turn is its shooting (Resolve); overwatch across turns, and a move
    c = _controls("epic")
    assert c["offered"] == ["move", "formation_overwatch", "end_turn"]
    assert c["initiative"] is False and c["dice"] is None and c["add"]["both"] is False
    assert c["started"] == "Started: formations act in the order added"
    assert "shot at" in c["one_side"]["target"] and "shoots" in c["one_side"]["attacker"]


def test_the_fan_ruleset_offers_its_four_action_task_and_reads_dice_for_equal_i() -> None:
    # seed 000: taking an item is 4 actions; initiative by I, d10s only for ties; a Tek test for a jam
    c = _controls("wh40krp")
    assert "take_item" in c["offered"] and "test" not in c["offered"]
    assert c["dice"] == "d10s for equal I, a Tek test's d100 to clear a jam" and c["initiative"] is True


def test_the_dice_box_names_the_initiative_order_before_the_fight() -> None:
    # seed 003, Initiative: one d10 a combatant, in the encounter's order
    f = Fight("dh2")
    for cid, name in (("g", "Guard"), ("c", "Cultist")):
        f.do({"type": "add", "combatant": {"id": cid, "name": name, "attacker": GUARD}})
    assert f.last["controls"]["dice"] == "initiative d10s in this order: Guard, Cultist; Clear Jam's or a test's d100"
    assert dh2_fight().last["controls"]["dice"] == "initiative d10s, Clear Jam's or a test's d100"


@pytest.mark.parametrize(
    ("system", "ab", "row"),
    [
        ("dh2", 3, (3, 6, 9, 18)),  # DH2 Core, Table 7-2: AB, 2 x AB, 3 x AB, 6 x AB
        ("dh2", 10, (10, 20, 30, 60)),
        ("dh1", 3, (3, 6, 9, 18)),
        ("dw", 0, (0.5, 1, 2, 3)),  # seed 001, Movement, AB 0
        ("dw", 4, (4, 8, 12, 24)),  # seed 001, Movement, AB 4
    ],
)
def test_movement_rows_by_ab(system: str, ab: int, row: tuple[float, ...]) -> None:
    rows = moves.movement(system)
    assert rows is not None
    r = rows["rows"][ab]
    assert (r["ab"], r["half"], r["full"], r["charge"], r["run"]) == (ab, *row)
    assert (r["ag_from"], r["ag_to"]) == (ab * 10, min(ab * 10 + 9, 100))


@pytest.mark.parametrize("system", ["dh2", "dh1", "dw"])
def test_every_agility_a_profile_holds_has_one_movement_row(system: str) -> None:
    rows = moves.movement(system)
    assert rows is not None
    for ag in range(101):
        assert len([r for r in rows["rows"] if r["ag_from"] <= ag <= r["ag_to"]]) == 1
        assert next(r for r in rows["rows"] if r["ag_from"] <= ag <= r["ag_to"])["ab"] == ag // 10


@pytest.mark.parametrize(("system", "metres"), [("dh2", 6), ("dw", 6)])
def test_the_movement_rows_are_the_metres_a_full_move_gives(system: str, metres: int) -> None:
    # the Guard's Ag 35 is AB 3: a Full Move of 6 m, as the row for AB 3 says
    rows = moves.movement(system)
    assert rows is not None and rows["rows"][3]["full"] == metres
    out = dh2_fight(system=system).do({"type": "move", "who": "g", "full": True})
    assert f"up to {metres} m" in out["state"]["log"][-1]["text"]


def test_the_fan_ruleset_and_epic_have_no_movement_by_ab() -> None:
    # seed 000 gives its movement as the Cover Table's activities (metres a turn), seed 002 none by AB
    assert moves.movement("wh40krp") is None and moves.movement("epic") is None


def test_the_catalogue_shows_movement_where_the_ruleset_has_its_table() -> None:
    rulesets = catalogue()["rulesets"]
    assert rulesets["dw"]["movement"] == moves.movement("dw")["rows"]  # type: ignore[index]
    assert rulesets["dw"]["movement_source"] == "seed 001, Movement (metres/round)"
    assert "movement" not in rulesets["dh2"]
