"""The generic part of a ruleset family in the encounter: the :class:`Family` hooks every family
implements (the combatant a profile makes, the scenario an attack is resolved with, built from the
state and never typed, and what a resolution does to the state), and the helpers they share.

Each family's own class lives beside its ruleset: :class:`rules.d100.encounter.family.D100`,
:class:`rules.wh40krp.family.Fan`, :class:`rules.epic.family.Epic`; the engine finds one through
:func:`rules.encounter.families.family` (by the registry's family of the ruleset).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rules import limits, registry
from rules.d100.models import Step
from rules.dice import Roller
from rules.encounter import profiles
from rules.encounter.models import CombatantState, Condition, EncounterError, NewCombatant, WeaponState
from rules.errors import ScenarioError

Profile = dict[str, Any]


def validate_profiles(system: str, field: str, attacker: Profile | None, target: Profile | None) -> Any:
    """The scenario model validated from the profiles (absent ones get the model's defaults);
    raises :class:`EncounterError` with each error's path under ``field``."""
    from rules.api import load_scenario

    data: dict[str, Any] = {"system": system}
    if attacker is not None:
        data["attacker"] = attacker
    if target is not None:
        data["target"] = target
    if registry.get(system).family == "epic":  # Epic's formations have no defaults
        # a formation added as a target only: a stand-in attacker, only for the scenario to validate
        # (the combatant keeps no attacker profile, so it cannot shoot)
        data.setdefault("attacker", {"units": [{"weapons": "Small arms 15 small arms"}]})
        data.setdefault("target", {"units": [{}]})
    data["seed"] = 1
    try:
        return load_scenario(data)
    except ScenarioError as exc:
        raise EncounterError([type(e)(f"{field}.{e.field}", e.message) for e in exc.errors]) from None


def is_melee(attacker: Profile) -> bool:
    """Whether the attacker profile's weapon is a melee one (its class as the scenario reads it;
    an invalid weapon counts as ranged here, and the attack's own validation then names the field)."""
    from rules.d100.models import Weapon

    try:
        return Weapon.model_validate(attacker.get("weapon") or {}).is_melee
    except ValueError:
        return False


class Family:
    """The hooks an encounter calls for one family. Every method takes the encounter's
    ``system``; ``field`` is where an error is reported (``then``, ``events.3``)."""

    name: ClassVar[str] = ""
    layout: ClassVar[str] = ""
    """The page's forms for the family's rulesets (``"d100"``: one attacker, target and action;
    ``"fan"``: a firer's round of actions; ``"formation"``: formations of units), given to the page
    by :func:`rules.catalogue.catalogue` so its scripts pick the forms by this word."""
    budget: ClassVar[int] = 2
    """Half Actions a turn (a Full Action counts 2): seed 003 and seed 001, Action types."""
    # What the engine does for the family, as flags (the engine names no family):
    table_options: ClassVar[bool] = False
    """The encounter file's ``options`` (the d100 tables' rules: :class:`rules.d100.models.TableOptions`) apply."""
    attack_upkeep: ClassVar[bool] = False
    """After an attack, the d100 upkeep runs (:func:`rules.d100.encounter.upkeep.after_attack`:
    shot at, melee frees the Pinned, Recharge, Overwatch fired), and an attack flagged ``overwatch``
    is the kill zone's shot held over turns (seed 001, Overwatch)."""
    formation_overwatch: ClassVar[bool] = False
    """The ``overwatch`` event is Epic's formation action (seed 002, Overwatch), not a d100 kill zone."""
    damage_charts: ClassVar[bool] = False
    """An attack event may carry the player's Damage Charts (the fan ruleset, seed 000)."""
    volleys: ClassVar[bool] = False
    """The bodies of an "xN" entry may fire together as one action (:mod:`rules.encounter.volley`):
    the d100 rulesets' attacks, one target's Reaction spent once a round."""
    long_tasks: ClassVar[bool] = False
    """Tasks of several actions over turns (taking an item in 4 actions) and a game turn of six
    rounds (the fan ruleset, seed 000; :mod:`rules.wh40krp.fan_time`)."""
    # What the page offers (read by :func:`rules.encounter.controls.controls`; the page names no ruleset):
    turn_controls: ClassVar[tuple[str, ...]] = (
        "aim_half",
        "aim_full",
        "reload",
        "clear_jam",
        "stand",
        "move",
        "run",
        "ready",
        "delay",
        "end_turn",
    )
    """The acting combatant's controls the page shows (names of :data:`rules.encounter.turn.CONTROLS`,
    and ``take_item``, ``formation_overwatch``, ``kill_zone``): the actions of seed 003's and seed
    001's action tables a combatant takes in its turn."""
    rolls_initiative: ClassVar[bool] = True
    """Combatants roll initiative (seed 003, Initiative: 1d10 + AgB, standing for the whole
    combat): one joining a running fight rolls its die, and one may join Surprised (seed 003,
    Surprise); the Dice box is offered for the dice."""
    started_words: ClassVar[str] = "Initiative set: it stands for the whole fight"
    """The Start button's words once the fight has started (seed 003, Initiative)."""

    def dice_words(self, state: Any) -> str | None:
        """What the page's Dice box is read for in ``state`` (an :class:`EncounterState`), or None
        when the family rolls nothing there. The d100 rulesets: the initiative d10s before the fight
        (one a combatant, in the encounter's order: seed 003, Initiative), a Clear Jam's BS test
        (seed 004, Weapon Jams) or a named test's d100."""
        if not state.round and state.combatants:
            names = ", ".join(c.name for c in state.combatants)
            return f"initiative d10s in this order: {names}; Clear Jam's or a test's d100"
        return "initiative d10s, Clear Jam's or a test's d100"

    def page_controls(self, system: str) -> dict[str, Any]:
        """The family's own part of :func:`rules.encounter.controls.controls` for ``system`` (keys
        that block documents); none here."""
        return {}

    def start(self, system: str, new: NewCombatant, field: str, notes: list[str] | None = None) -> CombatantState:
        """The state of a combatant just added (raises :class:`EncounterError`): its profiles
        validated by the ruleset's scenario model and kept in their canonical form
        (:mod:`rules.encounter.profiles`: whole numbers as integers); ``notes`` gets the words of
        each number read from another form (``"35.0"`` read as 35)."""
        try:
            scenario = validate_profiles(system, field, new.attacker, new.target)
        except EncounterError as exc:  # each error says whose profile it is in (the page shows it at the form's field)
            raise EncounterError([type(e)(e.field, f"{new.name}: {e.message}") for e in exc.errors]) from None
        attacker, target = new.attacker, new.target
        said: list[str] = []
        errors: list[Any] = []
        for side, raw in (("attacker", attacker), ("target", target)):
            if raw is None:
                continue
            try:
                kept, words = profiles.canonical(raw, getattr(scenario, side), f"{field}.{side}", new.name)
            except EncounterError as exc:
                errors += exc.errors
                continue
            said += words
            attacker, target = (kept, target) if side == "attacker" else (attacker, kept)
        if errors:
            raise EncounterError(errors)
        if notes is not None:
            notes += said
        c = CombatantState(id=new.id, name=new.name, kind="none", attacker=attacker, target=target)
        self.fill(c, scenario)
        if new.surprised:
            c.conditions.append(Condition(name="Surprised", source="seed 003, Surprise", detail="loses its first turn"))
        return c

    def fill(self, c: CombatantState, scenario: Any) -> None:
        """Set the state a profile starts with (its kind, wounds, weapon)."""
        raise NotImplementedError

    def cost(self, system: str, action: Profile, field: str, attacker: Profile | None = None) -> int:
        """The Half Actions an attack ``action`` costs (``attacker``: the attacker's profile)."""
        return 2

    def scenario(
        self, system: str, who: CombatantState, at: CombatantState, ev: Any, field: str
    ) -> tuple[dict[str, Any], list[str]]:
        """The scenario of ``who``'s attack on ``at`` built from the state, and the notes that
        say what the state put into it."""
        raise NotImplementedError

    def apply(self, res: Any, who: CombatantState, at: CombatantState, scenario: Any, others: Any = None) -> list[str]:
        """Apply a resolution (of ``scenario``) to the state, exactly once; the words of what
        changed. ``others``: the other combatants it may strike (:class:`rules.d100.encounter.nearby.Others`,
        the d100 rulesets only)."""
        raise NotImplementedError

    def initiative_combatant(self, c: CombatantState) -> dict[str, Any]:
        """``c`` as :mod:`rules.initiative` reads a combatant."""
        return {"name": c.name}

    jam_rule: ClassVar[str] = "seed 004, Weapon Jams"
    clear_jam_cost: ClassVar[int] = 2
    """Clearing a jam is a Full Action (seed 004, Weapon Jams)."""

    def clear_jam(self, c: CombatantState, w: WeaponState, roller: Roller) -> Step:
        """The test to clear ``c``'s jammed weapon ``w`` (rolled from ``roller``), applied to ``w``:
        the step that says how it went. The d100 rulesets: a BS test (Fatigued \u221210); passed,
        the jam is cleared and the clip is lost, so the weapon must be reloaded (seed 004)."""
        bs = int(((c.attacker or {}).get("characteristics") or {}).get("BS", 30))
        mod = -10 if c.fatigue else 0
        roll = roller.d100("Clear Jam: BS test")
        fat = " (Fatigued \u221210)" if mod else ""
        if roll <= bs + mod:
            w.jammed, w.rounds = False, 0
            text = f"BS {bs}{fat}: {roll} against {bs + mod}, passed: the jam is cleared; the clip is lost, Reload next"
        else:
            text = f"BS {bs}{fat}: {roll} against {bs + mod}, failed: still jammed (it may try again next turn)"
        src = f"{self.jam_rule} (a Full Action and a BS test; cleared, reload: the ammunition is lost)"
        return Step(rule="Clear Jam", source=src, detail=text + ".")

    # Epic overwatch across turns (seed 002, Overwatch): the turn's hooks, no-ops but in Epic.
    # Each returns the log's words for what changed, or None.
    def out_of_turn(self, c: CombatantState, action: Profile, round_: int) -> str | None:
        """Whether ``c``'s attack out of its turn is allowed (its words), or None."""
        return None

    def acting(self, c: CombatantState, what: str, round_: int) -> str | None:
        """``c`` takes an action ``what`` in its turn (after the budget is spent)."""
        return None

    def turn_starts(self, c: CombatantState, round_: int) -> str | None:
        """``c``'s turn begins (its budget just reset)."""
        return None

    def round_starts(self, c: CombatantState, round_: int) -> str | None:
        """Round ``round_`` begins, for each combatant."""
        return None

    def tick_weapon(self, c: CombatantState) -> str | None:
        """The weapon's counters at the end of its wielder's turn; what ended, in words."""
        w = c.weapon
        if w is None or not w.overheated:
            return None
        w.overheated -= 1
        return None if w.overheated else f"{c.name}'s {w.name} has cooled"


def set_weapon(c: CombatantState, name: str, clip: int | None, reload: str | None) -> None:
    """Give ``c`` the weapon ``name`` with a full clip of ``clip`` rounds (0 or None: no clip, a
    melee weapon) and its reload time ``reload`` (the profile's Rld), not jammed."""
    c.weapon = WeaponState(name=name, clip=clip or 0, rounds=clip or 0, reload=reload)


def clip_after(w: WeaponState | None, fired: int, left: int | None, jammed: bool) -> list[str]:
    """The weapon ``w`` after an attack fired ``fired`` rounds: ``left`` rounds in the clip (the
    resolution's count; None: the clip less ``fired``), jammed if ``jammed`` (seed 004, Weapon
    Jams). The words of what changed; none for no weapon."""
    if w is None:
        return []
    out = []
    if w.clip:
        w.rounds = max(0, left if left is not None else w.rounds - fired)
        out.append(f"{w.name}: {w.rounds} of {w.clip} rounds left")
    if jammed:
        w.jammed = True
        out.append(f"{w.name} jammed: it fires no more until the jam is cleared (seed 004, Weapon Jams)")
    return out


def own_names(data: dict[str, Any], who: CombatantState, at: CombatantState) -> dict[str, Any]:
    """``data`` (a scenario dict) with its attacker and target named as the combatants were added:
    a profile made from a form keeps the form's name ("Cultist (stub)"), but the result, the
    evasion line and the refusals must read the combatant's own ("Guardsman"). Cut to the
    scenario's name length (an Epic formation's name is a label, 60 characters). Changes ``data``."""
    epic = registry.get(str(data.get("system"))).family == "epic"
    size = limits.LABEL_LENGTH if epic else limits.NAME_LENGTH
    for key, c in (("attacker", who), ("target", at)):
        if isinstance(data.get(key), dict):
            data[key]["name"] = c.name[:size]
    return data


PROFILE_WORDS = {
    "WS": "Weapon Skill (WS)",
    "BS": "Ballistic Skill (BS)",
    "S": "Strength (S)",
    "T": "Toughness (T)",
    "Ag": "Agility (Ag)",
    "Int": "Intelligence (Int)",
    "Per": "Perception (Per)",
    "WP": "Willpower (WP)",
    "Fel": "Fellowship (Fel)",
    "rof": "RoF",
    "pen": "Pen",
    "clip": "Clip",
    "reload": "Rld",
    "toughness_bonus": "TB",
    "wounds": "Wounds",
}


def profile_words(path: str) -> str:
    """A profile field's path in the game's words: ``characteristics.S`` -> ``Strength (S)``,
    ``weapon.rof`` -> ``weapon's RoF``, ``evasion.skill`` -> ``evasion skill``; ``profile`` when
    empty. Indexes (``units.0``) read ``unit 1``."""
    parts = [p for p in path.split(".") if p and p != "characteristics"]
    if not parts:
        return "profile"
    words: list[str] = []
    for i, p in enumerate(parts):
        if p.isdigit():
            own = "'s" if i < len(parts) - 1 else ""
            words[-1:] = [f"{(words[-1] if words else 'entry').rstrip('s')} {int(p) + 1}{own}"]
            continue
        w = PROFILE_WORDS.get(p, p.replace("_", " "))
        words.append(w + ("'s" if i < len(parts) - 1 and not parts[i + 1].isdigit() else ""))
    return " ".join(words)
