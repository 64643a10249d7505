"""Odds of the fan-made Warhammer 40,000 Roleplay and of Epic, by walking the whole resolver.

Both rulesets read most of their dice through one question, and the resolver asks them through a
seam it declares, which the walk takes over in a subclass (never a private method, never a die's
purpose text):

- the fan ruleset's penetration d100 (``Wh40krpRound.pen_die``): penetrated or not
  (:func:`rules.wh40krp.readings.penetrates`); its damage die read on the player's chart
  (``Wh40krpRound.damage_die``): on a row or off the chart (its own figure);
  its deviation dice and the Tek test to clear a jam (``Wh40krpRound.unread_die``) change no
  figure here and are walked as one class;
- the fan ruleset's to-hit d100 (``Wh40krpRound.to_hit_die``): by what the shot reads of it
  (jammed, overloaded, hit). A shot's hit location is its to-hit face reversed, and all the odds
  count of a hit is whether it penetrates; so a hit's penetration is walked as one die whose
  weights are the resolver's own ``resolve_hit`` at each location (walked once per target and
  location), weighted by how many faces of the hit's class give that location. An automatic
  burst of four shots takes about a hundred runs instead of a hundred million. A blow's WS roll
  and a parry are walked the same way;
- Epic's fistfuls of d6 (``EpicAttack.d6s``): how many are good (hits, saves), k good out of n
  with the binomial count of faces.

A round's actions are walked as a graph, not a tree: what an action fires depends on the round
so far only through its state (rounds fired, jammed or overloaded, who ducked back, the aim: the
seam ``Wh40krpRound.before_fire`` hands it over), so the rest of the round is walked once per state and shared by every way of reaching it
(:meth:`rules.odds.explore.Walker.checkpoint`). Two automatic bursts take a few hundred runs.

The report's walk (:func:`walk_rp`) shares more: a checkpoint before every shot of a
burst too (``Wh40krpRound.before_shot``), each hit's penetration walked as the next shot is
about to be rolled, and an outcome of only what the report reads (:class:`RpTally`), each shot's
chances counted beside it as marks (:func:`rules.odds.explore.explore_marked`). Four bursts (16
shots) take about 300 runs; :func:`walk` (every shot kept in the outcome) stays as its oracle.

A scenario with more outcomes than :data:`LIMIT` runs is estimated from seeded resolutions
instead, and the report says so (:func:`rules.odds.odds`). Epic's odds are composed first
(:mod:`rules.odds.epic_dp`, exact at any size); the walk answers where the composition does not
apply, and stays the brute-force oracle the composition is tested against.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from ..dice import Roller
from ..epic.models import EpicScenario
from ..wh40krp.models import RpDamage, RpResolution, RpScenario, Shot
from ..wh40krp.procedure import Wh40krpRound
from ..wh40krp.readings import D100Reading, hit_location, penetrates
from ..wh40krp.state import Aim, RoundState
from .dist import Dist, mix
from .epic_dp import WalkedAttack
from .epic_outcome import EpicOutcome as EpicOutcome
from .epic_outcome import epic_summarize as epic_summarize
from .explore import Classes, Merge, Walker, explore, explore_marked

LIMIT = 4000  # whole-resolver runs walked before estimating instead


@dataclass(frozen=True, order=True)
class RpOutcome:
    """The fan ruleset's round as the odds count it: ``outcome``, each shot as (hit, penetrated),
    the penetrating hits, whether the weapon jammed, and the hits whose damage roll is on no row
    of the player's chart (``off_chart``)."""

    outcome: str
    shots: tuple[tuple[bool, bool], ...]
    penetrating: int
    jammed: bool
    off_chart: int = 0


def rp_summarize(res: RpResolution) -> RpOutcome:
    """The :class:`RpOutcome` of a resolution."""
    return RpOutcome(
        outcome=res.outcome,
        shots=tuple((s.hit, s.penetrated) for s in res.shots),
        penetrating=res.penetrating_hits,
        jammed=res.jammed,
        off_chart=sum(1 for s in res.shots if _off(s) and s.kind != "overload"),
    )


def _off(shot: Shot) -> bool:
    """Whether the shot's damage roll is on no row of the player's chart."""
    return shot.damage is not None and shot.damage.result_from == "off_chart"


# A hit the walk read off the player's chart, standing for its damage (only ``result_from`` is read).
_OFF_CHART = RpDamage(chart=1, die=100, roll=0, total=0, result_from="off_chart")


class _PenRound(Wh40krpRound):
    """The fan ruleset's round with its penetration d100s walked by class (penetrated or not) and
    the dice no figure reads (damage, deviation, the Tek test) as one class each."""

    def __init__(self, scenario: RpScenario, walker: Walker) -> None:
        super().__init__(scenario, Roller(walker))
        self.walker = walker

    def pen_die(self, purpose: str, chance: int) -> int:
        return self.walker.roll_classes(100, purpose, _pen_classes(chance))

    def unread_die(self, sides: int, purpose: str) -> int:
        return self.walker.roll_classes(sides, purpose, [(1, sides)])

    def damage_die(self, sides: int, purpose: str, off_chart: Callable[[int], bool] | None) -> int:
        if off_chart is None:
            return self.unread_die(sides, purpose)
        on = [f for f in range(1, sides + 1) if not off_chart(f)]
        off = [f for f in range(1, sides + 1) if off_chart(f)]
        return self.walker.roll_classes(sides, purpose, [(vs[0], len(vs)) for vs in (on, off) if vs])


class _WalkedRound(_PenRound):
    """The round as the walk runs it: each to-hit d100 walked by what the shot reads of it, each
    hit's location and penetration as one die (:meth:`_RpWalk.hit_classes`), and a checkpoint as
    each fire action starts."""

    def __init__(self, walk: _RpWalk, walker: Walker) -> None:
        super().__init__(walk.scenario, walker)
        self.walk = walk
        self.faces_of: dict[tuple[str, int], tuple[D100Reading, Any]] = {}  # ("shot", 2) -> its to-hit class

    def to_hit_die(self, purpose: str, reads: D100Reading, aimed: tuple[str, int] | None) -> int:
        face = self.walker.roll_classes(100, purpose, _reading_classes(reads)[1])
        if aimed is not None:
            self.faces_of[aimed] = reads, reads(face)
        return face

    def resolve_hit(self, shot: Shot, melee: bool, parry: int = 0, index: int = 0) -> Shot:
        # A hit's location is its to-hit face reversed, and all the odds count of a hit is
        # whether it penetrates: one die for both, weighted over every face of the hit's class.
        reads, group = self.faces_of["blow" if melee else "shot", shot.number]
        denom, classes = self.walk.hit_classes(shot, reads, group, melee, parry, index)
        code = self.walker.roll_classes(denom, f"{shot.number} penetration", classes)  # 1: through, 2: off the chart
        return shot.model_copy(
            update={"penetrated": bool(code & 1), "layers": [], "damage": _OFF_CHART if code & 2 else None}
        )

    def before_fire(self, i: int, state: RoundState, aim: Aim) -> None:
        # what an action fires depends on the round so far only through this state (_state_key: the
        # melee initiative too) and which of the GM's typed chart readings the next penetrating hit
        # takes (as _TallyRound's key: a key that left both out would merge two different rounds)
        key = (i, *_state_key(state), self._typed(state.damage_index()), aim.actions, aim.rested)
        self.walker.checkpoint(key, _rp_shots(state.shots))

    def _typed(self, index: int) -> int:
        """What the rest of the round reads of the penetrating hits so far (``index``): only
        which of the GM's typed chart readings the next one takes (hits.damage), none past the last."""
        return min(index, len(self.s.action.chart_results))


class _RpWalk:
    """The walk of one fan ruleset scenario: ``walk(walker)`` runs the round once, and what is
    shared by every run (a hit's penetration at each target and location) is kept here."""

    def __init__(self, scenario: RpScenario) -> None:
        self.scenario = scenario
        # (target, location, melee, parry, GM's reading typed) -> (penetrated, off the player's chart)
        self.through_at: dict[tuple[Any, ...], Dist[tuple[bool, bool]]] = {}
        self.classes: dict[tuple[Any, ...], tuple[int, Classes]] = {}  # a hit's penetration die, by its class

    def __call__(self, walker: Walker) -> _RpTrail:
        res = _WalkedRound(self, walker).resolve()
        return _rp_shots(res.shots), res.jammed, res.overloaded

    def penetrated(self, shot: Shot, melee: bool, parry: int, index: int = 0) -> Dist[tuple[bool, bool]]:
        """Whether a hit on the target at ``shot.location`` penetrates, and whether its damage roll
        is off the player's chart: the resolver's own ``resolve_hit`` (``index``: the penetrating
        hits before it, for the GM's typed reading), its penetration and damage dice walked."""
        typed = self.scenario.action.chart_results
        key = (shot.target_index, shot.location, melee, parry, index < len(typed) and bool(typed[index].strip()))
        got = self.through_at.get(key)
        if got is None:

            def one(walker: Walker) -> tuple[bool, bool]:
                hit = _PenRound(self.scenario, walker).resolve_hit(shot, melee, parry, index)
                return bool(hit.penetrated), _off(hit)

            got = self.through_at[key] = explore(one)
        return got

    def hit_classes(
        self, shot: Shot, reads: D100Reading, group: Any, melee: bool, parry: int, index: int = 0
    ) -> tuple[int, Classes]:
        """The die standing for a hit's location, penetration and chart: over every face of the
        to-hit class ``group`` of ``reads``, the location it gives (a called shot: its own),
        weighted by the chance to penetrate there (and to be read off the player's chart)."""
        called = shot.location if shot.location_roll is None else None
        typed = self.scenario.action.chart_results
        gm = index < len(typed) and bool(typed[index].strip())
        key = (shot.target_index, reads, group, called, melee, parry, gm)
        if key not in self.classes:
            faces = _reading_classes(reads)[0][group]
            where: dict[str, int] = {}
            for face in faces:
                loc = called or hit_location(face)[1]  # a called shot: its location whatever the face
                where[loc] = where.get(loc, 0) + 1
            mixed = mix(
                self.penetrated(shot.model_copy(update={"location": loc}), melee, parry, index).scaled(n, len(faces))
                for loc, n in where.items()
            ).reduced()
            codes = [(int(through) + 2 * int(off), n) for (through, off), n in mixed.weights.items()]
            self.classes[key] = (mixed.denom, codes)
        return self.classes[key]


# The fan ruleset's round as the walk carries it: each shot (hit, penetrated, at the target rather
# than the firer's own overload), jammed, overloaded. Split at an action's start, the shots before
# it and what follows (see Merge).
_RpShots = tuple[tuple[bool, bool, bool, bool], ...]
_RpTrail = tuple[_RpShots, bool, bool]


def _rp_shots(shots: Sequence[Shot]) -> _RpShots:
    return tuple((s.hit, s.penetrated, s.kind != "overload", _off(s)) for s in shots)


def _rp_outcome(trail: _RpTrail) -> RpOutcome:
    """The :class:`RpOutcome` of a walked round (as :func:`rp_summarize` of its resolution)."""
    shots, jammed, overloaded = trail
    hits = sum(1 for hit, _, aimed, _ in shots if hit and aimed)
    return RpOutcome(
        outcome="hit" if hits else ("jam" if jammed or overloaded else "miss"),
        shots=tuple((hit, through) for hit, through, _, _ in shots),
        penetrating=sum(1 for _, through, aimed, _ in shots if through and aimed),
        jammed=jammed,
        off_chart=sum(1 for _, _, aimed, off in shots if off and aimed),
    )


_RP_MERGE = (
    lambda trail, before: (trail[0][len(before) :], trail[1], trail[2]),
    lambda before, after: (before + after[0], after[1], after[2]),
)


@cache
def _reading_classes(reads: D100Reading) -> tuple[dict[tuple[bool, bool, bool], list[int]], Classes]:
    """The faces of a d100 grouped by what ``reads`` makes of them, and those groups as classes."""
    groups: dict[tuple[bool, bool, bool], list[int]] = {}
    for face in range(1, 101):
        groups.setdefault(reads(face), []).append(face)
    return groups, [(vs[0], len(vs)) for vs in groups.values()]


@cache
def _pen_classes(chance: int) -> Classes:
    """The d100 faces of a penetration roll against ``chance`` (percent): through, stopped."""
    through = [v for v in range(1, 101) if penetrates(chance, v)]
    stopped = [v for v in range(1, 101) if not penetrates(chance, v)]
    return [(vs[0], len(vs)) for vs in (through, stopped) if vs]


@dataclass(frozen=True, order=True)
class RpTally:
    """The fan ruleset's round as its odds report counts it (:func:`rules.odds._rp`): whether any
    shot hit (the firer's own overload too), the penetrating hits at the target, whether any of
    them is off the player's chart, and whether the weapon jammed. Each shot's own chances are
    kept beside the distribution (:class:`RpWalked`), not in it."""

    hit: bool
    penetrating: int
    off_chart: bool
    jammed: bool


def rp_tally(o: RpOutcome) -> RpTally:
    """The :class:`RpTally` of an :class:`RpOutcome`."""
    return RpTally(any(hit for hit, _ in o.shots), o.penetrating, o.off_chart > 0, o.jammed)


class RpWalked(Dist[RpTally]):
    """The exact distribution of a fan ruleset round's :class:`RpTally`, with ``shots``: for each
    shot (0-based, the firer's overload too), the chances it is fired, hits and penetrates."""

    def __init__(self, dist: Dist[RpTally], shots: list[tuple[Fraction, Fraction, Fraction]]) -> None:
        super().__init__(dist.weights, dist.denom)
        self.shots = shots


def shot_chances(dist: Dist[RpOutcome]) -> list[tuple[Fraction, Fraction, Fraction]]:
    """Each shot's chances (fired, hit, penetrated) read off a distribution of whole rounds."""
    most = max((len(o.shots) for o in dist.weights), default=0)
    return [
        (
            dist.chance(lambda o, k=k: len(o.shots) > k),  # type: ignore[misc]
            dist.chance(lambda o, k=k: len(o.shots) > k and o.shots[k][0]),  # type: ignore[misc]
            dist.chance(lambda o, k=k: len(o.shots) > k and o.shots[k][1]),  # type: ignore[misc]
        )
        for k in range(most)
    ]


class _TallyRound(_WalkedRound):
    """The round as :func:`walk_rp` runs it: as :class:`_WalkedRound`, but each shot's penetration
    walked as the next shot is about to be rolled (the hits are independent; the resolver still
    reads it after every to-hit roll), a checkpoint before every shot keyed by what the rest of the
    round reads of the shots so far, and each shot's hit and penetration counted as a mark."""

    def __init__(self, walk: _RpWalk, walker: Walker) -> None:
        super().__init__(walk, walker)
        self.codes: dict[int, int] = {}  # shot number -> its penetration code (1: through, 2: off the chart)
        self.marked = 0  # the shots marked so far

    def resolve_hit(self, shot: Shot, melee: bool, parry: int = 0, index: int = 0) -> Shot:
        if melee or shot.number not in self.codes:
            return super().resolve_hit(shot, melee, parry, index)
        code = self.codes[shot.number]
        return shot.model_copy(
            update={"penetrated": bool(code & 1), "layers": [], "damage": _OFF_CHART if code & 2 else None}
        )

    def _settle(self, state: RoundState, fired: tuple[Shot, ...]) -> tuple[bool, int, bool]:
        """Walk the penetration of the action's hits not yet walked, mark every shot not yet
        marked; the (any hit, penetrating, any off the chart) settled so far."""
        through = state.damage_index()
        for shot in fired:
            if shot.hit and shot.number not in self.codes:
                reads, group = self.faces_of["shot", shot.number]
                denom, classes = self.walk.hit_classes(shot, reads, group, False, 0, through)
                self.codes[shot.number] = self.walker.roll_classes(denom, f"{shot.number} penetration", classes)
            through += bool(shot.hit and self.codes[shot.number] & 1)
        settled = [(s.hit, bool(s.penetrated), s.kind != "overload", _off(s)) for s in state.shots]
        settled += [
            (s.hit, bool(s.hit and self.codes[s.number] & 1), True, bool(s.hit and self.codes[s.number] & 2))
            for s in fired
        ]
        for n in range(self.marked, len(settled)):
            _mark(self.walker, n, settled[n][:2])
        self.marked = len(settled)
        return (
            any(hit for hit, _, _, _ in settled),
            sum(1 for _, through_, aimed, _ in settled if through_ and aimed),
            any(off and aimed for _, _, aimed, off in settled),
        )

    def before_fire(self, i: int, state: RoundState, aim: Aim) -> None:
        before = self._settle(state, ())
        # the flags settled are in the state: what follows is kept with the round's own (see _TALLY_MERGE)
        key = ("fire", i, before[0], before[2], self._typed(state.damage_index()), *_state_key(state))
        self.walker.checkpoint((*key, aim.actions, aim.rested), before)

    def before_shot(self, i: int, k: int, target: int, state: RoundState, fired: tuple[Shot, ...], aim: Aim) -> None:
        if not k:
            return  # the action's start: before_fire's checkpoint
        before = self._settle(state, fired)
        struck: dict[int, tuple[bool, bool]] = {}
        for s in fired:  # duck-back reads, of each target hit, whether any hit did or did not penetrate
            if s.hit:
                through, stopped = struck.get(s.target_index, (False, False))
                p = bool(self.codes[s.number] & 1)
                struck[s.target_index] = (through or p, stopped or not p)
        pens = state.damage_index() + sum(bool(s.hit and self.codes[s.number] & 1) for s in fired)
        pending = (len(fired), self._typed(pens), tuple(sorted(struck.items())))
        key = ("shot", i, k, target, before[0], before[2], *_state_key(state), aim.actions, aim.rested, pending)
        self.walker.checkpoint(key, before)


def _state_key(state: RoundState) -> tuple[Any, ...]:
    """What the rest of a round reads of the round so far (its penetrating hits: see ``_typed``)."""
    return (
        len(state.shots),
        state.rounds_fired,
        state.jammed,
        state.overloaded,
        state.stopped,
        state.duck,
        len(state.initiative),
    )


def _mark(walker: Walker, n: int, shot: tuple[bool, bool]) -> None:
    walker.mark(("fired", n))
    if shot[0]:
        walker.mark(("hit", n))
    if shot[1]:
        walker.mark(("through", n))


def _tally_run(walk: _RpWalk) -> Callable[[Walker], tuple[bool, int, bool, bool]]:
    def run(walker: Walker) -> tuple[bool, int, bool, bool]:
        rnd = _TallyRound(walk, walker)
        res = rnd.resolve()
        for n in range(rnd.marked, len(res.shots)):
            _mark(walker, n, (res.shots[n].hit, bool(res.shots[n].penetrated)))
        on = [s for s in res.shots if s.kind != "overload"]
        return any(s.hit for s in res.shots), sum(1 for s in on if s.penetrated), any(_off(s) for s in on), res.jammed

    return run


# A checkpoint's state holds the flags settled before it (any hit, any off the chart), so what
# follows it keeps the round's own flags; the penetrating hits are counted from the checkpoint on.
_TALLY_MERGE = (
    lambda t, before: (t[0], t[1] - before[1], t[2], t[3]),
    lambda before, after: (after[0], before[1] + after[1], after[2], after[3]),
)


def walk_rp(scenario: RpScenario, limit: int | None = None) -> RpWalked:
    """The exact distribution of a fan ruleset round's :class:`RpTally` and each shot's chances,
    the round walked shot by shot (:class:`_TallyRound`); raises
    :class:`~rules.odds.explore.TooManyOutcomes` past ``limit`` runs (default :data:`LIMIT`)."""
    limit = LIMIT if limit is None else limit
    walked, marks = explore_marked(_tally_run(_RpWalk(scenario)), limit=limit, merge=Merge(*_TALLY_MERGE))
    dist = walked.map(lambda t: RpTally(*t)).reduced()
    zero = Fraction(0)
    most = 0
    while marks.get(("fired", most), zero):
        most += 1
    shots = [
        (marks.get(("fired", n), zero), marks.get(("hit", n), zero), marks.get(("through", n), zero))
        for n in range(most)
    ]
    return RpWalked(dist, shots)


def _epic_run(scenario: EpicScenario) -> Callable[[Walker], EpicOutcome]:
    def run(walker: Walker) -> EpicOutcome:
        return epic_summarize(WalkedAttack(scenario, walker).resolve())

    return run


def walk(scenario: Any, limit: int | None = None) -> Dist[Any]:
    """The exact distribution of the summary of ``scenario`` (fan ruleset or Epic); raises
    :class:`~rules.odds.explore.TooManyOutcomes` past ``limit`` runs (default :data:`LIMIT`)."""
    limit = LIMIT if limit is None else limit
    if isinstance(scenario, EpicScenario):
        return explore(_epic_run(scenario), limit=limit).reduced()
    walked = explore(_RpWalk(scenario), limit=limit, merge=Merge(*_RP_MERGE))
    return walked.map(_rp_outcome).reduced()
