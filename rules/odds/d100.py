"""Exact odds of one attack in the d100 rulesets (DH2, DH1, Deathwatch), from the resolver itself.

Every figure is a marginal of one joint distribution over :class:`Outcome`, the attack as the
target sees it: outcome, degrees, hits on the target, wounds, Righteous Fury, slain, Magnitude
lost and the locations struck. :func:`summarize` reads an :class:`Outcome` off a
:class:`~rules.d100.models.Resolution`; :func:`outcomes` computes the distribution without resolving
every combination of dice, and the tests check the two agree exactly by walking every die of the
resolver (``tests/unit/odds/test_odds_*``).

How :func:`outcomes` stays exact and fast, in three walks of the resolver's own code
(:func:`rules.odds.explore.explore`), each over the dice of one step:

1. **The attack test and what follows it up to evasion and damage** (the to-hit d100, a Reliable
   jam d10, the Overheats table, a Flame's Agility tests): the attack's ``resolve()`` runs to the
   point where it would roll evasion and damage, where the walk stops and records the hits placed
   and the degrees. 100 runs for a d100, more when a jam or heat die follows.
2. **Evasion** (``evade``), for each number of hits on the target: 100 runs (fewer by class).
3. **One hit's damage** (:class:`_HitWalks`), in two stages: its damage dice (``roll_hit_dice``:
   the weapon's dice, Tearing, Accurate, Proven / Primitive) walked once for the attack; then the
   rest of ``damage_all`` with one hit (armour, Toughness, Unstable, Righteous Fury and its
   confirmation, the tests its qualities make the target take) from a representative roll of each
   group of rolls it reads alike (their total, whether they call Righteous Fury, whether one jams a
   Flame or Spray weapon), once per armour value struck, shared by every hit and roll that need
   it. Where the degrees replace a die (DH2, Deathwatch) the die replaced depends on every die, so
   each roll's gains are read off the resolver's ``replace_with_degrees`` with what ``damage_all``
   hands it (:class:`_Replacing`; the walks went from one per roll, a hundred for a
   Tearing d10, to one per group).

The hits of an attack are then added up (:class:`_Sums`: their dice are independent). One rule
ties the hits together: in DH2 the degrees of success replace the one die *of the whole attack*
that gains the most wounds (seed 004, Step Four). Each hit's walk records that gain
(``replace_gain``), once without applying it and once applied, and the sum takes the replaced hit
to be the first with the greatest gain, as ``replace_with_degrees`` does: for each gain ``g`` and
hit ``h``, the hits before ``h`` gain less than ``g``, ``h`` gains ``g`` (its replaced dice), the
hits after gain at most ``g``. Where every replaced hit is its plain hit with its gain added to the
wounds and nothing else changed (checked, distribution against distribution), the sum is the plain
hits' sum plus the greatest gain, whichever hit takes the die: then it is summed once per gain, the
hits in any order (:meth:`_Sums._by_greatest_gain`; 27% fewer products of weights on
the Full Auto case, a quarter less time on the RoF 20 Storm burst).

:class:`_Probe` runs steps 1 and 2 and holds what the others share (the attack that reached
damage, its state at each degrees value, the hit walked); its ``hits`` (:class:`_HitWalks`) walk
step 3 and its ``sums`` (:class:`_Sums`) add the hits up, each keeping its own memos.

Dice walked by class (:mod:`rules.odds.explore`): a d100 *test* by what the test makes of it:
evasion by success and degrees, a Fury confirmation or a target's test by success; DH2's Fury
critical d5 on the target by row 1 or not and by the group's slain rows
(:mod:`rules.odds.critical`); dice no figure depends on by one class: the Pinning test, a Power
Field's d100, the hit locations of others in a Blast or of nearby foes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from math import lcm
from typing import Any

from rules.d100.models import Hit, Resolution, Scenario, TargetTest

from .. import registry
from ..d100 import roles
from ..d100.attack import D100Attack, Setting
from ..d100.seams import Seams
from ..d100.stages.damage import damage_all, pen
from ..d100.stages.damage_dice import HitDice, accurate_dice, calls_fury, replace_with_degrees, roll_hit_dice
from ..d100.stages.evasion import evade
from ..d100.stages.flame import jam_face as flame_jam_face
from ..d100.state import AttackState
from ..dice import Roller
from .critical import fury_slain, slain_rows, table_of
from .dist import Dist, mix, pack, unpack
from .explore import Classes, TooManyOutcomes, Walker, explore


def attack_class(system: str) -> Any:
    """The d100 attack procedure of ``system`` (:mod:`rules.registry`), which the odds walk.
    Raises ``ValueError`` for a ruleset outside the d100 family."""
    path = registry.get(system).attack
    if path is None:
        raise ValueError(f"{system!r} is not a ruleset of the d100 family")
    return registry.load(path)


@dataclass(frozen=True, order=True)
class Outcome:
    """One attack as the target sees it. ``hits``: hits that landed on the target (after evasion);
    ``wounds``: the target's wounds from them (``Resolution.total_wounds``); ``fury``: a hit on the
    target caused Righteous Fury (confirmed where the ruleset confirms); ``slain``: a Troop slain by
    Righteous Fury; ``magnitude``: Magnitude the hits took from a Horde (before the Horde's size caps
    it); ``locations``: the locations struck, sorted; ``jammed``: the weapon jammed (a jam outcome, or a
    Flame or Spray weapon's natural 9 on a damage die, which jams it after the attack)."""

    outcome: str
    degrees: int
    hits: int = 0
    wounds: int = 0
    fury: bool = False
    slain: bool = False
    magnitude: int = 0
    locations: tuple[str, ...] = ()
    jammed: bool = False
    # rules.odds.critical: some DH2 Righteous Fury d5 on the target read row 1 (each row
    # has the same chance), and some read a row the group's table marks slain
    fury_one: bool = False
    fury_slain: bool = False
    # the conditions the target's tests leave on it (counted only when asked: outcomes(...,
    # conditions=True), for the exchange's walk; else False / 0): Stunned by a failed test, knocked
    # Prone by Concussive, the Fatigue levels of DH2 Shocking's failed tests
    stunned: bool = False
    prone: bool = False
    fatigue: int = 0


PACKED = 10
"""The counts packed in a hit's outcome (:meth:`_HitWalks._pack`): wounds, Magnitude, Fury, slain,
jam, Fury row 1, a slain row, Stunned, Prone, Fatigue levels."""


def _left(probe: _Probe, hit: Hit, tests: list[TargetTest]) -> tuple[int, int, int]:
    """The conditions one hit's tests leave on the target, as the encounter puts them
    (:func:`rules.d100.conditions.conditions_from`, read off the same records): (Stunned by a failed
    test, knocked Prone by Concussive's damage over its SB, the Fatigue levels of failed tests:
    DH2 Shocking). Only a test's success is read (the walk classes a target's test by success), so
    how many rounds the Stunned lasts is not: the exchange needs it only at the target's own turn,
    after its attacks."""
    from ..d100.conditions import CONDITIONS

    stunned = fatigue = 0
    for tt in tests:
        if tt.person != 0 or tt.success is not False:
            continue
        names = [c.name for c in CONDITIONS.get((probe.scenario.system, tt.quality), ())]
        stunned |= "Stunned" in names
        fatigue += names.count("Fatigue")
    sb = probe.knock_sb
    return int(stunned), int(sb is not None and hit.person == 0 and hit.wounds > sb), fatigue


def _knock_sb(scenario: Scenario) -> int | None:
    """The Strength bonus a Concussive hit's damage must pass to knock the target Prone, as
    :func:`rules.d100.conditions.knocked_prone` reads it (None: no knock-down: the weapon is not
    Concussive, the ruleset's Concussive leaves no condition, or the target's S is not given)."""
    from rules.d100 import tables

    from ..d100.conditions import CONDITIONS

    s = scenario.target.characteristics.S
    quals = {tables.parse_quality(q)[0] for q in scenario.attacker.weapon.qualities}
    if s is None or (scenario.system, "Concussive") not in CONDITIONS or "Concussive" not in quals:
        return None
    return s // 10


def wounds_cap(scenario: Scenario, attack_class: type[D100Attack]) -> int | None:
    """The wounds past which the odds count "this many or more" (None: every total is counted).

    Where Righteous Fury adds d10 after d10 (DH1, Deathwatch) a hit's damage has no bound, and the
    sum of a burst's hits would carry hundreds of totals nobody reads; the distribution stops at the
    target's remaining wounds plus 10 (the Critical Effects tables end at 10), where the kill and
    critical chances are still exact. A Horde counts Magnitude, not wounds (cap 0). The report's
    mean and standard deviation count a capped total at the cap, and its note says so."""
    t = scenario.target
    if t.horde is not None:
        return 0
    if attack_class.RF_MODE != "extra_d10":
        return None
    return max(0, t.wounds - t.damage_taken) + 10


def summarize(
    res: Resolution,
    cap: int | None = None,
    slain: dict[str, frozenset[int]] | None = None,
    conditions: Scenario | None = None,
) -> Outcome:
    """The :class:`Outcome` of a resolution (what brute force and sampling count); wounds over
    ``cap`` count as ``cap`` (:func:`wounds_cap`); ``slain``: the rows the group's tables mark
    slain, by table location (:func:`rules.odds.critical.slain_rows`); ``conditions``: the attack's
    scenario, to read the conditions left on the target (:func:`rules.d100.conditions.conditions_from`,
    as ``outcomes(..., conditions=True)`` counts them), else they stay False / 0."""
    mine = [h for h in res.hits if h.person == 0]
    left = _left_on_target(res, conditions) if conditions is not None else {}
    rows = [(h.location, h.righteous_fury.critical_effect) for h in mine if h.righteous_fury is not None]
    read = [(loc, row) for loc, row in rows if row is not None]
    return Outcome(
        outcome=res.outcome,
        degrees=res.degrees,
        hits=len(mine),
        wounds=res.total_wounds if cap is None else min(cap, res.total_wounds),
        fury=any(h.righteous_fury is not None and h.righteous_fury.confirmed is not False for h in mine),
        # a Troop slain by Righteous Fury (the resolution's ``slain`` also counts a row of the group's
        # tables marked [slain]: the odds read those off fury_slain and rules.odds.critical)
        slain=any(h.righteous_fury is not None and h.righteous_fury.slain for h in mine),
        magnitude=_magnitude(res, sum(h.magnitude for h in mine)),
        locations=tuple(sorted(h.location for h in mine)),
        jammed=res.jammed,
        fury_one=any(row == 1 for _, row in read),
        fury_slain=any(fury_slain(slain or {}, loc, row) for loc, row in read),
        **left,
    )


def _left_on_target(res: Resolution, scenario: Scenario) -> dict[str, Any]:
    """The conditions ``res`` leaves on the target (:func:`rules.d100.conditions.conditions_from`):
    ``{"stunned": bool, "prone": bool, "fatigue": levels}``, as :class:`Outcome` carries them."""
    from ..d100.conditions import conditions_from

    on = [c.name for c in conditions_from(res, scenario) if c.who == "target" and c.person == 0]
    return {"stunned": "Stunned" in on, "prone": "Prone" in on, "fatigue": on.count("Fatigue")}


def _magnitude(res: Resolution, lost: int) -> int:
    """Magnitude lost, counted up to the Horde's Magnitude before the attack: it cannot lose more
    (the report reads every figure that way), and the sum over a Blast (1000)'s thousand hits
    stays ~31 values instead of thousands."""
    return lost if res.horde is None else min(lost, res.horde.magnitude_before)


class _Struck(Exception):
    """Raised from the walk of step 1 where the attack would roll damage."""

    def __init__(self, st: AttackState, struck: tuple[tuple[int, str], ...]) -> None:
        self.st = st
        self.struck = struck
        self.degrees = st.degrees


class _RoleSource:
    """The walker as the attack's dice source: a die whose role no figure reads (the hit locations
    of others, the pinning test, a die of someone else) is walked as one class, every other die face
    by face; a Fury's critical d5 on the target by what the critical rows read of it
    (:meth:`_Probe.fury_classes`)."""

    def __init__(self, walker: Walker, probe: _Probe | None = None) -> None:
        self.walker = walker
        self.probe = probe

    def roll(self, sides: int, purpose: str) -> int:
        return self.walker.roll(sides, purpose)

    def roll_role(self, sides: int, purpose: str, role: str) -> int:
        if role == roles.FURY_CRITICAL and self.probe is not None:
            return self.walker.roll_classes(sides, purpose, self.probe.fury_classes(sides))
        if role in roles.UNREAD:
            return self.walker.roll_classes(sides, purpose, [(1, sides)])
        return self.walker.roll(sides, purpose)


class _Seams(Seams):
    """The odds engine's side of the procedure's seams (:mod:`rules.d100.seams`): a test's d100
    walked by what the test makes of it (success, and the degrees where they count), and the
    stages walked on their own stood in for where a walk needs it (``None``: the rule runs)."""

    def __init__(self, probe: _Probe, walker: Walker) -> None:
        self.probe = probe
        self.walker = walker
        self.on_setting: Callable[[D100Attack], AttackState] | None = None
        self.on_evasion: Callable[[AttackState, int], int] | None = None
        self.on_damage: Callable[[AttackState, tuple[tuple[int, str], ...]], AttackState] | None = None
        self.on_hit_dice: Callable[[AttackState, int, int, str, int], HitDice] | None = None
        self.on_degrees_die: Callable[[list[HitDice], int, int, Callable[[HitDice, int], int]], None] | None = None

    def test_die(self, a: D100Attack, role: str, purpose: str, target: int) -> int:
        if role in roles.UNREAD:
            return self.walker.roll_classes(100, purpose, [(1, 100)])
        return self.walker.roll_classes(100, purpose, self.probe._classes(a, target, role in roles.BY_DEGREES))

    def setting(self, a: D100Attack) -> AttackState:
        if self.on_setting is not None:
            return self.on_setting(a)
        return super().setting(a)

    def evasion(self, a: D100Attack, st: AttackState, hits: int) -> int:
        if self.on_evasion is not None:
            return self.on_evasion(st, hits)
        return super().evasion(a, st, hits)

    def damage(self, a: D100Attack, st: AttackState, struck: tuple[tuple[int, str], ...]) -> AttackState:
        if self.on_damage is not None:
            return self.on_damage(st, struck)
        return super().damage(a, st, struck)

    def hit_dice(self, a: D100Attack, st: AttackState, n: int, person: int, location: str, degrees: int) -> HitDice:
        if self.on_hit_dice is not None:
            return self.on_hit_dice(st, n, person, location, degrees)
        return super().hit_dice(a, st, n, person, location, degrees)

    def degrees_die(
        self,
        a: D100Attack,
        rolled: list[HitDice],
        degrees: int,
        bonus: int,
        wounds_through: Callable[[HitDice, int], int],
    ) -> None:
        if self.on_degrees_die is not None:
            return self.on_degrees_die(rolled, degrees, bonus, wounds_through)
        return super().degrees_die(a, rolled, degrees, bonus, wounds_through)


class _Probe:
    """Runs the resolver's steps on walked dice."""

    def __init__(self, scenario: Scenario, attack_class: type[D100Attack], conditions: bool = False) -> None:
        self.scenario = scenario
        self.cls = attack_class
        # the conditions the target's tests leave (:func:`_left`), counted in each hit's outcome
        self.conditions = conditions
        self.knock_sb = _knock_sb(scenario) if conditions else None
        self.cap = wounds_cap(scenario, attack_class)
        self.prepared: D100Attack | None = None  # an attack that reached damage: checked, modifiers set
        self.state: AttackState | None = None  # its state there
        self.test_classes: dict[tuple[int, bool], Classes] = {}
        self.evasion_memo: dict[int, Dist[int]] = {}
        self.state_memo: dict[int, AttackState] = {}  # _at: the state at each degrees value
        self.all_degrees: set[int] = set()  # the degrees of every attack that struck
        self.struck_path: list[int] | None = None  # the walk's choices of the first attack that struck
        # the rows the group's tables mark slain, and the location of the hit walked
        self.slain = slain_rows(scenario, attack_class)
        self.walking: str | None = None
        # step 1: the attack's setting (check and modifiers), its step log and checked qualities,
        # worked out on the first walk and handed to the others (:func:`_setting`)
        self.setting: Setting | None = None
        self.hits = _HitWalks(self)  # step 3: one hit's damage
        self.sums = _Sums(self)  # the sum over the hits

    def _classes(self, attack: D100Attack, target: int, degrees: bool) -> Classes:
        """The d100 faces grouped by what a test against ``target`` makes of them: success, and
        the degrees when they count."""
        got = self.test_classes.get((target, degrees))
        if got is None:
            groups: dict[tuple[bool, int], list[int]] = {}
            for v in range(1, 101):
                t = attack.test(target, v)
                groups.setdefault((t.success, t.degrees if degrees else 0), []).append(v)
            got = self.test_classes[(target, degrees)] = [(vs[0], len(vs)) for vs in groups.values()]
        return got

    def fury_classes(self, sides: int) -> Classes:
        """A Fury's critical d5 on the target by what the critical rows read of it: row 1
        or not (every row has the same chance), and whether the group's table of the hit walked
        marks it slain; face by face where no hit is being walked."""
        if self.walking is None:
            return [(v, 1) for v in range(1, sides + 1)]
        groups: dict[tuple[bool, bool], list[int]] = {}
        for v in range(1, sides + 1):
            row = (v + 1) // 2 if sides == 10 else v  # the d5 is a d10 halved, rounding up (rules.dice)
            groups.setdefault((row == 1, fury_slain(self.slain, self.walking, row)), []).append(v)
        return [(vs[0], len(vs)) for vs in groups.values()]

    def _table_key(self, location: str) -> str | None:
        """What of a hit's location its walk depends on besides the armour: its table, where the
        group's tables mark a row slain."""
        return table_of(location) if self.slain else None

    def _wire(self, attack: D100Attack, walker: Walker) -> _Seams:
        """Give ``attack`` the walked dice and the odds engine's seams; returns the seams."""
        attack.roller = Roller(_RoleSource(walker, self))
        seams = attack.seams = _Seams(self, walker)
        return seams

    # step 1
    def attack_phase(self, walker: Walker) -> tuple[Any, ...]:
        a = self.cls(self.scenario, Roller(_RoleSource(walker, self)))
        seams = self._wire(a, walker)
        on_target: list[int] = []

        def evasion(st: AttackState, hits: int) -> int:
            on_target.append(hits)
            return 0

        def damage(st: AttackState, struck: tuple[tuple[int, str], ...]) -> Any:
            raise _Struck(st, struck)

        seams.on_setting = lambda attack: _setting(self, attack, walker)
        seams.on_evasion = evasion
        seams.on_damage = damage
        try:
            res = a.resolve()
        except _Struck as hit:
            if self.prepared is None:
                self.prepared, self.state = a, hit.st
                self.struck_path = list(walker.path[: len(walker.trail)])  # its dice, for :func:`_phase`
            mine = tuple(loc for p, loc in hit.struck if p == 0)
            n = on_target[0] if on_target else len(mine)
            others = len(hit.struck) > len(mine)
            return ("struck", hit.degrees, mine, n, others, a.flame)
        return ("done", summarize(res, self.cap, self.slain))

    # step 2
    def evasion(self, hits: int) -> Dist[int]:
        got = self.evasion_memo.get(hits)
        if got is None:
            a = self.prepared
            assert a is not None

            def run(walker: Walker) -> int:
                self._wire(a, walker)
                a.steps = []
                return evade(a, self._at(0), hits)

            got = self.evasion_memo[hits] = explore(run)
        return got

    def _at(self, degrees: int) -> AttackState:
        """The attack's state where it rolls damage, with ``degrees`` of success (every degrees
        value the attack reaches is walked on the same state)."""
        st = self.state
        assert st is not None
        if st.test is None:  # Flame and Spray: no test, no degrees
            return st
        got = self.state_memo.get(degrees)
        if got is None:  # the state is frozen: one per degrees value serves every walk
            got = self.state_memo[degrees] = dataclasses.replace(st, test=dataclasses.replace(st.test, degrees=degrees))
        return got


def _setting(probe: _Probe, a: D100Attack, walker: Walker) -> AttackState:
    """The attack's setting before any die (``Seams.setting``: the check and the modifiers) for
    step 1's walk of ``probe``: the same for every walk (it reads the scenario alone), so it runs on
    the first walk and the others take it over, its state, its steps and the checked qualities
    (:meth:`~rules.d100.attack.D100Attack.take_over_setting`). Run on every walk where it rolled a
    die."""
    if probe.setting is not None:
        return a.take_over_setting(probe.setting)
    dice = len(walker.trail)
    st = Seams.setting(a.seams, a)
    if len(walker.trail) == dice and not a.target_tests and a.evasion_test is None:
        probe.setting = a.hand_over_setting(st)
    return st


class _HitWalks:
    """The walks of one hit's damage for a :class:`_Probe` (which holds the attack
    that reached damage and its state), each kept for every hit and attack that reads it alike."""

    def __init__(self, probe: _Probe) -> None:
        self.p = probe
        self.hit_memo: dict[tuple[Any, ...], Dist[Any]] = {}
        self.dice_memo: dict[tuple[Any, ...], Any] = {}
        self.key_memo: dict[tuple[str, int], tuple[Any, ...]] = {}  # plain_hit: (location, degrees) -> memo key
        self.plain_memo: dict[tuple[Any, ...], Dist[Any]] = {}  # plain_hit: the walk read at one degrees value

    def plain_hit(self, location: str, degrees: int) -> Dist[tuple[int, int]]:
        """One hit on the target at ``location``, the degrees' die not applied: (the wounds the
        degrees' best replacement would add, pack(wounds, Magnitude, Fury, slain, jam)) (:meth:`_pack`)."""
        a = self.p.prepared
        assert a is not None
        key = self.key_memo.get((location, degrees))
        if key is None:
            key = ("plain", a.armour_at(location), self.p._table_key(location), self._degree_key(a, degrees))
            self.key_memo[(location, degrees)] = key
        walked: Dist[Any] | None = self.hit_memo.get(key)
        if walked is None:
            walked = self.hit_memo[key] = self._walk_hits(location, degrees)
        if not self.p.cls.DEGREES_REPLACE_DIE:
            return walked
        got = self.plain_memo.get((key, degrees))
        if got is None:
            i = sorted(self.p.all_degrees).index(degrees)
            # a Flame or Spray attack has no degrees' die: no gain was read
            got = walked.map(lambda k: (k[0][i] if isinstance(k[0], tuple) else 0, k[1]))
            self.plain_memo[(key, degrees)] = got
        return got

    def replaced_hit(self, location: str, degrees: int) -> Dist[tuple[int, int]]:
        """One hit on the target at ``location`` whose best die is replaced by the degrees: (gain,
        packed outcome), for the outcomes with a gain (the others are the plain hit's)."""
        a = self.p.prepared
        assert a is not None
        self.plain_hit(location, degrees)  # walks the replaced hits too
        return self.hit_memo[("replaced", a.armour_at(location), self.p._table_key(location), degrees)]

    def damage_dice(self, degrees: int) -> tuple[Dist[Any], dict[Any, Any]]:
        """A hit's damage dice (``roll_hit_dice``: the weapon's dice, Tearing, Maximal, Accurate,
        Proven / Primitive): where the degrees replace no die, by what the rest of the hit reads of
        them, their total and whether they call Righteous Fury; in DH2 and Deathwatch, every die
        (the degrees' die reads them all: :class:`_Replacing` groups them after). Returns the
        distribution and a representative roll of each."""
        a = self.p.prepared
        assert a is not None
        key = ("dice", accurate_dice(a, self.p._at(degrees), degrees))
        got = self.dice_memo.get(key)
        if got is None:
            reps: dict[Any, Any] = {}
            cls = self.p.cls
            every = cls.DEGREES_REPLACE_DIE

            def run(walker: Walker) -> Any:
                self.p._wire(a, walker)
                hd = roll_hit_dice(a, self.p._at(degrees), 1, 0, "", degrees)
                if every:
                    sig: Any = tuple((d.value, d.rolled.natural, d.rolled.sides, d.role, d.group) for d in hd.dice)
                else:
                    sig = (hd.total(), calls_fury(a, hd))
                reps.setdefault(sig, hd)
                return sig

            got = self.dice_memo[key] = (explore(run), reps)
        return got

    def rest_of_hit(self, location: str, degrees: int, rep: Any, replace: Any = None) -> Dist[Any]:
        """The rest of ``damage_all`` for one hit whose dice are ``rep`` (armour, Toughness,
        Righteous Fury and its dice, the tests its qualities call for), walked; ``replace`` stands
        in for ``replace_with_degrees``. Outcomes: (the gain recorded, packed outcome), or None
        where ``replace`` stopped the walk (:class:`_NoGain`)."""
        a = self.p.prepared
        assert a is not None

        def stand_in(st: AttackState, n: int, person: int, loc: str, d: int) -> Any:
            # the same dice, on this hit (fresh _Die records, which _damage may change; RolledDie is
            # frozen): its number, person and location are the caller's
            return dataclasses.replace(
                rep, number=n, person=person, location=loc, dice=[dataclasses.replace(d) for d in rep.dice]
            )

        def run(walker: Walker) -> Any:
            seams = self.p._wire(a, walker)
            a.steps, a.target_tests = [], []
            a.replace_gain = 0
            seams.on_hit_dice = stand_in
            if replace is not None:
                seams.on_degrees_die = replace
            try:
                done = damage_all(a, self.p._at(degrees), ((0, location),))
            except _NoGain:
                return None
            found: Any = a.replace_gain
            return found, self.p.sums.norm(self._pack(done.results[0], done.slain, a.target_tests))

        self.p.walking = location
        try:
            return explore(run)
        finally:
            self.p.walking = None

    def _walk_hits(self, location: str, degrees: int) -> Dist[Any]:
        """One hit at ``location``: its damage dice walked once for the whole attack
        (:meth:`damage_dice`), then the rest of the hit from a representative roll of each group
        of rolls the rest reads alike (:meth:`_Replacing._group`). Where the degrees replace a die
        (DH2, Deathwatch) see :meth:`_Replacing.walk`."""
        a = self.p.prepared
        assert a is not None
        dice, reps = self.damage_dice(degrees)
        if self.p.cls.DEGREES_REPLACE_DIE:
            return _Replacing(self).walk(location, degrees, dice, reps)
        return mix(
            self.rest_of_hit(location, degrees, reps[sig]).scaled(w, dice.denom) for sig, w in dice.weights.items()
        )

    def _degree_key(self, a: D100Attack, degrees: int) -> tuple[Any, ...]:
        """What of the degrees one hit's damage depends on, besides the replaced die: Pen (Razor
        Sharp), Accurate's dice, the tests that count degrees."""
        per_degree = any(d.test is not None and d.test.per_degree for d in a.q.defs.values())
        st = self.p._at(degrees)
        return (degrees if per_degree else None, pen(a, st)[0], accurate_dice(a, st, degrees))

    def jam_face(self) -> int:
        """The natural face of a damage d10 that jams a Flame or Spray weapon (0: none), as the
        resolver reads it (:func:`rules.d100.stages.flame.jam_face`: a psychic power never jams)."""
        a, st = self.p.prepared, self.p.state
        if a is None or st is None:
            return 0
        return flame_jam_face(a, st)

    def _pack(self, hit: Any, slain: bool, tests: list[TargetTest]) -> int:
        rf = hit.righteous_fury is not None and hit.righteous_fury.confirmed is not False
        nine = self.jam_face()
        jam = bool(nine) and any(d.natural == nine and d.sides == 10 for d in hit.dice)
        row = hit.righteous_fury.critical_effect if hit.righteous_fury is not None else None
        one = row == 1
        fs = row is not None and fury_slain(self.p.slain, hit.location, row)
        left = _left(self.p, hit, tests) if self.p.conditions else (0, 0, 0)
        return pack(hit.wounds, hit.magnitude, int(rf), int(slain), int(jam), int(one), int(fs), *left)


class _Replacing:
    """One hit's walk where the degrees of success replace a die (DH2; Deathwatch, as the minimum
    of one die): :meth:`walk`, for :meth:`_HitWalks._walk_hits`."""

    def __init__(self, hits: _HitWalks) -> None:
        self.h = hits
        self.p = hits.p

    def _group(self, hd: HitDice) -> tuple[Any, ...]:
        """What the rest of a hit reads of its dice once the degrees' die is settled: their total,
        whether they call Righteous Fury, and whether one jams a Flame or Spray weapon (the same
        grouping :meth:`_HitWalks.damage_dice` makes where the degrees replace no die)."""
        a = self.p.prepared
        assert a is not None
        nine = self.h.jam_face()
        jam = bool(nine) and any(d.rolled.natural == nine and d.rolled.sides == 10 for d in hd.dice)
        return (hd.total(), calls_fury(a, hd), jam)

    def walk(self, location: str, degrees: int, dice: Dist[Any], reps: dict[Any, Any]) -> Dist[Any]:
        """One hit at ``location`` where the degrees replace a die (DH2, Deathwatch). Every roll of
        the dice gets what the degrees' die would gain for every degrees value the attack reaches
        (the resolver's own ``replace_with_degrees``, not applied, with the armour, Pen and Toughness
        the walk hands it: :meth:`_seam_args`); the rest of the hit is walked once per group of rolls
        (:meth:`_group`), the degrees' die read off the walk where it is called. The replaced hits:
        the resolver's replacement applied to each roll with a gain, then walked once per group of
        the replaced rolls and gain."""
        a = self.p.prepared
        assert a is not None
        wanted = sorted(self.p.all_degrees)
        plain: dict[tuple[Any, Any], tuple[Any, int]] = {}  # (group, gains) -> (a roll, weight)
        replaced: dict[tuple[int, int, Any], tuple[Any, int]] = {}  # (degrees, gain, group) -> (a roll, weight)
        here = self._seam_args(location, degrees, reps[next(iter(dice.weights))])
        for sig, w in dice.weights.items():
            rep = reps[sig]
            # the gains are read, not applied: the roll's dice are not changed, so they are not copied
            gains: Any = 0 if here is None else self._gains(self._placed(rep, here[0], fresh=False), wanted, here)
            key = (self._group(rep), gains)
            plain[key] = (plain[key][0] if key in plain else rep, plain.get(key, (None, 0))[1] + w)
            for i, d in enumerate(wanted if isinstance(gains, tuple) else ()):
                if gains[i] > 0:
                    self._replace_one(location, d, rep, w, replaced)
        a.apply_replacement = True
        parts = []
        rests: dict[Any, Dist[Any]] = {}  # the rest of the hit reads the group, not the gains: one walk per group
        for (group, gains), (rep, w) in plain.items():
            walked = rests.get(group)
            if walked is None:
                walked = rests[group] = self.h.rest_of_hit(location, degrees, rep, _not_applied)
            parts.append(walked.map(_with_gains(gains)).scaled(w, dice.denom))
        by_degrees: dict[int, list[Dist[Any]]] = {d: [] for d in wanted}
        for (d, _, _), (rep, w) in replaced.items():
            walked = self.h.rest_of_hit(location, d, rep, _replacing(a, d)).where(lambda k: k is not None)
            by_degrees[d].append(walked.scaled(w, dice.denom))
        for d in wanted:
            self.h.hit_memo[("replaced", a.armour_at(location), self.p._table_key(location), d)] = mix(by_degrees[d])
        return mix(parts)

    def _replace_one(
        self, location: str, d: int, rep: Any, w: int, replaced: dict[tuple[int, int, Any], tuple[Any, int]]
    ) -> None:
        """Count the roll ``rep`` (weight ``w``) with ``d`` degrees replacing its best die in
        ``replaced``, by (degrees, gain, the replaced roll's :meth:`_group`); a roll the replacement
        gains nothing on counts nowhere (the walk would stop: :class:`_NoGain`)."""
        a = self.p.prepared
        assert a is not None
        there = self._seam_args(location, d, rep)
        if there is None:
            return
        hd = self._placed(rep, there[0])
        a.apply_replacement = True
        replace_with_degrees(a, [hd], d, there[1], there[2])
        if not a.replace_gain:
            return
        key = (d, a.replace_gain, self._group(hd))
        replaced[key] = (replaced[key][0] if key in replaced else rep, replaced.get(key, (None, 0))[1] + w)

    def _seam_args(self, location: str, degrees: int, rep: Any) -> tuple[Any, int, Any] | None:
        """What ``damage_all`` hands the degrees' die for one hit at ``location`` with ``degrees``:
        the hit as placed, the flat bonus and the wounds-through function (None where the
        resolver calls no degrees' die: a Flame, no degrees). Read off one run of the resolver,
        stopped there; the same for every roll of the dice (they decide none of it)."""
        key = ("seam", location, degrees)
        if key not in self.h.dice_memo:
            found: list[Any] = []

            def stop(rolled: Any, _d: int, bonus: int, through: Any) -> None:
                found.append((rolled[0], bonus, through))
                raise _NoGain

            self.h.rest_of_hit(location, degrees, rep, stop)
            self.h.dice_memo[key] = found[0] if found else None
        got: tuple[Any, int, Any] | None = self.h.dice_memo[key]
        return got

    @staticmethod
    def _placed(rep: Any, placed: Any, fresh: bool = True) -> Any:
        """The roll ``rep`` on the hit ``placed`` (its number, person and location), fresh dice
        (``fresh``: the degrees' die applied changes them) or ``rep``'s own (only read)."""
        return dataclasses.replace(
            rep,
            number=placed.number,
            person=placed.person,
            location=placed.location,
            dice=[dataclasses.replace(d) for d in rep.dice] if fresh else rep.dice,
        )

    def _gains(self, hd: Any, wanted: list[int], seam: tuple[Any, int, Any]) -> tuple[int, ...]:
        """What the degrees' die would gain on the hit ``hd`` for each degrees value in ``wanted``
        (the resolver's ``replace_with_degrees``, not applied)."""
        a = self.p.prepared
        assert a is not None
        a.apply_replacement = False
        gains = []
        through = _remembered(seam[2], hd)
        lowest = min((d.value for d in hd.dice), default=max(wanted, default=0))
        for d in wanted:
            if d <= lowest:  # replace_with_degrees replaces no die the degrees do not beat: no gain
                gains.append(0)
                continue
            replace_with_degrees(a, [hd], d, seam[1], through)
            gains.append(a.replace_gain)
        a.apply_replacement = True
        return tuple(gains)


class _NoGain(Exception):
    """The degrees' die gains nothing on this hit: the walk of a replaced hit stops early."""


def _not_applied(rolled: Any, d: int, bonus: int, through: Any) -> None:
    """The degrees' die as the plain walk takes it: not applied (its gains are read apart,
    :meth:`_Replacing._gains`)."""


def _replacing(a: D100Attack, d: int) -> Callable[..., None]:
    """The degrees' die of ``d`` degrees applied; the walk stops where it gains nothing."""

    def degrees_die(rolled: Any, _d: int, bonus: int, through: Any) -> None:
        a.apply_replacement = True
        replace_with_degrees(a, rolled, d, bonus, through)
        if not a.replace_gain:
            raise _NoGain

    return degrees_die


def _remembered(through: Callable[[Any, int], int], hd: Any) -> Callable[[Any, int], int]:
    """``through`` (the wounds a damage total deals past armour and TB) for the one hit ``hd``,
    each total worked out once: the degrees' die not applied changes no die, and every degrees
    value asks the unreplaced total again (and often the same replaced totals)."""
    memo: dict[int, int] = {}

    def remembered(h: Any, damage: int) -> int:
        if h is not hd:
            return through(h, damage)
        got = memo.get(damage)
        if got is None:
            got = memo[damage] = through(h, damage)
        return got

    return remembered


def _with_gains(gains: Any) -> Callable[[tuple[Any, int]], tuple[Any, int]]:
    """A plain walk's outcome with the gains of the roll it stands for."""
    return lambda k: (gains, k[1])


def _kept(hits: int) -> bool:
    """Whether the sum over the first ``hits`` hits is kept: every one up to 32 (a burst's: bursts
    that strike alike at first share those sums), every 16th up to 256, then every 256th (a long
    sum's weights are large integers: a Horde's 4,000 hits would hold gigabytes)."""
    return hits <= 32 or hits % (16 if hits <= 256 else 256) == 0


class _Node:
    """A node of :meth:`_Sums._fold`'s trie: the value folded over the locations that lead to it (or
    None where it is not kept) and the next location's nodes."""

    __slots__ = ("next", "sum")

    def __init__(self, total: Any = None) -> None:
        self.sum = total
        self.next: dict[str, _Node] = {}


class _Sums:
    """The packed sums over the hits of a :class:`_Probe`'s attacks, each with its
    wounds capped (:func:`wounds_cap`) and its Magnitude at the Horde's; the sums
    over the first hits kept across attacks (:meth:`_fold`)."""

    def __init__(self, probe: _Probe) -> None:
        self.p = probe
        self.cap = probe.cap
        self.magnitude_cap = probe.scenario.target.horde.magnitude if probe.scenario.target.horde is not None else None
        self.sum_memo: dict[tuple[Any, ...], Dist[int]] = {}
        self.alike: dict[tuple[Any, ...], str] = {}  # damage: (armour, table) -> the location summed for it
        self.part_memo: dict[tuple[Any, ...], Dist[int]] = {}
        self.prefix_memo: dict[tuple[Any, ...], _Node] = {}
        self.norm_cache: dict[int, int] = {}
        self.adds_memo: dict[tuple[Any, ...], bool] = {}  # _adds_its_gain: (location, degrees, gains) -> yes or no

    def damage(self, locations: tuple[str, ...], degrees: int, flame: bool) -> Dist[int]:
        """The packed sum over the hits on the target at ``locations``."""
        if not locations:
            return Dist.certain(0)
        a = self.p.prepared
        assert a is not None
        reads = tuple((a.armour_at(loc), self.p._table_key(loc)) for loc in locations)
        memo = (reads, degrees, flame)
        got = self.sum_memo.get(memo)
        if got is None:
            # a hit's walk reads its location's armour and table only (:meth:`plain_hit`): the
            # locations that read alike are summed as the first of them, so the sums over the first
            # hits (:meth:`_fold`) are shared by bursts that strike either arm, say
            same = tuple(self.alike.setdefault(r, loc) for r, loc in zip(reads, locations, strict=True))
            got = self.sum_memo[memo] = self._damage(same, degrees, flame)
        return got

    def _damage(self, locations: tuple[str, ...], degrees: int, flame: bool) -> Dist[int]:
        """The sum over the hits at ``locations``. In DH2 the degrees' die goes to the first hit
        with the greatest gain g: for each g and each hit h that takes it, the hits before h gain
        less than g and the hits after h at most g (:meth:`_chosen`). The sums over the first hits
        are kept across attacks (:meth:`_fold`): a burst's later hits follow its first, so 3 hits
        share the sums of 2. Where a replaced hit only adds its gain (:meth:`_adds_its_gain`), the
        sum by the greatest gain instead (:meth:`_by_greatest_gain`), its hits sorted: the order no
        longer counts, so bursts that strike the same locations in another order share its sums."""
        if not self.p.cls.DEGREES_REPLACE_DIE or flame:
            return self._prefix("all", locations, degrees)
        plain = [self.p.hits.plain_hit(loc, degrees) for loc in locations]
        gains = sorted({g for d in plain for g, _ in d.weights} - {0})
        if all(self._adds_its_gain(loc, degrees, gains) for loc in dict.fromkeys(locations)):
            return self._by_greatest_gain(tuple(sorted(locations)), degrees, gains)
        parts = [self._prefix("none", locations, degrees)]
        for g in gains:
            chosen = self._chosen(g, locations, degrees)
            if chosen.weights:
                parts.append(chosen)
        return mix(parts)

    def _adds_its_gain(self, location: str, degrees: int, gains: list[int]) -> bool:
        """Whether a hit at ``location`` whose die the degrees replace, gaining ``g`` wounds, is
        its plain hit with ``g`` wounds more and nothing else changed, for every ``g`` of ``gains``
        (as distributions over the rolls with that gain: :meth:`_HitWalks.replaced_hit` against
        :meth:`_HitWalks.plain_hit`). It holds for most DH2 attacks (Righteous Fury reads the natural
        die, not the replaced one); not where what follows the dice reads more than the wounds
        gained (in the golden corpus: a DH2 Vengeful weapon's critical row, a Deathwatch Horde)."""
        key = (location, degrees, tuple(gains))
        got = self.adds_memo.get(key)
        if got is None:
            hit = self.p.hits.plain_hit(location, degrees)
            got = self.adds_memo[key] = all(
                self._part(("replaced", g), location, degrees) == self._shifted(hit.where(_gain_is(g)).map(_second), g)
                for g in gains
            )
        return got

    def _by_greatest_gain(self, locations: tuple[str, ...], degrees: int, gains: list[int]) -> Dist[int]:
        """The sum over the hits at ``locations`` where every replaced hit is its plain hit with its
        gain added to the wounds (:meth:`_adds_its_gain`): then whichever hit takes the degrees'
        die, the sum is the plain hits' sum with the greatest gain added. Given every hit's gain the
        hits stay independent, so the sum where the greatest gain is ``g`` is the sum where every
        hit gains at most ``g`` less the sum where every hit gains less than ``g``: one sum over the
        hits per gain, where :meth:`_chosen` makes three."""
        below = self._prefix("none", locations, degrees)  # every hit gains nothing
        parts = [below]
        for g in gains:
            upto = self._prefix(("upto", g), locations, degrees)
            greatest = _less(upto, below)  # the greatest gain is g
            if greatest.weights:
                parts.append(self._shifted(greatest, g))
            below = upto
        return mix(parts)

    def _shifted(self, sums: Dist[int], g: int) -> Dist[int]:
        """``sums`` with ``g`` wounds more on each (wounds are a packed sum's first field), normalized."""
        out: dict[int, int] = {}
        cache, norm = self.norm_cache, self.norm
        for k, w in sums.weights.items():
            n = cache.get(k + g)
            if n is None:
                n = cache[k + g] = norm(k + g)
            out[n] = out.get(n, 0) + w
        return Dist._of(out, sums.denom)

    def _chosen(self, g: int, locations: tuple[str, ...], degrees: int) -> Dist[int]:
        """The sum over the hits at ``locations`` where the degrees' die, gaining ``g``, goes to a
        hit h: the hits before h gain less than g, h gains g (its die replaced), the hits after h
        at most g. Summed hit by hit from the first, two sums kept: ``below`` (no hit has taken the
        die yet, every hit gaining less than g) and ``chosen`` (a hit took it). One hit added a
        step, so a Horde under a large Blast (Deathwatch) stays linear."""

        Running = tuple[Dist[int], str | None, Dist[int]]

        def step(sums: Running, loc: str) -> Running:
            below, pending, chosen = sums
            if pending is not None and below.weights:  # the hit before, gaining less than g
                below = self._add(below, self._part(("below", g), pending, degrees))
            taken = self._part(("replaced", g), loc, degrees)
            here = []
            if chosen.weights:
                here.append(self._add(chosen, self._part(("upto", g), loc, degrees)))
            if below.weights and taken.weights:
                here.append(self._add(below, taken))
            return below, loc, (mix(here) if here else Dist({}, 1))

        # ``below`` takes each hit at the next one (``pending``): the last hit's is never needed
        start: Running = (Dist.certain(0), None, Dist({}, 1))
        got: Running = self._fold(("chosen", g), locations, degrees, start, step)
        return got[2]

    def _part(self, tag: Any, location: str, degrees: int) -> Dist[int]:
        """One plain hit at ``location``, packed: ``"all"`` of it, or only the outcomes whose
        degrees' gain is ``"none"``, ``("below", g)`` or ``("upto", g)``."""
        key = (tag, location, degrees)
        got = self.part_memo.get(key)
        if got is None:
            if isinstance(tag, tuple) and tag[0] == "replaced":  # the hit whose die the degrees replace
                got = self.part_memo[key] = (
                    self.p.hits.replaced_hit(location, degrees).where(_gain_is(tag[1])).map(_second)
                )
                return got
            hit = self.p.hits.plain_hit(location, degrees)
            if tag == "none":
                hit = hit.where(lambda k: k[0] == 0)
            elif tag != "all":
                hit = hit.where(_gain_below(tag[1] + (tag[0] == "upto")))
            got = self.part_memo[key] = hit.map(_second)
        return got

    def _prefix(self, tag: Any, locations: tuple[str, ...], degrees: int) -> Dist[int]:
        """The sum of :meth:`_part` ``tag`` over ``locations`` (:meth:`_fold`)."""

        def step(total: Dist[int], loc: str) -> Dist[int]:
            return self._add(total, self._part(tag, loc, degrees))

        got: Dist[int] = self._fold(tag, locations, degrees, Dist.certain(0), step)
        return got

    def _fold(
        self, tag: Any, locations: tuple[str, ...], degrees: int, start: Any, step: Callable[[Any, str], Any]
    ) -> Any:
        """``step`` folded over ``locations`` from ``start``, built on the longest prefix already
        folded. The prefixes are kept in a trie per ``(tag, degrees)`` (one node per location), the
        nodes :func:`_kept` names and every requested end holding its value: a burst's later hits
        follow its first, and memory stays a fraction of the sums built. A loop, not a recursion: a
        Horde under ``Blast (1000)`` takes 4,000 hits, past Python's recursion limit."""
        root = self.prefix_memo.get((tag, degrees))
        if root is None:
            root = self.prefix_memo[(tag, degrees)] = _Node(start)
        path = [root]
        for loc in locations:
            child = path[-1].next.get(loc)
            if child is None:
                break
            path.append(child)
        first = max(i for i, node in enumerate(path) if node.sum is not None)
        got, node = path[first].sum, path[first]
        assert got is not None
        for i in range(first, len(locations)):
            got = step(got, locations[i])
            child = node.next.get(locations[i])
            if child is None:
                child = node.next[locations[i]] = _Node()
            node = child
            if _kept(i + 1) or i + 1 == len(locations):
                node.sum = got
        return got

    def norm(self, key: int) -> int:
        """A packed sum with its wounds capped and Fury / slain counted once."""
        wounds, mag, rf, slain, jam, one, fs, stun, prone, fat = unpack(key, PACKED)
        if self.cap is not None:
            wounds = min(wounds, self.cap)
        if self.magnitude_cap is not None:
            mag = min(mag, self.magnitude_cap)
        flags = (min(rf, 1), min(slain, 1), min(jam, 1), min(one, 1), min(fs, 1), min(stun, 1), min(prone, 1))
        return pack(wounds, mag, *flags, fat)

    def _add(self, a: Dist[int], b: Dist[int]) -> Dist[int]:
        """``a + b`` (independent), normalized (:meth:`_norm`) as it is summed."""
        out: dict[int, int] = {}
        get, cache, norm = out.get, self.norm_cache, self.norm
        normed = cache.get  # one lookup a product, not two (the inner loop is 97,000 products on the bench case)
        pairs = tuple(b.weights.items())  # the same order as before: the sum's keys come out alike
        for ka, wa in a.weights.items():
            for kb, wb in pairs:
                k = ka + kb
                n = normed(k)
                if n is None:
                    n = cache[k] = norm(k)
                out[n] = get(n, 0) + wa * wb
        return Dist._of(out, a.denom * b.denom)


def _less(more: Dist[int], less: Dist[int]) -> Dist[int]:
    """``more - less``, weight by weight: two sub-distributions over one denominator (sums over
    the same hits), ``less`` within ``more`` (the outcomes of ``less`` are some of ``more``'s)."""
    if more.denom != less.denom:
        raise ValueError("sums over different hits")
    out = dict(more.weights)
    for k, w in less.weights.items():
        left = out[k] - w
        if left < 0:
            raise ValueError("not a part of the larger sum")
        if left:
            out[k] = left
        else:
            del out[k]
    return Dist._of(out, more.denom)


def _gain_below(g: int) -> Callable[[tuple[int, int]], bool]:
    return lambda k: k[0] < g


def _gain_is(g: int) -> Callable[[tuple[int, int]], bool]:
    return lambda k: k[0] == g


def _second(k: tuple[Any, int]) -> int:
    return k[1]


def outcomes(
    scenario: Scenario,
    attack_class: type[D100Attack],
    conditions: bool = False,
    shared: dict[str, Any] | None = None,
    phase_kept: dict[str, Any] | None = None,
) -> Dist[Outcome]:
    """The exact distribution of :func:`summarize` over every die of the attack; with
    ``conditions``, each :class:`Outcome` also says the conditions the target's tests leave on it
    (``stunned``, ``prone``, ``fatigue``: :func:`_left`), else those stay False / 0 (the figures
    read none of them: the same distribution, its outcomes merged). ``shared``: a dict the caller
    keeps across calls whose attacks differ before their damage (:func:`_damage_side`), each
    call's hits summed by the walks an earlier one made where they read the same. ``phase_kept``: a dict
    the caller keeps across calls whose attacks are alike until their damage (the test, the hits,
    their locations, evasion: the caller vouches for it), step 1 walked by the first (:func:`_phase`)."""
    probe = _Probe(scenario, attack_class, conditions)
    phase = _phase(probe, {} if phase_kept is None else phase_kept)
    parts: list[Dist[Any]] = []
    probe.all_degrees = {rec[1] for rec in phase.weights if rec[0] == "struck"}
    sums = (probe if shared is None else _damage_side(probe, shared)).sums
    # (head, packed sums, weight, denominator): the hits' shared figures (outcome, degrees, hits,
    # locations) and the distribution of their packed sum (:meth:`_HitWalks._pack`), each Outcome made
    # once per distinct outcome (:func:`_outcomes_of`)
    struck: list[tuple[tuple[Any, ...], Dist[int], int, int]] = []
    for rec, w in phase.weights.items():
        if rec[0] == "done":
            parts.append(Dist({rec[1]: w}, phase.denom))
            continue
        _, degrees, mine, on_target, others, flame = rec
        if flame and others and probe.hits.jam_face():
            # the jam reads the damage dice of everyone in the area, which this walk does not roll
            raise TooManyOutcomes("a Flame or Spray weapon that can jam, with others in its area")
        negated = probe.evasion(on_target) if on_target and not flame else Dist.certain(0)
        for j, wj in negated.weights.items():
            kept = mine[: len(mine) - j] if j else mine
            if not kept and not others:
                out = Outcome("evaded", degrees)
                parts.append(Dist({out: w * wj}, phase.denom * negated.denom))
                continue
            total = sums.damage(kept, degrees, flame)
            head = ("hit" if kept else "evaded", degrees, len(kept), tuple(sorted(kept)))
            struck.append((head, total, w * wj, phase.denom * negated.denom * total.denom))
    return _outcomes_of(parts, struck).reduced()


def _phase(probe: _Probe, kept: dict[str, Any]) -> Dist[Any]:
    """Step 1 of ``probe``'s attack (the test, the hits and their locations), walked; or, where
    ``kept`` holds the walk of an attack alike until its damage, that walk, with ``probe``'s own
    attack taken to its damage once on the dice of the first that struck there (its prepared
    attack and state read the probe's own target: the damage walks read them). The sweep's cells
    differ in the target's TB and armour only, which nothing before the damage reads where the
    sweep shares its cells (:func:`rules.odds.sweep.stopping`)."""
    walked: Dist[Any] | None = kept.get("phase")
    if walked is None:
        walked = explore(probe.attack_phase)
        kept.update(phase=walked, path=probe.struck_path)
    elif kept["path"] is not None:
        probe.attack_phase(Walker(list(kept["path"]), None))
    return walked


def _damage_side(probe: _Probe, shared: dict[str, Any]) -> _Probe:
    """The probe whose hit walks and sums (steps 3 and the sum) serve ``probe``'s attack: an
    earlier one in ``shared`` whose damage reads the same (:func:`_damage_reading`) and walked
    every degrees value this attack reaches (its walks record each hit's gains for those), else
    ``probe`` itself (kept in ``shared`` for the next). Steps 1 and 2 (the test, the hits, their
    locations, evasion) are always ``probe``'s own. So attacks that differ only before their
    damage (another BS or WS, Aim, the circumstances of the test, the Reaction spent or not: the
    sweep's inverse line, an exchange's later attacks) add up their hits once. A damage side walks
    :data:`DEGREES_AHEAD` degrees past the most its attack reaches, for the attacks after it."""
    key = _damage_reading(probe)
    if key is None:
        return probe
    other: _Probe | None = shared.get(key)
    if other is not None and probe.all_degrees <= other.all_degrees:
        return other
    if probe.all_degrees:
        # walked past what this attack reaches (its own figures read only its own degrees), so that
        # a later attack a few degrees higher reads these walks instead of making its own
        top = max(probe.all_degrees) + DEGREES_AHEAD
        probe.all_degrees |= set(range(1, top + 1)) | (other.all_degrees if other is not None else set())
    shared[key] = probe
    return probe


DEGREES_AHEAD = 3
"""How many degrees of success past the most an attack reaches its shared damage walks go
(:func:`_damage_side`): an exchange's later attack meets the target Stunned (seed 003, Stunned
Targets: +20 to hit, two more degrees) or comes with a half Aim (+10, one more), the sweep's inverse
line raises BS ten by ten. A degrees value walked adds a degrees' die read per roll and the replaced
hits' walks; three are fewer than a second walk of every hit (bench: the 4-attack exchange walks 3
damage sides instead of 5, the Full Auto sweep's inverse line 1 instead of 3)."""


def _damage_reading(probe: _Probe) -> str | None:
    """What the damage of ``probe``'s attack reads, as text (None: nothing struck, or a Flame or
    Spray attack, whose area tests come before it): the scenario but for what only the test,
    the hits and evasion read (the names, the tested characteristic BS or WS where no Righteous
    Fury is confirmed by the test again, the Aim where no Accurate's dice read it, the test's
    circumstances, the target's Reaction), and the state where the damage is rolled but for the
    test (the action, fire mode, rounds and range band the qualities read; the target number
    where the Fury is confirmed against it). The damage stages (rules/d100/stages/damage*.py,
    fury.py, after_hit.py, critical_effect.py) read nothing else of them."""
    a, st, s = probe.prepared, probe.state, probe.scenario
    if a is None or st is None or st.test is None:
        return None
    confirm = probe.cls.RF_CONFIRM
    chars = s.attacker.characteristics if confirm else s.attacker.characteristics.model_copy(update={"BS": 0, "WS": 0})
    action = s.action.model_copy(update={"circumstances": []})
    if "Accurate" not in a.q:
        action = action.model_copy(update={"aim": "none"})
    reading = s.model_copy(
        update={
            "attacker": s.attacker.model_copy(update={"name": "", "characteristics": chars}),
            "target": s.target.model_copy(update={"name": "", "evasion": None}),
            "action": action,
            "seed": None,
            "dice": None,
        }
    )
    at = (st.action.model_dump_json(), st.mode, st.rounds, st.band, st.target_number if confirm else None)
    return f"{probe.cls.__module__}.{probe.cls.__qualname__} {probe.conditions} {at} {reading.model_dump_json()}"


def _outcomes_of(
    parts: list[Dist[Outcome]], struck: list[tuple[tuple[Any, ...], Dist[int], int, int]]
) -> Dist[Outcome]:
    """``parts`` mixed with the attacks that struck (``(head, sums, weight, denominator)``: see
    :func:`outcomes`), each packed sum read as an :class:`Outcome` (wounds, Magnitude, and whether
    any hit caused Fury, slew, jammed, read row 1 or a slain row): each key unpacked once, each
    Outcome made once."""
    done = mix(parts)  # the attacks that ended before damage, already Outcomes
    denom = lcm(done.denom, *(d for *_, d in struck))
    out: dict[Outcome, int] = {k: w * (denom // done.denom) for k, w in done.weights.items()}
    get = out.get
    tails: dict[int, tuple[Any, ...]] = {}
    new, fields = object.__new__, _FIELDS
    for (outcome, degrees, hits, locs), total, w, d in struck:
        f = w * (denom // d)
        for key, wk in total.weights.items():
            tail = tails.get(key)
            if tail is None:
                wounds, mag, rf, slain, jam, one, fs, stun, prone, fat = unpack(key, PACKED)
                tail = tails[key] = (wounds, rf > 0, slain > 0, mag, jam > 0, one > 0, fs > 0, stun > 0, prone > 0, fat)
            wounds, fury, slain, mag, jammed, one, fs, stun, prone, fat = tail
            # Outcome(outcome, degrees, hits, wounds, fury, slain, mag, locs, jammed, one, fs, ...), made as
            # a frozen dataclass is copied (its fields set in its __dict__): equal, hashed alike, faster
            # in Pyodide (session 27, this function alone: the plain constructor 5-13% slower on the
            # bench case and 22% over the golden corpus's d100 odds, though 5% faster on CPython 3.11;
            # a dict of the Outcomes made per (head, key) slower on both: 2,193 of the bench case's
            # 2,288 pairs are distinct)
            o = new(Outcome)
            o.__dict__.update(
                zip(
                    fields,
                    (outcome, degrees, hits, wounds, fury, slain, mag, locs, jammed, one, fs, stun, prone, fat),
                    strict=True,
                )
            )
            out[o] = get(o, 0) + wk * f
    return Dist._of(out, denom)


_FIELDS = tuple(f.name for f in dataclasses.fields(Outcome))
