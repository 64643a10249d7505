"""The odds of a scenario's volley (``count`` identical attackers, :mod:`rules.d100.volley`) as an
exchange's (:mod:`rules.odds.exchange`): the scenario made an encounter of ``count`` bodies (the
attacker's profile each, its own clip and jam) and the target, all bodies before the target in
the initiative order, each body's attack the scenario's action at the one target, in turn. The
carry-over is the exchange's own walk (the engine's: damage accumulates, the target's Reaction is
spent once a round, once down it stays down and the later attackers hold their fire).

``volley_exchange(scenario) -> ExchangeOdds``. The scenario's table rules (``options``) and the
group's tables (``critical_tables``, ``phenomena``, ``perils``) are the encounter's. Aim: each body holds the scenario's Aim when the
volley starts (every body takes the same action, Aim included, as the volley resolves it).
"""

from __future__ import annotations

from typing import Any

from .exchange import ExchangeOdds, Planned, exchange_odds

TARGET = "target"
"""The target's id in the volley's encounter (the bodies are ``a1`` .. ``aN``)."""


def volley_exchange(scenario: Any) -> ExchangeOdds:
    """The exchange's odds of ``scenario``'s volley: ``count`` attacks (at least 1) by the
    scenario's attacker's identical bodies, in turn, at its target. Raises
    :class:`~rules.errors.ScenarioError` at the field the engine refuses (as resolving would)."""
    from ..encounter.engine import replay
    from ..encounter.models import AttackEvent
    from ..encounter.run import load_file

    n = scenario.count or 1
    attacker = scenario.attacker.model_dump(mode="json", exclude_none=True)
    target = scenario.target.model_dump(mode="json", exclude_none=True)
    action = scenario.action.model_dump(mode="json", exclude_none=True, by_alias=True)
    action.pop("aim", None)  # held by each body below, as an encounter holds an Aim taken
    events: list[dict[str, Any]] = [
        {
            "type": "add",
            "combatant": {
                "id": f"a{k}",
                "name": f"{scenario.attacker.name} {k}",
                "side": "attackers",
                "attacker": {**attacker, "name": f"{scenario.attacker.name} {k}"},
            },
        }
        for k in range(1, n + 1)
    ]
    events.append(
        {"type": "add", "combatant": {"id": TARGET, "name": scenario.target.name, "side": "target", "target": target}}
    )
    if scenario.critical_tables or scenario.phenomena or scenario.perils:  # the group's tables, in force
        tables = scenario.model_dump(mode="json", include={"critical_tables", "phenomena", "perils"}, exclude_none=True)
        events.insert(0, {"type": "critical_tables", "tables": tables.pop("critical_tables", []), **tables})
    file = {"auspex_encounter": 1, "system": scenario.system, "events": events}
    file["options"] = scenario.options.model_dump(mode="json")  # the table rules (Righteous Fury for all NPCs, ...)
    state = replay(load_file(file, "scenario"))
    # round 1 begins with the bodies first and the target last (the order the volley fires in; no
    # initiative is rolled: a scenario's profiles need not give Ag)
    state.order = [c.id for c in state.combatants]
    state.round, state.turn = 1, "a1"
    for c in state.combatants:
        if c.id != TARGET:
            c.aim = scenario.action.aim
    planned = [
        Planned(AttackEvent(type="attack", who=f"a{k}", at=TARGET, action=dict(action)), "action")
        for k in range(1, n + 1)
    ]
    return exchange_odds(state, TARGET, planned)
