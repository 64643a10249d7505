"""The players' link: a players' view (:func:`rules.encounter.player_view.player_view`, its JSON
dict) received from a link, checked again and shown as the GM's page shows it.

The GM's page puts the view (never the encounter file: the hidden numbers must not travel) into a
link's fragment (``#p=``, compressed as share links are: static/table.js). Whatever arrives that
way is untrusted: :func:`respond_shown_view` reads its text through :func:`rules.jsonsafe.loads`
(size at most :data:`MAX_BYTES`, nesting at most 64, numbers checked), validates it with
:class:`PlayerView` (every text bounded, every list capped, a card's fields by type; fields this
version does not know are dropped) and renders the validated copy with the same pure function as
the GM's page and the CLI (:func:`rules.encounter.player_html.render_player`, every text escaped):
the page never injects HTML it received.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError

from rules import jsonsafe, limits
from rules.encounter.player_html import render_player
from rules.errors import FieldError, ScenarioError

MAX_BYTES = 256 * 1024
"""The largest view text read (UTF-8 bytes), as a share link's inflated text (static/share.js)."""
MAX_CARDS = 500
"""The most cards a view carries."""
MAX_LOG = 2000
"""The most log lines a view carries (an encounter's events: rules.encounter.models.MAX_EVENTS)."""
MAX_CONDITIONS = 50
"""The most conditions on one card."""
LINE_LENGTH = limits.TEXT_LENGTH
"""The longest log line or reason (characters)."""

Name = Annotated[str, Field(max_length=limits.NAME_LENGTH)]
Word = Annotated[str, Field(max_length=limits.LABEL_LENGTH)]
Line = Annotated[str, Field(max_length=LINE_LENGTH)]
Count = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)]


class _View(BaseModel):
    """Fields a later version adds are dropped (never shown), the known ones checked."""

    model_config = ConfigDict(extra="ignore")


class Condition(_View):
    """A shown combatant's condition: its name and the turns it has left (None: until removed)."""

    name: Word
    rounds: Count | None = None


class Weapon(_View):
    """A shown combatant's weapon as the view carries it."""

    name: Name | None = None
    clip: Count = 0
    rounds: Count = 0
    jammed: StrictBool = False
    overheated: Count = 0
    reloading: Count = 0
    repairing: Count = 0
    recharging: Count = 0


class HiddenCard(_View):
    """A combatant the GM keeps hidden: its name, state word, why it is out, its conditions' names."""

    id: Name
    name: Name
    side: Word | None = None
    shown: Literal[False]
    state: Word = ""
    out: Word | None = None
    conditions: list[Word] = Field(default_factory=list, max_length=MAX_CONDITIONS)


class ShownCard(_View):
    """A combatant shown whole (a player character, or one the GM reveals): its numbers."""

    id: Name
    name: Name
    side: Word | None = None
    shown: Literal[True]
    state: Word = ""
    out: Word | None = None
    kind: Word | None = None
    initiative: Count | None = None
    wounds: Count | None = None
    damage_taken: Count = 0
    critical: Count = 0
    fatigue: Count = 0
    magnitude: Count | None = None
    magnitude_start: Count | None = None
    units: Count | None = None
    units_start: Count | None = None
    shock: Count = 0
    injuries: list[Line] = Field(default_factory=list, max_length=MAX_CONDITIONS)
    weapon: Weapon | None = None
    second_weapon: Weapon | None = None
    conditions: list[Condition] = Field(default_factory=list, max_length=MAX_CONDITIONS)
    aim: Word | None = None
    fate: Count | None = None
    fate_max: Count | None = None
    reaction_used: StrictBool = False
    no_reaction: Word | None = None


Card = Annotated[HiddenCard | ShownCard, Field(discriminator="shown")]


class Turn(_View):
    """Whose turn it is; for a shown combatant, what it may still do (the engine's words)."""

    who: Name
    name: Name
    shown: StrictBool
    half_actions_left: Count | None = None
    actions: list[Word] = Field(default_factory=list, max_length=MAX_CONDITIONS)
    reaction_used: StrictBool = False
    target: Name | None = None
    may: list[Word] = Field(default_factory=list, max_length=MAX_CONDITIONS)
    refused: dict[Word, Line | None] = Field(default_factory=dict, max_length=MAX_CONDITIONS)


class LogLine(_View):
    """One line of what happened (no hidden number: the engine wrote it from the view's cards)."""

    index: Count
    round: Count
    text: Line


class PlayerView(_View):
    """Version 1 of ``auspex_player_view`` (rules/encounter/player_view.py)."""

    auspex_player_view: Literal[1]
    system: Word
    name: Name | None = None
    round: Count = 0
    turn: Turn | None = None
    cards: list[Card] = Field(default_factory=list, max_length=MAX_CARDS)
    log: list[LogLine] = Field(default_factory=list, max_length=MAX_LOG)


def _path(loc: tuple[int | str, ...]) -> list[str]:
    """A validation error's place as the view's dotted path: a card's union tag (``shown``'s
    value, pydantic's ``cards.1.0``) left out."""
    out = [str(p) for p in loc]
    if len(out) >= 3 and out[0] == "cards" and out[2] in ("0", "1", "True", "False"):
        del out[2]
    return out


def check_view(data: Any) -> dict[str, Any]:
    """``data`` (parsed JSON) as a checked view dict, only the fields this version knows. Raises
    :class:`ScenarioError` with each bad field at ``view.<path>`` (``view.cards.0.name``)."""
    if not isinstance(data, dict) or "auspex_player_view" not in data:
        raise ScenarioError.at("view", "Not a players' view of Auspex")
    if data["auspex_player_view"] != 1:
        raise ScenarioError.at("view.auspex_player_view", "This page reads version 1 of the players' view")
    try:
        return PlayerView.model_validate(data).model_dump(mode="json")
    except ValidationError as exc:
        errors = [
            FieldError(field=".".join(["view", *_path(err["loc"])]), message=err["msg"]) for err in exc.errors()[:20]
        ]
        raise ScenarioError(errors) from None


def respond_shown_view(view_json: str) -> dict[str, Any]:
    """A players' view received as JSON text (a link's), checked (module docstring): ``{"status":
    "ok", "view", "html"}`` or ``{"status": "invalid", "errors": [{"field", "message"}]}``;
    never raises for bad input."""
    try:
        view = check_view(jsonsafe.loads(view_json, what="view", max_bytes=MAX_BYTES))
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    return {"status": "ok", "view": view, "html": render_player(view)}
