"""render_odds.py on CPython: odds reports in (hand-made, and the engine's for every ruleset's
example), the Odds panel's HTML out: headline figures, the chart's bars on a scale, the tables,
the notes, an estimate's bounds, and A and B side by side on one scale."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from auspex_web.render_odds import SHOWN, chart_scale, percent, render_odds

from rules.odds import odds as odds_of
from rules.odds import run_odds

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
HOSTILE = "<script>alert(1)</script>"


def chance(p: float, exact: str, low: float | None = None, high: float | None = None) -> dict[str, Any]:
    return {"p": p, "exact": exact, "low": low, "high": high}


def bar(value: int, p: str, at_least: str, label: str | None = None) -> dict[str, Any]:
    num, den = (int(x) for x in p.split("/"))
    lnum, lden = (int(x) for x in at_least.split("/"))
    return {
        "value": value,
        "label": label if label is not None else str(value),
        "p": chance(num / den, p),
        "at_least": chance(lnum / lden, at_least),
    }


def report(**changes: Any) -> dict[str, Any]:
    """A lasgun's Standard Attack: hits 9/20; 0, 1 or 2 wounds (11/20, 1/4, 1/5)."""
    base: dict[str, Any] = {
        "system": "dh2",
        "attacker": "Guardsman",
        "target": "Cultist",
        "action": "Standard Attack with the Lasgun",
        "exact": True,
        "sample": None,
        "headline": [
            {"key": "hit", "label": "Hits the target", "chance": chance(0.45, "9/20"), "value": None},
            {"key": "wounds", "label": "Expected wounds", "chance": None, "value": 0.65},
        ],
        "chart": {
            "measure": "wounds",
            "bars": [bar(0, "11/20", "1/1"), bar(1, "1/4", "9/20"), bar(2, "1/5", "1/5")],
            "mean": 0.65,
            "sd": 0.796,
        },
        "degrees": [bar(-2, "11/20", "1/1"), bar(0, "1/4", "9/20"), bar(3, "1/5", "1/5")],
        "hits": [bar(0, "11/20", "1/1"), bar(1, "9/20", "9/20")],
        "locations": [{"location": "Body", "hit": chance(0.135, "27/200"), "mean_hits": 0.135}],
        "shots": [],
        "notes": ["Exact: every outcome of the dice, walked through the resolver's own rules."],
    }
    return {**base, **changes}


def ks(html: str, key: str) -> list[str]:
    """The text of the elements marked data-k=key (their first text, after any opening tags), unescaped."""
    return [unescape(t) for t in re.findall(rf'data-k="{key}"[^>]*>(?:<[^>]+>)*([^<]*)<', html)]


def attr(html: str, key: str, name: str) -> list[str]:
    """Attribute ``name`` of each element marked data-k=key."""
    return re.findall(rf'<[^>]*data-k="{key}"[^>]*?\s{name}="([^"]*)"', html) or re.findall(
        rf'<[^>]*\s{name}="([^"]*)"[^>]*data-k="{key}"', html
    )


def widths(html: str) -> list[str]:
    return re.findall(r'class="fill" data-width="([\d.]+)"', html)


# ---------------------------------------------------------------------------------------- figures


@pytest.mark.parametrize(
    ("p", "text"),
    [(0.45, "45.0%"), (0.0, "0.0%"), (1.0, "100.0%"), (0.0004, "<0.1%"), (0.9996, ">99.9%"), (0.0625, "6.2%")],
)
def test_a_chance_reads_as_a_percentage_with_one_decimal(p: float, text: str) -> None:
    assert percent(p) == text


def test_headline_figures_percent_with_the_exact_fraction_as_title_and_means_with_two_decimals() -> None:
    html = render_odds(report())
    assert ks(html, "odds-hit") == ["45.0%"]
    assert attr(html, "odds-hit", "title") == ["exactly 9/20"]
    assert ks(html, "odds-wounds") == ["0.65"]
    assert ks(html, "odds-action") == ["Standard Attack with the Lasgun"]
    assert ks(html, "odds-exact") == ["exact"]
    assert "<dt>Hits the target</dt>" in html
    assert "odds-delta" not in html  # nothing to compare with
    assert "\u2248" not in html


def test_an_estimate_is_marked_and_shows_its_bounds() -> None:
    est = chance(0.38575, "1543/4000", 0.3707812414361516, 0.4009)
    odds = report(
        exact=False,
        sample=4000,
        headline=[
            {"key": "hit", "label": "At least one hit", "chance": est, "value": None},
            {"key": "penetrating", "label": "Expected penetrating hits", "chance": None, "value": 0.2215},
        ],
    )
    html = render_odds(odds)
    assert ks(html, "odds-hit") == ["\u224838.6%"]
    assert ks(html, "odds-hit-bounds") == ["95%: 37.1%\u201340.1%"]
    assert attr(html, "odds-hit", "title") == ["estimated: 1543 of 4000 resolutions; 95% bounds 37.1%\u201340.1%"]
    assert ks(html, "odds-penetrating") == ["\u22480.22"]
    assert ks(html, "odds-exact") == ["estimated from 4000 resolutions"]
    assert ks(html, "odds-mean") == ["\u22480.65"]


# ---------------------------------------------------------------------------------------- chart


def test_each_bar_is_as_wide_as_its_chance_over_the_highest_and_says_its_numbers() -> None:
    html = render_odds(report())
    assert ks(html, "odds-bar-label") == ["0", "1", "2"]
    assert ks(html, "odds-bar-p") == ["55.0%", "25.0%", "20.0%"]
    assert ks(html, "odds-bar-at-least") == ["at least 0: 100.0%", "at least 1: 45.0%", "at least 2: 20.0%"]
    assert attr(html, "odds-bar-p", "title") == ["exactly 11/20", "exactly 1/4", "exactly 1/5"]
    # 11/20 is the highest: full width; 1/4 is 5/11 of it, 1/5 is 4/11
    assert widths(html) == ["100.00", "45.45", "36.36"]
    assert attr(html, "odds-chart", "data-scale") == ["0.55"]
    assert ks(html, "odds-measure") == ["Wounds"]
    assert (ks(html, "odds-mean"), ks(html, "odds-sd")) == (["0.65"], ["0.80"])


def test_the_chart_as_a_table_and_the_other_tables_and_notes() -> None:
    html = render_odds(report())
    for key in ("odds-chart-table", "odds-locations", "odds-hits", "odds-degrees", "odds-notes"):
        assert f'data-k="{key}"' in html, key
    assert "odds-shots" not in html  # a d100 report has no shots
    table = html[html.index('data-k="odds-chart-table"') : html.index('data-k="odds-locations"')]
    assert re.findall(r'<th scope="row">([^<]*)</th>', table) == ["0", "1", "2"]
    assert '<span class="pct" title="exactly 9/20">45.0%</span>' in table  # at least 1
    degrees = html[html.index('data-k="odds-degrees"') :]
    assert re.findall(r'<th scope="row">([^<]*)</th>', degrees) == ["2 DoF", "0", "3 DoS"]
    assert "Exact: every outcome of the dice" in html


def test_tables_the_report_does_not_have_are_left_out() -> None:
    html = render_odds(report(degrees=[], hits=[], locations=[], notes=[]))
    assert 'data-k="odds-chart-table"' in html
    for key in ("odds-locations", "odds-hits", "odds-degrees", "odds-notes", "odds-shots"):
        assert f'data-k="{key}"' not in html, key


def test_the_fan_rulesets_shots_table() -> None:
    shot = {"number": 1, "fired": chance(1.0, "1/1"), "hit": chance(0.3, "3/10"), "penetrate": chance(0.15, "3/20")}
    html = render_odds(report(shots=[shot], locations=[], degrees=[]))
    table = html[html.index('data-k="odds-shots"') :]
    assert re.findall(r'class="pct"[^>]*>([^<]*)<', table)[:3] == ["100.0%", "30.0%", "15.0%"]


def test_names_and_texts_from_the_report_are_escaped() -> None:
    odds = report(
        attacker=HOSTILE,
        target=HOSTILE,
        action=HOSTILE,
        notes=[HOSTILE],
        locations=[{"location": HOSTILE, "hit": chance(0.1, "1/10"), "mean_hits": 0.1}],
    )
    odds["headline"] = [{**odds["headline"][0], "label": HOSTILE, "key": '"><x'}]
    odds["chart"] = {**odds["chart"], "measure": HOSTILE}
    for html in (render_odds(odds), render_odds(odds, odds)):
        assert "<script>" not in html
        assert '"><x' not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


# ---------------------------------------------------------------------------------------- compare


def test_compare_puts_a_and_b_side_by_side_headed_by_their_actions() -> None:
    b = report(action="Standard Attack with the Lasgun, aimed")
    html = render_odds(report(), b)
    assert 'class="odds-report compare"' in html
    assert ks(html, "odds-action") == [
        "A: Standard Attack with the Lasgun",
        "B: Standard Attack with the Lasgun, aimed",
    ]
    assert re.findall(r'data-side="([AB])"', html) == ["A", "B"]
    assert html.count('data-k="odds-chart"') == 2


def test_compare_draws_both_charts_on_one_scale_and_one_range() -> None:
    a = report()
    # B: more likely to hit, and up to 4 wounds; its highest bar (3/10) is lower than A's (11/20)
    b_bars = [bar(0, "3/10", "1/1"), bar(1, "1/5", "7/10"), bar(2, "1/5", "1/2"), bar(4, "3/10", "3/10")]
    b = report(chart={"measure": "wounds", "bars": b_bars, "mean": 1.8, "sd": 1.5})
    html = render_odds(a, b)
    assert attr(html, "odds-chart", "data-scale") == ["0.55", "0.55"]
    assert attr(html, "odds-chart", "data-low") == ["0", "0"]
    assert attr(html, "odds-chart", "data-high") == ["4", "4"]
    a_html, b_html = html.split('data-side="B"')
    # 3 has no chance on either side: not listed; A's 4 is, for B's 30%
    assert ks(a_html, "odds-bar-label") == ["0", "1", "2", "4"]
    assert ks(a_html, "odds-bar-p")[3:] == ["0.0%"]
    assert ks(a_html, "odds-bar-at-least")[3:] == ["at least 4: 0.0%"]
    assert widths(a_html) == ["100.00", "45.45", "36.36", "0.00"]
    assert ks(b_html, "odds-bar-p") == ["30.0%", "20.0%", "20.0%", "30.0%"]
    assert ks(b_html, "odds-bar-at-least")[3] == "at least 4: 30.0%"
    assert widths(b_html) == ["54.55", "36.36", "36.36", "54.55"]


def test_compare_past_a_capped_bar_says_it_is_counted_there() -> None:
    a = report(
        chart={"measure": "wounds", "bars": [bar(0, "1/2", "1/1"), bar(1, "1/2", "1/2", "1+")], "mean": 1, "sd": 1}
    )
    b = report()
    a_html = render_odds(a, b).split('data-side="B"')[0]
    assert ks(a_html, "odds-bar-label") == ["0", "1+", "2"]
    assert ks(a_html, "odds-bar-at-least")[2] == "counted in 1+"


def test_bs_figures_say_how_far_they_are_from_as() -> None:
    b = report(
        headline=[
            {"key": "hit", "label": "Hits the target", "chance": chance(0.65, "13/20"), "value": None},
            {"key": "wounds", "label": "Expected wounds", "chance": None, "value": 0.4},
            {"key": "new", "label": "Only in B", "chance": chance(0.1, "1/10"), "value": None},
        ]
    )
    html = render_odds(report(), b)
    assert ks(html, "odds-delta") == ["+20.0 points vs A", "\u22120.25 vs A"]


def test_chart_scale_of_no_bars() -> None:
    assert chart_scale({"bars": []}) == (0.0, 0, -1)


# ---------------------------------------------------------------------------------------- the engine's reports


@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.glob("*.json")))
def test_every_rulesets_example_renders_with_the_engines_numbers(name: str) -> None:
    data = json.loads((EXAMPLES / f"{name}.json").read_text())
    envelope = run_odds(data)
    assert envelope["status"] == "ok", envelope
    odds = envelope["odds"]
    html = render_odds(odds)
    first = odds["headline"][0]
    assert ks(html, f"odds-{first['key']}")[0].lstrip("\u2248") == percent(first["chance"]["p"])
    listed = [b for b in odds["chart"]["bars"] if b["p"]["p"] > SHOWN]  # 0.05% or less left out
    assert ks(html, "odds-bar-p") == [("" if odds["exact"] else "\u2248") + percent(b["p"]["p"]) for b in listed]
    assert widths(html)[[b["p"]["p"] for b in listed].index(chart_scale(odds["chart"])[0])] == "100.00"
    assert render_odds(odds, odds).count('data-k="odds-chart"') == 2


def test_the_report_model_itself_renders_as_its_dict() -> None:
    from rules.api import load_scenario

    model = odds_of(load_scenario((EXAMPLES / "lasgun.json").read_text()))
    assert render_odds(model) == render_odds(model.model_dump(mode="json"))


def test_a_grapples_odds_read_who_wins_and_escape_the_names() -> None:
    # Seed 004, Grappling: the Odds panel shows a Grapple's opposed test (the chance Vex wins Damage
    # Opponent, the Cultist wins, a stalemate) and the wounds it deals, not an attack's hits.
    data = {
        "system": "dh2",
        "attacker": {"name": HOSTILE, "characteristics": {"WS": 40, "S": 45}},
        "target": {"name": "Cultist", "toughness_bonus": 3, "wounds": 10, "characteristics": {"S": 35}},
        "action": {"type": "Grapple", "grapple": {"option": "damage"}},
    }
    out = run_odds(json.dumps(data))
    assert out["status"] == "ok"
    html = render_odds(out["odds"])
    assert ks(html, "odds-action") == ["Grapple: Damage Opponent"]
    assert f"<dt>{HOSTILE} wins: Damage Opponent</dt>" not in html  # escaped
    assert f"<dt>{HOSTILE.replace('<', '&lt;').replace('>', '&gt;')} wins: Damage Opponent</dt>" in html
    assert "<dt>Cultist wins</dt>" in html and "<dt>Neither wins (stalemate)</dt>" in html
    assert ks(html, "odds-measure") == ["Wounds"]
    assert ks(html, "odds-win") and ks(html, "odds-win")[0].endswith("%")


def test_two_weapon_odds_show_the_second_weapon_and_both_attacks() -> None:
    """Two-weapon fighting (seed 004): the second weapon's report under the first's, then both together."""
    from test_odds_two_weapon import gunslinger

    from rules.api import load_scenario

    html = render_odds(odds_of(load_scenario(gunslinger())))
    assert html.count('data-k="odds-side"') == 2
    assert 'data-side="Second weapon"' in html and "Left Autopistol" in html
    assert 'data-k="odds-both"' in html and "Expected wounds, both attacks" in html
    single = render_odds(odds_of(load_scenario(gunslinger(two_weapon="none"))))
    assert "Second weapon" not in single and "odds-both" not in single


# ------------------------------------------------------------------------------ Critical Effects rows


def crit_row(row: int, p: str, tables: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    num, den = (int(x) for x in p.split("/"))
    return {"row": row, "label": "10+" if row == 10 else str(row), "p": chance(num / den, p), "tables": tables or []}


def test_critical_rows_are_a_compact_list_of_rows_above_a_twentieth_of_a_percent() -> None:
    # rows of 0.05% or less are left out; the group's words where entered, a link to enter them where not
    crit = {
        "damage_type": "Energy",
        "start": 0,
        "rows": [
            crit_row(
                3,
                "1/8",
                [
                    {"location": "Body", "p": chance(0.1, "1/10"), "text": HOSTILE, "slain": True},
                    {"location": "Leg", "p": chance(0.025, "1/40"), "text": "", "slain": False},
                ],
            ),
            crit_row(10, "1/10000"),
        ],
        "fury_rows": [crit_row(r, "9/200") for r in range(1, 6)],
        "slain": chance(0.1, "1/10"),
        "slain_high": chance(0.2, "1/5"),
        "notes": ["Slain is bounded"],
    }
    html = render_odds(report(critical=crit))
    assert 'data-k="odds-crit-rows"' in html and "Critical Effects rows (Energy)" in html
    rows = re.findall(r'data-k="crit-row" data-row="(\d+)"', html)
    assert rows == ["3"]  # row 10's 0.01% is left out
    assert re.findall(r'data-k="fury-row" data-row="(\d+)"', html) == ["1", "2", "3", "4", "5"]
    assert HOSTILE not in html and "&lt;script&gt;" in html
    assert "Slain" in html and 'href="#critical-tables"' in html
    assert 'data-k="odds-crit-slain"' in html and 'data-k="odds-crit-slain-high"' in html
    assert "Slain is bounded" in unescape(html)


def test_no_critical_rows_no_section() -> None:
    assert "odds-crit-rows" not in render_odds(report())
    empty = {"damage_type": "Energy", "start": 0, "rows": [crit_row(1, "1/100000")], "fury_rows": [], "notes": []}
    assert "odds-crit-rows" not in render_odds(report(critical=empty))


def test_the_engines_critical_rows_render_with_the_groups_text() -> None:
    data = json.loads((EXAMPLES / "lasgun.json").read_text())
    data["target"]["damage_taken"] = 8
    data["critical_tables"] = [
        {"system": "dh2", "damage_type": "Energy", "location": "Body", "rows": [{"row": 1, "text": "Winded & <b>"}]}
    ]
    out = run_odds(data)
    assert out["status"] == "ok"
    html = render_odds(out["odds"])
    assert "Winded &amp; &lt;b&gt;" in html and 'data-k="crit-row" data-row="1"' in html


def test_a_volley_s_steps_list_the_target_down_after_each_attacker_escaped() -> None:
    """A volley of two (count 2): the target down after Cultist 1 (7/20) and after both (3/5), each
    attacker by its name, escaped; one attacker's report has no such table."""
    steps = [
        {"who": "a1", "name": f"{HOSTILE} 1", "action": "Standard Attack", "down": chance(0.35, "7/20")},
        {"who": "a2", "name": f"{HOSTILE} 2", "action": "Standard Attack", "down": chance(0.6, "3/5")},
    ]
    html = render_odds(report(steps=steps))
    table = html[html.index('data-k="odds-volley-steps"') :]
    table = table[: table.index("</details>")]
    assert "<script>" not in html
    rows = re.findall(r'<th scope="row">([^<]*)</th><td class="num"><span[^>]*>([^<]*)</span>', table)
    assert [(unescape(n), p) for n, p in rows] == [(f"{HOSTILE} 1", "35.0%"), (f"{HOSTILE} 2", "60.0%")]
    assert 'data-k="odds-volley-steps"' not in render_odds(report())
