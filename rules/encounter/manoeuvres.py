"""Old import path, kept for players' scripts: a thin re-export of :mod:`rules.d100.encounter.manoeuvres`.

The d100 encounter's manoeuvres now live in ``rules/d100/encounter/manoeuvres.py`` (the rules are laid out by ruleset family; see
``docs/architecture.md``). New code imports :mod:`rules.d100.encounter.manoeuvres`; this module only re-exports its public names.
"""

from rules.d100.encounter.manoeuvres import *  # noqa: F403
