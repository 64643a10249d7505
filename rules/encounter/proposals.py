"""Players' own actions in the GM's fight: a claim (a player asks to play a combatant of the
party), a proposal (that combatant's attack, with the dice the player rolled) and the GM's
decision. Nothing a player sends changes the fight: the GM's page previews it from the GM's own
state and only the GM's tap accepts a claim or applies an attack, through the engine's normal path.

The messages between a GM's page and a player's page (live, or packed into a link's fragment as a
share link is) are JSON objects ``{"v": 1, "kind": K, ...}`` of at most :data:`MAX_MESSAGE_BYTES`:

- ``claim`` (player to GM): ``{"player": NAME, "who": ID}``;
- ``proposal`` (player to GM): ``{"player", "who", "event": ATTACK, "seen": N}``: an ``attack``
  event as the encounter file stores it, with its ``dice`` typed (no ``seed``), and the number of
  events in the players' view the player saw;
- ``decision`` (GM to player): ``{"about": "claim" | "proposal", "who", "outcome": "accepted" |
  "applied" | "declined" | "refused", "reason": TEXT}`` and, for a previewed or applied proposal,
  ``result`` (:func:`player_result`: what the player may know of it).

Every message received is untrusted: :func:`read_message` reads it with the encounter file's own
limits (:func:`rules.jsonsafe.check_value`: depth, numbers, text) and the models below (every text
bounded, unknown fields refused) and raises :class:`~rules.encounter.models.EncounterError` at the
field. The GM's side never takes a ``decision`` (only the GM makes one): :func:`run_proposals`
refuses it, so a forged "accepted" changes nothing.

An accepted claim lives in the encounter file's ``claims`` (combatant id: player name; only a
combatant of the ``party`` side). :func:`preview_proposal` checks the proposal (the combatant
claimed by that player, its own event, typed dice) and resolves the event with
:func:`~rules.encounter.engine.apply` on the GM's current state, so a refusal is the engine's own
(out of turn, no Half Action left, Reaction spent, a die out of range), never a second copy of a
rule; made against an older view (``seen`` less than the file's events), it is previewed again
against now and says so. :func:`apply_proposal` appends exactly that event with
:func:`rules.encounter.run.run_encounter`, as if the GM had typed it.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

from rules.d100 import seams
from rules.d100.models import MAX_DICE, DieFace

from .. import jsonsafe, limits
from ..errors import FieldError, NeedDie, ScenarioError
from ..sources import book_words
from .engine import apply, replay
from .models import MAX_EVENTS, PARTY, AttackEvent, EncounterError, EncounterFile, EncounterState, Id, PlayerName
from .run import load_file, run_encounter, validation_error
from .words import event_words

MAX_MESSAGE_BYTES = 64 * 1024
"""The largest message read (UTF-8 bytes of its JSON), live or from a link."""
REASON_LENGTH = 1000
"""The longest reason a decision carries (characters)."""
HIDDEN_REASON = "The GM's engine refuses this attack on that target"
"""A refusal's words for a player when the engine's own words are about a target the GM keeps
hidden (they may quote its numbers)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Message(_Strict):
    v: Literal[1] = 1


class ClaimMessage(_Message):
    """A player asks to play ``who`` (a combatant of the party)."""

    kind: Literal["claim"]
    player: PlayerName
    who: Id


class ProposalMessage(_Message):
    """A player's attack for ``who``: ``event`` (an ``attack`` event, its dice typed) and ``seen``,
    the number of events in the view the player made it from."""

    kind: Literal["proposal"]
    player: PlayerName
    who: Id
    event: AttackEvent
    seen: StrictInt = Field(..., ge=0, le=MAX_EVENTS)


class DieSeen(_Strict):
    """One of the player's own dice as the engine read it."""

    purpose: str = Field(..., max_length=limits.LABEL_LENGTH)
    value: StrictInt = Field(..., ge=0, le=1000)


class PlayerResult(_Strict):
    """What a player may know of their attack's resolution (:func:`player_result`)."""

    outcome: str | None = Field(None, max_length=limits.LABEL_LENGTH)
    success: bool | None = None
    roll: StrictInt | None = Field(None, ge=0, le=1000)
    degrees: StrictInt | None = Field(None, ge=-1000, le=1000)
    dice: list[DieSeen] = Field(default_factory=list, max_length=MAX_DICE)


class DecisionMessage(_Message):
    """The GM's answer to a claim or a proposal."""

    kind: Literal["decision"]
    about: Literal["claim", "proposal"]
    who: Id
    outcome: Literal["accepted", "applied", "declined", "refused"]
    reason: str = Field("", max_length=REASON_LENGTH)
    result: PlayerResult | None = None


Message = Annotated[ClaimMessage | ProposalMessage | DecisionMessage, Field(discriminator="kind")]
"""A message read here (one of the three, by its ``kind``)."""
MODELS: dict[str, type[_Message]] = {"claim": ClaimMessage, "proposal": ProposalMessage, "decision": DecisionMessage}
KINDS = ("claim", "proposal", "decision")
"""The message kinds read here (``view`` is the players' link's: :mod:`auspex_web.player_link`)."""


def read_text(text: str, prefix: str = "message") -> Any:
    """A message received as JSON text: at most :data:`MAX_MESSAGE_BYTES`, then :func:`read_message`.
    Raises :class:`EncounterError` at ``prefix`` or one of its fields."""
    try:
        data = jsonsafe.loads(text, what=prefix, max_bytes=MAX_MESSAGE_BYTES)
    except ScenarioError as exc:
        raise EncounterError(exc.errors) from None
    return read_message(data, prefix)


def read_message(data: Any, prefix: str = "message") -> Any:
    """``data`` (parsed JSON) as a :data:`Message` (a claim, proposal or decision), checked with the
    encounter file's limits (nesting, numbers, text) and the models' (texts bounded, no unknown
    field). Raises :class:`EncounterError` at ``prefix`` or ``prefix.<field>`` (``message.event.dice.0``)."""
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        raise EncounterError.at(f"{prefix}.kind", f"A message is a JSON object whose kind is one of {', '.join(KINDS)}")
    try:
        bad = jsonsafe.check_value(data, what=prefix)
    except ScenarioError as exc:
        raise EncounterError([_under(prefix, e) for e in exc.errors]) from None
    if bad:
        raise EncounterError([_under(prefix, e) for e in bad])
    if len(json.dumps(data, ensure_ascii=False).encode()) > MAX_MESSAGE_BYTES:  # received inside a request
        raise EncounterError.at(prefix, f"A message is at most {MAX_MESSAGE_BYTES // 1024} KB")
    try:  # the kind's own model: its errors named at their field, not under the kind
        return MODELS[data["kind"]].model_validate(data)
    except ValidationError as exc:
        raise validation_error(prefix, exc) from None


def _under(prefix: str, e: FieldError) -> FieldError:
    return e if e.field == prefix or e.field.startswith(f"{prefix}.") else FieldError(f"{prefix}.{e.field}", e.message)


# --- claims --------------------------------------------------------------------------------------


def accept_claim(file: EncounterFile, claim: ClaimMessage) -> EncounterFile:
    """``file`` with ``claim`` accepted: ``claims[who] = player`` (a claim of another player on
    the same combatant is replaced: the GM decides). Raises :class:`EncounterError` at
    ``claim.who`` when ``who`` is not a combatant of the party in this fight."""
    state = replay(file, "encounter.events")
    c = state.get(claim.who)
    if c is None:
        raise EncounterError.at("claim.who", "No such combatant in this fight")
    if c.side != PARTY:
        raise EncounterError.at("claim.who", f"{c.name} is not of the party: a player claims a player character")
    return file.model_copy(update={"claims": {**(file.claims or {}), claim.who: claim.player}})


# --- proposals -----------------------------------------------------------------------------------


def player_result(resolution: Any, own: list[int]) -> dict[str, Any]:
    """What a player may know of an attack's resolution (a dict, as the envelope gives it): the
    ``outcome`` word, the attack test's ``success``, ``roll`` and ``degrees`` (DoS, or DoF as a
    negative), and the dice at the indexes ``own`` (the player's own, each with its purpose: the
    hit roll, the damage rolled). Nothing of the target: its Reaction's roll, wounds, armour or damage taken."""
    res = resolution if isinstance(resolution, dict) else {}
    every = [d for d in res.get("dice") or [] if isinstance(d, dict)]
    dice = [every[i] for i in own if i < len(every)]
    out = {
        "outcome": res.get("outcome"),
        "success": res.get("success"),
        "roll": res.get("roll"),
        "degrees": res.get("degrees"),
        "dice": [{"purpose": str(d.get("purpose", ""))[: limits.LABEL_LENGTH], "value": d.get("value")} for d in dice],
    }
    return PlayerResult.model_validate({k: v for k, v in out.items() if v is not None}).model_dump(exclude_none=True)


def _refused(state: EncounterState, proposal: ProposalMessage, exc: EncounterError, reveal: set[str]) -> dict[str, Any]:
    """The refusal envelope: the engine's first error for the GM and, for the player, the same
    words unless they concern a target the GM keeps hidden (:data:`HIDDEN_REASON`)."""
    first = exc.errors[0]
    reason = book_words(first.message)
    target = state.get(proposal.event.at)
    hidden = target is not None and target.side != PARTY and target.id not in reveal
    about_me = first.field.endswith((".who", ".type", ".seen")) or ".dice" in first.field or first.field == "proposal"
    said = reason if about_me or not hidden else HIDDEN_REASON
    return {
        "status": "refused",
        "field": first.field,
        "reason": reason,
        "decision": decision("proposal", proposal.who, "refused", said),
    }


def decision(
    about: str, who: str, outcome: str, reason: str = "", result: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A ``decision`` message (the GM's answer), checked by :class:`DecisionMessage`."""
    data = {
        "v": 1,
        "kind": "decision",
        "about": about,
        "who": who,
        "outcome": outcome,
        "reason": reason[:REASON_LENGTH],
    }
    if result is not None:
        data["result"] = result
    return DecisionMessage.model_validate(data).model_dump(mode="json", exclude_none=True)


def _checked_proposal(file: EncounterFile, state: EncounterState, proposal: ProposalMessage) -> AttackEvent:
    """The proposal's own checks (before the engine's): claimed by its player, its event that
    combatant's, its dice typed. Raises :class:`EncounterError` at ``proposal.<field>``."""
    c = state.get(proposal.who)
    if c is None:
        raise EncounterError.at("proposal.who", "No such combatant in this fight")
    if (file.claims or {}).get(proposal.who) != proposal.player:
        raise EncounterError.at(
            "proposal.who", f"{c.name} is not played by {proposal.player}: the GM accepts a claim first"
        )
    ev = proposal.event
    if ev.who != proposal.who:
        raise EncounterError.at("proposal.event.who", f"A proposal is {c.name}'s own attack")
    if ev.reaction is not None:
        raise EncounterError.at("proposal.event.reaction", "Whether the target reacts is the GM's to say")
    if ev.seed is not None or not ev.dice:
        raise EncounterError.at("proposal.event.dice", "Type the dice you rolled (a proposal carries its dice)")
    if proposal.seen > state.events:
        raise EncounterError.at(
            "proposal.seen", f"Made from a view of {proposal.seen} events; this fight has {state.events}"
        )
    return ev


GM_ROLES = frozenset({seams.SPRAY_AND_PRAY, seams.EVASION, seams.TARGET_TEST, seams.PINNING})
"""The dice of an attack the GM rolls, not its attacker's player (:mod:`rules.d100.seams`' roles): the
chance an unaware attacker's attack proceeds, the target's Dodge or Parry, a test a quality makes
the target take, its Pinning test. Every other die of the attack is the player's (the attack
test, hit location, damage, Righteous Fury, jam...); a ruleset whose dice carry no role (the fan
ruleset, Epic) has all its attack's dice the player's."""


def merged_dice(state: EncounterState, ev: AttackEvent, more: list[int]) -> tuple[Any, list[int]]:
    """The attack applied on a copy of ``state`` with its dice dealt in the order the engine asks
    for them: each die of a role in :data:`GM_ROLES` from ``more`` (the GM's), every other from
    ``ev.dice`` (the player's). Returns the :class:`~rules.encounter.engine.Applied` and the
    indexes of the player's dice in the stored event's ``dice``. Raises :class:`NeedDie` when the
    GM's dice run out (the GM rolls the next), :class:`EncounterError` as :func:`apply` does, at
    ``proposal.event.dice`` when the player's run out or some are left over, at ``more`` when the
    GM's are left over."""
    light = state.model_copy(update={"log": []})
    mine, gms = list(ev.dice or []), list(more)
    dealt: list[int] = []
    own: list[int] = []
    for _ in range(2 * MAX_DICE + 2):  # one more die each time round: bounded by the dice given
        try:
            applied = apply(light, ev.model_copy(update={"dice": dealt}), "proposal.event")
            break
        except NeedDie as need:
            if need.role in GM_ROLES:
                if not gms:
                    raise
                dealt.append(gms.pop(0))
                continue
            if not mine:
                raise EncounterError.at(
                    "proposal.event.dice", f"Too few dice typed: the attack needs the {need.purpose} (d{need.sides})"
                ) from None
            own.append(len(dealt))
            dealt.append(mine.pop(0))
    else:  # pragma: no cover - each round adds a die, and the dice given are at most 2 x MAX_DICE
        raise EncounterError.at("proposal.event.dice", "Too many dice")
    if mine:
        raise EncounterError.at(
            "proposal.event.dice", f"{len(mine)} die(s) too many typed: type only the dice the attack rolls"
        )
    if gms:
        raise EncounterError.at("more", f"{len(gms)} of the GM's dice not read by this attack")
    return applied, own


def preview_proposal(file: EncounterFile, proposal: ProposalMessage, more: list[int] | None = None) -> dict[str, Any]:
    """The proposal resolved against the GM's current state, nothing changed. ``more``: the GM's
    dice (:data:`GM_ROLES`: the target's Reaction test...), dealt where the engine asks for them
    (:func:`merged_dice`).

    Returns ``{"status": "ok", "event", "resolution", "steps", "text", "words", "again", "since",
    "result", "decision"}``: ``event`` as it would be stored (the player's and the GM's dice in the
    order the engine read them), ``text`` the GM's log line, ``words`` the event in words,
    ``again`` True when events happened since the player's view (``since`` of them: previewed
    against now), ``result`` :func:`player_result` and ``decision`` the ``decision`` message of a
    preview (``accepted``: previewed, not applied); or ``{"status": "needs", "needs", "dice"}``
    when the engine asks for one of the GM's dice (the GM rolls it: ``more``); or ``{"status":
    "refused", "field", "reason", "decision"}`` with the engine's reason (out of turn, no action
    left, Reaction spent, a die out of range, too few or too many dice). Raises
    :class:`EncounterError` only for a file that does not replay."""
    state = replay(file, "encounter.events")
    reveal = set(file.reveal or [])
    try:
        ev = _checked_proposal(file, state, proposal)
        applied, own = merged_dice(state, ev, list(more or []))
    except NeedDie as need:
        return {"status": "needs", **need.as_dict(), "dice": need.dice}
    except EncounterError as exc:
        return _refused(state, proposal, exc, reveal)
    since = state.events - proposal.seen
    res = applied.resolution.model_dump(mode="json") if applied.resolution is not None else None
    result = player_result(res, own)
    again = f"Previewed again against now: {since} event(s) since the player's view. " if since else ""
    return {
        "status": "ok",
        "event": applied.event.model_dump(mode="json", exclude_none=True),
        "resolution": res,
        "steps": [s.model_dump(mode="json") for s in applied.steps],
        "text": applied.state.log[-1].text if applied.state.log else event_words(state, ev),
        "words": event_words(state, ev),
        "again": bool(since),
        "since": since,
        "result": result,
        "decision": decision("proposal", proposal.who, "accepted", f"{again}Previewed by the GM", result),
    }


def apply_proposal(file: EncounterFile, proposal: ProposalMessage, more: list[int] | None = None) -> dict[str, Any]:
    """The proposal applied: :func:`preview_proposal` again on ``file``, then exactly its event
    appended by :func:`rules.encounter.run.run_encounter` (the envelope it returns, with
    ``decision`` ``applied``), or the preview's ``refused`` / ``needs`` envelope, nothing changed."""
    seen = preview_proposal(file, proposal, more)
    if seen["status"] != "ok":
        return seen
    out = run_encounter({"encounter": file.model_dump(mode="json", exclude_none=True), "then": seen["event"]})
    if out["status"] != "ok":  # the same engine on the same state: a preview taken is applied
        return {"status": "refused", "field": "proposal", "reason": "The GM's fight changed: preview it again"}
    again = f"Previewed again against now: {seen['since']} event(s) since your view. " if seen["again"] else ""
    out["decision"] = decision("proposal", proposal.who, "applied", f"{again}Applied: {seen['words']}", seen["result"])
    return out


# --- the one entry point for the page and the CLI -----------------------------------------------

DO = ("preview", "accept", "apply", "decline")
"""What the GM's page asks of a message: preview it, accept a claim, apply a proposal, decline either."""


def run_proposals(data: Any) -> dict[str, Any]:
    """``{"encounter": FILE, "message": MSG, "do": "preview" | "accept" | "apply" | "decline",
    "more": [dice]?}`` for the GM's page and the CLI; never raises for bad input.

    Returns ``{"status": "invalid", "errors"}`` for a file or message refused (a ``decision``
    received included: only the GM makes one), else by ``do`` and the message's kind:

    - a claim: ``preview`` ``{"status": "ok", "kind": "claim", "player", "who", "name"}``;
      ``accept`` the same with ``encounter`` (the file with the claim) and ``decision``
      ``accepted``; ``decline`` ``decision`` ``declined``, the file unchanged (not returned);
    - a proposal: ``preview`` :func:`preview_proposal`'s envelope with ``kind``, ``player`` and
      ``name``; ``apply`` :func:`apply_proposal`'s; ``decline`` ``decision`` ``declined``.
    """
    try:
        if not isinstance(data, dict):
            raise EncounterError.at("request", "Send {encounter, message, do} as a JSON object")
        do = data.get("do", "preview")
        if do not in DO:
            raise EncounterError.at("do", f"Must be one of {', '.join(DO)}")
        file = load_file(data.get("encounter"))
        msg = read_message(data.get("message"))
        if isinstance(msg, DecisionMessage):
            raise EncounterError.at("message.kind", "A decision is the GM's: the GM's page takes none")
        more = _more(data.get("more"))
        state = replay(file, "encounter.events")
        c = state.get(msg.who)
        head = {"kind": msg.kind, "player": msg.player, "who": msg.who, "name": c.name if c else msg.who}
        if do == "decline":
            return {"status": "ok", **head, "decision": decision(msg.kind, msg.who, "declined", "Declined by the GM")}
        if isinstance(msg, ClaimMessage):
            return _claim(file, msg, head, do)
        if do == "accept":
            raise EncounterError.at("do", "A proposal is applied or declined")
        out = apply_proposal(file, msg, more) if do == "apply" else preview_proposal(file, msg, more)
        return {**out, **head}
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}


def _claim(file: EncounterFile, msg: ClaimMessage, head: dict[str, Any], do: str) -> dict[str, Any]:
    if do == "apply":
        raise EncounterError.at("do", "A claim is accepted or declined")
    try:
        claimed = accept_claim(file, msg)
    except EncounterError as exc:
        return {
            "status": "refused",
            **head,
            "field": exc.errors[0].field,
            "reason": exc.errors[0].message,
            "decision": decision("claim", msg.who, "refused", exc.errors[0].message),
        }
    if do == "preview":
        return {"status": "ok", **head}
    return {
        "status": "ok",
        **head,
        "encounter": claimed.model_dump(mode="json", exclude_none=True),
        "decision": decision("claim", msg.who, "accepted", f"{msg.player} plays {head['name']}"),
    }


def _more(value: Any) -> list[int] | None:
    """The GM's own dice after the player's (``more``), validated as dice. Raises at ``more``."""
    if value is None:
        return None
    try:
        return TypeAdapter(list[DieFace]).validate_python(value)
    except ValidationError:
        raise EncounterError.at("more", "The GM's dice: a list of whole numbers") from None
