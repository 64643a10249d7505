"""A weapon's qualities as the d100 attack reads them, and the registry of what they do.

:class:`Qualities`: each canonical name with its value (X) and the ruleset's reading of it
(``rules/data/<system>/qualities.json``: ``params``, ``test``). :data:`HOOKS`: each quality's rule
at a point of the procedure (:data:`POINTS`), in a declared order there; the stages call
:func:`hooks` at each point. Qualities that only call for a test of the target are data only
(``test`` in the JSON; :func:`rules.d100.stages.after_hit.after_hit`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from rules.d100.tables import QualityDef

from . import signed
from .roles import UNSTABLE, for_person
from .stages.landing import scatter

if TYPE_CHECKING:
    from . import D100Test
    from .attack import D100Attack
    from .stages.damage_dice import HitDice
    from .state import AttackState

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class Qualities:
    """The attacking weapon's qualities: canonical name -> value (``Blast (3)`` -> 3)."""

    values: dict[str, int | None] = field(default_factory=dict)
    defs: dict[str, QualityDef] = field(default_factory=dict)

    def __contains__(self, name: str) -> bool:
        return name in self.values

    def x(self, name: str) -> int:
        return self.values.get(name) or 0

    def param(self, name: str, key: str, default: int | str = 0) -> int | str:
        d = self.defs.get(name)
        return d.params.get(key, default) if d else default

    def num(self, name: str, key: str, default: int = 0) -> int:
        v = self.param(name, key, default)
        return v if isinstance(v, int) else default

    def label(self, name: str) -> str:
        v = self.values.get(name)
        return f"{name} ({v})" if v is not None else name


# -- predicates: a stage choosing its procedure by the kind of weapon (not a quality's own rule) ---------


def area_quality(q: Qualities) -> str:
    """The quality that makes the weapon an area weapon with no attack test: Spray if it has it,
    else Flame (whose ``params`` give the jam face and the Agility test)."""
    return "Spray" if "Spray" in q else "Flame"


def no_attack_test(q: Qualities) -> bool:
    """Spray, or Flame in rulesets where it replaces the attack test (its ``mode`` ``no_test``): the
    weapon hits everyone in its area who fails an Agility test (:mod:`rules.d100.stages.flame`)."""
    return "Spray" in q or ("Flame" in q and q.param("Flame", "mode", "") == "no_test")


# -- the hook registry --------------------------------------------------------------------------------

POINTS = (
    "ammo",  # (a) -> (factor, why) or None: the rounds a shot uses, multiplied
    "modifiers",  # (a, st) -> [(label, value, source)]: added to the attack test, after the weapon-class ones
    "miss",  # (a, test) -> None: what a missed attack test (not jammed) does still (Blast's scatter)
    "aim",  # (a, st, mods) -> mods: the Aim's modifiers to the attack test (its bonus first, if aimed), folded
    "range_band",  # (a, band) -> band: the range band beyond Standard range (Long or Extreme)
    "range",  # (a, st) -> [(label, value, source)]: added to the attack test after the range band's
    "unbraced",  # (a, (label, value, source)) -> the same: an unbraced Heavy weapon's modifier to the attack test
    "hits",  # (a, st, hits) -> hits: after the action's hits (Scatter, Twin-Linked, Storm)
    "horde_hits",  # (a, hits, why) -> hits: the hits on a Horde, before Explosive damage's; appends to why
    "horde_more_hits",  # (a, hits, why) -> hits: the hits on a Horde, after Explosive damage's; appends to why
    "damage_dice",  # (a, st, degrees, roll) -> None: a hit's dice after the weapon's; roll(sides, purpose, role, group=0)
    "damage_type",  # (a, kind) -> kind: the weapon's damage type (E, I, R or X)
    "dice_notes",  # (a, hd) -> str or None: a note on what the quality did to a hit's damage dice (Step Four)
    "hit_damage",  # (a, hd, damage) -> damage: one hit's damage after its dice and bonuses, before armour
    "clamp",  # (a, value) -> value: each damage die (Proven, Primitive)
    "damage_bonus",  # (a, st) -> [(value, label)]: added to each hit's damage, after craftsmanship
    "pen",  # (a, st, pen) -> (pen, why) or None: the weapon's Pen, folded in order
    "armour_damage",  # (a, location, person) -> extra damage (from the struck location's AP)
    "armour",  # (a, st) -> why or None: a reason the struck armour counts double (they do not stack)
    "toughness",  # (a, tb, unnatural) -> (tb, why) or None: the target's TB
    "fury",  # (a) -> the natural face from which a damage die calls Righteous Fury, or None
    "fury_confirm",  # (a) -> True: the Fury needs no confirmation roll (where the ruleset asks one); notes why
)


@dataclass(frozen=True)
class Hook:
    """One quality's rule at one ``point`` of the procedure (one of :data:`POINTS`), applied in
    ``order`` (lowest first) among the hooks at that point; ``apply`` is what it does."""

    quality: str
    point: str
    order: int
    apply: Callable[..., Any]


HOOKS: dict[str, list[Hook]] = {point: [] for point in POINTS}


def hook(quality: str, point: str, order: int) -> Callable[[F], F]:
    """Register the decorated function as ``quality``'s rule at ``point``, ``order``-th there.
    Raises ValueError for an unknown point or an order another hook at that point holds."""
    if point not in HOOKS:
        raise ValueError(f"no point {point!r} in the d100 procedure")

    def register(fn: F) -> F:
        if any(h.order == order for h in HOOKS[point]):
            raise ValueError(f"two hooks at {point!r} with order {order}")
        HOOKS[point].append(Hook(quality, point, order, fn))
        HOOKS[point].sort(key=lambda h: h.order)
        return fn

    return register


def hooks(point: str, q: Qualities) -> list[Hook]:
    """The hooks at ``point`` of the qualities in ``q``, in order."""
    return [h for h in HOOKS[point] if h.quality in q]


# -- ammunition ------------------------------------------------------------------------------------------


@hook("Storm", "ammo", 10)
def _storm_ammo(a: D100Attack) -> tuple[int, str] | None:
    return 2, "Storm doubles the ammunition"


@hook("Twin-Linked", "ammo", 20)
def _twin_linked_ammo(a: D100Attack) -> tuple[int, str] | None:
    return 2, "Twin-Linked fires both barrels"


@hook("Maximal", "ammo", 30)
def _maximal_ammo(a: D100Attack) -> tuple[int, str] | None:
    return (3, "Maximal uses three times the ammunition") if a.s.action.maximal else None


# -- modifiers: the attack test -----------------------------------------------------------------------


@hook("Defensive", "modifiers", 10)
def _defensive(a: D100Attack, st: AttackState) -> list[tuple[str, int, str]]:
    """Defensive: -10 to attack (the ruleset's ``attack`` param)."""
    return [("Defensive", a.q.num("Defensive", "attack", -10), a.qsrc("Defensive"))]


@hook("Twin-Linked", "modifiers", 20)
def _twin_linked_bonus(a: D100Attack, st: AttackState) -> list[tuple[str, int, str]]:
    """Twin-Linked: +20 to hit (the ruleset's ``bonus`` param)."""
    return [("Twin-Linked", a.q.num("Twin-Linked", "bonus", 20), a.qsrc("Twin-Linked"))]


# -- a miss ---------------------------------------------------------------------------------------------


@hook("Blast", "miss", 10)
def _blast_miss(a: D100Attack, test: D100Test) -> None:
    """Blast: a missed round still lands where the Scatter Diagram puts it (or the GM places it):
    :func:`rules.d100.stages.landing.scatter`, by the test's degrees of failure."""
    a.scatter_roll = scatter(a, -test.degrees)


# -- aim: the Aim's modifiers (Inaccurate takes the bonus away before Accurate looks for it) ------------


def aim_label(a: D100Attack) -> str:
    """The label of the Aim's own modifier in the attack test."""
    return f"Aim ({a.s.action.aim})"


@hook("Inaccurate", "aim", 10)
def _inaccurate(a: D100Attack, st: AttackState, mods: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    """Inaccurate: no bonus from aiming."""
    if a.s.action.aim == "none":
        return mods
    bonus = a.tables.aim.half if a.s.action.aim == "half" else a.tables.aim.full
    a.qstep("Inaccurate", f"No bonus from aiming (the {a.s.action.aim} Aim would give {signed(bonus)}).")
    return [m for m in mods if m[0] != aim_label(a)]


@hook("Accurate", "aim", 20)
def _accurate(a: D100Attack, st: AttackState, mods: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    """Accurate: + the ruleset's ``bonus`` (10) to a ranged weapon's attack when the Aim's bonus stands."""
    if a.weapon.is_melee:
        return mods
    if a.s.action.aim == "none":
        a.qstep("Accurate", "No bonus: Accurate adds to hit only when the attacker aimed.")
        return mods
    if not any(m[0] == aim_label(a) for m in mods):
        return mods
    return [*mods, ("Accurate (aiming)", a.q.num("Accurate", "bonus", 10), a.qsrc("Accurate"))]


@hook("Gyro-Stabilised", "range_band", 10)
def _gyro_range(a: D100Attack, band: str) -> str:
    """Gyro-Stabilised (Deathwatch): never worse than Long range."""
    return "Long"


# -- range: after the range band's modifier ------------------------------------------------------------


@hook("Scatter", "range", 10)
def _scatter_range(a: D100Attack, st: AttackState) -> list[tuple[str, int, str]]:
    """Scatter (DH2): +10 to hit at Point Blank and Short range."""
    if a.q.param("Scatter", "mode") != "dh2" or st.band not in ("Point Blank", "Short"):
        return []
    return [(f"Scatter ({st.band} range)", 10, a.qsrc("Scatter"))]


# -- an unbraced Heavy weapon ---------------------------------------------------------------------------


@hook("Gyro-Stabilised", "unbraced", 10)
def _gyro_unbraced(a: D100Attack, mod: tuple[str, int, str]) -> tuple[str, int, str]:
    """Gyro-Stabilised (Deathwatch): an unbraced Heavy weapon takes -20, not -30."""
    return "Heavy weapon not braced (Gyro-Stabilised)", -20, a.qsrc("Gyro-Stabilised")


# -- hits ---------------------------------------------------------------------------------------------


def scatter_hits(a: D100Attack, st: AttackState) -> int:
    """Scatter's extra hits at Point Blank (where the ruleset reads it so): one per two degrees of
    success (beyond the first where a success has one at least); 0 otherwise."""
    if "Scatter" not in a.q or a.q.param("Scatter", "mode") != "hits_and_armour" or st.band != "Point Blank":
        return 0
    return max(0, st.degrees - a.FIRST_HIT_DEGREES) // 2


@hook("Scatter", "hits", 10)
def _scatter_hits(a: D100Attack, st: AttackState, hits: int) -> int:
    """Scatter (where it reads hits and armour): more hits at Point Blank (:func:`scatter_hits`)."""
    if a.q.param("Scatter", "mode") != "hits_and_armour" or st.band != "Point Blank":
        return hits
    extra = scatter_hits(a, st)
    a.qstep(
        "Scatter",
        f"At Point Blank range: one more hit per two degrees of success "
        f"({'beyond the first' if a.FIRST_HIT_DEGREES else 'scored'}): +{extra} \u2192 {hits + extra} hit(s).",
    )
    return hits + extra


@hook("Twin-Linked", "hits", 20)
def _twin_linked_hits(a: D100Attack, st: AttackState, hits: int) -> int:
    need = a.q.num("Twin-Linked", "degrees", 2)
    if st.degrees >= need:
        a.qstep("Twin-Linked", f"{st.degrees} degree(s) of success (at least {need}): one more hit \u2192 {hits + 1}.")
        return hits + 1
    a.qstep("Twin-Linked", f"{st.degrees} degree(s) of success: fewer than {need}, no extra hit.")
    return hits


@hook("Storm", "hits", 30)
def _storm_hits(a: D100Attack, st: AttackState, hits: int) -> int:
    """Storm doubles the hits, capped by the rounds fired (or the RoF, where the ruleset says so);
    Scatter's Point Blank hits are the spread of a round, not more rounds, so they stand outside the
    cap as they do without Storm; and doubling never lowers the hits (seed 001 / DH2 Core, Ch. V,
    Storm: it "doubles the number of hits")."""
    mode, rounds = st.mode, st.rounds
    by_rof = a.q.param("Storm", "cap") == "rof" and mode in ("semi", "full")
    spread = scatter_hits(a, st) if mode is not None and not by_rof else 0
    doubled = 2 * hits
    limit = doubled
    if mode is not None:
        limit = min(rounds, a.burst_size(mode)) if by_rof else rounds + spread
    what = "the weapon's rate of fire" if by_rof else "the rounds fired" + (" and Scatter's hits" if spread else "")
    out = max(hits, min(doubled, limit))
    cap = f", capped at {out} ({what})" if doubled > out else ""
    a.qstep("Storm", f"Storm doubles the hits: {hits} \u00d7 2 = {doubled}{cap} \u2192 {out} hit(s).")
    return out


# -- hits on a Horde (seed 001, Hordes): Power Field adds before Blast multiplies; Devastating adds after
# Explosive damage's extra hit --------------------------------------------------------------------------


@hook("Power Field", "horde_hits", 10)
def _power_field_horde(a: D100Attack, hits: int, why: list[str]) -> int:
    """Power Field: one more hit on a Horde in melee (the ruleset's Horde rules say how many)."""
    rules = a.horde_rules()
    if not a.weapon.is_melee:
        return hits
    hits += rules.power_field_hits
    why.append(f"Power Field +{rules.power_field_hits} \u2192 {hits}")
    return hits


@hook("Blast", "horde_hits", 20)
def _blast_horde(a: D100Attack, hits: int, why: list[str]) -> int:
    """Blast (X): each hit on a Horde counts X."""
    blast = a.q.x("Blast")
    if blast <= 1:
        return hits
    hits *= blast
    why.append(f"a Blast ({blast}) weapon's hit counts {blast} hits \u2192 {hits}")
    return hits


@hook("Devastating", "horde_more_hits", 10)
def _devastating_horde(a: D100Attack, hits: int, why: list[str]) -> int:
    """Devastating (X): X more hits on a Horde (times the ruleset's ``horde_hits`` param); its step
    says so and that its point of Cohesion damage is a kill-team's, which a Horde has not (seed 001
    L419-421: the Cohesion sentence and the Horde sentence are two effects)."""
    if not a.q.x("Devastating"):
        return hits
    more = a.q.x("Devastating") * a.q.num("Devastating", "horde_hits", 1)
    a.qstep(
        "Devastating",
        f"Against a Horde: {more} more hits ({hits} \u2192 {hits + more}). Its extra point of Cohesion damage "
        "is a kill-team's: a Horde has none.",
    )
    hits += more
    why.append(f"Devastating ({a.q.x('Devastating')}) \u2192 {hits}")
    return hits


def devastating_cohesion(a: D100Attack) -> None:
    """Devastating (X) on a hit that is not on a Horde: one more point of Cohesion damage (seed 001
    L419-421), named for the GM: Cohesion is the kill-team's (DW Core, Cohesion), which Auspex does
    not keep, and whether the attack costs Cohesion at all is the GM's call."""
    a.qstep(
        "Devastating",
        "One more point of Cohesion damage: should this attack cost the kill-team Cohesion, it costs one point "
        "more (the GM keeps the kill-team's Cohesion).",
    )


# -- a hit's damage dice, after the weapon's own (Maximal's, then Tearing's, then Accurate's: Accurate's dice
# are not weapon dice that Tearing rolls one more of, test_quality_order.py) ---------------------------------

Roll = Callable[..., None]  # roll(sides, purpose, role, group=0): one more die of the hit


@hook("Maximal", "damage_dice", 10)
def _maximal_dice(a: D100Attack, st: AttackState, degrees: int, roll: Roll) -> None:
    """Maximal: the ruleset's ``dice`` more d10s when fired on Maximal."""
    if a.s.action.maximal:
        for _ in range(a.q.num("Maximal", "dice", 1)):
            roll(10, "Maximal d10", "maximal")


@hook("Tearing", "damage_dice", 20)
def _tearing_dice(a: D100Attack, st: AttackState, degrees: int, roll: Roll) -> None:
    """Tearing: one more weapon die, the lowest dropped; or (DH1) the weapon's dice rolled twice, the
    better roll kept (the ruleset's ``mode``)."""
    expr, tearing = a.weapon.dice, a.q.param("Tearing", "mode")
    if tearing == "extra_die_drop_lowest":
        roll(expr.sides, f"Tearing d{expr.sides}", "tearing")
    elif tearing == "roll_twice_keep_best":
        for k in range(expr.count):
            suffix = f" ({k + 1} of {expr.count})" if expr.count > 1 else ""
            roll(expr.sides, f"Tearing second roll d{expr.sides}{suffix}", "tearing", group=1)


def accurate_dice(a: D100Attack, st: AttackState, degrees: int) -> int:
    """Accurate's extra d10s: a single aimed shot from a Basic weapon, one per two degrees of success
    (beyond the first, where the ruleset says so), to the ruleset's maximum; none in rulesets
    without them (nor without Accurate: the odds engine asks it of any weapon)."""
    if "Accurate" not in a.q or a.s.action.aim == "none":
        return 0
    most = a.q.num("Accurate", "max_dice", 0)
    if not most or a.weapon.weapon_class != "Basic" or st.action.fire not in (None, "single"):
        return 0
    beyond = a.q.num("Accurate", "beyond_first", 0)
    return min(most, max(0, degrees - beyond) // 2)


@hook("Accurate", "damage_dice", 30)
def _accurate_dice(a: D100Attack, st: AttackState, degrees: int, roll: Roll) -> None:
    """Accurate: its d10s (:func:`accurate_dice`)."""
    extra = accurate_dice(a, st, degrees)
    for k in range(extra):
        roll(10, f"Accurate d10 ({k + 1} of {extra})", "accurate")


# -- damage dice: each die ----------------------------------------------------------------------------------------


@hook("Proven", "clamp", 10)
def _proven(a: D100Attack, value: int) -> int:
    """Proven (X): a die under X counts as X."""
    return max(value, a.q.x("Proven"))


@hook("Primitive", "clamp", 20)
def _primitive_cap(a: D100Attack, value: int) -> int:
    """Primitive (X), where it caps dice: a die over X counts as X."""
    if a.q.param("Primitive", "mode", "") != "cap_die":
        return value
    return min(value, a.q.x("Primitive"))


# -- Step Four's notes on the dice -------------------------------------------------------------------------


@hook("Tearing", "dice_notes", 10)
def _tearing_note(a: D100Attack, hd: HitDice) -> str | None:
    if hd.tearing == "extra_die_drop_lowest":
        return "Tearing rolled one extra die and dropped the lowest."
    if hd.tearing == "roll_twice_keep_best":
        return "Tearing rolled the damage twice and kept the better roll."
    return None


@hook("Proven", "dice_notes", 20)
def _proven_note(a: D100Attack, hd: HitDice) -> str | None:
    x = a.q.x("Proven")
    return f"Proven ({x}): a die under {x} counts as {x}."


@hook("Primitive", "dice_notes", 30)
def _primitive_note(a: D100Attack, hd: HitDice) -> str | None:
    if a.q.param("Primitive", "mode", "") != "cap_die":
        return None
    x = a.q.x("Primitive")
    return f"Primitive ({x}): a die over {x} counts as {x}."


@hook("Accurate", "dice_notes", 40)
def _accurate_note(a: D100Attack, hd: HitDice) -> str | None:
    if not any(d.role == "accurate" for d in hd.dice):
        return None
    return "Accurate adds d10s for an aimed single shot; they cannot cause Righteous Fury."


# -- one hit's damage ------------------------------------------------------------------------------------


@hook("Unstable", "hit_damage", 10)
def _unstable(a: D100Attack, hd: HitDice, damage: int) -> int:
    """Unstable: each hit rolls 1d10; on a 1 it deals half damage (rounded up), on a 10 double."""
    who = a.dice_who(hd.person)
    r = a.roller.die(10, f"{who}hit {hd.number} Unstable d10", for_person(hd.person, UNSTABLE)).value
    new = (damage + 1) // 2 if r == 1 else 2 * damage if r == 10 else damage
    what = "half damage" if r == 1 else "double damage" if r == 10 else "normal damage"
    a.qstep("Unstable", f"Hit {hd.number}: 1d10 = {r}, {what}: {damage} \u2192 {new}.")
    return new


# -- damage type -------------------------------------------------------------------------------------------


@hook("Force", "damage_type", 10)
def _force_energy(a: D100Attack, kind: str) -> str:
    """Force: Energy damage in a psyker's hands, where the ruleset says so (its ``energy`` param)."""
    return "E" if a.s.attacker.psy_rating and a.q.param("Force", "energy", 0) else kind


# -- damage bonus -----------------------------------------------------------------------------------------


@hook("Force", "damage_bonus", 10)
def _force_damage(a: D100Attack, st: AttackState) -> list[tuple[int, str]]:
    """Force: + psy rating damage in a psyker's hands."""
    pr = a.s.attacker.psy_rating
    return [(pr, "Force (psy rating)")] if pr else []


@hook("Scatter", "damage_bonus", 20)
def _scatter_damage(a: D100Attack, st: AttackState) -> list[tuple[int, str]]:
    """Scatter (DH2): +3 damage at Point Blank, -3 beyond Short range."""
    band = st.band
    if a.q.param("Scatter", "mode") != "dh2" or band is None or band == "Short":
        return []
    return [(3, "Scatter (Point Blank)")] if band == "Point Blank" else [(-3, f"Scatter ({band} range)")]


# -- Pen: the order is a rule (Force and Maximal add before Lance, Razor Sharp and Melta
# multiply; the other way round a Force sword's Pen 10 would be 7) ---------------------------------------


@hook("Maximal", "pen", 10)
def _maximal_pen(a: D100Attack, st: AttackState, pen: int) -> tuple[int, str] | None:
    if not a.s.action.maximal:
        return None
    return pen + a.q.num("Maximal", "pen"), f"Maximal +{a.q.num('Maximal', 'pen')}"


@hook("Force", "pen", 20)
def _force_pen(a: D100Attack, st: AttackState, pen: int) -> tuple[int, str] | None:
    pr = a.s.attacker.psy_rating
    if not pr or not a.q.param("Force", "pen", 0):
        return None
    return pen + pr, f"Force +{pr} (psy rating)"


@hook("Lance", "pen", 30)
def _lance(a: D100Attack, st: AttackState, pen: int) -> tuple[int, str] | None:
    if st.degrees <= 0:
        return None
    return pen * (1 + st.degrees), f"Lance: + its base Pen once per degree of success, \u00d7{1 + st.degrees}"


@hook("Razor Sharp", "pen", 40)
def _razor_sharp(a: D100Attack, st: AttackState, pen: int) -> tuple[int, str] | None:
    need = a.q.num("Razor Sharp", "degrees", 3)
    if st.degrees < need:
        return None
    return pen * 2, f"Razor Sharp \u00d72 ({st.degrees} degrees, at least {need})"


@hook("Melta", "pen", 50)
def _melta(a: D100Attack, st: AttackState, pen: int) -> tuple[int, str] | None:
    if st.band not in ("Point Blank", "Short"):
        return None
    return pen * 2, f"Melta \u00d72 ({st.band} range)"


# -- armour ----------------------------------------------------------------------------------------------


@hook("Primitive", "armour", 10)
def _primitive_armour(a: D100Attack, st: AttackState) -> str | None:
    """Primitive (where it doubles armour), unless the armour is Primitive too."""
    if a.q.param("Primitive", "mode", "") != "armour_double":
        return None
    if a.s.target.primitive_armour:
        a.qstep("Primitive", "The target's armour is Primitive too: its AP is not doubled.")
        return None
    return "Primitive"


@hook("Scatter", "armour", 20)
def _scatter_armour(a: D100Attack, st: AttackState) -> str | None:
    """Scatter (where it reads hits and armour): armour doubled at Long and Extreme range."""
    if a.q.param("Scatter", "mode") != "hits_and_armour" or st.band not in ("Long", "Extreme"):
        return None
    return f"Scatter at {st.band} range"


@hook("Graviton", "armour_damage", 10)
def _graviton(a: D100Attack, location: str, person: int) -> int:
    """Graviton: extra damage equal to the struck location's AP."""
    return a.armour_at(location, person)


# -- toughness and Righteous Fury ---------------------------------------------------------------------


@hook("Felling", "toughness", 10)
def _felling(a: D100Attack, tb: int, unnatural: int) -> tuple[int, str] | None:
    """Felling (X) ignores X of the target's Unnatural Toughness: X points of it, or X levels where
    the ruleset counts it in multiples of the base TB (Deathwatch: TB 8 with Unnatural Toughness
    (x2) is base 4 and one level)."""
    if not unnatural:
        return None
    if a.q.param("Felling", "mode", "") == "levels":
        base = tb - unnatural
        levels = unnatural // base if base > 0 else 0
        drop = min(a.q.x("Felling"), levels)
        return (
            tb - drop * base,
            f" (Felling ignores {drop} level(s) of Unnatural Toughness, {drop} \u00d7 base TB {base})",
        )
    cut = min(a.q.x("Felling"), unnatural)
    return tb - cut, f" (Felling ignores {cut} of its Unnatural Toughness)"


@hook("Vengeful", "fury", 10)
def _vengeful(a: D100Attack) -> int | None:
    """Vengeful (X): Righteous Fury from a natural X (no change without a value)."""
    return a.q.x("Vengeful") or None


@hook("Volatile", "fury_confirm", 10)
def _volatile(a: D100Attack) -> bool:
    """Volatile (Deathwatch): a 10 on the damage is Righteous Fury without the confirmation roll."""
    a.qstep("Volatile", "A 10 on the damage: Righteous Fury without a confirmation roll.")
    return True
