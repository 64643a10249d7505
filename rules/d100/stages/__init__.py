"""The stages of a d100 attack, in the order :meth:`rules.d100.attack.D100Attack.resolve` runs them.

- :mod:`.check`: refuse what the rules do not allow; the action, characteristic, fire mode, rounds
  and range band;
- :mod:`.modifiers`: Step One, the modifiers and the target number;
- :mod:`.test`: Step Two, the test d100, jams, overheating, ammunition (:mod:`.flame` instead for
  Flame and Spray: no test, Agility tests in the area);
- :mod:`.hits`: hits scored (a Horde's by the Horde rules);
- :mod:`.locations`: Step Three, hit locations, nearby foes, the others in a Blast;
- :mod:`.evasion`: the target's Dodge or Parry;
- :mod:`.damage_dice`: each hit's damage dice (Tearing, Accurate, Maximal, Proven, Primitive) and
  the degrees-of-success die;
- :mod:`.damage`: Steps Four and Five, :mod:`.fury` (Righteous Fury), :mod:`.after_hit` (the tests
  the qualities call for, pinning, the damage state);
- :mod:`.finish`: the resolution.

Each stage's ``run(attack, state)`` takes an :class:`~rules.d100.state.AttackState` and returns
the next one.
"""
