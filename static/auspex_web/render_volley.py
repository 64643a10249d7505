"""A mob's volley as the player reads it (:class:`rules.encounter.volley.VolleyResolution` as its
JSON dict): a pure function, every text escaped.

``render_volley(data)``: a headline (how many fired at whom, the hits and wounds in all), one line
per attacker in the order they fired (its outcome, the hits that struck, the wounds, the Reaction
used against it; or why it did not fire), each with its whole roll folded under it (the single
attack's result, :func:`auspex_web.render.render_resolution`), then the total: the target's state
after the last, and the Reaction spent once with its rule. Marked for the page's tests and scripts
with ``data-k`` (``volley``, ``volley-line``, ``volley-total``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.encounter.volley import VolleyResolution, VolleyShot

from .render import e, render_resolution
from .sources import book_words

OUTCOME = {"hit": "hits", "miss": "misses", "jam": "jams", "evaded": "is evaded"}
"""A body's outcome in the line's words."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _line(shot: VolleyShot) -> str:
    """One attacker's line: its name, what its attack did (or why it did not fire) and its roll."""
    if shot.skipped is not None:
        return f'<li data-k="volley-line" class="skipped"><strong>{e(shot.name)}</strong>: {e(shot.skipped)}</li>'
    said = OUTCOME.get(str(shot.outcome), str(shot.outcome))
    if shot.outcome == "hit":
        said += f": {_plural(shot.hits, 'hit')}, {_plural(shot.wounds, 'wound')}"
    if shot.reaction:
        said += " (its target's Reaction used)"
    roll = render_resolution(shot.resolution) if shot.resolution is not None else ""
    return (
        f'<li data-k="volley-line"><strong>{e(shot.name)}</strong> {e(said)}'
        f"<details><summary>{e(shot.name)}'s roll</summary>{roll}</details></li>"
    )


def render_volley(data: Mapping[str, Any]) -> str:
    """The volley ``data`` (a :class:`~rules.encounter.volley.VolleyResolution`'s dict; raises
    pydantic's ValidationError for another shape) as HTML."""
    r = VolleyResolution.model_validate(data)
    lines = "".join(_line(s) for s in r.shots)
    skipped = len(r.shots) - r.fired
    held = f" ({skipped} did not fire)" if skipped else ""
    head = f"Volley of {r.fired}{held} at {r.target_name} ({r.action})"
    total = f"Total: {_plural(r.hits, 'hit')}, {_plural(r.wounds, 'wound')}; {r.target_name}: {r.target_after}"
    reaction = f"{r.reaction}. {book_words(r.reaction_rule)}." if r.reaction else ""
    return (
        f'<article class="resolution volley" data-k="volley">'
        f'<h3 class="headline">{e(head)}</h3>'
        f'<ol class="volley-lines">{lines}</ol>'
        f'<p class="volley-total" data-k="volley-total"><strong>{e(total)}</strong></p>'
        f"{f'<p class=volley-reaction>{e(reaction)}</p>' if reaction else ''}"
        f"</article>"
    )


def is_volley(data: object) -> bool:
    """``data`` is a volley's resolution (its ``kind``), not a single attack's."""
    return isinstance(data, Mapping) and data.get("kind") == "volley"
