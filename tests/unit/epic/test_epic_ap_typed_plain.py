"""Epic to-hit values typed without a datasheet's "+": seed 002 (Roll to Hit) hits on a d6 equal
or under the value, so "AP4" hits on 1-4 (4 in 6, 67%), while a datasheet's "AP4+" hits on 4, 5
or 6 (3 in 6, 50%) and is read as AP3. A player copying "AP4+" without its "+" would get 67%
silently: the resolution says how "AP4" was read and what "AP4+" would be."""

from __future__ import annotations

from epic_scenarios import infantry, resolve, scenario, shooter


def notes(res: dict[str, object]) -> list[str]:
    return [s["detail"] for s in res["steps"] if s["rule"] == "Datasheet notation"]  # type: ignore[attr-defined,index]


def test_ap4_typed_without_a_plus_is_read_as_the_seeds_ap4_and_the_step_says_so() -> None:
    # AP4: a d6 of 1-4 hits; the die 4 hits (read as a datasheet's AP4+, that is AP3, it would miss)
    res = resolve(scenario([shooter("Heavy bolter 30 AP4")], [infantry("Guard")], dice=[4]))
    assert [(g["kind"], g["value"], g["hits"]) for g in res["to_hit"]] == [("AP", 4, 1)]
    said = notes(res)
    assert len(said) == 1
    assert "Heavy bolter AP4" in said[0] and "1-4, 4 in 6" in said[0]
    assert "AP4+" in said[0] and "AP3" in said[0]


def test_ap4_plus_gets_only_its_conversion_and_a_dict_value_no_warning() -> None:
    res = resolve(scenario([shooter("Heavy bolter 30 AP4+")], [infantry("Guard")], dice=[3]))
    assert notes(res) == [
        "Squad's Heavy bolter AP4+: a datasheet's 4+ hits on 4-6, 3 in 6; here a d6 hits equal or under: AP3 (1-3)."
    ]
    given = [{"name": "Heavy bolter", "range": 30, "AP": 4}]  # a number in a file: the seed's value
    assert notes(resolve(scenario([shooter(given)], [infantry("Guard")], dice=[3]))) == []
