"""An Epic shooting as the odds count it (:class:`EpicOutcome`), below both the walk
(:mod:`rules.odds.walked`, which re-exports these names) and the exact composition
(:mod:`rules.odds.epic_dp`) that each give a distribution of it."""

from __future__ import annotations

from dataclasses import dataclass

from ..epic.models import EpicResolution


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
