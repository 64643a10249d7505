"""After the hits: the tests the weapon's qualities make the struck target take, the pinning
test, and Deathwatch's damage state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.d100.models import Hit, TargetTest
from rules.d100.tables import Pinning as PinningRule
from rules.d100.tables import TestSpec

from .. import cap_modifier, fatigued, signed
from ..roles import PINNING, QUALITY_DAMAGE, TARGET_TEST, for_person
from ..state import AttackState
from .suppressing import applies

if TYPE_CHECKING:
    from ..attack import D100Attack

CHARACTERISTIC_NAMES = {"T": "Toughness", "Ag": "Agility", "WP": "Willpower", "S": "Strength"}


def after_hit(a: D100Attack, hit: Hit, degrees: int) -> int:
    """The tests the weapon's qualities make the struck person take; returns wounds added at once
    by a failed test (Toxic in rulesets where its damage is immediate)."""
    extra = 0
    for name in sorted(a.q.defs):
        d = a.q.defs[name]
        if d.test is None or (d.test.when == "damage" and hit.wounds <= 0):
            continue
        tt = roll_target_test(a, name, d.test, hit.person, hit.number, degrees, hit.wounds, hit.armour)
        if name == "Concussive":
            knock_down(a, hit)
        if tt.success is False and d.test.fail_d10:
            who = a.dice_who(hit.person)
            rolls = [
                a.roller.die(
                    10, f"{who}hit {hit.number} {name} damage d10", for_person(hit.person, QUALITY_DAMAGE)
                ).value
                for _ in range(d.test.fail_d10)
            ]
            extra += sum(rolls)
            a.qstep(
                name,
                f"Hit {hit.number}: the failed test costs {' + '.join(map(str, rolls))} more "
                f"wound(s), not reduced by armour or TB.",
            )
    return extra


def knock_down(a: D100Attack, hit: Hit) -> None:
    """Concussive: damage greater than the target's Strength bonus knocks it Prone."""
    s = a.s.target.characteristics.S
    if s is None:
        a.qstep(
            "Concussive",
            f"Hit {hit.number}: {hit.wounds} damage; the target is knocked Prone if that is "
            f"more than its Strength bonus (its S is not given: the GM checks).",
        )
    else:
        prone = hit.wounds > s // 10
        a.qstep(
            "Concussive",
            f"Hit {hit.number}: {hit.wounds} damage against SB {s // 10}: "
            + ("knocked Prone." if prone else "not knocked down."),
        )


def test_modifier(spec: TestSpec, x: int, degrees: int, wounds: int, armour: int) -> int:
    """A quality's test modifier (percent, capped at ±60): base + per_x * X + per_degree * the
    attack's degrees of success + per_wound * the hit's wounds + per_armour * its armour."""
    return cap_modifier(
        spec.base
        + spec.per_x * x
        + spec.per_degree * max(0, degrees)
        + spec.per_wound * wounds
        + spec.per_armour * armour
    )


def fatigue_of(a: D100Attack, person: int) -> tuple[int, str]:
    """Fatigue's penalty on a test ``person`` takes (:data:`rules.d100.FATIGUED` when Fatigued, else
    0) and its words for the step: the target's ``fatigue`` for the target and the others in a Blast
    (its profile), a nearby foe's own. Any level counts (seed 001, Fatigue: "Fatigued characters -10
    all Tests"; seed 003; DH2 Core, Ch. VII, Fatigue)."""
    foe = a.foe(person)
    mod = fatigued(foe.fatigue if foe is not None else a.s.target.fatigue)
    return mod, f" {signed(mod)} (Fatigued: {a.SRC['fatigue']})" if mod else ""


def roll_target_test(
    a: D100Attack, name: str, spec: TestSpec, person: int, hit: int | None, degrees: int, wounds: int, armour: int
) -> TargetTest:
    """The test quality ``name`` makes ``person`` (0: the target) take after hit ``hit`` (None: the
    whole attack), as ``spec`` (the ruleset's ``qualities.json`` ``test``) sets it: rolled against
    the target's characteristic plus :func:`test_modifier` when the characteristic is given, else
    named for the GM to roll; a Fatigued person takes -10 more (:func:`fatigue_of`; the record's
    ``modifier`` counts it, capped at ±60 with the rest). Logs the step, appends the record to
    ``a.target_tests`` and returns it."""
    c = a.s.target.characteristics
    value = getattr(c, spec.characteristic)
    x = a.q.x(name)
    own = test_modifier(spec, x, degrees, wounds, armour)
    fat, fat_words = fatigue_of(a, person)
    mod = cap_modifier(own + fat)
    who = a.s.target.name if person == 0 else f"person {person}"
    label = a.q.label(name) if name in a.q else name
    char = CHARACTERISTIC_NAMES[spec.characteristic]
    at = f" (hit {hit})" if hit is not None else ""
    tt = TargetTest(
        quality=name, person=person, hit=hit, characteristic=spec.characteristic, modifier=mod, effect=spec.effect
    )
    if value is None:
        a.step(
            f"Quality: {label}",
            a.qsrc(name),
            f"{who}{at} tests {char} {signed(own)}{fat_words}; on a failure: {spec.effect}. "
            f"The target's {char} is not given: the GM rolls this test.",
        )
    else:
        roll = a.test_die(
            for_person(person, TARGET_TEST),
            f"{a.dice_who(person)}{name} {char} test d100",
            value + mod,
        )
        t = a.test(value + mod, roll)
        tt = tt.model_copy(update={"target": t.target, "roll": roll, "success": t.success, "degrees": t.degrees})
        outcome = (
            f"success ({t.degrees} degree(s))" if t.success else f"failure ({-t.degrees} degree(s)): {spec.effect}"
        )
        a.step(
            f"Quality: {label}",
            a.qsrc(name),
            f"{who}{at} tests {char} {value} {signed(own)}{fat_words} = {t.target}; rolled {roll:02d}: {outcome}.",
        )
    a.target_tests.append(tt)
    return tt


def pinning(a: D100Attack, st: AttackState, magnitude: int | None) -> None:
    """Suppressing Fire and a burst from Overwatch: the target tests Willpower (Hard, -20) or is
    Pinned; a Horde adds its ``magnitude`` (after this attack) to its Willpower (seed 001). Suppressing
    Fire tests everyone in its area (seed 001, Suppressive Fire: "Targets within this area must make a
    Hard (-20) Willpower Test or become Pinned"): with its hits given to random targets
    (:func:`rules.d100.stages.suppressing.applies`), each foe listed in ``target.nearby`` tests after
    the target, in the order listed, with its own die and its own WP (none given: the GM rolls it).
    A Fatigued one tests at -10 more (:func:`fatigue_of`). Where the ruleset's tables hold no pinning
    test (DH1, DH2), Suppressing Fire's taking cover is a step for the GM."""
    rule = a.tables.pinning
    if rule is None and st.action.name == "Suppressing Fire":
        # DH1 (seed 003 L38: "Force opponents to take cover") and DH2 give no pinning test in
        # Auspex's tables: taking cover is asked of the GM, hit or miss
        a.step(
            "Taking cover",
            st.action.source,
            "Suppressing Fire forces those in the area to take cover: where each goes, and what it "
            "costs them, is the GM's to resolve.",
        )
    if rule is None or not (st.action.name == "Suppressing Fire" or a.s.action.overwatch):
        return
    t = a.s.target
    why = "Suppressing Fire" if st.action.name == "Suppressing Fire" else "fired from Overwatch"
    horde_bonus = 0
    if magnitude is not None:
        horde_bonus = magnitude * a.horde_rules().pinning_bonus_per_magnitude
    _pinning_test(a, rule, why, 0, t.name, t.characteristics.WP, horde_bonus)
    if applies(a, st):
        first = t.others_in_blast + 1
        for k, foe in enumerate(t.nearby):
            wp = foe.characteristics.WP if foe.characteristics is not None else None
            _pinning_test(a, rule, why, first + k, foe.name, wp, 0)


def _pinning_test(
    a: D100Attack, rule: PinningRule, why: str, person: int, name: str, wp: int | None, bonus: int
) -> None:
    """``person``'s (0: the target) Willpower test against pinning: WP + a Horde's ``bonus`` + the
    rule's modifier + Fatigue's; rolled when ``wp`` is given (its die named for the person, the
    target's as it always was), else named for the GM. Logs the step and appends the record."""
    extra = f" + Magnitude {bonus} (a Horde's bonus against pinning)" if bonus else ""
    fat, fat_words = fatigue_of(a, person)
    mod = rule.modifier + fat
    if wp is None:
        tt = TargetTest(quality="Pinning", person=person, characteristic="WP", modifier=mod, effect=rule.effect)
        a.step(
            "Pinning",
            rule.source,
            f"{why}: {name} tests Willpower {signed(rule.modifier)}{fat_words}{extra}; on a failure: "
            f"{rule.effect}. Its WP is not given: the GM rolls this test.",
        )
    else:
        target = wp + bonus + mod
        roll = a.test_die(for_person(person, PINNING), f"Pinning: {a.dice_who(person)}Willpower test d100", target)
        test = a.test(target, roll)
        tt = TargetTest(
            quality="Pinning",
            person=person,
            characteristic="WP",
            modifier=mod,
            target=test.target,
            roll=roll,
            success=test.success,
            degrees=test.degrees,
            effect=rule.effect,
        )
        a.step(
            "Pinning",
            rule.source,
            f"{why}: {name} tests Willpower {wp}{extra} {signed(rule.modifier)}{fat_words} = {test.target}; "
            f"rolled {roll:02d}: " + ("success, not Pinned." if test.success else f"failure: Pinned. {rule.effect}."),
        )
    a.target_tests.append(tt)


def damage_state(a: D100Attack, taken: int) -> str | None:
    """Deathwatch: the target is Lightly Damaged up to twice its TB in damage, Heavily Damaged
    beyond it, Critically Damaged past its wounds (seed 001, Damage); None without damage or in
    rulesets without the rule."""
    rule, t = a.tables.damage_states, a.s.target
    if rule is None or taken <= 0:
        return None
    if taken > t.wounds:
        state = "Critically Damaged"
        why = f"{taken} damage is past its {t.wounds} wounds"
    elif taken > rule.heavy_over_tb * t.toughness_bonus:
        state = "Heavily Damaged"
        why = f"{taken} damage is more than twice its TB {t.toughness_bonus}"
    else:
        state = "Lightly Damaged"
        why = f"{taken} damage is at most twice its TB {t.toughness_bonus}"
    a.step("Damage state", rule.source, f"{t.name} is {state}: {why}.")
    return state
