"""Old import path, kept for players' scripts: a thin re-export of :mod:`rules.d100.models`.

The d100 scenario and resolution models now live in ``rules/d100/models.py`` (the rules are laid out by ruleset family; see
``docs/architecture.md``). New code imports :mod:`rules.d100.models`; this module only re-exports its public names.
"""

from rules.d100.models import *  # noqa: F403
