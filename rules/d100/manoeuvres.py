"""The melee manoeuvres of Dark Heresy 1st edition and Deathwatch in one scenario: Feint,
Manoeuvre, Knock-Down, Stun and Defensive Stance (seed 003, Actions; seed 001, Combat Actions;
the books' Ch. VIII, Combat Actions, where the seeds give one line).

The attacker of the scenario is the one acting; the target is the opponent. Each is an action of
the ruleset's table with a ``manoeuvre`` kind (``rules/data/{dh1,dw}/actions.json``); the action's
record is the resolution's ``manoeuvre`` (:class:`~rules.d100.models.ManoeuvreResult`).

- ``feint``: an opposed Weapon Skill test (:mod:`rules.d100.opposed`); won, the attacker's next
  melee attack on this opponent cannot be Dodged or Parried.
- ``manoeuvre``: an opposed Weapon Skill test; won, the opponent is moved 1 metre in a direction
  the attacker chooses (the attacker may follow).
- ``knock_down``: an opposed Strength test; won, the opponent is Prone; won by two or more degrees
  of success, it also takes 1d5-3+SB Impact (unarmed damage, to the Body) and a level of Fatigue;
  lost by two or more degrees, the attacker falls Prone instead.
- ``stun``: a Weapon Skill test at -20 with the weapon held (the opponent may Dodge or Parry);
  hit, the attacker rolls 1d10+SB against the opponent's TB + the AP on its head; equal or higher
  Stuns the opponent for as many rounds as the difference (at least 1), with a level of Fatigue.
- ``defensive_stance``: no test; until its next turn the attacker's opponents suffer -20 WS
  against it and it cannot attack; in Deathwatch it also gains an extra Reaction.

Each side of an opposed test carries its own typed modifiers: the attacker's ``action.modifiers``
and its Fatigued circumstance, the target's state from ``action.manoeuvre_opponent_modifiers``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from rules.d100 import tables
from rules.d100.models import AppliedModifier, Hit, ManoeuvreResult, Resolution

from ..errors import FieldError, ScenarioError
from .grapple import HANDS, NoDegreesDie, fatigued_by, side_result
from .opposed import Opposed, Side, SideTest, opposed_test
from .stages import check, evasion, modifiers, test
from .stages.damage import damage_all
from .stages.finish import finish
from .state import AttackState

if TYPE_CHECKING:
    from .attack import D100Attack

NAMES = {
    "feint": "Feint",
    "manoeuvre": "Manoeuvre",
    "knock_down": "Knock-Down",
    "stun": "Stun",
    "defensive_stance": "Defensive Stance",
}
CHAR = {"feint": "WS", "manoeuvre": "WS", "knock_down": "S"}
"""The characteristic of each opposed manoeuvre."""


@dataclass
class _Out:
    """What a manoeuvre did, gathered for its record."""

    kind: str
    start: AttackState
    tests: list[SideTest] = field(default_factory=list)
    winner: str | None = None
    effects: list[str] = field(default_factory=list)
    prone: bool = False
    attacker_prone: bool = False
    stunned_rounds: int = 0
    fatigue: int = 0
    metres: int = 0
    no_evasion: bool = False
    extra_reaction: bool = False
    hits: tuple[Hit, ...] = ()
    taken: int | None = None
    slain: bool = False


def kind_of(a: D100Attack) -> str | None:
    """The manoeuvre the scenario's action makes (``feint`` ...), or None for an attack."""
    act = tables.actions(a.SYSTEM).get(a.s.action.action_type)
    return act.manoeuvre if act is not None else None


def resolve(a: D100Attack, kind: str) -> Resolution:
    """The manoeuvre ``kind`` of ``a``'s scenario. Returns the resolution with its ``manoeuvre``
    record. Raises :class:`~rules.errors.ScenarioError` for a scenario it cannot have (the
    opponent's WS or S missing: at ``target.characteristics.*``) and
    :class:`~rules.errors.NeedDie` when scripted dice run out."""
    st = check.run(a) if kind == "stun" else _checked(a, kind)
    errors: list[FieldError] = []
    if a.s.target.horde is not None:  # one opponent's manoeuvre: a Horde has no WS, Strength or head
        errors.append(FieldError("target.horde", f"A {NAMES[kind]} is made against one opponent, not a Horde"))
    char = CHAR.get(kind)
    if char is not None and getattr(a.s.target.characteristics, char) is None:
        name = NAMES[kind]
        errors.append(
            FieldError(
                f"target.characteristics.{char}",
                f"{name} is an opposed {'Weapon Skill' if char == 'WS' else 'Strength'} test: "
                f"it needs {a.s.target.name}'s {'Weapon Skill' if char == 'WS' else 'Strength'} ({char})",
            )
        )
    if errors:
        raise ScenarioError(errors)
    out = _Out(kind, start=st)
    if kind == "stun":
        return _stun(a, st, out)
    if kind == "defensive_stance":
        _stance(a, out)
        return _resolution(a, st, out, True)
    r = _opposed(a, kind, out)
    {"feint": _feint, "manoeuvre": _manoeuvre, "knock_down": _knock_down}[kind](a, r, out)
    return _resolution(a, _state(st, r.active), out, r.winner == "active")


def _checked(a: D100Attack, kind: str) -> AttackState:
    """The action checked (the weapon suits it) and logged; the state its test starts from."""
    s = a.s
    action = check.check(a)
    char = CHAR.get(kind)
    what = {"WS": "an opposed Weapon Skill test", "S": "an opposed Strength test", None: "no test"}[char]
    a.step(
        "Manoeuvre",
        a.SRC[f"manoeuvre_{kind}"],
        f"{s.attacker.name} makes a {action.name} ({action.type} Action) against {s.target.name}: {what}.",
    )
    value = getattr(s.attacker.characteristics, char) if char else s.attacker.characteristics.WS
    return AttackState(action=action, char=char or "WS", char_value=value, mode=None, rounds=0, band=None)


def _typed(mods: object) -> list[AppliedModifier]:
    return [
        AppliedModifier(label=m.label, value=m.value, source=m.source or "extra modifier")
        for m in mods  # type: ignore[attr-defined]
    ]


def _opposed(a: D100Attack, kind: str, out: _Out) -> Opposed:
    """The opposed test of ``kind``, logged; its tests kept in ``out``."""
    s = a.s
    char = CHAR[kind]
    own = (*fatigued_by(a), *_typed(s.action.modifiers))
    theirs = tuple(_typed(s.action.manoeuvre_opponent_modifiers or []))
    value = getattr(s.target.characteristics, char)
    assert value is not None  # checked
    active = Side(s.attacker.name, char, getattr(s.attacker.characteristics, char), own)
    passive = Side(s.target.name, char, value, theirs)
    r, text = opposed_test(a, a.roller, active, passive, NAMES[kind])
    what = "Weapon Skill" if char == "WS" else "Strength"
    a.step(f"Opposed {what} test: {NAMES[kind]}", a.SRC["opposed"], text)
    out.tests.extend([r.active, r.passive])
    out.winner = {"active": "attacker", "passive": "target", None: None}[r.winner]
    return r


def _effect(a: D100Attack, out: _Out, kind: str, text: str) -> None:
    out.effects.append(text)
    a.step(NAMES[kind], a.SRC[f"manoeuvre_{kind}"], text)


def _feint(a: D100Attack, r: Opposed, out: _Out) -> None:
    s = a.s
    if r.winner != "active":
        _effect(a, out, "feint", f"{s.target.name} is not deceived: the next attack may be Dodged or Parried.")
        return
    out.no_evasion = True
    _effect(
        a,
        out,
        "feint",
        f"{s.attacker.name}'s next melee attack on {s.target.name} cannot be Dodged or Parried.",
    )


def _manoeuvre(a: D100Attack, r: Opposed, out: _Out) -> None:
    s = a.s
    if r.winner != "active":
        _effect(a, out, "manoeuvre", f"{s.target.name} holds its ground.")
        return
    out.metres = 1
    _effect(
        a,
        out,
        "manoeuvre",
        f"{s.attacker.name} moves {s.target.name} 1 metre in a direction of its choice, and may follow it 1 metre.",
    )


def margin(r: Opposed) -> int:
    """By how many degrees of success the winner won: its degrees less the loser's (a failed test
    counts 0)."""
    a, p = max(0, r.active.degrees), max(0, r.passive.degrees)
    if r.winner == "active":
        return a - (p if r.passive.success else 0)
    if r.winner == "passive":
        return p - (a if r.active.success else 0)
    return 0


def _knock_down(a: D100Attack, r: Opposed, out: _Out) -> None:
    s = a.s
    by = margin(r)
    if r.winner != "active":
        if r.winner == "passive" and by >= 2:
            out.attacker_prone = True
            _effect(
                a, out, "knock_down", f"{s.target.name} wins by {by} degrees of success: {s.attacker.name} falls Prone."
            )
        else:
            _effect(a, out, "knock_down", f"{s.target.name} keeps its feet.")
        return
    out.prone = True
    if by < 2:
        _effect(a, out, "knock_down", f"{s.target.name} is knocked to the ground: Prone.")
        return
    _effect(
        a,
        out,
        "knock_down",
        f"{s.target.name} is knocked to the ground (Prone) and, {s.attacker.name} winning by {by} degrees of success, "
        f"takes 1d5\u22123+SB Impact to the Body and a level of Fatigue.",
    )
    s = a.s
    bare = s.model_copy(update={"attacker": s.attacker.model_copy(update={"weapon": HANDS})})
    sub = type(a)(bare, a.roller, NoDegreesDie())
    sub.steps, sub.target_tests = a.steps, a.target_tests
    st = damage_all(sub, _state(out.start, r.active), ((0, "Body"),))
    out.fatigue = 1
    out.hits, out.taken, out.slain = st.results, st.taken, st.slain


def _stun(a: D100Attack, st: AttackState, out: _Out) -> Resolution:
    """Stun: the WS test at -20 with the weapon held; hit and not avoided, 1d10+SB against
    1d10+TB+head AP."""
    s = a.s
    st = test.run(a, modifiers.run(a, st))
    if not st.success:
        _effect(a, out, "stun", f"{s.attacker.name} misses: {s.target.name} is not Stunned.")
        return _resolution(a, st, out, False)
    st = evasion.run(a, replace(st, hits=1, locations=("Head",)))
    if st.negated:
        _effect(a, out, "stun", f"{s.target.name} avoids the blow: it is not Stunned.")
        return _resolution(a, st, out, False, "evaded")
    sb = s.attacker.SB
    tb, ap = s.target.toughness_bonus, s.target.armour_at("Head")
    roll = a.roller.roll(10, f"Stun: {s.attacker.name}'s 1d10 + SB", "stun")
    up, down = roll + sb, tb + ap
    text = (
        f"{s.attacker.name}: 1d10 {roll} + SB {sb} = {up}, against {s.target.name}'s TB {tb} + head AP {ap} = {down}."
    )
    if up >= down:
        out.stunned_rounds, out.fatigue, out.winner = max(1, up - down), 1, "attacker"
        text += (
            f" Equal or higher: {s.target.name} is Stunned for {out.stunned_rounds} round(s) "
            f"(the difference, at least 1) and gains a level of Fatigue. The Stun succeeds."
        )
    else:
        out.winner = "target"
        text += (
            f" Lower: {s.target.name} shrugs off the blow and is not Stunned. The Weapon Skill test "
            "succeeded (the blow landed); the Stun fails."
        )
    _effect(a, out, "stun", text)
    return _resolution(a, st, out, out.stunned_rounds > 0)


def _stance(a: D100Attack, out: _Out) -> None:
    s = a.s
    extra = a.DEFENSIVE_STANCE_EXTRA_REACTION
    out.extra_reaction = extra
    more = "; it gains an additional Reaction" if extra else ""
    _effect(
        a,
        out,
        "defensive_stance",
        f"Until its next turn, {s.attacker.name}'s opponents suffer \u221220 WS against it, and it cannot attack{more}.",
    )


def _state(st: AttackState, first: SideTest) -> AttackState:
    """The headline state: the attacker's side of the opposed test."""
    return replace(
        st,
        char=first.side.char,
        char_value=first.side.value,
        modifiers=first.side.modifiers,
        modifier_total=first.total,
        target_number=first.test.target,
        roll=first.test.roll,
        test=first.test,
    )


def _resolution(a: D100Attack, st: AttackState, out: _Out, won: bool, outcome: str | None = None) -> Resolution:
    if out.hits:
        st = replace(st, results=out.hits, taken=out.taken, slain=out.slain)
    st = replace(st, fatigue=out.fatigue)
    res = finish(a, st, outcome or ("hit" if won else "miss"), success=won)
    rec = ManoeuvreResult(
        test_success=st.success if out.kind == "stun" else None,  # the Stun's WS test (its hit)
        kind=out.kind,
        tests=[side_result(t) for t in out.tests],
        winner=out.winner,
        effects=out.effects,
        prone=out.prone,
        attacker_prone=out.attacker_prone,
        stunned_rounds=out.stunned_rounds,
        fatigue=out.fatigue,
        metres=out.metres,
        no_evasion=out.no_evasion,
        extra_reaction=out.extra_reaction,
    )
    return res.model_copy(update={"manoeuvre": rec})
