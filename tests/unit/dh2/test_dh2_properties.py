"""Properties that hold for every valid seeded ranged attack (hypothesis)."""

from __future__ import annotations

from typing import Any

from dh2_scenarios import AUTOGUN, scenario, weapon
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import run
from rules.d100.models import LOCATIONS

RANGED_ACTIONS = [
    "Standard Attack",
    "Called Shot",
    "Guarded Attack",
    "Semi-Auto Burst",
    "Full Auto Burst",
    "Suppressing Fire",
]


@st.composite
def seeded_ranged_attacks(draw: st.DrawFn) -> dict[str, Any]:
    semi = draw(st.integers(1, 6))
    full = draw(st.integers(1, 12))
    rng = draw(st.sampled_from([15, 30, 100]))
    gun = weapon(
        AUTOGUN,
        rof=f"S/{semi}/{full}",
        range=rng,
        clip=draw(st.integers(1, 40)),
        damage=draw(st.sampled_from(["1d10+3", "2d10", "1d5", "1d10-2", "3d10+6"])),
        pen=draw(st.integers(0, 8)),
        qualities=draw(st.sampled_from([[], ["Tearing"], ["Reliable"], ["Unreliable"], ["Tearing", "Reliable"]])),
    )
    action = draw(st.sampled_from(RANGED_ACTIONS))
    evasion = draw(st.one_of(st.none(), st.builds(lambda s: {"reaction": "Dodge", "skill": s}, st.integers(0, 100))))
    return scenario(
        gun,
        action=action,
        called=draw(st.sampled_from(LOCATIONS)) if action == "Called Shot" else None,
        fire_mode=draw(st.sampled_from([None, "semi", "full"])) if action == "Suppressing Fire" else None,
        distance=draw(st.floats(0, 4 * rng, allow_nan=False)),
        aim=draw(st.sampled_from(["none", "half", "full"])),
        BS=draw(st.integers(0, 100)),
        tb=draw(st.integers(0, 8)),
        wounds=draw(st.integers(1, 30)),
        taken=draw(st.integers(0, 40)),
        armour={loc: draw(st.integers(0, 12)) for loc in LOCATIONS},
        evasion=evasion,
        troop=draw(st.booleans()),
        seed=draw(st.integers(0, 2**32)),
    )


@settings(max_examples=200, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeded_ranged_attacks())
def test_seeded_ranged_attack_invariants(data: dict[str, Any]) -> None:
    out = run(data)
    assert out["status"] == "ok", out
    res = out["resolution"]

    # every die within its sides
    assert res["dice"], "at least the to-hit d100"
    assert res["dice"][0] == {"purpose": "to-hit d100", "sides": 100, "value": res["roll"]}
    for die in res["dice"]:
        assert 1 <= die["value"] <= die["sides"]

    # wounds add up
    assert res["total_wounds"] == sum(h["wounds"] for h in res["hits"])
    assert res["damage_taken_after"] == data["target"]["damage_taken"] + res["total_wounds"]

    # modifiers capped, target number = characteristic + capped total
    assert -60 <= res["modifier_total"] <= 60
    assert res["target_number"] == res["characteristic_value"] + res["modifier_total"]

    # hits never exceed the rounds fired (RoF for the mode, never more than the clip)
    w = data["attacker"]["weapon"]
    semi, full = (int(x) for x in w["rof"].split("/")[1:])
    most = {"Semi-Auto Burst": semi, "Full Auto Burst": full}.get(data["action"]["type"], 1)
    if data["action"]["type"] == "Suppressing Fire":
        most = semi if data["action"].get("fire_mode") == "semi" else full
    assert res["rounds_fired"] == min(most, w["clip"])
    assert res["rounds_left"] == w["clip"] - res["rounds_fired"]
    assert res["hits_scored"] <= res["rounds_fired"]
    assert 0 <= res["hits_negated"] <= res["hits_scored"]
    assert len(res["hits"]) == res["hits_scored"] - res["hits_negated"]

    # outcome agrees with the hits
    if res["outcome"] in ("miss", "jam"):
        assert res["hits"] == [] and res["hits_scored"] == 0
    if res["outcome"] == "hit":
        assert res["success"] and res["hits"]
    if res["jammed"]:
        assert res["outcome"] == "jam" and res["roll"] >= 91

    # each hit's wounds follow its damage, armour and TB (or the Righteous Fury wound / none)
    for h in res["hits"]:
        assert h["effective_armour"] == max(0, h["armour"] - h["penetration"])
        plain = max(0, h["damage"] - h["effective_armour"] - h["toughness_bonus"])
        rf = h["righteous_fury"]
        if rf is not None and rf["extra_wound"]:
            assert plain == 0 and h["wounds"] == 1
        else:
            assert h["wounds"] == plain
        assert sum(d["replaced_by_degrees"] for d in h["dice"]) <= 1
    assert sum(d["replaced_by_degrees"] for h in res["hits"] for d in h["dice"]) <= 1

    # replaying the same seed gives the same resolution
    assert run(data) == out

    # and typing the same dice in by hand gives it too (bar the reported seed)
    by_hand = {k: v for k, v in data.items() if k != "seed"}
    by_hand["dice"] = [d["value"] for d in res["dice"]]
    replay = run(by_hand)
    assert replay["status"] == "ok"
    assert {**replay["resolution"], "seed": res["seed"]} == res
