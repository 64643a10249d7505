"""The fan-made Warhammer 40,000 Roleplay, on WFRP 1st edition (``system: "wh40krp"``; seed 000).

``models`` holds its scenario and resolution (pydantic); ``procedure`` the round (its docstring:
where the ruleset differs from the FFG games, and the readings taken where the seed is garbled or
silent) as stages run in order, each a module: ``checks`` (the actions fit in 4), ``sight``
(targeting, light, the Cover Table), then per action ``shooting`` (to hit, jams, deviation,
duck-back, the plasma overload, clearing a jam, with ``modifiers``) or ``melee`` (blows, parries,
effective initiative), each hit through ``hits`` (cover, force field and armour penetrated,
damage read on the charts). ``state`` holds the frozen records handed from stage to stage,
``readings`` the rules as pure functions, ``tables`` the data file. Importing the package loads
none of them: the page's engine starts without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..dice import Roller
    from .models import RpResolution, RpScenario


def resolve(scenario: RpScenario, roller: Roller) -> RpResolution:
    """Resolve one round of ``scenario`` with the dice of ``roller`` (see
    :func:`rules.wh40krp.procedure.resolve` for the errors it raises)."""
    from .procedure import resolve as resolve_round

    return resolve_round(scenario, roller)
