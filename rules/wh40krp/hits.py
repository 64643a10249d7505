"""A hit of the fan ruleset: cover, force field and armour penetrated on percentile rolls, then
the damage die read on the Damage Charts (seed 000, Armour Penetration; Damage)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rules.d100.models import AppliedModifier

from ..d100 import signed
from .models import Layer, RpArmour, RpBody, RpDamage, Shot
from .readings import penetrates, range_band
from .tables import src

if TYPE_CHECKING:
    from .procedure import Wh40krpRound

LayerKind = Literal["cover", "force field", "armour"]


def layer(
    rnd: Wh40krpRound,
    label: str,
    kind: LayerKind,
    basic: int,
    modifier: int = 0,
    parry: int = 0,
    name: str | None = None,
    type_: str | None = None,
) -> Layer:
    """Roll one penetration: ``basic`` + the weapon's ``modifier`` - a ``parry``; no die at 100%
    or more (seed 000, Armour Penetration; Min/Max Penetration)."""
    chance = basic + modifier - parry
    roll = None if chance >= 100 else rnd.pen_die(f"{label} {kind} penetration d100", chance)
    return Layer(
        layer=kind,
        name=name,
        type=type_,
        basic=basic,
        modifier=modifier,
        parry=parry,
        chance=chance,
        roll=roll,
        penetrated=penetrates(chance, roll),
    )


def penetrate(
    rnd: Wh40krpRound, label: str, body: RpBody, location: str, long_range: bool, melee: bool, parry: int = 0
) -> tuple[list[Layer], bool, bool]:
    """Roll through cover, force field and armour for the hit named ``label`` (``shot 2``);
    returns the layers, whether the hit got through, and whether it went through cover."""
    pen = rnd.weapon.penetration_at(long_range)
    layers: list[Layer] = []
    through_cover = False
    cover = body.cover
    if cover is not None and location in cover.locations:
        layers.append(layer(rnd, label, "cover", cover.chance, pen.cover, name=cover.name))
        if not layers[-1].penetrated:
            return layers, False, False
        through_cover = True
    if body.force_field is not None:
        layers.append(layer(rnd, label, "force field", body.force_field))
        if not layers[-1].penetrated:
            return layers, False, through_cover
    armour: RpArmour | None = body.armour.get(location)  # type: ignore[call-overload]
    if armour is None and melee:
        armour = RpArmour(
            name="none (counts as primitive, the attacker's WS%)", type="primitive", chance=rnd.s.attacker.WS
        )
    if armour is None:
        return layers, True, through_cover
    layers.append(layer(rnd, label, "armour", armour.chance, pen.against(armour.type), parry, armour.name, armour.type))
    return layers, layers[-1].penetrated, through_cover


def chart_number(rnd: Wh40krpRound, melee: bool) -> int:
    """The Damage Chart a hit is read on: the weapon's, else the attacker's in hand-to-hand, else
    Chart 1 (readings: *Which Damage Chart*)."""
    w = rnd.weapon
    if w.chart is not None:
        return w.chart
    return rnd.s.attacker.chart if melee else 1


def _damage_modifiers(rnd: Wh40krpRound, through_cover: bool) -> list[AppliedModifier]:
    """+10 to the damage roll through cover (seed 000, Armour Penetration), and the book's S and T."""
    mods: list[AppliedModifier] = []
    if through_cover:
        mods.append(
            AppliedModifier(
                label="Through cover (lost velocity)",
                value=rnd.t.penetration.cover_damage_bonus,
                source=src("Armour Penetration: 'add +10 to the damage roll'"),
            )
        )
    if rnd.s.action.damage_modifier:
        mods.append(
            AppliedModifier(
                label="S and T", value=rnd.s.action.damage_modifier, source="the book (entered by the player)"
            )
        )
    return mods


def damage(rnd: Wh40krpRound, label: str, melee: bool, through_cover: bool, index: int) -> RpDamage:
    """Roll the damage die of a penetrating hit and read the chart (the player's, or the GM's
    reading typed in ``chart_results[index]``, ``index`` the penetrating hits before this one).

    A total on no row of the player's chart is not read as a neighbour row: ``result_from`` is
    ``"off_chart"`` and the GM reads it (:meth:`DamageChart.row_for`)."""
    number = chart_number(rnd, melee)
    chart = next((c for c in rnd.s.charts if c.chart == number), None)
    die = chart.die if chart is not None else 100
    mods = _damage_modifiers(rnd, through_cover)
    shift = sum(m.value for m in mods)
    typed = rnd.s.action.chart_results
    gm = typed[index].strip() if index < len(typed) else ""
    off = None if gm or chart is None else (lambda face: chart.row_for(face + shift) is None)
    roll = rnd.damage_die(die, f"{label} damage d{die} (Chart {number})", off)
    total = roll + shift
    result: str | None = None
    result_from: Literal["chart", "gm", "off_chart"] | None = None
    if gm:
        result, result_from = gm, "gm"
    elif chart is not None:
        row = chart.row_for(total)
        result, result_from = (row.result, "chart") if row is not None else (None, "off_chart")
    return RpDamage(
        chart=number, die=die, roll=roll, modifiers=mods, total=total, result=result, result_from=result_from
    )


def resolve_hit(rnd: Wh40krpRound, shot: Shot, melee: bool, parry: int = 0, index: int = 0) -> Shot:
    """Penetration and damage of a shot (or blow) that hit; ``index``: the penetrating hits before
    it (which typed chart result its damage reads)."""
    body = rnd.bodies[shot.target_index]
    band = "short" if melee else range_band(rnd.distance_to(shot.target_index), rnd.weapon.range)
    assert shot.location is not None
    label = f"{'blow' if melee else 'shot'} {shot.number}"
    layers, through, via_cover = penetrate(rnd, label, body, shot.location, band == "long", melee, parry)
    dmg = damage(rnd, label, melee, via_cover, index) if through else None
    log_hit(rnd, label, body.name, shot.location, layers, dmg, "hand-to-hand" if melee else f"{band} range")
    return shot.model_copy(update={"layers": layers, "penetrated": through, "damage": dmg})


def log_hit(
    rnd: Wh40krpRound, label: str, who: str, location: str, layers: list[Layer], dmg: RpDamage | None, band: str
) -> None:
    """The steps of a hit: each layer rolled through, and the damage read."""
    parts = [f"{layer.describe()} ({band})" for layer in layers]
    if not layers:
        parts.append("no armour on that location: nothing to penetrate")
    rnd.step(
        f"{label.capitalize()}: armour penetration",
        src("Armour Penetration"),
        f"{who}, {location}. " + "; ".join(parts) + ".",
    )
    if dmg is None:
        return
    mods = "".join(f" {signed(m.value)} ({m.label})" for m in dmg.modifiers)
    if dmg.result_from == "gm":
        read = f"the GM read: {dmg.result}"
    elif dmg.result_from == "chart":
        read = f"your Chart {dmg.chart} reads: {dmg.result}"
    elif dmg.result_from == "off_chart":
        read = f"{dmg.total} is not on your Chart {dmg.chart} (its rows cover {_span(rnd, dmg.chart)}): the GM reads it"
    else:
        read = f"read Chart {dmg.chart} in the book (no chart entered for it)"
    source = "Damage: the Damage Charts (not in the seed: from the player)"
    if dmg.result_from == "off_chart":  # readings: *A damage total off the player's chart*
        source += "; a total on no row of the player's chart is the GM's to read"
    rnd.step(
        f"{label.capitalize()}: damage",
        src(source),
        f"d{dmg.die} {dmg.roll}{mods} = {dmg.total} on Chart {dmg.chart}: {read}.",
    )


def _span(rnd: Wh40krpRound, number: int) -> str:
    """The totals the player's Chart ``number`` holds (``01-70``)."""
    return next(c.span() for c in rnd.s.charts if c.chart == number)
