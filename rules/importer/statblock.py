"""Stat blocks pasted from the books or a group's PDFs, in the layout the 40k roleplaying books print:

    Heretek Enforcer (Elite)
    WS  BS  S   T   Ag  Int Per WP  Fel
    38  42  40  45 (8)  35  30  33  30  25
    Movement: 3/6/9/18     Wounds: 16
    Armour: Carapace (Head 4, Arms 5, Body 6, Legs 5)     Total TB: 8
    Skills: Awareness (Per) +10, Dodge (Ag) +10
    Talents: Swift Attack, Two-Weapon Wielder (Melee)
    Weapons: Lasgun (100m; S/3/-; 1d10+3 E; Pen 0; Clip 60; Rld Full; Reliable),
    Chainsword (1d10+4 R; Pen 2; Balanced, Tearing)

Readings (each block's fields listed with its line, ``line N`` of the text pasted):

- A block starts at its characteristic row: the header ``WS BS S T Ag Int Per WP Fel`` with the
  values on the next line(s), or the pairs on one line (``WS 38 BS 42 S 40 T 45 (8) ...``); its name
  is the line before. ``(8)`` after a value (or ``45(8)``) is that characteristic's bonus with
  Unnatural counted, as the books print it: ``T 45 (8)`` is TB 8, 4 of it Unnatural. ``Total TB``
  is the TB with Unnatural counted; where it differs from the row's, ``Total TB`` stands.
- ``Armour:`` a single value (or ``All 4``) is every location; per location ``Head``, ``Body``,
  ``Arms`` (both), ``Legs`` (both), ``Right Arm``..., ``H``/``B``/``A``/``L``; a location not named
  has 0. ``Wounds:``; ``Magnitude:`` makes the block a Horde (its armour the Body's, else the single
  value). ``(Troop)`` or ``Troop`` on the name line marks a Troop NPC.
- ``Skills:`` Dodge (else Parry) becomes the target's Evasion: the characteristic plus the skill's
  bonus (``Dodge (Ag) +10`` with Ag 35 is 45). ``Talents:`` / ``Traits:`` pick out Swift Attack,
  Lightning Attack, Ambidextrous, Two-Weapon Wielder and ``Size (Hulking)``; ``Unnatural
  Toughness (2)`` (or ``(x2)``) is read only when the row gave no ``(n)``: added to the bonus, or
  multiplying it with ``x``.
- ``Weapons:`` ``Name (part; part; ...)``, the parts in any order: range ``100m``, RoF ``S/3/-`` (dashes of any kind),
  damage ``1d10+3 E``, ``Pen 2``, ``Clip 60``, ``Rld Full``, a class word (``Basic``, ``Pistol``,
  ``Heavy``, ``Thrown``, ``Melee``), and the rest qualities. A weapon with neither range nor RoF is
  Melee; a ranged one is a Pistol when its name says pistol or revolver, Heavy when it says heavy (or names a
  heavy weapon), else Basic, unless a part names its class. A melee weapon's damage is read as the
  books print it, with the wielder's SB in it: SB is taken off, as the engine adds it (``1d10+4``
  with SB 4 is ``1d10``; a bonus below SB is kept as printed and named). Not checked against a
  book's text (none is shipped); the team's fixtures follow this layout.
- PDF copies: ligatures (``ﬁ``) and full-width forms are normalised, en and em dashes and the minus
  sign read as dashes, a word broken by a hyphen at a line's end is joined, a label's text running
  onto the next lines is read as one, labels without a colon or space (``Wounds12``) read, and a
  run of digits in the characteristic row split into two-digit values (``35304045``).

Which ruleset's qualities a block is checked against is the caller's (``system``; dh2 unless given).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rules.d100.models import LOCATIONS, SIZES

from .. import limits
from .common import TALENTS, Sheet, WeaponSheet, emit, problem, quality
from .models import ImportResult

SHORTS = ("WS", "BS", "S", "T", "Ag", "Int", "Per", "WP", "Fel")
LABELS = (
    "Movement",
    "Move",
    "Wounds",
    "Magnitude",
    "Armour",
    "Armor",
    "Total TB",
    "Skills",
    "Talents",
    "Traits",
    "Talents and Traits",
    "Weapons",
    "Weapon",
    "Gear",
    "Equipment",
    "Threat",
    "Special Rules",
    "Psy Rating",
    "Psychic Powers",
)
_LABEL = re.compile(
    r"^(" + "|".join(sorted((re.escape(x) for x in LABELS), key=len, reverse=True)) + r")\b\s*:?\s*(.*)$",
    re.IGNORECASE,
)
_HEADER = re.compile(r"^\s*WS\s*BS\s*S\s*T\s*Ag\s*Int\s*Per\s*WP\s*Fel\s*$", re.IGNORECASE)
_PAIRS = re.compile(
    r"\b(WS|BS|S|T|Ag|Int|Per|WP|Fel)\s*:?\s*(\d{1,3})\s*(?:\(\s*(\d{1,2})\s*\))?",
)
_VALUE = re.compile(r"(\d+)\s*(?:\(\s*(\d{1,2})\s*\))?")
_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2012": "-", "\u2010": "-", "\u2011": "-"})
_HEAVY = re.compile(r"heavy|autocannon|lascannon|missile|launcher|multi-?melta|plasma cannon|heavy bolter", re.I)
_CLASSES = {"basic": "Basic", "pistol": "Pistol", "heavy": "Heavy", "thrown": "Thrown", "melee": "Melee"}
_LOC_WORDS = {
    "head": ("Head",),
    "h": ("Head",),
    "body": ("Body",),
    "b": ("Body",),
    "chest": ("Body",),
    "arms": ("Right Arm", "Left Arm"),
    "arm": ("Right Arm", "Left Arm"),
    "a": ("Right Arm", "Left Arm"),
    "legs": ("Right Leg", "Left Leg"),
    "leg": ("Right Leg", "Left Leg"),
    "l": ("Right Leg", "Left Leg"),
    "all": LOCATIONS,
    "right arm": ("Right Arm",),
    "left arm": ("Left Arm",),
    "right leg": ("Right Leg",),
    "left leg": ("Left Leg",),
}


LABEL_TEXT = 4_000
"""The most characters of one label's text read (a Weapons line of ten weapons is ~600)."""
WEAPON_TEXT = 400
"""The most characters of one weapon's profile read (``Name (...)``; the longest is ~120)."""
LINE_TEXT = 4_000
"""The most characters of one line read; the rest of a longer line is not read."""


@dataclass
class Line:
    """A line of the pasted text after clean-up: its number in the text as pasted and its text."""

    number: int
    text: str


def clean(text: str) -> list[Line]:
    """The pasted text as lines: NFKC-normalised (ligatures, full-width forms), dashes as ``-``,
    tabs as spaces, a word hyphenated across a line break joined onto the first line."""
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).replace("\t", " ").replace("\u00ad", "")
    lines: list[Line] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        s = " ".join(raw[:LINE_TEXT].split())
        if lines and lines[-1].text.endswith("-") and s[:1].islower() and re.search(r"[a-z]-$", lines[-1].text):
            first, _, rest = s.partition(" ")
            lines[-1].text = lines[-1].text[:-1] + first
            s = rest
            if not s:
                continue
        lines.append(Line(n, s))
    return lines


def _is_row(line: str) -> bool:
    return bool(_HEADER.match(line)) or len(_PAIRS.findall(line)) >= 7


def read_blocks(text: str, result: ImportResult, system: str = "dh2") -> None:
    """Read every stat block in ``text`` into ``result`` (see the module's readings); a block
    with no characteristic row is named at its line, and nothing at all is refused by the caller."""
    lines = [ln for ln in clean(text) if ln.text]
    starts = [i for i, ln in enumerate(lines) if _is_row(ln.text)]
    if not starts:
        problem(result, "line 1", "No characteristic row (WS BS S T Ag Int Per WP Fel) found: not a stat block")
        return
    reading = (
        "Stat blocks: (n) after a characteristic is its bonus with Unnatural; melee damage printed "
        "with SB (SB taken off); a ranged weapon's class from its name unless given; ruleset " + system
    )
    result.readings.append(reading)
    for k, start in enumerate(starts):
        name_at = start - 1 if start > 0 and not _LABEL.match(lines[start - 1].text) else None
        end = starts[k + 1] - 1 if k + 1 < len(starts) else len(lines)
        if k + 1 < len(starts) and (starts[k + 1] - 1 <= start or _LABEL.match(lines[starts[k + 1] - 1].text)):
            end = starts[k + 1]
        _block(lines, name_at, start, end, result, system)


def _block(lines: list[Line], name_at: int | None, start: int, end: int, result: ImportResult, system: str) -> None:
    """One stat block: its name line (or none), its characteristic row at ``lines[start]``, its
    labels up to ``lines[end]``, read into a sheet and emitted."""
    sheet = _named(lines[name_at] if name_at is not None else None, lines[start], system, result)
    chars, next_i = _characteristics(lines, start, end, result)
    labelled = _labels(lines, next_i, end)
    for short, (value, _bonus, at) in chars.items():
        sheet.attacker[f"characteristics.{short}"] = (value, at)
        if short in ("WS", "S", "T", "Ag", "WP"):
            sheet.target[f"characteristics.{short}"] = (value, at)
    sb = _bonuses(sheet, chars, labelled, result)
    _wounds(sheet, labelled, result)
    _armour(sheet, labelled, result)
    _skills(sheet, labelled, chars, result)
    _traits(sheet, labelled)
    for text, spans in labelled.get("weapons", []) + labelled.get("weapon", []):
        for part, offset in _split_top_at(text):
            w = _weapon(part.strip().rstrip("."), _line_of(spans, offset), result, system, sb)
            if w is not None:
                sheet.weapons.append(w)
    emit(result, sheet)


def _named(name_line: Line | None, row: Line, system: str, result: ImportResult) -> Sheet:
    """The block's sheet, named from its name line (``(Troop)``, ``(Elite)``... taken off;
    ``Troop`` on it marks a Troop NPC)."""
    raw_name = name_line.text if name_line is not None else "Stat block"
    where = name_line if name_line is not None else row
    name = re.sub(r"\s*\((troop|elite|master|horde)\)\s*", " ", raw_name, flags=re.IGNORECASE).strip()
    if len(name) > limits.NAME_LENGTH or limits.bad_character(name) is not None:
        problem(result, f"line {where.number}", f"Name not read: {limits.shown(name)}")
        name = "Stat block"
    sheet = Sheet(name=name, system=system, source=f"line {where.number}")
    if re.search(r"\btroop\b", raw_name, re.IGNORECASE):
        sheet.attacker["troop"] = (True, sheet.source)
        sheet.target["troop"] = (True, sheet.source)
    return sheet


def _bonuses(
    sheet: Sheet, chars: dict[str, tuple[int, int | None, str]], labelled: Labelled, result: ImportResult
) -> int:
    """SB and TB with Unnatural counted: the row's ``(n)``, else an ``Unnatural Strength (2)`` /
    ``(x2)`` trait; ``Total TB`` over the row's. Returns the SB melee damage was printed with."""
    bonuses = {short: (bonus, at) for short, (_v, bonus, at) in chars.items() if bonus is not None}
    traits = " ".join(t for key in ("talents", "traits", "talents and traits") for t, _ in labelled.get(key, []))
    trait_at = next((_line_of(at) for key in ("talents", "traits") for _, at in labelled.get(key, [])), "")
    for short, word in (("S", "Strength"), ("T", "Toughness")):
        m = re.search(rf"Unnatural {word}\s*\(\s*(x?)\s*(\d{{1,2}})\s*\)", traits, re.IGNORECASE)
        if m and short in chars and short not in bonuses:
            base = chars[short][0] // 10
            bonuses[short] = (base * int(m.group(2)) if m.group(1) else base + int(m.group(2)), trait_at)
    if "S" in bonuses and "S" in chars and bonuses["S"][0] != chars["S"][0] // 10:
        sheet.attacker["strength_bonus"] = bonuses["S"]
    if "T" in chars:
        tb = bonuses.get("T", (chars["T"][0] // 10, chars["T"][2]))
        for text, spans in labelled.get("total tb", []):
            m = re.match(r"(\d{1,2})", text)
            if m:
                tb = (int(m.group(1)), _line_of(spans))
            else:
                problem(result, _line_of(spans), f"Total TB not read: '{limits.shown(text)}'")
        sheet.target["toughness_bonus"] = tb
        if tb[0] > chars["T"][0] // 10:
            sheet.target["unnatural_toughness"] = (tb[0] - chars["T"][0] // 10, tb[1])
    return bonuses.get("S", (chars["S"][0] // 10, ""))[0] if "S" in chars else 0


def _traits(sheet: Sheet, labelled: Labelled) -> None:
    """The talents the engine reads and ``Size (Hulking)``, from Talents and Traits."""
    for text, spans in (
        labelled.get("talents", []) + labelled.get("traits", []) + labelled.get("talents and traits", [])
    ):
        for part, offset in _split_top_at(text):
            at = _line_of(spans, offset)
            p = part.strip().rstrip(".")
            if any(p.lower().startswith(t.lower()) for t in TALENTS):
                sheet.talents.append((p, at))
            m = re.fullmatch(r"Size\s*\(\s*([A-Za-z]+)\s*\)", p, re.IGNORECASE)
            if m and m.group(1).title() in SIZES:
                sheet.attacker["size"] = (m.group(1).title(), at)
                sheet.target["size"] = (m.group(1).title(), at)


Spans = list[tuple[int, int]]
"""Where each physical line starts in a label's joined text: ``[(offset, line number), ...]``."""
Labelled = dict[str, list[tuple[str, Spans]]]


def _line_of(at: Spans, offset: int = 0) -> str:
    """``line N``: the line of the text pasted that holds ``offset`` of a label's joined text."""
    line = at[0][1]
    for start, number in at:
        if offset >= start:
            line = number
    return f"line {line}"


def _row_values(lines: list[Line], nxt: int, end: int) -> tuple[list[tuple[int, int | None, str]], int]:
    """The values under a header row, from ``lines[nxt]`` on while the lines hold only digits and
    brackets (a row broken over lines), each with its bonus in brackets and its line; a run of
    digits (columns run together) split into two-digit values. Returns them and the next line."""
    values: list[tuple[int, int | None, str]] = []
    while nxt < end and len(values) < len(SHORTS) and re.fullmatch(r"[\d\s()]+", lines[nxt].text):
        at = f"line {lines[nxt].number}"
        for token, bonus in _VALUE.findall(lines[nxt].text):
            if len(token) > 3 and len(token) % 2 == 0:
                values += [(int(token[i : i + 2]), None, at) for i in range(0, len(token), 2)]
            else:
                values.append((int(token), None, at))
            if bonus:
                values[-1] = (values[-1][0], int(bonus), at)
        nxt += 1
    return values, nxt


def _characteristics(
    lines: list[Line], start: int, end: int, result: ImportResult
) -> tuple[dict[str, tuple[int, int | None, str]], int]:
    """The characteristic row at ``lines[start]``: each characteristic's value, bonus given in
    brackets (or None) and source; and the index of the line after the row."""
    row = lines[start]
    found: dict[str, tuple[int, int | None, str]] = {}
    if not _HEADER.match(row.text):
        for short, value, bonus in _PAIRS.findall(row.text):
            found[short] = (int(value), int(bonus) if bonus else None, f"line {row.number}")
        nxt = start + 1
    else:
        values, nxt = _row_values(lines, start + 1, end)
        if not values and nxt < end and not _LABEL.match(lines[nxt].text):
            problem(
                result,
                f"line {lines[nxt].number}",
                f"Not read as characteristic values: '{limits.shown(lines[nxt].text)}'",
            )
        found = dict(zip(SHORTS, values, strict=False))
        if len(values) > len(SHORTS):
            problem(
                result,
                f"line {row.number}",
                f"{len(values)} values under the 9 characteristics: the extra ones left out",
            )
    missing = [s for s in SHORTS if s not in found]
    if missing:
        problem(
            result,
            f"line {row.number}",
            f"Characteristics not read: {' '.join(missing)}",
        )
    for short in list(found):
        value, bonus, at = found[short]
        if value > 100:
            problem(result, at, f"{short} {value} is out of range (0-100): left out")
            del found[short]
    return found, nxt


def _labels(lines: list[Line], start: int, end: int) -> Labelled:
    """Each label's text in the block (continuation lines joined on), with where each physical
    line starts in it: ``{"weapons": [(text, [(offset, line number), ...])]}``; a label written
    twice on one line (``Movement: 3/6/9/18 Wounds: 12``) is split."""
    out: Labelled = {}
    current: tuple[str, list[str], list[tuple[int, int]]] | None = None

    def close() -> None:
        if current is not None:
            key, parts, at = current
            joined = " ".join(parts)
            if len(joined) > LABEL_TEXT:  # read only so much: a label's text is a few lines
                joined = joined[:LABEL_TEXT]
            out.setdefault(key, []).append((joined, at))

    for ln in lines[start:end]:
        pieces = _split_labels(ln.text)
        if not pieces:  # a continuation of the label before (a broken line)
            if current is not None:
                offset = len(" ".join(current[1])) + 1
                current[1].append(ln.text)
                current[2].append((offset, ln.number))
            continue
        for key, body in pieces:
            close()
            current = (key.lower().replace("armor", "armour"), [body], [(0, ln.number)])
    close()
    return out


_INLINE = re.compile(
    r"\b(Movement|Wounds|Magnitude|Armou?r|Total TB|Skills|Talents|Traits|Weapons|Gear)\b\s*:?",
    re.IGNORECASE,
)


def _split_labels(text: str) -> list[tuple[str, str]]:
    """The labels a line holds with their text (``[("Wounds", "12"), ("Armour", "4")]``), or []
    when it begins with none (a continuation)."""
    if not _LABEL.match(text):
        return []
    marks = [m for m in _INLINE.finditer(text) if m.start() == 0 or _starts_label(text, m)]
    if not marks:
        m = _LABEL.match(text)
        assert m is not None
        return [(m.group(1), m.group(2))]
    pieces = []
    for i, m in enumerate(marks):
        stop = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        pieces.append((" ".join(m.group(1).split()), text[m.end() : stop].strip()))
    return pieces


def _starts_label(text: str, m: re.Match[str]) -> bool:
    """A label word later in a line starts a new label only when a colon follows it, or for
    Wounds / Total TB / Armour before a number (``... Wounds 12``); never inside brackets."""
    before = text[: m.start()]
    if before.count("(") > before.count(")"):
        return False
    if m.group(0).rstrip().endswith(":"):
        return True
    return m.group(1).lower() in ("wounds", "total tb", "magnitude") and bool(re.match(r"\s*\d", text[m.end() :]))


def _split_top(text: str) -> list[str]:
    return [p for p, _ in _split_top_at(text)]


def _split_top_at(text: str) -> list[tuple[str, int]]:
    """``text`` split at commas (and semicolons) outside brackets, each part with its offset."""
    parts: list[tuple[str, int]] = []
    depth, begin = 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
        elif ch in ",;" and depth == 0:
            parts.append((text[begin:i], begin))
            begin = i + 1
    parts.append((text[begin:], begin))
    return [(p.strip(), o + len(p) - len(p.lstrip())) for p, o in parts if p.strip()]


def _wounds(sheet: Sheet, labelled: Labelled, result: ImportResult) -> None:
    for key, field in (("wounds", "wounds"), ("magnitude", "horde.magnitude")):
        for text, at in labelled.get(key, []):
            m = re.match(r"(\d{1,4})\b", text)
            if m is None or not 1 <= int(m.group(1)) <= (limits.MAGNITUDE if key == "magnitude" else 1000):
                problem(result, _line_of(at), f"{key.title()} not read: '{limits.shown(text)}'")
                continue
            sheet.target[field] = (int(m.group(1)), _line_of(at))
    if "wounds" not in sheet.target and "horde.magnitude" not in sheet.target:
        problem(result, sheet.source, f"{sheet.name}: no Wounds line: its wounds left at the form's default")


def _armour(sheet: Sheet, labelled: Labelled, result: ImportResult) -> None:
    """``Armour:`` one value, ``4 (All)``, per location, or pieces (``Flak Vest (Body 3), Helmet
    (Head 2)``), the best per location; a Horde's is one value (the Body's)."""
    for text, spans in labelled.get("armour", []):
        at = _line_of(spans)
        if re.fullmatch(r"(none|-)\.?", text.strip(), re.IGNORECASE):
            continue
        ap: dict[str, int] = {}
        names: list[str] = []
        for piece in _split_top(text.strip().rstrip(".")):
            inner = re.fullmatch(r"(.*?)\s*\(([^()]*)\)", piece)
            if inner and re.fullmatch(r"\d{1,2}", inner.group(1)) and inner.group(2).strip().lower() == "all":
                name, body = None, inner.group(1)  # "4 (All)"
            elif inner:
                name, body = inner.group(1), inner.group(2)
            else:
                name, body = None, piece
            if name:
                names.append(name)
            for loc, value in _locations(body, at, result).items():
                ap[loc] = max(ap.get(loc, 0), value)
        if not ap:
            continue
        if "horde.magnitude" in sheet.target:
            sheet.target["horde.armour"] = (ap.get("Body", max(ap.values())), at)
            continue
        for loc in LOCATIONS:
            if ap.get(loc):
                sheet.target[f"armour.{loc}"] = (ap[loc], at)
                sheet.armour[loc] = (ap[loc], at)
        sheet.armour_name = (" + ".join(names) or f"{sheet.name}'s armour")[: limits.NAME_LENGTH]


def _locations(body: str, at: str, result: ImportResult) -> dict[str, int]:
    """AP by location from ``6``, ``All 6`` or ``Head 4, Arms 5, Body 6`` (``6 Body`` too)."""
    if re.fullmatch(r"\s*(\d{1,2})\s*", body):
        return dict.fromkeys(LOCATIONS, min(int(body), 50))
    ap: dict[str, int] = {}
    for part in re.split(r"[,;]", body):
        m = re.fullmatch(r"\s*([A-Za-z][A-Za-z ]*?)\s*:?\s*(\d{1,2})\s*", part)
        m2 = re.fullmatch(r"\s*(\d{1,2})\s*([A-Za-z][A-Za-z ]*?)\s*", part)
        if m is not None and m.group(1).lower() in _LOC_WORDS:
            words, value = m.group(1), m.group(2)
        elif m2 is not None and m2.group(2).lower() in _LOC_WORDS:
            words, value = m2.group(2), m2.group(1)
        else:
            problem(result, at, f"Armour not read: '{limits.shown(part.strip())}'")
            continue
        for loc in _LOC_WORDS[words.lower()]:
            ap[loc] = max(ap.get(loc, 0), min(int(value), 50))
    return ap


def _skills(
    sheet: Sheet,
    labelled: Labelled,
    chars: dict[str, tuple[int, int | None, str]],
    result: ImportResult,
) -> None:
    text = " ".join(t for t, _ in labelled.get("skills", []))
    at = next((_line_of(a) for _, a in labelled.get("skills", [])), sheet.source)
    for reaction, short in (("Dodge", "Ag"), ("Parry", "WS")):
        m = re.search(rf"\b{reaction}\s*(?:\(\s*(\w+)\s*\))?\s*([+-]\s*\d{{1,2}})?", text, re.IGNORECASE)
        if m is None:
            continue
        if short not in chars:
            problem(result, at, f"{reaction}: its characteristic ({short}) was not read")
            return
        bonus = int(m.group(2).replace(" ", "")) if m.group(2) else 0
        sheet.target["evasion.reaction"] = (reaction, at)
        sheet.target["evasion.skill"] = (max(0, min(chars[short][0] + bonus, 100)), at)
        return


_PART_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("range", re.compile(r"(\d{1,5})\s*m", re.IGNORECASE)),
    ("rof", re.compile(r"((?:s|-)\s*/\s*(?:\d{1,3}|-)\s*/\s*(?:\d{1,3}|-))", re.IGNORECASE)),
    ("damage", re.compile(r"(\d{0,2}d(?:10|5)(?:\s*[+-]\s*\d{1,2})?)\s*([EIRX])", re.IGNORECASE)),
    ("pen", re.compile(r"pen\s*:?\s*(\d{1,3})", re.IGNORECASE)),
    ("clip", re.compile(r"clip\s*:?\s*(\d{1,5})", re.IGNORECASE)),
    ("reload", re.compile(r"(?:rld|reload)\s*:?\s*(.{1,20})", re.IGNORECASE)),
)


def _parts(inner: str) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    """A weapon profile's parts (``100m; S/3/-; 1d10+3 E; Pen 0; ...``) by kind (range, rof,
    damage, pen, clip, reload, class), each as its matched groups; and the rest, as qualities."""
    found: dict[str, tuple[str, ...]] = {}
    qualities: list[str] = []
    for part in (p.strip() for p in inner.split(";")):
        if not part:
            continue
        if part.lower() in _CLASSES:
            found["class"] = (_CLASSES[part.lower()],)
            continue
        kind = next(((k, m) for k, pat in _PART_PATTERNS if (m := pat.fullmatch(part)) is not None), None)
        if kind is None:
            qualities += _split_top(part)
        else:
            found[kind[0]] = tuple(g for g in kind[1].groups())
    return found, qualities


def _weapon(text: str, at: str, result: ImportResult, system: str, sb: int) -> WeaponSheet | None:
    """One weapon of a Weapons line, ``Name (parts)``, or None with the problem at its line."""
    if len(text) > WEAPON_TEXT:
        problem(result, at, f"Weapon not read (too long for a profile): '{limits.shown(text)}'")
        return None
    m = re.fullmatch(r"(.+?)\s*\((.*)\)\s*(?:\(\s*[A-Za-z]+\s*\))?", text, re.DOTALL)
    if m is None:
        problem(result, at, f"Weapon not read (no profile in brackets): '{limits.shown(text)}'")
        return None
    name = " ".join(m.group(1).split())
    if len(name) > limits.NAME_LENGTH or limits.bad_character(name):
        problem(result, at, f"Weapon name not read: '{limits.shown(name)}'")
        return None
    w = WeaponSheet(name=name, source=at)
    found, qualities = _parts(m.group(2))
    cls = found.get("class", (None,))[0]
    melee = cls == "Melee" or (cls is None and "range" not in found and "rof" not in found)
    if melee:
        w.values["class"] = ("Melee", at)
        w.values["rof"] = ("S/-/-", at)
    else:
        _ranged(w, found, cls, result)
    if "damage" not in found:
        problem(result, at, f"{name}: no damage (like 1d10+3 E): type its damage")
    else:
        damage = found["damage"][0].replace(" ", "").lower()
        w.values["damage"] = (_without_sb(damage, sb, name, at, result) if melee else damage, at)
        w.values["damage_type"] = (found["damage"][1].upper(), at)
    w.values["pen"] = (int(found.get("pen", ("0",))[0]), at)
    read: list[str] = []
    for q in qualities:
        got = quality(system, q, None, f"{at}: {name}, qualities", result)
        if got is not None and got not in read:
            read.append(got)
    if read:
        w.values["qualities"] = (read, at)
    return w


def _ranged(w: WeaponSheet, found: dict[str, tuple[str, ...]], cls: str | None, result: ImportResult) -> None:
    """A ranged weapon's class (given, else from its name), range, RoF, clip and Rld."""
    at = w.source
    if cls is None:
        cls = (
            "Pistol"
            if re.search(r"pistol|revolver", w.name, re.IGNORECASE)
            else "Heavy"
            if _HEAVY.search(w.name)
            else "Basic"
        )
    w.values["class"] = (cls, at)
    w.values["range"] = (int(found.get("range", ("0",))[0]), at)
    if "rof" not in found:
        problem(result, at, f"{w.name}: no RoF (like S/3/-): read as single shots")
    w.values["rof"] = (found.get("rof", ("S/-/-",))[0].replace(" ", "").upper(), at)
    w.values["clip"] = (int(found.get("clip", ("0",))[0]), at)
    if "reload" in found:
        w.values["reload"] = (found["reload"][0].strip().title(), at)


def _without_sb(damage: str, sb: int, name: str, at: str, result: ImportResult) -> str:
    """A melee weapon's damage as printed, with the wielder's SB in it, without it (the engine adds
    SB); a flat bonus below SB is kept as printed, and said."""
    d = re.fullmatch(r"(\d*d\d+)([+-]\d+)?", damage)
    if d is None:
        return damage
    flat = int(d.group(2)) if d.group(2) else 0
    if flat < sb:
        problem(result, at, f"{name}: damage {damage} is below its wielder's SB {sb}: kept as printed")
        return damage
    return d.group(1) + (f"{flat - sb:+d}" if flat - sb else "")
