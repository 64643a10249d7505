"""A formation under fire as a frozen record: each stage that hits it (allocation, saves, a
barrage, Shock) takes one and returns the next, setting nothing for another stage to find."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .models import ShockGain, TargetFormation, UnitResult


@dataclass(frozen=True)
class FormationState:
    """A formation under fire: its ``spec`` and scenario ``path`` (``target``,
    ``action.also_under.0``), each unit's integrity left, the Shock gained so far, the results of
    the units touched so far (by index) and the hits that found no unit (by kind)."""

    spec: TargetFormation
    path: str
    integrity: tuple[int, ...]
    gains: tuple[ShockGain, ...] = ()
    units: Mapping[int, UnitResult] = field(default_factory=dict)
    unallocated: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, path: str, spec: TargetFormation) -> FormationState:
        """The formation at ``path`` before any shot: every unit at its full integrity."""
        return cls(spec=spec, path=path, integrity=tuple(u.integrity for u in spec.units))

    def alive(self, index: int) -> bool:
        """Whether unit ``index`` has integrity left."""
        return self.integrity[index] > 0

    def gaining(self, reason: str, amount: int) -> FormationState:
        """This formation with ``amount`` Shock gained for ``reason`` (unchanged for 0)."""
        if not amount:
            return self
        return replace(self, gains=(*self.gains, ShockGain(reason=reason, amount=amount)))

    def result(self, index: int) -> UnitResult:
        """Unit ``index``'s result so far (untouched: at its full integrity)."""
        if index in self.units:
            return self.units[index]
        unit = self.spec.units[index]
        return UnitResult(
            index=index,
            name=unit.name,
            type=unit.type,
            integrity_before=unit.integrity,
            integrity_after=unit.integrity,
        )

    def with_result(self, index: int, result: UnitResult) -> FormationState:
        """This formation with unit ``index``'s result replaced."""
        return replace(self, units={**self.units, index: result})

    def with_integrity(self, index: int, integrity: int) -> FormationState:
        """This formation with unit ``index`` left at ``integrity``."""
        left = list(self.integrity)
        left[index] = integrity
        return replace(self, integrity=tuple(left))

    def losing_hits(self, key: str, count: int) -> FormationState:
        """This formation with ``count`` hits of ``key`` (``AP``, ``AT MW``) that found no unit."""
        return replace(self, unallocated={**self.unallocated, key: self.unallocated.get(key, 0) + count})
