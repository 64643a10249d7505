"""The fan ruleset's family in an encounter (seed 000): injuries (the Damage Charts' results of
penetrating hits), duck-back, the weapon's clip and jam; a round of up to 4 actions. The engine
reaches it through :func:`rules.encounter.families.family`.
"""

from __future__ import annotations

import copy
from typing import Any

from rules.d100.models import Step
from rules.dice import Roller
from rules.encounter.family import Family, Profile, clip_after, set_weapon
from rules.encounter.models import CombatantState, Condition, EncounterError, WeaponState
from rules.wh40krp import fan_time


class Fan(Family):
    name = "wh40krp"
    layout = "fan"
    budget = 4  # seed 000: four actions a round
    jam_rule = "seed 000, Jams (repaired in 4 rounds if its wielder passes a Tek test)"
    clear_jam_cost = 1
    damage_charts = True
    long_tasks = True
    turn_controls = (*Family.turn_controls, "take_item")  # seed 000, Actions: taking an item, 4 actions

    def dice_words(self, state: Any) -> str | None:
        """The fan ruleset orders by I, rolling d10s only for equal I, and clears a jam with a Tek
        test's d100 (seed 000, Time and Jams); it has no named tests."""
        return "d10s for equal I, a Tek test's d100 to clear a jam"

    def clear_jam(self, c: CombatantState, w: WeaponState, roller: Roller) -> Step:
        """The fan ruleset's Tek test: passed, the weapon is repaired in 4 rounds (seed 000, Jams)."""
        tek = (c.attacker or {}).get("Tek")
        if tek is None:
            raise EncounterError.at("who", f"{c.name} has no Tek in its attacker profile: the Tek test needs it")
        roll = roller.d100(f"Tek test to clear the jam d100 (Tek {tek})")
        if roll <= int(tek):
            w.repairing = 4
            text = f"Tek {tek}: {roll}, passed: repaired in 4 rounds"
        else:
            text = f"Tek {tek}: {roll}, failed: still jammed"
        return Step(rule="Clearing a jam", source=self.jam_rule, detail=text + ".")

    def tick_weapon(self, c: CombatantState) -> str | None:
        """A jam under repair counts down its wielder's turns (seed 000: 4 rounds)."""
        w = c.weapon
        if w is None or not w.repairing:
            return None
        w.repairing -= 1
        if w.repairing:
            return None
        w.jammed = False
        return f"{c.name}'s {w.name} is repaired (seed 000, Jams)"

    def fill(self, c: CombatantState, scenario: Any) -> None:
        c.kind = "rp"
        if c.attacker is not None:
            w = scenario.attacker.weapon
            melee = w.weapon_class in ("Melee", "Unarmed")
            set_weapon(c, w.name, None if melee else w.clip, None)

    def cost(self, system: str, action: Profile, field: str, attacker: Profile | None = None) -> int:
        return 0  # the round's own actions are counted after it is resolved (actions_spent)

    def scenario(
        self, system: str, who: CombatantState, at: CombatantState, ev: Any, field: str
    ) -> tuple[dict[str, Any], list[str]]:
        a, t = copy.deepcopy(who.attacker) or {}, copy.deepcopy(at.target) or {}
        w = who.weapon
        if w is not None and w.clip:
            a.setdefault("weapon", {})["clip"] = w.rounds
        data = {"system": system, "attacker": a, "target": t, "action": dict(ev.action)}
        if ev.charts:
            data["charts"] = ev.charts
        return data, []

    def apply(self, res: Any, who: CombatantState, at: CombatantState, scenario: Any, others: Any = None) -> list[str]:
        who.half_actions += res.actions_spent
        out = clip_after(who.weapon, res.rounds_fired, res.rounds_left, res.jammed)
        if res.jammed and res.jam_cleared and who.weapon is not None:
            who.weapon.repairing = 4
            out.append(f"{who.weapon.name}: the Tek test passed, repaired in 4 rounds (seed 000, Jams)")
        notes = [
            _rp_injury(s.damage, scenario)
            for s in res.shots
            if s.penetrated and not getattr(s, "target_index", 0) and s.damage
        ]
        at.injuries.extend(notes)
        if notes:
            out.append(f"{at.name}: {'; '.join(notes)}")
        if res.duck_back:
            at.conditions = [c for c in at.conditions if c.name != "Ducked back"]
            at.conditions.append(
                Condition(name="Ducked back", rounds=1, source="seed 000, Duck-back", detail=", ".join(res.duck_back))
            )
            out.append(f"{at.name} ducked back (seed 000)")
        return out

    def initiative_combatant(self, c: CombatantState) -> dict[str, Any]:
        a = c.attacker or {}
        return {"name": c.name, "I": a.get("I", 30), "A": a.get("A", 1), "roll_offs": c.roll_offs}

    def acting(self, c: CombatantState, what: str, round_: int) -> str | None:
        """Another action breaks off a 4-action task (seed 000, Actions; rules/wh40krp/fan_time.py)."""
        return fan_time.acting(c, what)


# a damage roll off the player's Damage Chart is an injury the GM reads.
def _rp_injury(dmg: Any, scenario: Any) -> str:
    """The injury a penetrating hit of the fan ruleset leaves: the chart's (or the GM's) result,
    ``"Chart 1 at 86: not on your chart (01-70), the GM reads it"`` off the player's chart, or
    ``"Chart 1 at 55"`` to read in the book."""
    if dmg.result:
        return str(dmg.result)
    if dmg.result_from == "off_chart":
        span = next(c.span() for c in scenario.charts if c.chart == dmg.chart)
        return f"Chart {dmg.chart} at {dmg.total}: not on your chart ({span}), the GM reads it"
    return f"Chart {dmg.chart} at {dmg.total}"
