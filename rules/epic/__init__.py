"""Epic formation shooting (``system: "epic"``; seed 002).

``models`` holds its scenario and resolution (pydantic, with the datasheet weapon parser);
``procedure`` the Shooting Procedure (its docstring: the readings taken where the seed is garbled
or silent) as stages run in order, each a module: ``checks``, ``shooters`` (who can shoot), then
``shooting`` (weapon groups, ``to_hit``, allocation, ``saves``) or ``barrage`` (the Barrage table,
the template), then ``shock`` (Shock for losses, breaking). ``state`` holds the frozen record of a
formation under fire, ``readings`` the rules as pure functions, ``tables`` the data file, ``text``
how the steps write dice. Importing the package loads none of them: the page's engine starts
without them.
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
