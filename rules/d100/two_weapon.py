"""Two-weapon fighting, both attacks in one resolution (seed 004, Two-Weapon Fighting; the d100
family's rulesets read it from their ``two_weapon`` table, :class:`rules.d100.tables.TwoWeapon`).

With ``action.two_weapon == "both"`` and ``attacker.second_weapon`` given, :func:`resolve` checks
the pair (both weapons one-handed, the Two-Weapon Wielder talents the pair needs, each hand's
action among the ruleset's, one area of suppressive fire, two targets within the table's metres,
the ranged hits of a melee + ranged pair only on a target in melee), then resolves the first
weapon's attack and the second's, in that order, from the same dice: each a whole
:class:`~rules.d100.models.Resolution`, the second in the first's ``second``. Nothing is rolled before
both attacks are checked. The second attack's dice carry the purpose prefix ``second weapon:``.

Without a second weapon (or with ``two_weapon`` ``none`` / ``off_hand``) the attack is resolved
alone, as before: a saved attacker's second weapon does nothing until "both" is chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.d100 import tables
from rules.d100.models import Action, Resolution, Scenario, Step
from rules.d100.tables import TwoWeapon

from ..dice import Roller
from ..errors import FieldError, ScenarioError
from .attack import D100Attack
from .follow_up import after_first
from .stages import check

SECOND = "second weapon: "
"""The purpose prefix of the second attack's dice (``second weapon: to-hit d100``)."""

SUPPRESSING = "Suppressing Fire"

# A field of the second attack's own check -> where the player typed it.
_SECOND_FIELDS = {
    "attacker.weapon": "attacker.second_weapon",
    "action.type": "action.second_action.type",
    "action.fire_mode": "action.second_action.fire_mode",
    "action.one_handed": "action.second_action.one_handed",
    "action.distance": "action.second_action.distance",
    "action.called_location": "action.second_action.called_location",
}


@dataclass
class _SecondHand(Roller):
    """The same dice source and record as the first attack's roller; each purpose prefixed."""

    def roll(self, sides: int, purpose: str, role: str = "") -> int:
        return super().roll(sides, SECOND + purpose, role)


def wanted(s: Scenario) -> bool:
    """Both weapons attack: ``two_weapon`` is "both" and the attacker holds a second weapon."""
    return s.action.two_weapon == "both" and s.attacker.second_weapon is not None


def _kind(a: D100Attack) -> str:
    return "melee" if a.weapon.is_melee else "ranged"


def _second_type(tw: TwoWeapon, s: Scenario) -> str:
    """The second attack's action: as given, else the first's when the second weapon can make
    it (its kind's list, and the burst its RoF has; after a Suppressing Fire, a Full Auto Burst),
    else Standard Attack."""
    given = s.action.second_action.action_type if s.action.second_action else None
    if given:
        return given
    w = s.attacker.second_weapon
    assert w is not None
    same = s.action.action_type
    allowed = tw.melee_actions if w.is_melee else tw.ranged_actions
    rof = w.rate_of_fire
    fires = {"Semi-Auto Burst": rof.semi is not None, "Full Auto Burst": rof.full is not None}
    if same == SUPPRESSING:  # one area of suppressive fire: the other hand bursts, or fires once
        same = "Full Auto Burst"
    return same if same in allowed and fires.get(same, True) else "Standard Attack"


def second_scenario(s: Scenario, tw: TwoWeapon) -> Scenario:
    """The second weapon's attack as a scenario of its own: the second weapon in hand, the second
    target (or the same), the second action's type, fire mode, one hand and distance. Reading: Aim
    counts for the first attack only (it is taken for "the next attack"); circumstances, difficulty
    and extra modifiers are the situation's and count for both."""
    w = s.attacker.second_weapon
    assert w is not None
    sa = s.action.second_action
    update: dict[str, object] = {
        "action_type": _second_type(tw, s),
        "aim": "none",
        "fire_mode": sa.fire_mode if sa else None,
        "one_handed": sa.one_handed if sa else False,
        "called_location": sa.called_location if sa else None,
        "second_action": None,
        "second_target": None,
    }
    if sa is not None and sa.distance is not None:
        update["distance"] = sa.distance
    action: Action = s.action.model_copy(update=update)
    return s.model_copy(
        update={
            "attacker": s.attacker.model_copy(update={"weapon": w, "second_weapon": None}),
            "target": s.action.second_target or s.target,
            "action": action,
            "dice": None,
            "seed": None,
        }
    )


def _talents(first: D100Attack, second: D100Attack, tw: TwoWeapon) -> list[FieldError]:
    """Melee + melee needs Two-Weapon Wielder (Melee), ranged + ranged (Ballistic), melee + ranged
    both, and then the ranged hits go only on a target in melee (seed 004, Two-Weapon Fighting)."""
    kinds = {_kind(first), _kind(second)}
    need = sorted({"melee": "Melee", "ranged": "Ballistic"}[k] for k in kinds)
    held = set(first.s.action.two_weapon_wielder)
    errors: list[FieldError] = []
    missing = [n for n in need if n not in held]
    if missing:
        errors.append(
            FieldError(
                "action.two_weapon_wielder",
                "Attacking with both weapons needs "
                + " and ".join(f"Two-Weapon Wielder ({n})" for n in need)
                + f" ({tw.source})",
            )
        )
    if len(kinds) == 2 and not first.s.action.engaged:
        errors.append(
            FieldError(
                "action.engaged",
                "With a melee weapon and a ranged weapon, the ranged hits go only on a target in melee: "
                "tick engaged in melee",
            )
        )
    return errors


def _actions(first: D100Attack, second: D100Attack, tw: TwoWeapon) -> list[FieldError]:
    """Each hand's action among the ruleset's two-weapon attack actions; one area of suppressive
    fire at most (seed 004, Two-Weapon Fighting)."""
    errors: list[FieldError] = []
    for a, at in ((first, "action.type"), (second, "action.second_action.type")):
        allowed = tw.melee_actions if a.weapon.is_melee else tw.ranged_actions
        if a.s.action.action_type not in allowed:
            errors.append(
                FieldError(
                    at,
                    f"With a weapon in each hand the {a.weapon.name} makes one of: {', '.join(allowed)}",
                )
            )
    if first.s.action.action_type == SUPPRESSING and second.s.action.action_type == SUPPRESSING:
        errors.append(FieldError("action.second_action.type", "Two weapons lay down only one area of suppressive fire"))
    return errors


def _targets(s: Scenario, tw: TwoWeapon) -> list[FieldError]:
    """Two targets at most ``tw.pistols_within`` metres apart (seed 004: within 10 metres)."""
    if s.action.second_target is not None and s.action.targets_apart > tw.pistols_within:
        return [
            FieldError(
                "action.targets_apart",
                f"The two targets must be within {tw.pistols_within:g} m of each other "
                f"({s.action.targets_apart:g} m given)",
            )
        ]
    return []


def _second_errors(second: D100Attack, own_target: bool) -> list[FieldError]:
    """The second attack's own check, each problem at the field the player typed it in
    (``own_target``: the second attack has its own target, ``action.second_target``)."""
    try:
        check.check(second)
    except ScenarioError as exc:
        return [FieldError(_typed_at(e.field, own_target), e.message) for e in exc.errors]
    return []


def _typed_at(field: str, own_target: bool) -> str:
    for mine, theirs in _SECOND_FIELDS.items():
        if field == mine or field.startswith(mine + "."):
            return theirs + field[len(mine) :]
    if own_target and field.startswith("target."):
        return "action.second_target." + field[len("target.") :]
    return field


def pair_errors(first: D100Attack, second: D100Attack, tw: TwoWeapon) -> list[FieldError]:
    """Everything wrong with attacking with both weapons, before any die is rolled."""
    errors = check.one_handed_errors(second, "attacker.second_weapon")
    errors += _talents(first, second, tw)
    errors += _actions(first, second, tw)
    errors += _targets(first.s, tw)
    errors += _second_errors(second, first.s.action.second_target is not None)
    return errors


def cost(system: str, action: dict[str, object], attacker: dict[str, object] | None) -> int | None:
    """The Half Actions both attacks take together in an encounter (``action`` and ``attacker``:
    the event's action and the combatant's attacker profile, as JSON), or None when the attack is
    not made with both weapons: the ruleset's ``action`` (DH2: one Half Action; DH1 and
    Deathwatch: a Full Action), or the longer of the two hands' actions (a Suppressing Fire is a
    Full Action)."""
    tw = tables.tables(system).two_weapon
    if tw is None or action.get("two_weapon") != "both" or not (attacker or {}).get("second_weapon"):
        return None
    acts = tables.actions(system)
    second = action.get("second_action")
    names = [action.get("type") or "Standard Attack"]
    if isinstance(second, dict) and second.get("type"):
        names.append(second["type"])
    full = [a for n in names if isinstance(n, str) and (a := acts.get(n)) is not None and a.type != "Half"]
    return 2 if tw.action == "Full" or full else 1


def resolve(attack: type[D100Attack], scenario: Scenario, roller: Roller) -> Resolution:
    """The attack of ``scenario``; with both weapons (:func:`wanted`), the first weapon's attack and
    then the second's from the same dice, the second in the first's ``second``. On the same target
    the second attack starts from the damage the first left (:func:`after_first`).

    Raises :class:`~rules.errors.ScenarioError` (every problem of either attack or of the pair, at
    its field, before any die) and :class:`~rules.errors.NeedDie` (scripted dice ran out: the second
    attack's purposes start ``second weapon:``)."""
    first = attack(scenario, roller)
    tw = first.tables.two_weapon
    if not wanted(scenario) or tw is None:
        return first.resolve()
    hand = _SecondHand(source=roller.source, records=roller.records)
    planned = second_scenario(scenario, tw)
    errors = pair_errors(first, attack(planned, hand), tw)
    try:
        check.check(first)
    except ScenarioError as exc:
        errors = exc.errors + errors
    if errors:
        raise ScenarioError(errors)
    one = first.resolve()
    before = len(one.dice)
    same_target = scenario.action.second_target is None
    if same_target and one.horde is not None and one.horde.destroyed:
        gone = Step(
            rule="Two-Weapon Fighting",
            source=tw.source,
            detail=f"The first attack destroyed {scenario.target.name}: the {planned.attacker.weapon.name} "
            "has nothing left to attack.",
        )
        return one.model_copy(update={"steps": [*one.steps, gone]})
    now, notes = after_first(planned, one, same_target)
    second = attack(now, hand)
    second.steps.extend(notes)
    two = second.resolve()
    cost = Step(
        rule="Two-Weapon Fighting",
        source=tw.action_source or tw.source,
        detail=f"{scenario.attacker.name} attacks with both weapons: the {first.weapon.name}, then the "
        f"{second.weapon.name} (resolved below); both attacks together are one {tw.action} Action.",
    )
    two = two.model_copy(update={"dice": two.dice[before:]})
    return one.model_copy(update={"steps": [*one.steps, cost], "second": two})
