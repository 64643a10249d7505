"""A :class:`rules.initiative.InitiativeResult` as HTML for the combat tracker: the order (each
combatant's die, bonus and total, or its Initiative and blows), the fan ruleset's blows in order,
the dice and the step log. Pure; every text escaped; ``data-k`` marks what scripts and tests read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rules.initiative import InitiativeEntry, InitiativeResult, bonus_term

from .render import _k, e, render_dice, render_steps


def entry_text(x: InitiativeEntry, term: str) -> str:
    """How one combatant's place was reached: ``7 + AgB 3 = 10`` (``kept`` noted), or ``I 40``
    with its blows; then any roll-off dice."""
    if x.d10 is not None:
        text = f"{x.d10}{' (kept)' if x.kept else ''} + {term} {x.bonus} = {x.total}"
    else:
        text = f"I {x.total}" + (f", blows at {', '.join(map(str, x.blows))}" if len(x.blows) > 1 else "")
    if x.roll_offs:
        text += f"; roll-off {' then '.join(map(str, x.roll_offs))}"
    return text


def render_initiative(data: InitiativeResult | Mapping[str, Any]) -> str:
    """The whole initiative result as an ``<article>``."""
    r = data if isinstance(data, InitiativeResult) else InitiativeResult.model_validate(data)
    term = bonus_term(r.system)
    items = "".join(
        f'<li data-k="init-entry" data-index="{x.index}"><strong>{e(x.name)}</strong> '
        f"{_k('init-total', e(entry_text(x, term)))}</li>"
        for x in r.order
    )
    blows = ""
    if any(len(x.blows) > 1 for x in r.order):
        blows = _k("blows", e("Blows this round: " + ", ".join(f"{b.name} ({b.initiative})" for b in r.blows)), "p")
    return (
        f'<article class="initiative"><ol data-k="init-order">{items}</ol>{blows}'
        f"{render_dice(cast(Any, r))}{render_steps(r.steps)}</article>"
    )
