"""Properties of the encounter (hypothesis): whatever a table does, in any order, with any dice —
applying then undoing restores the state; wounds, Magnitude and rounds in the clip never go
negative nor the clip above its Clip; a refused event changes nothing; and the file replays to the
state built event by event, so a result is never applied twice."""

from __future__ import annotations

import copy
from typing import Any, get_args

import pytest
from encounter_helpers import CULTIST_ATTACKER, CULTIST_TARGET, GUARD
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rules.encounter.engine import replay
from rules.encounter.models import EncounterError, Event
from rules.encounter.run import load_file, run_encounter

ACTIONS = ["Standard Attack", "Semi-Auto Burst", "Full Auto Burst", "Called Shot"]
HORDE = {"name": "Mob", "toughness_bonus": 3, "horde": {"magnitude": 12}, "characteristics": {"Ag": 25}}


def _start() -> dict[str, Any]:
    events = [
        {"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": GUARD, "target": {"wounds": 12}}},
        {
            "type": "add",
            "combatant": {"id": "c", "name": "Cultist", "attacker": CULTIST_ATTACKER, "target": CULTIST_TARGET},
        },
        {"type": "add", "combatant": {"id": "h", "name": "Mob", "target": HORDE}},
        {"type": "initiative", "dice": [5, 5, 5]},  # Guard 5 + 3 and Cultist 5 + 3 (Ag 35 first), Mob 5 + 2
    ]
    return {"auspex_encounter": 1, "system": "dh2", "events": events}


who = st.sampled_from(["turn", "turn", "turn", "g", "c", "h"])  # "turn": whoever's turn it is
attack = st.builds(
    lambda w, a, t, s: {"type": "attack", "who": w, "at": t, "action": {"type": a, "distance": 20}, "seed": s},
    who,
    st.sampled_from(ACTIONS),
    st.sampled_from(["g", "c", "h"]),
    st.integers(0, 2**31 - 1),
)
events = st.one_of(
    attack,
    attack,
    attack,
    st.builds(lambda w, a: {"type": "aim", "who": w, "aim": a}, who, st.sampled_from(["half", "full"])),
    st.builds(
        lambda w, t: {"type": t, "who": w},
        who,
        st.sampled_from(["reload", "stand", "run", "move", "end_turn", "end_turn"]),
    ),
    st.builds(lambda w, s: {"type": "clear_jam", "who": w, "seed": s}, who, st.integers(0, 1000)),
    st.builds(
        lambda w, n, r: {"type": "condition", "who": w, "condition": n, "rounds": r},
        who,
        st.sampled_from(["Stunned", "Prone", "Pinned", "Unaware"]),
        st.sampled_from([None, 1, 2]),
    ),
    st.builds(lambda w, f: {"type": "adjust", "who": w, "fatigue": f}, who, st.integers(0, 3)),
    st.builds(lambda s: {"type": "initiative", "seed": s}, st.integers(0, 1000)),
)


def _check(state: dict[str, Any]) -> None:
    for c in state["combatants"]:
        assert c["damage_taken"] >= 0 and c["critical"] >= 0 and c["fatigue"] >= 0
        if c["magnitude"] is not None:
            assert 0 <= c["magnitude"] <= c["magnitude_start"]
        w = c["weapon"]
        if w is not None and w["clip"]:
            assert 0 <= w["rounds"] <= w["clip"]
        assert 0 <= c["half_actions"] <= 2


def _applied_once(before: dict[str, Any], after: dict[str, Any], at: str, res: dict[str, Any]) -> None:
    """The attack's result is on its own target exactly once: its wounds added to the damage
    taken, or its Magnitude lost taken from the Horde; no other combatant's wounds changed."""
    old = {c["id"]: c for c in before["combatants"]}
    for c in after["combatants"]:
        was = old[c["id"]]
        if c["id"] != at:
            assert (c["damage_taken"], c["magnitude"]) == (was["damage_taken"], was["magnitude"])
        elif res["horde"] is not None:
            assert c["magnitude"] == was["magnitude"] - res["horde"]["magnitude_lost"]
        elif res["outcome"] == "hit":
            assert c["damage_taken"] == was["damage_taken"] + res["total_wounds"]
        else:
            assert c["damage_taken"] == was["damage_taken"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(events, min_size=1, max_size=14))
def test_any_sequence_keeps_the_state_sound_and_undo_restores_it(seq: list[dict[str, Any]]) -> None:
    file = _start()
    out = run_encounter({"encounter": file})
    assert out["status"] == "ok"
    state = out["state"]
    for ev in seq:
        ev = {k: (state["turn"] if v == "turn" else v) for k, v in ev.items()}
        before = copy.deepcopy(file)
        out = run_encounter({"encounter": file, "then": ev})
        assert out["status"] in ("ok", "invalid"), out
        event(f"{ev['type']} {out['status']}")
        if out["status"] == "invalid":
            assert file == before  # refused: nothing changed
            assert all(e["field"].startswith("then") for e in out["errors"])
            continue
        _check(out["state"])
        if ev["type"] == "attack":
            _applied_once(state, out["state"], ev["at"], out["resolution"])
        undone = run_encounter({"encounter": out["encounter"], "undo": True})
        assert undone["state"] == state  # applying then undoing restores the state
        file, state = out["encounter"], out["state"]
        fresh = replay(load_file(file), "encounter.events")  # not the envelope's remembered state
        assert fresh.model_dump(mode="json") == state  # the file replays to the same state


# Every event type's model, read off the union the file validates against: a bad field of any event
# is named at the event's own field (``encounter.events.0.who``), never under its type word, which
# is the union's tag pydantic puts in the error's location (rules.encounter.run._untagged, reading
# EVENT_TYPES). An event type missing from EVENT_TYPES would be named ``encounter.events.0.rest.who``.
_EVERY_TYPE = [
    kind for model in get_args(get_args(Event)[0]) for kind in get_args(model.model_fields["type"].annotation)
]


@pytest.mark.parametrize("kind", _EVERY_TYPE)
def test_a_bad_field_of_every_event_type_is_named_at_the_field(kind: str) -> None:
    with pytest.raises(EncounterError) as got:
        load_file({"auspex_encounter": 1, "system": "dh2", "events": [{"type": kind, "who": 7}]})
    fields = [e.field for e in got.value.errors]
    assert "encounter.events.0.who" in fields
    assert not any(f.startswith(f"encounter.events.0.{kind}.") for f in fields), fields
