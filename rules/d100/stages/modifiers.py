"""Step One: every modifier to the attack test, summed and capped at ±60."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...models import AppliedModifier
from .. import cap_modifier, signed
from ..qualities import hooks
from ..state import AttackState

if TYPE_CHECKING:
    from ..attack import D100Attack


def run(a: D100Attack, st: AttackState) -> AttackState:
    """Step One: the modifiers, their capped total and the target number (percent)."""
    mods = modifiers(a, st)
    raw = sum(m.value for m in mods)
    total = cap_modifier(raw)
    listed = "; ".join(f"{m.label} {signed(m.value)}" for m in mods)
    capped = "" if raw == total else f", capped at {signed(total)} (the total may not pass \u00b160)"
    if a.flame:
        listed = f"(no attack test: recorded only) {listed}"
    a._step("Step One: modifiers", a.SRC["step1"], f"{listed}: total {signed(raw)}{capped}.")
    return replace(st, modifiers=tuple(mods), modifier_total=total, target_number=st.char_value + total)


def modifiers(a: D100Attack, st: AttackState) -> list[AppliedModifier]:
    """Every modifier to the attack test (percent), each with its source."""
    s, w, t = a.s, a.weapon, a.tables
    action, char, band = st.action, st.char, st.band
    mods = [AppliedModifier(label=action.name, value=action.modifier, source=action.source)]

    def add(label: str, value: int, source: str) -> None:
        mods.append(AppliedModifier(label=label, value=value, source=source))

    if s.action.aim != "none":
        bonus = t.aim.half if s.action.aim == "half" else t.aim.full
        if "Inaccurate" in a.q:
            a._qstep("Inaccurate", f"No bonus from aiming (the {s.action.aim} Aim would give {signed(bonus)}).")
        else:
            add(f"Aim ({s.action.aim})", bonus, t.aim.source)
            if "Accurate" in a.q and not w.is_melee:
                add("Accurate (aiming)", a.q.num("Accurate", "bonus", 10), a._qsrc("Accurate"))
    elif "Accurate" in a.q and not w.is_melee:
        a._qstep("Accurate", "No bonus: Accurate adds to hit only when the attacker aimed.")
    if band is not None:
        rb = t.range_bands.band(band)
        if s.action.engaged:
            a._step(
                "Pistol in melee",
                a.SRC["class"],
                f"The {w.name} is fired at a foe engaged in melee: a Pistol may, and range bands do not apply.",
            )
        else:
            add(
                f"{band} range ({s.action.distance:g} m, weapon {a._range():g} m)",
                rb.modifier,
                t.range_bands.source,
            )
    if "Scatter" in a.q and a.q.param("Scatter", "mode") == "dh2" and band in ("Point Blank", "Short"):
        add(f"Scatter ({band} range)", 10, a._qsrc("Scatter"))
    size = t.sizes.get(s.target.size)
    as_size = horde_size(a)
    if s.target.horde is not None and as_size is not None and (size is None or as_size[1] > size[1]):
        add(
            f"Horde of Magnitude {s.target.horde.magnitude}: counts as {as_size[0]}",
            as_size[1],
            a._horde_rules().source,
        )
    elif size is not None and size[1]:
        add(f"Target size: {size[0]}", size[1], t.sizes.source)
    for name in s.action.circumstances:
        c = t.circumstances.get(name)
        if c is None:
            continue
        value = c.ws if char == "WS" else c.bs
        if value is None:
            a._step(f"Circumstance: {c.name}", t.circumstances.source, f"Does not apply to a {char} test.")
        else:
            add(c.name, value, t.circumstances.source)
    if s.action.difficulty and (d := t.difficulties.get(s.action.difficulty)) is not None:
        add(f"Difficulty: {d[0]}", d[1], t.difficulties.source)
    if w.weapon_class == "Unarmed" and s.target.armed:
        add("Unarmed against an armed foe", -20, a.SRC["unarmed"])
    if w.weapon_class == "Basic" and s.action.one_handed:
        add("Basic weapon fired one-handed", -20, a.SRC["class"])
    if w.weapon_class == "Heavy" and not s.action.braced:
        gyro = "Gyro-Stabilised" in a.q
        add(
            "Heavy weapon not braced" + (" (Gyro-Stabilised)" if gyro else ""),
            -20 if gyro else -30,
            a._qsrc("Gyro-Stabilised") if gyro else a.SRC["class"],
        )
    if not w.trained:
        add("Used without its Weapon Training talent", -20, a.SRC["untrained"])
    if s.action.overwatch and t.pinning is not None and t.pinning.overwatch_bs:
        add("Fired from Overwatch", t.pinning.overwatch_bs, t.pinning.overwatch_source)
    if s.action.two_weapon != "none" and t.two_weapon is not None:
        tw = t.two_weapon
        if s.action.two_weapon == "off_hand" and s.action.ambidextrous:
            a._step("Off-hand weapon", tw.source, "Ambidextrous: no penalty for the off hand.")
        elif s.action.two_weapon == "off_hand":
            add("Off-hand weapon", tw.off_hand, tw.source)
        elif s.action.ambidextrous:
            add("Two weapons, one attack each (Ambidextrous)", tw.ambidextrous, tw.source)
        else:
            add("Two weapons, one attack each", tw.both, tw.source)
    for h in hooks("modifiers", a.q):
        for label, value, source in h.apply(a, st):
            add(label, value, source)
    craft = craftsmanship_modifier(a)
    if craft:
        add(f"{w.craftsmanship} craftsmanship", craft, a.SRC["craftsmanship"])
    for m in s.action.modifiers:
        add(m.label, m.value, "extra modifier")
    return mods


def craftsmanship_modifier(
    a: D100Attack,
) -> int:
    """Poor -10, Good +5, Best +10 to hit: for melee weapons, or for every weapon where the
    ruleset's craftsmanship table says so (Deathwatch)."""
    if a.weapon.weapon_class == "Unarmed":
        return 0
    c = a.tables.craftsmanship
    if c is not None:
        return {"Poor": c.poor, "Common": 0, "Good": c.good, "Best": c.best}[a.weapon.craftsmanship]
    if not a.weapon.is_melee:
        return 0
    return {"Poor": -10, "Common": 0, "Good": 5, "Best": 10}[a.weapon.craftsmanship]


def horde_size(
    a: D100Attack,
) -> tuple[str, int] | None:
    """The size a Horde counts as from its Magnitude, with its modifier (percent)."""
    h, rules = a.s.target.horde, a.tables.hordes
    if h is None or rules is None:
        return None
    name = rules.size_for(h.magnitude)
    return a.tables.sizes.get(name) if name else None


def range_band(
    a: D100Attack,
) -> str:
    d, r = a.s.action.distance, a._range()
    if d <= a.tables.range_bands.point_blank:
        return "Point Blank"
    if d < r / 2:
        return "Short"
    if d <= 2 * r:
        return "Standard"
    if d <= 3 * r or "Gyro-Stabilised" in a.q:
        return "Long"
    return "Extreme"
