"""The Grapple action in one attack (``action.type: "Grapple"``, ``action.grapple``): seed 004,
Grappling, Grapple Action, Grappled Target Options, Grappling Size Differences.

The attacker of the scenario is the character acting; the target is the other grappler.

- ``attempt``: a melee attack made as a Standard Attack (or, with ``charge``, a Charge): the
  attacker's Weapon Skill test with bare hands (the action's modifier, the target's size, the
  circumstances and modifiers typed, and -20 against an armed foe: an attempt to Grapple is an
  unarmed attack); the target's Reaction may avoid it; if it lands, the grapple begins with the
  attacker in control. No damage is dealt.
- the controller's options (the attacker controls): ``damage``, ``throw``, ``push``, ``stand``
  are opposed Strength tests (:mod:`rules.d100.opposed`); ``ready`` and ``use_item`` need no test;
  ``end`` lets go (a Free Action).
- the grappled target's options (the target controls): ``break_free`` and ``take_control`` are
  opposed Strength tests; ``slip_free`` is a Challenging (+0) Acrobatics test.

Assistance adds +10 per helper (0-2 a side) to the opposed tests the seed says can benefit from it;
the controller gains +10 on the grapple's opposed tests while her opponent lies Prone from Throw
Down; a larger grappler who succeeds scores one extra degree per step of Size.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from rules.d100 import tables
from rules.d100.models import (
    GRAPPLE_CONTROLLER_OPTIONS,
    SIZES,
    AppliedModifier,
    Grapple,
    GrappleResult,
    Hit,
    OpposedSideResult,
    Resolution,
    Weapon,
)

from ..errors import FieldError, ScenarioError
from . import D100Test
from .opposed import Opposed, Side, SideTest, opposed_test
from .roles import TEST
from .seams import Seams
from .stages import check, evasion, modifiers, test
from .stages.damage import damage_all
from .stages.finish import finish
from .state import AttackState

if TYPE_CHECKING:
    from collections.abc import Callable

    from .attack import D100Attack
    from .stages.damage_dice import HitDice

HANDS = Weapon(name="bare hands", weapon_class="Unarmed", damage="1d5-3", pen=0)
"""The attempt and Damage Opponent are unarmed: 1d5-3+SB Impact, no penetration (Unarmed Combat)."""

NAMES = {
    "attempt": "Attempt a Grapple",
    "damage": "Damage Opponent",
    "throw": "Throw Down Opponent",
    "push": "Push Opponent",
    "ready": "Ready",
    "stand": "Stand",
    "use_item": "Use Item",
    "end": "End the Grapple",
    "break_free": "Break Free",
    "slip_free": "Slip Free",
    "take_control": "Take Control",
}
OPPOSED_S = frozenset({"damage", "throw", "push", "stand", "break_free", "take_control"})
"""The options made as an opposed Strength test; each "can benefit from Assistance" (seed 004)."""


@dataclass
class _Out:
    """What the options found, gathered for the resolution."""

    controller: Literal["attacker", "target", "none"]
    prone: bool
    tests: list[SideTest] = field(default_factory=list)
    winner: Literal["attacker", "target"] | None = None
    metres: int = 0
    fatigue: int = 0
    half_action: bool = False
    hits: tuple[Hit, ...] = ()
    taken: int | None = None
    slain: bool = False


class NoDegreesDie(Seams):
    """Damage Opponent is no attack test: no degrees-of-success die replaces its damage die."""

    def degrees_die(
        self,
        a: D100Attack,
        rolled: list[HitDice],
        degrees: int,
        bonus: int,
        wounds_through: Callable[[HitDice, int], int],
    ) -> None:
        return None


def resolve(a: D100Attack) -> Resolution:
    """The Grapple action of ``a``'s scenario: the attempt, or one grapple option.

    Returns the :class:`~rules.d100.models.Resolution` with its ``grapple`` record. Raises
    :class:`~rules.errors.ScenarioError` for an option the scenario cannot have (at
    ``action.grapple.*``, or ``target.characteristics.S`` for an opposed Strength test without the
    target's Strength) and :class:`~rules.errors.NeedDie` when scripted dice run out."""
    g = a.s.action.grapple or Grapple()
    errors = check_grapple(a, g)
    if errors:
        raise ScenarioError(errors)
    if g.option == "attempt":
        return attempt(a, g)
    return grapple_option(a, g)


def check_grapple(a: D100Attack, g: Grapple) -> list[FieldError]:
    """Every problem with ``action.grapple``, each at its field."""
    errors: list[FieldError] = []
    at = "action.grapple"
    errors.extend(_ruleset_options(a, g))  # a ruleset's own set of options (DH1: rules/dh1 Readings)
    if g.charge and g.option != "attempt":
        errors.append(FieldError(f"{at}.charge", "Only an attempt to Grapple is made as a Charge"))
    if g.then is not None and g.option != "take_control":
        errors.append(FieldError(f"{at}.then", "A controller option follows only a won Take Control"))
    if g.then == "end":
        errors.append(FieldError(f"{at}.then", "Ending the grapple is a Free Action, not a Controller Grapple Option"))
    for side in ("attacker", "target"):
        if getattr(g, f"assist_{side}") and g.option not in OPPOSED_S:
            errors.append(FieldError(f"{at}.assist_{side}", f"{NAMES[g.option]} cannot benefit from Assistance"))
    if g.opponent_modifiers and g.option not in OPPOSED_S:
        errors.append(
            FieldError(f"{at}.opponent_modifiers", f"{NAMES[g.option]} is no opposed test: the opponent does not test")
        )
    if g.acrobatics is not None and g.option != "slip_free":
        errors.append(FieldError(f"{at}.acrobatics", "Acrobatics is tested only to Slip Free"))
    if g.opponent_prone and g.option == "attempt":
        errors.append(FieldError(f"{at}.opponent_prone", "There is no grapple yet: nobody has been thrown down in it"))
    if (g.option in OPPOSED_S or g.then in OPPOSED_S) and a.s.target.characteristics.S is None:
        errors.append(
            FieldError(
                "target.characteristics.S",
                f"{NAMES[g.option]} is an opposed Strength test: it needs {a.s.target.name}'s Strength (S)",
            )
        )
    return errors


def _ruleset_options(a: D100Attack, g: Grapple) -> list[FieldError]:
    """An option (or Take Control's following one) the ruleset's grapple does not have (DH1: see
    ``rules/dh1``'s Readings), at ``action.grapple.option`` / ``.then``."""
    allowed = a.GRAPPLE_OPTIONS
    if allowed is None:
        return []
    names = ", ".join(NAMES[o] for o in NAMES if o in allowed)
    return [
        FieldError(f"action.grapple.{key}", f"{NAMES[value]} is not a {a.RULESET} grapple option: choose {names}")
        for key, value in (("option", g.option), ("then", g.then))
        if value is not None and value not in allowed
    ]


def _sub(a: D100Attack, kind: str) -> D100Attack:
    """The same attack with bare hands, as the action ``kind``; it writes to ``a``'s step log."""
    s = a.s
    scenario = s.model_copy(
        update={
            "attacker": s.attacker.model_copy(update={"weapon": HANDS}),
            "action": s.action.model_copy(update={"action_type": kind, "grapple": None}),
        }
    )
    seams = NoDegreesDie() if kind == "Grapple" else a.seams
    sub = type(a)(scenario, a.roller, seams)
    sub.steps = a.steps
    sub.target_tests = a.target_tests
    return sub


def attempt(a: D100Attack, g: Grapple) -> Resolution:
    """Attempt a Grapple: a WS test as a Standard Attack or a Charge; the target's Reaction may
    avoid it; success and no Reaction that avoids it: the grapple begins, the attacker in control."""
    kind = "Charge" if g.charge else a.GRAPPLE_ATTEMPT  # DH2, DW: a Standard Attack; DH1: the Grapple action
    s = a.s
    a.step(
        "Grapple",
        a.SRC["grapple"],
        f"{s.attacker.name} attempts to Grapple {s.target.name} ({kind}): a Weapon Skill test as normal, "
        f"bare-handed; {s.target.name} may use a Reaction, if able, to avoid it.",
    )
    sub = _sub(a, kind)
    st = test.run(sub, modifiers.run(sub, check.run(sub)))
    controller, outcome = "none", "miss"
    if st.success:
        st = evasion.run(sub, replace(st, hits=1, locations=("Body",)))
        if st.negated:
            outcome = "evaded"
            a.step("Grapple", a.SRC["grapple"], f"{s.target.name} avoids the Grapple: no grapple begins.")
        else:
            controller, outcome = "attacker", "hit"
            a.step(
                "Grapple",
                a.SRC["grapple"],
                f"The attempt succeeds: {s.attacker.name} and {s.target.name} are grappling, {s.attacker.name} "
                f"controlling. Neither may use Reactions or any action but Grapple; both are engaged in melee; "
                f"other attackers gain +20 WS against either.",
            )
    assert st.test is not None
    wst = SideTest(Side(s.attacker.name, "WS", st.char_value, st.modifiers), st.modifier_total, st.test, st.degrees)
    rec = GrappleResult(
        option="attempt",
        tests=[side_result(wst)],
        controller=controller,
        winner="attacker" if controller != "none" else None,
    )
    return finish(sub, st, outcome).model_copy(update={"grapple": rec})


def side_result(t: SideTest) -> OpposedSideResult:
    """One side of an opposed test as the resolution records it (its name, characteristic, target, roll, degrees)."""
    return OpposedSideResult(
        name=t.side.name,
        characteristic=t.side.char,
        value=t.side.value,
        modifiers=list(t.side.modifiers),
        modifier_total=t.total,
        target=t.test.target,
        roll=t.test.roll,
        success=t.test.success,
        degrees=t.degrees,
    )


def size_steps(a: D100Attack) -> int:
    """Steps of Size the attacker has over the target (negative: the target is larger); a blank
    attacker size counts as Average."""
    return SIZES.index(a.s.attacker.size or "Average") - SIZES.index(a.s.target.size)


def sides(a: D100Attack, g: Grapple, option: str, attacker_controls: bool, prone: bool) -> tuple[Side, Side]:
    """The attacker's and the target's sides of an opposed Strength test for ``option``: Assistance,
    the controller's Throw Down bonus while the grappled one lies ``prone``, each side's own
    modifiers (the attacker's Fatigued and ``action.modifiers``; the target's
    ``grapple.opponent_modifiers``), and the larger one's extra degrees."""
    s = a.s
    mods: dict[str, list[AppliedModifier]] = {"attacker": [], "target": []}
    for who, n in (("attacker", g.assist_attacker), ("target", g.assist_target)):
        if n:
            mods[who].append(AppliedModifier(label=f"Assistance ({n} helper(s))", value=10 * n, source=a.SRC["assist"]))
    if prone:
        controller = "attacker" if attacker_controls else "target"
        mods[controller].append(
            AppliedModifier(label="Throw Down: opponent Prone", value=10, source=a.SRC["grapple_action"])
        )
    mods["attacker"].extend(fatigued_by(a))
    mods["target"].extend(
        AppliedModifier(label=m.label, value=m.value, source=m.source or "extra modifier") for m in g.opponent_modifiers
    )
    mods["attacker"].extend(
        AppliedModifier(label=m.label, value=m.value, source=m.source or "extra modifier") for m in s.action.modifiers
    )
    steps = size_steps(a) if a.GRAPPLE_SIZE_DEGREES else 0  # seed 004 (DH2) only
    why = f"Size {s.attacker.size or 'Average'} against {s.target.size} (Grappling Size Differences)"
    target_s = s.target.characteristics.S
    assert target_s is not None  # checked
    return (
        Side(s.attacker.name, "S", s.attacker.characteristics.S, tuple(mods["attacker"]), max(0, steps), why),
        Side(s.target.name, "S", target_s, tuple(mods["target"]), max(0, -steps), why),
    )


def fatigued_by(a: D100Attack) -> list[AppliedModifier]:
    """The attacker's Fatigued circumstance, the one of the attack's circumstances that counts on any
    test (its -10 on a Strength or Acrobatics test too); the others are about hitting."""
    c = a.tables.circumstances.get("Fatigued")
    if c is None or c.name not in a.s.action.circumstances or c.ws is None:
        return []
    return [AppliedModifier(label=c.name, value=c.ws, source=a.tables.circumstances.source)]


def _opposed(a: D100Attack, g: Grapple, option: str, attacker_controls: bool, out: _Out) -> Opposed:
    """One opposed Strength test for ``option``, logged; its tests added to ``out``."""
    active, passive = sides(a, g, option, attacker_controls, out.prone)
    result, text = opposed_test(a, a.roller, active, passive, f"Grapple: {NAMES[option]}")
    a.step(f"Opposed Strength test: {NAMES[option]}", a.SRC["opposed"], text)
    out.tests.extend([result.active, result.passive])
    out.winner = {"active": "attacker", "passive": "target", None: None}[result.winner]
    return result


def grapple_option(a: D100Attack, g: Grapple) -> Resolution:
    """A grapple option: the controller's (the attacker controls) or the grappled target's (the
    target controls), with its test and what it does."""
    s = a.s
    attacker_controls = g.option in GRAPPLE_CONTROLLER_OPTIONS
    out = _Out(controller="attacker" if attacker_controls else "target", prone=g.opponent_prone)
    if g.option == "end":
        controller_option(a, g, g.option, out)
    elif attacker_controls:
        a.step(
            "Grapple",
            a.SRC["grapple_action"],
            f"{s.attacker.name} controls the grapple with {s.target.name}: she declares Grapple as a Full Action "
            f"to keep it, then chooses {NAMES[g.option]}.",
        )
        controller_option(a, g, g.option, out)
    else:
        a.step(
            "Grapple",
            a.SRC["grapple_target"],
            f"{s.attacker.name} is grappled by {s.target.name}: she declares Grapple as a Half Action (part of "
            f"the penalty for being grappled), then chooses {NAMES[g.option]}.",
        )
        target_option(a, g, out)
    return _resolution(a, g, out)


def controller_option(a: D100Attack, g: Grapple, option: str, out: _Out) -> None:
    """One Controller Grapple Option (seed 004, Grapple Action), or ending the grapple."""
    s = a.s
    if option == "end":
        out.controller, out.prone = "none", False
        a.step("Grapple", a.SRC["grapple"], f"{s.attacker.name} ends the grapple as a Free Action.")
        return
    if option in ("ready", "use_item"):
        what = "readies one of her items" if option == "ready" else "uses a readied item"
        a.step(NAMES[option], a.SRC["grapple_action"], f"{s.attacker.name} {what}; the grapple holds.")
        return
    r = _opposed(a, g, option, True, out)
    {"damage": _damage, "throw": _throw, "push": _push, "stand": _stand}[option](a, out, r)


def _damage(a: D100Attack, out: _Out, r: Opposed) -> None:
    """Damage Opponent: the winner's unarmed damage (1d5-3+SB) to the Body, and a level of Fatigue."""
    s = a.s
    if r.winner != "active":
        a.step("Damage Opponent", a.SRC["grapple_action"], f"No damage is dealt; {s.target.name} remains grappled.")
        return
    a.step(
        "Damage Opponent",
        a.SRC["grapple_action"],
        f"{s.attacker.name} inflicts unarmed damage (1d5\u22123+SB) to {s.target.name}'s Body, through armour "
        f"and TB, and one level of Fatigue.",
    )
    sub = _sub(a, "Grapple")
    st = damage_all(sub, _state(a, r.active), ((0, "Body"),))
    out.hits, out.taken, out.slain, out.fatigue = st.results, st.taken, st.slain, 1


def _throw(a: D100Attack, out: _Out, r: Opposed) -> None:
    """Throw Down Opponent: the winner's opponent becomes Prone."""
    s = a.s
    if r.winner != "active":
        a.step("Throw Down Opponent", a.SRC["grapple_action"], f"{s.target.name} keeps her feet.")
        return
    out.prone = True
    a.step(
        "Throw Down Opponent",
        a.SRC["grapple_action"],
        f"{s.target.name} is Prone. {s.attacker.name} may end the grapple as a Free Action, or keep it with +10 to "
        f"the grapple's opposed tests until {s.target.name} stands (besides the usual +10 against a Prone foe).",
    )


def _push(a: D100Attack, out: _Out, r: Opposed) -> None:
    """Push Opponent: one metre plus one per degree of success, at most the Half Move (AB metres)."""
    s = a.s
    if r.winner != "active":
        a.step("Push Opponent", a.SRC["grapple_action"], f"{s.target.name} is not moved.")
        return
    half_move = s.attacker.characteristics.Ag // 10
    wanted = 1 + r.active.degrees
    out.metres = min(wanted, half_move)
    cap = f", capped at her Half Move of {half_move} m (AB)" if wanted > half_move else ""
    a.step(
        "Push Opponent",
        a.SRC["grapple_action"],
        f"{s.attacker.name} pushes {s.target.name} 1 m + {r.active.degrees} (degrees of success) = {wanted} m{cap}: "
        f"{out.metres} m. She moves with her opponent to keep the grapple, or lets go (a Free Action) to keep "
        f"her ground.",
    )


def _stand(a: D100Attack, out: _Out, r: Opposed) -> None:
    """Stand: the controller regains her feet; winning, she drags her opponent up with her."""
    s = a.s
    out.prone = r.winner != "active"
    both = "both stand" if not out.prone else f"{s.attacker.name} stands; {s.target.name} stays on the ground"
    a.step("Stand", a.SRC["grapple_action"], f"{both}.")


def target_option(a: D100Attack, g: Grapple, out: _Out) -> None:
    """One Grappled Target Option (seed 004): Break Free, Slip Free or Take Control (then a
    Controller Grapple Option at once)."""
    s = a.s
    if g.option == "slip_free":
        _slip_free(a, g, out)
        return
    r = _opposed(a, g, g.option, False, out)
    if r.winner != "active":
        a.step(NAMES[g.option], a.SRC["grapple_target"], f"{s.attacker.name} remains grappled by {s.target.name}.")
        return
    out.prone = False
    if g.option == "break_free":
        out.controller, out.half_action = "none", True
        a.step("Break Free", a.SRC["grapple_target"], f"{s.attacker.name} breaks free and may take any Half Action.")
        return
    out.controller = "attacker"
    a.step(
        "Take Control",
        a.SRC["grapple_target"],
        f"{s.attacker.name} now controls the grapple and {s.target.name} is the grappled target; she may at once "
        f"take one Controller Grapple Option, but no other Half Action.",
    )
    if g.then is not None:
        won = out.winner
        controller_option(a, g, g.then, out)
        out.winner = won


def _slip_free(a: D100Attack, g: Grapple, out: _Out) -> None:
    """Slip Free: a Challenging (+0) Acrobatics test (the Acrobatics given, else Agility)."""
    s = a.s
    char, value = ("Acrobatics", g.acrobatics) if g.acrobatics is not None else ("Ag", s.attacker.characteristics.Ag)
    typed = [
        AppliedModifier(label=m.label, value=m.value, source=m.source or "extra modifier") for m in s.action.modifiers
    ]
    mods = (AppliedModifier(label="Challenging", value=0, source=a.SRC["grapple_target"]), *fatigued_by(a), *typed)
    total = max(-60, min(60, sum(m.value for m in mods)))
    roll = a.roller.d100(f"Grapple: Slip Free: {s.attacker.name}'s {char} d100", TEST)
    t = a.test(value + total, roll)
    out.tests.append(SideTest(Side(s.attacker.name, char, value, mods), total, t, t.degrees))
    a.step("Slip Free", a.SRC["grapple_target"], a.describe_test(char, value, total, t))
    if t.success:
        out.controller, out.half_action, out.winner, out.prone = "none", True, "attacker", False
        a.step("Slip Free", a.SRC["grapple_target"], f"{s.attacker.name} slips free and may take any Half Action.")
    else:
        a.step("Slip Free", a.SRC["grapple_target"], f"{s.attacker.name} remains grappled by {s.target.name}.")


def _state(a: D100Attack, first: SideTest | None, out: _Out | None = None) -> AttackState:
    """The attack state the resolution's headline reads: the attacker's first test, and what the
    options did (the Damage Opponent hit, Fatigue, the target's damage taken)."""
    action = tables.actions(a.SYSTEM).get("Grapple")
    assert action is not None  # the procedure runs only where the table has it
    s = a.s
    t = first.test if first is not None else None
    st = AttackState(
        action=action,
        char=first.side.char if first else "S",
        char_value=first.side.value if first else s.attacker.characteristics.S,
        mode=None,
        rounds=0,
        band=None,
        modifiers=first.side.modifiers if first else (),
        modifier_total=first.total if first else 0,
        target_number=t.target if t else 0,
        roll=t.roll if t else 0,
        test=t if t else D100Test(0, 0, True, 0),
    )
    if out is None:
        return st
    return replace(st, results=out.hits, fatigue=out.fatigue, slain=out.slain, taken=out.taken)


def _resolution(a: D100Attack, g: Grapple, out: _Out) -> Resolution:
    first = out.tests[0] if out.tests else None
    won = first is None or out.winner == "attacker"
    res = finish(_sub(a, "Grapple"), _state(a, first, out), "hit" if won else "miss", success=won)
    rec = GrappleResult(
        option=g.option,
        then=g.then,
        tests=[side_result(t) for t in out.tests],
        winner=out.winner,
        controller=out.controller,
        prone=out.prone,
        metres=out.metres,
        fatigue=out.fatigue,
        half_action=out.half_action,
    )
    return res.model_copy(update={"grapple": rec})
