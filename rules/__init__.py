"""Auspex's rules engine: pure Python, the same on CPython 3.11+ and in Pyodide.

Use :func:`run` (a scenario dict in, an envelope dict out) from adapters, or
:func:`load_scenario` and :func:`resolve` directly. Nothing here reads a clock or a global
random: dice come from the source passed in (:mod:`rules.dice`).
"""

from rules.d100.models import Resolution, Scenario

from .api import check, load_scenario, resolve, run, run_json, run_text
from .dice import DiceExpression, Roller, ScriptedDice, SeededDice
from .errors import AuspexError, FieldError, NeedDie, ScenarioError

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
    "check",
    "load_scenario",
    "resolve",
    "run",
    "run_json",
    "run_text",
]


_LAZY = {"RpScenario": "wh40krp", "RpResolution": "wh40krp", "EpicScenario": "epic", "EpicResolution": "epic"}
"""Names exported from a ruleset's models module (the one holding its scenario model, as
:mod:`rules.registry` names it), loaded on first use."""


def __getattr__(name: str) -> object:
    """``RpScenario`` and ``RpResolution`` (the fan-made Warhammer 40,000 Roleplay's models),
    ``EpicScenario`` and ``EpicResolution`` (Epic's) load on first use, so the page's engine starts
    without them."""
    system = _LAZY.get(name)
    if system is not None:
        from .registry import get, load

        module = get(system).scenario.partition(":")[0]
        value: object = load(f"{module}:{name}")
        return value
    raise AttributeError(f"module 'rules' has no attribute {name!r}")
