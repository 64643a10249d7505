"""Players' claims and proposals as the pages show them (rules/encounter/proposals.py).

- :func:`render_pending`: on the GM's page, one claim or proposal received (the envelope
  :func:`rules.encounter.proposals.run_proposals` gives for ``do: "preview"``): who asks, what, its
  preview from the GM's own state (the whole resolution: the GM sees every number), a refusal's
  reason, or the GM's die the engine asks for, and the GM's buttons (``data-do``: ``accept``,
  ``apply``, ``decline``). Nothing is applied until the GM taps.
- :func:`render_decision`: on a player's page, the GM's decision (a validated ``decision``
  message): the outcome, the reason, and what the player may know of their attack (their own
  dice with their purposes, the outcome word, DoS).

Pure; every text escaped (the player's name, the combatant's, the reason and the dice's purposes
all arrive from another device); ``data-k`` marks what scripts and tests read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .render import e, render_resolution

OUTCOME_WORDS = {
    "accepted": "Accepted",
    "applied": "Applied",
    "declined": "Declined",
    "refused": "Refused",
}
"""A decision's outcome as the player's page says it."""


def _button(do: str, label: str) -> str:
    return f'<button type="button" data-k="proposal-{do}" data-do="{e(do)}">{e(label)}</button>'


def render_pending(item: Mapping[str, Any]) -> str:
    """A claim or proposal waiting for the GM (module docstring)."""
    player, name = e(item.get("player", "")), e(item.get("name", item.get("who", "")))
    status = item.get("status")
    parts: list[str] = []
    if item.get("kind") == "claim":
        parts.append(f'<p data-k="pending-ask"><b>{player}</b> asks to play <b>{name}</b></p>')
        if status == "refused":
            parts.append(f'<p class="error" data-k="pending-reason">{e(item.get("reason", ""))}</p>')
            buttons = [_button("decline", "Decline")]
        else:
            buttons = [_button("accept", "Accept"), _button("decline", "Decline")]
    else:
        parts.append(f'<p data-k="pending-ask"><b>{player}</b> proposes an attack for <b>{name}</b></p>')
        buttons = _proposal_parts(item, parts)
    parts.append(f'<p class="pending-buttons">{"".join(buttons)}</p>')
    return f'<section class="pending" data-k="pending" data-kind="{e(item.get("kind", ""))}">{"".join(parts)}</section>'


def _proposal_parts(item: Mapping[str, Any], parts: list[str]) -> list[str]:
    """A proposal's preview, refusal or needed die into ``parts``; its buttons returned."""
    status = item.get("status")
    if status == "refused":
        parts.append(f'<p class="error" role="alert" data-k="pending-reason">{e(item.get("reason", ""))}</p>')
        return [_button("decline", "Send the refusal")]
    if status == "needs":
        need = item.get("needs") or {}
        parts.append(
            f'<label data-k="pending-needs">Your die: {e(need.get("purpose", ""))} (d{e(need.get("sides", ""))}) '
            '<input type="number" inputmode="numeric" min="1" data-k="pending-more"></label>'
        )
        return [_button("preview", "Preview"), _button("decline", "Decline")]
    parts.append(f'<p data-k="pending-words">{e(item.get("words", ""))}</p>')
    if item.get("again"):
        parts.append(
            f'<p class="note" data-k="pending-again">Previewed again against now: {e(item.get("since", 0))} '
            "event(s) since the player's view</p>"
        )
    parts.append(f'<p data-k="pending-text">{e(item.get("text", ""))}</p>')
    if isinstance(item.get("resolution"), Mapping):
        parts.append(f"<details><summary>The whole result</summary>{render_resolution(item['resolution'])}</details>")
    return [_button("apply", "Apply"), _button("decline", "Decline")]


def render_decision(decision: Mapping[str, Any]) -> str:
    """The GM's decision on a player's page (module docstring)."""
    outcome = str(decision.get("outcome", ""))
    what = "claim" if decision.get("about") == "claim" else "attack"
    parts = [
        f'<p data-k="decision-outcome" data-outcome="{e(outcome)}"><b>{e(OUTCOME_WORDS.get(outcome, outcome))}</b>'
        f" (your {what})</p>"
    ]
    if decision.get("reason"):
        parts.append(f'<p data-k="decision-reason">{e(decision["reason"])}</p>')
    result = decision.get("result")
    if isinstance(result, Mapping):
        head = [str(result[k]) for k in ("outcome",) if result.get(k)]
        if result.get("degrees") is not None:
            dos = int(result["degrees"])
            head.append(f"{abs(dos)} {'DoS' if result.get('success') else 'DoF'}")
        parts.append(f'<p data-k="decision-result">{e(", ".join(head))}</p>')
        dice = "".join(f"<li>{e(d.get('purpose', ''))}: {e(d.get('value', ''))}</li>" for d in result.get("dice") or [])
        if dice:
            parts.append(f'<ul data-k="decision-dice">{dice}</ul>')
    return f'<section class="decision" data-k="decision" role="status">{"".join(parts)}</section>'
