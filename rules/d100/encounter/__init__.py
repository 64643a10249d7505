"""The d100 family's part of the encounter: what only Dark Heresy 2nd and 1st edition and Deathwatch do.

The generic engine (:mod:`rules.encounter`) reaches these through the d100 family's hooks
(:class:`rules.d100.encounter.family.D100`):

- :mod:`.grapple`: a grapple held over turns;
- :mod:`.manoeuvres`: the manoeuvres' conditions and tests;
- :mod:`.moves`: the tables' other actions (moves, named tests);
- :mod:`.nearby`: the foes beside a target (Blast, Spray, Scatter);
- :mod:`.upkeep`: the turn end's tests (Pinned, Blood Loss) and Overwatch's end;
- :mod:`.criticals`: the critical effects carried over turns;
- :mod:`.family`: the d100 family's hooks, :mod:`.effects`: what a resolution leaves on a combatant.
"""
