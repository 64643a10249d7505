"""Auspex's rules engine: pure Python, the same on CPython 3.11+ and in Pyodide.

Use :func:`run` (a scenario dict in, an envelope dict out) from adapters, or
:func:`load_scenario` and :func:`resolve` directly. Nothing here reads a clock or a global
random: dice come from the source passed in (:mod:`rules.dice`).
"""

from .api import load_scenario, resolve, run, run_json, run_text
from .dice import DiceExpression, Roller, ScriptedDice, SeededDice
from .errors import AuspexError, FieldError, NeedDie, ScenarioError
from .models import Resolution, Scenario

__all__ = [
    "AuspexError",
    "DiceExpression",
    "EpicResolution",
    "EpicScenario",
    "FieldError",
    "NeedDie",
    "Resolution",
    "Roller",
    "RpResolution",
    "RpScenario",
    "Scenario",
    "ScenarioError",
    "ScriptedDice",
    "SeededDice",
    "load_scenario",
    "resolve",
    "run",
    "run_json",
    "run_text",
]


def __getattr__(name: str) -> object:
    """``RpScenario`` and ``RpResolution`` (the fan-made Warhammer 40,000 Roleplay's models),
    ``EpicScenario`` and ``EpicResolution`` (Epic's) load on first use, so the page's engine starts
    without them."""
    if name in ("RpScenario", "RpResolution"):
        from .wh40krp import models as wh40krp_models

        return getattr(wh40krp_models, name)
    if name in ("EpicScenario", "EpicResolution"):
        from .epic import models as epic_models

        return getattr(epic_models, name)
    raise AttributeError(f"module 'rules' has no attribute {name!r}")
