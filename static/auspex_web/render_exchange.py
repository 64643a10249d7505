"""The Odds panel's exchange and sweep as HTML: pure functions, every text escaped.

``render_exchange(report, attacks)``: the odds of an exchange (:class:`rules.odds.exchange.ExchangeOdds`
as its JSON dict) with the attacks it was worked out for (``[{"who", "action"}]``, in order): a
heading "This round against <target>", whether the figures are exact or estimated, one line per
attack (its attacker, its action as a fire-mode picker, a Remove button, and the chance the target
is down after it), the chance the target gets to act, the wounds chart of the whole exchange (the
single attack's bars, :func:`auspex_web.render_odds.render_chart`) and the notes. The controls carry
``data-x-mode`` / ``data-x-remove`` (the attack's index) for the page's script; a row adds the
player's own planned attack (``data-x-add-who``, ``data-x-add-mode``, ``data-x-add``).

``render_sweep(sweep)``: a sweep (:class:`rules.odds.sweep.Sweep`) as a heat table: a ``<caption>``,
column and row headers (``scope``), each cell the chance to kill and the expected wounds written
out (the colour, a class ``heat-0`` .. ``heat-4`` by the chance, is never the only signal), inside
its own scrolling box; then the inverse line (the BS or WS, and the Aim, for an even chance).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .render import e
from .render_odds import APPROX, chance_span, chance_text, chart_scale, number, render_chart

FIRE_MODES = ("Standard Attack", "Semi-Auto Burst", "Full Auto Burst")
"""The actions an exchange's attack may be switched to (seed 004, Attack Actions: the fire modes);
an attack's own action, if another, is offered first."""

Report = Mapping[str, Any]


def _mode_picker(index: int, name: str, action: str) -> str:
    modes = FIRE_MODES if action in FIRE_MODES else (action, *FIRE_MODES)
    options = "".join(f"<option{' selected' if m == action else ''}>{e(m)}</option>" for m in modes)
    return (
        f'<select data-x-mode="{index}" aria-label="{e(f"Action of attack {index + 1} ({name})")}">{options}</select>'
    )


def _attack_line(index: int, step: Mapping[str, Any], removable: bool) -> str:
    name = str(step["name"])
    remove = (
        f'<button type="button" class="secondary" data-x-remove="{index}" '
        f'aria-label="{e(f"Remove attack {index + 1} ({name})")}">Remove</button>'
        if removable
        else ""
    )
    return (
        f'<li class="x-attack" data-k="x-step"><span class="x-who" data-k="x-who">{e(name)}</span> '
        f"{_mode_picker(index, name, str(step['action']))} {remove}"
        f'<span class="x-down">down after it: {chance_span(step["down"], "x-down")}</span></li>'
    )


def _adder(adders: Sequence[Mapping[str, Any]]) -> str:
    """The row that adds a player's own planned attack: who makes it (``adders``: ``{"id", "name"}``
    each, the combatants who may attack), its fire mode, and Add (``data-x-add``)."""
    if not adders:
        return ""
    who = "".join(f'<option value="{e(a["id"])}">{e(a["name"])}</option>' for a in adders)
    modes = "".join(f"<option>{e(m)}</option>" for m in FIRE_MODES)
    return (
        f'<p class="x-add" data-k="x-add"><select data-x-add-who aria-label="Who makes the attack to add">{who}</select> '
        f'<select data-x-add-mode aria-label="Action of the attack to add">{modes}</select> '
        f'<button type="button" class="secondary" data-x-add>Add an attack</button></p>'
    )


def render_exchange(
    report: Report, attacks: Sequence[Mapping[str, Any]] = (), adders: Sequence[Mapping[str, Any]] = ()
) -> str:
    """The exchange's section (see the module docstring). ``attacks`` is only counted: one attack
    left is not removable (an exchange has at least one). ``adders`` (``{"id", "name"}`` each): who
    may make a planned attack the player adds (the Add row; none: no row)."""
    steps = list(report["steps"])
    exact = bool(report.get("exact", True))
    how = (
        "Exact: every outcome walked."
        if exact
        else f"Estimated from {int(report.get('sample') or 0)} seeded runs ({APPROX}: 95% bounds in each figure's title)."
    )
    removable = max(len(attacks), len(steps)) > 1
    lines = "".join(_attack_line(i, s, removable) for i, s in enumerate(steps))
    chart = report["chart"]
    notes = "".join(f"<li>{e(n)}</li>" for n in report.get("notes", []))
    return (
        f'<section class="x-exchange" data-k="x-exchange" aria-labelledby="x-title">'
        f'<h3 id="x-title">This round against <span data-k="x-target">{e(report["target"])}</span></h3>'
        f'<p class="x-how" data-k="x-how" data-exact="{str(exact).lower()}">{e(how)}</p>'
        f'<ol class="x-attacks">{lines}</ol>{_adder(adders)}'
        f'<p class="x-act">Chance {e(report["target"])} gets to act: {chance_span(report["act"], "x-act")}</p>'
        f"{render_chart(chart, exact, chart_scale(chart))}"
        f'<ul class="odds-notes" data-k="x-notes">{notes}</ul></section>'
    )


# ------------------------------------------------------------------------------------ the sweep


def heat(p: float) -> int:
    """The cell's colour step 0-4 for a chance ``p`` (0: under 10%, 4: 90% or more)."""
    if p >= 0.9:
        return 4
    if p >= 0.5:
        return 3
    if p >= 0.25:
        return 2
    if p >= 0.1:
        return 1
    return 0


def _cell(cell: Mapping[str, Any], measure: str, exact: bool) -> str:
    kill = cell["kill"]
    mean = ("" if exact else APPROX) + number(float(cell["wounds"]), 1)
    return (
        f'<td class="heat-{heat(float(kill["p"]))}" data-k="sw-cell">'
        f'{chance_span(kill, cls="pct")}<br><small title="{e("expected " + measure)}">{e(mean)}</small></td>'
    )


def _inverse_line(inverse: Mapping[str, Any] | None) -> str:
    if not inverse:
        return ""
    ch = str(inverse["characteristic"])
    value = inverse.get("value")
    aim = inverse.get("aim")
    need = f"{ch} {int(value)}" if value is not None else f"not even {ch} 100"
    with_aim = f"{aim} with the {ch} as given" if aim else f"no Aim reaches it with the {ch} as given"
    return f'<p class="sw-inverse" data-k="sw-inverse">For an even chance to kill this target: {e(need)}; {e(with_aim)}.</p>'


def render_sweep(sweep: Report) -> str:
    """The sweep's heat table and inverse line (see the module docstring)."""
    exact = bool(sweep.get("exact", True))
    measure = str(sweep["measure"])
    columns = [int(c) for c in sweep["columns"]]
    label = str(sweep["columns_label"])
    caption = (
        f"{sweep['action']} ({sweep['attacker']}): chance to kill, and expected {measure} below it, "
        f"by {str(sweep['rows'][0]['label']).split(' ')[0] + ' and ' if len(sweep['rows']) > 1 else ''}{label.lower()}"
        f"{'' if exact else f' ({APPROX}: estimated)'}"
    )
    head = f'<th scope="col">{e(label)}</th>' + "".join(f'<th scope="col">{c}</th>' for c in columns)
    body = "".join(
        f'<tr><th scope="row">{e(row["label"])}</th>{"".join(_cell(c, measure, exact) for c in row["cells"])}</tr>'
        for row in sweep["rows"]
    )
    notes = "".join(f"<li>{e(n)}</li>" for n in sweep.get("notes", []))
    return (
        # the caption read by a screen reader; the same words shown above the box, where they wrap
        # at the panel's width (a caption wraps at the table's, wider than a phone)
        f'<p class="sw-title" aria-hidden="true">{e(caption)}</p>'
        f'<div class="sw-box" role="region" tabindex="0" aria-labelledby="sw-caption" data-k="sw-box">'
        f'<table class="sw-table" data-k="sw-table"><caption id="sw-caption" class="visually-hidden">{e(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
        f"{_inverse_line(sweep.get('inverse'))}"
        f'<p class="sw-key">Shade: darker is likelier to kill; the numbers are in every cell.</p>'
        f"{f'<ul class=odds-notes>{notes}</ul>' if notes else ''}"
    )


def exchange_summary(report: Report) -> str:
    """One line for the status: the target and the chance it is down after the last attack."""
    steps = list(report["steps"])
    last = chance_text(steps[-1]["down"]) if steps else "0.0%"
    return f"{report['target']} down after {len(steps)} attack{'s' if len(steps) != 1 else ''}: {last}"
