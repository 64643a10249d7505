"""What the page's worker exports: ``handle(request_json) -> response_json`` and
``odds(request_json, against_json="") -> response_json``.

``handle``: the request is a scenario (the forms, plus ``dice`` or ``seed``) as JSON text. The
response is the envelope of :func:`rules.run` (statuses ``ok``, ``needs``, ``invalid``: see
``rules/api.py``) with, for ``ok``, ``"html"``: the resolution rendered for the player by
:mod:`auspex_web.render`, and for a d100 attack ``"fate"``: the tests a Fate point may re-roll
(their "Re-roll with Fate" buttons end the html).

``handle(request_json, forms=True)``: the page's forms, where an empty name the result reads is
refused too; ``handle(request_json, False, True)``: a share link's roll, whose own critical tables
are left out (the tables are the device's, never the link's). ``check``: the same scenario, checked only (a field left): ``ok`` or
``invalid`` with the engine's messages, no die drawn (:func:`rules.api.check`).

``odds``: the same scenario (its dice and seed are ignored); the response is the envelope of
:func:`rules.odds.run_odds` (``ok`` with ``"odds"``, or ``invalid``) with, for ``ok``, ``"html"``:
the Odds panel's content (:mod:`auspex_web.render_odds`). With ``against_json`` (an odds report,
kept by the page as A), ``"html"`` is A and these odds (B) side by side on one scale.

``initiative``: the combat tracker's combatants (an :class:`rules.initiative.InitiativeRequest`);
the response is the envelope of :func:`rules.initiative.run_initiative` with, for ``ok``,
``"html"``: the order, dice and steps (:mod:`auspex_web.render_initiative`).

``encounter``: ``{"encounter": FILE, "then": EVENT | null, "undo": bool}``; the
response is the envelope of :func:`rules.encounter.run.run_encounter` with, for ``ok``, ``"html"``:
the state as the tracker shows it (:mod:`auspex_web.render_encounter`), ``"result_html"`` (an
attack's resolution, rendered as ``handle`` renders one) and ``"conditions"`` (the names offered).

``check_party``: an exported party file (``auspex-party.json``) as text; the response is the
envelope of :func:`rules.party.check_party` (``ok`` with ``"party"``, or ``invalid`` with each
error's entry and field), for the page's Import to refuse a bad file before anything is saved.

``check_tables``: the critical tables: a tables file or one ruleset's pasted text
(``{"system", "text"}``) as JSON text, and optionally the tables kept on the device; the response
is the envelope of :func:`rules.critical.check.check_tables` (``ok`` with ``"file"``, the file to
store next, or ``invalid`` with each bad line or field), so Save and Import change nothing on error.
``tables_text(system, saved_json, blank)``: that ruleset's tables as paste-in text (or its
template), for the panel's textarea.

Every entry reads its JSON text through :func:`rules.jsonsafe.loads` (size, nesting and digits
checked before parsing), so a file nested 5,000 deep is an ``invalid`` envelope, not a stack
overflow. Anything unexpected becomes ``{"status": "error", "message": ...}``: the player reads a short
message, the traceback goes to stderr (the browser console in the worker).
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import rules
from rules import jsonsafe
from rules.errors import ScenarioError

from .render import render_fate, render_resolution

ERROR_MESSAGE = (
    "The rules engine failed on this attack. Nothing you typed is lost; the details are in the browser console."
)
INITIATIVE_ERROR_MESSAGE = (
    "The rules engine failed to roll initiative. The tracker is unchanged; the details are in the browser console."
)
ODDS_ERROR_MESSAGE = (
    "The rules engine failed to work out the odds. Nothing you typed is lost; the details are in the browser console."
)


# The scenario's fields that hold the group's own tables: the device's, never a share link's
DEVICE_TABLES = frozenset({"critical_tables", "phenomena", "perils"})


def shared_scenario(data: Any) -> Any:
    """A share link's scenario (parsed JSON) as its roll is resolved in the Shared roll view:
    without ``critical_tables`` nor the psychic tables (``phenomena``, ``perils``). The group's
    tables are the device's, never the link's (README, "Critical tables"): a link carries none, and
    one a hand made is not read. Anything else (not an object) is returned as it is, for the engine
    to refuse."""
    if isinstance(data, dict) and DEVICE_TABLES & data.keys():
        return {k: v for k, v in data.items() if k not in DEVICE_TABLES}
    return data


def respond(request_json: str, forms: bool = False, shared: bool = False) -> dict[str, Any]:
    """The envelope for one request, as a dict (``handle`` without the JSON round trip); with
    ``forms`` (Resolve on the page's forms), an empty name the result reads is refused
    (:func:`rules.api.name_errors`), which a share link's roll or a saved scenario is not; with
    ``shared`` (a share link's roll, opened), the scenario's own critical tables are left out
    (:func:`shared_scenario`)."""
    if shared:
        try:
            data = jsonsafe.loads(request_json, what="scenario")
        except ScenarioError as exc:
            return {"status": "invalid", **exc.as_dict()}
        if isinstance(data, dict) and DEVICE_TABLES & data.keys():
            request_json = json.dumps(shared_scenario(data))
    envelope = rules.run_text(request_json, require_names=bool(forms), fate=True)
    if envelope["status"] == "ok":
        # the result, and the tests a Fate point may re-roll (the d100 rulesets: "fate")
        envelope["html"] = render_resolution(envelope["resolution"]) + render_fate(envelope.get("fate") or [])
    return envelope


def _never_raises(work: Callable[[], dict[str, Any]], doing: str, message: str) -> str:
    """``work()`` as JSON text; anything unexpected becomes ``{"status": "error", "message"}``,
    its traceback on stderr."""
    try:
        return json.dumps(work())
    except Exception as exc:
        print(f"auspex: {type(exc).__name__} while {doing}", file=sys.stderr)
        traceback.print_exc(file=sys.stderr)
        return json.dumps({"status": "error", "message": message})


def handle(request_json: str, forms: bool = False, shared: bool = False) -> str:
    """Resolve the scenario in ``request_json`` (``forms``: the page's forms; ``shared``: a share
    link's roll, its critical tables left out; see :func:`respond`); never raises."""
    return _never_raises(lambda: respond(request_json, forms, shared), "resolving", ERROR_MESSAGE)


FIRE_MODES_ERROR_MESSAGE = "The rules engine failed to read the weapon's fire modes; pick the action instead."


def respond_fire_modes(system: str, weapon_class: str, rof: str) -> dict[str, Any]:
    """A weapon's fire modes as the forms offer them, as a dict: ``{"status": "ok", "modes":
    [{action, label}]}`` (:func:`rules.d100.fire_modes.fire_modes`; none outside the d100 family, or for
    a RoF that is not one), or ``invalid`` for an unknown ruleset."""
    from rules import registry
    from rules.d100.fire_modes import fire_modes as modes

    ruleset = registry.find(system)
    if ruleset is None:
        return {"status": "invalid", "errors": [{"field": "system", "message": "not a ruleset Auspex knows"}]}
    if ruleset.family != "d100":
        return {"status": "ok", "modes": []}
    return {"status": "ok", "modes": modes(system, str(weapon_class)[:20], str(rof)[:40])}


def fire_modes(system: str, weapon_class: str, rof: str) -> str:
    """The fire modes beside the Attacker step's weapon (:func:`respond_fire_modes`); never raises."""
    return _never_raises(
        lambda: respond_fire_modes(system, weapon_class, rof), "reading fire modes", FIRE_MODES_ERROR_MESSAGE
    )


CHECK_ERROR_MESSAGE = "The rules engine failed to check the forms; Resolve still works."


def respond_check(request_json: str) -> dict[str, Any]:
    """The forms' check, as a dict (``check`` without the JSON round trip)."""
    try:
        data = jsonsafe.loads(request_json, what="scenario")
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    return rules.check(data)


def check(request_json: str) -> str:
    """Check the forms in ``request_json`` as a field loses focus (:func:`rules.api.check`:
    validation only, no die drawn, the names the result reads required); never raises."""
    return _never_raises(lambda: respond_check(request_json), "checking the forms", CHECK_ERROR_MESSAGE)


@lru_cache(maxsize=8)
def _odds_envelope(request_json: str) -> str:
    """:func:`rules.odds.run_odds` on the request, as JSON text. Kept for the last few requests:
    the page asks again for the same forms when a comparison starts or ends, and an estimate (the
    fan ruleset's rounds) takes seconds in the browser."""
    from rules.odds import run_odds  # loaded on the first odds asked for, not at the engine's start

    return json.dumps(run_odds(request_json))


def respond_odds(request_json: str, against_json: str = "") -> dict[str, Any]:
    """The odds envelope for one request, as a dict (``odds`` without the JSON round trip)."""
    from .render_odds import render_odds

    envelope: dict[str, Any] = json.loads(_odds_envelope(request_json))
    if envelope["status"] == "ok":
        try:  # the page's own report kept as A: still read within the JSON limits
            against = jsonsafe.loads(against_json, what="compare") if against_json else None
        except ScenarioError as exc:
            return {"status": "invalid", **exc.as_dict()}
        envelope["html"] = render_odds(against, envelope["odds"]) if against else render_odds(envelope["odds"])
    return envelope


def odds(request_json: str, against_json: str = "") -> str:
    """The odds of the scenario in ``request_json``, rendered alone or (``against_json``: the odds
    report kept as A) beside A; never raises."""
    return _never_raises(lambda: respond_odds(request_json, against_json), "working out the odds", ODDS_ERROR_MESSAGE)


PARTY_ERROR_MESSAGE = (
    "The rules engine failed to check this file. Nothing saved has changed; the details are in the browser console."
)


def respond_party(party_json: str) -> dict[str, Any]:
    """The party file's check, as a dict (``check_party`` without the JSON round trip)."""
    from rules.party import check_party as check  # loaded on the first import, not at the engine's start

    return check(party_json)


def check_party(party_json: str) -> str:
    """Check an exported party file with the engine's own models; never raises."""
    return _never_raises(lambda: respond_party(party_json), "checking a party file", PARTY_ERROR_MESSAGE)


def respond_initiative(request_json: str) -> dict[str, Any]:
    """The initiative envelope for one request, as a dict (``initiative`` without the JSON round trip)."""
    from rules.initiative import run_initiative

    from .render_initiative import render_initiative

    envelope = run_initiative(request_json)
    if envelope["status"] == "ok":
        envelope["html"] = render_initiative(envelope["initiative"])
    return envelope


def initiative(request_json: str) -> str:
    """Roll the combat tracker's initiative for ``request_json``; never raises."""
    return _never_raises(lambda: respond_initiative(request_json), "rolling initiative", INITIATIVE_ERROR_MESSAGE)


ENCOUNTER_ERROR_MESSAGE = (
    "The rules engine failed on this encounter. Nothing in it changed; the details are in the browser console."
)


def respond_encounter(request_json: str) -> dict[str, Any]:
    """The encounter envelope for one request, as a dict (``encounter`` without the JSON round trip).

    The request is ``{"encounter": FILE, "then": EVENT | null, "undo": bool}`` as JSON text; the
    response is the envelope of :func:`rules.encounter.run.run_encounter` with, for ``ok``,
    ``"html"``: the state rendered (:mod:`auspex_web.render_encounter`), ``"result_html"``: the
    attack's resolution rendered as Resolve shows one (or null), ``"said"``: the status line (the
    last log line, short: :func:`~auspex_web.render_encounter.status_text`), and ``"conditions"``:
    the names the GM can give (:data:`rules.encounter.conditions.CONDITIONS`, in their order).
    A ``forms`` request's envelope (``{"status", "scenario", "notes", "reason"}``) has none of
    these. An ``invalid`` envelope's messages, the reasons of ``turn.allowed`` (the controls refused
    now), ``turn.nothing_left`` and the notes of ``turn.notes`` and of a ``forms`` answer cite the
    books, not the rule text files."""
    from rules.encounter.conditions import CONDITIONS
    from rules.encounter.run import run_encounter

    from .render_encounter import render_encounter, status_text

    try:
        data = jsonsafe.loads(request_json, what="encounter")
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    envelope = run_encounter(data)
    if envelope["status"] == "invalid":  # refusals in the book's words, never a rule text file's number
        envelope["errors"] = _errors_in_book_words(envelope["errors"])
    if envelope["status"] == "ok" and "state" not in envelope:  # a forms request: the forms' scenario only
        _book_words(envelope)
    elif envelope["status"] == "ok":
        then = data.get("then") if isinstance(data, dict) else None
        envelope["said"] = status_text(envelope["state"], then if isinstance(then, dict) else None)
        envelope["html"] = render_encounter(envelope["state"])
        res = envelope.get("resolution")  # none for a preview or an event that is not an attack
        envelope["result_html"] = _result_html(res, envelope.get("fate") or [])
        envelope["conditions"] = list(CONDITIONS)
        turn = envelope.get("turn")
        if isinstance(turn, dict):
            _book_words(turn)
    return envelope


def _result_html(res: Any, fate: list[Any]) -> str | None:
    """An encounter event's resolution as Resolve shows one: a volley's lines and total
    (:func:`auspex_web.render_volley.render_volley`), else the attack's result with its Fate
    choices; None when the event resolved nothing."""
    from .render_volley import is_volley, render_volley

    if res is None:
        return None
    if is_volley(res):
        return render_volley(res)
    return render_resolution(res) + render_fate(fate)


def _book_words(part: dict[str, Any]) -> None:
    """``part``'s words in place, citing the books, not the rule text files: ``notes`` (what the
    state put in the forms' scenario), ``reason`` (why there is no such scenario), and a turn's
    ``allowed`` (the greyed controls' reasons) and ``nothing_left`` (why only End turn is left)."""
    from .sources import book_words

    if isinstance(part.get("notes"), list):
        part["notes"] = [book_words(str(x)) for x in part["notes"]]
    for key in ("reason", "nothing_left"):
        if part.get(key) is not None:
            part[key] = book_words(str(part[key]))
    if isinstance(part.get("allowed"), dict):
        part["allowed"] = {k: None if v is None else book_words(str(v)) for k, v in part["allowed"].items()}


def _errors_in_book_words(errors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Refusals (``[{"field", "message"}]``) with each message citing the books, never a rule text file."""
    from .sources import book_words

    return [{**x, "message": book_words(str(x.get("message")))} for x in errors]


def encounter(request_json: str) -> str:
    """Apply one event to (or undo the last of, or just replay) the encounter in ``request_json``;
    never raises."""
    return _never_raises(lambda: respond_encounter(request_json), "running the encounter", ENCOUNTER_ERROR_MESSAGE)


# ---- critical tables: the page's Critical tables panel checks and merges through here

TABLES_ERROR_MESSAGE = (
    "The rules engine failed to check these tables. Nothing saved has changed; the details are in the browser console."
)


def respond_tables(request_json: str, saved_json: str = "") -> dict[str, Any]:
    """The tables' check, as a dict (``check_tables`` without the JSON round trip); with
    ``saved_json`` (the tables kept on the device) the ``ok`` file is the one to store next."""
    from rules.critical.check import check_tables as check  # loaded on the first Save, not at the start

    return check(request_json, saved_json if saved_json else None)


def check_tables(request_json: str, saved_json: str = "") -> str:
    """Check (and, with ``saved_json``, merge) critical tables with the engine's models; never raises."""
    return _never_raises(
        lambda: respond_tables(request_json, saved_json), "checking critical tables", TABLES_ERROR_MESSAGE
    )


def respond_tables_text(system: str, saved_json: str = "", blank: bool = False) -> dict[str, Any]:
    """The paste-in text of ``system``'s saved tables (or, ``blank``, its template) as a dict."""
    from rules.critical.check import tables_text as text

    return text(system, saved_json or None, blank=bool(blank))


def tables_text(system: str, saved_json: str = "", blank: bool = False) -> str:
    """What the Critical tables panel's textarea shows for ``system``; never raises."""
    return _never_raises(
        lambda: respond_tables_text(system, saved_json, blank), "writing critical tables", TABLES_ERROR_MESSAGE
    )


# ---- the players' view: the fight as a player's phone may be sent it (rules/encounter/player_view.py)

PLAYER_VIEW_ERROR_MESSAGE = "The rules engine failed to make the players' view; the details are in the browser console."


def respond_player_view(request_json: str) -> dict[str, Any]:
    """The players' view of an encounter file (JSON text), as a dict: ``{"status": "ok", "view",
    "html"}`` (:func:`rules.encounter.player_view.run_player_view`, and the view as
    :func:`rules.encounter.player_html.render_player` shows it: the same HTML as the CLI's
    ``--view player --html``), or ``invalid`` with the errors in the books' words."""
    from rules.encounter.player_html import render_player
    from rules.encounter.player_view import run_player_view

    try:
        data = jsonsafe.loads(request_json, what="encounter")
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    envelope = run_player_view(data)
    if envelope["status"] == "invalid":
        envelope["errors"] = _errors_in_book_words(envelope["errors"])
    else:
        envelope["html"] = render_player(envelope["view"])
    return envelope


def player_view(request_json: str) -> str:
    """The players' view of the encounter file in ``request_json`` (:func:`respond_player_view`);
    never raises."""
    return _never_raises(
        lambda: respond_player_view(request_json), "making the players' view", PLAYER_VIEW_ERROR_MESSAGE
    )


# ---- bring your characters: the Party panel's "Import a character" previews through here

IMPORT_ERROR_MESSAGE = (
    "The rules engine failed to read this file or text. Nothing saved has changed; the details are in the browser"
    " console."
)


def respond_import(text: str, system: str = "dh2") -> dict[str, Any]:
    """The import preview, as a dict (``import_preview`` without the JSON round trip): the
    envelope of :func:`rules.importer.run_import` (``ok`` with ``"import"``: ``{party, fields,
    problems, talents, readings}``, or ``invalid`` with the reason at ``file``) with, for ``ok``,
    ``"html"``: the preview (:mod:`auspex_web.render_import`). Nothing is saved here: the page
    saves the party file the player confirms, after checking it again (:func:`check_party`)."""
    from rules.importer import run_import  # loaded on the first import, never at the engine's start

    from .render_import import render_import

    envelope = run_import(str(text), str(system))
    if envelope["status"] == "ok":
        envelope["html"] = render_import(envelope["import"])
    return envelope


def import_preview(text: str, system: str = "dh2") -> str:
    """Read a Foundry actor export (JSON) or pasted stat blocks (read in ``system``) into a preview
    for the player to correct and confirm; never raises."""
    return _never_raises(lambda: respond_import(text, system), "reading an import", IMPORT_ERROR_MESSAGE)


# ---- the Odds panel's exchange (this round against one target) and sweep (rules/odds/exchange.py, sweep.py)

EXCHANGE_ERROR_MESSAGE = (
    "The rules engine failed to work out this round's odds. The encounter is unchanged; the details are in the"
    " browser console."
)
SWEEP_ERROR_MESSAGE = (
    "The rules engine failed to work out the sweep. Nothing you typed is lost; the details are in the browser console."
)


def respond_exchange(request_json: str) -> dict[str, Any]:
    """The odds of an exchange, as a dict: the request is ``{"encounter": FILE, "target": id,
    "attacks": [{"who", "action"}] | absent}`` (absent: the engine's default list,
    :func:`rules.odds.exchange.default_attacks`); ``{"status": "ok", "exchange", "attacks",
    "html"}`` (``attacks``: the list worked out, for the page to edit; ``html``:
    :func:`auspex_web.render_exchange.render_exchange`), or ``invalid`` with each error at its field
    (``target``, ``attacks.1.action.type``) in the books' words. Nothing is applied."""
    from rules.odds.exchange import exchange_odds, load

    from .render_exchange import render_exchange

    try:
        data = jsonsafe.loads(request_json, what="exchange")
        state, target, planned = load(data)
        report = exchange_odds(state, target, planned).model_dump(mode="json")
    except ScenarioError as exc:
        invalid = exc.as_dict()
        return {
            "status": "invalid",
            "errors": _errors_in_book_words(invalid["errors"]),
        }
    attacks = [{"who": p.event.who, "action": dict(p.event.action)} for p in planned]
    # who may make a planned attack the player adds: in the fight, an attacker profile, not the target
    adders = [
        {"id": c.id, "name": c.name}
        for c in state.combatants
        if c.attacker is not None and not c.out and c.id != target
    ]
    html = render_exchange(report, attacks, adders)
    return {"status": "ok", "exchange": report, "attacks": attacks, "html": html}


def exchange(request_json: str) -> str:
    """This round's odds against one target (:func:`respond_exchange`); never raises."""
    return _never_raises(lambda: respond_exchange(request_json), "working out an exchange", EXCHANGE_ERROR_MESSAGE)


def respond_sweep(request_json: str) -> dict[str, Any]:
    """The sweep of the scenario in ``request_json`` (the forms, dice ignored), as a dict: the
    envelope of :func:`rules.odds.sweep.run_sweep` with, for ``ok``, ``"html"``: the heat table
    (:func:`auspex_web.render_exchange.render_sweep`)."""
    from rules.odds.sweep import run_sweep

    from .render_exchange import render_sweep

    try:
        data = jsonsafe.loads(request_json, what="scenario")
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    envelope = run_sweep(data)
    if envelope["status"] == "ok":
        envelope["html"] = render_sweep(envelope["sweep"])
    return envelope


def sweep(request_json: str) -> str:
    """The chance to kill and expected wounds across targets (:func:`respond_sweep`); never raises."""
    return _never_raises(lambda: respond_sweep(request_json), "working out a sweep", SWEEP_ERROR_MESSAGE)


# ---- the players' link: a players' view received from a link, checked again (player_link.py)


def shown_player_view(view_json: str) -> str:
    """A players' view received from a link (JSON text), checked and rendered
    (:func:`auspex_web.player_link.respond_shown_view`); never raises."""
    from .player_link import respond_shown_view

    return _never_raises(lambda: respond_shown_view(view_json), "showing a players' view", PLAYER_VIEW_ERROR_MESSAGE)


# ---- players' claims and proposals: the GM previews, accepts, applies or declines (proposals.py)

PROPOSAL_ERROR_MESSAGE = "The rules engine failed to read this message; nothing in the fight changed."


def respond_proposals(request_json: str) -> dict[str, Any]:
    """The GM's page's request about a claim or proposal received (JSON text ``{"encounter",
    "message", "do", "more"?}``, :func:`rules.encounter.proposals.run_proposals`), as a dict: its
    envelope with, for a claim or proposal read, ``html`` (the pending item,
    :func:`auspex_web.render_proposals.render_pending`); errors and reasons in the books' words."""
    from rules.encounter.proposals import run_proposals

    from .render_proposals import render_pending

    try:
        data = jsonsafe.loads(request_json, what="request")
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    envelope = run_proposals(data)
    if envelope["status"] == "invalid":
        envelope["errors"] = _errors_in_book_words(envelope["errors"])
        return envelope
    envelope["html"] = render_pending(envelope)
    return envelope


def proposals(request_json: str) -> str:
    """:func:`respond_proposals` as JSON text; never raises."""
    return _never_raises(lambda: respond_proposals(request_json), "reading a player's message", PROPOSAL_ERROR_MESSAGE)


def respond_player_message(text: str) -> dict[str, Any]:
    """A message on a player's page (JSON text, at most 64 KB): one received (a ``decision``) or
    one the player is about to send (a ``claim`` or ``proposal``), read by
    :func:`rules.encounter.proposals.read_text`: ``{"status": "ok", "message"}`` (the validated
    copy: the page sends or shows only it) with, for a decision, ``html``
    (:func:`auspex_web.render_proposals.render_decision`); or ``invalid`` with the errors."""
    from rules.encounter.proposals import read_text

    from .render_proposals import render_decision

    try:
        message = read_text(text).model_dump(mode="json", exclude_none=True)
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    out: dict[str, Any] = {"status": "ok", "message": message}
    if message["kind"] == "decision":
        out["html"] = render_decision(message)
    return out


def player_message(text: str) -> str:
    """:func:`respond_player_message` as JSON text; never raises."""
    return _never_raises(lambda: respond_player_message(text), "reading a message", PROPOSAL_ERROR_MESSAGE)
