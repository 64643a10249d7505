"""What each ruleset offers the forms: its attack actions, weapon qualities, combat circumstances,
difficulties and sizes, from the same data files the engine reads (so the page and the engine
cannot disagree).

``catalogue()`` returns ``{"rulesets": {system: {...}}, "conditions": [...], "condition_categories":
{...}}`` (the encounter's condition records: :func:`rules.encounter.conditions.catalogue`, so the page
asks which conditions roll at the turn's end instead of knowing); the build writes it next to the app
wheel (``static/vendor/app/catalogue.json``), so the forms fill before the engine has started.
``python -m rules catalogue`` prints it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import armoury, registry
from rules.critical.text import D100_SYSTEMS, FAN_SYSTEM
from rules.d100 import manoeuvres, multiple, tables
from rules.d100.encounter import moves
from rules.d100.fire_modes import melee_actions
from rules.d100.tables import ActionDef
from rules.data import has_file
from rules.encounter.families import family

from .other_actions import has_other_actions, other_actions
from .sources import book_words


def _has_armoury(system: str) -> bool:
    return has_file(system, "armoury.json")


OPTIONAL_RULES = ("hordes", "movement", "cover", "two_weapon", "spread_hits", "pinning", "overwatch")
# Rules of the attack procedure itself: the rule's key -> the attack class's flag
ATTACK_RULES = {
    "troop_fury": "TROOP_NO_FURY_ON_PLAYERS",
    "spray_and_pray": "SPRAY_AND_PRAY",
    "stray_shots": "STRAY_SHOTS",
}


def _attack_rules(system: str) -> list[str]:
    """The procedure's own optional rules ``system``'s attack class has (:data:`ATTACK_RULES`)."""
    path = registry.get(system).attack
    cls = registry.load(path) if path else None
    return [key for key, flag in ATTACK_RULES.items() if getattr(cls, flag, False)]


def d100_catalogue(system: str) -> dict[str, Any]:
    """The forms' choices for ``system`` (``"dh2"``): name, actions (name, type Half/Full, kind
    melee/ranged/any, modifier in percent, note), ``other_actions``: the table's non-attack actions
    (name, type Half/Full/Free/Reaction/Varies/"Half/Full", subtypes, note, source, event), qualities (name, takes_value, summary, source),
    circumstances (name, ws, bs: percent or null; dodge: percent, where the row takes from a
    Dodge), difficulties and sizes (name -> percent);
    ``rules``: which of the optional rules it has (``hordes``, ``movement``, ``cover``,
    ``two_weapon``, ``spread_hits``, ``pinning``, ``overwatch`` (DH1's, without pinning); and the attack's own: ``troop_fury``,
    ``spray_and_pray``, ``stray_shots``; ``scatter``: a Blast miss rolls the Scatter Diagram, the GM
    may place it instead); ``movement``: metres per round by AB, one row for every Agility a profile
    holds (``[{ab, half, full, charge, run, ag_from, ag_to}]``: :func:`rules.d100.encounter.moves.movement`)
    where it has a Movement table, and ``movement_source``; ``cover``: its cover types
    (``[{name, ap}]``, from its armoury); ``armoury``: its armoury for the pickers (:func:`rules.armoury.armoury_catalogue`)."""
    t = tables.tables(system)
    return {
        "name": registry.get(system).name,
        "family": registry.get(system).family,
        "actions": _actions(system),
        "melee_actions": melee_actions(system),
        # Every non-attack action of the ruleset's tables (Move, Run, Use a Skill...)
        "other_actions": _other_actions(system),
        "qualities": [
            {
                "name": q.name,
                "takes_value": q.takes_value,
                "summary": q.summary,
                "source": q.source,
                "cite": book_words(q.source),
            }
            for q in tables.qualities(system).qualities
        ],
        # a row's Dodge side where it has one (Difficult Terrain, mud, deep snow); its group where it
        # is one grade of a circumstance (Difficult Terrain -10, -20, -30) and its source
        "circumstances": [
            {
                "name": c.name,
                "ws": c.ws,
                "bs": c.bs,
                **({"dodge": c.dodge} if c.dodge else {}),
                **({"group": c.group} if c.group else {}),
                "source": c.source or t.circumstances.source,
            }
            for c in t.circumstances.rows
        ],
        "difficulties": t.difficulties.rows,
        "sizes": t.sizes.rows,
        **_d100_extra(system),
    }


def _actions(system: str) -> list[dict[str, Any]]:
    """The attack actions of ``system``'s table, as :func:`d100_catalogue` lists them."""
    return [
        {
            "name": a.name,
            "type": a.type,
            **({"type_words": a.type_words} if a.type_words else {}),  # Grapple: "Half or Full"
            "kind": a.kind,
            "modifier": a.modifier,
            "note": a.note,
            **({"psychic": True} if a.psychic else {}),  # a psychic attack
            "fields": action_fields(a),
        }
        for a in tables.actions(system).actions
    ]


def action_fields(a: ActionDef) -> list[str]:
    """The scenario fields only the action ``a`` reads, which the forms show once it is chosen
    (paths in the scenario JSON): ``action.psychic`` for a psychic attack (its Focus Power test,
    seed 004 L40); ``action.grapple`` for Grapple (:class:`rules.d100.models.Action`: "only with
    type Grapple"; seed 004, Grappling); ``target.characteristics.WS`` for a manoeuvre tested
    against the opponent's WS (Feint, Manoeuvre: :data:`rules.d100.manoeuvres.CHAR`);
    ``action.talent`` for Multiple Attacks (seed 003 L33, :data:`rules.d100.multiple.ACTION`)."""
    fields = []
    if a.psychic:
        fields.append("action.psychic")
    if a.name == "Grapple":
        fields.append("action.grapple")
    if a.manoeuvre is not None and manoeuvres.CHAR.get(a.manoeuvre) == "WS":
        fields.append("target.characteristics.WS")
    if a.name == multiple.ACTION:
        fields.append("action.talent")
    return fields


def _d100_extra(system: str) -> dict[str, Any]:
    """``rules``, and ``movement``, ``armoury`` and ``cover`` where ``system`` has them (see
    :func:`d100_catalogue`)."""
    t = tables.tables(system)
    blast = tables.qualities(system).get("Blast")
    # "scatter": a Blast miss rolls the book's Scatter Diagram (its ``scatter_sides``), which a table
    # may leave to the GM instead (``options.gm_scatters``)
    scatter = ["scatter"] if blast is not None and blast.params.get("scatter_sides") else []
    extra: dict[str, Any] = {
        "rules": [name for name in OPTIONAL_RULES if getattr(t, name) is not None] + _attack_rules(system) + scatter
    }
    shown = moves.movement(system) if t.movement is not None else None
    if shown is not None:  # the ruleset's Movement table, one row for every Agility a profile holds
        extra["movement"] = shown["rows"]
        extra["movement_source"] = shown["source"]
    if _has_armoury(system):
        extra["armoury"] = armoury.armoury_catalogue(system)
        if t.cover is not None:
            extra["cover"] = [{"name": ", ".join(c["materials"]), "ap": c["ap"]} for c in extra["armoury"]["cover"]]
    return extra


def _other_actions(system: str) -> list[dict[str, Any]]:
    """``system``'s non-attack actions (:mod:`rules.other_actions`): name, type, subtypes, note,
    source and the encounter ``event`` that takes it (absent: none); [] where it has none."""
    if not has_other_actions(system):
        return []
    return [a.model_dump(exclude_none=True) for a in other_actions(system).actions]


def wh40krp_catalogue(system: str = "wh40krp") -> dict[str, Any]:
    """The fan-made Warhammer 40,000 Roleplay's choices (``family: "wh40krp"``): its action kinds
    (``{kind: {label, actions}}``), the Cover Table's activities (``{key: {label, exposed, metres}}``),
    the light sources' reach in metres, and its shooting and combat modifiers (``{key: {label,
    value}}``), from ``rules/data/wh40krp/tables.json``."""
    from .wh40krp.tables import tables

    t = tables()
    return {
        "name": registry.get(system).name,
        "family": registry.get(system).family,
        "actions_per_round": t.actions_per_round.value,
        "action_kinds": {k: v.model_dump() for k, v in t.action_costs.rows.items()},
        # the fire actions (those with a row of fire modes, seed 000) ask the shots, the firer's
        # movement and the swing after each shot
        "action_fields": {
            k: ["shots", "moving", "follow"] if k in t.fire_modes.model_dump() else [] for k in t.action_costs.rows
        },
        "fire_modes": t.fire_modes.model_dump(exclude={"note", "source"}),
        "exposures": {k: v.model_dump() for k, v in t.visibility.rows.items()},
        "light_sources": t.light.sources,
        "shooting_modifiers": {k: v.model_dump() for k, v in t.shooting_modifiers.rows.items()},
        "combat_modifiers": {k: v.model_dump() for k, v in t.combat_modifiers.rows.items()},
    }


def epic_catalogue(system: str = "epic") -> dict[str, Any]:
    """Epic formation shooting's choices (``family: "epic"``): unit types, what sets off overwatch
    fire, the to-hit modifiers (``{key: {label, value}}``), the Barrage table's rows
    (``[{low, high, radius, extra_shock, AP, AT}]``), the action kinds and an assault's reach
    (``{reach, exclude, source}``), from ``rules/data/epic/tables.json``."""
    from typing import get_args

    from .epic.models import UNIT_TYPES, ActionKind, EpicAction
    from .epic.tables import tables

    t = tables()
    return {
        "name": registry.get(system).name,
        "family": registry.get(system).family,
        "unit_types": list(UNIT_TYPES),
        "overwatch_triggers": t.overwatch.triggers,
        "to_hit_modifiers": {k: v.model_dump() for k, v in t.to_hit_modifiers.rows.items()},
        "barrage": [r.model_dump() for r in t.barrage.rows],
        # Epic assault (seed 002, Allocate Hits): the actions, and an assault's reach
        "action_kinds": list(get_args(ActionKind)),
        "action_fields": {kind: _epic_action_fields(EpicAction(kind=kind)) for kind in get_args(ActionKind)},
        "assault": {"reach": t.assault.reach, "exclude": t.assault.exclude, "source": t.assault.source},
    }


def _epic_action_fields(action: Any) -> list[str]:
    """The scenario fields an action of this kind reads (:class:`rules.epic.models.EpicAction`,
    seed 002), which the Epic forms show: ``action.trigger`` (overwatch fire: what set it off),
    ``action.ignore_cover`` (not for a barrage, which cannot ignore cover, nor an assault, which has
    none to ignore), ``target.units.from_centre`` (a barrage: each target unit's tiles from the
    centre), ``attacker.units.cc``, ``attacker.units.ff``, ``action.cc_hits`` and
    ``action.ff_hits`` (an assault's close combat and firefight), ``action.crossfire`` (not in an
    assault)."""
    fields = []
    if action.is_overwatch:
        fields.append("action.trigger")
    if not (action.is_barrage or action.is_assault):
        fields.append("action.ignore_cover")
    if action.is_barrage:
        fields.append("target.units.from_centre")
    if action.is_assault:
        fields += ["attacker.units.cc", "attacker.units.ff", "action.cc_hits", "action.ff_hits"]
    else:
        fields.append("action.crossfire")
    return fields


def saved_tables(system: str) -> str | None:
    """What a group may save for ``system`` in its tables file (:mod:`rules.critical`):
    ``"critical"`` (its Critical Effects tables, the d100 rulesets), ``"charts"`` (the fan
    ruleset's Damage Charts) or None."""
    if system in D100_SYSTEMS:
        return "critical"
    return "charts" if system == FAN_SYSTEM else None


def ruleset_catalogue(system: str) -> dict[str, Any]:
    """The forms' choices for ``system``, from the catalogue its registry entry names
    (:attr:`rules.registry.Ruleset.catalogue`), with what every ruleset's entry has: ``layout``,
    the page's forms for it (:attr:`rules.encounter.family.Family.layout`: ``"d100"``, ``"fan"``,
    ``"formation"``) and ``saved_tables`` (:func:`saved_tables`). Raises ValueError for an
    unknown system."""
    build: Callable[[str], dict[str, Any]] = registry.load(registry.get(system).catalogue)
    return {**build(system), "layout": family(system).layout, "saved_tables": saved_tables(system)}


def catalogue() -> dict[str, Any]:
    """Every ruleset's catalogue, keyed by system id in the registry's order (``family`` says
    which forms it uses), and the encounter's conditions: ``conditions`` (``[{name, summary,
    source, categories, label?}]``, in the order the GM is offered them) and
    ``condition_categories`` (``{category: words}``), from :mod:`rules.encounter.conditions`."""
    from .encounter import conditions

    records = conditions.catalogue()
    return {
        "rulesets": {system: ruleset_catalogue(system) for system in registry.RULESETS},
        "conditions": records["conditions"],
        "condition_categories": records["categories"],
    }
