"""Epic's family in an encounter (seed 002): a formation's units (destroyed ones removed), war
engines' integrity and Shock carried into the next attack; Broken when every unit is suppressed.
The engine reaches it through :func:`rules.encounter.families.family`.
"""

from __future__ import annotations

import copy
from typing import Any

from rules.encounter.family import Family, Profile
from rules.encounter.models import CombatantState, Condition, EncounterError, NewCombatant
from rules.epic import overwatch as epic_overwatch
from rules.errors import ScenarioError


class Epic(Family):
    name = "epic"
    layout = "formation"
    formation_overwatch = True
    # a formation's turn is its shooting; overwatch across turns and a move, which sets it off (seed 002, Overwatch)
    turn_controls = ("move", "formation_overwatch", "end_turn")
    rolls_initiative = False  # formations act in the order added; no surprise, no die for the Dice box
    started_words = "Started: formations act in the order added"

    def dice_words(self, state: Any) -> str | None:
        """None: nothing in Epic's encounter rolls from the Dice box (its d6s are the shooting's)."""
        return None

    def page_controls(self, system: str) -> dict[str, Any]:
        """Epic's part of :func:`rules.encounter.controls.controls`: ``add`` (the Add buttons'
        words; a formation is added whole from either table, so the two forms are never one
        combatant: ``both`` false) and ``one_side`` (what a formation added with one side only can
        do, said after it joins), from :mod:`rules.epic.formation`."""
        return {
            "add": {"attacker": "Add the attacking formation", "target": "Add the target formation", "both": False},
            "one_side": {
                "target": "it is shot at but does not shoot back (give its units weapons on the Target form's rows)",
                "attacker": "it shoots but cannot be shot at (give its units a save on the Attacker form's rows)",
            },
        }

    def start(self, system: str, new: NewCombatant, field: str, notes: list[str] | None = None) -> CombatantState:
        """An Epic formation is one combatant with both sides (:mod:`rules.epic.formation`): the
        side typed with the other on its units (a shooting unit's saves, a target unit's weapons)
        gives the missing side, so the formation shoots and is shot at; an add with both sides, or
        one side carrying nothing of the other, is kept as given (files written before replay the
        same)."""
        from rules.epic.formation import both_sides

        try:
            attacker, target = both_sides(new.attacker, new.target, field)
        except ScenarioError as exc:
            raise EncounterError([type(e)(e.field, f"{new.name}: {e.message}") for e in exc.errors]) from None
        if (attacker, target) != (new.attacker, new.target):
            new = new.model_copy(update={"attacker": attacker, "target": target})
        return super().start(system, new, field, notes)

    def fill(self, c: CombatantState, scenario: Any) -> None:
        c.kind = "formation"
        if c.target is not None:
            c.units = c.units_start = len(scenario.target.units)
            c.shock = scenario.target.shock
        elif c.attacker is not None:
            c.shock = scenario.attacker.shock

    def _kept(self, c: CombatantState, units: list[Any]) -> list[tuple[int, Any]]:
        return [(i, u) for i, u in enumerate(units) if i not in c.lost]

    def scenario(
        self, system: str, who: CombatantState, at: CombatantState, ev: Any, field: str
    ) -> tuple[dict[str, Any], list[str]]:
        if who.has("Broken"):
            raise EncounterError.at(
                f"{field}.who", f"{who.name} is broken: a broken formation does not shoot (seed 002, Shock)"
            )
        a, t = copy.deepcopy(who.attacker) or {}, copy.deepcopy(at.target) or {}
        a["shock"] = who.shock
        t["shock"] = at.shock
        units = t.get("units", [])
        kept = []
        for i, u in self._kept(at, units):
            u = dict(u)
            if i in at.integrity:
                u["integrity"] = at.integrity[i]
            kept.append(u)
        if not kept:
            raise EncounterError.at(f"{field}.at", f"{at.name} has no units left")
        t["units"] = kept
        if who.target is not None and len(who.target.get("units", [])) == len(a.get("units", [])) and who.lost:
            a["units"] = [u for i, u in enumerate(a["units"]) if i not in who.lost]
            if not a["units"]:
                raise EncounterError.at(f"{field}.who", f"{who.name} has no units left")
        notes = (
            [f"{at.name}: Shock {at.shock}, {len(kept)} of {at.units_start} units (destroyed ones removed)"]
            if at.lost or at.shock
            else []
        )
        if who.shock:
            notes.append(f"{who.name}: Shock {who.shock}")
        if who.has(epic_overwatch.ON) and ev.action.get("kind") in epic_overwatch.KINDS:
            a["overwatch"] = True  # seed 002, Overwatch: on overwatch since an earlier event
            notes.append(f"{who.name}: on overwatch")
        return {"system": system, "attacker": a, "target": t, "action": dict(ev.action)}, notes

    def apply(self, res: Any, who: CombatantState, at: CombatantState, scenario: Any, others: Any = None) -> list[str]:
        ended = epic_overwatch.fired(who) if res.overwatch_ended else None  # seed 002, Overwatch
        if not res.formations:
            return [ended] if ended else []
        f = res.formations[0]
        index = [i for i, _ in self._kept(at, (at.target or {}).get("units", []))]
        for u in f.units:
            orig = index[u.index] if u.index < len(index) else u.index
            if u.destroyed:
                at.lost.append(orig)
                at.integrity.pop(orig, None)
            elif u.integrity_after != u.integrity_before:
                at.integrity[orig] = u.integrity_after
        at.lost.sort()
        at.shock, at.units = f.shock_after, f.units_left
        out = [
            f"{at.name}: {f.destroyed} unit(s) destroyed, {f.units_left} of {at.units_start} left, Shock {f.shock_after}"
        ]
        if f.wiped_out:
            at.out = "wiped out"
        elif f.broken and not at.has("Broken"):
            at.conditions.append(Condition(name="Broken", source="seed 002, Shock", detail="every unit is suppressed"))
            out.append(f"{at.name} is broken (seed 002)")
        return [*out, ended] if ended else out

    # Epic overwatch across turns (seed 002, Overwatch): rules/epic/overwatch.py
    def out_of_turn(self, c: CombatantState, action: Profile, round_: int) -> str | None:
        return epic_overwatch.out_of_turn(c, action, round_)

    def acting(self, c: CombatantState, what: str, round_: int) -> str | None:
        return epic_overwatch.acting(c, what, round_)

    def turn_starts(self, c: CombatantState, round_: int) -> str | None:
        return epic_overwatch.turn_starts(c, round_, self.budget)

    def round_starts(self, c: CombatantState, round_: int) -> str | None:
        return epic_overwatch.round_starts(c, round_)
