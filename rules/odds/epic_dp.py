"""Epic shooting odds by composition: exact, without walking every fistful.

An Epic shooting (seed 002, Shooting Procedure) is, for the odds, three independent layers:

1. each weapon group's to-hit d6s: a count of hits (binomial; Zero To Hit a binomial of a
   binomial), walked through the resolver's own :func:`rules.epic.to_hit.roll_to_hit`;
2. the allocation: deterministic given the hit counts, front to back, closest first and evenly
   (the resolver's own :func:`rules.epic.readings.allocate`, one hit at a time);
3. the saves: independent per unit given the hits it took, walked through the resolver's own
   :func:`rules.epic.saves.saves` (crossfire, cover saves and integrity as it reads them).

Weapon groups joined by the units they may go on form a *component*; components that share no
unit are independent. The hits of groups that may go on exactly the same units add up (the
allocation carries on evenly from one group to the next); where a component's groups may go on
overlapping but unequal sets of units (a range-30 and a range-45 weapon with a target unit 40
tiles away), every count of hits of each group is placed in the resolver's order, shortest range
first (:func:`_placed`), up to :data:`OVERLAP_BUDGET` counts. Each component gives the joint
distribution of (hits, units destroyed); the components' distributions are convolved, and Shock
and breaking are read off the total destroyed (:func:`rules.epic.readings.broken`, seed 002,
Apply Shock; Check Whether the Target Breaks), as :func:`rules.epic.shock.finish` does.

What the composition does not express, :func:`composed` answers None for and the odds walk the
resolver whole (exact) or estimate as before (:func:`rules.odds.odds` says which):

- a barrage (each formation under the template, to-hit per unit) and an assault;
- weapon groups whose eligible units overlap without being the same units past
  :data:`OVERLAP_BUDGET` counts of hits (the product of each group's counts);
- macro-weapon hits that may go on units normal hits may also go on are allocated after the
  normal hits are saved, so they depend on which units those destroyed and the integrity they
  left: for every count of normal hits of each component and of macro hits (at most
  :data:`MACRO_BUDGET` together), and every number of units left for the macro hits, the units
  are scanned front to back (:func:`_with_macro`). Past that budget, or with macro weapons that
  may go on different units (ranges, line of fire), the walk answers;
- a shooting with no unit able to shoot (one run of the walk).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import product, zip_longest
from math import comb, lcm
from typing import TYPE_CHECKING

from ..dice import Roller
from ..epic.models import EpicScenario
from ..epic.procedure import EpicAttack
from .dist import Dist, sum_all
from .epic_outcome import EpicOutcome
from .explore import Walker, explore

if TYPE_CHECKING:
    from ..epic.state import FormationState


class WalkedAttack(EpicAttack):
    """Epic's attack with each fistful of d6 walked by how many are good (k good out of n, with the
    binomial count of faces): the seam :meth:`EpicAttack.d6s`, nothing else."""

    def __init__(self, scenario: EpicScenario, walker: Walker) -> None:
        super().__init__(scenario, Roller(walker))
        self.walker = walker

    def d6s(self, count: int, purpose: str, good: Callable[[int], bool]) -> list[int]:
        faces = [f for f in range(1, 7) if good(f)]
        bad = [f for f in range(1, 7) if not good(f)]
        k = self.walker.roll_classes(6**count, purpose, _classes(count, len(faces)))
        return [faces[0]] * k + ([bad[0]] * (count - k) if bad else [])


@lru_cache(maxsize=256)
def _classes(count: int, good: int) -> list[tuple[int, int]]:
    """Of ``count`` d6 with ``good`` good faces each, how many are good (k) with the number of the
    6**count fistfuls that have k good (the binomial count of faces), the impossible k left out.
    Cached: the walk replays a fistful once for each k of it. The list is shared: read it only."""
    classes = [(k, comb(count, k) * good**k * (6 - good) ** (count - k)) for k in range(count + 1)]
    return [c for c in classes if c[1]]


class _NoDice:
    """A dice source for the stages that roll none (who can shoot, the weapon groups)."""

    def roll(self, sides: int, purpose: str) -> int:
        raise AssertionError(f"no die is rolled before the to-hit dice ({purpose})")


MACRO_BUDGET = 3000  # counts of hits (normal components x macro) the macro scan takes before the walk answers
# Counts of hits (the product over the groups of a component whose units overlap) placed one by
# one before the walk answers: 3 overlapping groups of 20 dice each (21**3 = 9261) stay composed.
OVERLAP_BUDGET = 10_000

# A weapon group as the composition reads it: macro, the units it may go on, its hits.
_Group = tuple[bool, tuple[int, ...], Dist[int]]
# A component's (or the whole shooting's) joint distribution: by units destroyed, the weights of
# each total of hits, over one denominator.
_Joint = tuple[list[list[int]], int]


def composed(scenario: EpicScenario) -> Dist[EpicOutcome] | None:
    """The exact distribution of :func:`rules.odds.walked.epic_summarize` of ``scenario``'s
    resolution, by composition; None where the composition does not apply (see the module)."""
    joints = _joints(scenario)
    return None if joints is None else _outcomes(scenario, _convolve(joints))


Losses = tuple[int, bool, bool]
"""What a shooting did to the target formation: units destroyed, broken, wiped out."""


def marginals(scenario: EpicScenario) -> tuple[Dist[int], Dist[Losses]] | None:
    """The exact distribution of the hits scored and, apart, of the :data:`Losses` of
    ``scenario``'s shooting: the two marginals of :func:`composed`, which are all the odds report
    reads (the chance of a hit and the hits' bars; the units destroyed, breaking and wiping out,
    which depend on the units destroyed alone). Each component's hits and units destroyed are
    added up apart, without the product of every count of hits with every count of units
    destroyed that :func:`composed` convolves. None where :func:`composed` is None."""
    joints = _joints(scenario)
    if joints is None:
        return None
    hits: Dist[int] = Dist.certain(0)
    destroyed: Dist[int] = Dist.certain(0)
    for rows, denom in joints:
        by_hits = [sum(col) for col in zip_longest(*rows, fillvalue=0)]
        hits = _add(hits, by_hits, denom)
        destroyed = _add(destroyed, [sum(r) for r in rows], denom)
    return hits, destroyed.map(lambda d: _losses(scenario, d)[1:]).reduced()


def _add(acc: Dist[int], weights: list[int], denom: int) -> Dist[int]:
    """``acc`` plus an independent count whose weight of ``i`` is ``weights[i]`` over ``denom``."""
    top = max(acc.weights) + 1
    prod = _polymul([acc.weights.get(i, 0) for i in range(top)], weights)
    return Dist(dict(enumerate(prod)), acc.denom * denom).reduced()


def _losses(scenario: EpicScenario, destroyed: int) -> tuple[str, int, bool, bool]:
    """The outcome, units destroyed, broken and wiped out with ``destroyed`` units destroyed:
    Shock for coming under fire and one per unit destroyed, then breaking (seed 002, Apply Shock;
    Check Whether the Target Breaks), as :func:`rules.epic.shock.finish` and the resolver's
    outcome read them."""
    from ..epic.readings import broken

    left = len(scenario.target.units) - destroyed
    is_broken = broken(scenario.target.shock + 1 + destroyed, left)
    wiped = left == 0
    outcome = "wiped out" if wiped else "broken" if is_broken else "losses" if destroyed else "no losses"
    return outcome, destroyed, is_broken, wiped


def _joints(scenario: EpicScenario) -> list[_Joint] | None:
    """The independent (hits, units destroyed) joint distributions whose sum is the shooting's:
    one per component, or one for the whole shooting with macro-weapon hits after the normal
    hits; None where the composition does not apply (see the module)."""
    from ..epic.checks import check
    from ..epic.shooters import shooters
    from ..epic.shooting import cover_save, eligible, weapon_groups
    from ..epic.state import FormationState
    from ..epic.to_hit import modifiers, roll_to_hit

    a = scenario.action
    if a.is_barrage or a.is_assault:
        return None
    check(scenario)
    atk = EpicAttack(scenario, Roller(_NoDice()))
    _, shooting = shooters(atk)
    if not shooting:
        return None
    target = FormationState.of("target", scenario.target)
    mods = modifiers(atk, cover_save(atk))
    groups: list[_Group] = []
    # in the resolver's order: normal hits before macro-weapon hits, shortest range first, else as
    # the groups were formed (rules.epic.shooting.shoot and allocate_and_save sort them so, stably)
    formed = sorted(weapon_groups(atk, shooting, target).items(), key=lambda kv: (kv[0][3], kv[0][4]))
    for (name, kind, value, macro, reach), g in formed:

        def hits(walker: Walker, kind: str = kind, value: int = value, dice: int = g.dice, name: str = name) -> int:
            return roll_to_hit(WalkedAttack(scenario, walker), name, kind, value, dice, mods).hits

        groups.append((macro, tuple(eligible(atk, target, kind, macro, reach)), explore(hits).reduced()))
    parts = _parts(scenario, target, groups)
    if parts is not None:
        return parts
    joint = _with_macro(scenario, target, groups)
    return None if joint is None else [joint]


def _parts(scenario: EpicScenario, target: FormationState, groups: Sequence[_Group]) -> list[_Joint] | None:
    """The joint distributions of the shooting's components (:func:`_joined`), each placed count by
    count (:func:`_placed`) and saved (:func:`_ordered`). None when a component holds macro-weapon
    hits and normal hits that may go on the same units (:func:`_with_macro`), or is past
    :data:`OVERLAP_BUDGET` counts of hits."""
    order = _front_to_back(target)
    joints: list[_Joint] = []
    for part in _joined(groups):
        macro = {m for m, _, _ in part}
        merged = _merged(part)
        if len(macro) > 1 or _size(merged) > OVERLAP_BUDGET:
            return None
        joints.append(_ordered(scenario, target, _placed(merged, order), macro.pop()))
    return joints


def _front_to_back(target: FormationState) -> list[int]:
    """The target's unit indexes, closest first (ties: the unit listed first), as the resolver
    allocates (:func:`rules.epic.shooting.allocate_and_save`)."""
    return sorted(range(len(target.spec.units)), key=lambda i: (target.spec.units[i].distance, i))


def _joined(groups: Sequence[_Group]) -> list[list[_Group]]:
    """The groups joined by the units they share (a group's hits can change where another's go only
    through a unit both may go on), each component in the order of ``groups``."""
    parts: list[list[int]] = []
    for n, (_, units, _) in enumerate(groups):
        linked = [p for p in parts if any(set(units) & set(groups[q][1]) for q in p)]
        parts = [p for p in parts if p not in linked] + [sorted([q for p in linked for q in p] + [n])]
    return [[groups[n] for n in p] for p in parts]


def _merged(part: Sequence[_Group]) -> Sequence[_Group]:
    """A component whose groups may all go on the same units as one group (their hits added: one
    hit at a time lands alike whichever group it is from); any other as it is."""
    if len(part) > 1 and len({units for _, units, _ in part}) == 1:
        return [(part[0][0], part[0][1], sum_all(h for _, _, h in part))]
    return part


def _size(part: Sequence[_Group]) -> int:
    """The counts of hits :func:`_placed` places for a component (:func:`_merged`)."""
    size = 1
    for _, _, hits in part:
        size *= len(hits.weights)
    return size


# A component's counts of hits, placed: (weight, hits scored, the hits each unit took), the weights
# over one denominator.
_Placed = tuple[list[tuple[int, int, dict[int, int]]], int]


def _placed(part: Sequence[_Group], order: list[int]) -> _Placed:
    """Every count of hits of each group of a component (``part``, in the resolver's order: normal
    hits shortest range first), the hits placed group after group, one at a time, as the resolver
    places them (:func:`rules.epic.readings.allocate`: front to back, where the hits before left
    the fewest). ``part`` is :func:`_merged`: groups that may all go on the same units have added
    their hits. A group with no unit to go on loses its hits."""
    from ..epic.readings import allocate

    out: list[tuple[int, int, dict[int, int]]] = []

    def place(j: int, counts: dict[int, int], scored: int, weight: int) -> None:
        if j == len(part):
            out.append((weight, scored, dict(counts)))  # the caller goes on placing into counts
            return
        _, units, hits = part[j]
        counts = dict(counts)
        for h in range(max(hits.weights) + 1):
            if h and units:
                placed, _ = allocate([(1, list(units))], order, counts)
                for i, n in placed.items():
                    counts[i] = counts.get(i, 0) + n
            if h in hits.weights:
                place(j + 1, counts, scored + h, weight * hits.weights[h])

    place(0, {}, 0, 1)
    denom = 1
    for _, _, hits in part:
        denom *= hits.denom
    return out, denom


def _ordered(scenario: EpicScenario, target: FormationState, placed: _Placed, macro: bool = False) -> _Joint:
    """One component's joint distribution of (hits, units destroyed) from its counts of hits
    placed (:func:`_placed`): each unit's saves for the hits it took (:class:`_Saves`; ``macro``:
    the hits are macro-weapon hits)."""
    saved = _Saves(scenario, target, macro)
    destroyed: dict[tuple[tuple[int, int], ...], Dist[int]] = {}
    by_denom: dict[int, dict[tuple[int, int], int]] = {}  # a saves' denominator -> (hits, destroyed) -> weight
    counted, denom = placed
    for weight, scored, counts in counted:
        key = tuple(sorted(counts.items()))
        d = destroyed.get(key)
        if d is None:
            d = destroyed[key] = saved.all_destroyed(counts)
        into = by_denom.setdefault(d.denom, {})
        for k, w in d.weights.items():
            into[scored, k] = into.get((scored, k), 0) + weight * w
    common = lcm(*by_denom)
    top = max(scored for _, scored, _ in counted)
    rows = [[0] * (top + 1) for _ in range(max(k for weights in by_denom.values() for _, k in weights) + 1)]
    for d_denom, weights in by_denom.items():
        f = common // d_denom
        for (h, k), w in weights.items():
            rows[k][h] += w * f
    return rows, common * denom


class _Saves:
    """Whether a unit is destroyed by the hits it took: the resolver's own saves, walked once per
    save, integrity and count of hits."""

    def __init__(self, scenario: EpicScenario, target: FormationState, macro: bool) -> None:
        self.scenario, self.target, self.macro = scenario, target, macro
        self.known: dict[tuple[object, ...], Dist[int]] = {}
        self.after: dict[tuple[object, ...], dict[int, Fraction]] = {}
        self.alike: dict[tuple[object, ...], Dist[int]] = {}
        self.kinds: dict[int, tuple[object, int]] = {}

    def _key(self, index: int, hits: int) -> tuple[object, ...]:
        """What a unit's saves depend on: its best save, its integrity and the hits it took."""
        from ..epic.readings import best_save

        if index not in self.kinds:
            unit = self.target.spec.units[index]
            self.kinds[index] = (best_save(unit), unit.integrity)
        return (*self.kinds[index], hits)

    def all_destroyed(self, counts: dict[int, int]) -> Dist[int]:
        """How many of the units of ``counts`` (unit index -> hits it took) are destroyed, each
        saved apart: the units alike (:meth:`_key`) as a binomial of how many of them."""
        alike: dict[tuple[object, ...], tuple[int, int, int]] = {}  # key -> a unit, its hits, how many
        for i, n in counts.items():
            key = self._key(i, n)
            first, hits, many = alike.get(key, (i, n, 0))
            alike[key] = (first, hits, many + 1)
        return sum_all(self._binomial(key, *unit) for key, unit in alike.items())

    def _binomial(self, key: tuple[object, ...], index: int, hits: int, many: int) -> Dist[int]:
        """How many of ``many`` units alike (``key``, ``index`` one of them) are destroyed by
        ``hits`` hits each."""
        if (*key, many) not in self.alike:
            one = self.destroyed(index, hits)
            gone, kept = one.weights.get(1, 0), one.weights.get(0, 0)
            weights = {k: comb(many, k) * gone**k * kept ** (many - k) for k in range(many + 1)}
            self.alike[(*key, many)] = Dist(weights, one.denom**many)
        return self.alike[(*key, many)]

    def destroyed(self, index: int, hits: int) -> Dist[int]:
        """1 when unit ``index`` is destroyed by ``hits`` hits, else 0."""
        from ..epic.saves import saves

        key = self._key(index, hits)
        if key not in self.known:

            def run(walker: Walker) -> int:
                atk = WalkedAttack(self.scenario, walker)
                return int(saves(atk, self.target, index, hits, self.macro).integrity[index] == 0)

            self.known[key] = explore(run).reduced()
        return self.known[key]

    def left(self, index: int, hits: int) -> dict[int, Fraction]:
        """The integrity unit ``index`` has left after ``hits`` normal hits and their saves."""
        return self._after(index, self.target.spec.units[index].integrity, hits, False)

    def macro_destroyed(self, index: int, integrity: int, hits: int) -> dict[int, Fraction]:
        """1 when unit ``index``, at ``integrity``, is destroyed by ``hits`` macro-weapon hits."""
        after = self._after(index, integrity, hits, True)
        return {1: after.get(0, Fraction(0)), 0: 1 - after.get(0, Fraction(0))}

    def _after(self, index: int, integrity: int, hits: int, macro: bool) -> dict[int, Fraction]:
        from ..epic.readings import best_save
        from ..epic.saves import saves

        if not hits:
            return {integrity: Fraction(1)}
        key = (best_save(self.target.spec.units[index]), integrity, hits, macro)
        if key not in self.after:
            before = self.target.with_integrity(index, integrity)

            def run(walker: Walker) -> int:
                return saves(WalkedAttack(self.scenario, walker), before, index, hits, macro).integrity[index]

            got = explore(run)
            self.after[key] = {k: Fraction(w, got.denom) for k, w in got.weights.items()}
        return self.after[key]


def _convolve(joints: Sequence[_Joint]) -> _Joint:
    """The joint distribution of the sums of independent components' (hits, destroyed)."""
    out: _Joint = ([[1]], 1)
    for rows, denom in joints:
        acc, d0 = out
        merged: list[list[int]] = [[] for _ in range(len(acc) + len(rows) - 1)]
        for k1, p1 in enumerate(acc):
            for k2, p2 in enumerate(rows):
                if not any(p1) or not any(p2):
                    continue
                prod = _polymul(p1, p2)
                m = merged[k1 + k2]
                if len(m) < len(prod):
                    m.extend([0] * (len(prod) - len(m)))
                for h, w in enumerate(prod):
                    m[h] += w
        out = (merged, d0 * denom)
    return out


def _polymul(a: list[int], b: list[int]) -> list[int]:
    """The product of two polynomials with non-negative integer coefficients, by packing each into
    one integer (Kronecker substitution: one big multiplication instead of len(a)*len(b))."""
    bits = max(a).bit_length() + max(b).bit_length() + min(len(a), len(b)).bit_length() + 1
    pa = int.from_bytes(b"".join(w.to_bytes((bits + 7) // 8, "little") for w in a), "little")
    pb = int.from_bytes(b"".join(w.to_bytes((bits + 7) // 8, "little") for w in b), "little")
    size = (bits + 7) // 8
    raw = (pa * pb).to_bytes(size * (len(a) + len(b) - 1), "little")
    return [int.from_bytes(raw[i * size : (i + 1) * size], "little") for i in range(len(a) + len(b) - 1)]


def _outcomes(scenario: EpicScenario, joint: _Joint) -> Dist[EpicOutcome]:
    """The :class:`EpicOutcome` of each (hits, destroyed): Shock for coming under fire and one per
    unit destroyed, then breaking (seed 002, Apply Shock; Check Whether the Target Breaks), as
    :func:`rules.epic.shock.finish` and the resolver's outcome read them."""
    rows, denom = joint
    out: dict[EpicOutcome, int] = {}
    for destroyed, weights in enumerate(rows):
        outcome, _, is_broken, wiped = _losses(scenario, destroyed)
        for hits, w in enumerate(weights):
            if w:
                key = EpicOutcome(outcome, hits, destroyed, is_broken, wiped)
                out[key] = out.get(key, 0) + w
    return Dist(out, denom).reduced()


def _with_macro(scenario: EpicScenario, target: FormationState, groups: Sequence[_Group]) -> _Joint | None:
    """The joint distribution of (hits, destroyed) when macro-weapon hits may go on units normal
    hits may go on: for each count of hits of each normal component (:func:`_placed`) and of the
    macro weapons, the normal hits placed as the resolver places them, then the units scanned front
    to back (:func:`_macro_scan`). None when the macro weapons may go on different units, or the
    counts exceed :data:`MACRO_BUDGET`."""
    normal = [_merged(part) for part in _joined([g for g in groups if not g[0] or not g[1]])]
    macro = [g for g in groups if g[0] and g[1]]
    if len({units for _, units, _ in macro}) != 1:
        return None
    reach = macro[0][1]
    mhits = sum_all(h for _, _, h in macro)
    size = len(mhits.weights)
    for part in normal:
        size *= _size(part)
    if size > MACRO_BUDGET:
        return None
    order = _front_to_back(target)
    placements = [_placed(part, order) for part in normal]
    left = _Saves(scenario, target, False)
    out: dict[tuple[int, int], Fraction] = {}
    for picks in product(*(counted for counted, _ in placements)):
        counts: dict[int, int] = {}
        p = Fraction(1)
        scored = 0
        for (weight, hits, took), (_, denom) in zip(picks, placements, strict=True):
            counts.update(took)
            p *= Fraction(weight, denom)
            scored += hits
        for m, w in mhits.weights.items():
            pm = p * Fraction(w, mhits.denom)
            for d, q in _macro_scan(left, order, counts, set(reach), m).items():
                key = (scored + m, d)
                out[key] = out.get(key, Fraction(0)) + pm * q
    return _joint(out)


def _macro_scan(
    saves_of: _Saves, order: list[int], counts: dict[int, int], reach: set[int], m: int
) -> dict[int, Fraction]:
    """Units destroyed, given the normal hits each unit took (``counts``) and ``m`` macro hits on
    the units of ``reach`` still alive: for each number ``a`` of those left, the units scanned
    front to back, the r-th of them left taking ``m // a`` macro hits and one more while
    ``r < m % a`` (the resolver's even allocation from none), each saved with the integrity the
    normal hits left it; the scans whose count of units left is not ``a`` are dropped."""
    out: dict[int, Fraction] = {}
    for a in range(len(reach) + 1):
        states: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}  # (units of reach left, destroyed)
        for i in order:
            nxt: dict[tuple[int, int], Fraction] = {}
            for integrity, pl in saves_of.left(i, counts.get(i, 0)).items():
                for (r, d), p in states.items():
                    if integrity == 0:
                        key, q = (r, d + 1), Fraction(1)
                        nxt[key] = nxt.get(key, Fraction(0)) + p * pl * q
                        continue
                    if i not in reach:
                        nxt[r, d] = nxt.get((r, d), Fraction(0)) + p * pl
                        continue
                    if r >= a:
                        continue
                    hits = m // a + (1 if r < m % a else 0)
                    gone = saves_of.macro_destroyed(i, integrity, hits)
                    for k in (0, 1):
                        if gone.get(k):
                            key = (r + 1, d + k)
                            nxt[key] = nxt.get(key, Fraction(0)) + p * pl * gone[k]
            states = nxt
        for (r, d), p in states.items():
            if r == a:
                out[d] = out.get(d, Fraction(0)) + p
    return out


def _joint(out: dict[tuple[int, int], Fraction]) -> _Joint:
    """(hits, destroyed) -> probability as a :data:`_Joint` over one denominator."""
    denom = lcm(*(p.denominator for p in out.values()))
    top = max(h for h, _ in out)
    rows = [[0] * (top + 1) for _ in range(max(d for _, d in out) + 1)]
    for (h, d), p in out.items():
        rows[d][h] += p.numerator * (denom // p.denominator)
    return rows, denom
