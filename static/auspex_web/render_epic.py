"""An Epic shooting attack (:class:`rules.epic.models.EpicResolution`) as HTML: pure functions.

Each stage of the seed's procedure gets its own section, in order: who shoots (and why not), the
barrage, the to-hit dice by weapon group, then each formation under fire (hits allocated, saves,
integrity, Shock, broken or not). Every text from the scenario or the engine is escaped; elements
a test or a script looks for carry ``data-k``.
"""

from __future__ import annotations

from rules.epic.models import EpicResolution, FormationResult, SaveRoll, ToHitRoll, UnitResult

from .render import ARROW, DASH, DOT, _k, e, plural, render_dice, render_steps, signed

NONE = "\u2013"

OUTCOMES = {
    "no shooters": "No unit can shoot",
    "wiped out": "Wiped out",
    "broken": "Broken",
    "losses": "Losses",
    "no losses": "No losses",
}


def _dice(rolls: list[int], hit: list[bool]) -> str:
    """Dice as rolled, the ones that count marked (``<b>``)."""
    return " ".join(f"<b>{e(r)}</b>" if h else e(r) for r, h in zip(rolls, hit, strict=True)) or "no dice"


def render_epic_headline(r: EpicResolution) -> str:
    """The verdict on the target formation, and the tally: hits by type, units destroyed, Shock."""
    target = r.formations[0] if r.formations else None
    parts = []
    scored = {kind: n for kind, n in r.hits.items() if n}
    if scored:
        word = "hit" if sum(scored.values()) == 1 else "hits"
        parts.append(_k("hits", e(", ".join(f"{n} {kind}" for kind, n in scored.items()) + f" {word}")))
    elif r.to_hit:
        parts.append(_k("hits", e("no hits")))
    if target is not None and r.outcome != "no shooters":
        parts.append(_k("destroyed", e(f"{plural(target.destroyed, 'unit')} destroyed")))
        parts.append(_k("shock", e(f"Shock {target.shock_before} {ARROW} {target.shock_after}")))
    who = f"{r.attacker}{DASH}{r.action}{DASH}against {r.target}"
    notes = []
    if r.crossfire:
        notes.append("crossfire: \u22121 to every save")
    if r.overwatch_ended:
        notes.append(f"{r.attacker} is no longer on overwatch")
    extra = "".join(f'<p class="who" data-k="note">{e(n)}</p>' for n in notes)
    return (
        f'<header class="headline">'
        f'<p class="verdict">{_k("outcome", e(OUTCOMES[r.outcome]), "strong")} '
        f'<span class="summary">{DOT.join(parts)}</span></p>'
        f'<p class="who">{e(who)}</p>{extra}</header>'
    )


def render_shooters(r: EpicResolution) -> str:
    """Each unit of the attacking formation: shoots, or why not (line of fire, range, suppressed,
    ammo)."""
    items = []
    for s in r.shooters:
        ammo = f" (ammo left {s.ammo_left})" if s.ammo_left is not None and s.status == "shoots" else ""
        why = f"shoots{ammo}" if s.status == "shoots" else f"{s.status}: {s.reason}"
        if s.status == "fights":  # Epic assault: the value it fights with, CC or FF
            why = f"fights with its {s.reason}"
        acts = s.status in ("shoots", "fights")
        items.append(
            f'<li class="shooter {"shoots" if acts else "idle"}" data-status="{e(s.status)}">'
            f"<strong>{e(s.name)}</strong> ({e(s.distance)} tiles){DASH}{e(why)}</li>"
        )
    if r.action == "Assault" and not items:
        return ""
    title = "Who fights" if r.action == "Assault" else "Who shoots"
    return f'<section class="epic-stage" data-k="shooters"><h3>{title}</h3><ul>{"".join(items)}</ul></section>'


def render_to_hit(t: ToHitRoll) -> str:
    """One group of to-hit dice: the weapon, the value and modifiers, the dice, the hits."""
    mods = "".join(f" {signed(m.value)} ({m.label.lower()})" for m in t.modifiers)
    head = f"{t.weapon} \u00d7{len(t.rolls)}" if t.rolls else t.weapon
    who = f" ({', '.join(dict.fromkeys(t.units))})" if t.units and not t.weapon.startswith("Barrage on") else ""
    if t.value == 0:  # Epic assault: hits given, not rolled
        return f'<li class="to-hit" data-k="to-hit">{e(head)} {ARROW} {_k("group-hits", e(plural(t.hits, "hit")), "strong")}</li>'
    if t.zero_to_hit == "impossible":
        body = f"{t.kind} {t.value}{mods} = {t.needed}: a hit is impossible (Zero To Hit)"
        return f'<li class="to-hit" data-k="to-hit">{e(head + who)}: {e(body)}</li>'
    if t.zero_to_hit:
        first = _dice(t.rolls, [x == 1 for x in t.rolls])
        seconds = f"; second dice {e(' '.join(map(str, t.second_rolls)))}" if t.second_rolls else ""
        body = f"{e(f'{t.kind} {t.value}{mods} = {t.needed}: Zero To Hit, {t.zero_to_hit}')}: rolled {first}{seconds}"
    else:
        needed = min(t.needed, 6)
        first = _dice(t.rolls, [x <= needed and x != 6 for x in t.rolls])
        span = "1" if needed == 1 else f"1\u2013{needed}"
        body = f"{e(f'{t.kind} {t.value}{mods}: roll {span}')}: rolled {first}"
    return (
        f'<li class="to-hit" data-k="to-hit">{e(head + who)}: {body} {ARROW} '
        f"{_k('group-hits', e(plural(t.hits, 'hit')), 'strong')}</li>"
    )


def render_save(sv: SaveRoll) -> str:
    which = "macro-weapon hit" if sv.macro else "hit"
    if sv.save == "none":
        saved = "no save: every hit fails"
    elif not sv.rolls:
        saved = f"{sv.save} save {sv.value} {signed(sv.modifier)} leaves nothing: every hit fails"
    else:
        mod = f" {signed(sv.modifier)}" if sv.modifier else ""
        saved = f"{sv.save} save {sv.value}{mod}: rolled "
        marks = _dice(sv.rolls, [x > sv.needed for x in sv.rolls])
        return f"{e(plural(sv.hits, which))}, {e(saved)}{marks}, {_k('failed', e(f'{sv.failed} failed'))}"
    return f"{e(plural(sv.hits, which))}, {e(saved)}"


def render_unit(u: UnitResult) -> str:
    """A unit under fire: hits, saves, integrity before and after, destroyed."""
    parts = [render_save(sv) for sv in u.saves]
    if u.under_barrage is False:
        parts.append(e("not under the template"))
    elif not u.saves:
        parts.append(e("no hit"))
    state = f"integrity {u.integrity_before} {ARROW} {u.integrity_after}"
    if u.destroyed:
        state += ": destroyed"
    cls = "unit destroyed" if u.destroyed else "unit"
    return (
        f'<li class="{cls}" data-unit="{e(u.index)}"><strong>{e(u.name)}</strong> ({e(u.type)}){DASH}'
        f"{'; '.join(parts)}{DOT}{_k('integrity', e(state))}</li>"
    )


def render_formation(f: FormationResult) -> str:
    """A formation under fire: each unit, hits that found no unit, Shock and whether it breaks."""
    units = "".join(render_unit(u) for u in f.units)
    lost = ""
    if f.unallocated:
        lost = (
            f'<p class="unallocated">{e(", ".join(f"{n} {k}" for k, n in f.unallocated.items()))} '
            f"{e('hit(s) found no unit they may go on: lost')}</p>"
        )
    gained = " ".join(f"+{g.amount} {g.reason}" for g in f.shock_gained)
    if f.wiped_out:
        state = "wiped out"
    elif f.broken:
        state = "broken: every unit left is suppressed"
    else:
        state = f"{f.suppressed} of {plural(f.units_left, 'unit')} suppressed, not broken"
    shock = f"Shock {f.shock_before} {gained} = {f.shock_after}" if gained else f"Shock {f.shock_before}, no change"
    ally = " (allied)" if f.allied else ""
    return (
        f'<section class="epic-stage formation" data-k="formation"><h3>{e(f.name)}{e(ally)}</h3>'
        f'<ul class="units">{units}</ul>{lost}'
        f'<p class="shock">{_k("formation-shock", e(shock))}{DOT}{_k("formation-state", e(state), "strong")}</p>'
        f"</section>"
    )


def render_epic(r: EpicResolution) -> str:
    """The whole attack, stage by stage, then the dice and the step log."""
    stages = [render_shooters(r)]
    if r.barrage is not None:
        b = r.barrage
        text = (
            f"{b.bp} BP (row {b.row}): radius {plural(b.radius, 'tile')}, extra Shock {b.extra_shock}, "
            f"to hit AP {b.AP or NONE} / AT {b.AT or NONE}"
        )
        stages.append(f'<section class="epic-stage" data-k="barrage"><h3>Barrage</h3><p>{e(text)}</p></section>')
    if r.to_hit:
        rows = "".join(render_to_hit(t) for t in r.to_hit)
        title = "Assault hits" if r.action == "Assault" else "To hit"
        stages.append(f'<section class="epic-stage"><h3>{title}</h3><ul>{rows}</ul></section>')
    if r.outcome != "no shooters":
        stages.extend(render_formation(f) for f in r.formations)
    return (
        f'<article class="resolution epic outcome-{e(r.outcome.replace(" ", "-"))}">'
        f"{render_epic_headline(r)}{''.join(stages)}{render_dice(r)}{render_steps(r.steps)}</article>"
    )
