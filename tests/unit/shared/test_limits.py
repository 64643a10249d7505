"""Bounded input ("Safe at the table"): a share link of a few hundred characters cannot
freeze the page. Counts and lengths are refused at their field (rules/limits.py), every parser of
typed text answers 100 KB of adversarial input in linear time, a lone surrogate or a control
character is refused at its field, and pydantic's messages are in the field's words."""

from __future__ import annotations

import contextlib
import copy
import json
import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_fuzz import unreadable

from rules import jsonsafe, limits, run
from rules.api import run_text
from rules.d100.models import RateOfFire, _split_qualities
from rules.d100.tables import parse_quality
from rules.dice import DiceExpression
from rules.epic.models import parse_weapons
from rules.initiative import run_initiative
from rules.party import check_party
from rules.wh40krp.models import DamageChart, _modes

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
CPU_BOUND = 0.05  # seconds of CPU for 100 KB: a quadratic parser takes seconds, a linear one ~1 ms


def example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text())
    return data


def horde_shot(qualities: list[str]) -> dict[str, Any]:
    """The Deathwatch example's bolter, one seeded shot at the Horde, with ``qualities``."""
    data = example("dw-bolter-horde.json")
    data.pop("dice")
    data["seed"] = 1
    data["action"] = {"type": "Standard Attack", "distance": 30}
    data["attacker"]["weapon"]["qualities"] = qualities
    return data


def errors(out: dict[str, Any]) -> dict[str, str]:
    assert out["status"] == "invalid", out
    return {e["field"]: e["message"] for e in out["errors"]}


def cpu(call: Callable[[], object]) -> float:
    """CPU seconds ``call`` takes; a ValueError (a parser's refusal) is an answer too."""
    start = time.process_time()
    with contextlib.suppress(ValueError):
        call()
    return time.process_time() - start


# -- counts -------------------------------------------------------------------------------------


@pytest.mark.parametrize("x", [30000, 3000000])
def test_a_blast_x_over_the_limit_is_refused_at_the_quality(x: int) -> None:
    found = errors(run(horde_shot([f"Blast ({x})"])))
    assert f"X is at most {limits.QUALITY_VALUE}" in found["attacker.weapon.qualities.0"]


def test_a_blast_x_over_the_limit_typed_as_text_is_refused_at_the_quality() -> None:
    found = errors(run(horde_shot("Tearing, Blast (30000)")))  # type: ignore[arg-type]
    assert f"X is at most {limits.QUALITY_VALUE}" in found["attacker.weapon.qualities.1"]


def test_a_blast_x_at_the_limit_still_resolves() -> None:
    out = run(horde_shot([f"Blast ({limits.QUALITY_VALUE})"]))
    assert out["status"] == "ok", out


def test_a_rate_of_fire_over_the_limit_is_refused_at_the_field() -> None:
    data = example("dw-bolter-horde.json")
    data["attacker"]["weapon"]["rof"] = "S/2/100000000000"
    found = errors(run(data))
    assert found["attacker.weapon.rof"].endswith(f"a burst is at most {limits.ROF} rounds")


def test_the_largest_legal_attack_resolves_in_well_under_a_second() -> None:
    """Every count at its limit: a full-auto burst of the most rounds, Storm and Twin-Linked,
    Blast at its largest X, into the largest Horde, with the most damage dice. The limits exist so
    this stays fast; 2 s of CPU is a generous bound for a loaded 2-core machine (measured: ~0.1 s)."""
    data = horde_shot(
        [f"Blast ({limits.QUALITY_VALUE})", "Storm", "Twin-Linked", f"Devastating ({limits.QUALITY_VALUE})"]
    )
    data["attacker"]["characteristics"]["BS"] = 100
    data["attacker"]["weapon"].update(rof=f"S/{limits.ROF}/{limits.ROF}", clip=limits.CLIP, damage="20d10+50")
    data["target"]["horde"]["magnitude"] = limits.MAGNITUDE
    data["action"] = {"type": "Full Auto Burst", "distance": 3, "aim": "full"}
    start = time.process_time()
    out = run(data)
    spent = time.process_time() - start
    assert out["status"] == "ok", out
    assert out["resolution"]["horde"]["hits"] > 500
    assert spent < 2.0, spent


# -- lengths and linear parsers -----------------------------------------------------------------


def test_a_damage_of_60000_spaces_and_an_x_is_refused_at_once() -> None:
    data = example("dw-bolter-horde.json")
    data["attacker"]["weapon"]["damage"] = " " * 60000 + "x"
    spent = cpu(lambda: errors(run(data)))
    assert "attacker.weapon.damage" in errors(run(data))
    assert spent < CPU_BOUND, spent


@pytest.mark.parametrize(("repeats", "most"), [(6000, limits.TEXT_LENGTH), (1000, limits.EPIC_WEAPONS_LENGTH)])
def test_an_epic_weapon_text_of_thousands_of_aps_is_refused_at_the_field(repeats: int, most: int) -> None:
    data = example("epic-tactical-shooting.json")
    data["attacker"]["units"][0]["weapons"] = "Gun 30 " + "ap 1 " * repeats + "zz"
    spent = cpu(lambda: run(data))
    assert errors(run(data)) == {"attacker.units.0.weapons": f"Too long (at most {most} characters)"}
    assert spent < CPU_BOUND, spent


# Each case builds its input from a size n (100 KB at n = 100_000) and returns the parse to time.
ADVERSARIAL: list[tuple[str, Callable[[int], Callable[[], object]]]] = [
    ("damage: spaces then x", lambda n: lambda: DiceExpression.parse(" " * n + "x")),
    ("damage: a digit, spaces, x", lambda n: lambda: DiceExpression.parse("1" + " " * n + "x")),
    (
        "damage: 1d10, spaces, +, spaces, x",
        lambda n: lambda: DiceExpression.parse("1d10" + " " * (n // 2) + "+" + " " * (n // 2) + "x"),
    ),
    ("damage: 100 KB of digits", lambda n: lambda: DiceExpression.parse("1" * n + "d10")),
    ("rof: 100 KB of digits", lambda n: lambda: RateOfFire.parse("S/" + "9" * n + "/-")),
    ("rof: spaces", lambda n: lambda: RateOfFire.parse("S" + " " * n + "x")),
    ("quality: a letter, spaces, x", lambda n: lambda: parse_quality("a" + " " * n + "x!")),
    ("quality: words and spaces", lambda n: lambda: parse_quality("a " * (n // 2) + "(")),
    ("quality: 100 KB of digits", lambda n: lambda: parse_quality("Blast (" + "9" * n + ")")),
    ("qualities text", lambda n: lambda: _split_qualities("Tearing, " * (n // 9))),
    ("epic: ap 1 x 25000", lambda n: lambda: parse_weapons("Gun 30 " + "ap 1 " * (n // 4) + "zz")),
    ("epic: numbers", lambda n: lambda: parse_weapons("Gun " + "30 " * (n // 3) + "zz")),
    ("epic: big digits", lambda n: lambda: parse_weapons("Gun " + "9" * n + " AP4")),
    ("chart: one row of spaces", lambda n: lambda: DamageChart.parse_rows("1" + " " * n + "x")),
    ("chart: many rows", lambda n: lambda: DamageChart.parse_rows("01-20: Flesh wound\n" * (n // 19))),
    ("chart: dashes and spaces", lambda n: lambda: DamageChart.parse_rows("1 " + "- " * (n // 2))),
    ("fire modes", lambda n: lambda: _modes("S/" * (n // 2))),
    ("unshowable characters", lambda n: lambda: jsonsafe.text_errors({"a": ["x" * n, " " * n + "\ud800"]})),
]


@pytest.mark.parametrize(("case", "build"), ADVERSARIAL, ids=[c for c, _ in ADVERSARIAL])
def test_every_parser_answers_100_kb_of_adversarial_input_in_linear_time(
    case: str, build: Callable[[int], Callable[[], object]]
) -> None:
    """Under 50 ms of CPU for 100 KB; where a parser's constant is higher (Epic's, a Python loop
    per word), at most 30 times its time on a tenth of the input (linear: ~10 times; quadratic:
    ~100). The best of three runs, so a busy machine's pause is not counted."""
    big, small = build(100_000), build(10_000)
    spent = min(cpu(big) for _ in range(3))
    baseline = min(cpu(small) for _ in range(3))
    assert spent < CPU_BOUND or spent < 30 * baseline, (case, spent, baseline)


def test_a_parser_error_quotes_a_huge_input_shortened() -> None:
    with pytest.raises(ValueError) as info:
        DiceExpression.parse("x" * 100_000)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("attacker", "weapon", "damage_type"), "1" * 5000),
        (("attacker", "units", 0, "weapons"), "Gun 30 AP" + "4" * 500 + "+"),
    ],
)
def test_a_message_about_a_long_text_quotes_it_shortened(path: tuple[str | int, ...], value: str) -> None:
    data = example("epic-tactical-shooting.json" if "units" in path else "lasgun.json")
    found = errors(run(_set(data, path, value)))
    message = found[".".join(map(str, path))]
    assert len(message) < 200 and not unreadable(message), message


# -- characters a page cannot show ----------------------------------------------------------------


def _strings(value: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    if isinstance(value, str):
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _strings(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _strings(v, (*path, i))]
    return []


def _set(data: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    data = copy.deepcopy(data)
    at: Any = data
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return data


def _with(data: dict[str, Any], path: tuple[str | int, ...], suffix: str) -> dict[str, Any]:
    data = copy.deepcopy(data)
    at: Any = data
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] += suffix
    return data


EXAMPLE_NAMES = sorted(p.name for p in EXAMPLES.glob("*.json"))


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
@pytest.mark.parametrize("bad", ["\ud800", "\x00", "\x1b", "\x85"])
def test_every_text_field_refuses_a_character_that_cannot_be_shown(name: str, bad: str) -> None:
    data = example(name)
    for path in _strings(data):
        field = ".".join(map(str, path))
        found = errors(run(_with(data, path, bad)))
        assert found == {field: f"Contains a character that cannot be shown (U+{ord(bad):04X}): retype it"}, field


def test_a_key_with_a_lone_surrogate_is_refused_at_its_object() -> None:
    data = example("lasgun.json")
    data["target"]["armour"] = {"Head\ud800": 3}
    assert errors(run(data)) == {
        "target.armour": "A field name contains a character that cannot be shown (U+D800): retype it"
    }


def test_tabs_and_new_lines_are_allowed_in_text() -> None:
    data = example("lasgun.json")
    data["attacker"]["name"] = "Trooper\tVance"
    assert run(data)["status"] == "ok"


def test_json_text_with_an_escaped_lone_surrogate_is_refused_at_the_field() -> None:
    text = json.dumps(example("lasgun.json")).replace('"name": "', '"name": "\\ud800', 1)
    found = errors(run_text(text))
    assert list(found) == ["attacker.name"]


def test_a_party_name_with_a_lone_surrogate_is_refused_at_the_name() -> None:
    party = {"auspex_party": 1, "attackers": [{"name": "Vance\ud800", "system": "dh2", "data": {}}]}
    out = check_party(json.dumps(party))
    assert out["status"] == "invalid"
    assert [(e["field"], e["where"]) for e in out["errors"]] == [
        ("attackers.0.name", "Attacker 1 (Dark Heresy 2nd edition), name")
    ]
    assert "U+D800" in out["errors"][0]["message"]


def test_an_initiative_name_with_a_control_character_is_refused_at_the_name() -> None:
    answer = run_initiative({"system": "dh2", "combatants": [{"name": "A"}, {"name": "B\x07"}], "seed": 1})
    assert answer == {
        "status": "invalid",
        "errors": [
            {"field": "combatants.1.name", "message": "Contains a character that cannot be shown (U+0007): retype it"}
        ],
    }


# -- messages in the field's words ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("action", "distance"), math.nan, "Must be a number"),
        (("action", "distance"), math.inf, "Must be a number"),
        (("action", "distance"), 1e9, "A number from 0 m to 100,000 m"),
        (("action", "distance"), -1, "A number from 0 m to 100,000 m"),
        (("attacker", "characteristics", "BS"), math.nan, "Must be a number"),
        (("attacker", "characteristics", "BS"), {"a": 1}, "A whole number from 0 to 100"),
        (("attacker", "characteristics", "BS"), "lots", "A whole number from 0 to 100"),
        (("attacker", "characteristics", "BS"), 4.5, "A whole number from 0 to 100"),
        (("attacker", "weapon", "damage"), 7, "Must be text"),
        (("attacker", "weapon"), [], "Must be a group of fields (a JSON object, {...})"),
        (("action", "modifiers"), "Fog", "Must be a list ([...])"),
        (("target", "armed"), "perhaps", "Must be true or false"),
        (
            ("attacker", "weapon", "class"),
            "Laser",
            "Must be one of 'Melee', 'Unarmed', 'Pistol', 'Basic', 'Heavy', 'Thrown' or 'Mounted'",
        ),
    ],
)
def test_a_pydantic_error_reads_in_the_fields_words(path: tuple[str, ...], value: object, message: str) -> None:
    data = example("lasgun.json")
    at: Any = data
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    found = errors(run(data))
    field = ".".join(path)
    assert found[field] == message
    assert not unreadable(found[field])
