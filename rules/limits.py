"""Every limit on what a scenario, a party file or a share link may hold, in one place.

A share link of a few hundred characters must not freeze the page or run its worker out of memory,
so every text has a length and every count a ceiling. Each value is generous: well above anything a
real profile or table in the books (or a sane house rule) reaches, so no player meets one in play;
it only stops input that could only be a mistake or an attack. README's "Limits" section lists them.

:func:`text_errors` walks raw input (before any model or parser reads it) and refuses, at each
string's own path, text that is too long or holds a character that cannot be shown: a lone
surrogate (JSON allows ``"\\ud800"``, but no page can show or encode it) or a control character.
Tab, line feed and carriage return are allowed (free text from a form's text box holds them; a
weapon list may be one weapon per line); every other C0/C1 control and DEL is refused.
"""

from __future__ import annotations

import re

# -- text lengths, in characters ---------------------------------------------------------------------

TEXT_LENGTH = 10_000
"""Any string anywhere in the input, checked before parsing: the longest legitimate text is a
Damage Chart typed as rows (60 rows of at most 120 characters)."""

KEY_LENGTH = 60
"""A key of a JSON object: the longest field name or hit location is under 30 characters."""

NAME_LENGTH = 80
"""A person's, a weapon's or a target's name (Astartes Combi-Weapon (Astartes Meltagun) is 40)."""

LABEL_LENGTH = 60
"""A label: a modifier row's, a cover's, an action's or an Epic formation's, unit's or weapon's name."""

DAMAGE_LENGTH = 30
"""A damage expression (``2d10+12`` is 7 characters; spaces are allowed between the parts)."""

ROF_LENGTH = 20
"""A rate of fire (``S/10/20`` is 7 characters)."""

QUALITY_LENGTH = 40
"""One quality as typed (``Proven (3)``; the longest name, Sanctified Power Field, is 22)."""

QUALITIES_TEXT_LENGTH = 1_200
"""A weapon's qualities typed as one comma-separated text (at most :data:`QUALITIES` of
:data:`QUALITY_LENGTH` each)."""

EPIC_WEAPONS_LENGTH = 1_000
"""An Epic unit's weapons typed as datasheet text (a Warlord Titan's six weapons are ~200)."""

CHART_ROW_LENGTH = 120
"""A Damage Chart row's result text."""

# -- counts ---------------------------------------------------------------------------------------

ROF = 100
"""Rounds in one semi- or full-auto burst (the books' largest is 20; a burst's hits are at most
its rounds, times Storm's and Twin-Linked's doubling)."""

QUALITY_VALUE = 20
"""A quality's X (``Blast (X)``, ``Devastating (X)``, ``Proven (X)``...): the books' largest is
Blast (10) or so. Against a Horde every hit counts X hits, so X multiplies the damage rolled: the
largest legal attack (a Storm, Twin-Linked burst of 20d10 with Blast and Devastating at 20 into a
Horde of 1000) rolls ~14,400 dice in ~0.35 s of CPython; at 30 it took 0.5-0.6 s."""

QUALITIES = 30
"""Qualities on one weapon (the books' most is 5)."""

MODIFIERS = 30
"""Labelled modifier rows (and circumstances) on one attack."""

OTHERS_IN_BLAST = 50
"""Others with the target's profile caught in one Blast (each gets its own hit and damage)."""

NEARBY_FOES = 10
"""Other foes within 2 m a burst's extra hits may go to (Deathwatch)."""

CLIP = 10_000
"""Rounds loaded in one weapon (the books' largest belts hold a few hundred)."""

MAGNITUDE = 1_000
"""A Horde's Magnitude (the books' largest hordes are around 100)."""

EPIC_UNITS = 60
"""Units in one Epic formation (the largest formations are about 20; a large horde, or the bench's
cost-curve row of 50 attacking units, takes more)."""

EPIC_WEAPONS = 12
"""Weapon lines on one Epic unit's datasheet (a Titan's is about 6)."""

EPIC_WEAPON_COUNT = 20
"""How many of one weapon an Epic unit carries (``4x lascannon``)."""

RP_ACTIONS = 4
"""Actions in one round of the fan ruleset (a round holds at most 4)."""

RP_SHOTS = 6
"""Shots in one fire action of the fan ruleset (auto fire is 6 at most)."""

# -- characters a page cannot show -------------------------------------------------------------------

_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def bad_character(text: str) -> str | None:
    """The message for the first character of ``text`` that cannot be shown (a lone surrogate, or
    a control character other than tab, line feed and carriage return), or None. One linear scan."""
    m = _BAD.search(text)
    if m is None:
        return None
    return f"Contains a character that cannot be shown (U+{ord(m.group()):04X}): retype it"


def shown(text: str, length: int = 40) -> str:
    """``text`` as a message quotes it: stripped, cut to ``length`` characters (with an ellipsis),
    so a message about a huge input stays short."""
    text = text.strip()
    return text if len(text) <= length else text[:length] + "\u2026"
