"""The fast odds engines against brute force: every face of every die, through the resolver itself.

Brute force (:func:`brute_force`) walks each outcome of the dice with
:func:`rules.odds.explore.explore` *without classes* (every face of every die: the to-hit d100's
100 faces, each damage d10, each Righteous Fury confirmation d100 and each of its chained d10s,
each evasion and target test d100, each Epic d6), resolves the scenario with
:func:`rules.api.resolve` on those dice, then resolves it again through
:class:`~rules.dice.ScriptedDice` with the same values (the source a player's typed dice use) and
checks the two agree and every value was used; the replayed resolution is what is counted. The d100
rulesets count :func:`rules.odds.d100.summarize` with the fast path's own wounds cap
(:func:`rules.odds.d100.wounds_cap`); the fan ruleset and Epic count
:func:`~rules.odds.walked.rp_summarize` and :func:`~rules.odds.walked.epic_summarize`. The fast
engines (:func:`rules.odds.d100.outcomes`, :func:`rules.odds.walked.walk`), which walk dice by
class and add hits as independent distributions, must give exactly the same distribution
(:class:`~rules.odds.dist.Dist` equality: equal as probabilities, outcome by outcome).

Each case also names a *witness*: something a resolution of the walk must show at least once, so the
scenario really exercises the rule the test is named for (a die replaced by the degrees on the
second hit, a Troop slain, Tearing's dropped die...).

Sizes: a brute-force walk costs two resolutions per outcome (about 0.25 ms), so every scenario is
kept to a few thousand outcomes, mostly with low target numbers. Where Righteous Fury is confirmed
and adds d10 after d10 (DH1, Deathwatch), one natural 10 opens the 100 faces of the confirmation
d100 and, for each success, a chain of up to 20 d10s (181 outcomes); so those rulesets are walked
with target numbers of 1 to 5. That makes a DH1 or Deathwatch attack with two hits or more
(bursts, a Horde hit twice: about 300 outcomes a hit, squared) and the Toxic test that follows each
damaging hit in those rulesets (100 faces, then its d10, after every outcome of the Fury chain) cost
tens of thousands to millions of outcomes: they are not brute-forced here. The Deathwatch burst at a
Horde is checked against sampling (``test_odds_sampling.py``); DH2's bursts (whose Fury is one d5)
and DH2's Toxic (X) test are brute-forced below.

A DH2 Spray weapon (``test_spray_agility_test_instead_of_to_hit_matches_brute_force``) once crashed
the fast path (no degrees' die on a Spray attack); it is fixed and kept here.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import dh1_scenarios as dh1s
import dh2_scenarios as dh2s
import dw_scenarios as dws
import epic_scenarios as eps
import pytest
import wh40krp_scenarios as rps

from rules.api import load_scenario, resolve
from rules.dh1 import DH1Attack
from rules.dh2 import DH2Attack
from rules.dice import ScriptedDice
from rules.dw import DWAttack
from rules.odds.d100 import outcomes, summarize, wounds_cap
from rules.odds.dist import Dist
from rules.odds.explore import Walker, explore
from rules.odds.walked import epic_summarize, rp_summarize, walk

ATTACKS: dict[str, Any] = {"dh2": DH2Attack, "dh1": DH1Attack, "dw": DWAttack}
LIMIT = 60_000  # outcomes a brute-force walk may take (the largest case here takes about 11,200)

# Armour on every location, so the hit location changes the wounds.
ARMOUR = {"Head": 2, "Right Arm": 4, "Left Arm": 4, "Body": 5, "Right Leg": 3, "Left Leg": 3}


# ------------------------------------------------------------------------------------ brute force


class _Recorded:
    """A dice source that takes each die from the walker and records the values, in order."""

    def __init__(self, walker: Walker) -> None:
        self.walker = walker
        self.values: list[int] = []

    def roll(self, sides: int, purpose: str) -> int:
        value = self.walker.roll(sides, purpose)
        self.values.append(value)
        return value


@dataclass
class BruteForce:
    """The distribution brute force found, and whether any resolution showed the witness."""

    dist: Dist[Any]
    witnessed: bool


def brute_force(scenario: Any, summarize_one: Callable[[Any], Any], witness: Callable[[Any], bool]) -> BruteForce:
    """Every face of every die the resolver asks for, each outcome resolved through the walker and
    replayed through :class:`ScriptedDice`; the distribution of ``summarize_one`` of the replay."""
    seen = False

    def run(walker: Walker) -> Any:
        nonlocal seen
        recorded = _Recorded(walker)
        walked = resolve(scenario, recorded)
        # no class lumping: every die of this walk was taken face by face
        assert all(n == 1 for classes in walker.trail for _, n in classes)
        scripted = ScriptedDice(recorded.values)
        replayed = resolve(scenario, scripted)
        assert scripted.used == len(recorded.values), "the scripted replay left dice over"
        key = summarize_one(replayed)
        assert key == summarize_one(walked), (recorded.values, key, summarize_one(walked))
        seen = seen or witness(replayed)
        return key

    dist = explore(run, limit=LIMIT)
    return BruteForce(dist, seen)


def differences(fast: Dist[Any], brute: Dist[Any], most: int = 12) -> str:
    """The outcomes whose probabilities differ, for a failure message."""
    lines = []
    for key in sorted(set(fast.weights) | set(brute.weights), key=repr):
        f = fast.chance(lambda k, key=key: k == key)
        b = brute.chance(lambda k, key=key: k == key)
        if f != b:
            lines.append(f"{key}: fast {f} ({float(f):.6f}), brute force {b} ({float(b):.6f})")
    shown = "\n".join(lines[:most])
    more = f"\n... and {len(lines) - most} more" if len(lines) > most else ""
    return f"{len(lines)} outcome(s) differ:\n{shown}{more}"


@dataclass(frozen=True)
class Case:
    """A scenario and its witness: what some resolution of it must show (``shows``, in words)."""

    data: dict[str, Any]
    witness: Callable[[Any], bool]
    shows: str


def assert_d100_matches_brute_force(case: Case) -> None:
    scenario = load_scenario(case.data)
    cls = ATTACKS[scenario.system]
    fast = outcomes(scenario, cls)
    cap = wounds_cap(scenario, cls)
    brute = brute_force(scenario, lambda r: summarize(r, cap), case.witness)
    assert brute.witnessed, f"no outcome of the walk shows {case.shows}: the scenario does not exercise its rule"
    assert fast == brute.dist, differences(fast, brute.dist)
    assert fast.total == 1


def assert_walked_matches_brute_force(case: Case) -> None:
    scenario = load_scenario(case.data)
    summarize_one = epic_summarize if scenario.system == "epic" else rp_summarize
    fast = walk(scenario, limit=LIMIT)
    brute = brute_force(scenario, summarize_one, case.witness)
    assert brute.witnessed, f"no outcome of the walk shows {case.shows}: the scenario does not exercise its rule"
    assert fast == brute.dist, differences(fast, brute.dist)
    assert fast.total == 1


# ------------------------------------------------------------------------------- scenario helpers


def merged(data: dict[str, Any], **parts: Any) -> dict[str, Any]:
    """``data`` with the nested ``parts`` merged in (for fields the builders do not take)."""
    out = copy.deepcopy(data)

    def merge(dst: dict[str, Any], src: dict[str, Any]) -> None:
        for k, v in src.items():
            if isinstance(v, dict) and isinstance(dst.get(k), dict):
                merge(dst[k], v)
            else:
                dst[k] = copy.deepcopy(v)

    merge(out, parts)
    return out


def dice_of(r: Any) -> list[Any]:
    return [d for h in r.hits for d in h.dice]


def purposes(r: Any) -> list[str]:
    return [d.purpose for d in r.dice]


def says(r: Any, text: str) -> bool:
    """Some step of the resolution's log mentions ``text``."""
    return any(text in s.detail or text in s.rule for s in r.steps)


def fury_chain(r: Any) -> bool:
    """A confirmed Righteous Fury added two d10s or more (the chain after a 10)."""
    return any(h.righteous_fury is not None and len(h.righteous_fury.extra_damage) >= 2 for h in r.hits)


def wounded(r: Any) -> bool:
    return r.total_wounds > 0


def param(case_id: str, case: Case, *marks: Any) -> Any:
    return pytest.param(case, id=case_id, marks=marks)


# DH2 lasgun (1d10+3), target 20 wounds TB 3: BS 20 + Standard Attack 10 = 30 (degrees 1 to 4).
# DH1 / Deathwatch: BS 3 makes the target number 3 (rolls 01-03 hit Head, Right Arm, Left Arm).

# --------------------------------------------------------------------------------- the attacks


@pytest.mark.parametrize(
    "case",
    [
        param("dh2", Case(dh2s.scenario(BS=20, armour=ARMOUR), wounded, "a hit that wounds")),
        param("dh1", Case(dh1s.scenario(BS=3, armour=ARMOUR), fury_chain, "a confirmed Fury adding d10 after a 10")),
        param("dw", Case(dws.scenario(BS=3, armour=ARMOUR), fury_chain, "a confirmed Fury adding d10 after a 10")),
    ],
)
def test_ranged_standard_attack_matches_brute_force(case: Case) -> None:
    assert_d100_matches_brute_force(case)


@pytest.mark.parametrize(
    "case",
    [
        param("dh2-sword", Case(dh2s.scenario(dh2s.SWORD, distance=1, WS=20, armour=ARMOUR), wounded, "a wound")),
        param("dh1-sword", Case(dh1s.scenario(dh1s.SWORD, distance=1, WS=3, armour=ARMOUR), wounded, "a wound")),
        param("dw-knife", Case(dws.scenario(dws.KNIFE, distance=1, WS=3, armour=ARMOUR), wounded, "a wound")),
    ],
)
def test_melee_standard_attack_adds_strength_bonus_matches_brute_force(case: Case) -> None:
    assert_d100_matches_brute_force(case)


def test_degrees_of_success_die_replaced_across_two_hits_matches_brute_force() -> None:
    # DH2 Semi-Auto Burst, RoF 2, 1d10+3 against armour and TB 3: BS 30 + 0 = 30, rolls 01-19 score 3 or 4
    # degrees and two hits; the degrees replace the one die of the whole attack that gains the most
    # wounds (seed 004, Step Four), so the hits' damage is not independent.
    case = Case(
        dh2s.scenario(
            dh2s.weapon(dh2s.LASGUN, rof="S/2/-"),
            action="Semi-Auto Burst",
            BS=30,
            armour=ARMOUR,
        ),
        lambda r: len(r.hits) == 2 and r.hits[1].dice[0].replaced_by_degrees,
        "the degrees' die replacing the second hit's die",
    )
    assert_d100_matches_brute_force(case)


def test_deathwatch_degrees_are_the_minimum_of_a_damage_die_matches_brute_force() -> None:
    # DW Core, Ch. VIII, Attacker Determines Damage: the degrees are the minimum result of one damage die
    # (a reading). Autogun 1d10+3 against TB 4, no armour: BS 21, roll 01 scores 2 degrees and 02-11 one, so a die
    # of 1 is raised to 2 (4 damage, no wound -> 5 damage, 1 wound). Volatile (Righteous Fury with no confirmation, seed 001) keeps the walk small: a natural
    # 10 opens the chain of d10s without the confirmation's 100 faces.
    case = Case(
        dws.scenario(dws.weapon(dws.AUTOGUN, qualities=["Volatile"]), BS=21),
        lambda r: any(d.replaced_by_degrees for d in dice_of(r)),
        "a die raised to the degrees",
    )
    assert_d100_matches_brute_force(case)


def test_full_auto_degrees_die_goes_to_first_hit_with_greatest_gain_matches_brute_force() -> None:
    # DH2 Full Auto Burst, RoF 3, against a Troop (Righteous Fury slays it, no d5 to walk): BS 30 -
    # 10 = 20, rolls 01-09 score 3 degrees and three hits. Three hits exercise the ordering the fast
    # path rebuilds (hits before the replaced one gain less, hits after it gain at most as much);
    # light armour (0 to 2), so a die of 1 or 2 replaced by 3 gains wounds wherever it lands.
    case = Case(
        dh2s.scenario(
            dh2s.weapon(dh2s.AUTOGUN, rof="S/-/3"),
            action="Full Auto Burst",
            BS=30,
            troop=True,
            wounds=8,
            armour={"Body": 1, "Right Arm": 1, "Left Arm": 1, "Head": 0, "Right Leg": 2, "Left Leg": 2},
        ),
        lambda r: len(r.hits) == 3 and r.hits[2].dice[0].replaced_by_degrees,
        "the degrees' die replacing the third hit's die",
    )
    assert_d100_matches_brute_force(case)


# ------------------------------------------------------------------------------------ qualities


@pytest.mark.parametrize(
    "case",
    [
        # DH2: one extra die, the lowest dropped
        param(
            "dh2-extra-die",
            Case(
                dh2s.scenario(dh2s.weapon(dh2s.LASGUN, qualities=["Tearing"]), BS=0, armour=ARMOUR),
                lambda r: any(not d.kept for d in dice_of(r)),
                "a dropped die",
            ),
        ),
        # DH1: the damage rolled twice, the higher kept
        param(
            "dh1-roll-twice",
            Case(
                dh1s.scenario(dh1s.weapon(dh1s.LASGUN, qualities=["Tearing"]), BS=1, armour=ARMOUR),
                lambda r: any(not d.kept for d in dice_of(r)),
                "a roll discarded",
            ),
        ),
        param(
            "dw-extra-die",
            Case(
                dws.scenario(dws.weapon(dws.AUTOGUN, qualities=["Tearing"]), BS=1, armour=ARMOUR),
                lambda r: any(not d.kept for d in dice_of(r)),
                "a dropped die",
            ),
        ),
    ],
)
def test_tearing_matches_brute_force(case: Case) -> None:
    assert_d100_matches_brute_force(case)


@pytest.mark.parametrize(
    "case",
    [
        # DH2: BS 0 + 10 + Full Aim 20 + Accurate 10 = 40: rolls 01-09 score 5 degrees, two Accurate
        # d10s (one per two degrees beyond the first, at most two); a Troop target keeps the walk
        # small (no Fury d5)
        param(
            "dh2-two-dice",
            Case(
                dh2s.scenario(
                    dh2s.weapon(dh2s.LASGUN, qualities=["Accurate"]), BS=0, aim="full", troop=True, armour=ARMOUR
                ),
                lambda r: "hit 1 Accurate d10 (2 of 2)" in purposes(r),
                "the second Accurate d10",
            ),
        ),
        # DH1: +10 to hit when aiming, no extra dice: BS 0 + Half Aim 10 + Accurate 10 - 17 = 3
        param(
            "dh1-bonus-only",
            Case(
                dh1s.scenario(dh1s.weapon(dh1s.LASGUN, qualities=["Accurate"]), BS=0, aim="half", mods=[("Fog", -17)]),
                lambda r: r.target_number == 3 and wounded(r),
                "a hit at target 3 (the Accurate bonus counted)",
            ),
        ),
        # Deathwatch: a d10 per two degrees; Volatile keeps the Fury unconfirmed (a smaller walk):
        # BS 0 + Full Aim 20 + Accurate 10 - 9 = 21, roll 01 scores 2 degrees
        param(
            "dw-one-die",
            Case(
                dws.scenario(
                    dws.weapon(dws.AUTOGUN, qualities=["Accurate", "Volatile"]),
                    BS=0,
                    aim="full",
                    mods=[("Fog", -9)],
                    armour=ARMOUR,
                ),
                lambda r: "hit 1 Accurate d10 (1 of 1)" in purposes(r),
                "an Accurate d10",
            ),
        ),
    ],
)
def test_accurate_with_aim_matches_brute_force(case: Case) -> None:
    assert_d100_matches_brute_force(case)


@pytest.mark.parametrize(
    "case",
    [
        # DH2: Pen doubled at three degrees (BS 30 + 10 = 40: rolls 01-19)
        param(
            "dh2-three-degrees",
            Case(
                dh2s.scenario(dh2s.weapon(dh2s.LASGUN, qualities=["Razor Sharp"], pen=2), BS=30, armour=ARMOUR),
                lambda r: says(r, "Razor Sharp") and wounded(r),
                "Pen doubled on a hit",
            ),
        ),
        # Deathwatch: at two degrees (BS 21: roll 01); Volatile for a smaller walk
        param(
            "dw-two-degrees",
            Case(
                dws.scenario(
                    dws.weapon(dws.AUTOGUN, qualities=["Razor Sharp", "Volatile"], pen=2), BS=21, armour=ARMOUR
                ),
                lambda r: says(r, "Razor Sharp") and wounded(r),
                "Pen doubled on a hit",
            ),
        ),
    ],
)
def test_razor_sharp_matches_brute_force(case: Case) -> None:
    assert_d100_matches_brute_force(case)


def test_proven_raises_low_dice_matches_brute_force() -> None:
    case = Case(
        dh2s.scenario(dh2s.weapon(dh2s.LASGUN, qualities=["Proven (4)"]), BS=20, armour=ARMOUR),
        lambda r: any(d.value > d.natural for d in dice_of(r)),
        "a die counted as 4",
    )
    assert_d100_matches_brute_force(case)


@pytest.mark.parametrize(
    "case",
    [
        # DH2 Primitive (X): a die over X counts as X (a natural 10 still calls Righteous Fury)
        param(
            "dh2-caps-dice",
            Case(
                dh2s.scenario(dh2s.weapon(dh2s.LASGUN, qualities=["Primitive (7)"]), BS=20, armour=ARMOUR),
                lambda r: any(d.value < d.natural for d in dice_of(r)) and r.hits[0].righteous_fury is not None,
                "a natural 10 counted as 7, with Righteous Fury",
            ),
        ),
        # DH1 and Deathwatch: armour counts double
        param(
            "dh1-doubles-armour",
            Case(
                dh1s.scenario(dh1s.weapon(dh1s.LASGUN, qualities=["Primitive"]), BS=3, armour=ARMOUR),
                lambda r: says(r, "Armour points count double") and wounded(r),
                "doubled armour",
            ),
        ),
        param(
            "dw-doubles-armour",
            Case(
                dws.scenario(dws.weapon(dws.AUTOGUN, qualities=["Primitive"]), BS=3, armour=ARMOUR),
                lambda r: says(r, "Armour points count double") and wounded(r),
                "doubled armour",
            ),
        ),
    ],
)
def test_primitive_matches_brute_force(case: Case) -> None:
    assert_d100_matches_brute_force(case)


def test_unstable_halves_or_doubles_damage_matches_brute_force() -> None:
    # DH1 Unstable: a d10 a hit, 1 halves the damage, 10 doubles it; BS 1 (roll 01 only)
    case = Case(
        dh1s.scenario(dh1s.weapon(dh1s.LASGUN, qualities=["Unstable"]), BS=1, armour=ARMOUR),
        lambda r: says(r, "1d10 = 10, double damage"),
        "an Unstable 10 (double damage)",
    )
    assert_d100_matches_brute_force(case)


def test_toxic_toughness_test_matches_brute_force() -> None:
    # DH2 Toxic (1): a damaged target tests Toughness 40 - 10; BS 0 + 10 - 8 = 2 (rolls 01-02)
    case = Case(
        merged(
            dh2s.scenario(dh2s.weapon(dh2s.LASGUN, qualities=["Toxic (1)"]), BS=0, mods=[("Fog", -8)]),
            target={"characteristics": {"T": 40}},
        ),
        lambda r: any(t.quality.startswith("Toxic") and t.success is False for t in r.target_tests),
        "a failed Toxic test",
    )
    assert_d100_matches_brute_force(case)


@pytest.mark.parametrize(
    "case",
    [
        # DH2: ignores X of the target's Unnatural Toughness bonus
        param(
            "dh2-unnatural-toughness-bonus",
            Case(
                merged(
                    dh2s.scenario(dh2s.weapon(dh2s.LASGUN, qualities=["Felling (2)"]), BS=20, armour=ARMOUR),
                    target={"unnatural_toughness": 3},
                ),
                lambda r: says(r, "Felling") and wounded(r),
                "Felling in the Toughness",
            ),
        ),
        # Deathwatch: ignores X levels of Unnatural Toughness
        param(
            "dw-unnatural-toughness-levels",
            Case(
                dws.scenario(dws.weapon(dws.AUTOGUN, qualities=["Felling (1)"]), BS=3, unnatural_toughness=2),
                lambda r: says(r, "Felling") and wounded(r),
                "Felling in the Toughness",
            ),
        ),
    ],
)
def test_felling_matches_brute_force(case: Case) -> None:
    assert_d100_matches_brute_force(case)


def test_volatile_fury_without_confirmation_matches_brute_force() -> None:
    # Deathwatch Volatile: a 10 on a damage die is Righteous Fury with no confirmation d100
    case = Case(
        dws.scenario(dws.weapon(dws.AUTOGUN, qualities=["Volatile"]), BS=10, armour=ARMOUR),
        lambda r: fury_chain(r) and all(h.righteous_fury.confirm_roll is None for h in r.hits if h.righteous_fury),
        "an unconfirmed Fury chain",
    )
    assert_d100_matches_brute_force(case)


def test_vengeful_fury_on_eight_or_more_matches_brute_force() -> None:
    case = Case(
        dh2s.scenario(dh2s.weapon(dh2s.LASGUN, qualities=["Vengeful (8)"]), BS=20, armour=ARMOUR),
        lambda r: any(h.righteous_fury is not None and all(d.natural < 10 for d in h.dice) for h in r.hits),
        "Righteous Fury with no natural 10",
    )
    assert_d100_matches_brute_force(case)


@pytest.mark.parametrize(
    "case",
    [
        # DH2 Flame: a to-hit test (BS 0 + 10 - 9 = 1: roll 01 only, at 15 m, Standard range), then
        # the target struck tests Agility or is set on fire
        param(
            "dh2-flame-sets-on-fire",
            Case(
                merged(
                    dh2s.scenario(
                        dh2s.weapon(dh2s.LASGUN, name="Flamer", range=20, damage="1d10+2", qualities=["Flame"]),
                        distance=15,
                        BS=0,
                        mods=[("Smoke", -9)],
                    ),
                    target={"characteristics": {"Ag": 40}},
                ),
                lambda r: any(t.quality == "Flame" and t.success is False for t in r.target_tests),
                "a target set on fire",
            ),
        ),
        # DH1 Flame: no test, the target tests Agility (99: struck on 00 only) or is hit in the Body;
        # damaged, it tests again or catches fire; BS 0 at 15 m: the Fury is never confirmed
        param(
            "dh1-flame-no-test",
            Case(
                dh1s.scenario(dh1s.FLAMER, distance=15, BS=0, target_Ag=99, armour={"Body": 12}),
                lambda r: sum(t.quality == "Flame" for t in r.target_tests) == 2,
                "the second Agility test (catching fire)",
            ),
        ),
    ],
)
def test_flame_matches_brute_force(case: Case) -> None:
    assert_d100_matches_brute_force(case)


def test_spray_agility_test_instead_of_to_hit_matches_brute_force() -> None:
    # DH2 Spray: no BS test; the target tests Agility 40 or takes a hit in the Body; a natural 9 on a
    # damage die jams the weapon
    case = Case(
        merged(
            dh2s.scenario(
                dh2s.weapon(
                    dh2s.LASGUN, name="Hand flamer", klass="Pistol", range=10, damage="1d10+2", qualities=["Spray"]
                ),
                distance=5,
            ),
            target={"characteristics": {"Ag": 40}},
        ),
        lambda r: r.outcome == "hit" and r.jammed,
        "a hit that jams on a 9",
    )
    assert_d100_matches_brute_force(case)


def test_psychic_spray_focus_power_then_agility_matches_brute_force() -> None:
    # DH2 psychic power with Spray (DH2 Core, Ch. VI, Focus Power; Ch. V, Spray): the Focus Power test
    # (WP 0 + 5 = 5: five faces, a few thousand outcomes) decides whether it manifests; manifested, the
    # target tests Agility 40 or takes a hit in the Body; a power never jams on the 9. The witness: a Push
    # that failed to manifest, its Phenomena named
    power = dh2s.weapon(
        dh2s.LASGUN, name="Warp Flame Spray", klass="Pistol", range=10, damage="1d10+3", qualities=["Spray"]
    )
    data = merged(
        dh2s.scenario(power, action="Psychic Attack", distance=5),
        attacker={"characteristics": {"WP": 0}, "psy_rating": 3},
        target={"characteristics": {"Ag": 40}},
        action={"psychic": {"power": "Warp Flame Spray", "modifier": 5, "strength": "Push"}},
    )
    case = Case(
        data,
        lambda r: r.outcome == "miss" and says(r, "the GM rolls on the Psychic Phenomena table"),
        "a Pushed power that did not manifest",
    )
    assert_d100_matches_brute_force(case)


# --------------------------------------------------------------------------------- the target


@pytest.mark.parametrize(
    "case",
    [
        # DH2: each degree of the evasion test negates a hit (BS 0 + 10 - 5 = 5)
        param(
            "dh2-dodge",
            Case(
                dh2s.scenario(BS=0, mods=[("Fog", -5)], evasion={"reaction": "Dodge", "skill": 80}),
                lambda r: r.hits_negated == 1,
                "a hit dodged",
            ),
        ),
        param(
            "dh2-parry",
            Case(
                dh2s.scenario(
                    dh2s.SWORD, distance=1, WS=0, mods=[("Dark", -5)], evasion={"reaction": "Parry", "skill": 80}
                ),
                lambda r: r.hits_negated == 1,
                "a blow parried",
            ),
        ),
        # DH1 and Deathwatch: a success negates the hit
        param(
            "dh1-dodge",
            Case(
                dh1s.scenario(BS=1, evasion={"reaction": "Dodge", "skill": 95}),
                lambda r: r.hits_negated == 1,
                "a hit dodged",
            ),
        ),
        param(
            "dw-parry",
            Case(
                dws.scenario(dws.KNIFE, distance=1, WS=1, evasion={"reaction": "Parry", "skill": 95}),
                lambda r: r.hits_negated == 1,
                "a blow parried",
            ),
        ),
    ],
)
def test_evasion_matches_brute_force(case: Case) -> None:
    assert_d100_matches_brute_force(case)


def test_evasion_negates_the_last_of_two_hits_matches_brute_force() -> None:
    # DH2 Semi-Auto Burst RoF 2 at a Troop (BS 20: rolls 01-09 score two hits) Dodging at 95: one
    # degree of success negates one hit, the last placed (the first keeps the location the to-hit
    # roll gave)
    case = Case(
        dh2s.scenario(
            dh2s.weapon(dh2s.LASGUN, rof="S/2/-", damage="1d10"),
            action="Semi-Auto Burst",
            BS=20,
            troop=True,
            evasion={"reaction": "Dodge", "skill": 95},
        ),
        lambda r: r.hits_scored == 2 and r.hits_negated == 1 and len(r.hits) == 1,
        "one of two hits negated",
    )
    assert_d100_matches_brute_force(case)


def test_horde_loses_magnitude_matches_brute_force() -> None:
    # Deathwatch Horde (armour 4, no locations): a hit that deals damage takes one Magnitude; the
    # fast path counts Magnitude with a wounds cap of 0
    case = Case(
        dws.scenario(BS=3, horde={"magnitude": 20, "armour": 4}),
        lambda r: r.horde is not None and r.horde.magnitude_lost == 1,
        "a Magnitude lost",
    )
    assert_d100_matches_brute_force(case)


def test_troop_slain_by_righteous_fury_matches_brute_force() -> None:
    # DH2: a Troop is slain when a Righteous Fury hit gets through (no critical d5)
    case = Case(
        dh2s.scenario(BS=20, troop=True, wounds=8, armour=ARMOUR),
        lambda r: r.slain,
        "a Troop slain",
    )
    assert_d100_matches_brute_force(case)


@pytest.mark.parametrize(
    "case",
    [
        param(
            "dh2",
            Case(
                dh2s.scenario(BS=20, taken=12, wounds=10, armour=ARMOUR),
                lambda r: r.critical_damage > 0,
                "critical damage",
            ),
        ),
        param(
            "dh1", Case(dh1s.scenario(BS=3, taken=12, wounds=10), lambda r: r.critical_damage > 0, "critical damage")
        ),
        param("dw", Case(dws.scenario(BS=3, taken=12, wounds=10), lambda r: r.critical_damage > 0, "critical damage")),
    ],
)
def test_damage_taken_past_wounds_is_critical_matches_brute_force(case: Case) -> None:
    # the target has already taken 12 of its 10 wounds: every wound is critical damage, and DH1 and
    # Deathwatch count wounds up to the cap (0 left + 10)
    assert_d100_matches_brute_force(case)


@pytest.mark.parametrize(
    "case",
    [
        # DH2 Reliable: jams only on 100 (BS 10 + 10 = 20)
        param(
            "dh2-only-on-100",
            Case(
                dh2s.scenario(dh2s.weapon(dh2s.LASGUN, qualities=["Reliable"]), BS=10, armour=ARMOUR),
                lambda r: r.outcome == "jam" and r.roll == 100,
                "a jam on 100",
            ),
        ),
        # DH1: a would-be jam rolls a d10, only a 10 jams
        param(
            "dh1-d10-confirms",
            Case(
                dh1s.scenario(dh1s.weapon(dh1s.LASGUN, qualities=["Reliable"]), BS=1),
                lambda r: r.outcome == "jam" and "Reliable jam d10" in purposes(r),
                "a jam confirmed on the d10",
            ),
        ),
    ],
)
def test_reliable_jam_matches_brute_force(case: Case) -> None:
    assert_d100_matches_brute_force(case)


# ------------------------------------------------------------------------- Epic and the fan ruleset


def _epic_units_destroyed(r: Any) -> bool:
    return bool(r.formations) and r.formations[0].destroyed > 0


@pytest.mark.parametrize(
    "case",
    [
        # two Heavy bolters (AP4) at two infantry units with saves 4+ and 5+
        param(
            "saves",
            Case(
                eps.scenario(
                    [eps.shooter(), eps.shooter(name="Squad 2")],
                    [eps.unit("A", armour=4), eps.unit("B", armour=5)],
                ),
                lambda r: epic_summarize(r).destroyed == 2,
                "both units destroyed",
            ),
        ),
        # AP1 at a unit in cover: 0 to hit, the Zero To Hit table's second d6; the cover save
        param(
            "zero-to-hit-in-cover",
            Case(
                eps.scenario(
                    [eps.shooter("Bolters 15 AP1", distance=10)],
                    [eps.unit("A", armour=4, in_cover=True, cover_save=5)],
                ),
                lambda r: any("Zero To Hit second" in p for p in purposes(r)) and _epic_units_destroyed(r),
                "a unit destroyed through the Zero To Hit table",
            ),
        ),
        param(
            "barrage",
            Case(
                eps.barrage(
                    [eps.shooter("Mortar 30 BP1")],
                    [eps.unit("A", armour=4, from_centre=0), eps.unit("B", armour=5, from_centre=1)],
                ),
                _epic_units_destroyed,
                "a unit destroyed by the barrage",
            ),
        ),
        param(
            "macro-weapon",
            Case(
                eps.scenario(
                    [eps.shooter("Multi-melta 15 AP3 AT4 MW", type="armoured vehicle")],
                    [eps.vehicle("Tank", armour=4), eps.unit("Boyz", armour=5)],
                ),
                _epic_units_destroyed,
                "a unit destroyed by a macro-weapon hit",
            ),
        ),
        param(
            "war-engine",
            Case(
                eps.scenario(
                    [eps.shooter("Lascannon 45 AT4"), eps.shooter("Lascannon 45 AT4", name="Squad 2")],
                    [eps.unit("Dread", "war engine", armour=4, integrity=2)],
                ),
                lambda r: epic_summarize(r).wiped_out,
                "the war engine destroyed",
            ),
        ),
        # Shock 1 already: one unit destroyed of two breaks the formation
        param(
            "breaks",
            Case(
                eps.scenario(
                    [eps.shooter(), eps.shooter(name="Squad 2")],
                    [eps.unit("A"), eps.unit("B")],
                    target={"shock": 1},
                ),
                lambda r: epic_summarize(r).broken and not epic_summarize(r).wiped_out,
                "the formation broken",
            ),
        ),
        # an assault (seed 002, Allocate Hits): CC 4 in contact and FF 3 at 2 tiles, on two units
        # within 4 tiles with saves 4 and 5 (Epic Armageddon's CC/FF rolls, the engine's reading)
        param(
            "assault",
            Case(
                eps.scenario(
                    [eps.shooter(distance=0, cc=4), eps.shooter(name="Squad 2", distance=2, ff=3)],
                    [eps.unit("A", armour=4, distance=1), eps.unit("B", armour=5, distance=3)],
                    kind="assault",
                ),
                _epic_units_destroyed,
                "a unit destroyed in the assault",
            ),
        ),
    ],
)
def test_epic_shooting_matches_brute_force(case: Case) -> None:
    assert_walked_matches_brute_force(case)


# A Damage Chart on a d6, so a penetrating hit's damage die has 6 faces to walk, not 100.
D6_CHART = {"chart": 1, "die": 6, "rows": "1-3: Wounded\n4-5: Badly wounded\n6: Killed outright"}


@pytest.mark.parametrize(
    "case",
    [
        # one shot at BS 20 through armour (Body, Head) and cover (the legs, standing in cover)
        param(
            "single-shot-armour-and-cover",
            Case(
                rps.scenario(
                    attacker={"BS": 20},
                    target={
                        "exposure": "cover_standing",
                        "armour": rps.armour(20, locations=["Body", "Head"]),
                        "cover": {"name": "Wall", "chance": 30, "locations": ["Right Leg", "Left Leg"]},
                    },
                    charts=[D6_CHART],
                ),
                lambda r: rp_summarize(r).penetrating == 1 and any("armour" in p for p in purposes(r)),
                "a hit through the armour",
            ),
        ),
        # two automatic shots: a double jams the gun and ends the round
        param(
            "auto-two-shots-jam-on-doubles",
            Case(
                rps.scenario(actions=[{"kind": "auto", "shots": 2}], attacker={"BS": 10}, charts=[D6_CHART]),
                lambda r: r.jammed and len(r.shots) == 1,
                "a jam on the first shot",
            ),
        ),
        # aim, then a semi-automatic burst: the aim is the first shot's only (seed 000, Aiming;
        # a reading): 30 + 5 - 5 = 30%, then 30 - 10 = 20%
        param(
            "aim-then-semi-first-shot-only",
            Case(
                rps.scenario(actions=["aim", "semi"], attacker={"BS": 30}, charts=[D6_CHART]),
                lambda r: [s.chance for s in r.shots] == [30, 20] and sum(s.hit for s in r.shots) == 2,
                "both shots hit, at 30% then 20%",
            ),
        ),
    ],
)
def test_wh40krp_round_matches_brute_force(case: Case) -> None:
    assert_walked_matches_brute_force(case)


# ---------------------------------------------------------------------------- the brute force itself


def test_brute_force_takes_every_face_and_agrees_with_counting_by_hand() -> None:
    # DH2 lasgun, BS 20 + Standard Attack 10 = 30; 1d10+3 against TB 3 and no armour, so a hit wounds
    # for its die, after the degrees of success replace it when they are higher (seed 004, Step
    # Four). Degrees: rolls 01-09 score 4, 10-19 score 3, 20-29 score 2, 30 scores 1; 96-100 jam.
    # Counting the 100 x 10 faces (to-hit, damage):
    #   wounds 5 to 10: the 30 hitting rolls with that die: 30 each
    #   wounds 4: 9 rolls x dice 1-4 + 10 rolls x die 4 + 10 x die 4 + 1 x die 4 = 36 + 21 = 57
    #   wounds 3: 10 rolls x dice 1-3 + 10 rolls x die 3 + 1 x die 3 = 30 + 11 = 41
    #   wounds 2: 10 rolls x dice 1-2 + 1 x die 2 = 21;  wounds 1: roll 30 with die 1 = 1
    scenario = load_scenario(dh2s.scenario(BS=20))
    brute = brute_force(scenario, functools.partial(summarize, cap=None), wounded)
    dist = brute.dist
    assert dist.chance(lambda o: o.outcome == "hit") == Fraction(30, 100)
    assert dist.chance(lambda o: o.outcome == "jam") == Fraction(5, 100)
    assert dist.chance(lambda o: o.outcome == "miss") == Fraction(65, 100)
    by_hand = {1: 1, 2: 21, 3: 41, 4: 57, **{w: 30 for w in range(5, 11)}}
    assert sum(by_hand.values()) == 300
    for w, faces in by_hand.items():
        assert dist.chance(lambda o, w=w: o.outcome == "hit" and o.wounds == w) == Fraction(faces, 1000)
    # a natural 10's Fury d5 (a d10 halved) is walked face by face too: 100 x 10 x 10 faces
    assert dist.denom % (100 * 10 * 10) == 0
    assert dist == outcomes(scenario, DH2Attack)


def test_helpless_target_matches_brute_force() -> None:
    # DH2 Helpless Targets (action.helpless): a melee attack succeeds on any d100 (read for the hit
    # location only), its damage is rolled twice and added, and the Dodge is never rolled. (DH1 and
    # Deathwatch, whose auto-confirmed Fury chains cost about 400,000 outcomes, were checked the
    # same way by hand when the rule came in; not kept here for time.)
    data = dh2s.scenario(dh2s.SWORD, armour=ARMOUR, evasion={"reaction": "Dodge", "skill": 50})
    data["action"]["helpless"] = True
    case = Case(
        data,
        lambda r: r.outcome == "hit" and len(r.hits[0].dice) == 2 and r.hits[0].righteous_fury is not None,
        "a helpless blow's two damage rolls with a Fury",
    )
    assert_d100_matches_brute_force(case)
