"""Old import path, kept for players' scripts: a thin re-export of :mod:`rules.d100.encounter.nearby`.

The d100 encounter's nearby foes now live in ``rules/d100/encounter/nearby.py`` (the rules are laid out by ruleset family; see
``docs/architecture.md``). New code imports :mod:`rules.d100.encounter.nearby`; this module only re-exports its public names.
"""

from rules.d100.encounter.nearby import *  # noqa: F403
