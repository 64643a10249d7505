"""Old import path, kept for players' scripts: a thin re-export of :mod:`rules.d100.encounter.grapple`.

The d100 encounter's grapple now live in ``rules/d100/encounter/grapple.py`` (the rules are laid out by ruleset family; see
``docs/architecture.md``). New code imports :mod:`rules.d100.encounter.grapple`; this module only re-exports its public names.
"""

from rules.d100.encounter.grapple import *  # noqa: F403
