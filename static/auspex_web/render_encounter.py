"""An encounter's state (:class:`rules.encounter.models.EncounterState`, as the JSON dict
:func:`rules.encounter.run.run_encounter` returns) as HTML for the page's tracker: the round and
whose turn it is; each combatant in initiative order with what it has taken (a character's wounds
and critical damage, a Horde's Magnitude left, an Epic formation's units left and Shock, the fan
ruleset's injuries), its Fatigue, conditions with their turns left, its weapon's clip, jam and
overheating, Aim held, the Half Actions left this turn and its Reaction; those out of the fight
marked; then the log, newest first. Pure; every text escaped; ``data-k`` marks what scripts and
tests read, ``data-id`` a combatant's card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules import registry
from rules.critical.models import AppliedEffect
from rules.critical.reading import effect_words as reading_effect_words
from rules.d100.encounter.criticals import running_total
from rules.encounter.conditions import rule as condition_rule
from rules.encounter.families import family

from .render import _k, e
from .sources import book_words, seed_files

LOG_LINES = 20
"""The log shows this many of its newest lines."""


def _ordered(state: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The combatants in initiative order; those not in it (added before the order, or Epic's)
    after, in the order they were added."""
    combatants: list[Mapping[str, Any]] = list(state.get("combatants") or [])
    order = list(state.get("order") or [])
    place = {cid: i for i, cid in enumerate(order)}
    return sorted(combatants, key=lambda c: place.get(c.get("id"), len(order)))


def headline(state: Mapping[str, Any]) -> str:
    """``Round 2 · Guard's turn`` (the fan ruleset: ``Turn 2, round 1 (round 7) · Kell's turn``),
    or ``Not started`` before initiative."""
    rnd = int(state.get("round") or 0)
    if not rnd:
        return "Not started: add combatants, then start the fight"
    names = {c.get("id"): c.get("name") for c in state.get("combatants") or []}
    turn = state.get("turn")
    when = f"Round {rnd}"
    if state.get("game_turn"):  # the fan ruleset: a turn is 6 rounds (seed 000)
        when = f"Turn {state['game_turn']}, round {state.get('round_of_turn')} (round {rnd})"
    return f"{when} \u00b7 {names.get(turn, turn)}'s turn" if turn else when


def harm(c: Mapping[str, Any]) -> str:
    """What a combatant has taken, in the family's words: ``6 of 10 taken`` (and ``critical
    damage 6``), a Horde's ``Magnitude 22 of 30 left``, an Epic formation's ``3 of 4 units left``
    (and its Shock), the fan ruleset's injuries."""
    kind = c.get("kind")
    if kind == "horde":
        return f"Magnitude {c.get('magnitude')} of {c.get('magnitude_start')} left"
    if kind == "formation":
        shock = f"Shock {c.get('shock', 0)}"
        if c.get("units") is None:  # a formation added to shoot only: no units to lose
            return shock
        return f"{c.get('units')} of {c.get('units_start')} units left \u00b7 {shock}"
    if kind == "rp":
        injuries = list(c.get("injuries") or [])
        return "Injuries: " + "; ".join(map(str, injuries)) if injuries else "No injuries"
    if c.get("wounds") is None:
        return ""
    taken, wounds = c.get("damage_taken", 0), c.get("wounds")
    if isinstance(taken, int) and isinstance(wounds, int) and isinstance(c.get("critical"), int):
        # the total the engine's next hit counts from: critical damage set by hand counts as dealt
        # (rules/d100/encounter/criticals.py, Readings), so the card, the Target form and the odds agree
        taken = running_total(taken, wounds, c["critical"])
    # past its wounds, in words ("16 taken: all 10 wounds"), never "16 of 10 taken"
    over = isinstance(taken, int) and isinstance(wounds, int) and taken > wounds
    text = f"{taken} taken: all {wounds} wounds" if over else f"{taken} of {wounds} taken"
    if c.get("critical"):
        text += f", critical damage {c['critical']}"
    return text


def weapon_text(w: Mapping[str, Any] | None) -> str:
    """``Autogun: 27 of 30`` with JAMMED, overheated and a reload under way."""
    if not w:
        return ""
    parts = [str(w.get("name") or "Weapon")]
    if w.get("clip"):
        parts[0] += f": {w.get('rounds', 0)} of {w['clip']}"
    if w.get("jammed"):
        parts.append("JAMMED")
    if w.get("overheated"):
        parts.append(f"overheated ({w['overheated']} turn(s))")
    if w.get("reloading"):
        parts.append(f"reloading ({w['reloading']} Full Action(s) to go)")
    if w.get("recharging"):  # Recharge (seed 001)
        parts.append(f"recharging ({w['recharging']} turn(s))")
    return " \u00b7 ".join(parts)


def condition_text(cond: Mapping[str, Any]) -> str:
    """``Stunned (1 turn left)`` or ``Pinned`` (until removed)."""
    rounds = cond.get("rounds")
    detail = str(cond.get("detail") or "")
    if cond.get("name") == "Grappled" and cond.get("other"):  # a grapple in the encounter (seed 004)
        if detail.startswith("controls the grapple with "):
            return f"Grappling {detail.removeprefix('controls the grapple with ')} (controls)"
        if detail.startswith("grappled by "):
            return f"Grappled by {detail.removeprefix('grappled by ')}"
    name = str(cond.get("name"))
    if name == "On Overwatch" and cond.get("fire"):  # the kill zone held (seed 001, Overwatch)
        name = f"On Overwatch ({cond['fire']})"
    else:  # the record's own label (Pinned keeps cover: seed 001, Pinning), else its name
        name = condition_rule(name).label or name
    if rounds is None:
        return name
    return f"{name} ({rounds} turn{'' if rounds == 1 else 's'} left)"


def budget_text(c: Mapping[str, Any], system: str, turn: bool) -> str:
    """``2 Half Actions left`` on its turn (what it did listed), and its Reaction."""
    ruleset = registry.find(system)
    if ruleset is None or c.get("kind") == "formation":  # Epic's formations spend no Half Actions
        return ""
    parts = []
    if turn:
        budget = family(system).budget  # spent ones are counted in the state's half_actions
        n = max(0, budget - int(c.get("half_actions") or 0))
        unit = "action" if ruleset.family == "wh40krp" else "Half Action"
        parts.append(f"{n} {unit}{'' if n == 1 else 's'} left")
        done = list(c.get("actions") or [])
        if done:
            parts.append("done: " + ", ".join(map(str, done)))
    if ruleset.family == "d100":  # one Reaction a round
        blocked = c.get("no_reaction")
        parts.append(
            "Reaction used" if c.get("reaction_used") else f"No Reaction ({blocked})" if blocked else "Reaction ready"
        )
    return " \u00b7 ".join(parts)


def second_text(c: Mapping[str, Any]) -> str:
    """Two-weapon fighting (seed 004): ``Other hand: Left Stub: 6 of 9``, or nothing."""
    text = weapon_text(c.get("second_weapon"))
    return f"Other hand: {text}" if text else ""


def fate_text(c: Mapping[str, Any]) -> str:
    """Fate points (DH2 Core, Ch. I; DH1 Core, Ch. VIII; Deathwatch Core): ``Fate 1/2``, or nothing
    while unknown."""
    if c.get("fate") is None:
        return ""
    top = c.get("fate_max")
    return f"Fate {c['fate']}/{top}" if top is not None else f"Fate {c['fate']}"


def _line(key: str, text: str) -> str:
    return _k(key, e(text), "p") if text else ""


def fury_text(fury: Sequence[Mapping[str, Any]]) -> str:
    """The Righteous Fury critical effects a combatant suffered, one per line: each a separate
    effect, which do not stack (seed 004, Righteous Fury); with the group's words for the row and
    its effects where the group's table has it."""
    if not fury:
        return ""
    items = "".join(
        f'<li data-k="fury">Righteous Fury: {e(x.get("table"))} row {e(x.get("effect"))}{row_words(x)}</li>'
        for x in fury
    )
    return (
        f'<ul class="enc-fury" data-k="fury-effects">{items}<li><small>separate effects, not stacking</small></li></ul>'
    )


# Critical effects: the rows read from the group's tables, and what they did, in the
# words the result uses (rules.critical.reading.effect_words)


def effect_words(x: Mapping[str, Any], location: str) -> str:
    """One applied effect of the state's JSON in words, as the result names it: ``Stunned 3 rounds
    (1d5)``, ``Fatigue 1 level``, ``Ag damage 4``, ``Prone``, ``Right Arm lost``, ``Slain`` (not
    escaped)."""
    return reading_effect_words(AppliedEffect.model_validate(x), location)


def row_words(x: Mapping[str, Any]) -> str:
    """`` \u2014 the group's text (Stunned 3 rounds, Prone)`` for a row read (escaped), or nothing."""
    text = str(x.get("text") or "")
    effects = ", ".join(effect_words(f, str(x.get("location") or "")) for f in x.get("effects") or [])
    if not text and not effects:
        return ""
    said = f' <q data-k="row-text">{e(text)}</q>' if text else ""
    done = f' <small data-k="row-effects">({e(effects)})</small>' if effects else ""
    return f" \u2014{said}{done}"


def critical_rows_text(rows: Sequence[Mapping[str, Any]]) -> str:
    """The rows its critical damage read, one per line, with the group's words."""
    if not rows:
        return ""
    items = "".join(
        f'<li data-k="critical-row">Critical: {e(x.get("table"))} row {e(x.get("effect"))}{row_words(x)}</li>'
        for x in rows
    )
    return f'<ul class="enc-fury" data-k="critical-rows">{items}</ul>'


def psychic_rows_text(rows: Sequence[Mapping[str, Any]]) -> str:
    """The rows of the group's Psychic Phenomena and Perils of the Warp tables read for it as a
    psyker, one per line (``Psychic Phenomena 80, row 76-100 — "words" (Stunned 1 round)``)."""
    if not rows:
        return ""
    items = []
    for x in rows:
        low, high = x.get("low"), x.get("high")
        span = "not entered" if low is None else f"row {low:02d}" if low == high else f"row {low:02d}-{high:02d}"
        roll = x.get("roll")
        rolled = f"{roll:02d}" if isinstance(roll, int) else ""
        items.append(f'<li data-k="psychic-row">{e(x.get("table"))} {e(rolled)}, {e(span)}{row_words(x)}</li>')
    return f'<ul class="enc-fury" data-k="psychic-rows">{"".join(items)}</ul>'


def characteristic_text(damage: Mapping[str, Any] | None) -> str:
    """``Characteristic damage: Ag \u22124, WS \u221210``, or nothing."""
    if not damage:
        return ""
    return "Characteristic damage: " + ", ".join(f"{k} \u2212{v}" for k, v in damage.items())


LOCATIONS = ("Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg")
"""The hit locations in the order of the hit location table (seed 004, Hit Locations)."""


def defences_text(c: Mapping[str, Any], system: str) -> str:
    """The defences the engine resolves an attack on ``c`` with, as a collapsed ``<details>``: a
    d100 character's TB, armour by location, Reaction and its skill, S, T, Ag, WP and wounds, read
    from its target profile as the scenario model reads it (a field left out: the model's default,
    TB 3, no armour); empty for the other families (their own lines say what they have)."""
    if family(system).name != "d100" or c.get("kind") not in ("single", "horde"):
        return ""
    raw = c.get("target")
    if not isinstance(raw, Mapping):
        body = "No defences: it cannot be attacked (no target profile)"
        return f'<details class="enc-def" data-k="defences"><summary>Defences</summary><p>{e(body)}</p></details>'
    from rules.d100.models import Target

    try:
        t = Target.model_validate(dict(raw)).model_dump(mode="json")
    except ValueError:  # a ruleset's own fields: the profile as stored, the defaults said as such
        t = {"toughness_bonus": 3, **raw}
    chars = t.get("characteristics") or {}
    armour = t.get("armour") or {}
    evasion = t.get("evasion") or None
    lines = [f"TB {t.get('toughness_bonus')}"]
    if c.get("kind") == "horde":
        lines.append(f"Armour {(t.get('horde') or {}).get('armour', 0)} (every hit)")
    else:
        lines.append("Armour: " + ", ".join(f"{loc} {armour.get(loc, 0)}" for loc in LOCATIONS))
    lines.append(f"{evasion.get('reaction')} {evasion.get('skill')}" if evasion else "No Reaction")
    said = {k: "\u2014" if chars.get(k) is None else str(chars[k]) for k in ("S", "T", "Ag", "WP")}
    lines.append(" \u00b7 ".join(f"{k} {v}" for k, v in said.items()))
    if c.get("wounds") is not None:
        lines.append(f"Wounds {c.get('wounds')}")
    items = "".join(f"<li>{e(x)}</li>" for x in lines)
    return f'<details class="enc-def" data-k="defences"><summary>Defences</summary><ul>{items}</ul></details>'


PROFILE_CHARACTERISTICS = ("WS", "BS", "S", "T", "Ag", "WP")
"""The characteristics a d100 card's profile editor shows: the attacker's tests (WS, BS), S for SB
and a grapple's opposed tests, T for TB, Ag for Dodge and initiative, WP for Pinning and Fear."""

_TARGET_CHARACTERISTICS = frozenset({"WS", "S", "T", "Ag", "WP"})


def _box(label: str, side: str, path: str, value: Any, size: int = 3) -> str:
    shown = "" if value is None else str(value)
    return (
        f'<label>{e(label)} <input type="text" form="tk-controls" size="{size}" autocomplete="off" '
        f'data-edit="{e(side)}" data-path="{e(path)}" value="{e(shown)}"></label>'
    )


def _traits(attacker: Mapping[str, Any] | None, target: Mapping[str, Any] | None) -> str:
    """The talents and traits the engine reads from a profile: SB with Unnatural Strength and the
    Psy Rating (the attacker's), Unnatural Toughness (the target's, which Felling ignores), the Size
    (both sides': to hit it, and a grapple's Size difference) and Troop (both: no Righteous Fury on a
    player character, and slain by one)."""
    from rules.d100.models import SIZES

    out = ""
    if attacker is not None:
        out += _box("SB", "attacker", "strength_bonus", attacker.get("strength_bonus"), 2)
        out += _box("Psy rating", "attacker", "psy_rating", attacker.get("psy_rating"), 2)
    if target is not None:
        out += _box("Unnatural T", "target", "unnatural_toughness", target.get("unnatural_toughness"), 2)
    both = "both" if attacker is not None and target is not None else "attacker" if attacker is not None else "target"
    size = (target or {}).get("size") or (attacker or {}).get("size") or "Average"
    picks = "".join(f'<option value="{x}"{" selected" if x == size else ""}>{x}</option>' for x in SIZES)
    out += f'<label>Size <select form="tk-controls" data-edit="{both}" data-path="size">{picks}</select></label>'
    troop = bool((target or {}).get("troop") or (attacker or {}).get("troop"))
    out += (
        f'<label class="check"><input type="checkbox" form="tk-controls" data-edit="{both}" data-path="troop"'
        f"{' checked' if troop else ''}> Troop</label>"
    )
    return out


def _characteristic_boxes(attacker: Mapping[str, Any] | None, target: Mapping[str, Any] | None) -> str:
    """The profile editor's characteristic boxes: one box for a characteristic both sides read."""
    a_chars = (attacker or {}).get("characteristics") or {}
    t_chars = (target or {}).get("characteristics") or {}
    boxes = []
    for k in PROFILE_CHARACTERISTICS:
        both = attacker is not None and target is not None and k in _TARGET_CHARACTERISTICS
        side = "both" if both else "attacker" if attacker is not None else "target"
        if side == "target" and k not in _TARGET_CHARACTERISTICS:
            continue
        value = a_chars.get(k) if side != "target" else t_chars.get(k)
        if value is None and side != "attacker":
            value = t_chars.get(k)
        boxes.append(_box(k, side, f"characteristics.{k}", value))
    return "".join(boxes)


def _defence_rows(target: Mapping[str, Any] | None) -> list[str]:
    """The profile editor's defences: wounds and TB, armour by location, the Reaction and its skill."""
    if target is None:
        return []
    armour = target.get("armour") or {}
    evasion = target.get("evasion") if isinstance(target.get("evasion"), Mapping) else None
    now = str(evasion.get("reaction") or "Dodge") if evasion else ""
    picks = "".join(
        f'<option value="{v}"{" selected" if v == now else ""}>{label}</option>'
        for v, label in (("", "No Reaction"), ("Dodge", "Dodge"), ("Parry", "Parry"))
    )
    return [
        _box("Wounds", "target", "wounds", target.get("wounds"))
        + _box("TB", "target", "toughness_bonus", target.get("toughness_bonus")),
        '<span class="enc-prof-h">Armour</span>'
        + "".join(_box(loc, "target", f"armour.{loc}", armour.get(loc), 2) for loc in LOCATIONS),
        f'<label>Reaction <select form="tk-controls" data-edit="target" data-path="evasion.reaction">{picks}'
        f"</select></label>{_box('skill', 'target', 'evasion.skill', (evasion or {}).get('skill'))}",
    ]


def _weapon_rows(attacker: Mapping[str, Any] | None) -> list[str]:
    """The profile editor's weapon: a picker from the page's armoury and its name, damage, Pen, RoF, Clip."""
    if attacker is None:
        return []
    w = attacker.get("weapon") if isinstance(attacker.get("weapon"), Mapping) else {}
    return [
        '<label>Weapon <select form="tk-controls" data-weapon-pick>'
        '<option value="">(keep, or pick from the armoury)</option></select></label>',
        _box("Name", "attacker", "weapon.name", w.get("name"), 12)
        + _box("Damage", "attacker", "weapon.damage", w.get("damage"), 7)
        + _box("Pen", "attacker", "weapon.pen", w.get("pen"), 2)
        + _box("RoF", "attacker", "weapon.rof", w.get("rof"), 6)
        + _box("Clip", "attacker", "weapon.clip", w.get("clip"), 3),
    ]


def profile_editor(c: Mapping[str, Any], system: str) -> str:
    """A d100 character's whole profile as a collapsed ``<details data-k="profile">`` of boxes, each
    ``data-edit`` (``attacker``, ``target`` or ``both``: a characteristic both sides read) and
    ``data-path`` (its path in that profile: ``characteristics.S``, ``armour.Head``, ``weapon.pen``),
    holding the stored profile's value (blank: the model's default); a Reaction picker, a weapon
    picker (``data-weapon-pick``, its options the page's armoury's) and a Save button
    (``data-profile-save``): the page sends them as the combatant's ``profile`` event. Empty for
    other families and Hordes (their profile is the forms'), and for a combatant out of the fight."""
    if family(system).name != "d100" or c.get("kind") != "single" or c.get("out"):
        return ""
    attacker = c.get("attacker") if isinstance(c.get("attacker"), Mapping) else None
    target = c.get("target") if isinstance(c.get("target"), Mapping) else None
    rows = [_characteristic_boxes(attacker, target), *_defence_rows(target), _traits(attacker, target)]
    rows += _weapon_rows(attacker)
    body = "".join(f'<div class="row">{r}</div>' for r in rows)
    return (
        f'<details class="enc-prof" data-k="profile"><summary>Profile (edit)</summary>{body}'
        f'<button type="button" data-profile-save>Save {e(c.get("name"))}\'s profile</button></details>'
    )


def down(c: Mapping[str, Any]) -> str:
    """Why the combatant is down, in words (empty when it is not): out of the fight (slain,
    destroyed), a character past its wounds (its damage beyond them is critical damage: seed 004,
    Critical Damage), a Horde at Magnitude 0, a broken Epic formation (seed 002, Shock)."""
    if c.get("out"):
        return str(c["out"])
    if any(x.get("name") == "Broken" for x in c.get("conditions") or []):
        return "broken"
    if c.get("kind") == "horde" and c.get("magnitude") == 0:
        return "Magnitude 0"
    taken, wounds = c.get("damage_taken"), c.get("wounds")
    if isinstance(taken, int) and isinstance(wounds, int) and (taken > wounds or c.get("critical")):
        return "past its wounds"
    return ""


def render_combatant(c: Mapping[str, Any], state: Mapping[str, Any], place: int | None) -> str:
    """One combatant's card (``<li data-id>``)."""
    system = str(state.get("system"))
    turn = c.get("id") == state.get("turn")
    conds = "".join(
        f'<li data-k="condition" title="{e(x.get("detail") or "")}">{e(condition_text(x))}</li>'
        for x in c.get("conditions") or []
    )
    aim = c.get("aim")
    held = f"Aim held ({aim}: +{20 if aim == 'full' else 10})" if aim in ("half", "full") else ""
    listed = f'<ul class="enc-conds" data-k="conditions">{conds}</ul>' if conds else ""
    listed += fury_text(c.get("fury") or [])
    listed += critical_rows_text(c.get("critical_rows") or [])
    listed += psychic_rows_text(c.get("psychic_rows") or [])  # the group's Phenomena and Perils rows
    why_down = down(c)
    flags = [
        *(["enc-turn"] if turn else []),
        *(["enc-out"] if c.get("out") else []),
        *(["enc-down"] if why_down else []),
    ]
    classes = " ".join(["enc-c", *flags])
    head = (
        f'<span class="enc-place">{place}.</span> ' if place else ""
    ) + f'<strong data-k="name">{e(c.get("name"))}</strong>'
    if turn:
        head += ' <span class="enc-badge" data-k="turn">acting</span>'
    if c.get("out"):
        head += f' <span class="enc-badge bad" data-k="out">OUT: {e(c["out"])}</span>'
    elif why_down:  # down but still in the fight: a word on the card, not a colour alone
        head += f' <span class="enc-badge bad" data-k="down">Down: {e(why_down)}</span>'
    if c.get("initiative") is not None:
        head += f' <small data-k="initiative">Init {e(c["initiative"])}</small>'
    fatigue = f"Fatigue {c['fatigue']}" if c.get("fatigue") else ""
    return (
        f'<li class="{classes}" data-id="{e(c.get("id"))}"><p class="enc-head">{head}</p>'
        f"{_line('harm', harm(c))}{_line('fatigue', fatigue)}{_line('fate', fate_text(c))}"
        f"{_line('characteristic-damage', characteristic_text(c.get('characteristic_damage')))}"
        f"{_line('weapon', weapon_text(c.get('weapon')))}{_line('second-weapon', second_text(c))}"
        f"{_line('aim', held)}{_line('budget', budget_text(c, system, turn))}{listed}"
        f"{defences_text(c, system)}{profile_editor(c, system)}</li>"
    )


def _files_title(text: str) -> str:
    """A log line's rule text files as its ``title`` (the line names the book)."""
    files = seed_files(text)
    return f' title="{e("Rule text file " + ", ".join(files))}"' if files else ""


def render_log(log: Sequence[Mapping[str, Any]]) -> str:
    """The last :data:`LOG_LINES` lines, newest first."""
    lines = list(log)[-LOG_LINES:][::-1]
    if not lines:
        return ""
    items = "".join(
        f'<li data-k="log-line" data-index="{e(x.get("index"))}"{_files_title(str(x.get("text")))}>'
        f"<small>R{e(x.get('round'))}</small> {e(book_words(str(x.get('text'))))}</li>"
        for x in lines
    )
    return f'<h3 class="sub">Log <small>(newest first)</small></h3><ol class="enc-log" data-k="log">{items}</ol>'


STATUS_LENGTH = 160
"""The status line's most characters: a phone's three lines or so (the log keeps the rest)."""
MORE = " \u00b7 more in the log"


def status_text(state: Mapping[str, Any], event: Mapping[str, Any] | None) -> str:
    """The page's status line after ``event`` (the last log line, in the book's words): short.
    An attack's line keeps who attacked whom and the verdict, then what each combatant took (the
    parts that start with its name: the target's first, others struck after), and says the log
    holds the rest (the clip, conditions, critical effects); any line longer than
    :data:`STATUS_LENGTH` is cut at a part."""
    log = list(state.get("log") or [])
    if not log:
        return ""
    parts = book_words(str(log[-1].get("text") or "")).split("; ")
    kept = _taken(state, event, parts) if event and event.get("type") == "attack" else parts
    while len(kept) > 1 and len("; ".join(kept)) + (len(MORE) if len(kept) < len(parts) else 0) > STATUS_LENGTH:
        kept.pop()
    text = "; ".join(kept)
    if len(text) > STATUS_LENGTH:
        text = text[: STATUS_LENGTH - len(MORE) - 1].rstrip() + "\u2026"
    return text + (MORE if len(kept) < len(parts) or text.endswith("\u2026") else "")


def _taken(state: Mapping[str, Any], event: Mapping[str, Any], parts: list[str]) -> list[str]:
    """An attack's log line ``parts`` kept for the status: its first (who attacked whom, the
    verdict), then what each combatant took (the target's first, then others struck), not the
    clip's or the critical effects' details."""
    kept = parts[:1]
    at = next((c.get("name") for c in state.get("combatants") or [] if c.get("id") == event.get("at")), None)
    names = sorted({str(c.get("name")) for c in state.get("combatants") or []}, key=lambda n: n != at)
    for name in names:
        kept += [p for p in parts[1:] if p not in kept and (p.startswith(f"{name}:") or p.startswith(f"{name} ("))]
    return kept


def render_encounter(state: Mapping[str, Any]) -> str:
    """The whole encounter as an ``<article>``."""
    ordered = _ordered(state)
    in_order = set(state.get("order") or [])
    cards = "".join(
        render_combatant(c, state, i + 1 if c.get("id") in in_order else None) for i, c in enumerate(ordered)
    )
    empty = '<p class="hint" data-k="empty">No combatants yet.</p>' if not ordered else ""
    return (
        f'<article class="encounter"><p class="enc-round" data-k="round">{e(headline(state))}</p>{empty}'
        f'<ol class="enc-list" data-k="combatants">{cards}</ol>{render_log(state.get("log") or [])}</article>'
    )
