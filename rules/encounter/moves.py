"""Old import path, kept for players' scripts: a thin re-export of :mod:`rules.d100.encounter.moves`.

The d100 encounter's moves and named tests now live in ``rules/d100/encounter/moves.py`` (the rules are laid out by ruleset family; see
``docs/architecture.md``). New code imports :mod:`rules.d100.encounter.moves`; this module only re-exports its public names.
"""

from rules.d100.encounter.moves import *  # noqa: F403
