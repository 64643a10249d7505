"""A combatant's profile kept in its canonical form (rules/encounter/profiles.py): a whole number
typed another way ("35.0", 40.0, " 35", "+3") is read as that number with a note, ``true`` and
"3_5" are refused at their field naming the combatant; old files holding such values replay.
Magnitude and units never above their start; every refusal named inside the event or the file."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from encounter_helpers import AUTOGUN, CULTIST_ATTACKER, CULTIST_TARGET, Fight, dh2_fight
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.encounter.models import EVENT_TYPES
from rules.encounter.run import run_encounter

DATA = Path(__file__).resolve().parents[1] / "data"


def _add(f: Fight, cid: str, name: str, attacker: Any = None, target: Any = None) -> dict[str, Any]:
    combatant: dict[str, Any] = {"id": cid, "name": name}
    if attacker is not None:
        combatant["attacker"] = attacker
    if target is not None:
        combatant["target"] = target
    return f.do({"type": "add", "combatant": combatant})


# --- whole numbers typed another way ----------------------------------------------------------


def test_initiative_reads_ag_typed_35_0_as_35() -> None:
    # Initiative is 1d10 + AgB (seed 003): Ag "35.0" read as 35, AgB 3; d10 7: 7 + 3 = 10
    f = Fight()
    out = _add(f, "g", "Guard", {"characteristics": {"Ag": "35.0", "BS": 40}, "weapon": AUTOGUN})
    assert 'Guard: attacker.characteristics.Ag "35.0" read as 35' in out["steps"][0]["detail"]
    f.do({"type": "initiative", "dice": [7]})
    assert f.who("g")["initiative"] == 10


@pytest.mark.parametrize("typed", ["35.0", " 35", "+35", 35.0, "35"])
def test_a_whole_number_typed_another_way_is_stored_as_the_number(typed: Any) -> None:
    f = Fight()
    _add(f, "g", "Guard", {"characteristics": {"Ag": typed}})
    assert f.file["events"][0]["combatant"]["attacker"]["characteristics"]["Ag"] == 35
    assert f.who("g")["attacker"]["characteristics"]["Ag"] == 35


def test_fatigue_limit_reads_tb_typed_3_0_as_3() -> None:
    # seed 001, Fatigue: unconscious with more Fatigue than TB; TB "3.0" is 3, Fatigue 4 > 3
    f = dh2_fight(cultist={**CULTIST_TARGET, "toughness_bonus": "3.0"})
    f.do({"type": "adjust", "who": "c", "fatigue": 4})
    assert "Unconscious" in [x["name"] for x in f.who("c")["conditions"]]


def test_clear_jam_reads_bs_typed_40_0_as_40() -> None:
    # seed 004, Weapon Jams: a BS test; BS "40.0" is 40, the d100 40 passes (40 <= 40)
    f = dh2_fight(guard={"name": "Guard", "characteristics": {"BS": "40.0", "Ag": 35}, "weapon": AUTOGUN})
    f.do({"type": "adjust", "who": "g", "jammed": True})
    out = f.do({"type": "clear_jam", "who": "g", "dice": [40]})
    assert "40 against 40, passed" in out["steps"][0]["detail"]


def test_fan_ruleset_orders_by_i_typed_as_text_as_a_number() -> None:
    # seed 000: by Initiative, highest first; I "9" is 9, below the other's 10 (as text "9" > "10")
    f = Fight("wh40krp")
    _add(f, "a", "Nine", {"I": "9"}, {"name": "Nine"})
    _add(f, "b", "Ten", {"I": 10}, {"name": "Ten"})
    f.do({"type": "initiative"})
    assert f.state()["order"] == ["b", "a"]


@pytest.mark.parametrize(("typed", "shown"), [(True, "true"), ("3_5", '"3_5"')])
def test_true_or_underscores_for_a_number_are_refused_at_the_field_naming_the_combatant(typed: Any, shown: str) -> None:
    f = Fight()
    errors = f.refused(
        {"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": {"characteristics": {"Ag": typed}}}}
    )
    assert errors == [
        {
            "field": "then.combatant.attacker.characteristics.Ag",
            "message": f"Guard: a whole number (like 35), not {shown}",
        }
    ]


def test_a_profiles_refusal_by_its_model_names_the_combatant_too() -> None:
    # 35.5 is no whole number (the model's own refusal): named at its field, with whose profile it is
    f = Fight()
    errors = f.refused(
        {"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": {"characteristics": {"Ag": 35.5}}}}
    )
    assert errors == [
        {"field": "then.combatant.attacker.characteristics.Ag", "message": "Guard: A whole number from 0 to 100"}
    ]


def test_a_profile_event_is_stored_canonical_and_refuses_true_naming_the_combatant() -> None:
    f = dh2_fight()
    f.do({"type": "profile", "who": "c", "target": {**CULTIST_TARGET, "wounds": "12.0"}})
    assert f.file["events"][-1]["target"]["wounds"] == 12 and f.who("c")["wounds"] == 12
    errors = f.refused({"type": "profile", "who": "c", "target": {**CULTIST_TARGET, "toughness_bonus": True}})
    assert errors == [
        {"field": "then.target.toughness_bonus", "message": "Cultist: a whole number (like 35), not true"}
    ]


def test_an_old_file_with_numbers_as_text_replays_with_them_read_as_numbers() -> None:
    # written before profiles were kept canonical: Ag "35.0", BS 40.0, TB " 3"
    file = json.loads((DATA / "encounter-numbers-as-text.json").read_text())
    out = run_encounter({"encounter": file})
    assert out["status"] == "ok", out
    guard = out["state"]["combatants"][0]
    assert guard["attacker"]["characteristics"] == {"Ag": 35, "BS": 40}
    assert guard["target"]["toughness_bonus"] == 3
    assert guard["initiative"] == 10  # d10 7 + AgB 3
    # the next event goes on from it
    out = run_encounter({"encounter": out["encounter"], "then": {"type": "aim", "who": "g"}})
    assert out["status"] == "ok", out


def test_an_old_file_with_true_for_a_number_is_refused_at_its_combatant_and_field() -> None:
    file = json.loads((DATA / "encounter-numbers-as-text.json").read_text())
    file["events"][0]["combatant"]["attacker"]["characteristics"]["Ag"] = True
    out = run_encounter({"encounter": file})
    assert out == {
        "status": "invalid",
        "errors": [
            {
                "field": "encounter.events.0.combatant.attacker.characteristics.Ag",
                "message": "Guard: a whole number (like 35), not true",
            }
        ],
    }


# --- Magnitude and units never above their start ---------------------------------------------

HORDE = {"name": "Mob", "toughness_bonus": 3, "horde": {"magnitude": 20}, "characteristics": {"Ag": 25}}


def test_adjust_refuses_magnitude_above_the_hordes_start() -> None:
    f = Fight()
    _add(f, "h", "Mob", None, HORDE)
    errors = f.refused({"type": "adjust", "who": "h", "magnitude": 34})
    assert errors == [{"field": "then.magnitude", "message": "At most 20 (Mob's Magnitude at the start)"}]
    f.do({"type": "adjust", "who": "h", "magnitude": 20})
    assert f.who("h")["magnitude"] == 20


def test_a_smaller_horde_profile_leaves_its_magnitude_at_most_the_new_start() -> None:
    f = Fight()
    _add(f, "h", "Mob", None, HORDE)
    out = f.do({"type": "profile", "who": "h", "target": {**HORDE, "horde": {"magnitude": 10}}})
    h = f.who("h")
    assert (h["magnitude"], h["magnitude_start"]) == (10, 10)
    assert "Magnitude 10 of 10" in out["state"]["log"][-1]["text"]


def test_an_epic_profile_with_fewer_units_leaves_at_most_that_many() -> None:
    f = Fight("epic")
    four = {"name": "Guard company", "units": [{}, {}, {}, {}]}
    _add(f, "t", "Guard company", None, four)
    out = f.do({"type": "profile", "who": "t", "target": {**four, "units": [{}, {}]}})
    t = f.who("t")
    assert (t["units"], t["units_start"]) == (2, 2)
    assert "2 of 2 units" in out["state"]["log"][-1]["text"]


# --- every refusal inside the event ------------------------------------------------------------


def test_an_unknown_ruleset_is_refused_at_the_files_system() -> None:
    out = run_encounter({"encounter": {"auspex_encounter": 1, "system": "dh9", "events": []}})
    assert [e["field"] for e in out["errors"]] == ["encounter.system"]


def test_fan_clear_jam_without_tek_is_refused_at_the_events_who() -> None:
    f = Fight("wh40krp")
    gun = {"name": "Autogun", "class": "Basic", "range": 100, "modes": "S/SA/A", "clip": 20}
    _add(f, "k", "Kell", {"I": 30, "weapon": gun}, {"name": "Kell"})
    f.do({"type": "initiative"})
    f.do({"type": "adjust", "who": "k", "jammed": True})
    errors = f.refused({"type": "clear_jam", "who": "k", "dice": [10]})
    assert [e["field"] for e in errors] == ["then.who"]


def test_an_end_of_turn_blood_loss_die_out_of_range_is_refused_at_the_events_dice() -> None:
    f = dh2_fight()
    f.do({"type": "condition", "who": "g", "condition": "Blood Loss"})
    errors = f.refused({"type": "end_turn", "who": "g", "dice": [150]})
    assert [e["field"] for e in errors] == ["then.dice.0"]


def _started(system: str) -> dict[str, Any]:
    """A fight of ``system`` begun: two combatants, round 1, each jammed and (d100) bleeding."""
    f = Fight(system)
    if system == "epic":
        squads = [{"name": "Squad", "weapons": [{"name": "Heavy bolter", "range": 30, "use": "AP", "AP": 4}]}]
        _add(f, "a", "A", {"units": squads}, {"units": [{}, {}]})
        _add(f, "b", "B", {"units": squads}, {"units": [{}, {}]})
    elif system == "wh40krp":
        gun = {"name": "Autogun", "class": "Basic", "range": 100, "modes": "S/SA/A", "clip": 20}
        _add(f, "a", "A", {"I": 30, "weapon": gun}, {"name": "A"})
        _add(f, "b", "B", {"I": 20, "weapon": gun}, {"name": "B"})
    else:
        guard = {"characteristics": {"BS": 40, "Ag": 40}, "weapon": AUTOGUN}
        _add(f, "a", "A", guard, {"wounds": 10})
        _add(f, "b", "B", CULTIST_ATTACKER, CULTIST_TARGET)
    f.do({"type": "initiative", "seed": 1})
    for cid in ("a", "b"):  # a jam to clear (the fan ruleset's needs Tek, which neither has)
        if system != "epic":
            f.do({"type": "adjust", "who": cid, "jammed": True})
        if system not in ("epic", "wh40krp"):  # a Blood Loss d100 as each turn ends (seed 001)
            f.do({"type": "condition", "who": cid, "condition": "Blood Loss"})
    return f.file


value = st.one_of(
    st.none(),
    st.lists(st.integers(-5, 300), min_size=1, max_size=4),
    st.booleans(),
    st.integers(-5, 300),
    st.sampled_from(["a", "b", "zz", "second", "half", "full", "Blood Loss", "Pinned", "35.0", "skill", "jump"]),
    st.lists(st.integers(-5, 300), max_size=4),
)
KEYS = ["who", "at", "other", "weapon", "aim", "dice", "seed", "hours", "condition", "rounds", "magnitude"]
KEYS += ["fire", "zone", "test", "value", "remove", "full", "jammed", "damage_taken", "fatigue", "tables"]


@st.composite
def event(draw: st.DrawFn) -> dict[str, Any]:
    ev: dict[str, Any] = {"type": draw(st.sampled_from(EVENT_TYPES))}
    for key in draw(st.lists(st.sampled_from(KEYS), max_size=5, unique=True)):
        v = draw(value)
        if v is not None:
            ev[key] = v
    if draw(st.booleans()):
        ev["who"] = draw(st.sampled_from(["a", "b"]))
    return ev


STARTED = {s: _started(s) for s in ("dh2", "dh1", "dw", "wh40krp", "epic")}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(sorted(STARTED)), events=st.lists(event(), min_size=1, max_size=6))
def test_every_refusal_is_named_inside_the_event(system: str, events: list[dict[str, Any]]) -> None:
    """Whatever event of any type comes, in any ruleset, a refusal's every field is the event's
    (``then`` or ``then.<its path>``; in a file, ``encounter.events.N.<its path>``): never a bare
    ``who`` or ``dice.0``."""
    file = copy.deepcopy(STARTED[system])
    for ev in events:
        out = run_encounter({"encounter": file, "then": ev})
        if out["status"] == "invalid":
            for e in out["errors"]:
                assert e["field"] == "then" or e["field"].startswith("then."), (ev, out)
            # the same event in a file: refused at that event of the file
            at = f"encounter.events.{len(file['events'])}"
            whole = run_encounter({"encounter": {**file, "events": [*file["events"], ev]}})
            for e in whole.get("errors", []):
                assert e["field"] == at or e["field"].startswith(f"{at}."), (ev, whole)
        elif out["status"] == "ok":
            file = out["encounter"]


@pytest.mark.parametrize("number", [float("inf"), float("nan"), 10**400])
def test_a_number_json_cannot_hold_is_refused_inside_the_event_or_file(number: Any) -> None:
    # Infinity, NaN or a number of 400 digits where an id is due: refused at the event's own field
    # (then.who) or the file's (encounter.events.0.who), never at a bare "who" outside both.
    empty = {"auspex_encounter": 1, "system": "dh2", "events": []}
    out = run_encounter({"encounter": empty, "then": {"type": "reload", "who": number}})
    assert out["status"] == "invalid" and [e["field"] for e in out["errors"]] == ["then.who"]
    out = run_encounter({"encounter": {**empty, "events": [{"type": "reload", "who": number}]}})
    assert out["status"] == "invalid" and [e["field"] for e in out["errors"]] == ["encounter.events.0.who"]
