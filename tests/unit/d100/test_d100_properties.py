"""Properties of every attack in the d100 rulesets (DH2, DH1, Deathwatch with its Hordes, cover,
nearby foes, two weapons and Overwatch), with any mix of their weapon qualities
(hypothesis): the engine answers (never raises), the wounds add up, and the same dice typed in by
hand replay the seeded roll exactly."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rules import run
from rules.d100 import tables
from rules.d100.models import LOCATIONS


@st.composite
def attacks(draw: st.DrawFn) -> dict[str, Any]:
    system = draw(st.sampled_from(["dh1", "dh2", "dw"]))
    dw = system == "dw"
    known = tables.qualities(system).qualities
    picked = draw(st.lists(st.sampled_from(known), max_size=4, unique_by=lambda q: q.name))
    qualities = [f"{q.name} ({draw(st.integers(0, 5))})" if q.takes_value else q.name for q in picked]
    klass = draw(st.sampled_from(["Melee", "Unarmed", "Pistol", "Basic", "Heavy", "Thrown", "Mounted"]))
    melee = klass in ("Melee", "Unarmed")
    action = draw(st.sampled_from([a.name for a in tables.actions(system).actions]))
    burst = action in ("Semi-Auto Burst", "Full Auto Burst", "Suppressing Fire")
    horde = draw(st.sampled_from([None, {"magnitude": 30, "armour": 3}, {"magnitude": 2, "armour": 0}])) if dw else None
    return {
        "system": system,
        "attacker": {
            "characteristics": {"WS": draw(st.integers(50, 100)), "BS": draw(st.integers(50, 100)), "S": 40},
            "psy_rating": draw(st.integers(0, 4)),
            "weapon": {
                "class": klass,
                "range": 0 if melee else draw(st.sampled_from([10, 30, 100])),
                "rof": draw(st.sampled_from(["S/-/-", "S/3/-", "S/3/10", "-/2/6"])),
                "damage": draw(st.sampled_from(["1d10+3", "2d10", "1d5-3", "3d10"])),
                "pen": draw(st.integers(0, 6)),
                "clip": 0 if melee else draw(st.integers(1, 60)),
                "qualities": qualities,
                "craftsmanship": draw(st.sampled_from(["Poor", "Common", "Good", "Best"])),
                "trained": draw(st.booleans()),
            },
        },
        "target": {
            "toughness_bonus": draw(st.integers(0, 8)),
            "wounds": draw(st.integers(1, 20)),
            "armour": {loc: draw(st.integers(0, 8)) for loc in LOCATIONS},
            "characteristics": draw(st.sampled_from([{}, {"T": 35, "Ag": 30, "WP": 30, "S": 30}])),
            "others_in_blast": draw(st.integers(0, 2)),
            "unnatural_toughness": draw(st.integers(0, 2)),
            "horde": horde,
            "cover": draw(st.sampled_from([None, {"ap": 8, "locations": ["Right Leg", "Left Leg"]}])) if dw else None,
            "nearby": draw(st.sampled_from([[], [{"name": "Other", "hits": 2, "armour": {"Body": 4}}]]))
            if dw and horde is None
            else [],
            "evasion": draw(
                st.sampled_from(
                    [
                        None,
                        {"reaction": "Dodge", "skill": 40},
                        {"reaction": "Parry", "skill": 40, "qualities": ["Balanced"]},
                    ]
                )
            ),
        },
        "action": {
            "type": action,
            "distance": draw(st.sampled_from([1, 2, 3, 10, 40, 150])),
            "aim": draw(st.sampled_from(["none", "half", "full"])),
            "called_location": "Head",
            "braced": draw(st.booleans()),
            "maximal": "Maximal" in [q.name for q in picked] and draw(st.booleans()),
            "two_weapon": draw(st.sampled_from(["none", "off_hand", "both"]))
            if dw and klass in ("Pistol", "Melee")
            else "none",
            "overwatch": dw and burst and draw(st.booleans()),
        },
        "seed": draw(st.integers(0, 2**32)),
    }


@settings(max_examples=600, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(attacks())
def test_any_attack_with_any_qualities_resolves_or_names_its_fields(data: dict[str, Any]) -> None:
    out = run(data)
    assert out["status"] in ("ok", "invalid"), out
    event(f"{data['system']} {out['status']}" + (f" {out['resolution']['outcome']}" if out["status"] == "ok" else ""))
    if out["status"] == "invalid":
        assert out["errors"] and all(e["field"] and e["message"] for e in out["errors"])
        return
    res = out["resolution"]
    for die in res["dice"]:
        assert 1 <= die["value"] <= die["sides"]
    mine = [h for h in res["hits"] if h["person"] == 0]
    assert res["total_wounds"] == sum(h["wounds"] for h in mine)
    horde = res["horde"]
    if horde is not None:
        # a Horde: every hit that dealt damage takes one Magnitude, and wounds are not tracked
        assert horde["magnitude_lost"] == min(horde["magnitude_before"], sum(1 for h in mine if h["wounds"] > 0))
        assert horde["magnitude_after"] == horde["magnitude_before"] - horde["magnitude_lost"]
        assert all(h["location"] == "Horde" for h in mine)
        assert res["damage_taken_after"] == 0
    else:
        assert res["damage_taken_after"] == data["target"].get("damage_taken", 0) + res["total_wounds"]
    assert -60 <= res["modifier_total"] <= 60
    if res["outcome"] in ("miss", "jam"):
        assert res["hits"] == []
    for t in res["target_tests"]:
        assert (t["roll"] is None) == (data["target"]["characteristics"] == {})
    # the same dice typed in by hand give the same resolution (bar the reported seed)
    by_hand = {k: v for k, v in data.items() if k != "seed"}
    by_hand["dice"] = [d["value"] for d in res["dice"]]
    replay = run(by_hand)
    assert replay["status"] == "ok", replay
    assert {**replay["resolution"], "seed": res["seed"]} == res
