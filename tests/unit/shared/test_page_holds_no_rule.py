"""The page's scripts name no ruleset and hold no rule: the catalogue (rules/catalogue.py, shipped
as static/vendor/app/catalogue.json and asked through the engine) says which rulesets there are,
which forms each uses, each action's fields, a weapon's fire modes, the melee attacks, which
rulesets keep saved tables or fan charts. A script that names a ruleset id or repeats one of the
rule constants the catalogue now gives fails here, with its file and line.

Comments are left out (they may say what a part is for, "the fan ruleset's charts"); strings and
code are read.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
STATIC = ROOT / "static"

RULESET_IDS = ("dh2", "dh1", "dw", "wh40krp", "epic")

# The rule constants the page held and the catalogue now gives (each with where it went):
RULE_CONSTANTS = (
    # the melee attacks offered beside a melee weapon (catalogue: melee_actions, from actions.json)
    "Swift Attack",
    "Lightning Attack",
    "All Out Attack",
    # RoF read into fire modes (the engine: rules.d100.fire_modes, through rules.d100.models.RateOfFire)
    "Semi-Auto Burst",
    "Full Auto Burst",
    "Single shot",
    "S/-/-",
    # which fields an action shows, decided by its name (catalogue: each action's "fields")
    "Psychic Attack",
    "Multiple Attacks",
    '"Grapple"',
    '"Feint"',
    '"Manoeuvre"',
    # the fan ruleset's fire actions and its round of four (catalogue: action_kinds' fire, actions_per_round)
    '["single", "semi", "auto"]',
    "of 4 actions",
    # Epic's action kinds that show fields, as the page once told them apart (catalogue: each action
    # kind's "fields"); "overwatch" as an encounter event's type is the engine's protocol, not a rule
    '=== "assault"',
    'endsWith("barrage")',
    'startsWith("overwatch")',
)

_IDS = "|".join(RULESET_IDS)
_ID = re.compile(
    rf"""(["'`])(?:{_IDS})\1"""  # a ruleset id as a string: "dh2", 'epic'
    rf"|\.(?:{_IDS})\b"  # read as a property: catalogue.wh40krp
    rf"|(?<![\w.-])(?:{_IDS})\s*:"  # a key of an object literal: {{dh2: ...}}
)


def _code(line: str) -> str:
    """``line`` without its // comment (a // inside a string, as in a URL, is kept)."""
    out: list[str] = []
    quote = ""
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\":
                out.append(line[i : i + 2])
                i += 2
                continue
            if ch == quote:
                quote = ""
        elif ch in "\"'`":
            quote = ch
        elif line.startswith("//", i):
            break
        out.append(ch)
        i += 1
    return "".join(out)


def _lines(path: Path) -> list[tuple[int, str]]:
    """``path``'s lines of code, numbered, without comments (// and /* */; a JSDoc line is one)."""
    lines: list[tuple[int, str]] = []
    in_block = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if in_block:
            if "*/" not in line:
                continue
            line = line.split("*/", 1)[1]
            in_block = False
        while "/*" in _code(line):
            before, _, after = line.partition("/*")
            if "*/" in after:
                line = before + after.split("*/", 1)[1]
            else:
                line, in_block = before, True
        lines.append((number, _code(line)))
    return lines


def page_scripts() -> list[Path]:
    """Every script of the page under static/ (not the vendored libraries)."""
    return sorted(p for p in STATIC.rglob("*.js") if "vendor" not in p.relative_to(STATIC).parts)


def findings(paths: list[Path]) -> list[str]:
    """``file:line: what`` for each ruleset id or rule constant in ``paths``' code."""
    found = []
    for path in paths:
        name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
        for number, code in _lines(path):
            for m in _ID.finditer(code):
                found.append(f"{name}:{number}: names the ruleset {m.group(0).strip()}")
            found += [f"{name}:{number}: holds the rule constant {c}" for c in RULE_CONSTANTS if c in code]
    return found


def test_the_pages_scripts_name_no_ruleset_and_hold_no_rule() -> None:
    scripts = page_scripts()
    assert len(scripts) > 15  # the page's own scripts were found (not the vendored ones)
    problems = findings(scripts)
    assert not problems, "\n".join(problems)


def test_the_check_finds_a_ruleset_id_and_a_rule_constant_in_code_not_in_comments(tmp_path: Path) -> None:
    script = tmp_path / "x.js"
    script.write_text(
        "// dh2's fire modes: Semi-Auto Burst\n"
        "/* epic\n   'wh40krp' */\n"
        'const url = "https://example.org/x"; // "dw"\n'
        'if (system === "dh1") pick("Full Auto Burst");\n'
        "const kinds = catalogue.wh40krp;\n"
        "const names = { dw: 1 };\n",
        encoding="utf-8",
    )
    assert [f.split(": ", 1)[1] for f in findings([script])] == [
        'names the ruleset "dh1"',
        "holds the rule constant Full Auto Burst",
        "names the ruleset .wh40krp",
        "names the ruleset dw:",
    ]
