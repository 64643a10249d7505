"""The odds of an exchange (rules/odds/exchange.py): the attacks still to come against one target
this round, their carry-over the encounter engine's own.

The fighters (DH2): two Guards ("g1", "g2": BS 40, Ag 35, an Autogun, Basic, 90 m, S/3/10,
1d10+3 I, Pen 0, Clip 30) and a Cultist ("c": TB 3, no armour, a Dodge of 30). At 20 m the Autogun
is at Short range (+10, DH2 Core Table 7-3) and a Standard Attack is +10 (seed 004): the Guard's
test is 40 + 10 + 10 = 60, a hit on 01-60. Initiative by hand: d10s 10, 9, 1 give 13, 12, 4 (AgB
3 each): round 1, Guard 1, then Guard 2, then the Cultist.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.api import load_scenario
from rules.encounter.engine import apply, preview, replay
from rules.encounter.run import load_event, load_file
from rules.errors import NeedDie
from rules.odds import exchange, run_odds
from rules.odds.exchange import run_exchange
from tests.unit.encounter_helpers import AUTOGUN, CULTIST_ATTACKER

STANDARD = {"type": "Standard Attack", "distance": 20}


def guard(n: int, bs: int = 40, weapon: dict[str, Any] | None = None) -> dict[str, Any]:
    name = f"Guard {n}"
    return {
        "type": "add",
        "combatant": {
            "id": f"g{n}",
            "name": name,
            "side": "party",
            "attacker": {"name": name, "characteristics": {"WS": 30, "BS": bs, "Ag": 35}, "weapon": weapon or AUTOGUN},
            "target": {"name": name, "wounds": 12},
        },
    }


def encounter(cultist: dict[str, Any], bs: int = 40, weapon: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "auspex_encounter": 1,
        "system": "dh2",
        "events": [
            guard(1, bs, weapon),
            guard(2, bs, weapon),
            {
                "type": "add",
                "combatant": {"id": "c", "name": "Cultist", "attacker": CULTIST_ATTACKER, "target": cultist},
            },
            {"type": "initiative", "dice": [10, 9, 1]},
        ],
    }


def two_attacks(cultist: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {
        "encounter": encounter(cultist, **kw),
        "target": "c",
        "attacks": [{"who": "g1", "action": STANDARD}, {"who": "g2", "action": STANDARD}],
    }


def fraction(chance: dict[str, Any]) -> Fraction:
    return Fraction(chance["exact"])


def ok(data: dict[str, Any]) -> dict[str, Any]:
    out = run_exchange(data)
    assert out["status"] == "ok", out
    return dict(out["exchange"])


def test_the_second_attack_meets_no_dodge_once_the_first_spent_the_reaction() -> None:
    """One Reaction a round (seed 003, Reactions): the Cultist's Dodge spent on the first Guard's
    hit is not there for the second's. The Cultist has 1 wound left (9 of 10 taken): every hit not
    dodged takes it down (1d10+3 - TB 3 >= 1).

    Hand count: a Guard hits on 01-60 (60/100); the Dodge of 30 succeeds on 01-30 (30/100).
    After Guard 1: down = 60/100 x 70/100 = 42/100.
    Guard 2: after a miss (40/100) the Dodge is there: 42/100 more x 40/100; after a dodged hit
    (60/100 x 30/100 = 18/100) it is spent: 60/100 x 18/100.
    Down after both = 42/100 + 40/100 x 42/100 + 18/100 x 60/100 = 0.42 + 0.168 + 0.108 = 696/1000
    = 87/125 (without the carry-over it would be 1 - 0.58^2 = 0.6636). It gets to act: 38/125."""
    cultist = {"name": "Cultist", "wounds": 10, "damage_taken": 9, "toughness_bonus": 3}
    cultist["evasion"] = {"reaction": "Dodge", "skill": 30}
    got = ok(two_attacks(cultist))
    assert got["exact"] is True
    assert [fraction(s["down"]) for s in got["steps"]] == [Fraction(42, 100), Fraction(87, 125)]
    assert fraction(got["act"]) == Fraction(38, 125)
    assert [s["who"] for s in got["steps"]] == ["g1", "g2"]


def test_a_stunned_target_is_hit_more_easily_by_every_attack_and_does_not_act() -> None:
    """Stunned (seed 001, Stunned: opponents +20 to hit, no Reactions; seed 003, Stunned Targets),
    given by the GM for 1 of the Cultist's turns before the exchange. With 1 wound left every hit
    takes it down. Hand count: each Guard's test is 60 + 20 = 80 (hits on 01-80), no Dodge:
    down after Guard 1 = 4/5; after Guard 2 = 1 - (1/5)^2 = 24/25. It does not act at all: down, or
    still Stunned when its turn comes (its own turn ends the Stunned)."""
    cultist = {"name": "Cultist", "wounds": 10, "damage_taken": 9, "toughness_bonus": 3}
    cultist["evasion"] = {"reaction": "Dodge", "skill": 30}
    data = two_attacks(cultist)
    data["encounter"]["events"].append({"type": "condition", "who": "c", "condition": "Stunned", "rounds": 1})
    got = ok(data)
    assert got["exact"] is True
    assert [fraction(s["down"]) for s in got["steps"]] == [Fraction(4, 5), Fraction(24, 25)]
    assert fraction(got["act"]) == 0


def test_a_quality_whose_test_leaves_a_condition_not_carried_is_sampled_and_says_why() -> None:
    """Hallucinogenic (DH2 Core, Ch. V: a Toughness test or Hallucinating) leaves a condition the
    single attack's outcome does not say: the exchange is estimated from runs of the engine."""
    weapon = {**AUTOGUN, "qualities": ["Hallucinogenic (2)"]}
    data = two_attacks(
        {"name": "Cultist", "wounds": 30, "toughness_bonus": 3, "characteristics": {"T": 30}}, weapon=weapon
    )
    got = ok(data)
    assert got["exact"] is False and got["sample"] == exchange.RUNS
    assert "Hallucinogenic" in got["notes"][0]
    down = got["steps"][-1]["down"]
    assert down["low"] is not None and down["low"] <= down["p"] <= down["high"]


def test_a_concussive_hit_s_stunned_makes_the_next_attack_easier_exactly() -> None:
    """Concussive (X) (DH2 Core, Ch. V: the struck target tests Toughness at -10 x X or is Stunned
    for 1 round per degree of failure) carried exactly: the first Guard's Stunned gives the second
    Guard +20 to hit (seed 001, Stunned; seed 003, Stunned Targets).

    The Cultist has 2 wounds left (8 of 10 taken), TB 7, no armour, no S given (so no Prone), no
    Dodge. Guard 1 fires a Concussive (5) stubber, 1d5 I, Pen 0: its d5 (or the degrees replacing
    it, at most 7 on a roll of 01-09 against 60) less TB 7 is 0 wounds; a d5's 10 is Righteous
    Fury, whose hit with no damage deals 1 (seed 004, Righteous Fury): 1 of the 2 left. So Guard 1
    never takes the Cultist down, but every hit makes it test (the test is on a hit, wounds or
    not): T 70 - 50 = 20, passed on 01-20, Stunned on 21-100 (80/100). Guard 2's Autogun, 1d5+8
    I, deals at least 1 + 8 - 7 = 2 wounds: every hit takes it down.

    Hand count: each Guard tests 40 + 10 (Standard) + 10 (Short range) = 60.
    After Guard 1: down 0; Stunned = 60/100 x 80/100 = 12/25, not Stunned 13/25.
    Guard 2 hits on 01-80 against the Stunned Cultist (60 + 20), on 01-60 otherwise:
    down = 12/25 x 80/100 + 13/25 x 60/100 = 48/125 + 39/125 = 87/125
    (without the carried Stunned it would be 60/100 = 75/125).
    It acts only neither Stunned nor hit by Guard 2: 13/25 x 40/100 = 26/125."""
    stubber = {**AUTOGUN, "name": "Shock Stubber", "damage": "1d5", "qualities": ["Concussive (5)"]}
    data = two_attacks(
        {"name": "Cultist", "wounds": 10, "damage_taken": 8, "toughness_bonus": 7, "characteristics": {"T": 70}},
        weapon=stubber,
    )
    g2 = data["encounter"]["events"][1]["combatant"]["attacker"]
    g2["weapon"] = {**AUTOGUN, "damage": "1d5+8"}
    got = ok(data)
    assert got["exact"] is True, got["notes"]
    assert [fraction(s["down"]) for s in got["steps"]] == [Fraction(0), Fraction(87, 125)]
    assert fraction(got["act"]) == Fraction(26, 125)


def test_a_volley_of_ten_is_exact_a_jam_read_only_by_its_attacker_s_later_attacks() -> None:
    """Ten Guards fire a Standard Attack each at a Cultist with 1 wound left, no Dodge (a mob's
    volley). A Guard's jam (96-00, seed 004, Weapon Jams) stops only its own later attacks: each
    fires once, so a jam reads as a miss and the states merge (2^10 of them apart before).

    Hand count: a Guard hits on 01-60 and every hit takes it down (1d10+3 - TB 3 >= 1); it stands
    only if every Guard before missed: down after Guard k = 1 - (40/100)^k; after all ten
    1 - (2/5)^10 = 9,755,001/9,765,625. It acts (2/5)^10 = 1,024/9,765,625."""
    cultist = {"name": "Cultist", "wounds": 10, "damage_taken": 9, "toughness_bonus": 3}
    data = two_attacks(cultist)
    events = data["encounter"]["events"]
    events[2:2] = [guard(n) for n in range(3, 11)]
    events[-1] = {"type": "initiative", "dice": [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 1, *range(10, 0, -1)] * 3}
    data["attacks"] = [{"who": f"g{n}", "action": STANDARD} for n in range(1, 11)]
    got = ok(data)
    assert got["exact"] is True, got["notes"]
    assert [fraction(s["down"]) for s in got["steps"]] == [1 - Fraction(2, 5) ** k for k in range(1, 11)]
    assert fraction(got["act"]) == Fraction(2, 5) ** 10


def test_identical_bodies_of_a_volley_share_one_distribution(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten Guards of one profile (each its own name) fire at a Cultist with a Dodge: a Guard's
    attack is one of two attacks (the Dodge there, or spent by an earlier hit: seed 003,
    Reactions), whatever its name, so the single attack's odds are worked out twice, not 19
    times; the figures are those of every body worked out on its own."""
    cultist = {"name": "Cultist", "wounds": 10, "toughness_bonus": 3, "evasion": {"reaction": "Dodge", "skill": 30}}
    data = two_attacks(cultist)
    events = data["encounter"]["events"]
    events[2:2] = [guard(n) for n in range(3, 11)]
    events[-1] = {"type": "initiative", "dice": [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 1, *range(10, 0, -1)] * 3}
    data["attacks"] = [{"who": f"g{n}", "action": STANDARD} for n in range(1, 11)]
    from rules.odds import d100

    worked: list[Any] = []
    real = d100.outcomes
    monkeypatch.setattr(d100, "outcomes", lambda *a, **k: worked.append(a[0]) or real(*a, **k))
    got = ok(data)
    assert got["exact"] is True
    assert len(worked) == 2
    assert {s.target.evasion is None for s in worked} == {True, False}
    monkeypatch.setattr(exchange, "_alike", lambda scenario: scenario.model_dump_json())  # each body on its own
    worked.clear()
    assert ok(data) == got
    assert len(worked) == 19  # Guard 1 meets the Dodge only; each of the nine after it, both


def _single_chart(data: dict[str, Any], who: str) -> dict[int, Fraction]:
    """The single attack's wounds chart, as the Odds panel gives it for ``who``'s attack now."""
    state = replay(load_file(data["encounter"]))
    event = load_event({"type": "attack", "who": who, "at": "c", "action": STANDARD})
    scenario, _ = preview(state, event)
    out = run_odds(scenario)
    assert out["status"] == "ok", out
    return {b["value"]: Fraction(b["p"]["exact"]) for b in out["odds"]["chart"]["bars"]}


def test_two_attacks_with_nothing_carried_but_the_wounds_are_the_convolution_of_their_charts() -> None:
    """No Reaction, two attackers (each its own clip and jam): the only carry-over is the wounds,
    so the exchange's chart is the two single attacks' charts convolved, capped at the 10 wounds
    left ("10+": down)."""
    data = two_attacks({"name": "Cultist", "wounds": 10, "toughness_bonus": 3})
    got = ok(data)
    a, b = _single_chart(data, "g1"), _single_chart(data, "g2")
    want: dict[int, Fraction] = {}
    for w1, p1 in a.items():
        for w2, p2 in b.items():
            v = min(10, w1 + w2)
            want[v] = want.get(v, Fraction(0)) + p1 * p2
    chart = {bar["value"]: Fraction(bar["p"]["exact"]) for bar in got["chart"]["bars"]}
    assert {v: p for v, p in chart.items() if p} == want
    assert got["chart"]["bars"][-1]["label"] == "10+"
    assert fraction(got["steps"][-1]["down"]) == want[10]


def test_one_attack_s_down_is_the_single_attack_s_kills() -> None:
    data = two_attacks(
        {"name": "Cultist", "wounds": 10, "toughness_bonus": 3, "evasion": {"reaction": "Dodge", "skill": 30}}
    )
    data["attacks"] = data["attacks"][:1]
    got = ok(data)
    state = replay(load_file(data["encounter"]))
    scenario, _ = preview(state, load_event({"type": "attack", "who": "g1", "at": "c", "action": STANDARD}))
    single = run_odds(scenario)["odds"]
    kill = next(f for f in single["headline"] if f["key"] == "kill")
    assert got["steps"][0]["down"] == kill["chance"]


def test_the_sampled_figures_hold_the_exact_ones_within_their_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    cultist = {"name": "Cultist", "wounds": 10, "damage_taken": 4, "toughness_bonus": 3}
    cultist["evasion"] = {"reaction": "Dodge", "skill": 30}
    data = two_attacks(cultist)
    exact = ok(data)

    def refuse(*_: Any) -> Any:
        raise exchange.NotExact("the test asks for runs")

    monkeypatch.setattr(exchange, "_walk", refuse)
    monkeypatch.setattr(exchange, "RUNS", 300)
    sampled = ok(data)
    assert sampled["exact"] is False and sampled["sample"] == 300
    pairs = [(s["down"], e["down"]) for s, e in zip(sampled["steps"], exact["steps"], strict=True)]
    pairs.append((sampled["act"], exact["act"]))
    for est, ex in pairs:
        assert est["low"] <= ex["p"] <= est["high"], (est, ex)


def test_a_jam_stops_that_attacker_s_later_attacks() -> None:
    """Guard 1 fires twice (two Standard Attacks, a Half Action each): a jam on the first (96-100,
    DH2 Core, Weapon Jams) leaves no second. A Guard of BS 100 hits on 01-95 (the test is capped
    and 96+ jams): the first attack's 5/100 jam means the second attack is made 95/100 of the time."""
    data = two_attacks({"name": "Cultist", "wounds": 40, "toughness_bonus": 3}, bs=100)
    data["attacks"] = [{"who": "g1", "action": STANDARD}, {"who": "g1", "action": STANDARD}]
    got = ok(data)
    hits = {bar["value"]: Fraction(bar["p"]["exact"]) for bar in got["chart"]["bars"]}
    assert hits[0] == Fraction(5, 100)  # the first jams: no wounds (every hit wounds: 1d10+3 - TB 3)


def test_an_attacker_whose_turn_has_passed_is_refused_at_its_field() -> None:
    """Guard 2 acts after Guard 1: once Guard 2 has attacked, Guard 1's next turn comes after the
    Cultist's, so its attack is not in this exchange."""
    data = two_attacks({"name": "Cultist", "wounds": 10, "toughness_bonus": 3})
    data["attacks"] = [{"who": "g2", "action": STANDARD}, {"who": "g1", "action": STANDARD}]
    out = run_exchange(data)
    assert out["status"] == "invalid"
    assert out["errors"][0]["field"] == "attacks.1.who"


def test_the_default_attacks_are_those_still_to_act_with_their_last_action() -> None:
    data = two_attacks({"name": "Cultist", "wounds": 10, "toughness_bonus": 3})
    events = data["encounter"]["events"]
    events.append(
        {"type": "attack", "who": "g1", "at": "c", "action": {"type": "Semi-Auto Burst", "distance": 20}, "dice": [90]}
    )
    events.append({"type": "end_turn", "who": "g1"})
    events.append({"type": "attack", "who": "g2", "at": "c", "action": STANDARD, "dice": [90]})
    events.append({"type": "end_turn", "who": "g2"})
    events.append({"type": "attack", "who": "c", "at": "g1", "action": {"type": "Standard Attack"}, "dice": [99]})
    events.append({"type": "end_turn", "who": "c"})  # round 2: Guard 1's turn
    del data["attacks"]
    got = ok(data)
    assert [(s["who"], s["action"]) for s in got["steps"]] == [("g1", "Semi-Auto Burst"), ("g2", "Standard Attack")]


def test_the_default_leaves_out_one_whose_turn_s_actions_are_spent() -> None:
    """Round 2: Guard 1 has fired a Full Auto Burst and a Standard Attack (a Half Action each in
    DH2, Core Table 7-1: its two Half Actions) this turn: only Guard 2 is still to attack before
    the Cultist."""
    data = two_attacks({"name": "Cultist", "wounds": 10, "toughness_bonus": 3})
    burst = {"type": "Full Auto Burst", "distance": 20}
    for who, at, action in (("g1", "c", STANDARD), ("g2", "c", STANDARD), ("c", "g1", {"type": "Standard Attack"})):
        miss = [99 if who == "c" else 90]  # misses (an Autogun's 96-100 would jam it)
        data["encounter"]["events"].append({"type": "attack", "who": who, "at": at, "action": action, "dice": miss})
        data["encounter"]["events"].append({"type": "end_turn", "who": who})
    for action in (burst, STANDARD):
        data["encounter"]["events"].append({"type": "attack", "who": "g1", "at": "c", "action": action, "dice": [90]})
    del data["attacks"]
    got = ok(data)
    assert [s["who"] for s in got["steps"]] == ["g2"]


def test_bad_fields_are_named() -> None:
    data = two_attacks({"name": "Cultist", "wounds": 10, "toughness_bonus": 3})
    assert run_exchange({**data, "target": "nobody"})["errors"][0]["field"] == "target"
    bad = {**data, "attacks": [{"who": "g1", "action": {"type": "No Such Attack"}}]}
    assert run_exchange(bad)["errors"][0]["field"].startswith("attacks.0")
    assert run_exchange({**data, "extra": 1})["errors"][0]["field"] == "extra"
    nobody = run_exchange({**data, "attacks": [{"who": "zz", "action": STANDARD}]})
    assert nobody["status"] == "invalid" and nobody["errors"][0]["field"] == "attacks.0.who"


# ------------------------------------------------------------------- brute force (the engine)


def _leaves(state: Any, event: Any, prefix: list[int], p: Fraction) -> list[tuple[Any, Fraction]]:
    """Every way the engine's attack can go from ``state``: each die it asks for walked face by face."""
    try:
        return [(apply(state, event.model_copy(update={"dice": prefix, "seed": None}), "then").state, p)]
    except NeedDie as need:
        out = []
        for face in range(1, need.sides + 1):
            out += _leaves(state, event, [*prefix, face], p / need.sides)
        return out


def _brute(data: dict[str, Any]) -> tuple[list[Fraction], dict[int, Fraction]]:
    """The exchange walked die by die through the engine (turns passed by end_turn events)."""
    state = replay(load_file(data["encounter"]))
    start = state.get("c")
    need = max(1, start.wounds - start.damage_taken)
    states = [(state, Fraction(1))]
    downs = []
    for a in data["attacks"]:
        event = load_event({"type": "attack", "at": "c", **a})
        nxt: dict[tuple[Any, ...], tuple[Any, Fraction]] = {}
        for s, w in states:
            while s.turn != a["who"]:
                s = apply(s, load_event({"type": "end_turn", "who": s.turn})).state
            w_ = s.get(a["who"]).weapon
            leaves = (
                [(s, Fraction(1))]
                if w_.jammed or s.get("c").damage_taken - start.damage_taken >= need
                else _leaves(s, event, [], Fraction(1))
            )
            for s2, w2 in leaves:
                t = s2.get("c")
                key = (
                    t.damage_taken,
                    t.critical,
                    t.reaction_used,
                    tuple((c.id, c.weapon.jammed, c.weapon.rounds) for c in s2.combatants if c.weapon),
                )
                old = nxt.get(key)
                nxt[key] = (s2, w * w2 + (old[1] if old else 0))
        states = list(nxt.values())
        downs.append(
            sum(
                (w for s, w in states if s.get("c").damage_taken + s.get("c").critical - start.damage_taken >= need),
                Fraction(0),
            )
        )
    chart: dict[int, Fraction] = {}
    for s, w in states:
        t = s.get("c")
        v = min(need, t.damage_taken + t.critical - start.damage_taken)
        chart[v] = chart.get(v, Fraction(0)) + w
    return downs, chart


FLAT = {**AUTOGUN, "damage": "1d5+3", "qualities": []}


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bs=st.integers(20, 60), tb=st.integers(2, 5), left=st.integers(1, 5), same=st.booleans())
def test_the_exact_exchange_is_the_engine_walked_die_by_die(bs: int, tb: int, left: int, same: bool) -> None:
    """Small instances (a 1d5 weapon, no Reaction): the walk of joint states equals the engine
    walked over every die of both attacks."""
    data = two_attacks(
        {"name": "Cultist", "wounds": 10, "damage_taken": 10 - left, "toughness_bonus": tb}, bs=bs, weapon=FLAT
    )
    if same:
        data["attacks"][1]["who"] = "g1"
    got = ok(data)
    downs, chart = _brute(data)
    assert [fraction(s["down"]) for s in got["steps"]] == downs
    assert {b["value"]: Fraction(b["p"]["exact"]) for b in got["chart"]["bars"] if b["p"]["p"]} == {
        v: p for v, p in chart.items() if p
    }


def test_load_scenario_is_the_one_the_walk_uses() -> None:
    """The exchange's scenarios are the engine's preview, validated as a scenario is."""
    data = two_attacks({"name": "Cultist", "wounds": 10, "toughness_bonus": 3})
    state = replay(load_file(data["encounter"]))
    scenario, _ = preview(state, load_event({"type": "attack", "who": "g1", "at": "c", "action": STANDARD}))
    assert load_scenario({**scenario, "seed": 1}).attacker.characteristics.BS == 40


def test_a_horde_is_down_when_its_magnitude_is_gone() -> None:
    """Deathwatch Horde of Magnitude 2: down after one attack is the single attack's 'Destroys
    the Horde'; the chart counts the Magnitude lost."""
    cultist = {"name": "Mob", "toughness_bonus": 3, "horde": {"magnitude": 2}}
    data = two_attacks(cultist)
    data["encounter"]["system"] = "dw"
    got = ok(data)
    assert got["chart"]["measure"] == "Magnitude lost"
    assert [b["label"] for b in got["chart"]["bars"]] == ["0", "1", "2+"]
    state = replay(load_file(data["encounter"]))
    scenario, _ = preview(state, load_event({"type": "attack", "who": "g1", "at": "c", "action": STANDARD}))
    single = run_odds(scenario)["odds"]
    kill = next(f for f in single["headline"] if f["key"] == "kill")
    assert got["steps"][0]["down"] == kill["chance"]


def test_the_cli_prints_the_exchange(tmp_path: Any, capsys: Any) -> None:
    import json

    from rules.__main__ import main

    cultist = {"name": "Cultist", "wounds": 10, "damage_taken": 9, "toughness_bonus": 3}
    cultist["evasion"] = {"reaction": "Dodge", "skill": 30}
    path = tmp_path / "x.json"
    path.write_text(json.dumps(two_attacks(cultist)))
    assert main(["odds", "--exchange", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["steps"][1]["down"]["exact"] == "87/125"
    path.write_text(json.dumps({**two_attacks(cultist), "target": "x"}))
    assert main(["odds", "--exchange", str(path)]) == 2
    assert json.loads(capsys.readouterr().err)["errors"][0]["field"] == "target"
