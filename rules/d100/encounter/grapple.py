"""Grappling in the encounter (seed 004, Grappling; Grapple Action; Grappled Target Options).

A grapple is part of the state (:class:`~rules.encounter.models.GrappleState`), derived from the
events like everything else: a Grapple attack event whose ``attempt`` lands starts one, with the
attacker in control; each later Grapple event's resolution (its ``grapple`` record) says who
controls after, or that it ended. Both grapplers carry the ``Grappled`` condition (its ``other``:
the other grappler), which is what keeps them from Reactions and gives other attackers +20 WS
(:mod:`rules.encounter.conditions`). While grappling:

- a participant may take only the Grapple action; the controller taking any other action ends the
  grapple ("if she does not declare Grapple as her Full Action, the Grapple immediately ends"), the
  grappled one is refused;
- the controller's Grapple is a Full Action, ending it a Free Action; the grappled one's is a Half
  Action (after Break Free or Slip Free the other Half Action is hers); after Take Control she
  takes no other Half Action;
- Throw Down makes the grappled one Prone and gives the controller +10 on the grapple's opposed
  tests until it stands; Stand lifts Prone from the controller, and from both when won;
- a grapple option by a combatant not in a grapple, or at someone else than its opponent, or of
  the other role's options, is refused at ``action.grapple.option`` (or ``at``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.d100 import FATIGUED_SOURCE, fatigued, tables
from rules.d100.grapple import OPPOSED_S
from rules.d100.models import GRAPPLE_CONTROLLER_OPTIONS, GRAPPLE_TARGET_OPTIONS
from rules.encounter.models import CombatantState, Condition, EncounterError, EncounterState, GrappleState

if TYPE_CHECKING:
    from rules.encounter.engine import Ctx

SOURCE = "seed 004, Grappling"
HELD = "seed 004, Grappling; Grapple Action"  # the source of the Grappled condition a grapple puts on
NAMES = {
    "attempt": "an attempt to Grapple",
    "damage": "Damage Opponent",
    "throw": "Throw Down Opponent",
    "push": "Push Opponent",
    "ready": "Ready",
    "stand": "Stand",
    "use_item": "Use Item",
    "end": "ending the grapple",
    "break_free": "Break Free",
    "slip_free": "Slip Free",
    "take_control": "Take Control",
}


def is_grapple(system: str, action: dict[str, Any]) -> bool:
    """The event's action is the Grapple action of a ruleset that has it (DH2)."""
    name = str(action.get("type") or "").strip().lower()
    return name == "grapple" and tables.actions(system).get("Grapple") is not None


def _attempt_is_half(system: str) -> bool:
    """The ruleset's attempt to Grapple is a Standard Attack (a Half Action: DH2, Deathwatch), not
    the Full Action of DH1's Grapple (its attack class's ``GRAPPLE_ATTEMPT``)."""
    from rules import registry

    attack = registry.get(system).attack
    return attack is None or registry.load(attack).GRAPPLE_ATTEMPT == "Standard Attack"


def of(state: EncounterState, cid: str) -> GrappleState | None:
    """The grapple combatant ``cid`` is in, or None."""
    return next((g for g in state.grapples if cid in (g.controller, g.grappled)), None)


def _name(state: EncounterState, cid: str) -> str:
    c = state.get(cid)
    return c.name if c else cid


def _option(action: dict[str, Any]) -> str:
    g = action.get("grapple") or {}
    return str(g.get("option", "attempt")) if isinstance(g, dict) else "attempt"


def before_action(ctx: Ctx, c: CombatantState, what: str) -> None:
    """``c`` takes the action ``what`` (any action, checked by the engine's ``_act``): in a grapple
    only Grapple is allowed; the controller taking another ends the grapple first."""
    g = of(ctx.state, c.id)
    if g is None or what.strip().lower() == "grapple":
        return
    if g.controller == c.id:
        ctx.log.append(
            f"{c.name} takes {what}, not Grapple: the grapple with {_name(ctx.state, g.grappled)} ends "
            f"(seed 004, Grapple Action)"
        )
        end(ctx.state, g)
        return
    raise EncounterError.at(
        f"{ctx.field}.who",
        f"{c.name} is grappled by {_name(ctx.state, g.controller)}: it may take only the Grapple action "
        f"({SOURCE}); choose Break Free, Slip Free or Take Control",
    )


def cost(ctx: Ctx, who: CombatantState, at: CombatantState, action: dict[str, Any]) -> int:
    """The Half Actions a Grapple event costs, once what the grapples now do not allow is refused
    (each at its field)."""
    st, f = ctx.state, f"{ctx.field}.action.grapple.option"
    opt = _option(action)
    g = of(st, who.id)
    if opt == "attempt":
        if g is not None:
            raise EncounterError.at(f, f"{who.name} is already in a grapple: it cannot start another ({SOURCE})")
        if of(st, at.id) is not None or at.id == who.id:
            raise EncounterError.at(
                f"{ctx.field}.at", f"{at.name} is already in a grapple: only two characters share one ({SOURCE})"
            )
        return 2 if (action.get("grapple") or {}).get("charge") or not _attempt_is_half(st.system) else 1
    if g is None:
        raise EncounterError.at(
            f, f"{who.name} is not in a grapple: {NAMES.get(opt, opt)} needs one (start it with an attempt)"
        )
    if at.id not in (g.controller, g.grappled) or at.id == who.id:
        other = g.grappled if g.controller == who.id else g.controller
        raise EncounterError.at(f"{ctx.field}.at", f"{who.name} is grappling {_name(st, other)}, not {at.name}")
    controls = g.controller == who.id
    _role(f, who, at, opt, controls)
    then = (action.get("grapple") or {}).get("then")
    if opt == "take_control" and then == "stand" and not (who.has("Prone") or at.has("Prone")):
        raise EncounterError.at(
            f"{ctx.field}.action.grapple.then",
            f"Neither {who.name} nor {at.name} is on the ground: there is nobody to stand up after Take Control",
        )
    return 0 if opt == "end" else 2 if controls else 1


def _role(f: str, who: CombatantState, at: CombatantState, opt: str, controls: bool) -> None:
    """Refuse the other role's options, a second option of the grappled one this turn, and Stand
    with nobody on the ground."""
    if controls and opt in GRAPPLE_TARGET_OPTIONS:
        raise EncounterError.at(
            f, f"{who.name} controls the grapple: its options are Damage, Throw Down, Push, Ready, Stand, Use Item, end"
        )
    if not controls and opt in GRAPPLE_CONTROLLER_OPTIONS:
        raise EncounterError.at(
            f, f"{who.name} is the grappled one: its options are Break Free, Slip Free and Take Control"
        )
    if not controls and "Grapple" in who.actions:
        raise EncounterError.at(
            f, f"{who.name} has taken its Grapple this turn: the grappled one chooses one option a turn ({SOURCE})"
        )
    if opt == "stand" and not (who.has("Prone") or at.has("Prone")):
        raise EncounterError.at(f, f"Neither {who.name} nor {at.name} is on the ground: there is nobody to stand up")


def verdict(res: Any) -> str:
    """``Damage Opponent: won`` / ``an attempt to Grapple: it lands``, for the log."""
    rec = res.grapple
    if rec.option == "attempt":
        word = {"hit": "it lands", "evaded": "avoided", "miss": "missed"}.get(res.outcome, res.outcome)
    elif not rec.tests:
        word = "done"
    else:
        word = {"attacker": "won", "target": "lost"}.get(rec.winner or "", "no winner")
    return f"{NAMES.get(rec.option, rec.option)}: {word}"


def prepare(state: EncounterState, who: CombatantState, data: dict[str, Any]) -> list[str]:
    """Put the grapple's Throw Down bonus, and the opponent's own state on its side of an opposed
    test (:func:`opponent_modifiers`), into the scenario ``data`` of ``who``'s Grapple; the notes."""
    g = of(state, who.id)
    grapple = data["action"].get("grapple")
    if g is None or not isinstance(grapple, dict):
        return []
    notes = []
    grapple["opponent_prone"] = g.thrown_down
    if g.thrown_down:
        notes.append(
            f"{_name(state, g.grappled)} lies Prone from Throw Down: {_name(state, g.controller)} +10 ({SOURCE})"
        )
    other = state.get(g.grappled if g.controller == who.id else g.controller)
    if other is not None and _option(data["action"]) in OPPOSED_S:
        mods = opponent_modifiers(other)
        grapple["opponent_modifiers"] = mods
        notes += [f"{other.name} is {m['label']}: {m['value']:+d} on its side of the opposed test" for m in mods]
    return notes


def opponent_modifiers(c: CombatantState) -> list[dict[str, Any]]:
    """The grappled opponent's own state on its side of an opposed test: Fatigued -10 (seed 001,
    Fatigue: "-10 to all tests"), Stunned -20 (the reading in rules/dh2's Readings: the +20 others gain
    against a Stunned character, read on its own side of the contest). Prone counts once, as the
    controller's Throw Down +10."""
    out: list[dict[str, Any]] = []
    if fatigued(c.fatigue):
        out.append({"label": "Fatigued", "value": fatigued(c.fatigue), "source": FATIGUED_SOURCE})
    if c.has("Stunned"):
        out.append(
            {
                "label": "Stunned",
                "value": -20,
                "source": "DH2 Core, Ch. VII, Stunned (+20 to others against it), read on its own side",
            }
        )
    return out


def after(ctx: Ctx, who: CombatantState, at: CombatantState, res: Any, budget: int) -> list[str]:
    """What a Grapple event's resolution changes in the state: the grapple begun, its controller,
    its end, Prone from Throw Down or lifted by Stand; the words of what changed."""
    rec = getattr(res, "grapple", None)
    if rec is None:
        return []
    st = ctx.state
    if rec.option == "attempt":
        if rec.controller == "attacker":
            st.grapples.append(GrappleState(controller=who.id, grappled=at.id))
            sync(st)
            return [f"{who.name} grapples {at.name}, in control"]
        return []
    g = of(st, who.id)
    assert g is not None  # checked by cost()
    if rec.controller == "none":
        end(st, g)
        return [f"the grapple of {who.name} and {at.name} ends"]
    g.controller, g.grappled = (who.id, at.id) if rec.controller == "attacker" else (at.id, who.id)
    g.thrown_down = rec.prone
    out = _prone(st, g, rec)
    if rec.option == "take_control" and rec.winner == "attacker":
        who.half_actions = budget  # "she cannot take any other Half Actions"
        out.append(f"{who.name} takes control of the grapple")
    sync(st)
    return out


def _prone(st: EncounterState, g: GrappleState, rec: Any) -> list[str]:
    """Throw Down makes the grappled one Prone; Stand lifts Prone from the controller, and from
    both when won."""
    done = rec.option if rec.option != "take_control" else rec.then if rec.winner == "attacker" else None
    controller, grappled = st.get(g.controller), st.get(g.grappled)
    assert controller is not None and grappled is not None
    out = []
    if done == "throw" and rec.prone and not grappled.has("Prone"):
        grappled.conditions.append(Condition(name="Prone", source=f"{SOURCE}, Throw Down Opponent"))
        out.append(f"{grappled.name} is Prone (Throw Down)")
    if done == "stand":
        lifted = [controller] if rec.prone else [controller, grappled]
        for c in lifted:
            c.conditions = [x for x in c.conditions if x.name != "Prone"]
        out.append(" and ".join(c.name for c in lifted) + " stand(s)")
    return out


def end(state: EncounterState, g: GrappleState) -> None:
    """End grapple ``g``: both grapplers are free."""
    state.grapples = [x for x in state.grapples if x is not g]
    sync(state)


def sync(state: EncounterState) -> None:
    """The ``Grappled`` condition on exactly the combatants in a grapple (a grapple whose grappler
    left the fight or the encounter ends)."""
    fighting = {c.id for c in state.combatants if not c.out}
    state.grapples = [g for g in state.grapples if g.controller in fighting and g.grappled in fighting]
    for c in state.combatants:
        c.conditions = [x for x in c.conditions if not (x.name == "Grappled" and x.source == HELD)]
    for g in state.grapples:
        controller, grappled = state.get(g.controller), state.get(g.grappled)
        assert controller is not None and grappled is not None
        g.thrown_down = g.thrown_down and grappled.has("Prone") is not None  # "until ... she manages to stand"
        controller.conditions.append(
            Condition(
                name="Grappled", source=HELD, other=grappled.id, detail=f"controls the grapple with {grappled.name}"
            )
        )
        grappled.conditions.append(
            Condition(name="Grappled", source=HELD, other=controller.id, detail=f"grappled by {controller.name}")
        )
