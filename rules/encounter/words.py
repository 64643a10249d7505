"""What an encounter event did, in the game's words, for the player to read (the page's status
line after Undo): ``Guardsman's Semi-Auto Burst at Cultist 1``, ``adding Cultist 2``,
``Stunned on Cultist 1``. Pure; names come from the state the event was taken in (or after)."""

from __future__ import annotations

from typing import Any

from .models import EncounterState

WORDS = {
    "initiative": "the initiative roll",
    "critical_tables": "the critical tables given",
    "end_turn": "End turn",
    "clear_jam": "Clear Jam",
    "take_item": "Take Item",
    "tactical_advance": "Tactical Advance",
    "brace": "Brace Heavy Weapon",
    "overwatch": "Overwatch",
    "rest": "rest",
}


def event_words(state: EncounterState, event: Any) -> str:
    """``event`` (an encounter event model) in words, its combatants named from ``state``
    (an id no longer there is named as it is). Never raises for a known event type."""
    names = {c.id: c.name for c in state.combatants}

    def name(cid: Any) -> str:
        return names.get(str(cid), str(cid))

    kind = str(getattr(event, "type", ""))
    who = name(getattr(event, "who", ""))
    if kind == "add":
        return f"adding {event.combatant.name}"
    if kind == "remove":
        return f"removing {who}"
    if kind == "profile":
        return f"{who}'s profile update"
    if kind == "attack":
        return _attack_words(who, name(event.at), event)
    if kind == "aim":
        return f"{who}'s Aim ({event.aim.capitalize()} Action)"
    if kind == "condition":
        return f"{event.condition}{' removed' if event.remove else ''} on {who}"
    if kind == "adjust":
        return f"the adjustment of {who}"
    if kind == "test":
        return f"{who}'s {event.skill or event.test.replace('_', ' ')} test"
    if kind in ("initiative", "critical_tables"):
        return WORDS[kind]
    return f"{who}'s {WORDS.get(kind, kind.replace('_', ' ').capitalize())}"


def _attack_words(who: str, at: str, event: Any) -> str:
    """An attack event in words: ``Guardsman's Semi-Auto Burst at Cultist 1``, a grapple's option,
    a volley of the bodies of one "xN" entry (``Cultist 1's volley of 3 (Standard Attack) at Guard``)."""
    action = event.action or {}
    what = str(action.get("type") or action.get("kind") or "attack")
    option = (action.get("grapple") or {}).get("option") if isinstance(action.get("grapple"), dict) else None
    if option:
        what += f" ({str(option).replace('_', ' ')})"
    joint = "with" if what.lower().startswith("grapple") else "at"
    if getattr(event, "volley", None):
        return f"{who}'s volley of {len(event.volley) + 1} ({what}) at {at}"
    return f"{who}'s {what} {joint} {at}"
