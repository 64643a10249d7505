"""The players' view of a fight: what a player's phone may be sent, made by the engine from the
encounter file, with every number the GM keeps hidden left out.

``player_view(file)`` (a file as :func:`rules.encounter.run.load_file` reads it) returns::

    {"auspex_player_view": 1, "system", "name", "round", "turn": TURN | None,
     "cards": [CARD, ...], "log": [{"index", "round", "text"}, ...]}

- **Who is shown whole.** A combatant of the side ``"party"`` (the player characters) or one the
  GM reveals (the encounter file's ``reveal``: a list of ids; an id no longer in the fight reveals
  nothing) is *shown*: its card carries its numbers (wounds and damage taken, critical damage,
  Fatigue, a Horde's Magnitude, an Epic formation's units and Shock, the fan ruleset's injuries,
  conditions with their turns left, its weapons' clip and jam, Aim held, Fate, its Reaction).
- **Everyone else is hidden**: its card is ``{"id", "name", "side", "shown": false, "state",
  "out", "conditions"}``: its name, how hurt it is in words (:func:`state_word`), why it is out of
  the fight (``slain``...) and its conditions' names (what the table sees: Prone, Stunned), no
  number of it at all.
- **Cards** are in initiative order (those not in it after, as added), as the GM's tracker.
- **TURN**: ``{"who", "name", "shown"}``; for a shown combatant also what it may still do, from
  the engine (:func:`rules.encounter.turn.turn_view`): ``half_actions_left``, ``actions`` done,
  ``reaction_used``, ``target`` (the default target's id), ``may`` (the controls the engine takes
  now) and ``refused`` (control: the engine's reason, citing the books as the page does,
  :func:`rules.sources.book_words`; a reason about a hidden target is left out, the control
  listed with ``null``).
- **The log** is written here, one line per event, never the GM's log text (which quotes every
  number, dice and wounds of the NPCs too): what the event was (who did what to whom, an
  attack's outcome in the engine's word, ``hit``/``miss``/``jam``...) and what changed, read from
  the difference between the cards before and after it: the numbers of a shown combatant, the
  state word and conditions of a hidden one. No dice, no GM's note (a note is the GM's, and may
  quote anything), no hidden number.

The words of how hurt a hidden combatant is (:func:`state_word`): Deathwatch's own, where the
ruleset's tables give them (``rules/data/dw/tables.json``, ``damage_states``: seed 001, Damage:
Lightly Damaged up to twice TB in damage, Heavily Damaged beyond it, Critically Damaged past its
wounds, as the attack's resolution words them, :func:`rules.d100.stages.after_hit.damage_state`),
``unhurt`` before any damage (the book names only damaged states; the word is Auspex's); elsewhere
Auspex's own wording (no ruleset here names such states): ``unhurt`` (nothing taken), ``hurt`` (at
most half of its wounds, Magnitude or units gone; the fan ruleset: any injury), ``badly hurt``
(more than half, or any critical damage), ``down`` (out of the fight).

Raises :class:`~rules.encounter.models.EncounterError` (as :func:`~rules.encounter.engine.replay`)
when an event does not apply; :func:`run_player_view` is the envelope that never raises.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.d100 import tables

from ..errors import NeedDie, ScenarioError
from ..sources import book_words
from .engine import apply_event, replay
from .families import family
from .models import PARTY, AttackEvent, CombatantState, EncounterError, EncounterFile, EncounterState
from .turn import turn_view

VERSION = 1
"""The view's format (``auspex_player_view``): fields are added, never renamed or dropped."""
UNHURT, HURT, BADLY_HURT, DOWN = "unhurt", "hurt", "badly hurt", "down"
"""Auspex's words for how hurt a hidden combatant is (the rulesets with no words of their own)."""
STATE_WORDS = (UNHURT, HURT, BADLY_HURT, DOWN, "Lightly Damaged", "Heavily Damaged", "Critically Damaged")
"""Every word :func:`state_word` gives."""
TARGETED = ("attack", "grapple")
"""The turn's controls aimed at the default target: their refusal may name the target's numbers."""

SIMPLE_WORDS = {
    "reload": "reloads",
    "stand": "stands up",
    "ready": "readies an item",
    "move": "moves",
    "run": "runs",
    "delay": "delays",
    "end_turn": "ends its turn",
    "take_item": "takes an item",
    "disengage": "disengages",
    "tactical_advance": "makes a Tactical Advance",
    "brace": "braces",
}
"""The words of an action with no roll (the event's ``type``)."""
TEST_WORDS = {"skill": "Use a Skill", "jump": "Jump", "leap": "Leap", "focus_power": "Focus Power"}
"""The words of a test event's ``test``."""


def state_word(system: str, c: CombatantState) -> str:
    """How hurt ``c`` is, in the ruleset's words (Deathwatch: ``Lightly Damaged``, ``Heavily
    Damaged``, ``Critically Damaged``, and ``unhurt`` before any damage) or Auspex's (``unhurt``,
    ``hurt``, ``badly hurt``, ``down``); see the module docstring for the thresholds and sources."""
    rule = _damage_states(system)
    if rule is not None and c.kind == "single" and c.wounds is not None:
        tb = int((c.target or {}).get("toughness_bonus", 3))
        if c.damage_taken > c.wounds or c.critical > 0:
            return "Critically Damaged"
        if c.damage_taken > rule.heavy_over_tb * tb:
            return "Heavily Damaged"
        return "Lightly Damaged" if c.damage_taken > 0 else UNHURT
    if c.out:
        return DOWN
    gone, whole = _harm(c)
    if c.critical > 0 or (whole and gone * 2 > whole):
        return BADLY_HURT
    return HURT if gone > 0 else UNHURT


def _damage_states(system: str) -> Any:
    """The ruleset's damage states (``Tables.damage_states``: Deathwatch's), or None."""
    if family(system).name != "d100":
        return None
    return tables.tables(system).damage_states


def _harm(c: CombatantState) -> tuple[int, int]:
    """What ``c`` has lost out of its whole: wounds, Magnitude or units (the fan ruleset's
    injuries count 1 of nothing known, so any injury is ``hurt``)."""
    if c.kind == "horde" and c.magnitude_start:
        return c.magnitude_start - (c.magnitude or 0), c.magnitude_start
    if c.kind == "formation" and c.units_start:
        return c.units_start - (c.units if c.units is not None else c.units_start), c.units_start
    if c.kind == "rp":
        return len(c.injuries), 0
    return c.damage_taken, c.wounds or 0


# --- the cards -----------------------------------------------------------------------------------


def _weapon(w: Any) -> dict[str, Any] | None:
    if w is None:
        return None
    keys = ("name", "clip", "rounds", "jammed", "overheated", "reloading", "repairing", "recharging")
    return {k: getattr(w, k) for k in keys}


def shown_card(system: str, c: CombatantState) -> dict[str, Any]:
    """A shown combatant's card (the module docstring): its numbers as the state holds them."""
    return {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "shown": True,
        "state": state_word(system, c),
        "out": c.out,
        "kind": c.kind,
        "initiative": c.initiative,
        "wounds": c.wounds,
        "damage_taken": c.damage_taken,
        "critical": c.critical,
        "fatigue": c.fatigue,
        "magnitude": c.magnitude,
        "magnitude_start": c.magnitude_start,
        "units": c.units,
        "units_start": c.units_start,
        "shock": c.shock,
        "injuries": list(c.injuries),
        "weapon": _weapon(c.weapon),
        "second_weapon": _weapon(c.second_weapon),
        "conditions": [{"name": x.name, "rounds": x.rounds} for x in c.conditions],
        "aim": c.aim,
        "fate": c.fate,
        "fate_max": c.fate_max,
        "reaction_used": c.reaction_used,
        "no_reaction": c.no_reaction,
    }


def hidden_card(system: str, c: CombatantState) -> dict[str, Any]:
    """A hidden combatant's card: its name, state word, why it is out and its conditions' names."""
    return {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "shown": False,
        "state": state_word(system, c),
        "out": c.out,
        "conditions": [x.name for x in c.conditions],
    }


def _shown(c: CombatantState, reveal: frozenset[str]) -> bool:
    return c.side == PARTY or c.id in reveal


def cards(state: EncounterState, reveal: frozenset[str]) -> list[dict[str, Any]]:
    """Every combatant's card, in initiative order (those not in it after, as added)."""
    place = {cid: i for i, cid in enumerate(state.order)}
    ordered = sorted(state.combatants, key=lambda c: place.get(c.id, len(place)))
    return [shown_card(state.system, c) if _shown(c, reveal) else hidden_card(state.system, c) for c in ordered]


# --- the turn ------------------------------------------------------------------------------------


def turn(state: EncounterState, reveal: frozenset[str]) -> dict[str, Any] | None:
    """Whose turn it is and, for a shown combatant, what it may still do (module docstring)."""
    view = turn_view(state)
    c = state.get(state.turn or "")
    if view is None or c is None:
        return None
    out: dict[str, Any] = {"who": c.id, "name": c.name, "shown": _shown(c, reveal)}
    if not out["shown"]:
        return out
    target = state.get(view["target"] or "")
    target_shown = target is not None and _shown(target, reveal)
    allowed: Mapping[str, str | None] = view["allowed"]
    out.update(
        {
            "half_actions_left": max(0, family(state.system).budget - c.half_actions),
            "actions": list(c.actions),
            "reaction_used": c.reaction_used,
            "target": target.id if target is not None else None,
            "may": [k for k, why in allowed.items() if why is None],
            "refused": {
                k: (book_words(why) if target_shown or k not in TARGETED else None)
                for k, why in allowed.items()
                if why is not None
            },
        }
    )
    return out


# --- the log -------------------------------------------------------------------------------------


def _name(state: EncounterState, cid: Any) -> str:
    c = state.get(cid) if isinstance(cid, str) else None
    return c.name if c is not None else "someone"


def _what(names: Mapping[str, str], after: EncounterState, ev: Any, res: Any, reveal: frozenset[str]) -> str:
    """What the event was, in words with no hidden number (module docstring); ``names``: the
    combatants' names by id before it (one it removes is named)."""
    who = names.get(str(getattr(ev, "who", "")), "someone")
    kind = ev.type
    if kind == "add":
        new = [c.name for c in after.combatants if c.id not in names]
        return f"{', '.join(new)} {'joins' if len(new) == 1 else 'join'} the fight"
    if kind == "initiative":
        return "Initiative: " + ", ".join(_initiative(after, cid, reveal) for cid in after.order)
    if kind == "attack":
        return f"{who} attacks {names.get(ev.at, 'someone')} ({_action(ev)}): {_verdict(res)}"
    if kind == "aim":
        return f"{who} aims ({ev.aim.capitalize()} Action)"
    if kind == "clear_jam":
        return f"{who} tries to clear a jam"
    if kind == "test":
        return f"{who} takes a test: {TEST_WORDS[ev.test]}"
    if kind == "rest":
        return f"{who} rests"
    if kind == "overwatch":
        return f"{who} goes on Overwatch"
    if kind in SIMPLE_WORDS:
        return f"{who} {SIMPLE_WORDS[kind]}"
    gm: dict[str, str] = {
        "profile": f"{who}'s profile is changed",
        "remove": f"{who} leaves the fight",
        "condition": f"The GM changes {who}'s conditions",
        "adjust": f"The GM adjusts {who}",
        "critical_tables": "The GM sets the critical tables",
    }
    return gm.get(str(kind), str(kind))


def _initiative(state: EncounterState, cid: str, reveal: frozenset[str]) -> str:
    c = state.get(cid)
    if c is None:
        return "someone"
    if _shown(c, reveal) and c.initiative is not None:
        return f"{c.name} {c.initiative}"
    return c.name


def _action(ev: AttackEvent) -> str:
    """The attack's action name (the engine's: the action's ``type`` or ``kind``), as validated
    by the attack's resolution; ``Attack`` when it names none."""
    name = ev.action.get("type") or ev.action.get("kind") or "Attack"
    return str(name)[:80]


def _verdict(res: Any) -> str:
    """The outcome of the attack in the engine's word (``hit``, ``miss``, ``jam``, ``evaded``; a
    grapple's or a manoeuvre's ``won``/``lost``; Epic's ``losses``...), never a number."""
    from rules.d100.encounter import grapple, manoeuvres

    if res is None:
        return "done"
    if getattr(res, "grapple", None) is not None:
        return grapple.verdict(res)
    return manoeuvres.verdict(res) or str(res.outcome)


def _changes(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]]) -> list[str]:
    """What changed between two sets of cards (by id), in words: only what the cards hold."""
    out = []
    for cid, card in after.items():
        old = before.get(cid)
        if old is None or old == card:
            continue
        out.extend(_card_changes(old, card))
    return out


def _card_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    name = new["name"]
    words: list[str] = []
    if new["shown"] and old["shown"]:
        words += _number_changes(old, new)
    elif new["state"] != old["state"]:
        words.append(f"{name} is {new['state']}")
    if new["out"] != old["out"] and new["out"]:
        words.append(f"{name} is {new['out']}")
    before_names = [_cond_name(x) for x in old["conditions"]]
    after_names = [_cond_name(x) for x in new["conditions"]]
    words += [f"{name} is {x}" for x in after_names if x not in before_names]
    words += [f"{name} is no longer {x}" for x in before_names if x not in after_names]
    return words


def _cond_name(x: Any) -> str:
    return str(x["name"] if isinstance(x, dict) else x)


def _number_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """A shown combatant's numbers that changed, in words."""
    name = new["name"]
    words = []
    if (new["damage_taken"], new["critical"]) != (old["damage_taken"], old["critical"]) and new["wounds"] is not None:
        crit = f", critical damage {new['critical']}" if new["critical"] else ""
        words.append(f"{name}: {new['damage_taken']} of {new['wounds']} taken{crit}")
    for key, label in (("fatigue", "Fatigue"), ("magnitude", "Magnitude"), ("units", "units"), ("shock", "Shock")):
        if new[key] != old[key]:
            words.append(f"{name}: {label} {new[key]}")
    words += [f"{name}: {x}" for x in new["injuries"][len(old["injuries"]) :]]
    for key in ("weapon", "second_weapon"):
        w, v = new[key], old[key]
        if w and v and (w["rounds"], w["jammed"]) != (v["rounds"], v["jammed"]):
            clip = f"{w['rounds']} of {w['clip']} rounds" if w["clip"] else ""
            jam = "jammed" if w["jammed"] else ""
            words.append(f"{name}'s {w['name']}: " + ", ".join(x for x in (clip, jam) if x))
    if new["fate"] != old["fate"] and new["fate"] is not None:
        words.append(f"{name}: Fate {new['fate']} of {new['fate_max']}")
    return words


def player_view(file: EncounterFile) -> dict[str, Any]:
    """The view of ``file`` for a player (module docstring). Raises :class:`EncounterError`
    naming the first event that does not apply (``encounter.events.4.who``)."""
    reveal = frozenset(file.reveal or [])
    state = replay(file.model_copy(update={"events": []}), "encounter.events")  # the file's own checks
    log: list[dict[str, Any]] = []
    seen = {c["id"]: c for c in cards(state, reveal)}
    for i, ev in enumerate(file.events):
        names = {c.id: c.name for c in state.combatants}
        turn_was = (state.round, state.turn)
        try:  # in place, as replay builds its state: linear in the events
            applied = apply_event(state, ev, f"encounter.events.{i}")
        except NeedDie as need:  # as replay says it: the file's dice are short
            raise EncounterError.at(f"encounter.events.{i}.dice", f"Too few dice recorded: {need}") from None
        state = applied.state
        now = {c["id"]: c for c in cards(state, reveal)}
        parts = [_what(names, state, ev, applied.resolution, reveal), *_changes(seen, now)]
        if (state.round, state.turn) != turn_was and state.turn is not None:
            parts.append(f"Round {state.round}: {_name(state, state.turn)}'s turn")
        log.append({"index": i, "round": state.round, "text": "; ".join(parts)})
        seen = now
    return {
        "auspex_player_view": VERSION,
        "system": state.system,
        "name": state.name,
        "round": state.round,
        "turn": turn(state, reveal),
        "cards": list(seen.values()),
        "log": log,
    }


def run_player_view(data: Any) -> dict[str, Any]:
    """``{"status": "ok", "view": VIEW}`` for an encounter file (a JSON dict), or ``{"status":
    "invalid", "errors": [{"field", "message"}]}`` (``encounter.events.3.who``); never raises for
    bad input."""
    from .run import load_file

    try:
        return {"status": "ok", "view": player_view(load_file(data))}
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
