"""Odds of the fan-made Warhammer 40,000 Roleplay and of Epic, by walking the whole resolver.

Both rulesets read most of their dice through one question, and the resolver asks them through a
method the walk can take over:

- the fan ruleset's penetration d100 (``Wh40krpRound.pen_die``): penetrated or not
  (:func:`rules.systems.wh40krp.penetrates`); its damage and deviation dice change no figure here
  and are walked as one class;
- Epic's fistfuls of d6 (``EpicAttack.d6s``): how many are good (hits, saves), k good out of n
  with the binomial count of faces.

The to-hit d100 of the fan ruleset is walked face by face (it sets the location and the doubles
that jam). A scenario with more outcomes than :data:`LIMIT` runs is estimated from seeded
resolutions instead, and the report says so (:func:`rules.odds.odds`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any

from ..dice import Roller
from ..epic_models import EpicResolution, EpicScenario
from ..wh40krp_models import RpResolution, RpScenario
from .dist import Dist
from .explore import Classes, Walker, explore

LIMIT = 4000  # whole-resolver runs walked before estimating instead

_RP_IRRELEVANT = re.compile(r"damage d\d+ \(Chart|deviation")


@dataclass(frozen=True, order=True)
class RpOutcome:
    """The fan ruleset's round as the odds count it: ``outcome``, each shot as (hit, penetrated),
    the penetrating hits, and whether the weapon jammed."""

    outcome: str
    shots: tuple[tuple[bool, bool], ...]
    penetrating: int
    jammed: bool


def rp_summarize(res: RpResolution) -> RpOutcome:
    """The :class:`RpOutcome` of a resolution."""
    return RpOutcome(
        outcome=res.outcome,
        shots=tuple((s.hit, s.penetrated) for s in res.shots),
        penetrating=res.penetrating_hits,
        jammed=res.jammed,
    )


@dataclass(frozen=True, order=True)
class EpicOutcome:
    """An Epic shooting as the odds count it, for the target formation: ``outcome``, hits scored,
    units destroyed, broken, wiped out."""

    outcome: str
    hits: int
    destroyed: int
    broken: bool
    wiped_out: bool


def epic_summarize(res: EpicResolution) -> EpicOutcome:
    """The :class:`EpicOutcome` of a resolution (the target formation is the first)."""
    target = res.formations[0] if res.formations else None
    return EpicOutcome(
        outcome=res.outcome,
        hits=sum(res.hits.values()),
        destroyed=target.destroyed if target else 0,
        broken=bool(target and target.broken),
        wiped_out=bool(target and target.wiped_out),
    )


def _rp_run(scenario: RpScenario) -> Callable[[Walker], RpOutcome]:
    from ..systems.wh40krp import Wh40krpRound

    def run(walker: Walker) -> RpOutcome:
        rnd = Wh40krpRound(scenario, Roller(walker))

        def pen_die(purpose: str, chance: int) -> int:
            return walker.roll_classes(100, purpose, _pen_classes(chance))

        rnd.pen_die = pen_die  # type: ignore[method-assign]
        return rp_summarize(rnd.resolve())

    return run


@cache
def _pen_classes(chance: int) -> Classes:
    """The d100 faces of a penetration roll against ``chance`` (percent): through, stopped."""
    from ..systems.wh40krp import penetrates

    through = [v for v in range(1, 101) if penetrates(chance, v)]
    stopped = [v for v in range(1, 101) if not penetrates(chance, v)]
    return [(vs[0], len(vs)) for vs in (through, stopped) if vs]


def _epic_run(scenario: EpicScenario) -> Callable[[Walker], EpicOutcome]:
    from ..systems.epic import EpicAttack

    def run(walker: Walker) -> EpicOutcome:
        attack = EpicAttack(scenario, Roller(walker))

        def d6s(count: int, purpose: str, good: Callable[[int], bool]) -> list[int]:
            faces = [f for f in range(1, 7) if good(f)]
            bad = [f for f in range(1, 7) if not good(f)]
            s = len(faces)
            classes = [(k, comb(count, k) * s**k * (6 - s) ** (count - k)) for k in range(count + 1)]
            k = walker.roll_classes(6**count, purpose, [c for c in classes if c[1]])
            return [faces[0]] * k + ([bad[0]] * (count - k) if bad else [])

        attack.d6s = d6s  # type: ignore[method-assign]
        return epic_summarize(attack.resolve())

    return run


def _rp_classes(sides: int, purpose: str) -> Classes | None:
    return [(1, sides)] if _RP_IRRELEVANT.search(purpose) else None


def walk(scenario: Any, limit: int = LIMIT) -> Dist[Any]:
    """The exact distribution of the summary of ``scenario`` (fan ruleset or Epic); raises
    :class:`~rules.odds.explore.TooManyOutcomes` past ``limit`` runs."""
    if isinstance(scenario, EpicScenario):
        return explore(_epic_run(scenario), limit=limit).reduced()
    return explore(_rp_run(scenario), classes=_rp_classes, limit=limit).reduced()
