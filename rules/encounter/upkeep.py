"""Old import path, kept for players' scripts: a thin re-export of :mod:`rules.d100.encounter.upkeep`.

The d100 encounter's turn-end upkeep now live in ``rules/d100/encounter/upkeep.py`` (the rules are laid out by ruleset family; see
``docs/architecture.md``). New code imports :mod:`rules.d100.encounter.upkeep`; this module only re-exports its public names.
"""

from rules.d100.encounter.upkeep import *  # noqa: F403
