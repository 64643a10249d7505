"""What the page's forms and cards show is what the engine resolves: the envelope's
``turn.scenario`` is the scenario the acting combatant's attack on its default target is resolved
with (the Attacker and Target forms fill from it), and a card's damage reads the running total the
next hit counts from (seed 004, Step Five: critical damage accumulated; the reading in
rules/d100/encounter/criticals.py: a critical total the GM set by hand counts as one dealt by attacks)."""

from __future__ import annotations

import copy
import json
import re
from html import unescape
from typing import Any

import pytest
from auspex_web.render_encounter import render_encounter
from encounter_helpers import Fight, dh2_fight
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz import BASES
from test_fuzz_encounter import EVENTS_PER_CASE, _settings, fights
from test_render_encounter import card

from rules.encounter import engine
from rules.encounter.families import family
from rules.encounter.models import AttackEvent, EncounterError, EncounterState
from rules.encounter.run import run_encounter
from rules.encounter.turn import LEFT_OUT, forms_scenario
from rules.errors import NeedDie


def test_critical_damage_set_by_hand_reads_the_same_on_the_card_the_target_form_and_the_engine() -> None:
    f = dh2_fight()  # round 1, the Guard's turn; the Cultist: 10 Wounds, nothing taken
    out = f.do({"type": "adjust", "who": "c", "critical": 3})  # the GM sets critical damage 3 by hand
    # hand count: the next hit counts from Wounds 10 + critical damage 3 = 13 (seed 004, Step Five)
    scenario = out["turn"]["scenario"]
    assert out["turn"]["who"] == "g" and out["turn"]["target"] == "c"
    assert scenario["target"]["damage_taken"] == 13
    preview = run_encounter({"encounter": f.file, "preview": {"who": "g", "at": "c", "action": {}}})
    assert scenario == preview["scenario"]  # what the Odds panel and Resolve read
    assert "13 taken: all 10 wounds, critical damage 3" in card(render_encounter(out["state"]), "c")


def test_the_forms_scenario_is_the_one_the_attack_is_resolved_with() -> None:
    f = dh2_fight()
    f.do({"type": "aim", "who": "g", "aim": "half"})  # +10 held (seed 003, Aim)
    f.do({"type": "adjust", "who": "c", "damage_taken": 4, "fatigue": 1})
    out = f.do({"type": "adjust", "who": "g", "rounds": 7})
    scenario = out["turn"]["scenario"]
    assert scenario["action"]["aim"] == "half"
    assert scenario["attacker"]["weapon"]["clip"] == 7  # 7 of the Autogun's 30 left
    assert scenario["target"]["damage_taken"] == 4 and scenario["target"]["fatigue"] == 1
    # Fatigue's -10 on the Cultist's Dodge (seed 001, Fatigue): 0 typed, -10 in all
    assert scenario["target"]["evasion"]["modifier"] == -10
    assert scenario["target"]["name"] == "Cultist" and scenario["attacker"]["name"] == "Guard"


def _pair(out: dict[str, Any], who: str, at: str) -> dict[str, Any]:
    return dict(run_encounter({"encounter": out["encounter"], "forms": {"who": who, "at": at}}))


def test_the_forms_of_another_pair_come_from_the_engine_too() -> None:
    f = dh2_fight()
    out = f.do({"type": "adjust", "who": "g", "critical": 2, "damage_taken": 5})
    # the Guard: 12 Wounds, critical damage 2: the next hit on it counts from 12 + 2 = 14
    answer = _pair(out, "c", "g")
    assert answer["status"] == "ok" and answer["scenario"]["target"]["damage_taken"] == 14
    assert answer["scenario"]["attacker"]["weapon"]["name"] == "Knife"


def test_a_jammed_weapon_still_fills_the_forms_and_the_attack_says_why_not() -> None:
    f = dh2_fight()
    out = f.do({"type": "adjust", "who": "g", "jammed": True, "rounds": 12})
    assert out["turn"]["allowed"]["attack"] is not None and "jammed" in out["turn"]["allowed"]["attack"]
    assert out["turn"]["scenario"]["attacker"]["weapon"]["clip"] == 12


def test_no_pair_no_scenario() -> None:
    f = dh2_fight()
    answer = _pair(f.last, "g", "g")
    assert answer["status"] == "ok" and answer["scenario"] is None
    assert re.search("cannot attack itself", answer["reason"])


# --- the cards and the forms against the engine, after every event ------------------------------


def _card_lines(html: str, cid: str) -> dict[str, str]:
    """The card ``cid``'s lines by their ``data-k`` (harm, fatigue, weapon...), as text."""
    m = re.search(rf'<li class="[^"]*" data-id="{re.escape(cid)}">(.*?)</li>(?=<li class="enc|</ol>)', html, re.S)
    assert m, f"no card {cid}"
    return {k: unescape(v) for k, v in re.findall(r'<p data-k="([\w-]+)">(.*?)</p>', m.group(1), re.S)}


def _number(pattern: str, text: str) -> int | None:
    m = re.search(pattern, text)
    return int(m.group(1)) if m else None


def _resolved_with(state: EncounterState, who: str, at: str) -> dict[str, Any]:
    """The scenario the engine's resolver is given for ``who``'s attack on ``at`` (the page's
    default action, a seed's dice), caught at :func:`rules.encounter.engine._resolved`."""
    seen: list[dict[str, Any]] = []
    real = engine._resolved

    def catch(ctx: Any, data: dict[str, Any]) -> Any:
        seen.append(copy.deepcopy(data))
        return real(ctx, data)

    engine._resolved = catch  # type: ignore[assignment]
    try:
        engine.apply(state, AttackEvent(type="attack", who=who, at=at, seed=7))
    except (EncounterError, NeedDie):
        pass  # refused after the scenario was built (the budget of the fan ruleset's actions)
    finally:
        engine._resolved = real  # type: ignore[assignment]
    assert seen, f"{who} at {at}: allowed, but never resolved"
    return {k: v for k, v in seen[0].items() if k not in LEFT_OUT}


def agrees(out: dict[str, Any]) -> int:
    """Check that the cards of ``out`` (an ok envelope) and the scenario each pair's forms show
    read the numbers the engine resolves with; how many pairs were compared.

    - ``turn.scenario`` is the scenario the resolver is given for the acting combatant's attack on
      its default target (when the engine allows that attack now);
    - for every pair the forms can show (:func:`forms_scenario`), the target's card reads the
      Target form's damage taken (a character), its Fatigue (d100), Magnitude (a Horde), units
      left and Shock (an Epic formation); the attacker's card reads the Attacker form's rounds in
      the clip and (Epic) its Shock."""
    state = EncounterState.model_validate(out["state"])
    html = render_encounter(out["state"])
    turn = out.get("turn")
    if turn is not None and turn["scenario"] is not None and turn["allowed"]["attack"] is None:
        assert turn["scenario"] == _resolved_with(state, turn["who"], turn["target"])
    d100 = family(state.system).name == "d100"
    pairs = 0
    for who in state.combatants:
        for at in state.combatants:
            scenario, _, _ = forms_scenario(state, who.id, at.id)
            if scenario is None:
                continue
            pairs += 1
            t, a = scenario["target"], scenario["attacker"]
            card_at, card_who = _card_lines(html, at.id), _card_lines(html, who.id)
            harm = card_at.get("harm", "")
            if at.kind == "single" and at.wounds is not None:
                assert _number(r"^(\d+) (?:of \d+ )?taken", harm) == t["damage_taken"], (harm, t)
            if at.kind == "single" and d100:
                assert (_number(r"Fatigue (\d+)", card_at.get("fatigue", "")) or 0) == t.get("fatigue", 0)
            if at.kind == "horde":
                assert _number(r"^Magnitude (\d+) of", harm) == t["horde"]["magnitude"], (harm, t["horde"])
            if at.kind == "formation":
                assert _number(r"^(\d+) of \d+ units left", harm) == len(t["units"]), (harm, t["units"])
                assert _number(r"Shock (\d+)", harm) == t["shock"], (harm, t["shock"])
                assert _number(r"Shock (\d+)", card_who.get("harm", "")) == a["shock"]
            rounds = _number(r"^[^:]*: (\d+) of \d+", card_who.get("weapon", ""))
            if rounds is not None and state.system != "epic":
                assert rounds == a["weapon"]["clip"], (card_who["weapon"], a["weapon"])
    return pairs


def test_a_scripted_dh2_fight_reads_the_same_on_cards_forms_and_engine_after_every_event() -> None:
    f = dh2_fight()  # the Guard (12 Wounds, Autogun 30 rounds) acts first, at the Cultist (10 Wounds)
    assert agrees(f.last) == 2  # the Guard at the Cultist, the Cultist at the Guard
    for ev in (
        {"type": "aim", "who": "g", "aim": "half"},
        {"type": "attack", "who": "g", "at": "c", "action": {"type": "Semi-Auto Burst", "distance": 20}, "seed": 3},
        {"type": "end_turn", "who": "g"},
        {"type": "condition", "who": "g", "condition": "Prone"},
        {"type": "attack", "who": "c", "at": "g", "action": {}, "seed": 11},
        {"type": "adjust", "who": "c", "critical": 3},  # the GM's critical damage by hand
        {"type": "adjust", "who": "g", "fatigue": 2, "rounds": 4},
        {"type": "end_turn", "who": "c"},
        {"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "seed": 5},
        {"type": "adjust", "who": "c", "damage_taken": 2},  # less than its Wounds + critical damage
        {"type": "end_turn", "who": "g"},
    ):
        assert agrees(f.do(ev)) >= 2, ev
    # the hand count the loop compared: 10 Wounds + critical damage 3 at least, whatever was dealt
    assert f.last["turn"]["who"] == "c"
    assert (
        run_encounter({"encounter": f.file, "forms": {"who": "g", "at": "c"}})["scenario"]["target"]["damage_taken"]
        >= 13
    )


@st.composite
def fights_with_critical(draw: st.DrawFn, ruleset: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The encounter fuzz's fight and events (:func:`test_fuzz_encounter.fights`), with critical
    damage set by hand on one of its combatants somewhere among them."""
    file, events = draw(fights(ruleset, typed=False))
    crit = {"type": "adjust", "who": draw(st.sampled_from(["a", "b"])), "critical": draw(st.integers(1, 12))}
    i = draw(st.integers(0, len(events)))
    return file, [*events[:i], crit, *events[i:]]


@st.composite
def played_fights(draw: st.DrawFn, ruleset: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A started fight of the encounter fuzz's combatants and events the engine mostly takes: the
    acting combatant attacking its default target (``"at": "default"``), Aim, the GM's numbers
    (critical damage among them), conditions, the turn ended."""
    file, _ = draw(fights(ruleset, typed=False))
    file = {**file, "events": [e for e in file["events"] if e["type"] == "add"] + [{"type": "initiative", "seed": 5}]}
    turn: dict[str, Any] = {"who": "turn"}
    kinds = st.sampled_from(["attack", "attack", "attack", "aim", "adjust", "adjust", "condition", "end_turn"])
    events = []
    for kind in draw(st.lists(kinds, min_size=3, max_size=EVENTS_PER_CASE)):
        if kind == "attack":
            events.append({**turn, "type": "attack", "at": "default", "action": {}, "seed": draw(st.integers(0, 999))})
        elif kind == "aim":
            events.append({**turn, "type": "aim", "aim": draw(st.sampled_from(["half", "full"]))})
        elif kind == "adjust":
            key = draw(st.sampled_from(["critical", "critical", "damage_taken", "fatigue", "rounds", "shock"]))
            events.append({"type": "adjust", "who": draw(st.sampled_from(["a", "b"])), key: draw(st.integers(0, 14))})
        elif kind == "condition":
            name = draw(st.sampled_from(["Stunned", "Prone", "Pinned", "Blood Loss", "On Fire"]))
            events.append({"type": "condition", "who": draw(st.sampled_from(["a", "b"])), "condition": name})
        else:
            events.append({**turn, "type": "end_turn", "seed": 3})
    return file, events


def _play(file: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """``events`` sent one at a time; the cards and forms checked against the engine after each."""
    out = run_encounter({"encounter": file})
    if out["status"] != "ok":
        return  # a starting file the ruleset refuses: the encounter fuzz's own concern
    agrees(out)
    for raw in events:
        ev = copy.deepcopy(raw)
        if ev.get("who") == "turn":
            ev["who"] = out["state"].get("turn") or "a"
        if ev.get("at") == "default":
            ev["at"] = (out.get("turn") or {}).get("target") or "b"
        answer = run_encounter({"encounter": out["encounter"], "then": ev})
        if answer["status"] == "ok":
            out = answer
            agrees(out)


@pytest.mark.parametrize("ruleset", list(BASES))
def test_fuzzed_fights_read_the_same_on_cards_forms_and_engine_after_every_event(ruleset: str) -> None:
    @_settings()
    @given(fights_with_critical(ruleset))
    def check(case: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
        _play(*case)

    check()


@pytest.mark.parametrize("ruleset", list(BASES))
def test_fuzzed_played_fights_read_the_same_on_cards_forms_and_engine(ruleset: str) -> None:
    @_settings()
    @given(played_fights(ruleset))
    def check(case: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
        _play(*case)

    check()


def test_the_page_s_bridge_answers_a_forms_request_in_the_book_s_words() -> None:
    from auspex_web.bridge import respond_encounter

    f = dh2_fight()
    f.do({"type": "aim", "who": "g", "aim": "half"})  # a note citing seed 003, Aim
    out = respond_encounter(json.dumps({"encounter": f.file, "forms": {"who": "g", "at": "c"}}))
    assert out["status"] == "ok" and out["scenario"]["action"]["aim"] == "half" and out["reason"] is None
    assert out["notes"] and not any("seed 0" in n for n in out["notes"]), out["notes"]
    turn = respond_encounter(json.dumps({"encounter": f.file}))["turn"]
    assert turn["notes"] == out["notes"] and turn["scenario"] == out["scenario"]


def test_an_epic_profile_with_more_units_has_them_all_on_its_card_and_in_the_scenario() -> None:
    # a formation of 1 unit, none lost, given a profile of 4: 4 - 0 lost = 4 left, as the engine
    # shoots at them (the card read "1 of 4 units left" while the scenario held 4)
    f = Fight("epic")
    one = {"name": "Guard company", "units": [{"name": "Squad", "type": "infantry"}]}
    shooter = {"name": "Orks", "units": [{"name": "Boyz", "weapons": "Big shootas 30 AP6"}]}
    f.do({"type": "add", "combatant": {"id": "o", "name": "Orks", "attacker": shooter}})
    f.do({"type": "add", "combatant": {"id": "t", "name": "Guard company", "target": one}})
    out = f.do({"type": "profile", "who": "t", "target": {**one, "units": one["units"] * 4}})
    t = next(c for c in out["state"]["combatants"] if c["id"] == "t")
    assert (t["units"], t["units_start"]) == (4, 4)
    assert "4 of 4 units left" in _card_lines(render_encounter(out["state"]), "t")["harm"]
    assert "4 of 4 units left" in out["state"]["log"][-1]["text"]
    assert (
        len(run_encounter({"encounter": f.file, "forms": {"who": "o", "at": "t"}})["scenario"]["target"]["units"]) == 4
    )
