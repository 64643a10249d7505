"""JSON beyond the engine's limits: nested 5,000 deep, a 5,000-digit number,
NaN, more than 2 MB. Each is refused at one field with a message, through every entry (the API,
the CLI's resolve and odds, the party file, the page's bridge), never a traceback or exit 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from auspex_web import bridge
from run_helpers import ROOT, cli

from rules import jsonsafe, run, run_text
from rules.errors import ScenarioError
from rules.initiative import run_initiative
from rules.party import check_party

LASGUN = json.loads((ROOT / "examples" / "lasgun.json").read_text())

DEEP = '{"system": "dh2", "x": ' + "[" * 5000 + "]" * 5000 + "}"
LONG_INT = '{"system": "dh2", "seed": ' + "9" * 5000 + "}"
NAN = '{"system": "dh2", "seed": NaN}'
HUGE_FLOAT = '{"system": "dh2", "action": {"distance": 1e999}}'
BAD = {"deep": DEEP, "long int": LONG_INT, "NaN": NAN, "1e999": HUGE_FLOAT}


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("text", BAD.values(), ids=BAD.keys())
def test_run_text_refuses_json_beyond_limits_at_scenario(text: str) -> None:
    out = run_text(text)
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["scenario"]


@pytest.mark.parametrize("command", ["resolve", "odds"])
@pytest.mark.parametrize("text", [DEEP, LONG_INT], ids=["deep", "long int"])
def test_cli_refuses_json_beyond_limits_with_exit_2(tmp_path: Path, command: str, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    done = cli(command, str(path))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    errors = json.loads(done.stderr)["errors"]
    assert [e["field"] for e in errors] == ["scenario"]


def test_cli_message_names_the_depth_limit(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    message = json.loads(cli("resolve", str(path)).stderr)["errors"][0]["message"]
    assert "nested too deeply" in message and str(jsonsafe.MAX_DEPTH) in message


def test_party_file_nested_5000_deep_is_refused_at_file() -> None:
    out = check_party('{"auspex_party": 1, "attackers": ' + "[" * 5000 + "]" * 5000 + "}")
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["file"]
    assert "Nested too deeply" in out["errors"][0]["message"]


def test_party_file_over_2_mb_is_refused_at_file() -> None:
    text = json.dumps({"auspex_party": 1, "attackers": [], "notes": "x" * (jsonsafe.MAX_BYTES + 1)})
    out = check_party(text)
    assert [e["field"] for e in out["errors"]] == ["file"]
    assert "Too large" in out["errors"][0]["message"]


@pytest.mark.parametrize("entry", ["handle", "odds", "check_party", "initiative"])
def test_every_bridge_entry_refuses_deep_json_as_invalid_not_error(entry: str) -> None:
    out = json.loads(getattr(bridge, entry)(DEEP))
    assert out["status"] == "invalid", out
    assert "Nested too deeply" in out["errors"][0]["message"]


def test_bridge_refuses_a_comparison_report_beyond_limits() -> None:
    out = bridge.respond_odds(json.dumps({**LASGUN, "dice": None}), "[" * 5000 + "]" * 5000)
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["compare"]


def test_run_refuses_a_dict_nested_5000_deep_at_scenario() -> None:
    out = run({**LASGUN, "x": _nested(5000)})
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["scenario"]


def test_run_refuses_a_5000_digit_die_without_raising() -> None:
    out = run({**LASGUN, "dice": [10**5000]})
    assert out["status"] == "invalid"
    assert not any("set_int_max_str_digits" in e["message"] for e in out["errors"])


def test_initiative_refuses_a_dict_nested_5000_deep() -> None:
    out = run_initiative({"system": "dh2", "combatants": _nested(5000), "seed": 1})
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["initiative"]


def test_depth_64_is_accepted_and_65_refused() -> None:
    jsonsafe.loads(json.dumps(_nested(63)), what="scenario")  # 63 arrays around the 1
    jsonsafe.check_value(_nested(63), what="scenario")
    jsonsafe.loads(json.dumps(_nested(64)), what="scenario")
    jsonsafe.check_value(_nested(64), what="scenario")
    with pytest.raises(ScenarioError, match="Nested too deeply"):
        jsonsafe.loads(json.dumps(_nested(65)), what="scenario")
    with pytest.raises(ScenarioError, match="Nested too deeply"):
        jsonsafe.check_value(_nested(65), what="scenario")


def test_brackets_and_digits_inside_strings_are_text() -> None:
    text = json.dumps({"name": "[" * 500 + "9" * 500 + '\\"{'})
    assert jsonsafe.loads(text, what="scenario") == json.loads(text)


def test_thirty_digits_accepted_thirty_one_refused() -> None:
    assert jsonsafe.loads("[" + "9" * 30 + "]", what="scenario") == [int("9" * 30)]
    with pytest.raises(ScenarioError, match="at most 30 digits"):
        jsonsafe.loads("[" + "9" * 31 + "]", what="scenario")
    with pytest.raises(ScenarioError, match="at most 30 digits"):
        jsonsafe.check_value([10**30], what="scenario")


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_are_refused(literal: str) -> None:
    with pytest.raises(ScenarioError, match="Not JSON"):
        jsonsafe.loads(f"[{literal}]", what="scenario")


def test_valid_scenario_resolves_the_same_through_run_text_and_run() -> None:
    assert run_text(json.dumps(LASGUN)) == run(LASGUN)


@pytest.mark.parametrize("big", [1e300, "9" * 5000, "9" * 31], ids=["1e300", "5000-digit string", "31-digit string"])
def test_a_plain_large_number_in_an_int_field_says_so_in_plain_words(big: object) -> None:
    data = json.loads(json.dumps(LASGUN))
    data["attacker"]["characteristics"]["BS"] = big
    out = run(data)
    assert [e["field"] for e in out["errors"]] == ["attacker.characteristics.BS"]
    message = out["errors"][0]["message"]
    assert "Unable to parse" not in message and "set_int_max_str_digits" not in message
    assert "large" in message or "at most" in message.lower() or message == "A whole number from 0 to 100"
