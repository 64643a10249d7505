"""The importer's bounds: whatever is given, it answers (a preview, or a refusal with its reason),
never raises otherwise, and never takes long; texts it cannot show are named at their place; a file
past the party file's limits is refused as the party file is; the engine never loads it at start."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.importer import STATBLOCK_LENGTH, Unreadable, import_text, run_import

DATA = Path(__file__).resolve().parents[1] / "data" / "import"
ROOT = Path(__file__).resolve().parents[3]
BLOCK = (DATA / "statblock-enforcer.txt").read_text(encoding="utf-8")
ACTOR = json.loads((DATA / "deathwatch-character.json").read_text())


def test_engine_start_does_not_load_the_importer() -> None:
    code = "import sys, rules.api, rules.party, rules.encounter.run; print('rules.importer' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"


def test_a_name_that_cannot_be_shown_is_named_at_its_path() -> None:
    actor = json.loads(json.dumps(ACTOR))
    actor["items"][0]["name"] = "Bolter\u0007"
    result = import_text(json.dumps(actor))
    assert ("items.0.name", "Contains a character that cannot be shown (U+0007): retype it") in [
        (p.at, p.message) for p in result.problems
    ]


def test_a_name_too_long_is_named_and_not_taken() -> None:
    actor = json.loads(json.dumps(ACTOR))
    actor["name"] = "X" * 81
    result = import_text(json.dumps(actor))
    assert result.problems[0].at == "name" and result.problems[0].message.startswith("Too long (at most 80")
    assert result.party["attackers"][0]["name"] == "Imported"


def test_a_characteristic_out_of_range_is_named_and_left_out() -> None:
    actor = json.loads(json.dumps(ACTOR))
    actor["system"]["characteristics"]["bs"]["base"] = 99  # 99 + 2 advances = 109
    result = import_text(json.dumps(actor))
    assert ("system.characteristics.bs", "BS 109 is out of range (0-100): left out") in [
        (p.at, p.message) for p in result.problems
    ]
    assert "BS" not in result.party["attackers"][0]["data"]["characteristics"]


def test_json_past_the_party_files_limits_is_refused() -> None:
    deep = "[" * 100 + "]" * 100
    assert run_import(deep)["status"] == "invalid"
    digits = json.dumps({**ACTOR, "system": {**ACTOR["system"], "size": int("9" * 400)}})
    answer = run_import(digits)
    assert answer["status"] == "invalid" and "digits" in answer["errors"][0]["message"]


def test_stat_blocks_past_their_length_are_refused() -> None:
    try:
        import_text(BLOCK + "x" * STATBLOCK_LENGTH)
    except Unreadable as exc:
        assert "at most 200000 characters" in str(exc)
    else:
        raise AssertionError("a text past STATBLOCK_LENGTH was read")


def test_a_long_hostile_stat_block_is_read_quickly() -> None:
    # a Weapons label running on for thousands of lines of brackets with no comma: one "weapon"
    hostile = BLOCK.replace("Weapons: ", "Weapons: " + "\n".join(["((((( Gun Gun Gun Gun"] * 8000) + " ")
    started = time.perf_counter()
    answer = run_import(hostile[:STATBLOCK_LENGTH])
    assert time.perf_counter() - started < 10.0  # ~0.2 s alone; generous for a loaded machine
    assert answer["status"] == "ok"


_labels = st.sampled_from(
    ["WS BS S T Ag Int Per WP Fel", "Wounds: ", "Armour: ", "Weapons: ", "Talents: ", "Skills: ", "Total TB: ", ""]
)
_bits = st.text(alphabet="0123456789 ()/;,+-dERIXmSBxAllHeadBodyArmsLegs\u2013\u00ad\ufb01\n", max_size=40)


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(_labels, _bits), max_size=12))
def test_any_pasted_text_answers_without_raising(parts: list[tuple[str, str]]) -> None:
    text = "Someone\n" + "\n".join(label + bit for label, bit in parts)
    answer = run_import(text)
    assert answer["status"] in ("ok", "invalid")
    if answer["status"] == "ok":
        for p in answer["import"]["problems"]:
            assert p["at"].startswith("line ")


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=_json, item=_json)
def test_any_actor_shape_answers_without_raising(system: object, item: object) -> None:
    for base in (ACTOR, json.loads((DATA / "vendare-npc.json").read_text())):
        actor = {
            **base,
            "system": system if isinstance(system, dict) else base["system"],
            "items": [item, *base["items"]],
        }
        if isinstance(system, dict):
            actor["system"] = {**base["system"], **system}
        answer = run_import(json.dumps(actor))
        assert answer["status"] in ("ok", "invalid")


def test_a_value_the_engine_refuses_is_named_at_its_source() -> None:
    """The entries are checked with the party file's own models: a d6 damage is named at the
    weapon's damage key in the file, for the attacker's weapon in hand and for the weapon entry."""
    actor = json.loads((DATA / "vendare-acolyte.json").read_text())
    actor["items"][0]["system"]["damage"] = "3d6+2"
    actor["items"][0]["system"]["reload"] = "Whenever the GM says so"
    problems = [(p.at, p.message) for p in import_text(json.dumps(actor)).problems]
    assert problems == [
        ("items.0.system.reload", "Rld not read: 'Whenever the GM says\u2026' (like Half, Full, 2 Full)"),
        (
            "items.0.system.damage",
            "Attacker 1 \"Sister Veyra Tolk\" (Dark Heresy 2nd edition), weapon.damage: '3d6+2': damage dice are d5 or d10",
        ),
        (
            "items.0.system.damage",
            "Weapon 1 \"Laspistol\" (Dark Heresy 2nd edition), damage: '3d6+2': damage dice are d5 or d10",
        ),
    ]


def test_the_preview_envelope_is_plain_json_for_the_page() -> None:
    """What the page's worker gets: the party file, every field with its value and source, every
    problem at its place, the talents and the readings, all plain JSON."""
    answer = json.loads(json.dumps(run_import(BLOCK)))
    assert answer["status"] == "ok"
    preview = answer["import"]
    assert set(preview) == {"party", "fields", "problems", "talents", "readings"}
    assert {"entry": "weapons.1", "field": "damage", "value": "1d10+2", "source": "line 10"} in preview["fields"]
    assert preview["talents"][0] == {"entry": "attackers.0", "name": "Swift Attack", "source": "line 8"}
