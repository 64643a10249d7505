"""render_encounter on CPython: what the tracker shows of an encounter's state,
from hand-built states and from one played through the engine; and bridge.encounter's envelope."""

from __future__ import annotations

import html as html_lib
import json
import re
from typing import Any

import pytest
from auspex_web import bridge
from auspex_web.render_encounter import LOG_LINES, render_encounter
from encounter_helpers import GUARD


def combatant(**over: Any) -> dict[str, Any]:
    c: dict[str, Any] = {
        "id": "g",
        "name": "Guard",
        "kind": "single",
        "wounds": 10,
        "damage_taken": 0,
        "critical": 0,
        "fatigue": 0,
        "magnitude": None,
        "magnitude_start": None,
        "injuries": [],
        "units": None,
        "units_start": None,
        "shock": 0,
        "weapon": None,
        "conditions": [],
        "aim": "none",
        "initiative": None,
        "half_actions": 0,
        "actions": [],
        "reaction_used": False,
        "out": None,
    }
    c.update(over)
    return c


def state(*combatants: dict[str, Any], **over: Any) -> dict[str, Any]:
    s: dict[str, Any] = {
        "system": "dh2",
        "round": 0,
        "order": [],
        "turn": None,
        "combatants": list(combatants),
        "log": [],
    }
    s.update(over)
    return s


def text(html: str) -> str:
    """The HTML as the player reads it (tags dropped, entities as written)."""
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def card(html: str, cid: str) -> str:
    m = re.search(rf'<li class="[^"]*" data-id="{cid}">(.*?)</li>(?=<li class="enc|</ol>)', html, re.S)
    assert m, f"no card {cid}"
    return text(m.group(1))


def test_a_character_wounds_critical_fatigue_weapon_and_turn() -> None:
    g = combatant(
        damage_taken=16,
        critical=6,
        fatigue=1,
        weapon={"name": "Autogun", "clip": 30, "rounds": 27, "jammed": True, "overheated": 0, "reloading": 0},
        aim="half",
        half_actions=1,
        actions=["Aim (half)"],
        conditions=[{"name": "Stunned", "rounds": 1, "detail": "no Actions", "source": "seed 001"}],
        initiative=10,
    )
    html = render_encounter(state(g, round=1, order=["g"], turn="g"))
    assert "Round 1 \u00b7 Guard's turn" in text(html)
    c = card(html, "g")
    assert "16 taken: all 10 wounds, critical damage 6" in c  # not "16 of 10"
    assert "Fatigue 1" in c
    assert "Autogun: 27 of 30 \u00b7 JAMMED" in c
    assert "Aim held (half: +10)" in c
    assert "1 Half Action left \u00b7 done: Aim (half) \u00b7 Reaction ready" in c
    assert "Stunned (1 turn left)" in c
    assert "acting" in c


def test_a_horde_is_one_number_of_magnitude_left() -> None:
    h = combatant(id="h", name="Mob", kind="horde", wounds=None, magnitude=22, magnitude_start=30)
    c = card(render_encounter(state(h)), "h")
    assert "Magnitude 22 of 30 left" in c
    assert "taken" not in c


def test_an_epic_formation_units_and_shock_and_no_half_actions() -> None:
    f = combatant(id="f", name="Boyz", kind="formation", wounds=None, units=3, units_start=4, shock=2)
    html = render_encounter(state(f, system="epic", round=1, turn="f", conditions=[]))
    c = card(html, "f")
    assert "3 of 4 units left \u00b7 Shock 2" in c
    assert "Half Action" not in c and "Reaction" not in c


def test_an_epic_formation_that_only_shoots_shows_its_shock_alone() -> None:
    f = combatant(id="f", name="Tactical", kind="formation", wounds=None, units=None, units_start=None, shock=1)
    c = card(render_encounter(state(f, system="epic")), "f")
    assert "Shock 1" in c and "None" not in c


def test_the_fan_ruleset_injuries_and_its_four_actions() -> None:
    r = combatant(id="r", name="Ork", kind="rp", wounds=None, injuries=["Arm: Chart 2 at 7"], half_actions=1)
    html = render_encounter(state(r, system="wh40krp", round=1, order=["r"], turn="r"))
    c = card(html, "r")
    assert "Injuries: Arm: Chart 2 at 7" in c
    assert "3 actions left" in c
    assert "Reaction" not in c


def test_out_of_the_fight_marked_and_order_followed() -> None:
    a = combatant(id="a", name="Alpha", out="slain", damage_taken=12, critical=2)
    b = combatant(id="b", name="Beta", reaction_used=True)
    html = render_encounter(state(a, b, round=2, order=["b", "a"], turn="b"))
    assert html.index('data-id="b"') < html.index('data-id="a"')
    assert "OUT: slain" in card(html, "a")
    assert "enc-out" in html
    assert "Reaction used" in card(html, "b")
    assert "Reaction ready" in card(html, "a")


def test_every_text_is_escaped() -> None:
    evil = "<script>alert(1)</script>"
    c = combatant(
        id="x",
        name=evil,
        weapon={"name": evil, "clip": 0, "rounds": 0},
        conditions=[{"name": evil, "rounds": None, "detail": '"><img src=x onerror=alert(1)>'}],
        out=evil,
    )
    html = render_encounter(state(c, round=1, order=["x"], turn="x", log=[{"index": 0, "round": 1, "text": evil}]))
    assert "<script>" not in html
    assert "<img" not in html
    assert "&lt;script&gt;" in html


def test_the_log_newest_first_and_only_the_last_lines() -> None:
    log = [{"index": i, "round": 1, "who": None, "text": f"line {i}"} for i in range(30)]
    html = render_encounter(state(log=log))
    lines = re.findall(r'data-k="log-line" data-index="(\d+)"', html)
    assert len(lines) == LOG_LINES
    assert lines[0] == "29" and lines[-1] == str(30 - LOG_LINES)


def test_not_started_says_so() -> None:
    assert "Not started" in text(render_encounter(state()))
    assert 'data-k="empty"' in render_encounter(state())


# ---------------------------------------------------------------------------------------------
# bridge.encounter: the page's entry (never raises)

CULTIST = {"name": "Cultist", "wounds": 10, "toughness_bonus": 3, "armour": {"Body": 2}}


def call(request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.encounter(request if isinstance(request, str) else json.dumps(request)))
    return answer


def play(*events: dict[str, Any]) -> dict[str, Any]:
    enc: dict[str, Any] = {"auspex_encounter": 1, "system": "dh2", "events": []}
    answer: dict[str, Any] = {}
    for ev in events:
        answer = call({"encounter": enc, "then": ev})
        assert answer["status"] == "ok", answer
        enc = answer["encounter"]
    return answer


def test_the_bridge_renders_an_attack_and_the_state() -> None:
    answer = play(
        {"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": GUARD, "target": {"wounds": 12}}},
        {
            "type": "add",
            "combatant": {"id": "c", "name": "Cultist", "attacker": {"characteristics": {"Ag": 30}}, "target": CULTIST},
        },
        {"type": "initiative", "dice": [7, 2]},
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Semi-Auto Burst", "distance": 20},
            "dice": [30, 5, 5, 5, 5, 5, 5],
        },
    )
    assert "Autogun: 27 of 30" in card(answer["html"], "g")
    assert "of 10 taken" in card(answer["html"], "c")
    assert 'data-k="target-number"' in answer["result_html"]
    assert "Stunned" in answer["conditions"]


def test_the_bridge_refuses_with_the_field() -> None:
    answer = call(
        {
            "encounter": {"auspex_encounter": 1, "system": "dh2", "events": []},
            "then": {"type": "end_turn", "who": "nobody"},
        }
    )
    assert answer["status"] == "invalid"
    assert answer["errors"][0]["field"].startswith("then")


@pytest.mark.parametrize("bad", ["{", "[]", json.dumps({"encounter": 3})])
def test_the_bridge_never_raises(bad: str) -> None:
    assert call(bad)["status"] == "invalid"


def test_needs_carries_the_dice_consumed_before_the_one_asked_for() -> None:
    enc = play(
        {"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": GUARD, "target": {"wounds": 12}}},
        {
            "type": "add",
            "combatant": {"id": "c", "name": "Cultist", "attacker": {"characteristics": {"Ag": 30}}, "target": CULTIST},
        },
        {"type": "initiative", "dice": [7, 2]},
    )["encounter"]
    answer = call({"encounter": enc, "then": {"type": "attack", "who": "g", "at": "c", "dice": [20]}})
    assert answer["status"] == "needs"
    assert answer["needs"]["index"] == 1
    assert answer["dice"] == [{"purpose": "to-hit d100", "sides": 100, "value": 20}]


def test_an_epic_formation_can_join_as_a_target_only() -> None:
    """The page's "Add target only" on Epic's forms: refused before (the stand-in attacker used
    to validate the profile had a weapon with no AP, AT or AA), now a formation that cannot shoot."""
    target = {"name": "Ork warband", "units": [{"name": "Boyz 1", "armour": 1}, {"name": "Boyz 2", "armour": 1}]}
    enc = {"auspex_encounter": 1, "system": "epic", "events": []}
    answer = call(
        {"encounter": enc, "then": {"type": "add", "combatant": {"id": "o", "name": "Orks", "target": target}}}
    )
    assert answer["status"] == "ok", answer
    orks = answer["state"]["combatants"][0]
    assert orks["attacker"] is None and orks["units"] == 2
    assert "2 of 2 units left" in card(answer["html"], "o")


def test_a_combatant_a_condition_keeps_from_reacting_reads_no_reaction_with_why() -> None:
    stunned = combatant(id="s", name="Heretic", no_reaction="Stunned", conditions=[{"name": "Stunned", "rounds": 2}])
    html = render_encounter(state(stunned, round=1, order=["s"], turn=None))
    assert "No Reaction (Stunned)" in card(html, "s") and "Reaction ready" not in card(html, "s")


def test_righteous_fury_effects_listed_one_by_one_not_stacking() -> None:
    # seed 004 L70: "these effects do not stack if a target suffers Righteous Fury multiple times.
    # Each roll is applied as a separate effect."
    fury = [
        {"table": "Impact Critical Effects, Body", "location": "Body", "effect": 2},
        {"table": "Energy Critical Effects, <Head>", "location": "Head", "effect": 4},
    ]
    c = card(render_encounter(state(combatant(fury=fury))), "g")
    assert "Righteous Fury: Impact Critical Effects, Body row 2" in c
    assert "Righteous Fury: Energy Critical Effects, <Head> row 4" in c  # escaped, read as typed
    assert "separate effects, not stacking" in c
    assert "Righteous Fury" not in card(render_encounter(state(combatant())), "g")


def test_two_weapons_show_both_clips_on_the_card() -> None:
    """Two-weapon fighting (seed 004): each hand's clip, the other hand's jam marked."""
    stub = {"name": "Stub Automatic", "clip": 9, "rounds": 6, "jammed": False, "overheated": 0, "reloading": 0}
    g = combatant(weapon=stub, second_weapon={**stub, "name": "Left Stub", "rounds": 3, "jammed": True})
    c = card(render_encounter(state(g)), "g")
    assert "Stub Automatic: 6 of 9" in c
    assert "Other hand: Left Stub: 3 of 9 \u00b7 JAMMED" in c
    assert "Other hand" not in card(render_encounter(state(combatant(weapon=stub))), "g")


def test_a_log_line_names_the_book_not_the_rule_text_file() -> None:
    # "(seed 001, Overwatch)" in the engine's log reads as the book, the file in a title
    log = [{"index": 0, "round": 1, "who": None, "text": "Vex takes a Run: its Overwatch ends (seed 001, Overwatch)"}]
    html = render_encounter(state(log=log))
    assert "Vex takes a Run: its Overwatch ends (Deathwatch GM screen, Overwatch)" in html
    assert 'title="Rule text file 001_43934ab936927244.txt"' in html
    assert "seed 001" not in re.sub(r'title="[^"]*"', "", html)


def test_a_cards_defences_are_those_the_engine_resolves_against() -> None:
    """The card's collapsed defences: TB, armour by location, Reaction and its skill, S, T, Ag, WP
    and wounds, read from the combatant's own target profile (TB 3 when the profile gives none:
    the scenario's default, the one the engine resolves with)."""
    target = {
        "name": "Adept",
        "wounds": 9,
        "armour": {"Body": 2, "Head": 0},
        "evasion": {"reaction": "Dodge", "skill": 35},
        "characteristics": {"S": 25, "T": 30, "Ag": 35, "WP": 45},
    }
    html = render_encounter(state(combatant(id="a", name="Adept", target=target, wounds=9)))
    assert re.search(r'<details class="enc-def" data-k="defences">', html)
    words = card(html, "a")
    assert "TB 3" in words  # not given: the scenario's default
    assert "Armour: Head 0, Right Arm 0, Left Arm 0, Body 2, Right Leg 0, Left Leg 0" in words
    assert "Dodge 35" in words
    assert "S 25 · T 30 · Ag 35 · WP 45" in words
    assert "Wounds 9" in words


def test_a_card_with_no_target_profile_says_it_cannot_be_attacked() -> None:
    html = render_encounter(state(combatant(id="g", name="Guard", target=None)))
    assert "No defences: it cannot be attacked" in card(html, "g")
