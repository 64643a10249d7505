"""The fan-made Warhammer 40,000 Roleplay, on WFRP 1st edition (``system: "wh40krp"``; seed 000).

``models`` holds its scenario and resolution (pydantic), ``procedure`` the round's rules and the
readings taken where the seed is garbled or silent. Importing the package loads neither: the
page's engine starts without them.
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
