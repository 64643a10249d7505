"""A weapon's qualities as the d100 attack reads them: each canonical name with its value (X),
and the ruleset's reading of it (``rules/data/<system>/qualities.json``: ``params``, ``test``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tables import QualityDef


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
