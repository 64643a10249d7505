"""The players' view (:func:`rules.encounter.player_view.player_view`, its JSON dict) as HTML: the
page's player view and the CLI's ``--view player --html`` print the same.

It is made from the view alone, never from the state, so it can hold nothing the view does not:
the round and whose turn it is (for a shown combatant, what it may still do), each card in
initiative order (a shown one's numbers, a hidden one's state word), then the log, newest first.
Pure; every text (names, conditions, the engine's reasons, the log) escaped with
:func:`html.escape`; ``data-k`` marks what scripts and tests read, ``data-id`` a card.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

LOG_LINES = 30
"""The view shows this many of the log's newest lines."""


def e(value: object) -> str:
    """``value`` as text, escaped for HTML text and quoted attributes."""
    return escape(str(value), quote=True)


def _weapon(w: Mapping[str, Any] | None) -> str:
    if not w:
        return ""
    text = str(w.get("name") or "Weapon")
    if w.get("clip"):
        text += f": {w.get('rounds', 0)} of {w['clip']}"
    if w.get("jammed"):
        text += " \u00b7 JAMMED"
    if w.get("overheated"):
        text += " \u00b7 overheated"
    if w.get("reloading"):
        text += " \u00b7 reloading"
    return text


def _harm(c: Mapping[str, Any]) -> str:
    if c.get("kind") == "horde":
        return f"Magnitude {c.get('magnitude')} of {c.get('magnitude_start')}"
    if c.get("kind") == "formation":
        units = f"{c.get('units')} of {c.get('units_start')} units \u00b7 " if c.get("units") is not None else ""
        return f"{units}Shock {c.get('shock', 0)}"
    if c.get("kind") == "rp":
        return "Injuries: " + "; ".join(map(str, c.get("injuries") or [])) if c.get("injuries") else "No injuries"
    if c.get("wounds") is None:
        return ""
    text = f"{c.get('damage_taken', 0)} of {c.get('wounds')} taken"
    if c.get("critical"):
        text += f", critical damage {c['critical']}"
    return text


def _condition(x: Any) -> str:
    if isinstance(x, Mapping):
        rounds = x.get("rounds")
        return f"{x.get('name')} ({rounds} turn(s) left)" if rounds else str(x.get("name"))
    return str(x)


def _line(key: str, text: str) -> str:
    return f'<li data-k="{e(key)}">{e(text)}</li>' if text else ""


def _card(c: Mapping[str, Any], turn: str | None) -> str:
    """One combatant's card."""
    classes = ["pv-card", "shown" if c.get("shown") else "hidden"]
    if c.get("out"):
        classes.append("down")
    if c.get("id") == turn:
        classes.append("turn")
    state = str(c.get("state") or "")
    if c.get("out"):
        state = f"{state} \u00b7 {c['out']}" if state else str(c["out"])
    lines = [_line("state", state)]
    if c.get("shown"):
        lines += [
            _line("harm", _harm(c)),
            _line("fatigue", f"Fatigue {c['fatigue']}" if c.get("fatigue") else ""),
            _line("weapon", _weapon(c.get("weapon"))),
            _line("second", f"Other hand: {_weapon(c.get('second_weapon'))}" if c.get("second_weapon") else ""),
            _line("aim", f"Aim held: {c['aim']}" if c.get("aim") not in (None, "none") else ""),
            _line("fate", f"Fate {c.get('fate')} of {c.get('fate_max')}" if c.get("fate") is not None else ""),
            _line("reaction", "Reaction used" if c.get("reaction_used") else ""),
        ]
    conds = [_condition(x) for x in c.get("conditions") or []]
    lines.append(_line("conditions", ", ".join(conds)))
    return (
        f'<li class="{" ".join(classes)}" data-id="{e(c.get("id", ""))}">'
        f'<b data-k="name">{e(c.get("name", ""))}</b><ul>{"".join(lines)}</ul></li>'
    )


def _turn(view: Mapping[str, Any]) -> str:
    t = view.get("turn")
    rnd = int(view.get("round") or 0)
    if not rnd:
        return '<p data-k="headline">Not started</p>'
    if not t:
        return f'<p data-k="headline">Round {rnd}</p>'
    out = f'<p data-k="headline">Round {rnd} \u00b7 {e(t.get("name", ""))}\u2019s turn</p>'
    if not t.get("shown"):
        return out
    may = ", ".join(str(k).replace("_", " ") for k in t.get("may") or [])
    done = ", ".join(map(str, t.get("actions") or []))
    out += f'<p data-k="left">{e(t.get("half_actions_left", 0))} Half Action(s) left'
    out += f" \u00b7 done: {e(done)}</p>" if done else "</p>"
    out += f'<p data-k="may">May: {e(may or "nothing more: end the turn")}</p>'
    refused = t.get("refused") or {}
    if refused:
        items = "".join(
            f'<li data-k="refused-{e(k)}">{e(str(k).replace("_", " "))}' + (f": {e(why)}" if why else "") + "</li>"
            for k, why in refused.items()
        )
        out += f'<details><summary>Not now</summary><ul data-k="refused">{items}</ul></details>'
    return out


def render_player(view: Mapping[str, Any]) -> str:
    """The players' view as one HTML fragment (module docstring)."""
    turn = (view.get("turn") or {}).get("who")
    title = f'<h2 data-k="title">{e(view["name"])}</h2>' if view.get("name") else ""
    cards = "".join(_card(c, turn) for c in view.get("cards") or [])
    log = list(view.get("log") or [])[-LOG_LINES:]
    lines = "".join(
        f'<li data-k="log" data-index="{e(x.get("index", ""))}">{e(x.get("text", ""))}</li>' for x in reversed(log)
    )
    return (
        f'<section class="player-view" data-k="player-view">{title}{_turn(view)}'
        f'<ol class="pv-cards" data-k="cards">{cards}</ol>'
        f'<h3>What happened</h3><ol class="pv-log" data-k="log-lines">{lines}</ol></section>'
    )
