"""The group's Psychic Phenomena and Perils of the Warp tables (rules.critical.psychic) and their
reading where a Focus Power test calls for Phenomena (rules.d100.stages.psychic).

DH2 Core, Ch. VI, Psychic Strength and Psychic Phenomena: an Unfettered power rolling doubles on
its Focus Power test, and every Pushed power, calls for a roll on the Psychic Phenomena table; a
result of that table may lead on to the Perils of the Warp table (its own d100). Deathwatch: DW
Core, Ch. VI, the same calls. The tables' words are the group's: no book prose ships.

Hand count of the attack (as tests/unit/dh2/test_dh2_psychic.py): WP 45, the power's +10: 55. A d100
of 34 passes (no doubles), 33 passes with doubles; the power's d10 8 + 3 = 11 damage. The group's
d100s come after those two dice, in the order the tables are read.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from dh2_scenarios import errors_of, purposes, resolve_ok, scenario
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.critical.check import check_tables, tables_text
from rules.critical.models import Effect, PerilsTable, PhenomenaRow, PhenomenaTable, PsychicRow, TablesFile
from rules.critical.text import TablesTextError, format_text, parse_text

BOLT = {"name": "Psychic Bolt", "class": "Pistol", "range": 30, "damage": "1d10+3", "damage_type": "E", "pen": 4}

TEXT = """Energy, Body, 3: Winded [prone]
Phenomena, 01-05: The lights flicker
Phenomena, 71-75: A cold wind [fatigue 1]
phenomena, 76-00: The warp answers [stunned 1, roll on perils]
Perils, 01-05: Thrown down [stunned 1d5] [prone]
Perils of the Warp, 06-10: A tear in the air [WP damage 2d10]
"""


def _file(system: str = "dh2") -> dict[str, Any]:
    return parse_text(system, TEXT).model_dump(mode="json", exclude_none=True)


def _psychic(dice: list[int], system: str = "dh2", tables: bool = True, **focus: Any) -> dict[str, Any]:
    data = scenario(BOLT, action="Psychic Attack", dice=dice, armour={"Body": 6}, S=50)
    data["system"] = system
    data["attacker"]["characteristics"]["WP"] = 45
    data["attacker"]["psy_rating"] = 3
    data["action"]["psychic"] = {"power": "Psychic Bolt", "modifier": 10, **focus}
    if tables:
        f = _file(system)
        data["phenomena"], data["perils"] = f["phenomena"][0], f["perils"][0]
    return data


def _steps(res: dict[str, Any], rule: str) -> list[str]:
    return [s["detail"] for s in res["steps"] if s["rule"] == rule]


# ---------------------------------------------------------------------------------------------- the file


def test_pasted_psychic_rows_read_into_the_file_and_back() -> None:
    file = parse_text("dh2", TEXT)
    (ph,), (pe,) = file.phenomena, file.perils
    assert [(r.low, r.high, r.perils) for r in ph.rows] == [(1, 5, False), (71, 75, False), (76, 100, True)]
    assert ph.rows[2].text == "The warp answers"  # [perils] is the row's flag, not its words
    assert [e.kind for e in ph.rows[2].effects] == ["stunned"]
    assert [(r.low, r.high) for r in pe.rows] == [(1, 5), (6, 10)]
    assert pe.rows[1].effects[0].characteristic == "WP" and pe.rows[1].effects[0].dice == "2d10"
    written = format_text("dh2", file)
    assert "Phenomena, 76-100: The warp answers [stunned 1] [perils]\n" in written
    assert parse_text("dh2", written) == file
    assert TablesFile.model_validate(json.loads(file.model_dump_json())) == file  # the JSON round trip


_EFFECTS = st.sampled_from(
    [
        Effect(kind="stunned", amount=1),
        Effect(kind="stunned", dice="1d5"),
        Effect(kind="prone"),
        Effect(kind="fatigue", dice="2d10"),
        Effect(kind="characteristic", characteristic="WP", amount=3),
        Effect(kind="slain"),
    ]
)
_WORDS = st.text(alphabet="abcXYZ 019,.;:!?'-<>&", max_size=40).map(str.strip)


@st.composite
def _spans(draw: st.DrawFn) -> list[tuple[int, int]]:
    """Rows' spans in 1-100 that do not overlap: cut points drawn, every other gap kept."""
    cuts = sorted(draw(st.sets(st.integers(1, 100), min_size=1, max_size=12)))
    spans = [(low, high) for low, high in zip([1] + [c + 1 for c in cuts], cuts, strict=False) if low <= high]
    return [s for i, s in enumerate(spans) if draw(st.booleans()) or i == 0]


@st.composite
def _psychic_file(draw: st.DrawFn) -> TablesFile:
    def rows(leads: bool) -> list[Any]:
        out = []
        for low, high in draw(_spans()):
            fields = {"low": low, "high": high, "text": draw(_WORDS), "effects": draw(st.lists(_EFFECTS, max_size=3))}
            out.append(PhenomenaRow(**fields, perils=draw(st.booleans())) if leads else PsychicRow(**fields))
        return out

    return TablesFile(
        phenomena=[PhenomenaTable(system="dw", rows=rows(True))],
        perils=[PerilsTable(system="dw", rows=rows(False))] if draw(st.booleans()) else [],
    )


@settings(max_examples=100, deadline=None)
@given(_psychic_file())
def test_psychic_tables_round_trip_through_their_text_and_json(file: TablesFile) -> None:
    assert parse_text("dw", format_text("dw", file)) == file
    assert TablesFile.model_validate_json(file.model_dump_json()) == file


def test_a_file_without_psychic_tables_writes_as_before() -> None:
    file = parse_text("dh2", "Energy, Body, 3: Winded [prone]")
    assert "phenomena" not in file.model_dump() and "perils" not in file.model_dump()
    assert "Phenomena" not in format_text("dh2", file)


@pytest.mark.parametrize(
    ("line", "part", "words"),
    [
        ("Phenomena, 05-01: x", "rows", "span"),
        ("Perils, 01-05: x [perils]", "effects", "Perils row cannot"),
        ("Perils, 01-05: x [lost]", "effects", "hit location"),
        ("Phenomena, 01-05: x [hat]", "effects", "not an effect"),
        ("Phenomena 01-05 x", "line", "not a row"),
    ],
)
def test_bad_psychic_lines_are_refused_at_their_line(line: str, part: str, words: str) -> None:
    with pytest.raises(TablesTextError) as got:
        parse_text("dh2", "Energy, Body, 3: fine\n" + line)
    (error,) = got.value.errors
    assert (error["line"], error["field"]) == (2, part) and words in error["message"]


def test_overlapping_psychic_rows_are_refused_at_the_later_line() -> None:
    with pytest.raises(TablesTextError) as got:
        parse_text("dh2", "Phenomena, 01-10: a\nPerils, 01-10: b\nPhenomena, 10-20: c")
    assert got.value.errors == [{"line": 3, "field": "rows", "message": "Phenomena: 10-20 overlaps 01-10 (line 1)"}]


def test_tables_check_merges_and_replaces_the_psychic_tables() -> None:
    saved = json.dumps(_file())
    # pasted text is the whole ruleset: without Phenomena lines the saved Phenomena table is gone
    out = check_tables(json.dumps({"system": "dh2", "text": "Perils, 01-50: only this"}), saved)
    assert out["status"] == "ok" and "phenomena" not in out["file"]
    assert out["file"]["perils"][0]["rows"] == [{"low": 1, "high": 50, "text": "only this", "effects": []}]
    # a file merged in keeps what it does not bring
    dw = {"auspex_critical": 1, "phenomena": [{"system": "dw", "rows": [{"low": 1, "high": 100, "text": "x"}]}]}
    out = check_tables(json.dumps(dw), saved)
    assert [t["system"] for t in out["file"]["phenomena"]] == ["dh2", "dw"]
    assert [t["system"] for t in out["file"]["perils"]] == ["dh2"]


def test_tables_check_names_a_bad_psychic_row_in_the_file() -> None:
    bad = {"auspex_critical": 1, "perils": [{"system": "dh2", "rows": [{"low": 9, "high": 3}]}]}
    out = check_tables(json.dumps(bad))
    assert out["status"] == "invalid"
    (error,) = out["errors"]
    assert error["field"] == "perils.0.rows.0" and error["where"] == "Perils of the Warp (dh2), row entry 1"


def test_a_party_file_carries_the_psychic_tables_and_names_a_bad_row() -> None:
    from rules.party import check_party

    out = check_party(json.dumps({"auspex_party": 1, "critical_tables": _file()}))
    assert out["status"] == "ok" and out["party"]["critical_tables"]["phenomena"] == _file()["phenomena"]
    bad = _file()
    bad["phenomena"][0]["rows"][0]["high"] = 80  # 01-80 overlaps 71-75
    out = check_party(json.dumps({"auspex_party": 1, "critical_tables": bad}))
    assert out["status"] == "invalid"
    (error,) = out["errors"]
    assert error["field"] == "critical_tables.phenomena.0" and "overlap" in error["message"]
    assert error["where"] == "Critical tables, Psychic Phenomena (dh2)"


def test_the_blank_template_shows_the_psychic_line() -> None:
    assert "# Phenomena, LOW-HIGH:" in tables_text("dh2", blank=True)["text"]


# ---------------------------------------------------------------------------------------------- reading


def test_a_pushed_power_reads_the_groups_phenomena_row() -> None:
    # Push: Phenomena whatever the roll. 34 passes (55), d10 8; the Phenomena d100 72 reads 71-75
    res = resolve_ok(_psychic([34, 8, 72], strength="Push"))
    assert purposes(res) == [("to-hit d100", 100, 34), ("hit 1 damage d10", 10, 8), ("Psychic Phenomena d100", 100, 72)]
    assert res["phenomena"] == [
        {
            "table": "Psychic Phenomena",
            "roll": 72,
            "low": 71,
            "high": 75,
            "text": "A cold wind",
            "effects": [{"kind": "fatigue", "amount": 1, "dice": None, "characteristic": None}],
            "perils": False,
        }
    ]
    (detail,) = _steps(res, "Psychic Phenomena")[1:]
    assert '71-75: "A cold wind"' in detail and "Fatigue 1 level" in detail
    assert res["hits"][0]["damage"] == 11  # the attack itself is as without the tables


def test_unfettered_doubles_read_the_row_and_perils_leads_on() -> None:
    # 33: doubles, Unfettered -> Phenomena d100 80 (76-100, [stunned 1] [perils]) -> Perils d100 03
    # (01-05, [stunned 1d5] [prone]) -> its d5 from a d10 of 4: (4 + 1) // 2 = 2 rounds
    res = resolve_ok(_psychic([33, 8, 80, 3, 4]))
    assert [p for p, _, _ in purposes(res)][2:] == [
        "Psychic Phenomena d100",
        "Perils of the Warp d100",
        "Perils of the Warp effect: stunned rounds (d5: d10 halved, rounding up)",
    ]
    ph, pe = res["phenomena"]
    assert (ph["low"], ph["high"], ph["perils"]) == (76, 100, True)
    assert (pe["table"], pe["roll"], pe["text"]) == ("Perils of the Warp", 3, "Thrown down")
    assert [(e["kind"], e["amount"]) for e in pe["effects"]] == [("stunned", 2), ("prone", None)]
    assert "Stunned 2 rounds (1d5)" in _steps(res, "Perils of the Warp")[0]


def test_perils_without_the_groups_perils_table_names_it_and_rolls_nothing() -> None:
    data = _psychic([33, 8, 90])
    del data["perils"]
    res = resolve_ok(data)
    assert len(res["dice"]) == 3 and len(res["phenomena"]) == 1
    (detail,) = _steps(res, "Perils of the Warp")
    assert "the GM rolls on it" in detail


def test_a_result_the_group_has_not_entered_names_the_books_table() -> None:
    res = resolve_ok(_psychic([33, 8, 40]))
    assert res["phenomena"] == [
        {
            "table": "Psychic Phenomena",
            "roll": 40,
            "low": None,
            "high": None,
            "text": "",
            "effects": [],
            "perils": False,
        }
    ]
    assert "entered no row" in _steps(res, "Psychic Phenomena")[1]


def test_no_phenomena_no_roll_even_with_the_tables() -> None:
    res = resolve_ok(_psychic([34, 8]))  # Unfettered, no doubles
    assert len(res["dice"]) == 2 and "phenomena" not in res
    res = resolve_ok(_psychic([33, 8], strength="Fettered"))
    assert len(res["dice"]) == 2 and "phenomena" not in res


def test_without_the_tables_the_step_names_the_table_as_before() -> None:
    res = resolve_ok(_psychic([33, 8], tables=False))
    assert len(res["dice"]) == 2 and "phenomena" not in res
    (detail,) = _steps(res, "Psychic Phenomena")
    assert "the GM rolls on the Psychic Phenomena table (DH2 Core, Ch. VI)" in detail
    assert "Neither table is resolved here" in detail


def test_deathwatch_doubles_read_its_own_table() -> None:
    res = resolve_ok(_psychic([33, 8, 3], system="dw"))
    assert res["phenomena"][0]["text"] == "The lights flicker"
    src = next(s["source"] for s in res["steps"] if s["rule"] == "Psychic Phenomena")
    assert src.startswith("DW Core, Ch. VI")


def test_a_table_of_another_ruleset_is_refused() -> None:
    data = _psychic([33, 8])
    data["phenomena"]["system"] = "dw"
    assert "reads only dh2 tables" in errors_of(data)["phenomena.system"]


# ---------------------------------------------------------------------------------------------- encounter


def _tables_event(system: str = "dh2") -> dict[str, Any]:
    f = _file(system)
    return {"type": "critical_tables", "tables": f["tables"], "phenomena": f["phenomena"][0], "perils": f["perils"][0]}


def test_a_phenomena_row_in_an_encounter_is_applied_to_the_psyker() -> None:
    # Push: 34 passes (55), Body, d10 8 + 3 = 11 - TB 3 = 8 on the Cultist; Phenomena d100 80
    # (76-100: [stunned 1] [perils]) -> Perils d100 04 (01-05: [stunned 1d5] [prone], d10 6 -> 3 rounds):
    # the psyker Stunned 3 (the longer stands over 1) and Prone
    from encounter_helpers import dh2_fight

    psyker = {"name": "Psyker", "psy_rating": 3, "characteristics": {"WP": 45, "Ag": 35}, "weapon": BOLT}
    f = dh2_fight(guard=psyker)
    f.do(_tables_event())
    action = {
        "type": "Psychic Attack",
        "distance": 20,
        "psychic": {"power": "Psychic Bolt", "modifier": 10, "strength": "Push"},
    }
    out = f.do(
        {"type": "attack", "who": "g", "at": "c", "action": action, "dice": [34, 8, 80, 4, 6], "reaction": False}
    )
    assert [r["roll"] for r in out["resolution"]["phenomena"]] == [80, 4]
    assert f.who("c")["damage_taken"] == 8
    g = f.who("g")
    assert [(r["table"], r["low"], r["high"]) for r in g["psychic_rows"]] == [
        ("Psychic Phenomena", 76, 100),
        ("Perils of the Warp", 1, 5),
    ]
    conditions = {c["name"]: c.get("rounds") for c in g["conditions"]}
    assert conditions.get("Stunned") == 3 and "Prone" in conditions


def test_an_encounter_without_the_psychic_tables_reads_none() -> None:
    from encounter_helpers import dh2_fight

    psyker = {"name": "Psyker", "psy_rating": 3, "characteristics": {"WP": 45, "Ag": 35}, "weapon": BOLT}
    f = dh2_fight(guard=psyker)
    action = {"type": "Psychic Attack", "distance": 20, "psychic": {"power": "Psychic Bolt", "strength": "Push"}}
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": action, "dice": [34, 8], "reaction": False})
    assert "phenomena" not in out["resolution"] and "psychic_rows" not in f.who("g")


def test_dh1_focus_power_nine_reads_the_groups_phenomena_row() -> None:
    # DH1 Core, Ch. VI: 4 + 9 + WP Bonus 4 = 17 against 15, the 9 calls Phenomena; its d100 73 reads
    # 71-75 (A cold wind [fatigue 1]): the psyker takes 1 level of Fatigue
    from encounter_helpers import GUARD, dh2_fight

    psyker = {**GUARD, "characteristics": {"WS": 30, "BS": 40, "Ag": 35, "WP": 42}}
    f = dh2_fight(guard=psyker, system="dh1")
    f.do(_tables_event("dh1"))
    event = {"type": "test", "who": "g", "test": "focus_power", "skill": "Smite", "psy_dice": 2, "threshold": 15}
    out = f.do({**event, "cost": "half", "dice": [4, 9, 73]})
    assert [s["rule"] for s in out["steps"]] == ["Focus Power (Smite)", "Psychic Phenomena"]
    assert out["steps"][1]["source"].startswith("DH1 Core, Ch. VI, Psychic Phenomena")
    assert f.who("g")["fatigue"] == 1 and f.who("g")["psychic_rows"][0]["text"] == "A cold wind"


def test_dh1_focus_power_without_a_nine_reads_nothing() -> None:
    from encounter_helpers import GUARD, dh2_fight

    psyker = {**GUARD, "characteristics": {"WS": 30, "BS": 40, "Ag": 35, "WP": 42}}
    f = dh2_fight(guard=psyker, system="dh1")
    f.do(_tables_event("dh1"))
    event = {"type": "test", "who": "g", "test": "focus_power", "skill": "Smite", "psy_dice": 2, "threshold": 15}
    out = f.do({**event, "cost": "half", "dice": [4, 8]})
    assert len(out["steps"]) == 1 and "psychic_rows" not in f.who("g")


def test_a_psychic_table_of_another_ruleset_is_refused_by_the_encounter() -> None:
    from encounter_helpers import dh2_fight

    f = dh2_fight()
    event = _tables_event()
    event["perils"] = {**event["perils"], "system": "dw"}
    assert f.refused(event)[0]["field"] == "then.perils.system"


# ---------------------------------------------------------------------------------------------- CLI


def test_cli_tables_check_validates_the_psychic_tables(tmp_path: Any) -> None:
    from run_helpers import cli

    path = tmp_path / "t.txt"
    path.write_text(TEXT)
    ok = cli("tables", "check", str(path), "--system", "dh2")
    assert ok.returncode == 0, ok.stderr
    file = json.loads(ok.stdout)
    assert [r["perils"] for r in file["phenomena"][0]["rows"]] == [False, False, True]
    assert cli("tables", "check", "-", stdin=json.dumps(file)).returncode == 0  # the file as JSON, again
    path.write_text(TEXT + "Perils, 05: overlaps 01-05\n")
    bad = cli("tables", "check", str(path), "--system", "dh2")
    assert bad.returncode == 2
    assert json.loads(bad.stderr)["errors"][0] == {
        "field": "text",
        "line": 7,
        "part": "rows",
        "where": "Line 7",
        "message": "Perils: 05 overlaps 01-05 (line 5)",
    }
    file["perils"][0]["rows"][0]["effects"] = [{"kind": "useless"}]
    bad = cli("tables", "check", "-", stdin=json.dumps(file))
    assert bad.returncode == 2 and json.loads(bad.stderr)["errors"][0]["field"] == "perils.0.rows.0"


# ---------------------------------------------------------------------------------------------- the page's HTML


def test_the_result_shows_the_rows_read_escaped() -> None:
    from auspex_web.render import render_d100

    data = _psychic([33, 8, 80, 3, 4])
    data["phenomena"]["rows"][2]["text"] = "The <b>warp</b> answers"
    html = render_d100(resolve_ok(data))
    assert "Psychic Phenomena: 80, row 76-100" in html and "Perils of the Warp: 03, row 01-05" in html
    assert "The &lt;b&gt;warp&lt;/b&gt; answers" in html and "<b>warp" not in html
    assert "Stunned 2 rounds (1d5)" in html and "leads on to Perils of the Warp" in html
    assert 'data-k="phenomena"' not in render_d100(resolve_ok(_psychic([33, 8], tables=False)))


def test_the_psykers_card_lists_its_psychic_rows() -> None:
    from auspex_web.render_encounter import psychic_rows_text

    rows = [
        {"table": "Psychic Phenomena", "roll": 80, "low": 76, "high": 100, "text": "<i>x</i>", "effects": []},
        {"table": "Perils of the Warp", "roll": 7, "text": "", "effects": []},
    ]
    html = psychic_rows_text(rows)
    assert "Psychic Phenomena 80, row 76-100" in html and "&lt;i&gt;x" in html
    assert "Perils of the Warp 07, not entered" in html
    assert psychic_rows_text([]) == ""


def test_a_share_links_own_psychic_tables_are_not_read_in_the_shared_roll() -> None:
    # The tables are the device's, never a link's: a hand-made link carrying the group's Phenomena
    # table is resolved as without it. Pushed: 34 passes, d10 8; with its own table the d100 72
    # reads 71-75; shared, the step only names the book's table and no third die is asked for.
    import json

    from auspex_web import bridge

    link = _psychic([34, 8, 72], strength="Push")
    own = json.loads(bridge.handle(json.dumps(link)))
    assert own["status"] == "ok" and own["resolution"]["phenomena"][0]["low"] == 71
    shared = json.loads(bridge.handle(json.dumps(link), False, True))
    assert shared["status"] == "ok" and "phenomena" not in shared["resolution"]
    assert "A cold wind" not in shared["html"]


def test_a_psychic_row_the_text_form_cannot_write_back_is_refused_at_import() -> None:
    # Words ending in a bracketed group would read back as an effect, and a line break as another
    # line: the file is refused at that row's text, as a critical row's is.
    for words in ("Knocked down [slain]", "Limps\nPerils, 01-05: [slain]"):
        bad = {"auspex_critical": 1, "perils": [{"system": "dh2", "rows": [{"low": 1, "high": 5, "text": words}]}]}
        out = check_tables(json.dumps(bad))
        assert out["status"] == "invalid", words
        assert [e["field"] for e in out["errors"]] == ["perils.0.rows.0.text"]


def test_a_phenomena_rows_perils_flag_may_be_true() -> None:
    # The one flag of a tables file: anywhere else true is refused (a whole number read as 1).
    out = check_tables(json.dumps(_file()))
    assert out["status"] == "ok" and [r["perils"] for r in out["file"]["phenomena"][0]["rows"]][-1] is True
    bad = {**_file(), "auspex_critical": True}
    assert check_tables(json.dumps(bad))["status"] == "invalid"
