"""The odds' chart lists the values a player needs. Compare draws a row only where
A or B is above 0.05% (not 31 rows a side padded with 0.0%); the single view likewise leaves out
the values of 0.05% or less; each says how many it left out."""

from __future__ import annotations

from typing import Any

from auspex_web.render_odds import render_odds
from test_render_odds import attr, bar, ks, report


def long_tail() -> dict[str, Any]:
    """Wounds 0 (1/2), 1 (1/4), 2 (9993/40000), then 3, 7, 11, ... 27 at 1/40000 each: the
    values 3 to 27 are all at 0.05% or less (25 values, the report's and the ones between)."""
    bars = [bar(0, "1/2", "1/1"), bar(1, "1/4", "1/2"), bar(2, "9993/40000", "1/4")]
    bars += [bar(v, "1/40000", f"{31 - v}/40000") for v in range(3, 31) if v % 4 == 3]
    return report(chart={"measure": "wounds", "bars": bars, "mean": 0.8, "sd": 0.9})


def test_compare_lists_only_values_where_a_or_b_is_above_a_twentieth_of_a_percent() -> None:
    a = long_tail()
    # B: 0, 1, 2 like A's lasgun, and 4 wounds at 30%: 3 has no chance on either side
    b = report(
        chart={
            "measure": "wounds",
            "bars": [bar(0, "3/10", "1/1"), bar(1, "1/5", "7/10"), bar(2, "1/5", "1/2"), bar(4, "3/10", "3/10")],
            "mean": 1.8,
            "sd": 1.5,
        }
    )
    html = render_odds(a, b)
    a_html, b_html = html.split('data-side="B"')
    assert ks(a_html, "odds-bar-label") == ["0", "1", "2", "4"]
    assert ks(b_html, "odds-bar-label") == ["0", "1", "2", "4"]
    assert "0.0%" not in ks(b_html, "odds-bar-p")[:3]
    assert ks(a_html, "odds-bar-p")[3] == "0.0%"  # A's 4: shown because B's 4 is 30%
    # the range and scale the two charts share are unchanged
    assert attr(html, "odds-chart", "data-high") == ["27", "27"]
    assert ks(a_html, "odds-left-out") == ["24 values of 0.05% or less on both sides not listed"]


def test_the_single_view_leaves_out_values_of_a_twentieth_of_a_percent_or_less() -> None:
    html = render_odds(long_tail())
    assert ks(html, "odds-bar-label") == ["0", "1", "2"]
    assert ks(html, "odds-left-out") == ["25 values of 0.05% or less not listed (up to 27)"]


def test_nothing_left_out_says_nothing() -> None:
    html = render_odds(report())
    assert ks(html, "odds-bar-label") == ["0", "1", "2"]
    assert 'data-k="odds-left-out"' not in html
