"""Step One: every modifier to the attack test, summed and capped at ±60."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.d100.models import AppliedModifier

from .. import cap_modifier, signed
from ..qualities import hooks
from ..state import AttackState
from .psychic import modifiers as focus_modifiers

if TYPE_CHECKING:
    from ..attack import D100Attack


def run(a: D100Attack, st: AttackState) -> AttackState:
    """Step One: the modifiers, their capped total and the target number (percent)."""
    mods = modifiers(a, st)
    raw = sum(m.value for m in mods)
    total = cap_modifier(raw)
    listed = "; ".join(f"{m.label} {signed(m.value)}" for m in mods)
    capped = "" if raw == total else f", capped at {signed(total)} (the total may not pass \u00b160)"
    if a.flame and not st.action.psychic:  # a power's Focus Power test is still taken (flame.manifest)
        listed = f"(no attack test: recorded only) {listed}"
    a.step("Step One: modifiers", a.SRC["step1"], f"{listed}: total {signed(raw)}{capped}.")
    return replace(st, modifiers=tuple(mods), modifier_total=total, target_number=st.char_value + total)


Mod = tuple[str, int, str]  # label, value (percent), source


def modifiers(a: D100Attack, st: AttackState) -> list[AppliedModifier]:
    """Every modifier to the attack test (percent), each with its source, in the order the step
    lists them: the action, aim, range, size, circumstances, difficulty, the weapon's use, tactics,
    the qualities' ``modifiers`` hooks, craftsmanship, the extra modifiers typed in."""
    action = st.action
    mods = [AppliedModifier(label=action.name, value=action.modifier, source=action.source)]
    parts = (
        (_focus, _extras)  # a psychic attack's Focus Power test
        if action.psychic
        else (_aim, _range, _size, _circumstances, _weapon_use, _tactics, _qualities, _extras)
    )
    for part in parts:
        mods.extend(AppliedModifier(label=label, value=value, source=source) for label, value, source in part(a, st))
    return mods


def _focus(a: D100Attack, st: AttackState) -> list[Mod]:
    """A psychic attack's Focus Power test: the power's modifier and the difficulty."""
    return focus_modifiers(a)


def _aim(a: D100Attack, st: AttackState) -> list[Mod]:
    """Aim's bonus, folded through the qualities' ``aim`` hooks (Inaccurate takes it away, Accurate
    adds to it for a ranged weapon that aimed)."""
    s, t = a.s, a.tables
    out: list[Mod] = []
    if s.action.aim != "none":
        bonus = t.aim.half if s.action.aim == "half" else t.aim.full
        out.append((f"Aim ({s.action.aim})", bonus, t.aim.source))
    for h in hooks("aim", a.q):
        out = h.apply(a, st, out)
    return out


def _range(a: D100Attack, st: AttackState) -> list[Mod]:
    """The range band's modifier (none for a Pistol fired into melee), then the qualities' ``range``
    hooks (Scatter's, DH2, close in)."""
    s, w, t, band = a.s, a.weapon, a.tables, st.band
    out: list[Mod] = []
    if band is not None:
        rb = t.range_bands.band(band)
        if s.action.engaged:
            a.step(
                "Pistol in melee",
                a.SRC["class"],
                f"The {w.name} is fired at a foe engaged in melee: a Pistol may, and range bands do not apply.",
            )
        else:
            out.append(
                (f"{band} range ({s.action.distance:g} m, weapon {a.range():g} m)", rb.modifier, t.range_bands.source)
            )
    for h in hooks("range", a.q):
        out.extend(h.apply(a, st))
    return out


def _size(a: D100Attack, st: AttackState) -> list[Mod]:
    """The target's size, or the size a Horde counts as from its Magnitude where that is larger."""
    s, t = a.s, a.tables
    size = t.sizes.get(s.target.size)
    as_size = horde_size(a)
    if s.target.horde is not None and as_size is not None and (size is None or as_size[1] > size[1]):
        label = f"Horde of Magnitude {s.target.horde.magnitude}: counts as {as_size[0]}"
        return [(label, as_size[1], a.horde_rules().source)]
    if size is not None and size[1]:
        return [(f"Target size: {size[0]}", size[1], t.sizes.source)]
    return []


def _circumstances(a: D100Attack, st: AttackState) -> list[Mod]:
    """The combat circumstances (each for WS or BS tests, or both), then the difficulty."""
    s, t, char = a.s, a.tables, st.char
    out: list[Mod] = []
    for name in s.action.circumstances:
        c = t.circumstances.get(name)
        if c is None:
            continue
        value = c.ws if char == "WS" else c.bs
        if value is None:
            a.step(f"Circumstance: {c.name}", c.source or t.circumstances.source, f"Does not apply to a {char} test.")
        else:
            out.append((c.name, value, c.source or t.circumstances.source))
    if s.action.difficulty and (d := t.difficulties.get(s.action.difficulty)) is not None:
        out.append((f"Difficulty: {d[0]}", d[1], t.difficulties.source))
    return out


def _weapon_use(a: D100Attack, st: AttackState) -> list[Mod]:
    """Unarmed against an armed foe, a Basic weapon one-handed, an unbraced Heavy weapon (through the
    qualities' ``unbraced`` hooks: Gyro-Stabilised lessens it), no Weapon Training."""
    s, w = a.s, a.weapon
    out: list[Mod] = []
    if w.weapon_class == "Unarmed" and s.target.armed:
        out.append(("Unarmed against an armed foe", -20, a.SRC["unarmed"]))
    if w.weapon_class == "Basic" and s.action.one_handed:
        out.append(("Basic weapon fired one-handed", -20, a.SRC["class"]))
    if w.weapon_class == "Heavy" and not s.action.braced:
        mod: Mod = ("Heavy weapon not braced", -30, a.SRC["class"])
        for h in hooks("unbraced", a.q):  # Gyro-Stabilised
            mod = h.apply(a, mod)
        out.append(mod)
    if not w.trained:
        out.append(("Used without its Weapon Training talent", -20, a.SRC["untrained"]))
    return out


def _tactics(a: D100Attack, st: AttackState) -> list[Mod]:
    """Fired from Overwatch, and two-weapon fighting (where the ruleset has the rules)."""
    s, t = a.s, a.tables
    out: list[Mod] = []
    if s.action.overwatch and t.pinning is not None and t.pinning.overwatch_bs:
        out.append(("Fired from Overwatch", t.pinning.overwatch_bs, t.pinning.overwatch_source))
    elif s.action.overwatch and t.overwatch is not None:  # DH1: the BS modifier only
        out.append(("Fired from Overwatch", t.overwatch.bs, t.overwatch.source))
    if s.action.two_weapon != "none" and t.two_weapon is not None:
        tw = t.two_weapon
        if s.action.two_weapon == "off_hand" and s.action.ambidextrous:
            a.step("Off-hand weapon", tw.source, "Ambidextrous: no penalty for the off hand.")
        elif s.action.two_weapon == "off_hand":
            out.append(("Off-hand weapon", tw.off_hand, tw.source))
        elif s.action.ambidextrous:
            out.append(("Two weapons, one attack each (Ambidextrous)", tw.ambidextrous, tw.source))
        else:
            out.append(("Two weapons, one attack each", tw.both, tw.source))
    return out


def _qualities(a: D100Attack, st: AttackState) -> list[Mod]:
    """The qualities' ``modifiers`` hooks, in their order (Defensive, Twin-Linked)."""
    return [mod for h in hooks("modifiers", a.q) for mod in h.apply(a, st)]


def _extras(a: D100Attack, st: AttackState) -> list[Mod]:
    """Craftsmanship, then the extra modifiers typed in."""
    w = a.weapon
    out: list[Mod] = []
    craft = craftsmanship_modifier(a)
    if craft:
        out.append((f"{w.craftsmanship} craftsmanship", craft, a.SRC["craftsmanship"]))
    out.extend((m.label, m.value, m.source or "extra modifier") for m in a.s.action.modifiers)
    return out


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
    d, r = a.s.action.distance, a.range()
    if d <= a.tables.range_bands.point_blank:
        return "Point Blank"
    if d < r / 2:
        return "Short"
    if d <= 2 * r:
        return "Standard"
    band = "Long" if d <= 3 * r else "Extreme"
    for h in hooks("range_band", a.q):  # Gyro-Stabilised
        band = h.apply(a, band)
    return band
