"""What each ruleset offers the forms: its attack actions, weapon qualities, combat circumstances,
difficulties and sizes, from the same data files the engine reads (so the page and the engine
cannot disagree).

``catalogue()`` returns ``{"rulesets": {system: {...}}}``; the build writes it next to the app
wheel (``static/vendor/app/catalogue.json``), so the forms fill before the engine has started.
``python -m rules catalogue`` prints it.
"""

from __future__ import annotations

from typing import Any

from . import tables
from .systems import RULESETS


def ruleset_catalogue(system: str) -> dict[str, Any]:
    """The forms' choices for ``system`` (``"dh2"``): name, actions (name, type Half/Full, kind
    melee/ranged/any, modifier in percent, note), qualities (name, takes_value, summary, source),
    circumstances (name, ws, bs: percent or null), difficulties and sizes (name -> percent)."""
    t = tables.tables(system)
    return {
        "name": RULESETS[system],
        "actions": [
            {"name": a.name, "type": a.type, "kind": a.kind, "modifier": a.modifier, "note": a.note}
            for a in tables.actions(system).actions
        ],
        "qualities": [
            {"name": q.name, "takes_value": q.takes_value, "summary": q.summary, "source": q.source}
            for q in tables.qualities(system).qualities
        ],
        "circumstances": [{"name": c.name, "ws": c.ws, "bs": c.bs} for c in t.circumstances.rows],
        "difficulties": t.difficulties.rows,
        "sizes": t.sizes.rows,
    }


def catalogue() -> dict[str, Any]:
    """Every d100 ruleset's catalogue, keyed by system id."""
    return {"rulesets": {system: ruleset_catalogue(system) for system in RULESETS}}
