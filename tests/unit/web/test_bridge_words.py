"""What the page says of the encounter, in the game's words (bridge.respond_encounter): refusals
name the book, never a rule text file ("seed 003"), and the status line after an attack is
short (who attacked whom, the verdict, the wounds), the rest left to the log."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

from auspex_web import bridge
from encounter_helpers import dh2_fight


def ask(file: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    return bridge.respond_encounter(json.dumps({"encounter": file, "then": event}))


def test_a_refusal_cites_the_book_not_a_seed_file() -> None:
    f = dh2_fight()
    f.do({"type": "aim", "who": "g", "aim": "half"})
    # a Full Aim after a Half one: 1 Half Action left, a Full Action refused (seed 003: a turn is
    # a Full Action or two Half Actions)
    out = ask(f.file, {"type": "aim", "who": "g", "aim": "full"})
    assert out["status"] == "invalid"
    message = out["errors"][0]["message"]
    assert "1 Half Action(s) left" in message
    assert "seed 0" not in message and "Dark Heresy 1st ed." in message


def test_the_reasons_of_the_greyed_controls_cite_the_book_not_a_seed_file() -> None:
    # after a Half Aim, the Full Aim is refused now: the page greys it with this reason
    f = dh2_fight()
    out = ask(f.file, {"type": "aim", "who": "g", "aim": "half"})
    reason = out["turn"]["allowed"]["aim_full"]
    assert "1 Half Action(s) left" in reason
    assert "seed 0" not in reason and "Dark Heresy 1st ed." in reason
    assert out["turn"]["allowed"]["aim_half"] is None  # a second Half Aim is still allowed


def test_the_status_after_a_critical_is_short_and_the_log_keeps_it_all() -> None:
    f = dh2_fight()
    f.do({"type": "adjust", "who": "c", "damage_taken": 9})
    # BS 40 + 10 + 10 = 60: 30 hits; the Dodge 30 rolls 50: fails; 1d10+3: 9 + 3 = 12 - TB 3 = 9
    # wounds: 18 of 10 taken, critical damage 8
    out = ask(
        f.file,
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Standard Attack", "distance": 20},
            "reaction": True,
            "dice": [30, 50, 9],
        },
    )
    assert out["status"] == "ok"
    full = out["state"]["log"][-1]["text"]
    assert "Autogun: 29 of 30 rounds left" in full  # the log keeps every detail
    said = out["said"]
    assert said.startswith("Guard attacks Cultist (Standard Attack): hit")
    assert "Cultist: 9 wound(s), 18 of 10 taken, critical damage 8" in said
    assert "Autogun" not in said and "seed 0" not in said
    assert len(said) <= 160


def test_the_status_keeps_what_others_struck_took() -> None:
    from auspex_web.render_encounter import status_text

    line = (
        "Guard attacks Cultist (Full Auto Burst): hit; Autogun: 27 of 30 rounds left; Cultist: 5 wound(s), "
        "5 of 10 taken; Thug <i> (nearby): 4 wound(s), 4 of 8 taken"
    )
    state = {
        "combatants": [{"id": "g", "name": "Guard"}, {"id": "c", "name": "Cultist"}, {"id": "t", "name": "Thug <i>"}],
        "log": [{"text": line}],
    }
    said = status_text(state, {"type": "attack", "who": "g", "at": "c"})
    assert said == (
        "Guard attacks Cultist (Full Auto Burst): hit; Cultist: 5 wound(s), 5 of 10 taken; "
        "Thug <i> (nearby): 4 wound(s), 4 of 8 taken \u00b7 more in the log"
    )


def test_a_steps_prose_names_the_book_not_the_rule_text_file() -> None:
    # the Guard's half Aim (seed 003, Aim: +10) is noted in the attack's first step, "The
    # encounter's state": the page shows the book's words there; the step's source keeps its file
    f = dh2_fight()
    f.do({"type": "aim", "who": "g", "aim": "half"})
    out = ask(f.file, {"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [95]})
    assert "(seed 003, Aim)" in out["resolution"]["steps"][0]["detail"]  # the resolution JSON keeps it
    details = [unescape(d) for d in re.findall(r'<span class="detail">(.*?)</span>', out["result_html"])]
    assert details[0] == "Guard's half Aim, taken as its own action (Dark Heresy 1st ed., Combat, Aim)."
    assert not any("seed 0" in d for d in details)


def test_why_only_end_turn_is_left_cites_the_book_not_a_seed_file() -> None:
    # the Guard Stunned for its next turn: no actions (seed 001, Stunned); the page offers End turn with the reason
    f = dh2_fight()
    f.end("g")
    f.do({"type": "condition", "who": "g", "condition": "Stunned", "rounds": 1})
    out = ask(f.file, {"type": "end_turn", "who": "c"})
    left = out["turn"]["nothing_left"]
    assert left.startswith("Guard is Stunned")
    assert "seed 0" not in left and "Dark Heresy" in left
