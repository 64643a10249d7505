"""Targeting before any die (seed 000, Targeting; the Cover Table; Light): each target the round's
shots can reach is in range, lit, seen through its cover and of a size that may be aimed at; a
large target within reach is hit automatically. Each refusal is a :class:`ScenarioError` at its
field."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import FIRE_KINDS
from .readings import range_band

if TYPE_CHECKING:
    from .procedure import Wh40krpRound


def sight_stage(rnd: Wh40krpRound) -> frozenset[int]:
    """Check every target the round's shots can reach, logging what it finds; returns the
    targets (0: the target, k: its k-th other) hit automatically. A round that fires no shot
    needs no sight of the target."""
    actions = rnd.s.action.actions
    if actions[0].kind == "melee":
        return frozenset()
    reached = {a.at + j for a in actions if a.kind in FIRE_KINDS for j in range(len(a.follow) + 1)}
    automatic = set()
    for index in sorted(reached):
        hit, notes = check_sight(rnd, index)
        if hit:
            automatic.add(index)
        rnd.step("Targeting", rnd.t.visibility.source, f"{rnd.bodies[index].name}: " + "; ".join(notes) + ".")
    return frozenset(automatic)


def check_sight(rnd: Wh40krpRound, index: int) -> tuple[bool, list[str]]:
    """Whether the target ``index`` can be shot at (raising the reason if not); returns whether
    a large target is hit automatically, and what the step log says."""
    body = rnd.bodies[index]
    prefix = rnd.body_field(index)
    distance = rnd.distance_to(index)
    if body.exposure == "hidden":
        raise rnd.refuse(f"{prefix}.exposure", "A character completely hidden behind cover cannot be seen at all")
    try:
        band = range_band(distance, rnd.weapon.range)
    except ValueError as exc:
        raise rnd.refuse("action.distance" if index == 0 else f"{prefix}.distance", str(exc)) from None
    notes = [f"{distance:g} m: {band} range (maximum {rnd.weapon.range:g} m)"]
    scale = _light(rnd, index, distance, notes)
    _exposure(rnd, index, distance, scale, notes)
    return _size(rnd, index, distance, scale, notes), notes


def _light(rnd: Wh40krpRound, index: int, distance: float, notes: list[str]) -> float:
    """How far the light lets the firer see: the scale of every targeting distance (1, or 0.5 in
    twilight); at night nothing beyond 3 m unless lit or revealed. Appends to ``notes``."""
    rnd_action, light, body = rnd.s.action, rnd.t.light, rnd.bodies[index]
    lit = rnd_action.illumination == "infrared"
    if rnd_action.illumination not in ("infrared", "none"):
        reach = light.sources[rnd_action.illumination]
        lit = distance <= reach
        notes.append(
            f"{rnd_action.illumination} reaches {reach:g} m: "
            + ("the target is lit as in daylight" if lit else "the target is beyond its light")
        )
    if rnd_action.light == "night" and not lit:
        if distance > light.night and not body.revealed:
            raise rnd.refuse(
                "action.light",
                f"At night nothing is seen beyond {light.night:g} m without illumination or an infrared device "
                f"(the target is {distance:g} m away)",
            )
        notes.append("night: the target gives itself away" if body.revealed else "night: within 3 m")
    elif rnd_action.light == "twilight" and not lit:
        notes.append("twilight: every targeting distance is halved")
        return 0.5
    return 1.0


def _exposure(rnd: Wh40krpRound, index: int, distance: float, scale: float, notes: list[str]) -> None:
    """A target behind cover is seen up to the Cover Table's distance, at any range once it gives
    itself away or with specialist equipment. Appends to ``notes``."""
    body = rnd.bodies[index]
    if body.exposure == "open":
        return
    sight = rnd.t.visibility.rows[body.exposure]
    limit = sight.metres * scale
    if body.revealed or rnd.s.action.equipment:
        why = "gave away its position" if body.revealed else "specialist equipment"
        notes.append(f"{sight.label} ({sight.exposed}): seen at any range ({why})")
    elif distance > limit:
        raise rnd.refuse(
            f"{rnd.body_field(index)}.exposure",
            f"{sight.label} ({sight.exposed}): seen up to {limit:g} m, not {distance:g} m, unless it gives itself away",
        )
    else:
        notes.append(f"{sight.label} ({sight.exposed}): seen up to {limit:g} m")


def _size(rnd: Wh40krpRound, index: int, distance: float, scale: float, notes: list[str]) -> bool:
    """The target's size: a small one is aimed at up to 50 m (without targeting equipment), a
    normal one up to 300 m; a large one is hit automatically within 100 m. Returns that."""
    body, sizes = rnd.bodies[index], rnd.t.target_sizes
    prefix = rnd.body_field(index)
    if rnd.is_small(index):
        limit = sizes.small * scale
        if distance > limit and not rnd.s.action.equipment:
            field_ = "action.called_location" if body.size == "normal" else f"{prefix}.size"
            raise rnd.refuse(
                field_,
                f"A small target is not aimed at beyond {limit:g} m without targeting equipment ({distance:g} m)",
            )
        return False
    if body.size == "normal":
        limit = sizes.normal * scale
        if distance > limit:
            raise rnd.refuse(
                "action.distance" if index == 0 else f"{prefix}.distance",
                f"A normal target is seen and targeted up to {limit:g} m, not {distance:g} m",
            )
        return False
    limit = sizes.large_automatic * scale
    automatic = distance <= limit
    notes.append(
        f"large target: hit automatically up to {limit:g} m"
        + (" (the die is still rolled for a jam)" if automatic else f"; at {distance:g} m it is rolled for")
    )
    return automatic
