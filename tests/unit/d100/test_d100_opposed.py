"""Opposed tests (rules.d100.opposed), the d100 family's shared mechanic, with DH2's hooks.

Seed 004, Grapple Action: "making an Opposed Strength test with the Grappled opponent. If the
active character wins ... If the grappled opponent wins the Opposed Strength test, no damage is
dealt". DH2 Core, Ch. I, Opposed Tests: both test, the more degrees of success win; ties are DH2's
reading in rules/dh2's Readings (higher characteristic bonus, then the lower roll, then neither).
Hand counts use DH2 degrees: one plus the target's tens digit less the roll's.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.d100.models import AppliedModifier, Scenario
from rules.d100.opposed import OPPOSED, Opposed, Side, opposed_test
from rules.dh2 import DH2Attack
from rules.dice import Roller, ScriptedDice


def _dh2() -> DH2Attack:
    return DH2Attack(Scenario(), Roller(ScriptedDice([])))


def _run(active: Side, passive: Side, dice: list[int]) -> tuple[Opposed, str, Roller]:
    roller = Roller(ScriptedDice(dice))
    result, text = opposed_test(_dh2(), roller, active, passive, "Grapple: Damage Opponent")
    return result, text, roller


def test_opposed_only_one_side_succeeds_that_side_wins() -> None:
    # S 45 rolls 23: success, 4 - 2 + 1 = 3 DoS; S 35 rolls 60: failure, 6 - 3 + 1 = 4 DoF.
    result, text, _ = _run(Side("Vex", "S", 45), Side("Cultist", "S", 35), [23, 60])
    assert result.winner == "active"
    assert result.active.degrees == 3 and result.passive.degrees == -4
    assert "Vex wins: only Vex succeeds" in text


def test_opposed_both_succeed_more_degrees_win() -> None:
    # S 45 rolls 41: 4 - 4 + 1 = 1 DoS; S 35 rolls 05: 3 - 0 + 1 = 4 DoS: the passive side wins.
    result, text, _ = _run(Side("Vex", "S", 45), Side("Cultist", "S", 35), [41, 5])
    assert result.winner == "passive"
    assert "Cultist wins: both succeed; 1 degree(s) against 4" in text


def test_opposed_tie_in_degrees_goes_to_the_higher_characteristic_bonus() -> None:
    # S 45 rolls 40: 1 DoS; S 38 rolls 30: 1 DoS. Bonus 4 against 3: the active side wins.
    result, text, _ = _run(Side("Vex", "S", 45), Side("Cultist", "S", 38), [40, 30])
    assert result.winner == "active"
    assert "higher characteristic bonus (4 against 3)" in text


def test_opposed_tie_with_equal_bonus_goes_to_the_lowest_roll() -> None:
    # DH2 Core, Ch. I, Opposed Tests (p. 25): "If the number of successes is equal, then the party
    # with the highest characteristic bonus wins. If there is still a tie, then the lowest die roll
    # wins." S 45 rolls 40 and S 42 rolls 41: 1 DoS each, bonus 4 each: 40 is the lower roll.
    result, text, _ = _run(Side("Vex", "S", 45), Side("Cultist", "S", 42), [40, 41])
    assert result.winner == "active"
    assert "the lower roll (40 against 41) wins" in text
    result, _, _ = _run(Side("Vex", "S", 45), Side("Cultist", "S", 42), [41, 40])
    assert result.winner == "passive"


def test_opposed_dead_heat_and_both_failing_have_no_winner() -> None:
    # Equal degrees, bonus and roll: nothing left to tell them apart. Both fail: "either the test
    # ends in a stalemate and nothing happens, or both parties re-roll" -- Auspex reads the stalemate.
    result, _, _ = _run(Side("Vex", "S", 45), Side("Cultist", "S", 42), [40, 40])
    assert result.winner is None
    result, text, _ = _run(Side("Vex", "S", 45), Side("Cultist", "S", 42), [90, 95])
    assert result.winner is None
    assert "neither side wins: both fail" in text


def test_opposed_size_extra_degrees_count_only_on_success() -> None:
    # Seed 004, Grappling Size Differences: "the larger scores one extra degree of success on
    # successful Opposed tests ... for every point by which ... her Size trait exceeds". Two steps
    # larger: 1 DoS + 2 = 3, beating the other's 2 DoS; failing, the extra degrees do not count.
    big = Side("Ogryn", "S", 45, extra_degrees=2, extra_why="Size")
    result, _, _ = _run(big, Side("Vex", "S", 45), [40, 33])
    assert result.active.degrees == 3 and result.winner == "active"
    result, _, _ = _run(big, Side("Vex", "S", 45), [70, 33])
    assert result.active.degrees == -4 and result.winner == "passive"  # 7 - 4 + 1 = 4 DoF, no extra


def test_opposed_modifiers_are_summed_and_each_die_recorded_active_first() -> None:
    # Assistance +10 twice: S 45 + 20 = 65.
    mods = (AppliedModifier(label="Assistance (2 helper(s))", value=20, source="x"),)
    result, _, roller = _run(Side("Vex", "S", 45, mods), Side("Cultist", "S", 35), [60, 36])
    assert result.active.test.target == 65 and result.active.success
    assert [(r.purpose, r.value, r.role) for r in roller.records] == [
        ("Grapple: Damage Opponent: Vex's S d100 (opposed)", 60, OPPOSED),
        ("Grapple: Damage Opponent: Cultist's S d100 (opposed)", 36, OPPOSED),
    ]


@given(st.integers(1, 100), st.integers(1, 100), st.integers(0, 100), st.integers(0, 100))
def test_opposed_winner_is_never_a_side_that_failed_while_the_other_succeeded(
    r1: int, r2: int, v1: int, v2: int
) -> None:
    result, _, _ = _run(Side("A", "S", v1), Side("B", "S", v2), [r1, r2])
    a, p = result.active, result.passive
    if a.success != p.success:
        assert result.winner == ("active" if a.success else "passive")
    if not a.success and not p.success:
        assert result.winner is None
