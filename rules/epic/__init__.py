"""Epic formation shooting (``system: "epic"``; seed 002).

``models`` holds its scenario and resolution (pydantic, with the datasheet weapon parser),
``procedure`` the Shooting Procedure and the readings taken where the seed is garbled or silent.
Importing the package loads neither: the page's engine starts without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..dice import Roller
    from .models import EpicResolution, EpicScenario


def resolve(scenario: EpicScenario, roller: Roller) -> EpicResolution:
    """Resolve one Epic shooting attack, barrage or overwatch fire (see
    :func:`rules.epic.procedure.resolve` for the errors it raises)."""
    from .procedure import resolve as resolve_shooting

    return resolve_shooting(scenario, roller)
