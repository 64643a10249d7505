"""Old import path, kept for players' scripts: a thin re-export of :mod:`rules.d100.tables`.

The d100 rulesets' tables now live in ``rules/d100/tables.py`` (the rules are laid out by ruleset family; see
``docs/architecture.md``). New code imports :mod:`rules.d100.tables`; this module only re-exports its public names.
"""

from rules.d100.tables import *  # noqa: F403
