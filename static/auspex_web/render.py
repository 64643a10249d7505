"""A :class:`rules.d100.models.Resolution` as HTML for the player: pure functions, no DOM, no ``js``.

Every piece of text that comes from the scenario (names, labels) or the engine is escaped with
:func:`html.escape`; the only markup is this module's own. Elements a test or a script needs to
find carry ``data-k`` (``data-k="target-number"``) rather than relying on their wording.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any

from rules import registry
from rules.critical.models import CriticalReading, table_location
from rules.critical.reading import critical_row, effect_words
from rules.d100.models import (
    DAMAGE_TYPES,
    DamageDie,
    GrappleResult,
    Hit,
    ManoeuvreResult,
    Resolution,
    RighteousFury,
    Step,
    TargetTest,
)
from rules.d100.tables import tables

from .sources import book_words, cite

if TYPE_CHECKING:  # loaded only when a round of the fan-made ruleset or an Epic attack is rendered
    from rules.epic.models import EpicResolution
    from rules.wh40krp.models import RpDamage, RpResolution, Shot

MINUS = "\u2212"
DOT = " \u00b7 "
DASH = " \u2014 "
ARROW = "\u2192"

HEADLINES = {
    "hit": "Hit",
    "miss": "Miss",
    "jam": "Jammed",
    "evaded": "Evaded",
}


def as_resolution(data: Resolution | Mapping[str, Any]) -> Resolution:
    """A Resolution from the model itself or its JSON dict (what ``rules.run`` returns)."""
    return data if isinstance(data, Resolution) else Resolution.model_validate(data)


def e(value: object) -> str:
    """Escape anything for HTML text and attribute values."""
    return escape(str(value), quote=True)


def signed(value: int) -> str:
    """``+10``, ``+0``, and ``-20`` written with a true minus sign (U+2212)."""
    return f"{MINUS}{-value}" if value < 0 else f"+{value}"


# The most of each list the page draws; past these a result says how many more there are (and,
# for hits, gives the totals first). A player reads a few dozen hits, not thirty thousand.
MAX_HITS = 50
MAX_DICE = 200
MAX_STEPS = 200
MAX_TESTS = 50


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def count(n: int) -> str:
    """``29,950``: a number with thousands separators."""
    return f"{n:,}"


def more_text(n: int, one: str, tail: str = "", many: str = "") -> str:
    """``and 29,950 more hits`` + ``tail``: what a list cut short leaves out (``many``: the
    plural, ``one`` + s by default)."""
    return f"and {count(n)} more {one if n == 1 else many or one + 's'}{tail}"


def degrees_text(r: Resolution) -> str:
    """``2 DoS`` or ``3 DoF`` (in DH1 a bare success is ``0 DoS``)."""
    success = r.degrees > 0 or (r.degrees == 0 and r.roll <= r.target_number)
    return f"{abs(r.degrees)} {'DoS' if success else 'DoF'}"


def _k(key: str, text: str, tag: str = "span") -> str:
    """An element a script or a test can find by ``data-k``; ``text`` is already escaped."""
    return f'<{tag} data-k="{e(key)}">{text}</{tag}>'


def names(r: Resolution | RpResolution) -> tuple[str, str, str]:
    """The attacker's, the weapon's and the target's names, or ``the attacker``, ``its weapon``
    and ``the target`` where the form left one empty."""
    return (
        r.attacker.strip() or "the attacker",
        r.weapon.strip() or "its weapon",
        r.target.strip() or "the target",
    )


def who_line(r: Resolution | RpResolution) -> str:
    """``Guardsman — Standard Attack with Lasgun — against Cultist`` (empty names in words)."""
    attacker, weapon, target = names(r)
    return f"{attacker}{DASH}{r.action} with {weapon}{DASH}against {target}"


def render_headline(r: Resolution) -> str:
    """The verdict (hit / miss / jammed / evaded) and what it cost the target."""
    parts = _outcome_parts(r)
    if r.fatigue:
        parts.append(e(f"{r.fatigue} Fatigue"))
    if r.jammed and r.outcome == "hit":
        parts.append(_k("jammed-after", e(f"{names(r)[1]} jams after the attack")))
    if r.slain:
        parts.append(_k("slain", "target slain"))
    if r.damage_state and r.outcome == "hit":
        parts.append(_k("damage-state", e(r.damage_state)))
    who = who_line(r)
    return (
        f'<header class="headline">'
        f'<p class="verdict">{_k("outcome", e("Overheated" if r.overheated else HEADLINES.get(r.outcome, r.outcome)), "strong")}'
        f' <span class="summary">{DOT.join(parts)}</span></p>'
        f'<p class="who">{e(who)}</p>'
        f"</header>"
    )


def _outcome_parts(r: Resolution) -> list[str]:
    """The headline's first parts: what the hits did (a Horde's Magnitude, or the wounds), or why
    there was none (overheated, jammed, the degrees of failure)."""
    if r.outcome in ("hit", "evaded"):
        return _horde_parts(r) if r.horde is not None else _wound_parts(r)
    if r.overheated:
        return [_k("overheated", e(f"{names(r)[1]} overheats: the attack is lost"))]
    if r.outcome == "jam":
        return [e(f"{names(r)[1]} jams: the attack misses")]
    return [e(f"no hit ({degrees_text(r)})")]


def _hits_part(count: int, r: Resolution) -> str:
    hits = plural(count, "hit")
    if r.hits_negated:
        hits += f" ({r.hits_negated} evaded)"
    return _k("hits", e(hits))


def _horde_parts(r: Resolution) -> list[str]:
    """A Horde hit: its hits, the Magnitude lost and what is left."""
    assert r.horde is not None
    h = r.horde
    left = "the Horde is destroyed" if h.destroyed else f"{h.magnitude_after} of {h.magnitude_before} left"
    return [
        _hits_part(h.hits, r),
        _k("magnitude-lost", e(f"Magnitude {MINUS}{h.magnitude_lost}")),
        _k("magnitude-left", e(left)),
    ]


def _wound_parts(r: Resolution) -> list[str]:
    """A single target hit: the hits on it, the wounds, critical damage, others hit."""
    mine = [h for h in r.hits if h.person == 0]
    others = len({h.person for h in r.hits if h.person})
    wounds = _k("total-wounds", e(plural(r.total_wounds, "wound")))
    if r.critical_damage:  # part of the wounds, beyond what the target had left: never added to them
        if r.critical_damage > r.total_wounds:
            crit = f"then {r.critical_damage} critical damage"
        elif r.critical_damage == r.total_wounds:
            crit = "all critical"
        else:
            crit = f"{r.critical_damage} of them critical"
        wounds += f", {_k('critical-damage', e(crit))}"
    parts = [_hits_part(len(mine), r), wounds]
    if others:
        parts.append(_k("others-hit", e(f"{plural(others, 'other')} hit")))
    return parts


def render_test(r: Resolution) -> str:
    """The test: characteristic, each modifier with its label and source, target number, roll, DoS/DoF."""
    rows = [
        f'<tr><th scope="row">{e(r.characteristic)}</th>'
        f'<td class="num">{_k("characteristic-value", e(r.characteristic_value))}</td><td></td></tr>',
        modifier_rows(r),
    ]
    listed = sum(m.value for m in r.modifiers)
    if listed != r.modifier_total:
        rows.append(
            f'<tr class="cap"><th scope="row">Total modifier, capped</th>'
            f'<td class="num">{e(signed(r.modifier_total))}</td>'
            f'<td class="source">{e(f"the modifiers add to {signed(listed)}; a test takes at most +60 or {MINUS}60")}'
            f"</td></tr>"
        )
    rows.append(
        f'<tr class="total"><th scope="row">Target number</th>'
        f'<td class="num">{_k("target-number", e(r.target_number))}</td><td></td></tr>'
    )
    if r.characteristic.endswith("(target)"):
        return render_no_test(r)
    # A jam is a miss even when the roll was under the target: say both.
    verdict = "overheated" if r.overheated else "jammed" if r.jammed else ("success" if r.success else "failure")
    extras = []
    if r.range_band:
        extras.append(f"range: {r.range_band}")
    if r.rounds_fired:
        left = "" if r.rounds_left is None else f", {r.rounds_left} left"
        extras.append(f"{plural(r.rounds_fired, 'round')} fired{left}")
    if r.jammed:
        extras.append("the weapon jammed")
    extra = f'<p class="extras">{e(DOT.join(extras))}</p>' if extras else ""
    return (
        f'<section class="test" aria-label="{e(r.characteristic)} test">'
        f"<h3>{e(r.characteristic)} test</h3>"
        f'<table class="modifiers"><tbody>{"".join(rows)}</tbody></table>'
        f'<p class="roll">Roll {_k("roll", e(r.roll), "strong")} against {e(r.target_number)}: '
        f"{_k('verdict', e(verdict))}, {_k('degrees', e(degrees_text(r)), 'strong')}"
        f"</p>"
        f"{extra}"
        f"</section>"
    )


def modifier_rows(r: Resolution) -> str:
    """A table row per modifier: label, value, source."""
    return "".join(
        f'<tr class="modifier"><th scope="row">{e(m.label)}</th><td class="num">{e(signed(m.value))}</td>'
        f'<td class="source">{cite(m.source)}</td></tr>'
        for m in r.modifiers
    )


def render_no_test(r: Resolution) -> str:
    """Flame and Spray make no attack test: the target's Agility test stands in its place."""
    rows = modifier_rows(r)
    verdict = "the target is struck" if r.outcome == "hit" else "the target avoids it"
    if r.horde is not None and r.roll == 0:  # Deathwatch Flame on a Horde: no Agility test
        return (
            '<section class="test" aria-label="No attack test">'
            "<h3>No attack test</h3>"
            f'<p class="roll">The Horde makes no Agility test: {_k("verdict", e(plural(r.hits_scored, "hit")))} '
            "by the weapon's range and a d5.</p>"
            "</section>"
        )
    return (
        '<section class="test" aria-label="No attack test">'
        "<h3>No attack test</h3>"
        f'<p class="roll">The target tests Agility: roll {_k("roll", e(r.roll), "strong")} against '
        f"{_k('target-number', e(r.target_number))}: {_k('verdict', e(verdict))}</p>"
        f'<details><summary>Attack modifiers (for the record)</summary><table class="modifiers"><tbody>{rows}'
        f"</tbody></table></details>"
        "</section>"
    )


def render_evasion(r: Resolution) -> str:
    """The target's Evasion test on its own line: ``Cultist tests Dodge 40 +0 = 40:
    rolled 23, success, 3 DoS — 1 of 1 hit evaded``; nothing where none was rolled."""
    ev = r.evasion_test
    if ev is None:
        return ""
    test = f"{names(r)[2]} tests {ev.reaction} {ev.skill} {signed(ev.modifier)} = {ev.target}: rolled {ev.roll:02d}"
    if ev.success:
        evaded = f"{ev.negated} of {plural(ev.hits, 'hit')} evaded"
        line = f"{test}, success, {ev.degrees} DoS{DASH}{evaded}"
    else:
        line = f"{test}, failure{DASH}no hit evaded"
    return f'<p class="evasion">{_k("evasion-test", e(line))}</p>'


def render_phenomena(r: Resolution) -> str:
    """The rows of the group's Psychic Phenomena and Perils of the Warp tables read for the psyker
    (``r.phenomena``), each its table, d100 and span, the group's words (escaped) and its effects;
    a result the group has not entered links to the tables panel. Nothing where none was read."""
    if not r.phenomena:
        return ""
    items = []
    for p in r.phenomena:
        head = f"{p.table}: {p.roll:02d}"
        if p.low is None:
            items.append(
                f"<li>{_k('psychic-row', e(head))}: no row entered, the GM reads the book's "
                '(<a href="#critical-tables">enter your table</a>)</li>'
            )
            continue
        span = f"{p.low:02d}" if p.low == p.high else f"{p.low:02d}-{p.high:02d}"
        text = f" {_k('psychic-text', e(p.text))}" if p.text.strip() else ""
        effects = "".join(_k("psychic-effect", e(effect_words(x, "")), "li") for x in p.effects)
        leads = " (leads on to Perils of the Warp)" if p.perils else ""
        items.append(
            f"<li>{_k('psychic-row', e(f'{head}, row {span}'), 'strong')}{text}{e(leads)}"
            + (f'<ul class="critical-effects">{effects}</ul>' if effects else "")
            + "</li>"
        )
    return (
        '<section class="phenomena" aria-label="Psychic Phenomena"><h3>Psychic Phenomena</h3>'
        f'<ul data-k="phenomena">{"".join(items)}</ul></section>'
    )


def render_horde_size(r: Resolution) -> str:
    """A Horde too small to count as a larger size says so: ``Horde size: Magnitude 29,
    no bonus below 30`` (Deathwatch, Hordes); from its first row, the bonus is a modifier of the test."""
    rules = tables(r.system).hordes if r.horde is not None else None
    if r.horde is None or rules is None or not rules.sizes:
        return ""
    magnitude = r.horde.magnitude_before
    if rules.size_for(magnitude) is not None:
        return ""
    first = min(row.from_ for row in rules.sizes)
    text = f"Horde size: Magnitude {magnitude}, no bonus below {first}"
    return f'<p class="horde-size">{_k("horde-size", e(text))}</p>'


def render_die(d: DamageDie) -> str:
    """One damage die: what it showed, what it counted for, kept or dropped, replaced by DoS."""
    rolled = (d.natural + 1) // 2 if d.sides == 5 else d.natural
    face = e(rolled)
    classes = ["die"]
    notes = []
    if d.sides == 5:
        notes.append(f"d5: the d10 showed {d.natural}")
    if d.replaced_by_degrees:
        classes.append("replaced")
        face = f"<s>{face}</s>{ARROW}{e(d.value)}"
        notes.append(f"replaced by the degrees of success: {d.value}")
    if not d.kept:
        classes.append("dropped")
        notes.append("dropped")
    if d.natural == 10 and d.sides in (5, 10):
        classes.append("natural-ten")
        notes.append("natural 10")
    note = f"<small>{e('; '.join(notes))}</small>" if notes else ""
    return f'<li class="{" ".join(classes)}"><span class="face">{face}</span>{note}</li>'


def sum_text(first: int, second: int) -> str:
    """``4 + 3``, or ``4 - 3`` with a true minus sign."""
    return f"{first} {'+' if second >= 0 else MINUS} {abs(second)}"


def render_hit(h: Hit) -> str:
    """A card for one hit: location, dice, damage, armour and Pen, TB, wounds, Righteous Fury, critical."""
    body = "".join(
        f'<tr><th scope="row">{label}</th><td class="num">{value}</td><td class="source">{e(how)}</td></tr>'
        for label, value, how in _damage_rows(h)
    )
    who = "" if h.person == 0 else f" ({h.name})" if h.name else f" (person {h.person} in the blast)"
    return (
        f'<article class="hit" data-hit="{e(h.number)}" data-person="{e(h.person)}">'
        f"<h4>Hit {e(h.number)}{e(who)}: {_k('location', e(h.location))}</h4>"
        f'<ul class="dice" aria-label="damage dice">{"".join(render_die(d) for d in h.dice)}</ul>'
        f'<table class="damage"><tbody>{body}</tbody></table>'
        f"{''.join(_hit_notes(h))}"
        f"</article>"
    )


def _damage_rows(h: Hit) -> list[tuple[str, str, str]]:
    """The hit's damage table: (label, value as HTML, how it was reached as text) per row."""
    kept = sum(d.value for d in h.dice if d.kept)
    bonus = h.damage - kept
    damage_from = f"dice {sum_text(kept, bonus)}" if bonus else f"dice {kept}"
    grav = f" + {h.graviton}" if h.graviton else ""
    rf = h.righteous_fury
    fury = f" + {sum(rf.extra_damage)}" if rf is not None and rf.extra_damage else ""
    wounds_formula = f"{h.damage}{grav}{fury} {MINUS} {h.effective_armour} {MINUS} {h.toughness_bonus}"
    if h.extra_wounds:
        wounds_formula += f", + {h.extra_wounds} from a failed test"
    armour = f"{h.armour} AP {MINUS} Pen {h.penetration}"
    cover = []
    if h.cover:  # the cover's AP on its own row, not folded into the armour
        armour = f"{h.location} {h.armour - h.cover} AP + cover {h.cover} AP {MINUS} Pen {h.penetration}"
        cover = [("Cover", _k("cover", e(h.cover)), f"{h.cover} AP of cover before the {h.location}")]
    return [
        ("Damage", _k("damage", e(h.damage), "strong"), damage_from),
        *cover,
        ("Armour", _k("effective-armour", e(h.effective_armour)), armour),
        *([("Graviton", e(f"+{h.graviton}"), "the location's AP, added to the damage")] if h.graviton else []),
        ("TB", _k("toughness-bonus", e(h.toughness_bonus)), ""),
        ("Wounds", _k("wounds", e(h.wounds), "strong"), f"{wounds_formula}, at least 0"),
    ]


def _hit_notes(h: Hit) -> list[str]:
    """The lines under a hit's table: Righteous Fury, critical damage, a Horde's Magnitude."""
    notes = []
    rf = h.righteous_fury
    if rf is not None:
        what = _fury_text(rf)
        notes.append(f'<p class="fury">Righteous Fury! {_k("righteous-fury", e(what))}</p>')
        if rf.critical_effect is not None and not rf.slain:  # DH2's d5: a row of the group's table
            kind = (rf.table or "").split(" Critical Effects")[0]
            notes.append(render_critical_row(rf.effect, kind, h.location, rf.critical_effect))
    c = h.critical
    if c is not None:
        kind = DAMAGE_TYPES.get(c.damage_type, c.damage_type)
        notes.append(
            f'<p class="critical">Critical damage {_k("critical", e(c.amount), "strong")} '
            f"({e(kind)}, {e(c.location)}), {e(c.total)} in all</p>"
        )
        notes.append(render_critical_row(c.effect, kind, c.location, critical_row(c.total)))
    if h.location == "Horde":
        took = "takes 1 Magnitude" if h.magnitude else "no damage through: no Magnitude"
        notes.append(f'<p class="magnitude">{_k("magnitude", e(took))}</p>')
    return notes


# The group's critical tables: the row a hit read, in the group's words, or a link to enter it
def render_critical_row(reading: CriticalReading | None, kind: str, location: str, row: int) -> str:
    """The row of the group's Critical Effects table a hit read (``reading``: its text, escaped,
    and its effects in words, :func:`rules.critical.reading.effect_words`), or, where the group has
    not entered it, the row to read (``row`` of the ``kind`` table for the hit's ``location``) and
    a link to the Critical tables panel."""
    if reading is not None:
        effects = "".join(_k("critical-effect", e(effect_words(x, location)), "li") for x in reading.effects)
        text = f" {_k('critical-text', e(reading.text))}" if reading.text.strip() else ""
        return (
            f'<div class="critical-row">{_k("critical-row", e(f"{reading.table}, row {reading.row}"), "strong")}'
            f"{text}" + (f'<ul class="critical-effects">{effects}</ul>' if effects else "") + "</div>"
        )
    try:
        where = table_location(location)
    except ValueError:  # no table for this location (a Horde)
        where = location
    named = f"row {row} of {kind} Critical Effects, {where}"
    return (
        f'<div class="critical-row">{_k("critical-row", e(named))}: '
        '<a href="#critical-tables">enter your table</a></div>'
    )


def _fury_text(rf: RighteousFury) -> str:
    """What Righteous Fury did: not confirmed, extra damage, a critical effect, an extra wound."""
    if rf.confirmed is False:
        what = f"not confirmed (the attack test again: {rf.confirm_roll})"
    elif rf.extra_damage:
        what = f"+{' + '.join(map(str, rf.extra_damage))} damage"
        if rf.confirm_roll is not None:
            what += f" (confirmed: {rf.confirm_roll})"
    elif rf.critical_effect is not None:
        where = f" on {rf.table}" if rf.table else ""
        what = f"critical effect {rf.critical_effect}{where}"
    elif rf.extra_wound:
        what = "1 extra wound, ignoring armour and TB"
    else:
        what = "no effect"
    if rf.slain:
        what += "; the target is slain"
    return what


def render_hits(r: Resolution) -> str:
    """A card per hit; past :data:`MAX_HITS` hits, the totals per location first, then the first
    :data:`MAX_HITS` cards and a line saying how many more the totals hold (a Blast into a Horde
    can score thousands: the page draws what a player can read)."""
    if len(r.hits) <= MAX_HITS:
        return "".join(render_hit(h) for h in r.hits)
    more = len(r.hits) - MAX_HITS
    return (
        f"{render_hit_totals(r.hits)}"
        f"{''.join(render_hit(h) for h in r.hits[:MAX_HITS])}"
        f'<p class="more">{_k("more-hits", e(more_text(more, "hit", ": totals above")))}</p>'
    )


def render_hit_totals(hits: list[Hit]) -> str:
    """A table of the hits by whom and where: hits, wounds, critical damage (and Magnitude for a
    Horde), with a total row."""
    groups: dict[tuple[str, str], list[int]] = {}
    for h in hits:
        who = "" if h.person == 0 else h.name or f"person {h.person} in the blast"
        row = groups.setdefault((who, h.location), [0, 0, 0, 0])
        row[0] += 1
        row[1] += h.wounds
        row[2] += h.critical.amount if h.critical is not None else 0
        row[3] += h.magnitude
    horde = any(location == "Horde" for _, location in groups)
    head = "<tr><th>where</th><th>hits</th><th>wounds</th><th>critical</th>"
    # Each damaging hit takes 1 Magnitude until the Horde is gone, so this column counts damaging
    # hits; the Magnitude actually lost (at most what the Horde had) is in the headline.
    head += "<th>damaging hits</th></tr>" if horde else "</tr>"

    def row(label: str, values: list[int], cls: str = "") -> str:
        cells = "".join(f'<td class="num">{e(count(v))}</td>' for v in values[: 4 if horde else 3])
        attr = f' class="{e(cls)}"' if cls else ""
        return f'<tr{attr}><th scope="row">{e(label)}</th>{cells}</tr>'

    body = "".join(
        row(f"{where} ({who})" if who else where, values)
        for (who, where), values in sorted(groups.items(), key=lambda item: -item[1][0])
    )
    total = [sum(v[i] for v in groups.values()) for i in range(4)]
    body += row("All hits", total, "total")
    return (
        f'<section class="hit-totals" data-k="hit-totals"><h3>{e(f"{count(len(hits))} hits: totals by location")}</h3>'
        f'<table class="totals"><thead>{head}</thead><tbody>{body}</tbody></table></section>'
    )


def render_target_test(t: TargetTest) -> str:
    """A test a quality made the struck target take: rolled, or named for the GM."""
    who = "target" if t.person == 0 else f"person {t.person}"
    at = f", hit {t.hit}" if t.hit is not None else ""
    head = f"{t.quality}: {who}{at} tests {t.characteristic} {signed(t.modifier)}"
    if t.roll is None:
        result = "the GM rolls it"
    elif t.success:
        result = f"rolled {t.roll} against {t.target}: passed"
    else:
        result = f"rolled {t.roll} against {t.target}: failed, {t.effect}"
    cls = "gm" if t.roll is None else ("passed" if t.success else "failed")
    tail = f" (on a failure: {t.effect})" if t.roll is None else ""
    return f'<li class="{cls}" data-k="target-test">{e(head)}{DASH}{e(result)}{e(tail)}</li>'


def render_target_tests(r: Resolution) -> str:
    """The tests qualities made the struck target take: the first :data:`MAX_TESTS`, then a count."""
    if not r.target_tests:
        return ""
    items = "".join(render_target_test(t) for t in r.target_tests[:MAX_TESTS])
    more = len(r.target_tests) - MAX_TESTS
    if more > 0:
        items += f'<li class="more">{_k("more-tests", e(more_text(more, "test")))}</li>'
    return f'<section class="target-tests"><h3>Tests the target takes</h3><ul>{items}</ul></section>'


def render_dice(r: Resolution | RpResolution | EpicResolution) -> str:
    """Every die the engine consumed, in order, with its purpose (and the seed that rolled them)."""
    if not r.dice:
        return ""
    rows = "".join(
        f'<tr><td class="num">{i + 1}</td><td>{e(d.purpose)}</td><td>d{e(d.sides)}</td>'
        f'<td class="num">{e(d.value)}</td></tr>'
        for i, d in enumerate(r.dice[:MAX_DICE])
    )
    more = len(r.dice) - MAX_DICE
    if more > 0:
        rows += (
            f'<tr class="more"><td colspan="4">'
            f"{_k('more-dice', e(more_text(more, 'die', f' ({count(len(r.dice))} in all)', many='dice')))}</td></tr>"
        )
    seed = (
        f'<p class="seed">Random seed {_k("seed", e(r.seed), "strong")} '
        "<small>(the same seed replays these dice)</small></p>"
        if r.seed is not None
        else ""
    )
    return (
        f'<section class="dice-log"><h3>Dice</h3>{seed}'
        f"<table><thead><tr><th>#</th><th>for</th><th>die</th><th>roll</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></section>"
    )


def render_steps(steps: Iterable[Step]) -> str:
    """The step log: the rule applied, where it comes from, what it did here (the first
    :data:`MAX_STEPS` steps, then how many more)."""
    listed = list(steps)
    shown, more = listed[:MAX_STEPS], len(listed) - MAX_STEPS
    items = "".join(
        f'<li><strong class="rule">{e(s.rule)}</strong> <span class="detail">{e(book_words(s.detail))}</span> {cite(s.source)}</li>'
        for s in shown
    )
    if more > 0:
        items += f'<li class="more">{_k("more-steps", e(more_text(more, "step")))}</li>'
    return f'<details class="steps"><summary>Step log</summary><ol>{items}</ol></details>'


def render_resolution(data: Resolution | RpResolution | EpicResolution | Mapping[str, Any]) -> str:
    """The whole result, by the renderer its ruleset names in :mod:`rules.registry` (a d100
    attack: :func:`render_d100`; the fan-made Warhammer 40,000 Roleplay's round: :func:`render_rp`;
    an Epic attack: :func:`render_epic_data`). A system the registry does not know is read as a
    d100 resolution (whose validation says what is wrong)."""
    system = data.get("system") if isinstance(data, Mapping) else data.system
    ruleset = registry.find(system) or registry.get(registry.DEFAULT)
    render: Callable[[Any], str] = registry.load(ruleset.renderer)
    return render(data)


def render_d100(data: Resolution | Mapping[str, Any]) -> str:
    """A d100 attack (Dark Heresy 2nd and 1st edition, Deathwatch): headline, test, a card per hit,
    the target's tests, the dice, the step log."""
    r = as_resolution(data)
    hits = render_hits(r)
    html = (
        f'<article class="resolution outcome-{e(r.outcome)}">'
        f"{render_headline(r) if r.grapple is None and r.manoeuvre is None else _special_head(r)}"
        f"{render_test(r) if _has_attack_test(r) else ''}"
        f"{render_horde_size(r)}{render_evasion(r)}"
        f"{f'<section class=hits>{hits}</section>' if hits else ''}"
        f"{render_phenomena(r)}"
        f"{render_target_tests(r)}"
        f"{render_dice(r)}"
        f"{render_steps(r.steps)}"
        f"</article>"
    )
    if r.attacks:  # Multiple Attacks: each later attack, whole, under the first
        later = "".join(
            f'<h3 class="hand" data-k="attack-{k}">Attack {k} of {len(r.attacks) + 1}</h3>{render_d100(x)}'
            for k, x in enumerate(r.attacks, start=2)
        )
        html = (
            f'<div class="multiple-attacks" data-k="multiple-attacks">'
            f'<h3 class="hand">Attack 1 of {len(r.attacks) + 1}</h3>{html}{later}</div>'
        )
    if r.volley is not None and r.volley_total is not None:  # a mob's volley: each attacker's line and the total
        return render_d100_volley(r, html)
    if r.second is None:
        return html
    # Two-weapon fighting: the second weapon's attack, whole, under the first (its own dice and steps).
    return (
        f'<div class="two-weapon" data-k="two-weapon"><h3 class="hand">First weapon: {e(r.weapon)}</h3>{html}'
        f'<h3 class="hand" data-k="second-hand">Second weapon: {e(r.second.weapon)}</h3>'
        f"{render_d100(r.second)}</div>"
    )


VOLLEY_OUTCOME = {"hit": "hits", "miss": "misses", "jam": "jams", "evaded": "is evaded"}
"""An attacker's outcome in a volley's line."""


def volley_line_words(r: Resolution) -> str:
    """One attacker's attack in a volley's line: ``hits: 1 hit, 6 wounds``, ``misses``."""
    said = VOLLEY_OUTCOME.get(r.outcome, r.outcome)
    if r.outcome == "hit":
        hits = max(0, r.hits_scored - r.hits_negated)
        said += f": {hits} hit{'' if hits == 1 else 's'}, {r.total_wounds} wound{'' if r.total_wounds == 1 else 's'}"
    return said


def render_d100_volley(r: Resolution, first: str) -> str:
    """A scenario's volley (``count`` attackers, :mod:`rules.d100.volley`): each attacker's line,
    the total, then each attack whole (the first's ``first`` HTML, the later ones' under it)."""
    t = r.volley_total
    assert t is not None and r.volley is not None
    made = [r, *r.volley]
    lines = "".join(
        f'<li data-k="volley-line"><strong>{e(r.attacker)} {k}</strong> {e(volley_line_words(x))}</li>'
        for k, x in enumerate(made, start=1)
    )
    after = (
        f"Magnitude {t.magnitude_after} left"
        if t.magnitude_after is not None
        else f"{t.damage_taken_after} wounds taken"
    )
    down = " (down)" if t.slain else ""
    total = (
        f"Total: {t.hits} hit{'' if t.hits == 1 else 's'}, {t.wounds} wound{'' if t.wounds == 1 else 's'}; "
        f"{r.target}: {after}{down}"
    )
    whole = "".join(
        f'<h3 class="hand" data-k="attacker-{k}">{e(r.attacker)} {k} of {t.attackers}</h3>{render_d100(x)}'
        for k, x in enumerate(r.volley, start=2)
    )
    return (
        f'<div class="volley" data-k="volley"><h3 class="headline">{e(f"{t.attackers} x {r.attacker} at {r.target}")}</h3>'
        f'<ol class="volley-lines">{lines}</ol>'
        f'<p class="volley-total" data-k="volley-total"><strong>{e(total)}</strong></p>'
        f'<h3 class="hand">{e(r.attacker)} 1 of {t.attackers}</h3>{first}{whole}</div>'
    )


def render_rp(data: RpResolution | Mapping[str, Any]) -> str:
    """A round of the fan-made Warhammer 40,000 Roleplay, from the model or its JSON dict
    (:func:`render_round`)."""
    from rules.wh40krp.models import RpResolution

    return render_round(data if isinstance(data, RpResolution) else RpResolution.model_validate(data))


def render_epic_data(data: EpicResolution | Mapping[str, Any]) -> str:
    """An Epic attack, from the model or its JSON dict (:func:`auspex_web.render_epic.render_epic`)."""
    from rules.epic.models import EpicResolution

    from .render_epic import render_epic

    return render_epic(data if isinstance(data, EpicResolution) else EpicResolution.model_validate(data))


# ----------------------------------------------------------------------------------------------
# The fan-made Warhammer 40,000 Roleplay: a round of shots, each on its own line

SHOT_KINDS = {
    "single": "single shot",
    "semi": "semi-automatic",
    "auto": "automatic",
    "heavy auto": "heavy automatic",
    "blow": "blow",
    "overload": "overload",
}


def render_round_headline(r: RpResolution) -> str:
    """The verdict and the round's tally: hits, penetrating hits, who ducks back, a jam."""
    parts = []
    if r.hits:
        parts.append(_k("hits", e(plural(r.hits, "hit"))))
        parts.append(_k("penetrating", e(f"{r.penetrating_hits} penetrating")))
    else:
        tried = [s for s in r.shots if s.kind != "overload"]
        parts.append(
            e(
                f"no hit in {plural(len(tried), 'blow' if r.initiative or any(s.kind == 'blow' for s in tried) else 'shot')}"
            )
        )
    if r.duck_back:
        parts.append(_k("duck-back", e(f"{', '.join(r.duck_back)} ducks back")))
    if r.overloaded:
        parts.append(_k("overloaded", e(f"{names(r)[1]} overloads: a hit on {names(r)[0]}")))
    elif r.jammed:
        parts.append(_k("jammed", e(f"{names(r)[1]} jams")))
    headline = "Overloaded" if r.overloaded and not r.hits else HEADLINES.get(r.outcome, r.outcome)
    who = who_line(r)
    spent = f"{r.actions_spent} of 4 actions"
    if r.rounds_fired:
        spent += f"{DOT}{plural(r.rounds_fired, 'round')} fired"
        if r.rounds_left is not None:
            spent += f", {r.rounds_left} left"
    return (
        f'<header class="headline">'
        f'<p class="verdict">{_k("outcome", e(headline), "strong")} <span class="summary">{DOT.join(parts)}</span></p>'
        f'<p class="who">{e(who)}</p><p class="who">{_k("actions-spent", e(spent))}</p>'
        f"</header>"
    )


def render_shot(s: Shot) -> str:
    """One shot or blow on its own card: chance and roll, the result, location, penetration, damage."""
    kind = SHOT_KINDS.get(s.kind, s.kind)
    when = f" at I {s.initiative}" if s.initiative is not None else ""
    head = f"{'Blow' if s.kind == 'blow' else 'Overload' if s.kind == 'overload' else 'Shot'} {s.number}"
    sub = f" ({kind}, action {s.action}){when}" if s.kind not in ("blow", "overload") else when
    lines = [_shot_roll(s)] if s.kind != "overload" else []
    lines += _shot_hit_lines(s)
    if s.damage is not None:
        lines.append(_shot_damage(s.damage))
    if s.landed is not None:
        note = f" ({s.landed.note})" if s.landed.note else ""
        where = f"Lands {s.landed.metres} m from the target towards {s.landed.clock} o\u2019clock{note}"
        lines.append(f'<p class="landed" data-k="landed">{e(where)}</p>')
    cls = "shot " + ("hit" if s.hit else "miss") + (" jam" if s.jammed or s.overloaded else "")
    return (
        f'<li class="{cls}" data-shot="{e(s.number)}">'
        f"<h4>{e(head)}{e(sub)}{DASH}{e(s.target)}</h4>{''.join(lines)}</li>"
    )


def _shot_verdict(s: Shot) -> str:
    if s.overloaded:
        return "overloads"
    if s.jammed:
        return "jams"
    if s.hit:
        return "hit (automatic)" if s.automatic else "hit"
    return "miss"


def _shot_roll(s: Shot) -> str:
    """The shot's chance (the characteristic, each modifier, any floor), its roll and verdict."""
    mods = "".join(f", {signed(m.value)} ({m.label})" for m in s.modifiers)
    floor = f", at least {s.chance}%" if s.base + sum(m.value for m in s.modifiers) < s.chance else ""
    return (
        f'<p class="shot-roll">{e(f"{s.characteristic} {s.base}{mods}{floor}")} = {_k("shot-chance", e(f"{s.chance}%"))}: '
        f"rolled {_k('shot-roll', e(f'{s.roll:02d}' if s.roll is not None else '-'), 'strong')}, "
        f"{_k('shot-result', e(_shot_verdict(s)))}</p>"
    )


def _shot_hit_lines(s: Shot) -> list[str]:
    """Where the shot struck, a parry, the armour layers it met, and whether the target ducks back."""
    lines = []
    if s.location is not None:
        looked = f" (reversed: {s.location_roll:02d})" if s.location_roll is not None else " (aimed at)"
        lines.append(f'<p class="shot-location">{_k("shot-location", e(s.location))}{e(looked)}</p>')
    if s.parried is not None:
        lines.append(
            f'<p class="parry">{e(f"Parry: rolled {s.parry_roll}, " + ("parried" if s.parried else "failed"))}</p>'
        )
    if s.layers:
        items = "".join(f"<li>{e(x.describe())}</li>" for x in s.layers)
        lines.append(f'<ul class="layers" data-k="penetration">{items}</ul>')
    elif s.hit and s.location is not None:
        lines.append(f'<p class="layers" data-k="penetration">{e("no armour there: nothing to penetrate")}</p>')
    if s.duck_back is not None:
        duck = (
            f"{s.target} ducks back" if s.duck_back else "no duck-back: another shot of this action damaged the target"
        )
        lines.append(f'<p class="duck">{_k("shot-duck-back", e(duck))}</p>')
    return lines


def _shot_damage(d: RpDamage) -> str:
    """The shot's Damage Chart roll: the chart, the die, its modifiers, the total and the reading."""
    mods = "".join(f" {signed(m.value)} {m.label}" for m in d.modifiers)
    read = d.result if d.result is not None else "read it on the chart in the book"
    source = {"chart": " (your chart)", "gm": " (the GM's reading)"}.get(d.result_from or "", "")
    if d.result_from == "off_chart":  # a roll off the player's chart says so
        read, source = f"{d.total} is not on your Chart {d.chart}: the GM reads it", ""
    return (
        f'<p class="damage-roll">{_k("damage-chart", e(f"Chart {d.chart}"))}: d{e(d.die)} {e(d.roll)}{e(mods)} = '
        f"<strong>{e(d.total)}</strong>{DASH}{_k('chart-result', e(read + source))}</p>"
    )


def render_round(r: RpResolution) -> str:
    """A round of the fan-made Warhammer 40,000 Roleplay: headline, a card per shot, jam, the blows'
    order, the dice and the step log."""
    shots = "".join(render_shot(s) for s in r.shots)
    extra = []
    if r.jammed:
        if r.tek_roll is None:
            tek = "clear it in 4 rounds with a Tek test (the GM rolls it)"
        else:
            tek = f"Tek test: rolled {r.tek_roll}, " + ("repaired in 4 rounds" if r.jam_cleared else "failed")
        extra.append(f'<p class="jam" data-k="tek">{e(r.weapon)} jammed: {e(tek)}</p>')
    if r.initiative:
        order = ", ".join(f"{b.who} ({b.initiative})" for b in r.initiative)
        extra.append(f'<p class="initiative" data-k="initiative">Blows this round: {e(order)}</p>')
    return (
        f'<article class="resolution round outcome-{e(r.outcome)}">'
        f"{render_round_headline(r)}"
        f'<ol class="shots">{shots}</ol>'
        f"{''.join(extra)}"
        f"{render_dice(r)}"
        f"{render_steps(r.steps)}"
        f"</article>"
    )


# --- Grappling (seed 004): the option, both sides' tests, who controls after ---------------------

GRAPPLE_OPTIONS = {
    "attempt": "Grapple attempt",
    "damage": "Damage Opponent",
    "throw": "Throw Down Opponent",
    "push": "Push Opponent",
    "ready": "Ready (grappling)",
    "stand": "Stand (grappling)",
    "use_item": "Use Item (grappling)",
    "end": "Grapple ended",
    "break_free": "Break Free",
    "slip_free": "Slip Free",
    "take_control": "Take Control",
}


def _grapple_verdict(r: Resolution, g: GrappleResult) -> str:
    """``Grapple attempt: hold`` / ``Damage Opponent: won`` / ``Break Free: lost``."""
    if g.option == "attempt":
        word = {"hit": "the grapple begins", "evaded": "avoided", "miss": "missed"}.get(r.outcome, r.outcome)
    elif not g.tests:
        word = "done"
    else:
        word = {"attacker": "won", "target": "lost"}.get(g.winner or "", "no winner")
    return f"{GRAPPLE_OPTIONS.get(g.option, g.option)}: {word}"


def _grapple_parts(r: Resolution, g: GrappleResult) -> list[str]:
    """What the grapple is after: who controls (or that it ended), Prone, metres, wounds, Fatigue."""
    attacker, _, target = names(r)
    who = {"attacker": attacker, "target": target}
    if g.controller == "none":
        parts = [_k("controller", e("no grapple" if g.option == "attempt" else "the grapple ends"))]
    else:
        parts = [_k("controller", e(f"{who[g.controller]} controls"))]
    if g.prone and g.controller != "none":
        grappled = who["target" if g.controller == "attacker" else "attacker"]
        parts.append(_k("prone", e(f"{grappled} Prone")))
    if g.metres:
        parts.append(_k("metres", e(f"pushed {g.metres} m")))
    if r.hits:
        parts.append(_k("total-wounds", e(plural(r.total_wounds, "wound"))))
    if g.fatigue:
        parts.append(_k("fatigue", e(f"{g.fatigue} Fatigue")))
    if g.half_action:
        parts.append(e(f"{attacker} may take a Half Action"))
    return parts


def render_grapple(r: Resolution, g: GrappleResult) -> str:
    """A Grapple action: its verdict and the grapple after, then (for an opposed test) each side's
    test: characteristic, modifiers, target, roll, degrees."""
    attacker, _, target = names(r)
    who = f"{attacker}{DASH}Grapple{DASH}with {target}"
    head = (
        f'<header class="headline">'
        f'<p class="verdict">{_k("outcome", e(_grapple_verdict(r, g)), "strong")}'
        f' <span class="summary">{DOT.join(_grapple_parts(r, g))}</span></p>'
        f'<p class="who">{e(who)}</p>'
        f"</header>"
    )
    if g.option == "attempt" or not g.tests:
        return head
    rows = "".join(
        f'<tr data-k="grapple-test"><th scope="row">{e(t.name)}</th>'
        f"<td>{e(t.characteristic)} {e(t.value)}"
        + "".join(f" {e(signed(m.value))} <small>({e(m.label)})</small>" for m in t.modifiers)
        + f' = <strong data-k="grapple-target">{e(t.target)}</strong></td>'
        f'<td class="num" data-k="grapple-roll">{e(t.roll)}</td>'
        f'<td data-k="grapple-degrees">{e(abs(t.degrees))} {"DoS" if t.success else "DoF"}</td></tr>'
        for t in g.tests
    )
    kind = "Acrobatics test" if g.option == "slip_free" else "Opposed tests"
    return (
        f"{head}"
        f'<section class="test grapple-tests" aria-label="{e(kind)}"><h3>{e(kind)}</h3>'
        f'<table class="modifiers"><thead><tr><th>who</th><th>test</th><th>roll</th><th>result</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></section>"
    )


# -- Melee manoeuvres (DH1 / Deathwatch Feint, Manoeuvre, Knock-Down, Stun, Defensive Stance) --


def _special_head(r: Resolution) -> str:
    """The headline of a Grapple action or of a melee manoeuvre."""
    if r.manoeuvre is not None:
        return render_manoeuvre(r, r.manoeuvre)
    assert r.grapple is not None
    return render_grapple(r, r.grapple)


def _has_attack_test(r: Resolution) -> bool:
    """The resolution has an attack test of its own to show: not an opposed test's or no test's."""
    if r.grapple is not None:
        return r.grapple.option == "attempt"
    return r.manoeuvre is None or r.manoeuvre.kind == "stun"


def _manoeuvre_verdict(r: Resolution, m: ManoeuvreResult) -> str:
    """``Feint: won`` / ``Stun: missed`` / ``Defensive Stance: taken``."""
    if m.kind == "defensive_stance":
        word = "taken"
    elif m.kind == "stun":
        word = {"hit": "stunned", "evaded": "avoided", "miss": "missed"}.get(r.outcome, r.outcome)
        word = "not stunned" if m.winner == "target" else word  # hit, but the 1d10 + SB fell short
    else:
        word = {"attacker": "won", "target": "lost"}.get(m.winner or "", "no winner")
    return f"{r.action}: {word}"


def render_manoeuvre(r: Resolution, m: ManoeuvreResult) -> str:
    """A melee manoeuvre: its verdict and effects, then each side's opposed test (characteristic,
    modifiers, target, roll, degrees)."""
    parts = [_k("total-wounds", e(plural(r.total_wounds, "wound")))] if r.hits else []
    if r.fatigue:
        parts.append(_k("fatigue", e(f"{r.fatigue} Fatigue")))
    effects = "".join(f'<p class="effect" data-k="effect">{e(x)}</p>' for x in m.effects)  # long: wrapped
    head = (
        f'<header class="headline">'
        f'<p class="verdict">{_k("outcome", e(_manoeuvre_verdict(r, m)), "strong")}'
        f' <span class="summary">{DOT.join(parts)}</span></p>'
        f"{effects}"
        f'<p class="who">{e(f"{names(r)[0]}{DASH}{r.action}{DASH}against {names(r)[2]}")}</p>'
        f"</header>"
    )
    if not m.tests:
        return head
    rows = "".join(
        f'<tr data-k="opposed-test"><th scope="row">{e(t.name)}</th>'
        f"<td>{e(t.characteristic)} {e(t.value)}"
        + "".join(f" {e(signed(x.value))} <small>({e(x.label)})</small>" for x in t.modifiers)
        + f' = <strong data-k="opposed-target">{e(t.target)}</strong></td>'
        f'<td class="num" data-k="opposed-roll">{e(t.roll)}</td>'
        f'<td data-k="opposed-degrees">{e(abs(t.degrees))} {"DoS" if t.success else "DoF"}</td></tr>'
        for t in m.tests
    )
    return (
        f"{head}"
        f'<section class="test opposed-tests" aria-label="Opposed tests"><h3>Opposed tests</h3>'
        f'<table class="modifiers"><thead><tr><th>who</th><th>test</th><th>roll</th><th>result</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></section>"
    )


def render_fate(choices: Iterable[Mapping[str, Any]]) -> str:
    """Fate points (DH2 Core, Ch. I; DH1 Core, Ch. VIII; Deathwatch Core): the result's "Re-roll
    with Fate" buttons, one per test the engine says a Fate point may re-roll
    (:func:`rules.d100.fate.choices`); each carries its test and its die's index, which the page
    reads to ask for the new die. Nothing when there is none."""
    buttons = "".join(
        f'<button type="button" class="fate-reroll" data-fate="{e(c["test"])}" data-die="{int(c["die"])}">'
        f"Re-roll with Fate: {e(c['label'])} ({e(c['name'])})</button>"
        for c in choices
    )
    return f'<p class="fate" data-k="fate">{buttons}</p>' if buttons else ""
