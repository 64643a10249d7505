"""The encounter: a fight, not one attack.

An encounter is its event log (:class:`~rules.encounter.models.EncounterFile`): combatants added,
initiative rolled, attacks, Aim, Reload, Clear Jam, turns ended, conditions given by the GM. The
state (:class:`~rules.encounter.models.EncounterState`: wounds, critical damage, Fatigue, a
Horde's Magnitude, the fan ruleset's injuries, an Epic formation's units and Shock, conditions
with their turns left, each weapon's clip, jam and overheating, initiative, the round, whose turn
it is and what it has spent) is derived from the log by :func:`~rules.encounter.engine.replay`,
never stored, and only the engine changes it: an attack is resolved from the state (the
conditions' modifiers, the held Aim, the rounds left in the clip, the damage already taken) and
applied to its own target exactly once.

- :mod:`.models`: the file, the events and the state;
- :mod:`.engine`: one handler per event, the turn's budget, :func:`apply` and :func:`replay`;
- :mod:`.conditions`: each condition's rule and what it gives an attack;
- :mod:`.family`: the hooks every ruleset family implements (what a profile makes and a resolution
  does); :mod:`.families` finds a ruleset's family, whose class sits beside its ruleset
  (:mod:`rules.d100.encounter`, :mod:`rules.wh40krp.family`, :mod:`rules.epic.family`);
- :mod:`.run`: :func:`run_encounter`, the envelope for the page and the CLI;
- :mod:`.player_view`: what a player's phone may be sent; :mod:`.proposals`: a player's claim of a
  combatant and its attack with typed dice, previewed from the GM's state, applied only by the GM.
"""
