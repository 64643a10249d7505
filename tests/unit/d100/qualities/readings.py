"""What the quality files share: the rulesets' names and builders, and the refusal of a quality a ruleset lacks."""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dh2_scenarios as dh2
import dw_scenarios as dw

from rules.d100 import tables

RULESET = {"dh2": "Dark Heresy 2nd edition", "dh1": "Dark Heresy 1st edition", "dw": "Deathwatch"}
# a plain gun of each ruleset, for the refusals
PLAIN = {"dh2": dh2.LASGUN, "dh1": dh1.LASGUN, "dw": dw.AUTOGUN}
BUILD = {"dh2": dh2.scenario, "dh1": dh1.scenario, "dw": dw.scenario}


def has(system: str, name: str) -> bool:
    """Whether ``system``'s qualities.json lists the quality."""
    return tables.qualities(system).get(name) is not None


def refused(system: str, text: str) -> None:
    """A ruleset without the quality refuses it at the weapon's quality field, naming the ruleset."""
    name = text.split(" (")[0]
    assert not has(system, name)
    data = BUILD[system](dh2.weapon(PLAIN[system], qualities=[text]), dice=[23, 5, 5])
    assert dh2.errors_of(data) == {"attacker.weapon.qualities.0": f"'{name}' is not a {RULESET[system]} weapon quality"}


def with_fields(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """Set the fields the builders have no argument for: ``psy_rating`` (attacker), ``maximal`` (action),
    ``others`` (the target's ``others_in_blast``), ``unnatural_toughness`` and ``primitive_armour`` (target), and the
    target's characteristics as ``target_<char>`` (``target_Ag=30``)."""
    if "psy_rating" in fields:
        data["attacker"]["psy_rating"] = fields["psy_rating"]
    if "maximal" in fields:
        data["action"]["maximal"] = fields["maximal"]
    if "others" in fields:
        data["target"]["others_in_blast"] = fields["others"]
    for key in ("unnatural_toughness", "primitive_armour"):
        if key in fields:
            data["target"][key] = fields[key]
    for key, value in fields.items():
        if key.startswith("target_"):
            data["target"].setdefault("characteristics", {})[key.removeprefix("target_")] = value
    return data


def details(res: dict[str, Any], rule: str) -> list[str]:
    """The details of every step with this rule name."""
    return [s["detail"] for s in res["steps"] if s["rule"] == rule]


def mods(res: dict[str, Any]) -> list[tuple[str, int]]:
    """The modifiers applied, as (label, value)."""
    return [(m["label"], m["value"]) for m in res["modifiers"]]


def rolled(res: dict[str, Any]) -> list[int]:
    """The values of the dice consumed, in order."""
    return [d["value"] for d in res["dice"]]


def gm_only(system: str, text: str) -> None:
    """A quality whose effect is the GM's: the attack resolves as without it, and a step names it for the GM
    (a plain gun, roll 23, damage die 6)."""
    name = text.split(" (")[0]
    reading = tables.qualities(system).get(name)
    assert reading is not None and reading.gm
    gun = PLAIN[system]
    plain = dh2.resolve_ok(BUILD[system](gun, dice=[23, 6]))
    res = dh2.resolve_ok(BUILD[system](dh2.weapon(gun, qualities=[text]), dice=[23, 6]))
    assert details(res, f"Quality: {text}") == [f"{reading.summary} (The GM applies this.)"]
    keys = ("target_number", "degrees", "hits", "total_wounds", "target_tests")
    assert {k: res[k] for k in keys} == {k: plain[k] for k in keys}
    assert rolled(res) == [23, 6]


def dh1_parry(skill: int, qualities: list[str], roll: int, attacker: dict[str, Any] | None = None) -> dict[str, Any]:
    """DH1: a Sword (WS 40, roll 23: Body, DoS 1) met by a Parry of ``skill`` with a weapon of ``qualities`` rolling
    ``roll``; d10 5 + SB 3 - TB 3 = 5 wounds if the hit stands."""
    return dh1.scenario(
        attacker or dh1.SWORD, evasion={"reaction": "Parry", "skill": skill, "qualities": qualities}, dice=[23, roll, 5]
    )


def dw_parry(skill: int, qualities: list[str], roll: int, attacker: dict[str, Any] | None = None) -> dict[str, Any]:
    """Deathwatch: a Combat Knife (WS 40, roll 23: Body, 1 degree) met by a Parry of ``skill`` with a weapon of
    ``qualities`` rolling ``roll``; d10 5 + 2 + SB 4 - TB 4 = 7 wounds if the hit stands."""
    return dw.scenario(
        attacker or dw.KNIFE, evasion={"reaction": "Parry", "skill": skill, "qualities": qualities}, dice=[23, roll, 5]
    )


def purposes_only(res: dict[str, Any]) -> list[str]:
    """The purposes of the dice consumed, in order."""
    return [d["purpose"] for d in res["dice"]]
