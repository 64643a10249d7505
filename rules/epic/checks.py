"""Epic's checks before any die: what the rules do not allow is refused, every problem at once,
each at its field (seed 002, Overwatch; Barrage; Crossfire; To Hit Modifiers)."""

from __future__ import annotations

from ..errors import FieldError, ScenarioError
from .models import EpicScenario, TargetFormation
from .tables import tables


def under(s: EpicScenario) -> list[tuple[str, TargetFormation]]:
    """The formations the attack may hit, each with its field: the target, then the others under
    a barrage's template."""
    return [("target", s.target)] + [(f"action.also_under.{i}", f) for i, f in enumerate(s.action.also_under)]


def check(s: EpicScenario) -> None:
    """Refuse what the rules do not allow: raises :class:`ScenarioError` with every problem, each
    at its field."""
    errors: list[FieldError] = []
    if s.attacker.double_moved and s.attacker.sustained_fire:
        errors.append(FieldError("attacker.sustained_fire", "A formation that double moved did not sustain its fire"))
    errors += _overwatch_errors(s) + _barrage_errors(s) + _crossfire_errors(s) + _assault_errors(s)
    if errors:
        raise ScenarioError(errors)


def _overwatch_errors(s: EpicScenario) -> list[FieldError]:
    """Overwatch fire needs a formation on overwatch that has not moved or sustained its fire, set
    off by a move or an unload."""
    a = s.action
    if not a.is_overwatch:
        return []
    errors: list[FieldError] = []
    if not s.attacker.overwatch:
        errors.append(FieldError("attacker.overwatch", "Overwatch fire needs a formation on overwatch"))
    if a.trigger is None:
        errors.append(FieldError("action.trigger", "Say what the target formation did that set off the overwatch"))
    elif a.trigger not in tables().overwatch.triggers:
        errors.append(
            FieldError(
                "action.trigger",
                f"A formation on overwatch may react only to a move or an unload, not to a {a.trigger}",
            )
        )
    for name in ("double_moved", "sustained_fire"):
        if getattr(s.attacker, name):
            errors.append(
                FieldError(f"attacker.{name}", "A formation on overwatch has not moved or sustained its fire")
            )
    return errors


def _barrage_errors(s: EpicScenario) -> list[FieldError]:
    """Only a barrage covers other formations, each unit under it at a distance from its centre,
    and it cannot ignore cover; a shooting that ignores cover must leave a unit to hit."""
    a = s.action
    errors: list[FieldError] = []
    if not a.is_barrage and a.also_under:
        errors.append(FieldError("action.also_under", "Only a barrage's template covers other formations"))
    if a.is_barrage:
        if a.ignore_cover:
            errors.append(
                FieldError("action.ignore_cover", "A barrage hits each unit under it: cover cannot be ignored")
            )
        for f, formation in under(s):
            errors += [
                FieldError(f"{f}.units.{i}.from_centre", "Give the tiles from the barrage's centre tile")
                for i, unit in enumerate(formation.units)
                if unit.from_centre is None
            ]
    elif a.ignore_cover and (seen := [u for u in s.target.units if u.line_of_fire]) and all(u.in_cover for u in seen):
        errors.append(
            FieldError(
                "action.ignore_cover",
                "Every unit the attackers can see is in cover: ignoring cover leaves none to hit",
            )
        )
    return errors


def _crossfire_errors(s: EpicScenario) -> list[FieldError]:
    """A crossfire line is short enough, passes through the target, and its allied unit has a
    line of fire and is neither broken nor marching."""
    c, cf = s.action.crossfire, tables().crossfire
    if c is None:
        return []
    errors: list[FieldError] = []
    if c.length > cf.max_length:
        errors.append(FieldError("action.crossfire.length", f"A crossfire line is at most {cf.max_length} tiles long"))
    if not c.through_target:
        errors.append(
            FieldError(
                "action.crossfire.through_target",
                "The line must pass through a unit of the target formation or a gap between two",
            )
        )
    if not c.ally_line_of_fire:
        errors.append(
            FieldError(
                "action.crossfire.ally_line_of_fire", "The allied unit needs a line of fire to the target formation"
            )
        )
    if c.ally_broken:
        errors.append(FieldError("action.crossfire.ally_broken", "A broken formation cannot claim a crossfire"))
    if c.ally_marching:
        errors.append(FieldError("action.crossfire.ally_marching", "A marching formation cannot claim a crossfire"))
    return errors


def _assault_errors(s: EpicScenario) -> list[FieldError]:
    """Epic assault (seed 002, Allocate Hits): given CC/FF hits belong to an assault; an assault
    claims no crossfire (a bonus "when they shoot", Crossfire) and ignores no cover (Roll to Hit)."""
    a = s.action
    if not a.is_assault:
        return [
            FieldError(f"action.{name}", "Hits given in close combat or firefight belong to an assault")
            for name in ("cc_hits", "ff_hits")
            if getattr(a, name) is not None
        ]
    errors: list[FieldError] = []
    if a.crossfire is not None:
        errors.append(
            FieldError("action.crossfire", "A crossfire is claimed when a formation shoots, not in an assault")
        )
    if a.ignore_cover:
        errors.append(FieldError("action.ignore_cover", "An assault has no to-hit modifier for cover to give up"))
    return errors
