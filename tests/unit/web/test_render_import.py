"""The import preview the Party panel shows (auspex_web.render_import through bridge.import_preview):
each field's value correctable where it was read, what was not understood at its entry, every
imported text escaped, and a text that cannot be read refused with its reason."""

from __future__ import annotations

import json
import re
from pathlib import Path

from auspex_web.bridge import import_preview
from auspex_web.render_import import render_import

DATA = Path(__file__).resolve().parents[1] / "data" / "import"


def _inputs(html: str) -> dict[tuple[str, str], str]:
    """Every correctable box of the preview: (entry, field) -> the value it shows."""
    found = re.findall(r'data-entry="([^"]+)" data-field="([^"]+)" data-type="\w+" value="([^"]*)"', html)
    return {(entry, field): value for entry, field, value in found}


def test_a_foundry_actor_shows_each_field_correctable_with_its_json_path() -> None:
    """Vendare's acolyte: BS 45 read at system.characteristics.ballisticSkill, the laspistol's Pen 0
    at items.0.system.penetration, each in a box the player may correct."""
    answer = json.loads(import_preview((DATA / "vendare-acolyte.json").read_text(), "dh2"))
    assert answer["status"] == "ok"
    html = answer["html"]
    boxes = _inputs(html)
    assert boxes[("attackers.0", "characteristics.BS")] == "45"
    assert boxes[("weapons.0", "pen")] == "0"
    assert boxes[("targets.0", "wounds")] == "12"
    assert "system.characteristics.ballisticSkill" in html
    assert "items.0.system.penetration" in html
    # the chainsword's qualities: one box, written with commas, read back as a list
    assert boxes[("weapons.1", "qualities")] == "Balanced, Tearing"
    assert 'data-field="qualities" data-type="list"' in html


def test_a_stat_block_names_its_lines_and_a_problem_at_its_entry() -> None:
    """A pasted block: the Lasgun's damage read on its Weapons line (line 10); an unknown quality
    is named inside the entry whose line it is on, not only in a list apart."""
    text = (
        "Ganger\nWS BS S T Ag Int Per WP Fel\n30 35 30 30 30 25 30 25 20\nWounds: 10\n"
        "Weapons: Stub Automatic (30m; S/3/-; 1d10+3 I; Pen 0; Clip 9; Rld Full; Wobbly)\n"
    )
    answer = json.loads(import_preview(text, "dh2"))
    assert answer["status"] == "ok"
    problems = answer["import"]["problems"]
    assert any("Wobbly" in p["message"] or "Wobbly" in p["at"] for p in problems)
    entries = re.findall(r'<fieldset class="import-entry".*?</fieldset>', answer["html"])
    weapon = next(f for f in entries if 'data-entry="weapons.0"' in f)
    assert "Wobbly" in weapon and "line 5" in weapon


def test_imported_text_is_escaped() -> None:
    """A name with markup is shown as text: no tag of the user's reaches the page."""
    preview = {
        "party": {"attackers": [{"name": "<img src=x onerror=alert(1)>", "system": "dh2", "data": {}}]},
        "fields": [{"entry": "attackers.0", "field": "name", "value": '"><script>x</script>', "source": "<b>"}],
        "problems": [{"at": "<i>", "message": "<svg onload=alert(1)>"}],
        "talents": [],
        "readings": ["<u>reading</u>"],
    }
    html = render_import(preview)
    for tag in ("<img", "<script", "<svg", "<b>", "<i>", "<u>"):
        assert tag not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_file_that_cannot_be_read_is_refused_with_its_reason() -> None:
    """Not a Foundry actor nor a stat block: invalid, the reason at ``file``, no preview."""
    answer = json.loads(import_preview("hello there", "dh2"))
    assert answer["status"] == "invalid"
    assert answer["errors"][0]["field"] == "file"
    assert "characteristic row" in answer["errors"][0]["message"]
    assert "html" not in answer


def test_a_hostile_file_is_refused_within_the_party_files_limits() -> None:
    """JSON nested 5,000 deep (past the party file's depth limit) is refused at ``file``, never a
    stack overflow nor an ``error`` envelope."""
    answer = json.loads(import_preview("[" * 5000 + "]" * 5000, "dh2"))
    assert answer["status"] == "invalid"
    assert answer["errors"][0]["field"] == "file"
