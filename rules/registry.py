"""Every ruleset Auspex knows, in one table: ``system`` -> :class:`Ruleset`.

A :class:`Ruleset` names its parts by dotted path (``"rules.dh2:resolve"``: a module, a
colon, an attribute), resolved with :mod:`importlib` on first use and kept. So this module imports
nothing but the standard library, and the page's engine starts without the fan ruleset's, Epic's
or the odds' modules: they load when a scenario asks for them, as before.

Adding a ruleset is one folder (its models, its procedure, its data under ``rules/data/<system>/``)
and one line in :data:`RULESETS`. The dispatch that used to be ``if system == ...`` chains reads
this table: :func:`rules.api.load_scenario` (the scenario model), :func:`rules.api.resolve` (the
resolver), :mod:`rules.party` (the saved entries' models), :mod:`rules.initiative`,
:mod:`rules.catalogue`, :mod:`rules.odds`, ``python -m rules schema`` and the page's renderer.

The renderer is a dotted path into the page's package (``auspex_web``, shipped beside ``rules`` in
the app wheel): ``rules`` never imports it (it holds no ``js`` either, but it is the page's code,
not the engine's); :func:`auspex_web.render.render_resolution` resolves it with :func:`load`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any, Literal

Family = Literal["d100", "wh40krp", "epic"]
PartyKind = Literal["attackers", "weapons", "targets"]


@cache
def load(path: str) -> Any:
    """The object at ``path`` (``"package.module:attribute"``), imported on first use. Raises
    ImportError or AttributeError when the path names nothing (the unit tests resolve every path)."""
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True)
class Ruleset:
    """One ruleset and where its parts are.

    - ``system``: its id in the scenario JSON (``"dh2"``); ``name``: for messages and the forms
      (``"Dark Heresy 2nd edition"``); ``family``: which forms and procedure it shares
      (``"d100"`` for the FFG rulesets, else its own);
    - ``scenario``: its scenario model (a pydantic model of the whole scenario JSON);
    - ``resolver``: ``resolve(scenario, roller) -> resolution``;
    - ``party``: the models a saved party's ``attackers``, ``weapons`` and ``targets`` entries are
      validated with (None: no such entries, as Epic's weapons belong to its units);
    - ``catalogue``: ``catalogue(system) -> dict``, the forms' choices (:mod:`rules.catalogue`);
    - ``odds``: its :class:`rules.odds.OddsSeam` (the outcome distribution and the report);
    - ``renderer``: ``render(resolution or its JSON dict) -> HTML``, in the page's ``auspex_web``;
    - ``initiative``: ``initiative(system, combatants, roller, steps) -> InitiativeResult``
      (:mod:`rules.initiative`), None where the ruleset rolls no initiative for single combatants;
    - ``attack``: the d100 family only, the attack procedure class the odds walk stage by stage.

    Every part is a dotted path (see :func:`load`)."""

    system: str
    name: str
    family: Family
    scenario: str
    resolver: str
    party: tuple[str, str | None, str]
    catalogue: str
    odds: str
    renderer: str
    initiative: str | None
    attack: str | None = None

    def scenario_model(self) -> Any:
        """The scenario model class (``rules.d100.models.Scenario`` for the d100 family)."""
        return load(self.scenario)

    def resolve(self, scenario: Any, roller: Any) -> Any:
        """Resolve a validated ``scenario`` of this ruleset with ``roller`` (a
        :class:`rules.dice.Roller`); raises what the resolver raises (ScenarioError, NeedDie)."""
        return load(self.resolver)(scenario, roller)

    def party_model(self, kind: PartyKind) -> Any:
        """The model a saved party's entry of ``kind`` is validated with, or None (no such entry)."""
        path = dict(zip(("attackers", "weapons", "targets"), self.party, strict=True))[kind]
        return None if path is None else load(path)


_D100_PARTY = ("rules.d100.models:Attacker", "rules.d100.models:Weapon", "rules.d100.models:Target")


def _d100(system: str, name: str, attack: str) -> Ruleset:
    """A ruleset of the FFG d100 family: the shared scenario, party models, catalogue, odds and
    renderer; its own resolver and attack class (``rules.<system>``)."""
    return Ruleset(
        system=system,
        name=name,
        family="d100",
        scenario="rules.d100.models:Scenario",
        resolver=f"rules.{system}:resolve",
        party=_D100_PARTY,
        catalogue="rules.catalogue:d100_catalogue",
        odds="rules.odds:D100_ODDS",
        renderer="auspex_web.render:render_d100",
        initiative="rules.initiative:d100_initiative",
        attack=f"rules.{system}:{attack}",
    )


RULESETS: dict[str, Ruleset] = {
    r.system: r
    for r in (
        _d100("dh2", "Dark Heresy 2nd edition", "DH2Attack"),
        _d100("dh1", "Dark Heresy 1st edition", "DH1Attack"),
        _d100("dw", "Deathwatch", "DWAttack"),
        Ruleset(
            system="wh40krp",
            name="Warhammer 40,000 Roleplay (fan-made, WFRP)",
            family="wh40krp",
            scenario="rules.wh40krp.models:RpScenario",
            resolver="rules.wh40krp:resolve",
            party=("rules.wh40krp.models:RpAttacker", "rules.wh40krp.models:RpWeapon", "rules.wh40krp.models:RpTarget"),
            catalogue="rules.catalogue:wh40krp_catalogue",
            odds="rules.odds:RP_ODDS",
            renderer="auspex_web.render:render_rp",
            initiative="rules.initiative:fan_initiative",
        ),
        Ruleset(
            system="epic",
            name="Epic formation shooting",
            family="epic",
            scenario="rules.epic.models:EpicScenario",
            resolver="rules.epic:resolve",
            party=("rules.epic.models:AttackingFormation", None, "rules.epic.models:TargetFormation"),
            catalogue="rules.catalogue:epic_catalogue",
            odds="rules.odds:EPIC_ODDS",
            renderer="auspex_web.render:render_epic_data",
            initiative=None,
        ),
    )
}
"""Every ruleset, by ``system``, in the order the forms list them."""

DEFAULT = "dh2"
"""The ruleset of a scenario that names none (the d100 :class:`~rules.d100.models.Scenario`'s default)."""


def find(system: object) -> Ruleset | None:
    """The ruleset of ``system`` (any value read from input), or None when there is none."""
    return RULESETS.get(system) if isinstance(system, str) else None


def get(system: str) -> Ruleset:
    """The ruleset of ``system``; raises ValueError for an unknown system."""
    ruleset = find(system)
    if ruleset is None:
        raise ValueError(f"unknown system {system!r}")
    return ruleset


def in_family(family: Family) -> dict[str, str]:
    """The rulesets of ``family``, ``{system: name}``, in :data:`RULESETS`' order."""
    return {r.system: r.name for r in RULESETS.values() if r.family == family}


def names() -> dict[str, str]:
    """Every ruleset's name, ``{system: name}``, in :data:`RULESETS`' order."""
    return {r.system: r.name for r in RULESETS.values()}
