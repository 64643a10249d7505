"""The fan-made Warhammer 40,000 Roleplay, on WFRP 1st edition (``system: "wh40krp"``; seed 000).

It shoots unlike the FFG rulesets, and this module says where:

- **Actions, not Half and Full actions.** A round has 4 actions (seed 000, Actions). Aiming (up to
  2 actions, +5 each), resting the weapon (+5, kept until the firer moves) and each burst are
  actions; a reload takes 4; hand-to-hand takes the whole round.
- **Each shot is its own roll.** No degrees of success: a burst is several shots, each rolled
  under BS with its own recoil penalty (SA -5, -10; A -10 ... -40; a Heavy weapon on A: 0, 0,
  -10 ... -40). At least 1% to hit; at 100% or more the die is still rolled, for the jam.
- **Jams.** 98-00 jams any gun (a plasma weapon overloads: a point-blank hit on the firer); on
  automatic (A) every double jams too (11, 22, ... 00). DH2 jams on 96-00 and DH1 and Deathwatch on
  96 / 94 by mode; no FFG ruleset jams on doubles.
- **Hit location** is the reversed to-hit roll read on the WFRP table (WFRP 1st edition's, not
  printed in the seed): 01-15 Head, 16-35 Right Arm, 36-55 Left Arm, 56-80 Body, 81-90 Right Leg,
  91-00 Left Leg. The FFG rulesets reverse the roll too, on their own tables.
- **Armour is penetrated on a percentile roll**, not subtracted: the armour's basic chance for the
  struck location plus the weapon's modifier against that armour type at that range. Cover is
  penetrated first (the weapon's cover modifier; +10 to the damage roll after it), then a force
  field (a flat chance weapons do not change), then the armour. 100% or more always penetrates;
  0% or less only on 01. A hit that does not penetrate makes the target duck back, unless another
  shot of the same action damaged it.
- **Damage** is read on the Damage Charts, which the seed does not include: the engine rolls the
  damage die, names the chart and reads the player's own chart if one was entered, or takes the
  result the GM read in the book.
- **Hand-to-hand** tests WS with the seed's combat modifiers, one blow per Attack at effective
  initiative (Initiative divided by Attacks, blows at regular intervals, fractions rounded up). A
  successful parry lowers the chance to penetrate by the defender's WS.

Readings taken where the seed is garbled or silent (each also said in the step log where it
applies):

- *Aim on a burst.* "It is possible to aim with an automatic weapon although it only applies with
  the first shot, after which the weapon jolts the character back" (seed 000, Aiming): a
  semi-automatic burst's second shot carries recoil too (-5, then -10, Semi-automatic), so the aim
  applies to the first shot of any burst, semi-automatic (SA) or automatic (A), and never to a
  later one (a reading: the table's recoil applies to the later shots). Aim is spent by the fire
  action after it, and lost when the target moves (speed above 0) or the firer moves (a move
  action, or firing while walking or running).
- *Moving target.* "-10 per 100m per Round": -10 for each full 100 m per round.
- *Jam or hit.* A roll that jams is a jam, not a hit: the gun did not fire. A jam or an overload
  ends the round's shooting.
- *The plasma overload* is a point-blank hit on the firer: a fresh d100, reversed, gives its
  location (the jamming roll reversed would always strike a leg), then the firer's armour is
  penetrated with the weapon's short-range modifiers and the damage rolled as normal.
- *Unarmoured targets in hand-to-hand.* "A target without armour counts as having primitive armour
  with a penetration value of WS%" is read as the attacker's WS (the target's own WS would make the
  better fighter easier to hurt); a parry then lowers it by the defender's WS. Shot at, an
  unarmoured location is penetrated without a roll.
- *Which Damage Chart.* The seed has creatures roll on the chart of their size in hand-to-hand
  ("Humans and human-sized creatures basically roll on Chart 1"): the attacker's ``chart``, unless
  the weapon names its own. For a gun the chart is the weapon's (``weapon.chart``), Chart 1 unless
  given.
- *A gun in hand-to-hand* (a pistol, or a Basic weapon at -20) still jams on 98-00 (not on
  doubles: it is not automatic fire). A shot that jams counts as a round fired.
- *The damage roll* is a d100 unless the player's chart says otherwise: "+10 to the damage roll"
  only makes sense on a percentile scale.
- *A damage total off the player's chart*: a total no row of the player's
  Damage Chart holds is "not on your Chart 1 (its rows cover 01-70): the GM reads it" on the hit
  (``result_from: "off_chart"``), never its nearest row; the round is resolved, not refused. A
  total that modifiers push past the die (below 1, above ``die``: "+10 to the damage roll" through
  cover, seed 000 L213; "any modifications due to S and T", L182) is a total no chart can hold, not
  a roll the player left out: it reads the row holding the die's own end (1, or ``die``), as far as
  the modifier can move the roll along the chart; only a chart that stops short of that end leaves
  it off the chart.
- *Twilight* halves every targeting distance (the Cover Table's, 50 m for a small target, 300 m,
  and the 100 m of a large target's automatic hit). An illuminated target within the light's reach
  (a flashlight 15 m, a head-lamp 150 m, a searchlight 250 m, measured from the firer) and an
  infrared device count as daylight.
- *Effective initiative.* Blow k of A falls at I x k / A rounded up (72, 48, 24 for the seed's
  Harlequin). Equal initiatives strike in order of the creatures' full Initiative.
- *Clearing a jam.* "Fully repaired in 4 rounds ... if the character successfully rolls under his
  Tek": rolled at once when Tek is given, succeeding on a roll equal or under Tek as WFRP tests do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from rules.d100.models import Die, Step

from ..dice import Roller
from ..errors import FieldError, ScenarioError
from .checks import check_actions
from .hits import resolve_hit
from .melee import melee
from .models import FIRE_KINDS, RpAction, RpBody, RpResolution, RpScenario, Shot
from .readings import (
    D100Reading,
)
from .shooting import clear_jam, fire
from .sight import sight_stage
from .state import Aim, RoundState
from .tables import src, tables


class Wh40krpRound:
    """One round of the fan-made Warhammer 40,000 Roleplay, resolved with the dice of ``roller``.

    It holds what every stage reads and nothing a stage sets for another: the scenario, the
    tables, the bodies shot at (the target, then its others) and the step log. :meth:`resolve`
    runs the stages in order (checks, targeting, each action, the jam), handing the round on in
    a frozen :class:`~rules.wh40krp.state.RoundState`. The odds engine (:mod:`rules.odds.walked`)
    takes over the declared seams :meth:`to_hit_die`, :meth:`pen_die`, :meth:`unread_die`,
    :meth:`resolve_hit`, :meth:`before_fire` and :meth:`before_shot`, and nothing else."""

    def __init__(self, scenario: RpScenario, roller: Roller) -> None:
        self.s = scenario
        self.roller = roller
        self.t = tables()
        self.weapon = scenario.attacker.weapon
        self.bodies: list[RpBody] = [scenario.target, *scenario.target.others]
        self.steps: list[Step] = []

    # --- what every stage reads -----------------------------------------------------------------

    def step(self, rule: str, source: str, detail: str) -> None:
        """Log a step."""
        self.steps.append(Step(rule=rule, source=source, detail=detail))

    def refuse(self, field_: str, message: str) -> ScenarioError:
        """The error refusing the round at ``field_`` (raise it)."""
        return ScenarioError([FieldError(field_, message)])

    def is_small(self, index: int) -> bool:
        """A small target: by its size, or a part of a normal target aimed at (seed 000, Targeting)."""
        body = self.bodies[index]
        return body.size == "small" or (
            index == 0 and self.s.action.called_location is not None and body.size == "normal"
        )

    def distance_to(self, index: int) -> float:
        """The distance in metres to target ``index`` (an other without its own: the target's)."""
        if index == 0:
            return self.s.action.distance
        other = self.s.target.others[index - 1]
        return self.s.action.distance if other.distance is None else other.distance

    def body_field(self, index: int) -> str:
        """The scenario field of target ``index`` (``target``, ``target.others.0``)."""
        return "target" if index == 0 else f"target.others.{index - 1}"

    # --- the seams the odds engine walks ----------------------------------------------------------

    def to_hit_die(self, purpose: str, reads: D100Reading, aimed: tuple[str, int] | None) -> int:
        """A d100 test of the round: a shot's to-hit roll, a blow's WS roll (``aimed``: ("shot", n)
        or ("blow", n)), a parry (``aimed`` None). The procedure reads it through ``reads``
        (jammed, overloaded, passed) and, on a shot's or blow's hit, for its location
        (:func:`hit_location`); the odds engine (:mod:`rules.odds`) walks it that way."""
        return self.roller.d100(purpose)

    def pen_die(self, purpose: str, chance: int) -> int:
        """The d100 of a penetration roll against ``chance`` (percent); the procedure reads it only
        through :func:`penetrates`, and the odds engine (:mod:`rules.odds`) walks it that way."""
        return self.roller.d100(purpose)

    def unread_die(self, sides: int, purpose: str) -> int:
        """A die no odds figure reads: a hit's damage die, an area shot's deviation dice, the Tek
        test to clear a jam. The odds engine (:mod:`rules.odds`) walks it as one class."""
        return self.roller.roll(sides, purpose)

    # a damage roll off the player's chart is its own odds figure.
    def damage_die(self, sides: int, purpose: str, off_chart: Callable[[int], bool] | None) -> int:
        """A hit's damage die, read on the player's chart: ``off_chart(face)`` says whether the
        face (its modifiers added) is on no row of it (None: no chart is read, the GM's reading or
        the book's). The odds engine (:mod:`rules.odds`) walks it as on the chart or off it."""
        return self.unread_die(sides, purpose)

    def resolve_hit(self, shot: Shot, melee: bool, parry: int = 0, index: int = 0) -> Shot:
        """Penetration and damage of a shot or blow that hit (:func:`rules.wh40krp.hits.resolve_hit`;
        ``index``: the penetrating hits before it). The odds engine reads a hit only for whether
        it penetrates."""
        return resolve_hit(self, shot, melee, parry, index)

    def before_fire(self, i: int, state: RoundState, aim: Aim) -> None:
        """Called as fire action ``i`` starts: what it fires depends on the round so far only
        through ``state`` (and ``aim``), which the odds engine uses to share the rest of the walk."""

    def before_shot(self, i: int, k: int, target: int, state: RoundState, fired: tuple[Shot, ...], aim: Aim) -> None:
        """Called before the ``k``-th to-hit roll of fire action ``i`` (at target ``target``): the
        rest of the action, and of the round, depends on what came before only through ``state``
        (rounds fired, jammed, the shots of earlier actions), the action's shots ``fired`` so far
        and ``aim``, which the odds engine uses to share the rest of the walk shot by shot."""

    # --- the round ------------------------------------------------------------------------------

    def resolve(self) -> RpResolution:
        """Run the stages: the actions checked and logged, targeting, each action in turn, then the
        Tek test for a jam; every die drawn from the roller in that order."""
        spent = check_actions(self)
        names = self.action_names()
        self.step(
            "Actions",
            self.t.actions_per_round.source,
            f"{', '.join(names)}: {spent} of {self.t.actions_per_round.value} actions this round.",
        )
        automatic = sight_stage(self)
        state, aim = RoundState(), Aim()
        for i, a in enumerate(self.s.action.actions):
            state, aim = self.act(i, a, names[i], state, aim, automatic)
        tek = clear_jam(self) if state.jammed else (None, None)
        return self.resolution(spent, names, state, tek)

    def action_names(self) -> list[str]:
        """Each action's label (an ``other`` action by its own, or ``Other``)."""
        rows = self.t.action_costs.rows
        return [rows[a.kind].label if a.kind != "other" else (a.label or "Other") for a in self.s.action.actions]

    def act(
        self, i: int, a: RpAction, name: str, state: RoundState, aim: Aim, automatic: frozenset[int]
    ) -> tuple[RoundState, Aim]:
        """Action ``i``: hand-to-hand, a fire action (none once the weapon is stopped), or one that
        changes the aim (aim, rest, move). Returns the round and the aim after it."""
        if a.kind == "melee":
            return melee(self, state), aim
        if a.kind not in FIRE_KINDS:
            return state, self.prepare(i, a, name, aim)
        if state.stopped:
            self.step(f"Action {i + 1}", src("Jams"), f"Not fired: {state.stopped}.")
            return state, aim
        self.before_fire(i, state, aim)
        state = fire(self, state, i, a, aim, automatic)
        return state, Aim(actions=0, rested=aim.rested and a.moving == "no")  # the aim is spent by firing

    def prepare(self, i: int, a: RpAction, name: str, aim: Aim) -> Aim:
        """An action that fires nothing: aiming adds +5 an action, resting the weapon +5 until the
        firer moves, and a move loses both (seed 000, Aiming; Rested Weapon; Actions)."""
        if a.kind == "aim":
            aim = Aim(actions=aim.actions + 1, rested=aim.rested)
            moving = " (lost: the target is moving)" if self.s.target.speed else ""
            self.step(
                f"Action {i + 1}: aim",
                self.t.aim.source,
                f"Aiming, {aim.actions} action(s): +{5 * aim.actions}{moving}.",
            )
        elif a.kind == "rest":
            aim = Aim(actions=aim.actions, rested=True)
            self.step(f"Action {i + 1}: rest the weapon", src("Rested Weapon"), "+5 to hit until the firer moves.")
        elif a.kind in ("move", "run", "crawl"):
            lost = [x for x, on in (("aim", aim.actions), ("rested weapon", aim.rested)) if on]
            aim = Aim()
            self.step(
                f"Action {i + 1}: {a.kind}",
                src("Actions"),
                f"{name}" + (f"; the {' and '.join(lost)} bonus is lost" if lost else "") + ".",
            )
        return aim

    def resolution(
        self, spent: int, names: list[str], state: RoundState, tek: tuple[int | None, bool | None]
    ) -> RpResolution:
        """The round's resolution from its final state."""
        on_target = [x for x in state.shots if x.kind != "overload"]
        hits = sum(1 for x in on_target if x.hit)
        outcome: Literal["hit", "miss", "jam"] = (
            "hit" if hits else ("jam" if state.jammed or state.overloaded else "miss")
        )
        w = self.weapon
        return RpResolution(
            attacker=self.s.attacker.name,
            target=self.s.target.name,
            weapon=w.name,
            action=", ".join(names),
            actions_spent=spent,
            outcome=outcome,
            shots=list(state.shots),
            hits=hits,
            penetrating_hits=sum(1 for x in on_target if x.penetrated),
            duck_back=list(state.duck),
            jammed=state.jammed,
            overloaded=state.overloaded,
            tek_roll=tek[0],
            jam_cleared=tek[1],
            initiative=list(state.initiative),
            rounds_fired=state.rounds_fired,
            rounds_left=None if w.clip is None else w.clip - state.rounds_fired,
            dice=[Die(purpose=d.purpose, sides=d.sides, value=d.value) for d in self.roller.records],
            steps=self.steps,
        )


def resolve(scenario: RpScenario, roller: Roller) -> RpResolution:
    """Resolve one round of ``scenario`` with the dice of ``roller``.

    Raises :class:`ScenarioError` for a round the rules do not allow (too many actions, a target
    that cannot be seen, a mode the weapon lacks), at the field concerned, and ``NeedDie`` when
    scripted dice run out."""
    return Wh40krpRound(scenario, roller).resolve()
