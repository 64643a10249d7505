"""The dice a step needs, said before they are asked: when the engine asks for a hit's damage die,
its ``needs`` carry the step (``{"hits", "of", "dice", "sides"}``): how many hits are still to roll
their damage, out of how many, and how many dice that is, so the page can say "3 hits: roll 3d10"
before the first, rather than asking "hit 1 damage d10", "hit 2 damage d10"... unsaid.
Seed 004, Step Four (each hit rolls the weapon's damage) and Tearing (one more die)."""

from __future__ import annotations

from dh2_scenarios import AUTOGUN, LASGUN, scenario, weapon

from rules import run

# BS 40, Semi-Auto Burst +0, 20 m at range 100: Short range +10 -> 50. The d100 05: DoS 1 + (5 - 0)
# = 6; Semi-Auto: one hit and one more per two degrees beyond the first, 1 + 5 // 2 = 3, RoF 3: 3 hits.
BURST = {"action": "Semi-Auto Burst", "distance": 20}


def needs(wpn: dict[str, object], dice: list[int], **kw: object) -> dict[str, object]:
    out = run(scenario(wpn, dice=dice, **kw))  # type: ignore[arg-type]
    assert out["status"] == "needs", out
    return out["needs"]


def test_three_hits_say_three_d10_before_the_first_damage_die() -> None:
    need = needs(weapon(AUTOGUN), [5], **BURST)
    assert need["purpose"] == "hit 1 damage d10"
    assert need["step"] == {"hits": 3, "of": 3, "dice": 3, "sides": 10}


def test_the_step_counts_down_as_the_hits_are_rolled() -> None:
    # hit 1's d10 given (4): two hits left, 2d10
    assert needs(weapon(AUTOGUN), [5, 4], **BURST)["step"] == {"hits": 2, "of": 3, "dice": 2, "sides": 10}


def test_tearing_counts_its_extra_die_for_every_hit() -> None:
    # Tearing: each hit rolls one more d10 (the lowest dropped): 3 hits x 2 = 6d10
    need = needs(weapon(LASGUN, qualities=["Tearing"]), [5], **BURST)
    assert need["step"] == {"hits": 3, "of": 3, "dice": 6, "sides": 10}


def test_the_to_hit_die_is_no_damage_step() -> None:
    assert "step" not in needs(weapon(LASGUN), [])


def test_a_hits_dice_already_given_are_not_counted_again() -> None:
    # Tearing, hit 1's damage d10 given (4): its Tearing d10 and hits 2 and 3's 2d10 each: 5d10
    need = needs(weapon(LASGUN, qualities=["Tearing"]), [5, 4], **BURST)
    assert need["purpose"] == "hit 1 Tearing d10"
    assert need["step"] == {"hits": 3, "of": 3, "dice": 5, "sides": 10}
