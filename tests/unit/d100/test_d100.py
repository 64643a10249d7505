"""The d100 helpers: the +-60 cap, DH2 degrees, roll-under tests, digit reversal, the location table.

Seed 004, Step One (the cap), Step Two (roll equal to or under hits), Step Three (reverse the
digits: 32 -> 23, 20 -> 02; the Hit Locations table); DH2 Core, Ch. I for degrees, 01 and 100.
"""

from __future__ import annotations

import pytest

from rules.d100 import cap_modifier, degrees_dh2, dh2_test, reverse_digits, tables


@pytest.mark.parametrize(
    ("total", "capped"),
    [(80, 60), (61, 60), (60, 60), (59, 59), (0, 0), (-59, -59), (-60, -60), (-61, -60), (-80, -60)],
)
def test_modifier_cap_plus_minus_60(total: int, capped: int) -> None:
    assert cap_modifier(total) == capped


@pytest.mark.parametrize(
    ("target", "roll", "degrees"),
    [
        (45, 23, 3),  # 4 - 2 + 1
        (35, 23, 2),  # 3 - 2 + 1
        (45, 45, 1),  # equal tens digits: one degree
        (50, 50, 1),
        (50, 1, 6),  # 5 - 0 + 1
        (99, 9, 10),  # 9 - 0 + 1
    ],
)
def test_degrees_of_success_dh2_tens_digit_difference_plus_one(target: int, roll: int, degrees: int) -> None:
    test = dh2_test(target, roll)
    assert test.success
    assert test.degrees == degrees == degrees_dh2(target, roll, True)


@pytest.mark.parametrize(
    ("target", "roll", "degrees"),
    [
        (35, 71, -5),  # 7 - 3 + 1
        (45, 46, -1),  # same tens digit: one degree of failure
        (45, 50, -2),  # 5 - 4 + 1
        (30, 99, -7),  # 9 - 3 + 1
    ],
)
def test_degrees_of_failure_dh2_the_other_way(target: int, roll: int, degrees: int) -> None:
    test = dh2_test(target, roll)
    assert not test.success
    assert test.degrees == degrees


def test_roll_equal_to_target_hits_one_over_misses() -> None:
    assert dh2_test(50, 50).success
    assert not dh2_test(50, 51).success


@pytest.mark.parametrize("target", [-40, 0, 1, 5])
def test_roll_01_always_succeeds(target: int) -> None:
    test = dh2_test(target, 1)
    assert test.success
    assert test.degrees >= 1


@pytest.mark.parametrize("target", [99, 100, 120, 160])
def test_roll_100_always_fails(target: int) -> None:
    test = dh2_test(target, 100)
    assert not test.success
    assert test.degrees <= -1


@pytest.mark.parametrize(
    ("roll", "reversed_roll"),
    [(32, 23), (20, 2), (10, 1), (1, 10), (100, 100), (99, 99), (57, 75), (5, 50), (11, 11)],
)
def test_reverse_digits(roll: int, reversed_roll: int) -> None:
    # 20 -> 02, 10 -> 01, 01 -> 10, 100 ("00") -> 00 read as 100
    assert reverse_digits(roll) == reversed_roll


@pytest.mark.parametrize("roll", [0, 101, -3])
def test_reverse_digits_refuses_a_roll_off_the_d100(roll: int) -> None:
    with pytest.raises(ValueError):
        reverse_digits(roll)


@pytest.mark.parametrize(
    ("value", "location"),
    [
        (1, "Head"),
        (10, "Head"),
        (11, "Right Arm"),
        (20, "Right Arm"),
        (21, "Left Arm"),
        (30, "Left Arm"),
        (31, "Body"),
        (70, "Body"),
        (71, "Right Leg"),
        (85, "Right Leg"),
        (86, "Left Leg"),
        (100, "Left Leg"),
    ],
)
def test_hit_location_band_edges(value: int, location: str) -> None:
    assert tables.tables("dh2").hit_locations.lookup(value) == location


@pytest.mark.parametrize(
    ("roll", "location"),
    [
        (32, "Left Arm"),  # 23: 21-30
        (23, "Body"),  # 32: 31-70
        (20, "Head"),  # 02
        (10, "Head"),  # 01
        (1, "Head"),  # 10
        (100, "Left Leg"),  # 00 = 100
    ],
)
def test_roll_reversed_then_looked_up(roll: int, location: str) -> None:
    assert tables.tables("dh2").hit_locations.lookup(reverse_digits(roll)) == location
