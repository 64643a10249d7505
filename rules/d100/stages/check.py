"""The check stage: refuse what the rules do not allow (every problem at its field), then the
attack's setting (the action, the characteristic tested, the fire mode, the rounds, the range band)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.d100 import tables
from rules.d100.tables import ActionDef

from ...errors import FieldError, ScenarioError
from ..multiple import errors as multiple_errors
from ..state import AttackState
from . import psychic
from .flame import flame_horde_rule
from .modifiers import range_band
from .suppressing import errors as suppressing_errors
from .test import rounds

if TYPE_CHECKING:
    from ..attack import D100Attack


def run(a: D100Attack) -> AttackState:
    """Check the attack, log what it is, and set it up: ``action``, ``char`` (WS in melee, BS at
    range) and its value, the fire ``mode`` and ``rounds`` (None and 0 in melee and for thrown
    weapons), and the range ``band`` (None in melee)."""
    s, w = a.s, a.weapon
    action = check(a)
    melee = w.is_melee
    char = "WS" if melee else "BS"
    if action.psychic:  # the Focus Power test (seed 004 L40)
        char = psychic.tested(a)[0]
        test = psychic.describe(a)
    elif a.flame:
        test = "no test: the flames or spray reach everyone in the area."
    else:
        test = f"a {'Weapon Skill' if melee else 'Ballistic Skill'} test."
    a.step(
        "Attack",
        a.SRC["requirements"],
        f"{s.attacker.name} makes a {action.name} ({action.type} Action) with the {w.name} ({w.weapon_class}): {test}",
    )
    note_qualities(a)
    mode = None if melee or w.weapon_class == "Thrown" or action.psychic else a.fire_mode(action)
    return AttackState(
        action=action,
        char=char,
        char_value=getattr(s.attacker.characteristics, char) or 0,
        mode=mode,
        rounds=rounds(a, mode),
        band=None if melee or action.psychic else range_band(a),
    )


def check(a: D100Attack) -> ActionDef:
    """Refuse what the rules do not allow, each at the field concerned."""
    s, w = a.s, a.weapon
    errors: list[FieldError] = []
    table = tables.actions(a.SYSTEM)
    action = table.get(s.action.action_type)
    if action is None:
        names = ", ".join(x.name for x in table.actions)
        raise ScenarioError.at(
            "action.type", f"'{s.action.action_type}' is not a {a.RULESET} attack action: choose one of {names}"
        )
    errors.extend(a.quality_check[2])
    seen = a.q
    if "Reliable" in seen and "Unreliable" in seen:
        errors.append(FieldError("attacker.weapon.qualities", "A weapon cannot be both Reliable and Unreliable"))
    errors.extend(check_table_names(a))

    errors.extend(_action_fits(a, action))
    errors.extend(psychic.errors(a, action))
    errors.extend(multiple_errors(a))  # Multiple Attacks' talent
    if not w.is_melee and not action.psychic:
        errors.extend(check_ranged(a, action))
    errors.extend(_parry(a))
    errors.extend(check_ruleset_options(a, action))
    if s.action.grapple is not None:  # Grappling (seed 004): options only for the Grapple action
        errors.append(FieldError("action.grapple", f"Grapple options go with the Grapple action, not {action.name}"))
    if a.flame and s.target.characteristics.Ag is None and flame_horde_rule(a) is None:
        errors.append(
            FieldError(
                "target.characteristics.Ag",
                f"The {w.name} makes no BS test: the target tests Agility to avoid it, so give its Agility",
            )
        )
    if errors:
        raise ScenarioError(errors)
    return action


def _action_fits(a: D100Attack, action: ActionDef) -> list[FieldError]:
    """The action suits the weapon: melee or ranged, a Called Shot with an attack test and a
    location, no Lightning Attack with an Unbalanced or Unwieldy weapon, Maximal only with it."""
    s, w, seen = a.s, a.weapon, a.q
    errors: list[FieldError] = []
    if action.kind == "melee" and not w.is_melee:
        errors.append(
            FieldError("action.type", f"{action.name} is a melee action; the {w.name} is a {w.weapon_class} weapon")
        )
    if action.kind == "ranged" and w.is_melee:
        errors.append(
            FieldError("action.type", f"{action.name} is a ranged action; the {w.name} is a {w.weapon_class} weapon")
        )
    if action.called and a.flame:
        errors.append(FieldError("action.type", f"The {w.name} makes no attack test: it cannot make a Called Shot"))
    for name in ("Unbalanced", "Unwieldy"):
        if action.name == "Lightning Attack" and name in seen and a.q.num(name, "no_lightning"):
            errors.append(FieldError("action.type", f"An {name} weapon cannot make a Lightning Attack"))
    if action.called and s.action.called_location is None:
        errors.append(FieldError("action.called_location", "A Called Shot names the location it aims at"))
    if s.action.maximal and "Maximal" not in seen:
        errors.append(FieldError("action.maximal", f"The {w.name} has no Maximal setting (no Maximal quality)"))
    return errors


def _parry(a: D100Attack) -> list[FieldError]:
    """No Parry with an Unwieldy weapon. A target whose Reaction is Parry may still be shot or
    struck with a Flexible weapon: the attack goes ahead and no Parry is made
    (:func:`rules.d100.stages.evasion.no_parry` says why in the steps)."""
    s, w = a.s, a.weapon
    ev = s.target.evasion
    parried = ev is not None and ev.reaction == "Parry" and w.is_melee and "Flexible" not in a.q
    if parried and "Unwieldy" in a.parry_q:
        return [FieldError("target.evasion.qualities", "An Unwieldy weapon cannot be used to Parry")]
    return []


def check_ruleset_options(a: D100Attack, action: ActionDef) -> list[FieldError]:
    """Fields that only some rulesets have rules for (Hordes, cover, nearby foes, two weapons,
    Overwatch, the larger sizes), and the checks those rules make (a Charge's length)."""
    return _target_options(a, action) + _action_options(a, action) + _table_options(a)


def _table_options(a: D100Attack) -> list[FieldError]:
    """The table rules seed 004 leaves to the group (a Troop attacker's Righteous Fury; the GM's options), where
    the ruleset has them."""
    s = a.s
    errors: list[FieldError] = []
    if s.attacker.troop and not a.TROOP_NO_FURY_ON_PLAYERS:
        errors.append(_lacks(a, "attacker.troop", "A Troop attacker's Righteous Fury on the players"))
    if s.options.all_npcs_fury and not a.TROOP_NO_FURY_ON_PLAYERS:
        errors.append(_lacks(a, "options.all_npcs_fury", "Righteous Fury for Troop NPCs as a table rule"))
    if s.action.unaware_chance is not None and not a.SPRAY_AND_PRAY:
        errors.append(_lacks(a, "action.unaware_chance", "Spray and Pray"))
    if s.options.stray_shots and not a.STRAY_SHOTS:
        errors.append(_lacks(a, "options.stray_shots", "Stray Shots"))
    return errors


def one_handed_errors(a: D100Attack, at: str) -> list[FieldError]:
    """The weapon can be held in one hand for two-weapon fighting (seed 004, Two-Weapon Fighting:
    Pistols, melee weapons their descriptions call one-handed, a Basic weapon fired one-handed).
    Reading: a Melee weapon is one-handed unless it is Unwieldy (the two-handed great weapons); a
    Basic weapon only with ``action.one_handed``; Heavy, Thrown, Mounted and Unarmed never."""
    w = a.weapon
    if w.weapon_class == "Basic" and a.s.action.one_handed:
        return []
    if w.weapon_class not in ("Pistol", "Melee"):
        return [
            FieldError(
                at,
                f"Only one-handed weapons (Pistol or Melee) fight two-handed: the {w.name} is a {w.weapon_class} weapon",
            )
        ]
    if w.weapon_class == "Melee" and "Unwieldy" in a.q:
        return [
            FieldError(at, f"The {w.name} is Unwieldy, a two-handed weapon: it cannot fight with a weapon in each hand")
        ]
    return []


def _off_hand_twice(a: D100Attack) -> list[FieldError]:
    """An off-hand attack takes its penalty from ``action.two_weapon``: the circumstances table's
    off-hand row (DH2 "Off-Hand Attack", DH1 "Off Hand Attacks") ticked as well would count it twice."""
    if a.s.action.two_weapon != "off_hand":
        return []
    ticked = [c for c in a.s.action.circumstances if c.lower().replace("-", " ").startswith("off hand")]
    if not ticked:
        return []
    return [
        FieldError("action.circumstances", f"'{ticked[0]}' is the off-hand attack chosen under Two weapons: untick one")
    ]


def _lacks(a: D100Attack, at: str, what: str) -> FieldError:
    return FieldError(at, f"{what} is not a rule of {a.RULESET}")


def _target_options(a: D100Attack, action: ActionDef) -> list[FieldError]:
    """The target's size, a Horde (no Called Shot, no nearby foes, no others in a Blast), cover and
    nearby foes, where the ruleset has the rules."""
    s, t = a.s, a.tables
    errors: list[FieldError] = []
    if t.sizes.get(s.target.size) is None:
        errors.append(
            FieldError(
                "target.size",
                f"'{s.target.size}' is not a {a.RULESET} size: choose one of " + ", ".join(t.sizes.rows),
            )
        )
    horde = s.target.horde
    if horde is not None:
        if t.hordes is None:
            errors.append(_lacks(a, "target.horde", "Fighting a Horde"))
        elif action.called:
            errors.append(FieldError("action.type", "Locations are not used against a Horde: no Called Shot"))
        elif s.target.nearby:
            errors.append(FieldError("target.nearby", "A burst's hits all go to the Horde: remove the nearby foes"))
        elif s.target.others_in_blast:
            errors.append(
                FieldError(
                    "target.others_in_blast",
                    "Those in a Horde are the Horde: a Blast counts its hits on the Horde (set this to 0)",
                )
            )
    if s.target.cover is not None and t.cover is None:
        errors.append(_lacks(a, "target.cover", "Cover AP"))
    if s.target.nearby and t.spread_hits is None:
        errors.append(_lacks(a, "target.nearby", "Moving a burst's extra hits to nearby foes"))
    return errors


def _overwatch_errors(a: D100Attack, action: ActionDef) -> list[FieldError]:
    """A shot fired from Overwatch: Deathwatch's is a burst (seed 001, Overwatch); DH1's any
    ranged attack (seed 003, Overwatch); a ruleset with neither rule refuses it."""
    t = a.tables
    if t.pinning is None and t.overwatch is not None:
        if a.weapon.is_melee or action.kind == "melee":
            return [FieldError("action.overwatch", "From Overwatch the shot is a ranged attack (seed 003, Overwatch)")]
        return []
    if t.pinning is None:
        return [_lacks(a, "action.overwatch", "Overwatch")]
    if action.fire not in ("semi", "full", "burst"):
        message = "From Overwatch the shot is a Semi-Auto Burst, a Full Auto Burst or Suppressing Fire"
        return [FieldError("action.overwatch", message)]
    return []


def _action_options(a: D100Attack, action: ActionDef) -> list[FieldError]:
    """Two-weapon fighting, Overwatch, a Charge's length, Suppressing Fire's reach, where the
    ruleset has the rules."""
    s, w, t = a.s, a.weapon, a.tables
    errors: list[FieldError] = []
    if s.action.two_weapon != "none":
        if t.two_weapon is None:
            errors.append(_lacks(a, "action.two_weapon", "Two-weapon fighting"))
        else:
            errors.extend(one_handed_errors(a, "action.two_weapon"))
            errors.extend(_off_hand_twice(a))
    if s.action.overwatch:
        errors.extend(_overwatch_errors(a, action))
    errors.extend(suppressing_errors(a))  # Suppressing Fire's random targets
    errors.extend(_charge_length(a, action))
    suppressing = action.name == "Suppressing Fire" and t.pinning is not None and not w.is_melee
    if suppressing and w.range > 0 and s.action.distance > a.range() / 2:
        errors.append(
            FieldError(
                "action.distance",
                f"Suppressing Fire covers up to half the weapon's range, {a.range() / 2:g} m: "
                f"{s.action.distance:g} m is beyond it",
            )
        )
    elif s.action.overwatch and t.pinning is not None and not w.is_melee and 0 < a.range() < s.action.distance:
        # Deathwatch's kill zone reaches "up to the Range of the weapon" (seed 001, Overwatch)
        errors.append(
            FieldError(
                "action.distance",
                f"The kill zone of Overwatch reaches up to the weapon's Range, {a.range():g} m: "
                f"{s.action.distance:g} m is beyond it (seed 001, Overwatch)",
            )
        )
    return errors


def _charge_length(a: D100Attack, action: ActionDef) -> list[FieldError]:
    """A Charge covers at least 4 m (seed 001 and seed 003 L26, DH2 Core) and, with a Movement
    table (Deathwatch), at most the Charge move by AB."""
    t, s = a.tables, a.s
    least = t.charge_minimum()
    if action.name != "Charge" or least is None:
        return []
    d = s.action.distance
    if t.movement is None:
        if d >= least[0]:
            return []
        return [
            FieldError("action.distance", f"A Charge covers at least {least[0]:g} m ({least[1]}): {d:g} m is too short")
        ]
    ab = s.attacker.characteristics.Ag // 10
    row = t.movement.row(ab)
    if least[0] <= d <= row.charge:
        return []
    return [
        FieldError(
            "action.distance",
            f"A Charge covers at least {least[0]:g} m and at most the Charge move, "
            f"{row.charge:g} m at AB {ab}: {d:g} m is " + ("too short" if d < least[0] else "too far"),
        )
    ]


def check_table_names(
    a: D100Attack,
) -> list[FieldError]:
    errors = []
    t = a.tables
    grades: dict[str, str] = {}  # a group of grades (Difficult Terrain) -> the row taken first
    for i, name in enumerate(a.s.action.circumstances):
        row = t.circumstances.get(name)
        if row is None:
            names = ", ".join(c.name for c in t.circumstances.rows)
            errors.append(
                FieldError(
                    f"action.circumstances.{i}",
                    f"'{name}' is not a {a.RULESET} combat circumstance: choose one of {names}",
                )
            )
        elif row.group is not None and grades.setdefault(row.group, row.name) != row.name:
            errors.append(
                FieldError(
                    f"action.circumstances.{i}",
                    f"'{row.name}': take one grade of {row.group} only ('{grades[row.group]}' is ticked): untick one",
                )
            )
    d = a.s.action.difficulty
    if d is not None and d.strip() and t.difficulties.get(d) is None:
        names = ", ".join(t.difficulties.rows)
        errors.append(FieldError("action.difficulty", f"'{d}' is not a {a.RULESET} difficulty: choose one of {names}"))
    return errors


def check_ranged(a: D100Attack, action: ActionDef) -> list[FieldError]:
    """A ranged attack: range and reach, a Pistol in melee, the clip, the fire mode the RoF allows,
    an unbraced Heavy weapon's bursts, Maximal's ammunition."""
    s, w = a.s, a.weapon
    errors: list[FieldError] = []
    if w.range <= 0:
        errors.append(FieldError("attacker.weapon.range", "A ranged weapon needs its range in metres"))
    elif s.action.distance > max_range(a):
        errors.append(
            FieldError(
                "action.distance",
                f"Out of range: {s.action.distance:g} m is beyond {max_range_words(a)}",
            )
        )
    if s.action.engaged and w.weapon_class != "Pistol":
        errors.append(
            FieldError(
                "action.engaged",
                f"Engaged in melee, only a Pistol can shoot; the {w.name} is a {w.weapon_class} weapon",
            )
        )
    if w.weapon_class == "Thrown":
        return errors
    if w.clip < 1:
        errors.append(FieldError("attacker.weapon.clip", "The clip is empty: reload before firing"))
    mode = a.fire_mode(action)
    errors.extend(_fire_mode_errors(a, action, mode))
    if mode in ("semi", "full") and w.weapon_class == "Heavy" and not s.action.braced:
        errors.append(
            FieldError(
                "action.braced",
                f"An unbraced Heavy weapon cannot fire semi- or full-auto bursts: brace the {w.name} first",
            )
        )
    if s.action.maximal and w.clip < 3 * a.burst_size(mode or "single"):
        errors.append(
            FieldError("attacker.weapon.clip", "Maximal fire uses three times the ammunition: the clip is short")
        )
    return errors


def _fire_mode_errors(a: D100Attack, action: ActionDef, mode: str | None) -> list[FieldError]:
    """The fire mode against the RoF (Flame and Spray: a Standard Attack only)."""
    w = a.weapon
    rof = w.rate_of_fire
    errors: list[FieldError] = []
    if a.flame and action.fire not in (None, "single"):
        errors.append(FieldError("action.type", f"The {w.name} makes no attack test: use a Standard Attack"))
    elif mode == "single" and not rof.single:
        errors.append(FieldError("action.type", f"The {w.name} cannot fire single shots (RoF {w.rof}): use a burst"))
    elif mode == "semi" and rof.semi is None:
        errors.append(
            FieldError(
                "action.type" if action.fire == "semi" else "action.fire_mode",
                f"The {w.name} has no semi-auto fire (RoF {w.rof})",
            )
        )
    elif mode == "full" and rof.full is None:
        errors.append(
            FieldError(
                "action.type" if action.fire == "full" else "action.fire_mode",
                f"The {w.name} has no full-auto fire (RoF {w.rof})",
            )
        )
    elif mode is None:
        errors.append(FieldError("action.type", f"The {w.name} cannot fire bursts (RoF {w.rof})"))
    return errors


def max_range(
    a: D100Attack,
) -> float:
    """No shot beyond four times the range; Flame and Spray reach only their own range."""
    return a.range() if a.flame else 4 * a.range()


def max_range_words(
    a: D100Attack,
) -> str:
    if a.flame:
        return f"the {a.weapon.name}'s {a.range():g} m reach (flames and sprays go no further)"
    return f"four times the {a.weapon.name}'s {a.range():g} m range"


def note_qualities(
    a: D100Attack,
) -> None:
    """Qualities whose effect is the GM's (no number to resolve) are named with what they do."""
    for name in sorted(a.q.defs):
        d = a.q.defs[name]
        if d.gm:
            a.qstep(name, f"{d.summary} (The GM applies this.)")
