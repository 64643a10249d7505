"""The odds of an attack (:class:`rules.odds.models.Odds`, as its JSON dict) as HTML: pure functions.

``render_odds(odds)`` is one report: the headline figures, the chart's distribution as bars (plain
HTML and CSS: each bar's width is its chance over the chart's scale, and its value, chance and
chance of at least that much are written out, for a screen reader and a test), the chart as a
table, the tables the report has (degrees, hits, locations, shots) and its notes.
``render_odds(a, b)`` is a comparison: A and B side by side, both charts on one scale (the same
highest chance and the same range of values), B's headline figures with their difference from A.

A chance reads as a percentage with one decimal, its exact fraction in a ``title``; an estimate
(``exact: false``) is marked ``≈`` with its 95% bounds. Every text from the report is escaped;
elements a test or a script looks for carry ``data-k``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .render import DOT, MINUS, e

APPROX = "\u2248"
EN_DASH = "\u2013"

Report = Mapping[str, Any]


def _dump(odds: Any) -> Report:
    """The report as a dict, from the dict itself or the pydantic model."""
    dump = getattr(odds, "model_dump", None)
    return dump(mode="json") if callable(dump) else odds  # type: ignore[no-any-return]


def percent(p: float) -> str:
    """``45.0%``; a chance that is neither 0 nor 1 never reads as either (``<0.1%``, ``>99.9%``)."""
    if 0 < p < 0.0005:
        return "<0.1%"
    if 0.9995 <= p < 1:
        return ">99.9%"
    return f"{p * 100:.1f}%"


def number(value: float, places: int = 2) -> str:
    """``2.29``; a negative number with a true minus sign."""
    text = f"{value:.{places}f}"
    return MINUS + text[1:] if text.startswith("-") else text


def is_estimate(chance: Mapping[str, Any]) -> bool:
    return chance.get("low") is not None and chance.get("high") is not None


def chance_title(chance: Mapping[str, Any]) -> str:
    """The ``title`` of a chance: the exact fraction, or an estimate's count and bounds."""
    if is_estimate(chance):
        count, _, sample = str(chance["exact"]).partition("/")
        return f"estimated: {count} of {sample} resolutions; 95% bounds {bounds_text(chance)}"
    return f"exactly {chance['exact']}"


def bounds_text(chance: Mapping[str, Any]) -> str:
    return f"{percent(chance['low'])}{EN_DASH}{percent(chance['high'])}"


def chance_text(chance: Mapping[str, Any]) -> str:
    """A chance as written in the page: ``45.0%``, or ``≈38.6%`` for an estimate."""
    return (APPROX if is_estimate(chance) else "") + percent(chance["p"])


def chance_span(chance: Mapping[str, Any], key: str | None = None, cls: str = "pct") -> str:
    """A chance in a ``<span>`` with its exact fraction (or an estimate's bounds) as its title."""
    k = f' data-k="{e(key)}"' if key else ""
    return f'<span class="{cls}"{k} title="{e(chance_title(chance))}">{e(chance_text(chance))}</span>'


def signed_points(diff: float) -> str:
    """A difference of chances in percentage points: ``+12.5 points``, ``-3.0 points`` (with a true minus sign)."""
    text = f"{abs(diff) * 100:.1f}"
    return f"{'+' if diff >= 0 else MINUS}{text} points"


def signed_number(diff: float) -> str:
    text = f"{abs(diff):.2f}"
    return f"{'+' if diff >= 0 else MINUS}{text}"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------------------------- headline


def render_figure(figure: Mapping[str, Any], exact: bool, against: Mapping[str, Any] | None = None) -> str:
    """One headline figure: its label, then its chance (``data-k="odds-<key>"``) or its value (a mean,
    two decimals); with ``against`` (A's figure of the same key), the difference from A."""
    key = str(figure["key"])
    chance = figure.get("chance")
    delta = ""
    if chance is not None:
        value = chance_span(chance, f"odds-{key}", "figure-value")
        if is_estimate(chance):
            value += f' <small class="bounds" data-k="odds-{e(key)}-bounds">95%: {e(bounds_text(chance))}</small>'
        if against is not None and against.get("chance") is not None:
            delta = signed_points(chance["p"] - against["chance"]["p"])
    else:
        mean = float(figure.get("value") or 0.0)
        text = ("" if exact else APPROX) + number(mean)
        value = f'<span class="figure-value" data-k="odds-{e(key)}">{e(text)}</span>'
        if against is not None and against.get("value") is not None:
            delta = signed_number(mean - float(against["value"]))
    if delta:
        value += f' <small class="delta" data-k="odds-delta">{e(delta)} vs A</small>'
    return f'<div class="odds-figure" data-key="{e(key)}"><dt>{e(figure["label"])}</dt><dd>{value}</dd></div>'


def render_figures(odds: Report, against: Report | None = None) -> str:
    theirs = {str(f["key"]): f for f in against["headline"]} if against is not None else {}
    exact = bool(odds.get("exact", True))
    items = "".join(render_figure(f, exact, theirs.get(str(f["key"]))) for f in odds["headline"])
    return f'<dl class="odds-figures" data-k="odds-figures">{items}</dl>'


# ---------------------------------------------------------------------------------------- chart

ZERO: dict[str, Any] = {"p": 0.0, "exact": "0/1", "low": None, "high": None}


def chart_scale(*charts: Mapping[str, Any]) -> tuple[float, int, int]:
    """The highest chance among the charts' bars and the range of their values (lowest, highest):
    one scale for every chart drawn beside another."""
    bars = [b for c in charts for b in c["bars"]]
    if not bars:
        return 0.0, 0, -1
    return max(b["p"]["p"] for b in bars), min(b["value"] for b in bars), max(b["value"] for b in bars)


def _filled(bars: Sequence[Mapping[str, Any]], low: int, high: int) -> list[dict[str, Any]]:
    """The chart's bars for every value from ``low`` to ``high``: a value the report does not list
    has no chance (``beyond``: above a capped last bar such as ``14+``, where it is counted)."""
    by_value = {int(b["value"]): b for b in bars}
    top = max(by_value, default=low - 1)
    capped = bool(bars) and str(bars[-1]["label"]).endswith("+")
    out: list[dict[str, Any]] = []
    for value in range(low, high + 1):
        bar = by_value.get(value)
        if bar is not None:
            out.append({**bar, "filler": False, "beyond": False})
            continue
        above = [b for v, b in by_value.items() if v > value]
        at_least = min(above, key=lambda b: b["value"])["at_least"] if above else ZERO
        out.append(
            {
                "value": value,
                "label": str(value),
                "p": ZERO,
                "at_least": at_least,
                "filler": True,
                "beyond": capped and value > top,
            }
        )
    return out


def render_bar(bar: Mapping[str, Any], scale: float, capped_at: str) -> str:
    """One bar of the chart: its label, its width (its chance over ``scale``, the highest chance
    drawn), its chance and the chance of at least its value, all as text."""
    p = float(bar["p"]["p"])
    width = 100 * p / scale if scale > 0 else 0.0
    value = int(bar["value"])
    classes = "odds-bar" + (" filler" if bar.get("filler") else "")
    if bar.get("beyond"):
        p_text = f'<span class="pct" data-k="odds-bar-p" title="counted in {e(capped_at)}">{EN_DASH}</span>'
        least = f'<span class="at-least" data-k="odds-bar-at-least">counted in {e(capped_at)}</span>'
    else:
        p_text = chance_span(bar["p"], "odds-bar-p")
        least_chance = bar["at_least"]
        least = (
            f'<span class="at-least" data-k="odds-bar-at-least" title="{e(chance_title(least_chance))}">'
            f"at least {e(number(value, 0))}: {e(chance_text(least_chance))}</span>"
        )
    return (
        f'<li class="{classes}" data-k="odds-bar" data-value="{value}" data-p="{p!r}">'
        f'<span class="label" data-k="odds-bar-label">{e(bar["label"])}</span>'
        f'<div class="track" aria-hidden="true"><div class="fill" data-width="{width:.2f}"></div></div>'
        f"{p_text}{least}</li>"
    )


def listed_values(*charts: Mapping[str, Any]) -> frozenset[int]:
    """The values a chart drawn beside ``charts`` lists: those whose chance is above
    :data:`SHOWN` (0.05%) in at least one of them; the rest read 0.0% or <0.1% everywhere."""
    return frozenset(int(b["value"]) for c in charts for b in c["bars"] if float(b["p"]["p"]) > SHOWN)


def _left_out_line(left: list[int], sides: int) -> str:
    """``25 values of 0.05% or less not listed (up to 27)``, or nothing."""
    if not left:
        return ""
    where = " on both sides" if sides > 1 else ""
    tail = "" if sides > 1 else f" (up to {max(left)})"
    text = f"{len(left)} value{'s' if len(left) != 1 else ''} of 0.05% or less{where} not listed{tail}"
    return f'<p class="odds-left-out" data-k="odds-left-out">{e(text)}</p>'


def render_chart(
    chart: Mapping[str, Any], exact: bool, scale: tuple[float, int, int], keep: tuple[frozenset[int], int] | None = None
) -> str:
    """The chart's distribution as bars on ``scale`` (highest chance, lowest and highest value),
    one row per value in ``keep`` (the values listed, and how many charts they were read from;
    by default, this chart's values above 0.05%), with a line saying how many were left out."""
    top, low, high = scale
    listed, sides = keep if keep is not None else (listed_values(chart), 1)
    every = _filled(chart["bars"], low, high)
    bars = [b for b in every if int(b["value"]) in listed]
    left = [int(b["value"]) for b in every if int(b["value"]) not in listed]
    capped_at = next((str(b["label"]) for b in chart["bars"] if str(b["label"]).endswith("+")), "")
    rows = "".join(render_bar(b, top, capped_at) for b in bars)
    approx = "" if exact else APPROX
    caption = (
        f'<span data-k="odds-measure">{e(capitalised(str(chart["measure"])))}</span>{DOT}'
        f'mean <span data-k="odds-mean">{e(approx + number(chart["mean"]))}</span>{DOT}'
        f'<abbr title="standard deviation">sd</abbr> <span data-k="odds-sd">{e(approx + number(chart["sd"]))}</span>'
    )
    return (
        f'<figure class="odds-chart" data-k="odds-chart" data-scale="{top!r}" data-low="{low}" data-high="{high}">'
        f'<figcaption>{caption}</figcaption><ol class="odds-bars">{rows}</ol>{_left_out_line(left, sides)}</figure>'
    )


# ---------------------------------------------------------------------------------------- tables


def _num_cell(html: str) -> str:
    return f'<td class="num">{html}</td>'


def _table(key: str, summary: str, head: Sequence[str], rows: Sequence[Sequence[str]], open_: bool = False) -> str:
    """A table in a ``<details>`` (shut unless ``open_``); ``rows`` hold escaped cell HTML, the first
    cell of each a row header."""
    th = "".join(f'<th scope="col">{e(h)}</th>' for h in head)
    body = "".join(f'<tr><th scope="row">{cells[0]}</th>{"".join(map(_num_cell, cells[1:]))}</tr>' for cells in rows)
    return (
        f'<details class="odds-table" data-k="{e(key)}"{" open" if open_ else ""}><summary>{e(summary)}</summary>'
        f'<div class="scroll"><table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div></details>'
    )


def degrees_label(value: int) -> str:
    """``3 DoS``, ``2 DoF``; 0 as it is (in DH1 a bare pass)."""
    if value > 0:
        return f"{value} DoS"
    if value < 0:
        return f"{-value} DoF"
    return "0"


def _bars_rows(bars: Sequence[Mapping[str, Any]], label: Any = None) -> list[list[str]]:
    return [
        [
            e(label(int(b["value"])) if label else b["label"]),
            chance_span(b["p"]),
            chance_span(b["at_least"]),
        ]
        for b in bars
    ]


def render_tables(odds: Report) -> str:
    """The chart as a table, then the report's other tables where it has them (a volley's
    ``steps``: the target down after each attacker), then its notes."""
    measure = capitalised(str(odds["chart"]["measure"]))
    parts = [
        _table(
            "odds-chart-table",
            f"{measure} as a table",
            [measure, "Chance", "At least"],
            _bars_rows(odds["chart"]["bars"]),
        )
    ]
    if odds.get("steps"):  # a volley's: the target down after each attacker, in turn
        rows = [[e(x["name"]), chance_span(x["down"])] for x in odds["steps"]]
        parts.append(_table("odds-volley-steps", "Down after each attacker", ["Attacker", "Down"], rows, True))
    if odds.get("locations"):
        rows = [[e(x["location"]), chance_span(x["hit"]), e(number(x["mean_hits"]))] for x in odds["locations"]]
        parts.append(
            _table("odds-locations", "Hit locations", ["Location", "Hit at least once", "Mean hits"], rows, True)
        )
    if odds.get("shots"):
        rows = [
            [e(s["number"]), chance_span(s["fired"]), chance_span(s["hit"]), chance_span(s["penetrate"])]
            for s in odds["shots"]
        ]
        parts.append(_table("odds-shots", "Each shot", ["Shot", "Fired", "Hits", "Penetrates"], rows, True))
    if odds.get("hits"):
        parts.append(_table("odds-hits", "Hits", ["Hits", "Chance", "At least"], _bars_rows(odds["hits"])))
    if odds.get("degrees"):
        rows = _bars_rows(odds["degrees"], degrees_label)
        parts.append(_table("odds-degrees", "Degrees of the test", ["Degrees", "Chance", "At least"], rows))
    if odds.get("critical"):  # the Critical Effects rows
        parts.append(render_critical(odds["critical"]))
    if odds.get("notes"):
        notes = "".join(f"<li>{e(n)}</li>" for n in odds["notes"])
        parts.append(f'<ul class="odds-notes" data-k="odds-notes">{notes}</ul>')
    return "".join(parts)


# ---------------------------------------------------------------------------------------- critical rows

SHOWN = 0.0005
"""A row is listed when its chance is above 0.05%."""


def _row_item(row: Mapping[str, Any], name: str) -> str:
    """One row: ``Row 3 12.3%``, then its chance and the group's words on each table location
    where the final location is determined; the locations whose row is not entered in one line,
    with a link to the tables."""
    places, missing = [], []
    for t in row.get("tables") or []:
        if t["p"]["p"] <= SHOWN:
            continue
        if not t.get("text") and not t.get("slain"):
            missing.append(str(t["location"]))
            continue
        words = f'<q class="crit-text">{e(t["text"])}</q>' if t.get("text") else ""
        slain = ' <strong class="crit-slain">Slain</strong>' if t.get("slain") else ""
        places.append(f'<li data-k="crit-place">{e(t["location"])} {chance_span(t["p"])}: {words}{slain}</li>')
    if missing:
        places.append(
            f'<li class="crit-none">{e(", ".join(missing))}: not entered '
            '(<a href="#critical-tables">enter your table</a>)</li>'
        )
    more = f'<ul class="crit-places">{"".join(places)}</ul>' if places else ""
    return f'<li data-k="{e(name)}" data-row="{e(row["row"])}">Row {e(row["label"])} {chance_span(row["p"])}{more}</li>'


def render_critical(crit: Mapping[str, Any]) -> str:
    """The Critical Effects rows (``Odds.critical``): the chance that some row read slays (its
    bounds where the odds give them), the row of critical damage the attack leaves the target on,
    DH2's Righteous Fury rows, each with the group's words where entered; rows of 0.05% or less
    are left out. Escaped: the group's text is typed by players."""
    parts = []
    if crit.get("slain") is not None:
        low = crit["slain"]
        high = crit.get("slain_high")
        value = chance_span(low, "odds-crit-slain")
        if high is not None:
            value = f"{value}{EN_DASH}{chance_span(high, 'odds-crit-slain-high')} (bounds)"
        parts.append(f'<p class="crit-slain-line">A row read slays: {value}</p>')
    for key, title, rows in (
        ("crit-row", "Critical damage: the row the target ends on", crit.get("rows") or []),
        ("fury-row", "Righteous Fury: the d5 row (at least one Fury)", crit.get("fury_rows") or []),
    ):
        shown = [_row_item(r, key) for r in rows if r["p"]["p"] > SHOWN]
        if shown:
            parts.append(f'<p class="crit-title">{e(title)}</p><ul class="crit-rows">{"".join(shown)}</ul>')
    if not parts:
        return ""
    if crit.get("notes"):
        parts.append(f'<ul class="odds-notes">{"".join(f"<li>{e(n)}</li>" for n in crit["notes"])}</ul>')
    summary = f"Critical Effects rows ({crit.get('damage_type', '')})"
    return (
        f'<details class="odds-table odds-critical" data-k="odds-crit-rows"><summary>{e(summary)}</summary>'
        f"{''.join(parts)}</details>"
    )


# ---------------------------------------------------------------------------------------- the report


def render_side(
    odds: Report,
    scale: tuple[float, int, int],
    tag: str = "",
    against: Report | None = None,
    keep: tuple[frozenset[int], int] | None = None,
) -> str:
    """One report: heading (``A: Standard Attack with the Lasgun`` with a ``tag``), who against whom,
    the headline figures, the chart on ``scale`` (its rows: ``keep``, see :func:`render_chart`), the
    tables and notes: always these four parts, so that side by side each lines up with the other's."""
    exact = bool(odds.get("exact", True))
    action = capitalised(str(odds["action"]))  # Epic's "shoot", the fan ruleset's "a round with ..."
    heading = f"{tag}: {action}" if tag else action
    how = "exact" if exact else f"estimated from {odds.get('sample')} resolutions"
    side = f' data-side="{e(tag)}"' if tag else ""
    return (
        f'<section class="odds-side{"" if exact else " estimate"}" data-k="odds-side"{side}>'
        f'<header class="odds-head"><h3 data-k="odds-action">{e(heading)}</h3>'
        f'<p class="odds-who">{e(odds["attacker"])} against {e(odds["target"])}{DOT}'
        f'<span data-k="odds-exact">{e(how)}</span></p></header>'
        f"{render_figures(odds, against)}{render_chart(odds['chart'], exact, scale, keep)}"
        f'<div class="odds-more">{render_tables(odds)}</div></section>'
    )


def render_second(odds: Report) -> str:
    """Two-weapon fighting (seed 004): the second weapon's attack as a report of its own under the
    first, then both attacks together where the report gives them (``both``); nothing without."""
    second = odds.get("second")
    if not second:
        return ""
    out = render_side(second, chart_scale(second["chart"]), "Second weapon")
    if odds.get("both"):
        items = "".join(render_figure(f, True) for f in odds["both"])
        out += (
            '<section class="odds-side" data-k="odds-both"><header class="odds-head"><h3>Both attacks</h3></header>'
            f'<dl class="odds-figures">{items}</dl></section>'
        )
    return out


def render_odds(odds: Any, other: Any = None) -> str:
    """The Odds panel's content for one report, or (``other`` given) A and B side by side, both
    charts on one scale."""
    a = _dump(odds)
    if other is None:
        return f'<article class="odds-report" data-k="odds">{render_side(a, chart_scale(a["chart"]))}{render_second(a)}</article>'
    b = _dump(other)
    scale = chart_scale(a["chart"], b["chart"])
    keep = (listed_values(a["chart"], b["chart"]), 2)  # a row where A or B is above 0.05%
    return (
        f'<article class="odds-report compare" data-k="odds">'
        f"{render_side(a, scale, 'A', keep=keep)}{render_side(b, scale, 'B', against=a, keep=keep)}</article>"
    )
