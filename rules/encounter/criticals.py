"""Old import path, kept for players' scripts: a thin re-export of :mod:`rules.d100.encounter.criticals`.

The d100 encounter's critical effects now live in ``rules/d100/encounter/criticals.py`` (the rules are laid out by ruleset family; see
``docs/architecture.md``). New code imports :mod:`rules.d100.encounter.criticals`; this module only re-exports its public names.
"""

from rules.d100.encounter.criticals import *  # noqa: F403
