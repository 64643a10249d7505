"""A later attack on the target an earlier one just struck: Two-Weapon Fighting's second weapon
(:mod:`rules.d100.two_weapon`) and each later attack of Multiple Attacks
(:mod:`rules.d100.multiple`) start from what the earlier one left. Kept below both (two_weapon
imports the check, which imports multiple), so neither imports the other for it."""

from __future__ import annotations

from rules.d100.models import Resolution, Scenario, Step


def after_first(second: Scenario, one: Resolution, same_target: bool) -> tuple[Scenario, list[Step]]:
    """The second attack's scenario once the first is resolved: on the same target, the damage it
    now has taken (a Horde: its Magnitude left), and no Evasion if the first attack used its
    Reaction. Reading: a target makes one Reaction a round (DH2 Core, Ch. VII, Reactions; seed 004:
    "she still cannot Evade more than once in a round")."""
    if not same_target:
        return second, []
    target = second.target
    update: dict[str, object] = {"damage_taken": one.damage_taken_after}
    if target.horde is not None and one.horde is not None:
        update["horde"] = target.horde.model_copy(update={"magnitude": one.horde.magnitude_after})
    notes: list[Step] = []
    if target.evasion is not None and any("(evasion)" in d.purpose for d in one.dice):
        update["evasion"] = None
        notes.append(
            Step(
                rule="Evasion",
                source="seed 004, Two-Weapon Fighting (she still cannot Evade more than once in a round)",
                detail=f"{target.name} used its Reaction against the first attack: no Evasion against the second.",
            )
        )
    return second.model_copy(update={"target": target.model_copy(update=update)}), notes
