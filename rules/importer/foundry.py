"""Foundry VTT actors ("Export Data" of an actor, JSON; or a list of them, a whole world's) from the
four systems below, each recognised from the file itself: its ``_stats.systemId`` when the export
carries one, else the shape of its system data (:func:`recognise`). Nothing is asked of the user.

Readings per system, from each system's own data model (read in its public repository); no two are
assumed to mean the same by one key:

- **Vendare's Dark Heresy 2E** (``dark-heresy``; actor types ``acolyte``, ``npc``): a characteristic
  is ``base + advance``, the advance in points (0, 5, ... 25); ``unnatural`` is added to the
  characteristic's bonus (DH2: Unnatural X adds X to the bonus). ``wounds.value`` is the damage
  taken (damage is added to it up to ``wounds.max``, the excess going to ``wounds.critical``), so
  damage taken = ``value + critical``. A weapon's qualities are free text in ``special``
  (``Tearing, Blast (3)``); ``rateOfFire`` is ``{single, burst, full}`` numbers; ``penetration`` a
  text. Melee damage has no SB in it: the system adds ``+SB`` unless the damage text names SB (then
  the ``+SB`` is dropped here, as the engine adds SB itself). Armour items have no equipped flag:
  every one is worn, per location the best of the non-additive ones plus every additive one
  (``isAdditive``), by ``part.{head, leftArm, ...}``. An NPC's ``type`` ``troop`` is a Troop.
- **mrkeathley's Dark Heresy 2nd Edition** (``dark-heresy-2nd``; ``acolyte``, ``npc``): a
  characteristic is ``base + 5 x advance + modifier``, the advance a count of +5s; ``unnatural``
  added to the bonus. ``wounds.value`` is the wounds LEFT (damage is taken off it; at 0 further
  damage goes to ``wounds.critical``), so damage taken = ``max - value + critical``. Qualities are
  a map of flags and ratings in ``special`` (``{"tearing": true, "blast": 3}``) or, once the sheet
  has opened the weapon, ``attackSpecial`` items nested in the weapon's
  ``flags["dark-heresy-2nd"].nested`` (``enabled``, ``level``); some ids are not qualities
  (``two-handed``) and are named as such. Melee damage has no SB (the system adds it). Armour and
  weapons count only when ``equipped``; armour by ``armourPoints.{head, ...}``, the best per
  location.
- **Aleslammer's Deathwatch** (``deathwatch``; ``character``, ``enemy``, ``npc``, ``horde``): a
  characteristic is ``base + 5`` per advance flag set (``advances.simple/intermediate/trained/
  expert``) plus the modifiers of the actor, its talents, traits and equipped items
  (``effectType: characteristic``); Unnatural characteristics are modifiers that multiply the
  bonus (``characteristic-bonus``, ``modifier: "x2"``, ``valueAffected: "str"``), and power
  armour's +20 S is ``characteristic-post-multiplier`` (+20 S, +2 SB after the multiplier); natural
  armour and Machine are traits named ``Natural Armour (6)`` / ``Machine (4)``, added to every
  location. ``wounds.value`` is the damage taken (above ``max`` is critical damage). A Horde's
  Magnitude is ``wounds.max`` and ``wounds.value`` the Magnitude lost; its armour ``gearArmor``
  (plus natural armour). A weapon's real damage is in ``dmg`` and ``dmgType`` (``damage`` keeps a
  default ``1d10``); ``rof``, ``range`` and ``clip`` (rounds loaded) are texts; qualities are ids
  with an optional rating, ``attachedQualities: [{"id": "blast", "value": "3"}]``, some of them no
  quality of the ruleset (``living-ammunition``, ``power-fist``, which doubles SB like
  ``doublesStrengthBonus``). Melee damage has no SB (the system adds it). Only the equipped armour
  counts, by ``head``, ``body``, ``left_arm``...
- **JamesonRGrieve's wh40k-ttrpg** (``wh40k-rpg``; ``dh2-character``, ``dh2-npc``,
  ``dw-character``, ``dh1-npc``...; the prefix is the game line, read as the ruleset dh2, dw or dh1;
  Rogue Trader, Black Crusade, Only War and Imperium Maledictum actors are refused, Auspex has no
  such ruleset): a characteristic is ``base + modifier + 5 x advance`` plus the
  ``modifiers.characteristics`` of its talents, traits and conditions and of its equipped armour,
  cybernetics and gear (``characteristicBonuses`` add to the bonus only); ``unnatural`` of 2 or more
  multiplies the bonus (the system's reading in every line). ``wounds.value`` is the wounds LEFT.
  A Horde is ``horde.enabled`` with ``horde.magnitude.current``. A weapon's damage is
  ``damage.formula`` plus ``damage.bonus``, its type ``damage.type``, Pen ``damage.penetration``;
  qualities are ids in ``special`` with the rating after a dash (``blast-3``); range
  ``attack.range.value``; RoF ``attack.rateOfFire.{single (yes/no), semi, full}``. Melee damage
  has no SB (the system adds it). Armour counts when ``state.equipped``, only on the locations in
  its ``coverage`` (``all`` for every one).

In every system the first equipped weapon (else the first weapon) is the attacker's weapon in hand.
A weapon's clip is the rounds loaded now (``clip.value``), the engine's ``clip``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.d100.models import LOCATIONS, SIZES

from .. import limits
from .common import (
    TALENTS,
    Sheet,
    WeaponSheet,
    damage_type,
    emit,
    location,
    melee_damage,
    number,
    problem,
    quality,
    size_name,
    text,
    weapon_class,
)
from .models import ImportResult

SYSTEM_NAMES = {
    "dark-heresy": "Vendare's Dark Heresy 2E",
    "dark-heresy-2nd": "mrkeathley's Dark Heresy 2nd Edition",
    "deathwatch": "Aleslammer's Deathwatch",
    "wh40k-rpg": "JamesonRGrieve's wh40k-ttrpg",
}
READINGS = {
    "dark-heresy": "Vendare's Dark Heresy 2E: advances in points; wounds.value is damage taken; "
    "qualities as text; Unnatural added to the bonus; every armour item worn",
    "dark-heresy-2nd": "mrkeathley's Dark Heresy 2nd Edition: advances as counts of +5; wounds.value is "
    "wounds left; qualities as flags and ratings; Unnatural added to the bonus; equipped armour only",
    "deathwatch": "Aleslammer's Deathwatch: advances as four +5 flags; wounds.value is damage taken "
    "(a Horde's: Magnitude lost); damage in dmg; qualities as ids with a rating; Unnatural as traits "
    "multiplying the bonus; equipped armour plus Natural Armour",
    "wh40k-rpg": "JamesonRGrieve's wh40k-ttrpg: advances as counts of +5; wounds.value is wounds left; "
    "qualities as ids (blast-3); Unnatural multiplies the bonus; equipped armour on its coverage only",
}
DH2_KEYS = {
    "WS": "weaponSkill",
    "BS": "ballisticSkill",
    "S": "strength",
    "T": "toughness",
    "Ag": "agility",
    "Int": "intelligence",
    "Per": "perception",
    "WP": "willpower",
    "Fel": "fellowship",
}
DW_KEYS = {
    "WS": "ws",
    "BS": "bs",
    "S": "str",
    "T": "tg",
    "Ag": "ag",
    "Int": "int",
    "Per": "per",
    "WP": "wil",
    "Fel": "fs",
}
WH40K_LINES = {"dh2": "dh2", "dh1": "dh1", "dw": "dw"}
_WH40K_TYPE = re.compile(r"(dh2|dh1|rt|bc|ow|dw|im)-(character|npc)")
_RELOAD = re.compile(r"(\d+\s*)?(full|half)(\s*actions?)?", re.IGNORECASE)
_NATURAL = re.compile(r"(natural armou?r|machine)\s*\(\s*(\d+)\s*\)", re.IGNORECASE)
_SIZE = re.compile(r"size\s*\(\s*([a-z]+)\s*\)", re.IGNORECASE)


def _get(d: object, *keys: str) -> Any:
    for k in keys:
        if not isinstance(d, dict):
            return None
        d = d.get(k)
    return d


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def recognise(actor: dict[str, Any]) -> str | None:
    """Which of the four systems ``actor`` (one actor's export) comes from: its
    ``_stats.systemId`` when it is one of them, else its shape; None when it is none of them."""
    sid = _get(actor, "_stats", "systemId")
    if sid in SYSTEM_NAMES:
        return str(sid)
    kind, system = actor.get("type"), actor.get("system")
    if not isinstance(system, dict):
        return None
    chars = system.get("characteristics")
    if isinstance(kind, str) and _WH40K_TYPE.fullmatch(kind):
        return "wh40k-rpg"
    if isinstance(chars, dict) and "tg" in chars and "wil" in chars:
        return "deathwatch"
    if isinstance(chars, dict) and "weaponSkill" in chars and kind in ("acolyte", "npc"):
        ws = chars["weaponSkill"]
        return "dark-heresy-2nd" if isinstance(ws, dict) and "modifier" in ws else "dark-heresy"
    return None


def read_actors(raw: object, result: ImportResult) -> None:
    """Read one actor's export, a list of them, or an object with an ``actors`` list into
    ``result``; an entry that is no actor of the four systems is named and skipped."""
    if isinstance(raw, dict) and isinstance(raw.get("actors"), list):
        actors, prefix = raw["actors"], "actors."
    elif isinstance(raw, list):
        actors, prefix = raw, ""
    else:
        actors, prefix = [raw], None
    read = 0
    for i, actor in enumerate(actors):
        base = "" if prefix is None else f"{prefix}{i}."
        at = base.rstrip(".") or "file"
        if not isinstance(actor, dict):
            problem(result, at, "Not a Foundry actor (an actor is a JSON object)")
            continue
        system = recognise(actor)
        if system is None:
            problem(
                result,
                at,
                "Not an actor of a system Auspex reads (Vendare's or mrkeathley's Dark Heresy 2nd "
                "edition, Aleslammer's Deathwatch, JamesonRGrieve's wh40k-ttrpg)",
            )
            continue
        if READINGS[system] not in result.readings:
            result.readings.append(READINGS[system])
        sheet = READERS[system](actor, base, result)
        if sheet is not None:
            emit(result, sheet)
            read += 1


def _name(actor: dict[str, Any], base: str, result: ImportResult, default: str = "Imported") -> str:
    return text(actor.get("name"), f"{base}name", result) or default


def _items(actor: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    items = actor.get("items")
    if not isinstance(items, list):
        return []
    return [(i, it) for i, it in enumerate(items) if isinstance(it, dict) and isinstance(it.get("system"), dict)]


def _characteristics(
    sheet: Sheet, totals: dict[str, tuple[int, str]], bonus: Callable[[str, int], int], result: ImportResult
) -> None:
    """Put each characteristic into the attacker and the target, SB and TB (with what Unnatural
    adds) where they differ from the tens digit."""
    for short, (value, source) in totals.items():
        if not 0 <= value <= 100:
            problem(result, source, f"{short} {value} is out of range (0-100): left out")
            continue
        sheet.attacker[f"characteristics.{short}"] = (value, source)
        if short in ("T", "Ag", "WP", "S", "WS"):
            sheet.target[f"characteristics.{short}"] = (value, source)
    if "S" in totals and 0 <= totals["S"][0] <= 100:
        sb = bonus("S", totals["S"][0])
        if sb != totals["S"][0] // 10:
            sheet.attacker["strength_bonus"] = (sb, totals["S"][1])
    if "T" in totals and 0 <= totals["T"][0] <= 100:
        base = totals["T"][0] // 10
        tb = bonus("T", totals["T"][0])
        sheet.target["toughness_bonus"] = (tb, totals["T"][1])
        if tb != base:
            sheet.target["unnatural_toughness"] = (tb - base, totals["T"][1])


def _rof(single: object, semi: object, full: object) -> str:
    def n(v: object) -> str:
        return str(v) if isinstance(v, int) and not isinstance(v, bool) and v > 0 else "-"

    s = "S" if (single is True or (isinstance(single, int) and not isinstance(single, bool) and single > 0)) else "-"
    return f"{s}/{n(semi)}/{n(full)}"


def _reload(value: object) -> str | None:
    if not isinstance(value, str) or not value.strip() or value.strip() in ("-", "\u2013", "\u2014"):
        return None
    m = _RELOAD.fullmatch(value.strip())
    if m:
        return f"{(m.group(1) or '').strip()} {m.group(2).title()}".strip()
    return value.strip()


def _weapon(system: str, name: str, source: str, raw: dict[str, Any], result: ImportResult, sb: int) -> WeaponSheet:
    """A weapon from its read parts (``raw``: key -> (value, source) as the system keeps them:
    class, range, rof (text), damage, damage_type, pen, clip, reload, craftsmanship, qualities
    (a list of (name, value, source)), sb_multiplier). ``sb``: the wielder's SB, for a thrown
    weapon's range written ``SBx3`` (metres: SB times 3)."""
    w = WeaponSheet(name=name, source=source)
    cls_value, cls_src = raw["class"]
    cls = weapon_class(cls_value, cls_src, result) or "Basic"
    melee = cls in ("Melee", "Unarmed")
    w.values["class"] = (cls, cls_src)
    if melee:
        w.values["rof"] = ("S/-/-", raw["rof"][1])
    else:
        _ranged(w, raw, result, sb)
    dmg, src = raw["damage"]
    dmg_text = text(dmg, src, result, limits.DAMAGE_LENGTH) if isinstance(dmg, str) else None
    if not dmg_text:
        problem(result, src, f"{name}: no damage: type its damage (like 1d10+3)")
    else:
        w.values["damage"] = (melee_damage(dmg_text) if melee else dmg_text, src)
    dt, src = raw["damage_type"]
    if (letter := damage_type(dt, src, result)) is not None:
        w.values["damage_type"] = (letter, src)
    pen, src = raw["pen"]
    if (p := number(pen, src, result, high=100)) is not None:
        w.values["pen"] = (p, src)
    if raw.get("craftsmanship"):
        cr, src = raw["craftsmanship"]
        if isinstance(cr, str) and cr.strip().title() in ("Poor", "Common", "Good", "Best"):
            w.values["craftsmanship"] = (cr.strip().title(), src)
    _qualities(w, system, raw.get("qualities", []), result)
    if raw.get("sb_multiplier"):
        w.values["sb_multiplier"] = raw["sb_multiplier"]
    return w


def _ranged(w: WeaponSheet, raw: dict[str, Any], result: ImportResult, sb: int) -> None:
    """A ranged weapon's range (``SBx3`` as SB times 3), RoF, rounds loaded and Rld."""
    rng, src = raw["range"]
    thrown = re.fullmatch(r"\s*SB\s*[x\u00d7*]\s*(\d{1,2})\s*", rng) if isinstance(rng, str) else None
    value = sb * int(thrown.group(1)) if thrown else number(rng, src, result, high=100000)
    w.values["range"] = (value or 0, src)
    w.values["rof"] = raw["rof"]
    clip, src = raw["clip"]
    w.values["clip"] = (number(clip, src, result, high=limits.CLIP) or 0, src)
    if raw.get("reload") and (reload := _reload(raw["reload"][0])) is not None:
        if len(reload) > 20 or limits.bad_character(reload):
            problem(result, raw["reload"][1], f"Rld not read: '{limits.shown(reload, 20)}' (like Half, Full, 2 Full)")
        else:
            w.values["reload"] = (reload, raw["reload"][1])


def _qualities(w: WeaponSheet, system: str, found: list[tuple[str, int | None, str]], result: ImportResult) -> None:
    """Each quality read into the ruleset's own name and X, once, with where each was read."""
    qualities: list[str] = []
    sources: list[str] = []
    for qname, qvalue, qsrc in found:
        q = quality(system, qname, qvalue, qsrc, result)
        if q is not None and q not in qualities:
            qualities.append(q)
            sources.append(qsrc)
    if qualities:
        w.values["qualities"] = (qualities, ", ".join(dict.fromkeys(sources)))


def _dashes(text_: str) -> str:
    """A RoF as typed in a system's text field: spaces dropped, en and em dashes read as ``-``."""
    return text_.replace(" ", "").replace("\u2013", "-").replace("\u2014", "-")


def _sb(sheet: Sheet) -> int:
    """The SB read so far: with Unnatural Strength counted, else the tens digit of S."""
    if "strength_bonus" in sheet.attacker:
        return int(sheet.attacker["strength_bonus"][0])
    return int(sheet.attacker.get("characteristics.S", (0, ""))[0]) // 10


# -- the two Dark Heresy 2nd edition systems ------------------------------------------------------


def _dh2(actor: dict[str, Any], base: str, result: ImportResult, system: str) -> Sheet:
    s: dict[str, Any] = actor["system"]
    sys = f"{base}system"
    sheet = Sheet(name=_name(actor, base, result), system="dh2", source=f"{base}name")
    totals: dict[str, tuple[int, str]] = {}
    unnatural: dict[str, int] = {}
    for short, key in DH2_KEYS.items():
        c = _get(s, "characteristics", key)
        if not isinstance(c, dict):
            continue
        at = f"{sys}.characteristics.{key}"
        b = number(c.get("base"), f"{at}.base", result, high=100) or 0
        adv = number(c.get("advance"), f"{at}.advance", result, high=100) or 0
        if system == "dark-heresy-2nd":
            total = b + 5 * adv + (number(c.get("modifier"), f"{at}.modifier", result, low=-100, high=100) or 0)
        else:
            total = b + adv
        totals[short] = (total, at)
        unnatural[short] = number(c.get("unnatural"), f"{at}.unnatural", result, high=30) or 0
    _characteristics(sheet, totals, lambda k, v: v // 10 + unnatural.get(k, 0), result)
    _wounds_dh2(sheet, s, sys, result, left=system == "dark-heresy-2nd")
    _common_status(sheet, s, sys, result)
    if actor.get("type") == "npc":
        if _get(s, "type") == "troop":
            sheet.attacker["troop"] = (True, f"{sys}.type")
            sheet.target["troop"] = (True, f"{sys}.type")
    else:
        sheet.target["player"] = (True, f"{base}type")
    _dh2_items(sheet, actor, base, result, system)
    return sheet


def _dh2_items(sheet: Sheet, actor: dict[str, Any], base: str, result: ImportResult, system: str) -> None:
    """The weapons, the armour worn (Vendare's: every piece; mrkeathley's: the equipped ones) and
    the talents the engine reads, of a Dark Heresy 2nd edition actor."""
    mrk = system == "dark-heresy-2nd"
    weapons: list[tuple[bool, WeaponSheet]] = []
    worn: list[tuple[dict[str, Any], str, str, bool]] = []
    for i, item in _items(actor):
        at = f"{base}items.{i}"
        it, kind = item["system"], item.get("type")
        name = text(item.get("name"), f"{at}.name", result) or "Item"
        if kind == "weapon":
            w = _weapon("dh2", name, f"{at}.name", _dh2_weapon(it, item, f"{at}.system"), result, _sb(sheet))
            weapons.append((bool(it.get("equipped")) if mrk else True, w))
        elif kind == "armour" and (it.get("equipped") or not mrk):
            key = "armourPoints" if mrk else "part"
            if isinstance(it.get(key), dict):
                worn.append((it[key], f"{at}.system.{key}", name, bool(it.get("isAdditive"))))
        elif kind in ("talent", "trait"):
            _talent(sheet, name, f"{at}.name")
    _take_weapons(sheet, weapons)
    _wear(sheet, worn, result)


def _dh2_weapon(it: dict[str, Any], item: dict[str, Any], at: str) -> dict[str, Any]:
    rof = _dict(it.get("rateOfFire"))
    raw: dict[str, Any] = {
        "class": (it.get("class"), f"{at}.class"),
        "range": (it.get("range"), f"{at}.range"),
        "rof": (_rof(rof.get("single"), rof.get("burst"), rof.get("full")), f"{at}.rateOfFire"),
        "damage": (it.get("damage"), f"{at}.damage"),
        "damage_type": (it.get("damageType"), f"{at}.damageType"),
        "pen": (it.get("penetration"), f"{at}.penetration"),
        "clip": (_get(it, "clip", "value"), f"{at}.clip.value"),
        "reload": (it.get("reload"), f"{at}.reload"),
        "craftsmanship": (it.get("craftsmanship"), f"{at}.craftsmanship"),
    }
    qualities: list[tuple[str, int | None, str]] = []
    special = it.get("special")
    if isinstance(special, str):  # Vendare: free text, "Tearing, Blast (3)"
        for n, part in enumerate(p for p in re.split(r"[,;]", special) if p.strip()):
            qualities.append((part.strip(), None, f"{at}.special (item {n + 1})"))
    elif isinstance(special, dict):  # mrkeathley's pack form: {"tearing": true, "blast": 3}
        for key, value in special.items():
            if value is False or value is None:
                continue
            level = value if isinstance(value, int) and not isinstance(value, bool) else None
            qualities.append((str(key), level, f"{at}.special.{key}"))
    nested = _get(item, "flags", "dark-heresy-2nd", "nested")
    if isinstance(nested, list):  # mrkeathley's nested attackSpecial items
        for n, sp in enumerate(nested):
            if not isinstance(sp, dict) or sp.get("type") != "attackSpecial":
                continue
            ss = _dict(sp.get("system"))
            if ss.get("hasLevel"):
                level = ss.get("level") if isinstance(ss.get("level"), int) else None
            elif ss.get("enabled") is False:
                continue
            else:
                level = None
            qualities.append(
                (
                    str(sp.get("name", "")),
                    level,
                    f"{at[: -len('.system')]}.flags.dark-heresy-2nd.nested.{n}",
                )
            )
    raw["qualities"] = qualities
    return raw


def _wounds_dh2(sheet: Sheet, s: dict[str, Any], sys: str, result: ImportResult, *, left: bool) -> None:
    at = f"{sys}.wounds"
    wmax = number(_get(s, "wounds", "max"), f"{at}.max", result, low=1)
    value = number(_get(s, "wounds", "value"), f"{at}.value", result, high=2000) or 0
    crit = number(_get(s, "wounds", "critical"), f"{at}.critical", result, high=1000) or 0
    if wmax is None:
        problem(result, f"{at}.max", "No wounds: type its wounds")
        return
    sheet.target["wounds"] = (wmax, f"{at}.max")
    taken = (max(wmax - value, 0) if left else value) + crit
    if taken:
        sheet.target["damage_taken"] = (taken, f"{at}.value, {at}.critical")


def _common_status(sheet: Sheet, s: dict[str, Any], sys: str, result: ImportResult) -> None:
    fatigue = number(_get(s, "fatigue", "value"), f"{sys}.fatigue.value", result, high=100)
    if fatigue:
        sheet.target["fatigue"] = (fatigue, f"{sys}.fatigue.value")
    psy = number(_get(s, "psy", "rating"), f"{sys}.psy.rating", result, high=20)
    if psy:
        sheet.attacker["psy_rating"] = (psy, f"{sys}.psy.rating")
    size = number(s.get("size"), f"{sys}.size", result, low=1, high=10)
    if size is not None and size != 4 and (name := size_name(size)) is not None:
        sheet.attacker["size"] = (name, f"{sys}.size")
        sheet.target["size"] = (name, f"{sys}.size")


def _talent(sheet: Sheet, name: str, at: str) -> None:
    for t in TALENTS:
        if name.lower().startswith(t.lower()):
            sheet.talents.append((name, at))
    m = _SIZE.fullmatch(name)
    if m and (size := m.group(1).title()) in SIZES:
        sheet.attacker["size"] = (size, at)
        sheet.target["size"] = (size, at)


def _take_weapons(sheet: Sheet, weapons: list[tuple[bool, WeaponSheet]]) -> None:
    """Every weapon in the order read, the first equipped one first (the weapon in hand)."""
    first = next((w for eq, w in weapons if eq), None)
    sheet.weapons = ([first] if first else []) + [w for eq, w in weapons if w is not first]


def _wear(
    sheet: Sheet,
    worn: list[tuple[dict[str, Any], str, str, bool]],
    result: ImportResult,
    natural: int = 0,
    natural_at: str = "",
) -> None:
    """AP by location: per location the best of the non-additive pieces plus every additive one,
    plus natural armour."""
    best: dict[str, tuple[int, str]] = {}
    added: dict[str, int] = {}
    names: list[str] = []
    for parts, at, name, additive in worn:
        names.append(name)
        for key, value in parts.items():
            loc = location(str(key))
            if loc is None:
                continue
            ap = number(value, f"{at}.{key}", result, high=50) or 0
            if additive:
                added[loc] = added.get(loc, 0) + ap
            elif ap > best.get(loc, (-1, ""))[0]:
                best[loc] = (ap, f"{at}.{key}")
    for loc in LOCATIONS:
        ap, at = best.get(loc, (0, ""))
        total = ap + added.get(loc, 0) + natural
        if total:
            sources = ", ".join(x for x in (at, natural_at) if x)
            sheet.target[f"armour.{loc}"] = (min(total, 50), sources)
            if ap + added.get(loc, 0):
                sheet.armour[loc] = (min(ap + added.get(loc, 0), 50), at)
    if names:
        sheet.armour_name = " + ".join(names)[: limits.NAME_LENGTH]


# -- Aleslammer's Deathwatch ----------------------------------------------------------------------


def _deathwatch(actor: dict[str, Any], base: str, result: ImportResult) -> Sheet:
    s: dict[str, Any] = actor["system"]
    sys = f"{base}system"
    sheet = Sheet(name=_name(actor, base, result), system="dw", source=f"{base}name")
    mods = _dw_modifiers(sheet, actor, base, result)
    totals: dict[str, tuple[int, str]] = {}
    for short, key in DW_KEYS.items():
        c = _get(s, "characteristics", key)
        if not isinstance(c, dict):
            continue
        at = f"{sys}.characteristics.{key}"
        b = number(c.get("base"), f"{at}.base", result, high=100) or 0
        adv = _dict(c.get("advances"))
        totals[short] = (mods.total(short, b + 5 * sum(1 for v in adv.values() if v is True)), at)
    _characteristics(sheet, totals, mods.bonus_of, result)
    weapons: list[tuple[bool, WeaponSheet]] = []
    worn: list[tuple[dict[str, Any], str, str, bool]] = []
    for i, item in _items(actor):
        at = f"{base}items.{i}"
        it, kind = item["system"], item.get("type")
        if kind not in ("talent", "weapon", "armor"):
            continue
        name = text(item.get("name"), f"{at}.name", result) or "Item"
        if kind == "talent":
            _talent(sheet, name, f"{at}.name")
        elif kind == "weapon":
            w = _weapon("dw", name, f"{at}.name", _dw_weapon(it, f"{at}.system"), result, _sb(sheet))
            weapons.append((bool(it.get("equipped")), w))
        elif it.get("equipped") and not worn:  # the one suit worn
            parts = {k: it.get(k) for k in ("head", "body", "left_arm", "right_arm", "left_leg", "right_leg")}
            worn.append((parts, f"{at}.system", name, False))
    _dw_wounds(sheet, actor, sys, mods.natural, result)
    fatigue = number(_get(s, "fatigue", "value"), f"{sys}.fatigue.value", result, high=100)
    if fatigue:
        sheet.target["fatigue"] = (fatigue, f"{sys}.fatigue.value")
    psy = number(_get(s, "psyRating", "value"), f"{sys}.psyRating.value", result, high=20)
    if psy:
        sheet.attacker["psy_rating"] = (psy, f"{sys}.psyRating.value")
    if actor.get("type") == "character":
        sheet.target["player"] = (True, f"{base}type")
    _take_weapons(sheet, weapons)
    if actor.get("type") != "horde":
        _wear(sheet, worn, result, mods.natural, mods.natural_at)
    return sheet


@dataclass
class _DwMods:
    """What a Deathwatch actor's modifiers do to its characteristics, by short name: ``add`` to
    the value (``characteristic``), ``post`` to the value with its bonus added after the
    Unnatural multiplier (``characteristic-post-multiplier``: power armour's +20 S gives +2 SB,
    never doubled), ``mult`` the Unnatural multiplier (``characteristic-bonus`` ``x2``), ``bonus``
    a flat bonus (``characteristic-bonus`` ``2``); and the natural armour (Natural Armour (X),
    Machine (X)) with where it was read."""

    add: dict[str, int] = field(default_factory=dict)
    post: dict[str, int] = field(default_factory=dict)
    mult: dict[str, int] = field(default_factory=dict)
    bonus: dict[str, int] = field(default_factory=dict)
    natural: int = 0
    natural_at: str = ""

    def total(self, short: str, value: int) -> int:
        return value + self.add.get(short, 0) + self.post.get(short, 0)

    def bonus_of(self, short: str, total: int) -> int:
        post = self.post.get(short, 0)
        return ((total - post) // 10) * self.mult.get(short, 1) + post // 10 + self.bonus.get(short, 0)


_ALWAYS = ("talent", "trait", "chapter", "specialty")
"""Deathwatch items whose modifiers always count; any other counts only while equipped."""


def _dw_modifiers(sheet: Sheet, actor: dict[str, Any], base: str, result: ImportResult) -> _DwMods:
    """A Deathwatch actor's modifiers (its own and its items': talents, traits and chapters
    always, armour and gear while equipped) as :class:`_DwMods`; its traits' Size and the talents
    the engine reads go on ``sheet``."""
    mods = _DwMods()
    found: list[object] = list(_get(actor, "system", "modifiers") or [])
    for i, item in _items(actor):
        at = f"{base}items.{i}"
        kind, it = item.get("type"), item["system"]
        if kind not in _ALWAYS and not it.get("equipped"):
            continue
        found += list(it.get("modifiers") or [])
        if kind == "trait":
            name = text(item.get("name"), f"{at}.name", result) or "Trait"
            if (m2 := _NATURAL.fullmatch(name)) is not None:
                mods.natural += int(m2.group(2))
                mods.natural_at = f"{at}.name"
            _talent(sheet, name, f"{at}.name")
    short_of = {v: k for k, v in DW_KEYS.items()}
    for mod in found:
        if not isinstance(mod, dict) or mod.get("enabled") is False:
            continue
        short = short_of.get(str(mod.get("valueAffected")))
        m = re.fullmatch(r"\s*(x?)\s*([+-]?\d{1,3})\s*", str(mod.get("modifier", "")))
        if short is None or m is None:
            continue
        value, kind = int(m.group(2)), mod.get("effectType")
        if kind == "characteristic":
            mods.add[short] = mods.add.get(short, 0) + value
        elif kind == "characteristic-post-multiplier":
            mods.post[short] = mods.post.get(short, 0) + value
        elif kind == "characteristic-bonus" and m.group(1):
            mods.mult[short] = max(mods.mult.get(short, 1), min(value, 10))
        elif kind == "characteristic-bonus":
            mods.bonus[short] = mods.bonus.get(short, 0) + value
    return mods


def _dw_wounds(sheet: Sheet, actor: dict[str, Any], sys: str, natural: int, result: ImportResult) -> None:
    """Wounds and damage taken (``wounds.value``), or a Horde's Magnitude left (``wounds.max``
    less ``wounds.value``) and its armour (``gearArmor`` plus natural armour)."""
    s: dict[str, Any] = actor["system"]
    at = f"{sys}.wounds"
    wmax = number(_get(s, "wounds", "max"), f"{at}.max", result, low=1)
    value = number(_get(s, "wounds", "value"), f"{at}.value", result, high=2000) or 0
    if wmax is None:
        problem(result, f"{at}.max", "No wounds: type its wounds")
        return
    sheet.target["wounds"] = (wmax, f"{at}.max")
    if actor.get("type") != "horde":
        if value:
            sheet.target["damage_taken"] = (value, f"{at}.value")
        return
    armour = (number(s.get("gearArmor"), f"{sys}.gearArmor", result, high=50) or 0) + natural
    if wmax - value < 1:
        problem(result, f"{at}.value", "The Horde has no Magnitude left")
        return
    sheet.target["horde.magnitude"] = (min(wmax - value, limits.MAGNITUDE), f"{at}.max, {at}.value")
    sheet.target["horde.armour"] = (min(armour, 50), f"{sys}.gearArmor")


def _dw_weapon(it: dict[str, Any], at: str) -> dict[str, Any]:
    dmg_key = "dmg" if it.get("dmg") else "damage"
    type_key = "dmgType" if it.get("dmgType") else "damageType"
    rof = it.get("rof")
    qualities: list[tuple[str, int | None, str]] = []
    power_fist = bool(it.get("doublesStrengthBonus"))
    for n, q in enumerate(it.get("attachedQualities") or []):
        qid = q.get("id") if isinstance(q, dict) else q
        if not isinstance(qid, str):
            continue
        if qid == "power-fist":
            power_fist = True
            continue
        raw_value = q.get("value") if isinstance(q, dict) else None
        level = int(raw_value) if isinstance(raw_value, (int, str)) and str(raw_value).strip().isdigit() else None
        qualities.append((qid, level, f"{at}.attachedQualities.{n}"))
    raw: dict[str, Any] = {
        "class": (it.get("class"), f"{at}.class"),
        "range": (it.get("range"), f"{at}.range"),
        "rof": (_dashes(rof) if isinstance(rof, str) and rof.strip() else "S/-/-", f"{at}.rof"),
        "damage": (it.get(dmg_key), f"{at}.{dmg_key}"),
        "damage_type": (it.get(type_key), f"{at}.{type_key}"),
        "pen": (it.get("penetration"), f"{at}.penetration"),
        "clip": (it.get("clip"), f"{at}.clip"),
        "reload": (it.get("reload"), f"{at}.reload"),
        "craftsmanship": (it.get("craftsmanship"), f"{at}.craftsmanship"),
        "qualities": qualities,
    }
    if power_fist:
        raw["sb_multiplier"] = (2, f"{at}.doublesStrengthBonus")
    return raw


# -- JamesonRGrieve's wh40k-ttrpg -----------------------------------------------------------------


def _wh40k(actor: dict[str, Any], base: str, result: ImportResult) -> Sheet | None:
    kind = str(actor.get("type", ""))
    m = _WH40K_TYPE.fullmatch(kind)
    if m is None or m.group(1) not in WH40K_LINES:
        problem(
            result,
            f"{base}type",
            f"A '{limits.shown(kind, 30)}' actor: Auspex has no ruleset for its game line (dh2, dh1, dw)",
        )
        return None
    ruleset = WH40K_LINES[m.group(1)]
    s: dict[str, Any] = actor["system"]
    sys = f"{base}system"
    sheet = Sheet(name=_name(actor, base, result), system=ruleset, source=f"{base}name")
    totals: dict[str, tuple[int, str]] = {}
    unnatural: dict[str, int] = {}
    added, bonuses = _wh40k_modifiers(actor)
    for short, key in DH2_KEYS.items():
        c = _get(s, "characteristics", key)
        if not isinstance(c, dict):
            continue
        at = f"{sys}.characteristics.{key}"
        b = number(c.get("base"), f"{at}.base", result, high=100) or 0
        mod = number(c.get("modifier"), f"{at}.modifier", result, low=-100, high=100) or 0
        adv = number(c.get("advance"), f"{at}.advance", result, high=20) or 0
        totals[short] = (b + mod + 5 * adv + added.get(key, 0), at)
        unnatural[short] = number(c.get("unnatural"), f"{at}.unnatural", result, high=10) or 0

    def bonus(k: str, v: int) -> int:
        return (v // 10) * (unnatural[k] if unnatural.get(k, 0) >= 2 else 1) + bonuses.get(DH2_KEYS[k], 0)

    _characteristics(sheet, totals, bonus, result)
    if _get(s, "horde", "enabled") is True:
        at = f"{sys}.horde.magnitude.current"
        mag = number(_get(s, "horde", "magnitude", "current"), at, result, low=1, high=limits.MAGNITUDE)
        if mag is not None:
            sheet.target["horde.magnitude"] = (mag, at)
    _wounds_dh2(sheet, s, sys, result, left=True)
    _common_status(sheet, s, sys, result)
    if m.group(2) == "character":
        sheet.target["player"] = (True, f"{base}type")
    _wh40k_items(sheet, actor, base, result, horde=_get(s, "horde", "enabled") is True)
    return sheet


_WH40K_ALWAYS = ("talent", "trait", "condition")
"""wh40k-ttrpg items whose modifiers always count; armour, cybernetics and gear count while equipped."""


def _wh40k_modifiers(actor: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    """A wh40k-ttrpg actor's item modifiers, by characteristic key (``strength``): those added to
    the value (``system.modifiers.characteristics``) and those added to the bonus only
    (``characteristicBonuses``), of its talents, traits and conditions, and of its armour,
    cybernetics and gear while equipped (origin paths are the system's own, already in ``modifier``)."""
    added: dict[str, int] = {}
    bonuses: dict[str, int] = {}
    keys = {**{k: k for k in DH2_KEYS.values()}, **DH2_KEYS}
    for _, item in _items(actor):
        it = item["system"]
        kind = item.get("type")
        if kind not in _WH40K_ALWAYS and not (
            kind in ("armour", "cybernetic", "gear") and _get(it, "state", "equipped") is True
        ):
            continue
        for bucket, name in ((added, "characteristics"), (bonuses, "characteristicBonuses")):
            for key, value in _dict(_get(it, "modifiers", name)).items():
                if key in keys and isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 100:
                    bucket[keys[key]] = bucket.get(keys[key], 0) + value
    return added, bonuses


def _wh40k_items(sheet: Sheet, actor: dict[str, Any], base: str, result: ImportResult, *, horde: bool) -> None:
    """A wh40k-ttrpg actor's weapons, its equipped armour on the locations it covers (a Horde's:
    the Body's, as its one armour value) and the talents the engine reads."""
    weapons: list[tuple[bool, WeaponSheet]] = []
    worn: list[tuple[dict[str, Any], str, str, bool]] = []
    for i, item in _items(actor):
        at = f"{base}items.{i}"
        it, ikind = item["system"], item.get("type")
        name = text(item.get("name"), f"{at}.name", result) or "Item"
        equipped = _get(it, "state", "equipped") is True or it.get("equipped") is True
        if ikind == "weapon":
            w = _weapon(sheet.system, name, f"{at}.name", _wh40k_weapon(it, f"{at}.system"), result, _sb(sheet))
            weapons.append((equipped, w))
        elif ikind == "armour" and equipped:
            points = _dict(it.get("armourPoints"))
            coverage = it.get("coverage") if isinstance(it.get("coverage"), list) else list(points)
            covered = {k: v for k, v in points.items() if "all" in coverage or k in coverage}
            worn.append((covered, f"{at}.system.armourPoints", name, False))
        elif ikind in ("talent", "trait"):
            _talent(sheet, name, f"{at}.name")
    _take_weapons(sheet, weapons)
    _wear(sheet, worn, result)
    if horde:
        body = sheet.target.pop("armour.Body", None)
        for loc in LOCATIONS:
            sheet.target.pop(f"armour.{loc}", None)
        sheet.target["horde.armour"] = body if body else (0, f"{base}system.horde")


def _wh40k_weapon(it: dict[str, Any], at: str) -> dict[str, Any]:
    dmg = _get(it, "damage", "formula")
    bonus = _get(it, "damage", "bonus")
    if isinstance(dmg, str) and isinstance(bonus, int) and not isinstance(bonus, bool) and bonus:
        dmg = f"{dmg}{bonus:+d}"
    rof = _dict(_get(it, "attack", "rateOfFire"))
    cls = it.get("class")
    if it.get("melee") is True and not (isinstance(cls, str) and cls.lower() in ("melee", "unarmed")):
        cls = "melee"
    qualities: list[tuple[str, int | None, str]] = []
    special = it.get("special")
    for n, q in enumerate(special if isinstance(special, list) else []):
        if isinstance(q, str):
            qualities.append((q, None, f"{at}.special.{n}"))
    return {
        "class": (cls, f"{at}.class"),
        "range": (_get(it, "attack", "range", "value"), f"{at}.attack.range.value"),
        "rof": (_rof(rof.get("single"), rof.get("semi"), rof.get("full")), f"{at}.attack.rateOfFire"),
        "damage": (dmg, f"{at}.damage.formula"),
        "damage_type": (_get(it, "damage", "type"), f"{at}.damage.type"),
        "pen": (_get(it, "damage", "penetration"), f"{at}.damage.penetration"),
        "clip": (_get(it, "clip", "value"), f"{at}.clip.value"),
        "reload": (it.get("reload"), f"{at}.reload"),
        "craftsmanship": (it.get("craftsmanship"), f"{at}.craftsmanship"),
        "qualities": qualities,
    }


READERS: dict[str, Callable[[dict[str, Any], str, ImportResult], Sheet | None]] = {
    "dark-heresy": lambda a, b, r: _dh2(a, b, r, "dark-heresy"),
    "dark-heresy-2nd": lambda a, b, r: _dh2(a, b, r, "dark-heresy-2nd"),
    "deathwatch": _deathwatch,
    "wh40k-rpg": _wh40k,
}
