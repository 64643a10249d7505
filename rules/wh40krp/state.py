"""The fan ruleset's round as frozen records: what each stage takes and hands on (no stage sets
an attribute for another to find)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .models import Blow, Shot


@dataclass(frozen=True)
class Aim:
    """The firer's aim before an action: ``actions`` spent aiming (+5 each, spent by the next fire
    action) and whether the weapon is ``rested`` (+5 until the firer moves). Seed 000, Aiming;
    Rested Weapon."""

    actions: int = 0
    rested: bool = False


@dataclass(frozen=True)
class RoundState:
    """What the round has done so far: every shot or blow resolved, the rounds fired, whether the
    weapon jammed or overloaded, why no more shots are fired (``stopped``), who ducked back, and
    the round's blows in effective initiative order (hand-to-hand)."""

    shots: tuple[Shot, ...] = ()
    rounds_fired: int = 0
    jammed: bool = False
    overloaded: bool = False
    stopped: str | None = None
    duck: tuple[str, ...] = ()
    initiative: tuple[Blow, ...] = ()

    def damage_index(self, pending: tuple[Shot, ...] | list[Shot] = ()) -> int:
        """The penetrating hits so far, with ``pending`` ones of the action being resolved: the
        next penetrating hit reads ``chart_results`` at this index."""
        return sum(1 for s in (*self.shots, *pending) if s.penetrated)

    def adding(self, *shots: Shot) -> RoundState:
        """This state with ``shots`` recorded after the others."""
        return replace(self, shots=(*self.shots, *shots))
