"""What the melee manoeuvres and the committed attack actions leave in an encounter.

The d100 family (:class:`rules.d100.encounter.family.D100`) calls three hooks, each reading the
structured record only (the resolution's ``manoeuvre``, its ``action`` and dice), never the step
log's words:

- :func:`before`: while an attack's scenario is built, what the target's state does to its
  Reaction: a won Feint of the attacker (its next melee attack on that opponent cannot be Dodged
  or Parried: the evasion is taken away) and Guarded Attack's +10 to Parry and Dodge.
- :func:`after`: once resolved, the conditions it leaves: Feinted (on the opponent, naming the
  one who feinted), Prone (Knock-Down; the attacker's own fall), Stunned for the rounds rolled
  (Stun; its level of Fatigue), Defensive Stance, All Out Attacking and Guarded (on the attacker,
  until its next turn); a Feint used up by the melee attack it was for.
- :func:`start_turn`: what ends when its bearer's turn starts: All Out Attacking, Guarded and
  Defensive Stance; a Feint not used by the end of the feinter's next turn.

The conditions' records are registered in :data:`rules.encounter.conditions.CONDITIONS` (All Out
Attacking stops Reactions there, so the Reaction step names it), Defensive Stance's -20 WS for
opponents among its record's modifiers (DH1 seed 003, DW seed 001; DH2 has no Defensive Stance).
"""

from __future__ import annotations

from typing import Any

from rules.d100 import FATIGUED_SOURCE, fatigued
from rules.encounter import conditions
from rules.encounter.conditions import ConditionRule, Modifier
from rules.encounter.models import CombatantState, Condition, EncounterError, EncounterState

FEINT_SRC = "seed 003, Actions (Feint); seed 001, Combat Actions (Feint: your next attack cannot be Dodged or Parried)"
RULES = (
    ConditionRule(
        "Feinted",
        FEINT_SRC,
        "the one who feinted it: its next melee attack on it cannot be Dodged or Parried",
    ),
    ConditionRule(
        "All Out Attacking",
        "seed 003, Actions (All Out Attack: cannot Dodge or Parry); seed 001, Combat Actions; DH2 Core, Ch. VII",
        "until its next turn: no Dodge or Parry",
        ("no_reaction",),
    ),
    ConditionRule(
        "Guarded",
        "seed 003, Actions (Guarded Attack: +10 to Parry and Dodge); seed 001, Combat Actions; DH2 Core, Ch. VII",
        "until its next turn: +10 to its Parry and Dodge",
    ),
    ConditionRule(
        "Defensive Stance",
        "seed 003, Actions (Defensive Stance: enemies \u221220 WS, you cannot attack); seed 001, Combat Actions "
        "(gain an additional Reaction, opponents suffer \u221220 to WS)",
        "until its next turn: opponents \u221220 WS against it; it cannot attack (Deathwatch: one more Reaction)",
        modifiers=(
            Modifier("dh1", "target", ws=-20, source="seed 003, Actions (Defensive Stance: enemies \u221220 WS)"),
            Modifier(
                "dw",
                "target",
                ws=-20,
                source="seed 001, Combat Actions (Defensive Stance: opponents suffer \u221220 to WS)",
            ),
        ),
    ),
)
UNTIL_NEXT_TURN = ("All Out Attacking", "Guarded", "Defensive Stance")
"""The conditions an action puts on its actor until the actor's next turn starts."""
_NOT_EVADED = ("feint", "manoeuvre", "knock-down", "defensive stance")  # opposed tests or no test: no Reaction
_COMMITTED = {"all out attack": "All Out Attacking", "guarded attack": "Guarded"}


def register() -> None:
    """Add these conditions' records (Defensive Stance's modifier to opponents among them) to
    :mod:`rules.encounter.conditions` (idempotent)."""
    for r in RULES:
        conditions.register(r)


register()


def _feint(at: CombatantState, who: CombatantState) -> Condition | None:
    return next((c for c in at.conditions if c.name == "Feinted" and c.other == who.id), None)


def before(who: CombatantState, at: CombatantState, t: dict[str, Any], ev: Any, melee: bool, field: str) -> list[str]:
    """The Feint and Guarded Attack on the target's Reaction in the scenario's target ``t``
    (changed in place: no ``evasion``, or its ``modifier`` +10); the notes. Raises
    :class:`~rules.encounter.models.EncounterError` when the event asks for a Reaction a won Feint
    takes away."""
    evasion = t.get("evasion")
    if not evasion:
        return []
    kind = str(ev.action.get("type", "")).strip().lower()
    feint = _feint(at, who) if melee and kind not in _NOT_EVADED else None
    if feint is not None:
        why = (
            f"{who.name} won a Feint against {at.name}: this melee attack cannot be Dodged or Parried ({feint.source})"
        )
        if ev.reaction is True:
            raise EncounterError.at(f"{field}.reaction", why)
        t["evasion"] = None
        return [why]
    if at.has("Guarded"):
        total = int(evasion.get("modifier", 0)) + 10
        t["evasion"] = {**evasion, "modifier": max(-60, min(60, total))}
        return [f"{at.name} made a Guarded Attack: +10 to its {evasion.get('reaction', 'Dodge')} ({RULES[2].rule})"]
    return []


_OPPOSED_CHAR = {"feint": "WS", "manoeuvre": "WS", "knock-down": "S"}


def opponent(at: CombatantState, t: dict[str, Any], action: dict[str, Any]) -> list[str]:
    """The opponent's side of a Feint's, Manoeuvre's or Knock-Down's opposed test in the scenario
    (``t`` and ``action`` changed in place): its WS or S from its own attacker profile when its
    target profile lacks it, and its Fatigue (-10 to all tests, seed 001) as its modifier; the notes."""
    char = _OPPOSED_CHAR.get(str(action.get("type", "")).strip().lower())
    if char is None:
        return []
    notes = []
    chars = t.setdefault("characteristics", {})
    own = ((at.attacker or {}).get("characteristics") or {}).get(char)
    if chars.get(char) is None and own is not None:
        chars[char] = own
        notes.append(f"{at.name}'s {char} {own}, from its attacker profile, for the opposed test")
    if fatigued(at.fatigue):
        src = f"{FATIGUED_SOURCE}; seed 003"
        action["manoeuvre_opponent_modifiers"] = [{"label": "Fatigued", "value": fatigued(at.fatigue), "source": src}]
        notes.append(f"{at.name} is Fatigued: \u221210 on its side of the opposed test")
    return notes


def can_react(at: CombatantState) -> str | None:
    """Why ``at`` cannot make a Reaction now (:func:`rules.encounter.conditions.can_react`), but a
    Deathwatch Defensive Stance's additional Reaction still unspent lets it make a second one."""
    why = conditions.can_react(at)
    stance = at.has("Defensive Stance")
    if why is not None and at.reaction_used and stance is not None and stance.value == 1:
        at.reaction_used = False
        other = conditions.can_react(at)
        at.reaction_used = True
        return other
    return why


def spent(res: Any, at: CombatantState) -> list[str]:
    """Before the attack's Reaction is recorded: a second Reaction made in a Defensive Stance spends
    its additional Reaction; the words of it."""
    stance = at.has("Defensive Stance")
    if stance is None or stance.value != 1 or not at.reaction_used:
        return []
    if not any("(evasion)" in d.purpose for d in res.dice):
        return []
    at.conditions = [c if c is not stance else c.model_copy(update={"value": 0}) for c in at.conditions]
    return [f"{at.name} makes the additional Reaction of its Defensive Stance ({stance.source})"]


def _put(c: CombatantState, cond: Condition) -> None:
    c.conditions = [x for x in c.conditions if not (x.name == cond.name and x.other == cond.other)] + [cond]


def after(res: Any, who: CombatantState, at: CombatantState, melee: bool) -> list[str]:
    """The conditions the resolution ``res`` of ``who``'s action on ``at`` leaves; the words of it."""
    out: list[str] = []
    feint = _feint(at, who)
    m = getattr(res, "manoeuvre", None)
    if feint is not None and melee and (m is None or m.kind == "stun"):
        at.conditions = [c for c in at.conditions if c is not feint]
        out.append(f"{who.name}'s Feint on {at.name} is used: {at.name} could not Dodge or Parry this attack")
    committed = _COMMITTED.get(res.action.strip().lower())
    if committed is not None:
        rule = conditions.rule(committed)
        _put(who, Condition(name=committed, source=rule.rule, detail=rule.summary))
        out.append(f"{who.name}: {committed} until its next turn ({rule.rule})")
    if m is not None:
        out.extend(_manoeuvre(m, who, at, res))
    return out


def _manoeuvre(m: Any, who: CombatantState, at: CombatantState, res: Any) -> list[str]:
    out: list[str] = []
    src = next((s.source for s in res.steps if s.rule == res.action), "")
    if m.no_evasion:
        _put(at, Condition(name="Feinted", other=who.id, value=1, source=src, detail=f"by {who.name}"))
        out.append(f"{at.name} is Feinted: {who.name}'s next melee attack on it cannot be Dodged or Parried")
    for c, fell in ((at, m.prone), (who, m.attacker_prone)):
        if fell and not c.has("Prone"):
            _put(c, Condition(name="Prone", source=src, detail="knocked down"))
            out.append(f"{c.name} is knocked Prone ({src})")
    if m.stunned_rounds:
        _put(at, Condition(name="Stunned", rounds=m.stunned_rounds, source=src, detail=f"by {who.name}'s Stun"))
        out.append(f"{at.name} is Stunned for {m.stunned_rounds} round(s) ({src})")
    if m.fatigue and not res.hits:  # a Stun's level of Fatigue (a Knock-Down blow's is counted with its hit)
        at.fatigue += m.fatigue
        out.append(f"{at.name}: {m.fatigue} level(s) of Fatigue, {at.fatigue} in all")
    if m.metres:
        out.append(f"{at.name} is moved {m.metres} m by {who.name}")
    if m.kind == "defensive_stance":
        extra = 1 if m.extra_reaction else None
        _put(who, Condition(name="Defensive Stance", value=extra, source=src, detail="until its next turn"))
        more = "; one additional Reaction" if extra else ""
        out.append(f"{who.name} takes a Defensive Stance: opponents \u221220 WS against it until its next turn{more}")
    return out


def verdict(res: Any) -> str | None:
    """A manoeuvre's word for the log (``won``, ``lost``, ``no winner``, ``taken``; a Stun's
    ``stunned``, ``not stunned``, ``evaded``, ``miss``), or None for an attack."""
    m = getattr(res, "manoeuvre", None)
    if m is None:
        return None
    if m.kind == "defensive_stance":
        return "taken"
    if m.kind == "stun":
        return "stunned" if m.stunned_rounds else "not stunned" if m.winner == "target" else str(res.outcome)
    return {"attacker": "won", "target": "lost"}.get(m.winner or "", "no winner")


def start_turn(st: EncounterState, c: CombatantState) -> list[str]:
    """What ends as ``c``'s turn starts: its actions that last until its next turn, and a Feint it
    won and did not use in its turn (it lasts until the end of the feinter's next turn)."""
    out: list[str] = []
    ending = [x for x in c.conditions if x.name in UNTIL_NEXT_TURN]
    if ending:
        c.conditions = [x for x in c.conditions if x.name not in UNTIL_NEXT_TURN]
        out.extend(f"{c.name} is no longer {x.name}" for x in ending)
    for other in st.combatants:
        kept = []
        for x in other.conditions:
            if x.name == "Feinted" and x.other == c.id:
                if x.value == 0:
                    out.append(f"{c.name}'s Feint on {other.name} is lost: not used by the end of its next turn")
                    continue
                x = x.model_copy(update={"value": 0})
            kept.append(x)
        other.conditions = kept
    return out
