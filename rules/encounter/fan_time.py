"""Old import path, kept for players' scripts: a thin re-export of :mod:`rules.wh40krp.fan_time`.

The fan ruleset's actions over several turns now live in ``rules/wh40krp/fan_time.py`` (the rules are laid out by ruleset family; see
``docs/architecture.md``). New code imports :mod:`rules.wh40krp.fan_time`; this module only re-exports its public names.
"""

from rules.wh40krp.fan_time import *  # noqa: F403
