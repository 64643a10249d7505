"""Old import path, kept for players' scripts: a thin re-export of :mod:`rules.epic.overwatch`.

Epic's overwatch across turns now live in ``rules/epic/overwatch.py`` (the rules are laid out by ruleset family; see
``docs/architecture.md``). New code imports :mod:`rules.epic.overwatch`; this module only re-exports its public names.
"""

from rules.epic.overwatch import *  # noqa: F403
