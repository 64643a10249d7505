"""The command line: ``python -m rules resolve SCENARIO.json``, ``python -m rules schema`` and the rest below.

- ``resolve FILE`` (``-`` reads stdin): prints the resolution as JSON and exits 0; exits 3 with
  ``{"needs": {"purpose", "sides", "index", "count"}, "dice": [...]}`` on stdout when the scripted dice run
  out; exits 2 with ``{"errors": [{"field", "message"}]}`` on stderr when the scenario is invalid.
  A scenario with neither ``dice`` nor ``seed`` is rolled with a fresh seed, reported in the output.
- ``schema [--system wh40krp|epic]``: prints the scenario's JSON Schema (the d100 rulesets' unless
  ``--system`` asks for the fan-made Warhammer 40,000 Roleplay's or Epic's).
- ``odds FILE``: prints the exact odds of the scenario as JSON (:mod:`rules.odds`: each chance as
  ``p``, a float, and ``exact``, a fraction "a/b"); the scenario's dice and seed are ignored. Exits
  2 with the errors on stderr when the scenario is invalid.
- ``odds --exchange FILE``: the odds of the attacks still to come against one target in an
  encounter (:mod:`rules.odds.exchange`), ``odds --sweep FILE``: a scenario's chance to kill and
  expected wounds across the target's TB and armour, a Horde's Magnitude or Epic saves, with the
  BS (or Aim) needed for an even chance (:mod:`rules.odds.sweep`).
- ``encounter FILE [--then EVENT]``: replays the encounter file (:mod:`rules.encounter`) and prints
  ``{"state": ...}``, its derived state; with ``--then`` applies one more event (a seed in it is
  turned into its dice) and prints ``{"encounter", "state", "resolution", "steps"}``, the file to
  save next. Exits 2 with the errors on stderr (``encounter.events.3.who``, ``then.action.type``)
  when the file or the event is refused, 3 with ``{"needs"}`` when the event's dice ran out.
- ``encounter FILE --view player [--html]``: the players' view of the file
  (:mod:`rules.encounter.player_view`: the numbers of the combatants not of the side ``party``
  left out, unless the file's ``reveal`` names them) as JSON, or with ``--html`` as the HTML the
  page shows it with (:mod:`rules.encounter.player_html`). Exits 2 with the errors on stderr.
- ``encounter FILE --preview MESSAGE``: a player's claim or proposal (:mod:`rules.encounter.proposals`)
  previewed against the file, nothing applied: prints the preview (a proposal's resolution from
  the file's current state, or the engine's refusal with its reason, or the GM's die it needs).
  Exits 2 with the errors on stderr when the file or the message is refused.
- ``tables template SYSTEM [--text]``: prints the critical tables' template of a ruleset (every
  table, rows 1-10 with empty text; :func:`rules.critical.text.template`) as a tables file, or with
  ``--text`` as paste-in text. ``tables check FILE [--system S]``: checks a tables file (JSON) or
  one ruleset's paste-in text (``--system`` names its ruleset) and prints the file as read (exit
  0), or exits 2 with ``{"errors": [{"field", "where", "message"}]}`` on stderr; its
  Psychic Phenomena and Perils of the Warp tables (``phenomena``, ``perils``) are checked with it.
- ``import FILE [--system dh2|dh1|dw] [--keep-going]``: reads Foundry VTT actors ("Export Data"
  JSON: one actor, a list of them, or a world's ``{"actors": [...]}``) or pasted stat blocks
  (text; ``--system`` is their ruleset, dh2 unless given) with :mod:`rules.importer` and prints the
  party file (``{"auspex_party": 1, ...}``), exit 0; each reading taken is said on stderr
  (``reading: ...``). Anything not understood (an unknown quality, a weapon with no damage, a
  characteristic out of range) exits 2 with ``{"errors": [{"field", "message"}]}`` on stderr, the
  field a JSON path (``actors.3.items.2.system.special``) or ``line N``; with ``--keep-going`` the
  party is printed all the same and those are said on stderr as warnings. A file that cannot be
  read at all exits 2 at field ``file``.
- Every FILE is read as bytes: UTF-8, with or without a byte order mark; a file in another
  encoding exits 2 with its error at the file's field (``scenario``, ``encounter``, ``then``, ``file``).
- ``catalogue``: prints each ruleset's actions, weapon qualities, circumstances, difficulties and
  sizes (what the page's forms offer).
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any

from pydantic import BaseModel

from . import jsonsafe, registry
from .api import run
from .catalogue import catalogue
from .errors import ScenarioError

EXIT_OK, EXIT_INVALID, EXIT_NEEDS = 0, 2, 3


class NotUtf8(ValueError):
    """A file whose bytes are not UTF-8: its message says where and what to do."""


def _read(path: str) -> str:
    """The text of the file at ``path`` (``-``: stdin) from its bytes: UTF-8, a leading byte order
    mark dropped (it is no part of the first word). Raises :class:`OSError` (cannot be read) and
    :class:`NotUtf8` (another encoding, such as a Latin-1 "Café")."""
    if path == "-":
        raw = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            raw = f.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        name = "stdin" if path == "-" else path
        raise NotUtf8(
            f"{name} is not UTF-8 text (line {line} holds the byte 0x{raw[exc.start]:02x}): save it as UTF-8 and try again"
        ) from None


def _invalid(message: str, field: str = "scenario") -> int:
    print(json.dumps({"errors": [{"field": field, "message": message}]}, indent=2), file=sys.stderr)
    return EXIT_INVALID


def _load(path: str, field: str = "scenario") -> dict[str, Any] | int:
    """The JSON object in ``path``, or the exit code after reporting why not (at ``field``)."""
    try:
        text = _read(path)
    except OSError as exc:
        return _invalid(f"cannot read {path}: {exc.strerror}", field)
    except NotUtf8 as exc:
        return _invalid(str(exc), field)
    try:
        data: Any = jsonsafe.loads(text, what="scenario")
    except ScenarioError as exc:  # bad JSON, or beyond rules.jsonsafe's limits (size, depth, digits)
        message = exc.errors[0].message
        return _invalid(message[:1].lower() + message[1:], field)
    if not isinstance(data, dict):
        return _invalid("a scenario is a JSON object" if field == "scenario" else "a JSON object, please", field)
    return data


def cmd_odds(path: str, mode: str = "odds") -> int:
    """``odds FILE`` (a scenario), ``odds --exchange FILE`` (:mod:`rules.odds.exchange`) or
    ``odds --sweep FILE`` (a scenario: :mod:`rules.odds.sweep`)."""
    from .odds import run_odds
    from .odds.exchange import run_exchange
    from .odds.sweep import run_sweep

    data = _load(path, "exchange" if mode == "exchange" else "scenario")
    if isinstance(data, int):
        return data
    runner = {"odds": run_odds, "exchange": run_exchange, "sweep": run_sweep}[mode]
    out = runner(data)
    if out["status"] == "invalid":
        print(json.dumps({"errors": out["errors"]}, indent=2), file=sys.stderr)
        return EXIT_INVALID
    print(json.dumps(out[mode], indent=2))
    return EXIT_OK


def cmd_resolve(path: str) -> int:
    data = _load(path)
    if isinstance(data, int):
        return data
    if data.get("dice") is None and data.get("seed") is None:
        data = {**data, "seed": secrets.randbelow(2**31)}
    out = run(data)
    if out["status"] == "invalid":
        print(json.dumps({"errors": out["errors"]}, indent=2), file=sys.stderr)
        return EXIT_INVALID
    if out["status"] == "needs":
        print(json.dumps({"needs": out["needs"], "dice": out["dice"]}, indent=2))
        return EXIT_NEEDS
    print(json.dumps(out["resolution"], indent=2))
    return EXIT_OK


def cmd_encounter(path: str, then: str | None) -> int:
    from .encounter.run import run_encounter

    data = _load(path, "encounter")
    if isinstance(data, int):
        return data
    request: dict[str, Any] = {"encounter": data}
    if then is not None:
        event = _load(then, "then")
        if isinstance(event, int):
            return event
        if event.get("dice") is None and event.get("seed") is None and event.get("type") in ROLLED:
            event = {**event, "seed": secrets.randbelow(2**31)}
        request["then"] = event
    out = run_encounter(request)
    if out["status"] == "invalid":
        print(json.dumps({"errors": out["errors"]}, indent=2), file=sys.stderr)
        return EXIT_INVALID
    if out["status"] == "needs":
        print(json.dumps({"needs": out["needs"]}, indent=2))
        return EXIT_NEEDS
    keys = ("encounter", "state", "resolution", "steps") if then is not None else ("state",)
    print(json.dumps({k: out[k] for k in keys}, indent=2, ensure_ascii=False))
    return EXIT_OK


def cmd_player_view(path: str, html: bool) -> int:
    """``encounter FILE --view player [--html]``: the players' view of the file
    (:mod:`rules.encounter.player_view`) as JSON, or as the HTML the page shows
    (:mod:`rules.encounter.player_html`); exit 2 with the errors on stderr when it is refused."""
    from .encounter.player_html import render_player
    from .encounter.player_view import run_player_view

    data = _load(path, "encounter")
    if isinstance(data, int):
        return data
    out = run_player_view(data)
    if out["status"] == "invalid":
        print(json.dumps({"errors": out["errors"]}, indent=2), file=sys.stderr)
        return EXIT_INVALID
    print(render_player(out["view"]) if html else json.dumps(out["view"], indent=2, ensure_ascii=False))
    return EXIT_OK


def cmd_preview(path: str, message_path: str) -> int:
    """``encounter FILE --preview MESSAGE``: a player's claim or proposal previewed against the
    file (:func:`rules.encounter.proposals.run_proposals`, ``do: "preview"``); exit 2 with the errors
    on stderr when the file or the message is refused."""
    from .encounter.proposals import run_proposals

    data = _load(path, "encounter")
    if isinstance(data, int):
        return data
    message = _load(message_path, "message")
    if isinstance(message, int):
        return message
    out = run_proposals({"encounter": data, "message": message, "do": "preview"})
    if out["status"] == "invalid":
        print(json.dumps({"errors": out["errors"]}, indent=2), file=sys.stderr)
        return EXIT_INVALID
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return EXIT_OK


def cmd_encounter_options(args: argparse.Namespace) -> int:
    """``encounter FILE`` with its options: ``--then``, ``--view player [--html]`` or ``--preview``."""
    if args.view is not None and args.then is not None:
        return _invalid("--view shows the file as it is: apply the event with --then first", "view")
    if args.html and args.view is None:
        return _invalid("--html goes with --view player", "html")
    if args.preview is not None and (args.then is not None or args.view is not None):
        return _invalid("--preview shows the file as it is, with no other option", "preview")
    if args.preview is not None:
        return cmd_preview(args.encounter, args.preview)
    if args.view == "player":
        return cmd_player_view(args.encounter, args.html)
    return cmd_encounter(args.encounter, args.then)


def cmd_tables(args: argparse.Namespace) -> int:
    """``tables template`` and ``tables check`` (critical tables)."""
    from .critical.check import check_tables, dump
    from .critical.text import SYSTEMS, format_text, template

    if args.tables_command == "template":
        if args.system not in SYSTEMS:
            return _invalid(f"{args.system} has no critical tables ({', '.join(SYSTEMS)})", "system")
        file = template(args.system)
        print(format_text(args.system, file), end="") if args.text else print(json.dumps(dump(file), indent=1))
        return EXIT_OK
    try:
        text = _read(args.file)
    except OSError as exc:
        return _invalid(f"cannot read {args.file}: {exc.strerror}", "file")
    except NotUtf8 as exc:
        return _invalid(str(exc), "file")
    if not text.lstrip().startswith("{"):  # paste-in text: its ruleset from --system
        if args.system is None:
            return _invalid(f"paste-in text: give its ruleset with --system ({', '.join(SYSTEMS)})", "system")
        text = json.dumps({"system": args.system, "text": text})
    out = check_tables(text)
    if out["status"] != "ok":
        print(json.dumps({"errors": out["errors"]}, indent=2), file=sys.stderr)
        return EXIT_INVALID
    for w in out.get("warnings") or []:  # saved as written: an effect left as words is said
        print(f"warning: {w['where']}: {w['message']}", file=sys.stderr)
    print(json.dumps(out["file"], indent=1, ensure_ascii=False))
    return EXIT_OK


def cmd_import(path: str, system: str, keep_going: bool) -> int:
    """``import FILE``: Foundry actors or stat blocks into a party file (:mod:`rules.importer`)."""
    from .importer import run_import

    try:
        text = _read(path)
    except OSError as exc:
        return _invalid(f"cannot read {path}: {exc.strerror}", "file")
    except NotUtf8 as exc:
        return _invalid(str(exc), "file")
    out = run_import(text, system)
    if out["status"] != "ok":
        print(json.dumps({"errors": out["errors"]}, indent=2), file=sys.stderr)
        return EXIT_INVALID
    found = out["import"]
    for reading in found["readings"]:
        print(f"reading: {reading}", file=sys.stderr)
    problems = [{"field": p["at"], "message": p["message"]} for p in found["problems"]]
    if problems and not keep_going:
        print(json.dumps({"errors": problems}, indent=2, ensure_ascii=False), file=sys.stderr)
        return EXIT_INVALID
    for p in problems:
        print(f"warning: {p['field']}: {p['message']}", file=sys.stderr)
    print(json.dumps(found["party"], indent=1, ensure_ascii=False))
    return EXIT_OK


ROLLED = ("initiative", "attack", "clear_jam")  # the events that roll dice: rolled for you when none are given


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rules", description="Auspex: resolve Warhammer 40,000 RPG attacks.")
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("resolve", help="resolve a scenario JSON file ('-' for stdin)")
    r.add_argument("scenario")
    sc = sub.add_parser("schema", help="print the scenario JSON Schema")
    sc.add_argument("--system", default=registry.DEFAULT, help="dh2, dh1, dw (one schema), wh40krp or epic")
    o = sub.add_parser("odds", help="print the exact odds of a scenario JSON file ('-' for stdin)")
    o.add_argument("scenario")
    how = o.add_mutually_exclusive_group()
    how.add_argument(
        "--exchange", action="store_true", help="the file is an exchange: attacks on one target in an encounter"
    )
    how.add_argument(
        "--sweep", action="store_true", help="the scenario's chance to kill across the target's TB and armour"
    )
    sub.add_parser("catalogue", help="print each ruleset's actions, qualities and circumstances")
    e = sub.add_parser("encounter", help="print an encounter file's state; --then EVENT applies one more event")
    e.add_argument("encounter")
    e.add_argument("--then", default=None, help="an event JSON file ('-' for stdin) to apply")
    e.add_argument("--view", choices=["player"], default=None, help="player: the players' view, NPCs' numbers hidden")
    e.add_argument("--html", action="store_true", help="with --view player: the view as the page's HTML")
    e.add_argument("--preview", default=None, help="a player's claim or proposal (JSON file) previewed, not applied")
    # critical tables: tables template SYSTEM [--text], tables check FILE [--system S]
    t = sub.add_parser("tables", help="critical tables: print a ruleset's template, or check a tables file")
    tsub = t.add_subparsers(dest="tables_command", required=True)
    tt = tsub.add_parser("template", help="every table of a ruleset with empty rows")
    tt.add_argument("system")
    tt.add_argument("--text", action="store_true", help="as paste-in text, not JSON")
    tc = tsub.add_parser("check", help="check a tables file (JSON) or paste-in text ('-' for stdin)")
    tc.add_argument("file")
    tc.add_argument("--system", default=None, help="the ruleset of paste-in text: dh2, dh1, dw or wh40krp")
    im = sub.add_parser("import", help="Foundry actors (JSON) or pasted stat blocks ('-' for stdin) as a party file")
    im.add_argument("file")
    im.add_argument("--system", default="dh2", choices=("dh2", "dh1", "dw"), help="the ruleset of stat blocks")
    im.add_argument("--keep-going", action="store_true", help="print the party even with fields not understood")
    args = ap.parse_args(argv)
    if args.command == "import":
        return cmd_import(args.file, args.system, args.keep_going)
    if args.command == "tables":
        return cmd_tables(args)
    if args.command == "schema":
        ruleset = registry.find(args.system) or registry.get(registry.DEFAULT)  # the d100 schema if unknown
        model: type[BaseModel] = ruleset.scenario_model()
        print(json.dumps(model.model_json_schema(by_alias=True), indent=2))
        return EXIT_OK
    if args.command == "catalogue":
        print(json.dumps(catalogue(), indent=1, ensure_ascii=False))
        return EXIT_OK
    if args.command == "odds":
        return cmd_odds(args.scenario, "exchange" if args.exchange else "sweep" if args.sweep else "odds")
    if args.command == "encounter":
        return cmd_encounter_options(args)
    return cmd_resolve(args.scenario)


if __name__ == "__main__":
    sys.exit(main())
