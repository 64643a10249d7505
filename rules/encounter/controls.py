"""What the page's encounter controls are in a ruleset: which of them it shows, their words, the
fields they ask for and the rules that decide them, so the page's script names no ruleset and holds
no rule (it reads this block, and :mod:`rules.encounter.turn` for what each control may do now).

:func:`controls` is put in every envelope of a state (``"controls"``) that
:func:`rules.encounter.run.run_encounter` returns. It is built from the ruleset's family class
(:class:`rules.encounter.family.Family`: its flags and its :meth:`~rules.encounter.family.Family.page_controls`
hook) and the ruleset's tables; nothing here is a rule of its own.
"""

from __future__ import annotations

from typing import Any

from .models import EncounterState

DEFAULTS: dict[str, Any] = {
    "add": {"attacker": "Add attacker only", "target": "Add target only", "both": True},
    "one_side": None,
    "kill_zone": None,
    "nearby": None,
    "second_target": False,
    "tests": {},
    "armour": False,
}
"""The block's keys a family's :meth:`~rules.encounter.family.Family.page_controls` may set, with
the value where it sets none (see :func:`controls`)."""


def controls(state: EncounterState) -> dict[str, Any]:
    """The page's controls for ``state``'s ruleset:

    - ``offered``: the acting combatant's controls the page shows (names of
      :data:`rules.encounter.turn.CONTROLS`, and ``take_item``: the fan ruleset's 4-action task,
      ``formation_overwatch``: Epic's overwatch across turns, ``kill_zone``: Overwatch held over
      turns in Deathwatch and DH1);
    - ``initiative``: combatants roll initiative, so one joining a running fight rolls its die and
      one may join Surprised (seed 003, Initiative and Surprise; not Epic's formations);
    - ``dice``: what the Dice box is read for now, in words (None: no Dice box);
    - ``started``: the Start button's words once the fight has started;
    - ``add``: ``{"attacker", "target"}`` the Add buttons' words and ``both`` whether the two forms
      may be added as one combatant;
    - ``one_side``: ``{"attacker", "target"}``, what a combatant added with that side only can do,
      said after it joins (Epic's formations), or None;
    - ``kill_zone``: ``{"source"}`` of Overwatch held over turns, or None where the ruleset has none;
    - ``nearby``: ``{"actions", "area", "source"}``, the attack actions whose extra hits may strike
      others ticked near the target, and those whose hits go to random ones in the area (Suppressing
      Fire), or None (no others struck);
    - ``second_target``: whether a two-weapon attack may name a second target;
    - ``tests``: the named tests by ``test`` (:func:`rules.d100.encounter.moves.test_controls`);
    - ``armour``: whether a combatant built from its attacker side wears the party's armour of its name.
    """
    from .families import family  # not at import: families is imported by the package's own modules

    fam = family(state.system)
    offered = list(fam.turn_controls)
    own = fam.page_controls(state.system)
    if own.get("kill_zone") is not None:
        offered.append("kill_zone")
    return {
        **DEFAULTS,
        **own,
        "offered": offered,
        "initiative": fam.rolls_initiative,
        "dice": fam.dice_words(state),
        "started": fam.started_words,
    }
