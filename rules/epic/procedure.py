"""Epic formation shooting (``system: "epic"``; seed 002).

Epic is not a roleplaying game: a formation of many units shoots at another, and the procedure
(seed 002, Shooting Procedure) is run for the whole formation at once:

1. who can shoot: line of fire, range, suppression (one unit per point of the attacker's Shock,
   from the back), ammo;
2. one point of Shock to the target formation as soon as one unit can shoot;
3. ammo spent, and the to-hit d6s rolled a group at a time (each weapon group together);
4. hits allocated by the defender from the front to the back, closest first and evenly, AP hits
   only on infantry and AT hits only on armoured vehicles; saves; integrity lost; then the same
   for macro-weapon hits;
5. a point of Shock per unit destroyed, and the formation breaks when every unit left is
   suppressed.

Where Epic differs from the d100 rulesets: a test is a d6 rolled equal or *under* a value (a 6
always misses), there are no degrees of success, no hit locations and no damage rolls: a hit that
is not saved takes one point of integrity.

Readings taken where the seed is garbled or silent (each said in ``rules/data/epic/tables.json``
and in the step log where it applies):

- *Saves* are rolled like to-hit: a d6 equal or under the save saves; crossfire's -1 lowers it
  (a save of 1 then fails automatically, the seed's warning). The unit uses the better of its
  armour and, in cover, its cover save.
- *The Zero To Hit table*: a d6, and on a 1 a second d6 that must show one of the listed values.
  Below -2 a hit is impossible and no die is rolled.
- *Saves are rolled a unit at a time*, all its hits at once, as players roll them; failures beyond
  the unit's integrity are ignored (the seed: "excess hits on a destroyed unit are ignored").
- *Evenly, closest first*: each hit goes to the unit that may take it with the fewest hits so far,
  the closest among those (the defender's table order among equals). Hits from shorter-ranged
  weapons are placed first, since fewer units may take them.
- *Cover -1 to hit* applies to the whole formation's shooting when any of its units is in cover,
  unless the attacker ignores cover (and then cannot hit the units in cover). Under a barrage each
  unit is rolled for on its own, so only the units in cover give -1.
- *War engines and aircraft* (the seed is silent): AT hits go on war engines, AA hits only on
  aircraft; macro-weapon hits on any unit on the ground; a barrage never hits aircraft.
- *The Barrage table* reads BP, radius, extra Shock, to-hit against infantry (AP), against armoured
  vehicles (AT); the 1-2 BP row has no AT value. A war engine under the template takes one roll.
- *Suppression ties*: the seed lets the attacker choose; the engine takes the unit lower in the
  attacking formation's table first, so the player chooses by ordering the table.
- *A barrage action* fires only the formation's barrage weapons and a shooting action only its
  others; a formation fires one barrage a turn. From overwatch, ``overwatch`` shoots and
  ``overwatch barrage`` fires the barrage; any shooting by a formation on overwatch ends it ("until
  they either shoot").
- *Shock*: the procedure's "one point of Shock to every unit in the target formation" and "apply
  Shock for failed saves" are read as the Apply Shock section words them: one point to the
  formation when it comes under fire, and one per unit destroyed.
- *Small arms and assault weapons* never fire in a shooting, even beside other weapons (the seed
  says a unit armed only with them cannot attack outside assaults; the published rules keep them
  for assaults).
- *Suppression before ammo*, in the seed's order: a unit out of ammo can take a point of
  suppression.
- *A save of 6* always saves (nothing says a 6 fails a save; only the to-hit roll has that rule).
- *An assault* (seed 002 gives only its allocation: every unit but war engines up to 4 tiles away,
  CC or FF alike) scores its hits as the published Epic Armageddon rules do (Assaults): one d6 per
  unit, its CC value in base contact (distance 0), else its FF value up to 4 tiles away, equal or
  under, a 6 missing; or the player gives the hits. The target gains +1 Shock for the assault and
  +1 per unit destroyed, as under fire; saves as for shooting; no suppression, crossfire or cover
  to ignore (those are the shooting's).
- *Datasheet notation*: a to-hit or save typed as a datasheet prints it (``AT5+``, a save ``4+``:
  a d6 of n or more) is read as the seed's value for the same faces, 7 - n equal or under (``5+``
  is 2, ``4+`` is 3; a to-hit ``1+`` is 6, still missing on a 6; a save ``7+`` is none), and a
  step at the start says so. A to-hit ``7+`` cannot be rolled and is refused.
- *Crossfire* is taken on the player's word: the engine checks the line's length and the facts
  given about it, not the table's geometry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from rules.d100.models import AppliedModifier, Die, Step

from ..dice import Roller
from .assault import assault
from .barrage import barrage
from .checks import check, under
from .models import BarrageResult, EpicResolution, EpicScenario, FormationResult, Shooter, ToHitRoll
from .shock import finish
from .shooters import shooters
from .shooting import shoot
from .state import FormationState
from .tables import src, tables
from .text import datasheet_notes
from .to_hit import roll_to_hit

Outcome = Literal["no shooters", "wiped out", "broken", "losses", "no losses"]
_ACTIONS = {
    "shoot": "Shooting",
    "barrage": "Barrage",
    "overwatch": "Overwatch fire",
    "overwatch barrage": "Overwatch barrage",
    "assault": "Assault",
}


class EpicAttack:
    """One shooting attack, a barrage or overwatch fire: checks first (each refusal names its
    field), then the seed's procedure, every die recorded and every step logged.

    It holds what every stage reads and nothing a stage sets for another: the scenario, the
    tables, whether a crossfire is claimed, and the step log. :meth:`resolve` runs the stages
    (checks, who can shoot, the shooting or the barrage, Shock and breaking), each formation under
    fire handed on in a frozen :class:`~rules.epic.state.FormationState`. The odds engine
    (:mod:`rules.odds.walked`) takes over the declared seam :meth:`d6s`, and nothing else."""

    def __init__(self, scenario: EpicScenario, roller: Roller) -> None:
        self.s = scenario
        self.roller = roller
        self.steps: list[Step] = []
        self.t = tables()
        self.crossfire = scenario.action.crossfire is not None

    def step(self, rule: str, section: str, detail: str) -> None:
        """Log a step citing ``section`` of seed 002."""
        self.steps.append(Step(rule=rule, source=src(section), detail=detail))

    def d6s(self, count: int, purpose: str, good: Callable[[int], bool]) -> list[int]:
        """``count`` d6 rolled together for ``purpose``; ``good`` says which faces count (a hit, a
        save). The procedure reads a fistful only by how many are good, and the odds engine
        (:mod:`rules.odds`) walks it that way."""
        return self.roller.group(6, count, purpose)

    def roll_to_hit(self, label: str, kind: str, value: int, dice: int, mods: list[AppliedModifier]) -> ToHitRoll:
        """Roll ``dice`` d6 at ``value`` with ``mods`` (:func:`rules.epic.to_hit.roll_to_hit`)."""
        return roll_to_hit(self, label, kind, value, dice, mods)

    def resolve(self) -> EpicResolution:
        """Run the stages: checks, who can shoot, what sets the attack off (overwatch, a
        crossfire), the shooting or the barrage, then Shock and breaking for each formation."""
        check(self.s)
        for section, words in datasheet_notes(self.s):  # Epic datasheet notation
            self.step("Datasheet notation", section, words)
        if self.s.action.is_assault:
            return self.assault()
        shooting_units, shooting = shooters(self)
        formations = [FormationState.of(f, spec) for f, spec in under(self.s)]
        self.announce()
        rolls: list[ToHitRoll] = []
        fired: BarrageResult | None = None
        if not shooting:
            self.step(
                "Who can shoot",
                "Who Can Shoot",
                f"No unit of {self.s.attacker.name} can shoot: {self.s.target.name} gains no Shock.",
            )
        elif self.s.action.is_barrage:
            fired, rolls, formations = barrage(self, shooting, formations)
        else:
            formations[0] = formations[0].gaining("under fire", 1)
            self.step("Apply Shock", "Apply Shock", f"{self.s.target.name} comes under fire: +1 Shock.")
            rolls, formations[0] = shoot(self, shooting, formations[0])
        results = [finish(self, f) for f in formations]
        return self.resolution(shooting_units, bool(shooting), rolls, results, fired)

    def assault(self) -> EpicResolution:
        """An assault (seed 002, Allocate Hits & Make Saving Throws): its hits allocated over every
        unit but war engines within 4 tiles, saved, then Shock and breaking for the target."""
        fighters, attacked, rolls, target = assault(self, FormationState.of("target", self.s.target))
        return self.resolution(fighters, attacked, rolls, [finish(self, target)], None)

    def announce(self) -> None:
        """The steps for overwatch fire and a crossfire, before any die."""
        s, a = self.s, self.s.action
        if a.is_overwatch:
            self.step(
                "Overwatch",
                "Overwatch",
                f"{s.attacker.name} is on overwatch and fires at {s.target.name}, which set it off with a {a.trigger}; "
                "it is no longer on overwatch once it has fired.",
            )
        if a.crossfire is not None:
            effect = (
                "terrain or a special rule counters the save modifier: no change to the saves"
                if a.crossfire.countered
                else f"every save of {s.target.name} suffers {self.t.crossfire.save_modifier}"
            )
            self.step(
                "Crossfire",
                "Crossfire",
                f"A line of {a.crossfire.length} tiles through {s.target.name} to an allied unit with line of fire: "
                f"{effect}.",
            )

    def resolution(
        self,
        shooting_units: list[Shooter],
        shot: bool,
        rolls: list[ToHitRoll],
        results: list[FormationResult],
        fired: BarrageResult | None,
    ) -> EpicResolution:
        """The attack's resolution: the outcome for the target formation, the hits by kind (MW
        for macro-weapon hits), every formation's result, die and step."""
        s, a = self.s, self.s.action
        hits: dict[str, int] = {}
        for r in rolls:
            key = "MW" if r.macro else r.kind
            hits[key] = hits.get(key, 0) + r.hits
        action = _ACTIONS[a.kind] + (f" (after a {a.trigger})" if a.is_overwatch else "")
        return EpicResolution(
            attacker=s.attacker.name,
            target=s.target.name,
            action=action,
            outcome=_outcome(shot, results[0]),
            shooters=shooting_units,
            to_hit=rolls,
            hits=hits,
            formations=results,
            barrage=fired,
            crossfire=self.crossfire,
            overwatch_ended=s.attacker.overwatch and shot,
            dice=[Die(purpose=d.purpose, sides=d.sides, value=d.value) for d in self.roller.records],
            steps=self.steps,
        )


def _outcome(shot: bool, first: FormationResult) -> Outcome:
    """The outcome for the target formation: no shooters, wiped out, broken, losses or none."""
    if not shot:
        return "no shooters"
    if first.wiped_out:
        return "wiped out"
    if first.broken:
        return "broken"
    return "losses" if first.destroyed else "no losses"


def resolve(scenario: EpicScenario, roller: Roller) -> EpicResolution:
    """Resolve one Epic shooting attack, barrage or overwatch fire.

    Raises :class:`ScenarioError` (each refusal at its field) and :class:`NeedDie` (scripted dice
    ran out; a group of d6s is asked for together)."""
    return EpicAttack(scenario, roller).resolve()
