"""Critical effects in the encounter: the group's tables in force, each structured
effect becoming its condition, critical damage's running total across attacks, Righteous Fury's
effects recorded one by one and not stacking (seed 004, Righteous Fury, L70: "these effects do not
stack if a target suffers Righteous Fury multiple times. Each roll is applied as a separate
effect").

The resolution records the row read (``RighteousFury.effect`` / ``Critical.effect``) in the
"reading" branch; until it is merged, :func:`_reader` stands in for it: after the real attack is
resolved it reads the scenario's ``critical_tables`` (so these tests also prove the encounter put
them there) with the contract's :func:`rules.critical.models.find_row`. The rows here give amounts,
not dice, so no die is drawn for them and the scripted dice are the same after the merge.

Hand counts (``encounter_helpers``): the Guard (BS 40) fires a Standard Attack (+10) with the
Autogun (1d10+3 I) at 20 m (Short +10): 60. d100 45 -> 2 DoS, reversed 54: Body; the damage d10
as rolled (2 DoS replace no higher die); no armour, TB 3: wounds = the d10. A d10 of 10 is
Righteous Fury: its d5 is the next d10 halved, rounding up (3 -> 2, 8 -> 4).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from encounter_helpers import dh2_fight
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.critical.models import AppliedEffect, CriticalReading, find_row, table_location
from rules.d100.encounter import criticals
from rules.encounter import engine
from rules.encounter.models import CombatantState, Condition, EncounterFile
from rules.encounter.run import run_encounter

ATTACK = {"type": "Standard Attack", "distance": 20}
BIG = {"name": "Cultist", "wounds": 40, "toughness_bonus": 3}


def _table(rows: dict[int, tuple[str, list[dict[str, Any]]]], system: str = "dh2") -> dict[str, Any]:
    return {
        "system": system,
        "damage_type": "Impact",
        "location": "Body",
        "rows": [{"row": n, "text": text, "effects": eff} for n, (text, eff) in rows.items()],
    }


def _read(scenario: Any, damage_type: str, location: str, row: int) -> CriticalReading | None:
    found = find_row(scenario.critical_tables, scenario.system, damage_type, location, row)
    if found is None:
        return None
    effects = [AppliedEffect(**e.model_dump(exclude={"dice"})) for e in found.effects]
    table = f"{damage_type} Critical Effects, {table_location(location)}"
    return CriticalReading(table=table, row=found.row, text=found.text, effects=effects)


@pytest.fixture(autouse=True)
def _reader(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The "reading" branch's records, stood in for: each Fury d5 and critical total reads its row."""
    real = engine._resolved

    def resolved(ctx: Any, data: dict[str, Any]) -> tuple[Any, Any]:
        scenario, res = real(ctx, data)
        hits = []
        for h in res.hits:
            rf, crit = h.righteous_fury, h.critical
            if rf is not None and rf.critical_effect is not None and rf.table is not None:
                kind = rf.table.split(" ")[0]
                rf = rf.model_copy(update={"effect": _read(scenario, kind, h.location, rf.critical_effect)})
            if crit is not None:
                crit = crit.model_copy(update={"effect": _read(scenario, crit.damage_type, h.location, crit.total)})
            hits.append(h.model_copy(update={"righteous_fury": rf, "critical": crit}))
        return scenario, res.model_copy(update={"hits": hits})

    monkeypatch.setattr(engine, "_resolved", resolved)
    yield


def _tables(f: Any, *tables: dict[str, Any]) -> dict[str, Any]:
    return f.do({"type": "critical_tables", "tables": list(tables)})


def _shoot(f: Any, dice: list[int]) -> dict[str, Any]:
    return f.do({"type": "attack", "who": "g", "at": "c", "action": ATTACK, "dice": dice})


def _round(f: Any) -> None:
    f.end("g")
    f.end("c")


# --- the tables in force ------------------------------------------------------------------------


def test_critical_tables_event_logs_the_rows_entered_and_costs_no_action() -> None:
    f = dh2_fight()
    out = _tables(f, _table({2: ("Reeling", []), 3: ("", [{"kind": "prone"}]), 5: ("", [])}))
    assert out["state"]["log"][-1]["text"].startswith("Critical tables: 2 rows entered")
    guard = f.who("g")
    assert (guard["half_actions"], guard["actions"]) == (0, [])
    assert [t["damage_type"] for t in out["state"]["critical_tables"]] == ["Impact"]


def test_critical_tables_reach_the_attack_scenario_and_none_leaves_it_as_before() -> None:
    f = dh2_fight()
    assert "critical_tables" not in f.run_preview("g", "c")  # no tables: the scenario as without the group's tables
    assert "critical_tables" not in f.state()
    _tables(f, _table({2: ("Reeling", [])}))
    assert f.run_preview("g", "c")["critical_tables"][0]["rows"][0]["text"] == "Reeling"


def test_critical_tables_of_another_ruleset_are_refused_at_the_field() -> None:
    f = dh2_fight()
    errors = f.refused({"type": "critical_tables", "tables": [_table({2: ("x", [])}, system="dh1")]})
    assert errors[0]["field"] == "then.tables.0.system" and "dh2" in errors[0]["message"]


def test_critical_tables_are_refused_in_the_fan_ruleset() -> None:
    out = run_encounter(
        {
            "encounter": {"auspex_encounter": 1, "system": "wh40krp", "events": []},
            "then": {"type": "critical_tables", "tables": []},
        }
    )
    assert out["status"] == "invalid" and out["errors"][0]["field"] == "then.tables"


def test_attack_bringing_its_own_critical_tables_keeps_them() -> None:
    f = dh2_fight(cultist=BIG)
    _tables(f, _table({2: ("The encounter's row", [])}))
    own = _table({2: ("The attack's own row", [{"kind": "prone"}])})
    f.do({"type": "attack", "who": "g", "at": "c", "action": ATTACK, "dice": [45, 10, 3], "critical_tables": [own]})
    cultist = f.who("c")
    assert cultist["fury"][0]["text"] == "The attack's own row"
    assert [c["name"] for c in cultist["conditions"]] == ["Prone"]


def test_attack_own_critical_tables_of_another_ruleset_are_refused() -> None:
    f = dh2_fight(cultist=BIG)
    errors = f.refused(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": ATTACK,
            "dice": [45, 10, 3],
            "critical_tables": [_table({2: ("x", [])}, "dw")],
        }
    )
    assert errors[0]["field"] == "then.critical_tables.0.system"


def test_replay_reads_the_tables_of_the_time_not_the_devices_now() -> None:
    # The tables are stored in the event: a later critical_tables event (the device's tables edited)
    # changes nothing already in the log, and replaying the file gives the same state.
    f = dh2_fight(cultist=BIG)
    _tables(f, _table({2: ("Then", [{"kind": "stunned", "amount": 2}])}))
    _shoot(f, [45, 10, 3])
    live = f.last["state"]
    assert f.state() == live
    _tables(f, _table({2: ("Now", [{"kind": "prone"}])}))
    cultist = f.who("c")
    assert [e["text"] for e in cultist["fury"]] == ["Then"]
    assert [c["name"] for c in cultist["conditions"]] == ["Stunned"]
    again = engine.replay(EncounterFile.model_validate(f.file))
    assert again.model_dump(mode="json") == f.state()


# --- Righteous Fury's effects: recorded one by one, not stacking --------------------------------


def test_righteous_fury_row_text_and_effects_are_recorded_on_the_combatant() -> None:
    f = dh2_fight(cultist=BIG)
    _tables(f, _table({2: ("Winded and reeling", [{"kind": "stunned", "amount": 3}])}))
    out = _shoot(f, [45, 10, 3])
    fury = f.who("c")["fury"]
    assert [(e["effect"], e["text"], e["effects"]) for e in fury] == [
        (2, "Winded and reeling", [{"kind": "stunned", "amount": 3, "dice": None, "characteristic": None}])
    ]
    stunned = f.who("c")["conditions"][0]
    assert (stunned["name"], stunned["rounds"]) == ("Stunned", 3)
    assert "Impact Critical Effects, Body row 2" in stunned["source"]
    assert "Winded and reeling" in out["state"]["log"][-1]["text"]


def test_righteous_fury_effects_do_not_stack_durations_run_alongside_levels_each_apply() -> None:
    # Fury 1 (d5 2): Stunned 3 and a level of Fatigue. The Cultist's turn ends: Stunned 2 left.
    # Fury 2 (d5 4): Stunned 1 and a level of Fatigue: the longer Stunned stands (2, not 3 = 2 + 1),
    # and the Fatigue is this roll's own (2 in all). Two separate records, rows 2 and 4.
    f = dh2_fight(cultist=BIG)
    _tables(
        f,
        _table(
            {
                2: ("Reeling", [{"kind": "stunned", "amount": 3}, {"kind": "fatigue", "amount": 1}]),
                4: ("Dazed", [{"kind": "stunned", "amount": 1}, {"kind": "fatigue", "amount": 1}]),
            }
        ),
    )
    _shoot(f, [45, 10, 3])
    _round(f)
    assert f.who("c")["conditions"][0]["rounds"] == 2
    out = _shoot(f, [45, 10, 8])
    cultist = f.who("c")
    assert [e["effect"] for e in cultist["fury"]] == [2, 4]
    assert [(c["name"], c["rounds"]) for c in cultist["conditions"]] == [("Stunned", 2)]
    assert cultist["fatigue"] == 2
    assert "the longer stands" in out["state"]["log"][-1]["text"]


def test_righteous_fury_longer_stunned_replaces_a_shorter_one_left() -> None:
    f = dh2_fight(cultist=BIG)
    _tables(
        f,
        _table({2: ("", [{"kind": "stunned", "amount": 1}]), 4: ("", [{"kind": "stunned", "amount": 3}])}),
    )
    _shoot(f, [45, 10, 3])
    _round(f)  # Stunned 1 ends with the Cultist's turn
    assert f.who("c")["conditions"] == []
    _shoot(f, [45, 10, 8])
    assert [(c["name"], c["rounds"]) for c in f.who("c")["conditions"]] == [("Stunned", 3)]


# --- critical damage adds up: the row follows the running total ---------------------------------


def test_critical_damage_running_total_across_two_attacks_reads_rows_3_then_10() -> None:
    # Cultist W 10, 8 taken. Attack 1: d10 5 -> 5 wounds, 13 taken: critical 3 -> row 3.
    # Attack 2: d10 9 -> 9 wounds, 22 taken: critical 12 -> row 10 (a total above 10 reads row 10).
    f = dh2_fight(cultist={"name": "Cultist", "wounds": 10, "toughness_bonus": 3, "damage_taken": 8})
    _tables(f, _table({3: ("Knocked flat", [{"kind": "prone"}]), 10: ("Torn apart", [{"kind": "slain"}])}))
    _shoot(f, [45, 5])
    first = f.last["resolution"]["hits"][0]["critical"]
    assert (first["total"], first["effect"]["row"]) == (3, 3)
    cultist = f.who("c")
    assert (cultist["critical"], cultist["out"]) == (3, None)
    assert [(r["effect"], r["text"]) for r in cultist["critical_rows"]] == [(3, "Knocked flat")]
    assert [c["name"] for c in cultist["conditions"]] == ["Prone"]
    _round(f)
    assert f.run_preview("g", "c")["target"]["damage_taken"] == 13
    _shoot(f, [45, 9])
    second = f.last["resolution"]["hits"][0]["critical"]
    assert (second["total"], second["effect"]["row"]) == (12, 10)
    cultist = f.who("c")
    assert (cultist["critical"], cultist["out"]) == (12, "slain")
    assert [r["effect"] for r in cultist["critical_rows"]] == [3, 10]


def test_critical_damage_set_by_the_gm_counts_in_the_next_scenario() -> None:
    # Adjust: critical 4 with 2 of 10 taken: the next attack starts from 10 + 4 = 14 taken.
    f = dh2_fight(cultist={"name": "Cultist", "wounds": 10, "toughness_bonus": 3})
    f.do({"type": "adjust", "who": "c", "damage_taken": 2, "critical": 4})
    assert f.run_preview("g", "c")["target"]["damage_taken"] == 14


# --- each structured effect becoming its condition ----------------------------------------------


def _c() -> CombatantState:
    return CombatantState(id="c", name="Cultist", kind="single", wounds=10, target={"toughness_bonus": 3})


def _apply(c: CombatantState, kind: str, **kw: Any) -> str:
    return criticals.apply_effect(c, AppliedEffect(kind=kind, **kw), "Right Arm", "Impact Critical Effects, Arm row 3")  # type: ignore[arg-type]


def test_effect_stunned_becomes_stunned_for_its_rounds() -> None:
    c = _c()
    _apply(c, "stunned", amount=2, dice="1d5")
    assert [(x.name, x.rounds) for x in c.conditions] == [("Stunned", 2)]


def test_effect_prone_becomes_prone_once() -> None:
    c = _c()
    _apply(c, "prone")
    assert "already Prone" in _apply(c, "prone")
    assert [x.name for x in c.conditions] == ["Prone"]


def test_effect_fatigue_adds_levels_and_unconscious_beyond_tb() -> None:
    from rules.encounter.families import fatigue_limit

    c = _c()
    _apply(c, "fatigue", amount=4)
    assert c.fatigue == 4
    assert fatigue_limit(c) and c.has("Unconscious") is not None  # 4 > TB 3 (seed 001, Fatigue)


def test_effect_blood_loss_becomes_blood_loss_rolled_at_turn_end() -> None:
    f = dh2_fight(cultist=BIG)
    _tables(f, _table({2: ("Bleeding", [{"kind": "blood_loss"}])}))
    _shoot(f, [45, 10, 3])
    assert [c["name"] for c in f.who("c")["conditions"]] == ["Blood Loss"]
    f.end("g")
    out = f.do({"type": "end_turn", "who": "c", "dice": [55]})  # seed 001: 01-10 is death; 55 lives
    assert [s["detail"] for s in out["steps"] if s["rule"] == "Blood Loss"] == [
        "d100 55: over 10, still alive, still bleeding."
    ]


def test_effect_on_fire_becomes_on_fire_for_the_gm() -> None:
    c = _c()
    _apply(c, "on_fire")
    fire = c.has("On Fire")
    assert fire is not None and "by hand" in fire.detail


def test_effect_characteristic_becomes_characteristic_damage() -> None:
    c = _c()
    _apply(c, "characteristic", amount=3, characteristic="Ag")
    _apply(c, "characteristic", amount=2, characteristic="Ag")
    assert c.characteristic_damage == {"Ag": 5}


def test_effect_characteristic_damage_lowers_later_attacks_tests() -> None:
    # Fury row 2: WS damage 10 on the Cultist: its knife attack's WS 30 -> 20.
    f = dh2_fight(cultist=BIG)
    _tables(f, _table({2: ("Shattered wrist", [{"kind": "characteristic", "characteristic": "WS", "amount": 10}])}))
    _shoot(f, [45, 10, 3])
    assert f.who("c")["characteristic_damage"] == {"WS": 10}
    assert f.run_preview("c", "g")["attacker"]["characteristics"]["WS"] == 20


def test_effect_characteristic_toughness_damage_lowers_a_known_tb() -> None:
    who, at = _c(), _c()
    at.characteristic_damage = {"T": 4}
    t: dict[str, Any] = {"toughness_bonus": 3, "characteristics": {"T": 32}}
    notes = criticals.weakened(who, at, {}, t)
    assert (t["characteristics"]["T"], t["toughness_bonus"]) == (28, 2)
    assert notes and "T \u22124" in notes[0]


def test_effect_lost_becomes_a_condition_naming_the_location() -> None:
    c = _c()
    _apply(c, "lost")
    assert [x.name for x in c.conditions] == ["Right Arm lost"]


def test_effect_useless_becomes_a_condition_naming_the_location() -> None:
    c = _c()
    _apply(c, "useless")
    assert [x.name for x in c.conditions] == ["Right Arm useless"]


def test_effect_slain_slays_the_combatant() -> None:
    c = _c()
    _apply(c, "slain")
    assert c.out == "slain"


def test_effect_dice_not_rolled_is_left_to_the_gm() -> None:
    c = _c()
    assert "the GM" in _apply(c, "stunned", dice="1d5")
    assert c.conditions == []


def test_effect_stunned_until_removed_is_kept_over_a_counted_one() -> None:
    c = _c()
    c.conditions.append(Condition(name="Stunned"))
    assert "the longer stands" in _apply(c, "stunned", amount=3)
    assert c.conditions[0].rounds is None


def test_a_bad_row_in_an_attacks_own_tables_is_refused_at_its_field() -> None:
    # The union's tag is dropped from an error's path, not a field named like an event type.
    f = dh2_fight(cultist=BIG)
    bad = {"system": "dh2", "damage_type": "Impact", "location": "Body", "rows": [{"row": 11}]}
    errors = f.refused({"type": "attack", "who": "g", "at": "c", "action": ATTACK, "critical_tables": [bad]})
    assert errors[0]["field"] == "then.critical_tables.0.rows.0.row"
    errors = f.refused({"type": "critical_tables", "tables": [bad]})
    assert errors[0]["field"] == "then.tables.0.rows.0.row"


def test_preview_for_the_odds_reads_the_tables_the_page_sends() -> None:
    # The Odds panel asks for the scenario with the device's tables (the attack's own, kept).
    f = dh2_fight()
    ask = {"who": "g", "at": "c", "action": {"distance": 20}, "critical_tables": [_table({2: ("Odds row", [])})]}
    out = run_encounter({"encounter": f.file, "preview": ask})
    assert out["status"] == "ok" and out["scenario"]["critical_tables"][0]["rows"][0]["text"] == "Odds row"


def test_a_nearby_combatant_carries_its_critical_damage_into_the_scenario() -> None:
    # Adjust: the Guard has 2 of 12 taken and critical 3; struck as a nearby foe it starts from 15.
    f = dh2_fight(cultist=BIG)
    f.do({"type": "adjust", "who": "g", "damage_taken": 2, "critical": 3})
    f.do(
        {
            "type": "add",
            "combatant": {"id": "b", "name": "Brute", "target": {"wounds": 10, "characteristics": {"Ag": 30}}},
            "dice": [1],
        }
    )
    out = run_encounter({"encounter": f.file, "preview": {"who": "c", "at": "b", "action": {}, "nearby": ["g"]}})
    assert out["status"] == "ok", out
    assert out["scenario"]["target"]["nearby"][0]["damage_taken"] == 15


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("stunned"), st.integers(1, 6)),
            st.tuples(st.just("fatigue"), st.integers(1, 3)),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_fury_effects_not_stacking_is_the_longest_stun_and_every_level_in_any_order(
    effects: list[tuple[str, int]],
) -> None:
    # seed 004 L70, as Auspex reads it: durations run alongside (the longest left), levels add.
    stuns = [n for k, n in effects if k == "stunned"]
    for order in (effects, effects[::-1]):
        c = _c()
        for kind, n in order:
            _apply(c, kind, amount=n)
        stunned = c.has("Stunned")
        assert (stunned.rounds if stunned else None) == (max(stuns) if stuns else None)
        assert c.fatigue == sum(n for k, n in effects if k == "fatigue")
