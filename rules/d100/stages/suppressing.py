"""Suppressing Fire's hits given to random targets in the area.

Seed 001, Suppressing Fire: "Make a Hard (-20) Ballistic Skill Test to determine if anyone in area
has been hit, GM assigns hit to random target. An extra hit is scored for every 2 degrees of
success." DH2 Core (Ch. VII, Suppressing Fire) likewise has the GM assign each hit to a random
target in the kill zone. With ``action.random_targets`` and the others in the area listed in
``target.nearby``, each hit (the first as well) goes to one of the target and those listed, chosen
by a die with one face for each (1: the target, 2: the first listed, ...), rolled by the engine or
typed, purpose "Suppressing Fire: which target (hit N)". Each one chosen takes its hits as a
nearby foe takes a burst's (:func:`rules.d100.stages.locations.spread`): its first hit rolls a d100
hit location (reversed), its further hits follow the Multiple Hits table. Without a list every hit
stays on the target, as before. In Deathwatch every one listed also tests against pinning after the
target, hit or not (:func:`rules.d100.stages.after_hit.pinning`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import FieldError

if TYPE_CHECKING:
    from ..attack import D100Attack
    from ..state import AttackState

SOURCE = (
    "seed 001, Suppressing Fire (GM assigns hit to random target); DH2 Core, Ch. VII, Suppressing Fire "
    "(each hit to a random target in the area)"
)


def errors(a: D100Attack) -> list[FieldError]:
    """``action.random_targets`` is Suppressing Fire's, in a ruleset that lists nearby foes."""
    if not a.s.action.random_targets:
        return []
    if a.s.action.action_type != "Suppressing Fire":
        return [FieldError("action.random_targets", "Only Suppressing Fire gives its hits to random targets")]
    if a.tables.spread_hits is None:  # no nearby foes to list (DH1)
        return [FieldError("action.random_targets", f"Random targets in the area are not a rule of {a.RULESET}")]
    return []


def applies(a: D100Attack, st: AttackState) -> bool:
    """Whether this attack gives its hits to random targets: Suppressing Fire asked to, with others listed."""
    return bool(a.s.action.random_targets and st.action.name == "Suppressing Fire" and a.s.target.nearby)
