"""Fate points: one test of an attack re-rolled with Fate, the new roll standing (the d100 family).

The rule is not in the seeds; it is the core books' (cited per ruleset in :data:`SOURCES`): a
player character spends a Fate point to re-roll a test, and the result of the re-roll stands (it
cannot be re-rolled again with Fate). Damage rolls are not tests: Fate never re-rolls them.

A scenario names the test with ``fate_reroll`` (one of :data:`TESTS`): the attacker's attack test,
the Righteous Fury confirmation (DH1, Deathwatch), the target's Evasion, a side of an opposed test
(a grapple's or a manoeuvre's), the target's Pinning test, or the first test a weapon quality makes
the target take. The resolution rolls that test's d100 as usual, sets it aside, rolls one more d100
in its place and goes on with the new one: every other die is the die it would have been, in the
same order, one d100 later. Which die is the test's is read from the role the procedure gives it
(:mod:`rules.d100.seams`), never from its wording.

Readings (not checked against the books' text, which the seeds do not carry):

- The books speak of re-rolling a *failed* test; Auspex re-rolls the test named whatever it showed
  and leaves the choice to the player (who names it after seeing the roll). The odds
  (:mod:`rules.odds.d100`) spend the re-roll only on a failure, the player's best use of it.
- One Fate re-roll per resolution: the Fate point's owner is the attacker for its own tests
  (the attack test, the Fury confirmation, the opposed test's first side), the target for its own
  (Evasion, Pinning, a quality's test, the opposed test's second side).
- The fan-made ruleset (seed 000) and Epic (seed 002) have no Fate points: ``fate_reroll`` is
  refused there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from rules.d100.models import FateResult, Resolution, Scenario, Step

from ..dice import Roller
from ..errors import ScenarioError
from .opposed import OPPOSED
from .roles import EVASION, FURY_CONFIRM, PINNING, TARGET_TEST, TEST


@dataclass(frozen=True)
class TestKind:
    """A test Fate may re-roll: the ``role`` of its d100 (:mod:`rules.d100.seams`), which of the
    dice of that role it is (``occurrence``, 0 for the first), whose test it is (``owner``: the
    Fate point's owner) and its name in words (``label``)."""

    __test__ = False  # not a pytest class
    role: str
    occurrence: int
    owner: Literal["attacker", "target"]
    label: str


TESTS: dict[str, TestKind] = {
    "attack": TestKind(TEST, 0, "attacker", "the attack test"),
    "fury confirmation": TestKind(FURY_CONFIRM, 0, "attacker", "the Righteous Fury confirmation test"),
    "evasion": TestKind(EVASION, 0, "target", "the target's Evasion test"),
    "opposed attacker": TestKind(OPPOSED, 0, "attacker", "the attacker's side of the opposed test"),
    "opposed target": TestKind(OPPOSED, 1, "target", "the target's side of the opposed test"),
    "pinning": TestKind(PINNING, 0, "target", "the target's Pinning test"),
    "target test": TestKind(TARGET_TEST, 0, "target", "the first test a quality makes the target take"),
}
"""The tests ``fate_reroll`` may name, in the order an attack may roll them."""

SOURCES: dict[str, str] = {
    "dh2": "DH2 Core, Ch. I, Fate Points (Spending Fate: re-roll a test; the re-roll's result stands)",
    "dh1": "DH1 Core, Ch. VIII, Fate Points (spend one to re-roll a test; the re-roll's result stands)",
    "dw": "Deathwatch Core, Fate Points (spend one to re-roll a test; the re-roll's result stands)",
}
"""Each ruleset's book and section for Fate (the seeds are silent; see the module's Readings)."""

SET_ASIDE = "set aside: re-rolled with Fate"
STANDS = "re-rolled with Fate: this roll stands"


@dataclass
class FateReroll:
    """The re-roll a :class:`rules.dice.Roller` makes: the test named (``test``, a key of
    :data:`TESTS`), how many dice of its role it has seen (``seen``), and once done, the index of
    the set-aside die in the roller's records and both values (``done``: index, first, second)."""

    test: str
    seen: int = 0
    done: tuple[int, int, int] | None = None

    @property
    def kind(self) -> TestKind:
        return TESTS[self.test]

    def after(self, roller: Roller, sides: int, purpose: str, role: str, value: int) -> int:
        """What stands of the die ``roller`` just rolled and recorded (``value``): the die itself,
        or, when it is the test named, a new die rolled in its place (the first marked as set aside
        in the roller's records). Raises :class:`~rules.errors.NeedDie` when scripted dice run out
        before the new die."""
        if self.done is not None or role != self.kind.role:
            return value
        self.seen += 1
        if self.seen != self.kind.occurrence + 1:
            return value
        index = len(roller.records) - 1
        rec = roller.records[index]
        roller.records[index] = replace(rec, purpose=f"{rec.purpose} ({SET_ASIDE})")
        self.done = (index, value, 0)  # before the new die: it is not re-rolled in turn
        second = roller.roll(sides, f"{purpose} ({STANDS})", role)
        self.done = (index, value, second)
        return second


def start(scenario: Scenario, roller: Roller) -> FateReroll | None:
    """The re-roll ``scenario`` asks for (its ``fate_reroll``), set on ``roller`` (which then
    re-rolls that test's d100 as it comes); None when it asks for none."""
    if scenario.fate_reroll is None:
        return None
    reroll = FateReroll(scenario.fate_reroll)
    roller.fate = reroll
    return reroll


def finish(scenario: Scenario, resolution: Resolution, reroll: FateReroll) -> Resolution:
    """``resolution`` with the Fate step (who spent the point, on which test, the roll set aside
    and the one that stands, the book) and its :class:`~rules.d100.models.FateResult`.

    Raises :class:`~rules.errors.ScenarioError` at ``fate_reroll`` when the attack never rolled
    the test named (an Evasion after a miss, a Pinning test with no pinning weapon)."""
    kind = reroll.kind
    if reroll.done is None:
        raise ScenarioError.at(
            "fate_reroll",
            f"{kind.label[0].upper()}{kind.label[1:]} is not rolled in this attack: there is no such test to "
            "re-roll with Fate (damage rolls are not tests)",
        )
    index, first, second = reroll.done
    name = scenario.attacker.name if kind.owner == "attacker" else scenario.target.name
    step = Step(
        rule="Fate point: re-roll",
        source=SOURCES[scenario.system],
        detail=(
            f"{name} spends a Fate point to re-roll {kind.label}: the {first:02d} is set aside and the new "
            f"roll, {second:02d}, stands (it cannot be re-rolled with Fate again). Every other die is as rolled."
        ),
    )
    fate = FateResult(test=reroll.test, spent_by=kind.owner, name=name, set_aside=first, stands=second, die=index)
    return resolution.model_copy(update={"steps": [*resolution.steps, step], "fate": fate})


def choices(scenario: Scenario, roles: list[str]) -> list[dict[str, object]]:
    """The tests a Fate point may re-roll in ``scenario``'s attack, resolved with dice of ``roles``
    (each die's role, in the order rolled): ``[{"test", "label", "owner", "name", "die"}]``, each
    test whose d100 was rolled, ``die`` its index among the dice (the re-roll's die goes after it).
    None once the scenario has spent its re-roll (one per attack; the re-roll stands)."""
    if scenario.fate_reroll is not None:
        return []
    out: list[dict[str, object]] = []
    for name, kind in TESTS.items():
        at = [i for i, role in enumerate(roles) if role == kind.role]
        if len(at) > kind.occurrence:
            who = scenario.attacker.name if kind.owner == "attacker" else scenario.target.name
            out.append(
                {"test": name, "label": kind.label, "owner": kind.owner, "name": who, "die": at[kind.occurrence]}
            )
    return out


NO_FATE = {
    "wh40krp": "The fan-made ruleset (seed 000) has no Fate points: no test is re-rolled with Fate",
    "epic": "Epic (seed 002) has no Fate points: no test is re-rolled with Fate",
}
"""Why ``fate_reroll`` is refused in the rulesets without Fate (their scenarios' validators)."""
