"""The players' view (rules/encounter/player_view.py, player_html.py and the CLI's ``--view
player``): the player characters' numbers shown, every other combatant's hidden (its name, its
state in the ruleset's words, its conditions' names), nothing hidden in the JSON or the HTML.

The hand fight: the Guard (side ``party``, 12 W, Autogun Clip 30) and a Cultist whose every number
is one the Guard has nowhere (29 W, TB 4, Dodge 37, WS 41, BS 43, Ag 46, an autopistol of Clip 17);
after the fight's events the Cultist's numbers (its wounds, damage taken, its initiative and d10,
its clip, the dice of the attacks by and against it) must be in neither the view nor its HTML.
"""

from __future__ import annotations

import contextlib
import copy
import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from encounter_helpers import GUARD, Fight
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz import BASES
from test_fuzz_encounter import fights

from rules.__main__ import main as cli_main
from rules.encounter.engine import replay
from rules.encounter.player_html import render_player
from rules.encounter.player_view import STATE_WORDS, player_view, run_player_view
from rules.encounter.run import load_file, run_encounter

CULTIST_TARGET = {
    "name": "Cultist",
    "wounds": 29,
    "toughness_bonus": 4,
    "evasion": {"reaction": "Dodge", "skill": 37},
}
CULTIST_ATTACKER = {
    "name": "Cultist",
    "characteristics": {"WS": 41, "BS": 43, "Ag": 46},
    "weapon": {
        "name": "Autopistol",
        "class": "Pistol",
        "range": 30,
        "rof": "S/-/6",
        "damage": "1d10+2",
        "clip": 17,
        "reload": "Full",
    },
}
HIDDEN_KEYS = {"id", "name", "side", "shown", "state", "out", "conditions"}


def numbers(text: str) -> set[int]:
    """Every whole number written in ``text`` (digits not part of a longer word's digits)."""
    return {int(m) for m in re.findall(r"\d+", text)}


def text_of(fragment: str) -> str:
    """The HTML's text and attribute values, entities read (``&#x27;`` is no number)."""
    return (
        html.unescape(re.sub(r"<[^>]*?>", " ", fragment))
        + " "
        + " ".join(html.unescape(v) for v in re.findall(r'="([^"]*)"', fragment))
    )


def hand_fight(system: str = "dh2") -> Fight:
    """The Guard (party) and the Cultist; initiative by hand (Guard 7 + AgB 3 = 10, Cultist
    8 + AgB 4 = 12: the Cultist first); the Cultist fires at the Guard (9 of its 12 taken), the Guard's burst at the Cultist
    (15 of its 29 taken)."""
    f = Fight(system)
    guard = {"id": "g", "name": "Guard", "side": "party", "attacker": GUARD, "target": {"name": "Guard", "wounds": 12}}
    f.do({"type": "add", "combatant": guard})
    cultist = {"id": "c", "name": "Cultist", "attacker": CULTIST_ATTACKER, "target": CULTIST_TARGET}
    f.do({"type": "add", "combatant": cultist})
    f.do({"type": "initiative", "dice": [7, 8]})
    f.do({"type": "attack", "who": "c", "at": "g", "action": {"type": "Standard Attack", "distance": 10}, "seed": 1})
    f.end("c")
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"type": "Full Auto Burst", "distance": 10}, "seed": 1})
    return f


def hidden_numbers(f: Fight) -> set[int]:
    """The Cultist's numbers, as the GM's state and file hold them."""
    c = f.who("c")
    out = {c["wounds"], c["damage_taken"], c["initiative"], c["d10"], c["weapon"]["rounds"], c["weapon"]["clip"]}
    out |= {41, 43, 46, 37, 29}
    for ev in f.file["events"]:
        if ev["type"] == "attack":
            out |= set(ev["dice"])
    return out


def test_the_cultists_numbers_are_in_neither_the_view_nor_its_html() -> None:
    f = hand_fight()
    view = player_view(load_file(f.file))
    shown = numbers(json.dumps([c for c in view["cards"] if c["shown"]]))
    secret = hidden_numbers(f) - shown - {view["round"], *range(len(view["log"]))}
    assert {29, 37, 41, 43, 46, 17} <= secret  # the canaries are still to find (not the Guard's too)
    assert f.who("c")["damage_taken"] in secret, "the Guard's burst must have wounded the Cultist"
    out = json.dumps(view)
    page = text_of(render_player(view))
    assert not numbers(out) & secret, numbers(out) & secret
    assert not numbers(page) & secret, numbers(page) & secret
    cultist = next(c for c in view["cards"] if c["id"] == "c")
    assert set(cultist) == HIDDEN_KEYS and cultist["state"] == "badly hurt"  # 15 of 29: past half


def test_the_party_card_shows_its_own_numbers() -> None:
    f = hand_fight()
    guard = next(c for c in player_view(load_file(f.file))["cards"] if c["id"] == "g")
    state = f.who("g")
    assert guard["shown"] is True
    assert (guard["wounds"], guard["damage_taken"]) == (12, state["damage_taken"])
    assert guard["weapon"]["rounds"] == state["weapon"]["rounds"] and guard["weapon"]["clip"] == 30
    assert guard["initiative"] == 10  # d10 7 + AgB 3


def test_cards_follow_the_initiative_order_and_the_turn_says_what_is_left() -> None:
    f = hand_fight()
    view = player_view(load_file(f.file))
    assert [c["id"] for c in view["cards"]] == ["c", "g"]  # Cultist 12 before Guard 10
    t = view["turn"]
    assert t["who"] == "g" and t["shown"] is True and t["target"] == "c"
    # DH2: a Full Auto Burst is a Half Action (DH2 Core, Table 7-1): one of two left
    assert t["half_actions_left"] == 1 and t["actions"] == ["Full Auto Burst"]
    assert {"attack", "aim_half", "end_turn"} <= set(t["may"]) and "aim_full" in t["refused"]
    f.do({"type": "aim", "who": "g", "aim": "half"})
    t = player_view(load_file(f.file))["turn"]
    assert t["half_actions_left"] == 0 and "end_turn" in t["may"]
    assert "attack" in t["refused"] and t["refused"]["attack"] is None  # a reason about the hidden Cultist
    assert "Half Action" in t["refused"]["aim_half"]  # the engine's own reason, about the Guard
    assert "seed 0" not in t["refused"]["aim_half"]  # citing the books, as the page's reasons do


def test_a_hidden_combatants_turn_says_only_whose_it_is() -> None:
    f = hand_fight()
    f.end("g")  # round 2: the Cultist's turn
    t = player_view(load_file(f.file))["turn"]
    assert t == {"who": "c", "name": "Cultist", "shown": False}


def test_the_log_leaves_out_the_gms_numbers() -> None:
    f = hand_fight()
    log = [x["text"] for x in player_view(load_file(f.file))["log"]]
    gm = [x.text for x in replay(load_file(f.file)).log]
    assert "Cultist 12" in gm[2] and log[2] == "Initiative: Cultist, Guard 10; Round 1: Cultist's turn"
    assert "15 of 29 taken" in gm[5]
    assert (
        log[5]
        == "Guard attacks Cultist (Full Auto Burst): hit; Cultist is badly hurt; Guard's Autogun: 20 of 30 rounds"
    )
    assert log[3] == "Cultist attacks Guard (Standard Attack): hit; Guard: 9 of 12 taken"


def test_a_new_round_is_said_when_the_turn_stays_with_a_lone_combatant() -> None:
    f = Fight("dh2")
    guard = {"id": "g", "name": "Guard", "side": "party", "attacker": GUARD, "target": {"name": "Guard", "wounds": 12}}
    f.do({"type": "add", "combatant": guard})
    f.do({"type": "initiative", "dice": [7]})
    f.end("g")
    assert player_view(load_file(f.file))["log"][-1]["text"] == "Guard ends its turn; Round 2: Guard's turn"


def test_aim_is_said_once_as_its_condition() -> None:
    f = hand_fight()
    f.end("g")
    f.end("c")  # round 2: the Guard's turn
    f.do({"type": "aim", "who": "g", "aim": "half"})
    assert player_view(load_file(f.file))["log"][-1]["text"] == "Guard aims (Half Action); Guard is Aiming"


def test_a_revealed_combatant_is_shown_whole() -> None:
    f = hand_fight()
    file = {**f.file, "reveal": ["c"]}
    cultist = next(c for c in player_view(load_file(file))["cards"] if c["id"] == "c")
    assert cultist["shown"] is True and cultist["wounds"] == 29


def test_reveal_is_kept_by_the_file_and_old_files_are_unchanged() -> None:
    f = hand_fight()
    assert "reveal" not in run_encounter({"encounter": f.file})["encounter"]
    kept = run_encounter({"encounter": {**f.file, "reveal": ["c"]}, "then": {"type": "end_turn", "who": "g"}})
    assert kept["encounter"]["reveal"] == ["c"]
    bad = run_player_view({**f.file, "reveal": ["no way"]})
    assert bad["status"] == "invalid" and bad["errors"][0]["field"] == "encounter.reveal.0"


# --- the state in words --------------------------------------------------------------------------


def _after_adjust(system: str, target: dict[str, Any], **adjust: int) -> str:
    f = Fight(system)
    f.do({"type": "add", "combatant": {"id": "o", "name": "Ork", "target": target}})
    f.do({"type": "adjust", "who": "o", **adjust})
    return str(player_view(load_file(f.file))["cards"][0]["state"])


@pytest.mark.parametrize(
    ("taken", "critical", "word"),
    [
        (0, 0, "unhurt"),
        (8, 0, "Lightly Damaged"),  # 8 <= 2 x TB 4
        (9, 0, "Heavily Damaged"),  # 9 > 8
        (20, 0, "Heavily Damaged"),  # all 20 wounds, not past them
        (21, 0, "Critically Damaged"),  # past its 20 wounds
        (20, 1, "Critically Damaged"),  # critical damage taken
    ],
)
def test_deathwatch_damage_states(taken: int, critical: int, word: str) -> None:
    """Seed 001, Damage: Heavily Damaged when damage taken is more than twice TB; Lightly up to it;
    Critically past the wounds (the engine's reading, rules/data/dw/tables.json damage_states)."""
    target = {"name": "Ork", "wounds": 20, "toughness_bonus": 4}
    assert _after_adjust("dw", target, damage_taken=taken, critical=critical) == word


@pytest.mark.parametrize(
    ("taken", "critical", "word"),
    [(0, 0, "unhurt"), (5, 0, "hurt"), (6, 0, "badly hurt"), (1, 1, "badly hurt")],
)
def test_auspex_words_elsewhere(taken: int, critical: int, word: str) -> None:
    """Auspex's wording: hurt up to half of its 10 wounds (5), badly hurt past half or with any
    critical damage."""
    target = {"name": "Ork", "wounds": 10, "toughness_bonus": 3}
    assert _after_adjust("dh2", target, damage_taken=taken, critical=critical) == word


def test_a_horde_half_gone_is_badly_hurt() -> None:
    """A Horde of Magnitude 30: 15 left is hurt (half gone), 14 badly hurt (Auspex's words)."""
    horde = {"name": "Mob", "toughness_bonus": 4, "horde": {"magnitude": 30}}
    assert _after_adjust("dw", horde, magnitude=15) == "hurt"
    assert _after_adjust("dw", horde, magnitude=14) == "badly hurt"


# --- escaping --------------------------------------------------------------------------------------

SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(2)>'


def test_names_and_conditions_are_escaped_in_the_html() -> None:
    f = Fight("dh2")
    f.do({"type": "add", "combatant": {"id": "p", "name": SCRIPT, "side": "party", "attacker": GUARD}})
    f.do({"type": "add", "combatant": {"id": "o", "name": IMG, "target": CULTIST_TARGET}})
    f.do({"type": "condition", "who": "o", "condition": "<b onclick=x>Prone"})
    f.do({"type": "condition", "who": "p", "condition": SCRIPT})
    page = render_player({**player_view(load_file(f.file)), "name": SCRIPT})
    assert "<script" not in page and "<img" not in page and "<b onclick" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;img src=x onerror=alert(2)&gt;" in page


# --- the CLI ---------------------------------------------------------------------------------------


def _cli(tmp_path: Path, file: Any, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(file) if not isinstance(file, str) else file, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(["encounter", str(path), *args])
    return code, out.getvalue(), err.getvalue()


def test_cli_prints_the_view_and_its_html(tmp_path: Path) -> None:
    f = hand_fight()
    code, out, _ = _cli(tmp_path, f.file, "--view", "player")
    assert code == 0 and json.loads(out) == player_view(load_file(f.file))
    code, out, _ = _cli(tmp_path, f.file, "--view", "player", "--html")
    assert code == 0 and out.strip() == render_player(player_view(load_file(f.file)))


@pytest.mark.parametrize(
    ("file", "args", "field"),
    [
        (
            {"auspex_encounter": 1, "system": "dh2", "events": [{"type": "attack", "who": "x"}]},
            (),
            "encounter.events.0.at",
        ),
        ({"auspex_encounter": 1, "system": "zz", "events": []}, (), "encounter.system"),
        ("{not json", (), "encounter"),
        ({"auspex_encounter": 1, "system": "dh2", "events": []}, ("--then", "x.json"), "view"),
    ],
)
def test_cli_refuses_bad_input_at_its_field(tmp_path: Path, file: Any, args: tuple[str, ...], field: str) -> None:
    code, out, err = _cli(tmp_path, file, "--view", "player", *args)
    assert code == 2 and out == "" and "Traceback" not in err
    assert json.loads(err)["errors"][0]["field"] == field


def test_cli_html_needs_the_view(tmp_path: Path) -> None:
    code, _, err = _cli(tmp_path, {"auspex_encounter": 1, "system": "dh2", "events": []}, "--html")
    assert code == 2 and json.loads(err)["errors"][0]["field"] == "html"


# --- fuzzed fights ---------------------------------------------------------------------------------


def _played(file: dict[str, Any], events: list[dict[str, Any]], party: list[bool]) -> dict[str, Any] | None:
    """``file`` (its combatants given to the party as ``party`` says) with every event the engine
    takes of ``events``, or None when the file itself is refused."""
    file = copy.deepcopy(file)
    for ev, mine in zip(file["events"], party, strict=False):
        if ev["type"] == "add" and mine:
            ev["combatant"]["side"] = "party"
    out = run_encounter({"encounter": file})
    if out["status"] != "ok":
        return None
    file = out["encounter"]
    for raw in events:
        ev = copy.deepcopy(raw)
        if ev.get("who") == "turn":
            ev["who"] = out["state"].get("turn") or "a"
        if ev.get("type") == "add" and isinstance(ev.get("combatant"), dict) and party[-1]:
            ev["combatant"]["side"] = "party"
        nxt = run_encounter({"encounter": file, "then": ev})
        if nxt["status"] == "ok":
            out, file = nxt, nxt["encounter"]
    return file


def _check_view(file: dict[str, Any]) -> None:
    """Hidden cards hold only their words; every number in the log is one a card shows (at some
    point of the fight) or a round; every number in the HTML is one in the view."""
    views = [player_view(load_file({**file, "events": file["events"][:k]})) for k in range(len(file["events"]) + 1)]
    view = views[-1]
    shown = set().union(*(numbers(json.dumps(v["cards"])) for v in views)) | {v["round"] for v in views}
    for c in view["cards"]:
        if not c["shown"]:
            assert set(c) == HIDDEN_KEYS, c
        assert c["state"] in STATE_WORDS, c
    for line in view["log"]:
        assert numbers(line["text"]) <= shown, (line, numbers(line["text"]) - shown)
    t = view["turn"]
    if t is not None and t["shown"]:
        target = next((c for c in view["cards"] if c["id"] == t["target"]), None)
        if target is None or not target["shown"]:
            assert all(t["refused"].get(k) is None for k in ("attack", "grapple")), t
    assert numbers(text_of(render_player(view))) <= numbers(json.dumps(view)) | {0}


@pytest.mark.parametrize("ruleset", list(BASES))
def test_fuzzed_fights_hide_every_hidden_number(ruleset: str) -> None:
    @settings(max_examples=8, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(fights(ruleset, typed=False), st.lists(st.booleans(), min_size=4, max_size=4))
    def check(case: tuple[dict[str, Any], list[dict[str, Any]]], party: list[bool]) -> None:
        file = _played(*case, party)
        if file is not None:
            _check_view(file)

    check()


MOVES = ["attack", "attack", "attack", "attack", "aim", "end_turn", "end_turn", "adjust", "condition", "reload"]


@st.composite
def played(draw: st.DrawFn, ruleset: str) -> dict[str, Any]:
    """A fight that goes on: 2-4 combatants from the scenario fuzz's bases (each on the party's
    side or not), initiative rolled, then attacks (by whoever's turn it is, at any other, with its
    base's action), Aim, turns ended, the GM's wounds and conditions; the file of the events taken."""
    n = draw(st.integers(2, 4))
    bases = [draw(st.sampled_from(BASES[ruleset])) for _ in range(n)]
    ids = [f"x{i}" for i in range(n)]
    file: dict[str, Any] = {"auspex_encounter": 1, "system": ruleset, "events": []}
    for cid, base in zip(ids, bases, strict=True):
        side = draw(st.sampled_from(["party", "foes", "foes"]))
        new = {
            "id": cid,
            "name": f"N{cid}",
            "side": side,
            "attacker": base.get("attacker"),
            "target": base.get("target"),
        }
        file["events"].append({"type": "add", "combatant": new, "seed": 1})
    file["events"].append({"type": "initiative", "seed": draw(st.integers(0, 1000))})
    out = run_encounter({"encounter": file})
    if out["status"] != "ok":
        return file
    file = out["encounter"]
    for move, k, seed in draw(
        st.lists(st.tuples(st.sampled_from(MOVES), st.integers(0, 3), st.integers(0, 999)), max_size=14)
    ):
        who = out["state"].get("turn") or ids[0]
        ev: dict[str, Any] = {"type": move, "who": who}
        if move == "attack":
            action = copy.deepcopy(bases[ids.index(who)].get("action") or {})
            action.pop("aim", None)
            ev.update({"at": ids[k % n], "action": action, "seed": seed})
        elif move == "adjust":
            ev.update({"who": ids[k % n], "damage_taken": seed % 15})
        elif move == "condition":
            ev.update({"who": ids[k % n], "condition": "Stunned", "rounds": 1})
        elif move == "end_turn":
            ev["seed"] = seed
        nxt = run_encounter({"encounter": file, "then": ev})
        if nxt["status"] == "ok":
            out, file = nxt, nxt["encounter"]
    return file


@pytest.mark.parametrize("ruleset", list(BASES))
def test_played_fights_hide_every_hidden_number(ruleset: str) -> None:
    @settings(max_examples=6, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(played(ruleset))
    def check(file: dict[str, Any]) -> None:
        if run_encounter({"encounter": file})["status"] == "ok":
            _check_view(file)

    check()


@pytest.mark.parametrize("ruleset", list(BASES))
def test_any_file_gets_the_replays_answer_never_a_traceback(ruleset: str) -> None:
    """A file of fuzzed events, typed numbers and odd text written straight into it (as a hand-made
    or hostile file): the view is refused exactly where the encounter's replay refuses it (the
    same errors, each at ``encounter.*``), and made when the replay takes it."""

    @settings(max_examples=10, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(fights(ruleset, typed=True))
    def check(case: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
        file, events = case
        file = {**file, "events": [*file["events"], *(e for e in events if e.get("who") != "turn")]}
        gm = run_encounter({"encounter": file})
        out = run_player_view(file)
        assert out["status"] == gm["status"], (out, gm)
        if out["status"] == "invalid":
            assert out["errors"] == gm["errors"]
            assert all(e["field"].startswith("encounter") for e in out["errors"])

    check()


# --- the page's bridge ------------------------------------------------------------------------------


def test_the_bridge_gives_the_view_and_the_same_html_as_the_cli() -> None:
    from auspex_web.bridge import player_view as bridge_view
    from auspex_web.bridge import respond_player_view

    f = hand_fight()
    out = respond_player_view(json.dumps(f.file))
    assert out["status"] == "ok" and out["view"] == player_view(load_file(f.file))
    assert out["html"] == render_player(out["view"])
    deep = respond_player_view("[" * 5000 + "]" * 5000)  # refused before parsing, not a stack overflow
    assert deep["status"] == "invalid"
    bad = json.loads(bridge_view(json.dumps({**f.file, "system": "zz"})))
    assert bad["status"] == "invalid" and bad["errors"][0]["field"] == "encounter.system"
