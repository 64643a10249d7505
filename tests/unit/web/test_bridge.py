"""bridge.handle on CPython: the JSON the page's worker answers with."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from auspex_web import bridge

import rules

EXAMPLE = json.loads((Path(__file__).resolve().parents[3] / "examples" / "lasgun.json").read_text())


def call(scenario: Any) -> dict[str, Any]:
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    answer: dict[str, Any] = json.loads(bridge.handle(text))
    return answer


def test_ok_carries_the_resolution_and_its_html() -> None:
    answer = call(EXAMPLE)
    assert answer["status"] == "ok"
    assert answer["resolution"]["outcome"] == "hit"
    assert 'data-k="target-number"' in answer["html"]


def test_needs_names_the_next_die() -> None:
    answer = call({**EXAMPLE, "dice": [23]})
    assert answer["status"] == "needs"
    assert answer["needs"]["index"] == 1
    assert answer["needs"]["sides"] == 10
    assert answer["dice"] == [{"purpose": "to-hit d100", "sides": 100, "value": 23}]
    assert "html" not in answer


def test_invalid_names_the_field() -> None:
    bad = json.loads(json.dumps(EXAMPLE))
    bad["attacker"]["characteristics"]["BS"] = 140
    answer = call(bad)
    assert answer["status"] == "invalid"
    assert [e["field"] for e in answer["errors"]] == ["attacker.characteristics.BS"]


def test_not_json_is_invalid_not_an_error() -> None:
    assert call("{")["status"] == "invalid"


def test_a_bug_becomes_a_short_message_and_a_logged_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(text: str) -> dict[str, object]:
        raise ZeroDivisionError("secret internals")

    monkeypatch.setattr(rules, "run_text", broken)
    answer = call(EXAMPLE)
    assert answer == {"status": "error", "message": bridge.ERROR_MESSAGE}
    assert "Traceback" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------- odds


def call_odds(scenario: Any, against: Any = None) -> dict[str, Any]:
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    answer: dict[str, Any] = json.loads(bridge.odds(text, json.dumps(against) if against else ""))
    return answer


def test_odds_carry_the_report_and_its_html() -> None:
    answer = call_odds(EXAMPLE)
    assert answer["status"] == "ok"
    assert answer["odds"]["headline"][0] == {
        "key": "hit",
        "label": "Hits the target",
        "chance": {"p": 0.45, "exact": "9/20", "low": None, "high": None},
        "value": None,
    }
    assert 'data-k="odds-hit" title="exactly 9/20">45.0%<' in answer["html"]
    assert 'class="odds-report compare"' not in answer["html"]


def test_odds_ignore_the_dice_and_the_seed() -> None:
    plain = {k: v for k, v in EXAMPLE.items() if k not in ("dice", "seed")}
    assert call_odds({**plain, "dice": [23]})["odds"] == call_odds({**plain, "seed": 7})["odds"]


def test_odds_against_a_kept_report_render_a_and_b() -> None:
    a = call_odds(EXAMPLE)["odds"]
    aimed = json.loads(json.dumps(EXAMPLE))
    aimed["action"]["aim"] = "full"
    answer = call_odds(aimed, against=a)
    assert answer["status"] == "ok"
    assert answer["odds"]["headline"][0]["chance"]["exact"] == "13/20"  # BS 45 + 20 for a full aim: 65
    assert 'class="odds-report compare"' in answer["html"]
    assert 'data-side="A"' in answer["html"] and 'data-side="B"' in answer["html"]


def test_odds_of_invalid_forms_name_the_field() -> None:
    bad = json.loads(json.dumps(EXAMPLE))
    bad["attacker"]["characteristics"]["BS"] = 140
    answer = call_odds(bad)
    assert answer["status"] == "invalid"
    assert [e["field"] for e in answer["errors"]] == ["attacker.characteristics.BS"]
    assert "html" not in answer
    assert call_odds("{")["status"] == "invalid"


def test_a_bug_in_the_odds_becomes_a_short_message_and_a_logged_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import rules.odds

    def broken(data: object) -> dict[str, object]:
        raise ZeroDivisionError("secret internals")

    monkeypatch.setattr(rules.odds, "run_odds", broken)
    bridge._odds_envelope.cache_clear()
    try:
        answer = call_odds(EXAMPLE)
    finally:
        bridge._odds_envelope.cache_clear()
    assert answer == {"status": "error", "message": bridge.ODDS_ERROR_MESSAGE}
    assert "Traceback" in capsys.readouterr().err


# ------------------------------------------------------------------------------ a share link's roll


def test_a_share_links_own_critical_tables_are_not_read_in_the_shared_roll() -> None:
    # The group's tables are the device's, never the link's: a hand-made link carrying its own
    # table (row 3 of Energy, Body: Slain) is resolved without it. Lasgun BS 40 +10 = 50; roll 23
    # -> Body; d10 10: a natural 10, Righteous Fury's d5 (d10 5 -> row 3): with the link's table,
    # "Slain"; shared, the row is only named (no table read, no effect).
    from dh2_scenarios import scenario

    slain = {
        "system": "dh2",
        "damage_type": "Energy",
        "location": "Body",
        "rows": [{"row": 3, "text": "target slain", "effects": [{"kind": "slain"}]}],
    }
    link = {**scenario(dice=[23, 10, 5]), "critical_tables": [slain]}
    own = json.loads(bridge.handle(json.dumps(link)))
    assert [e["kind"] for e in own["resolution"]["hits"][0]["righteous_fury"]["effect"]["effects"]] == ["slain"]
    shared = json.loads(bridge.handle(json.dumps(link), False, True))
    assert shared["status"] == "ok"
    assert "effect" not in shared["resolution"]["hits"][0]["righteous_fury"]
    assert "target slain" not in shared["html"]
    assert bridge.shared_scenario(link) == scenario(dice=[23, 10, 5])
