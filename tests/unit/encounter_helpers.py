"""Builders for the encounter tests: a fight played through :func:`rules.encounter.run.run_encounter`
exactly as the page and the CLI play it (a file, one event at a time).

The DH2 fighters keep the hand arithmetic short: the Guard has BS 40, Ag 35 and an Autogun (Basic,
90 m, S/3/10, 1d10+3 I, Pen 0, Clip 30, Rld Full); the Cultist has 10 Wounds, TB 3, no armour, a
Dodge of 30 and a knife. 20 m is Short range for the Autogun (under 45 m: +10, DH2 Core Table 7-3);
a DH2 Standard Attack is +10, a Full Auto Burst +0 (seed 004 / DH2 Core Table 7-1).
"""

from __future__ import annotations

import copy
from typing import Any

from rules.encounter.run import run_encounter

AUTOGUN = {
    "name": "Autogun",
    "class": "Basic",
    "range": 90,
    "rof": "S/3/10",
    "damage": "1d10+3",
    "clip": 30,
    "reload": "Full",
}
GUARD = {"name": "Guard", "characteristics": {"WS": 30, "BS": 40, "Ag": 35}, "weapon": AUTOGUN}
CULTIST_TARGET = {"name": "Cultist", "wounds": 10, "toughness_bonus": 3, "evasion": {"reaction": "Dodge", "skill": 30}}
CULTIST_ATTACKER = {
    "name": "Cultist",
    "characteristics": {"WS": 30, "BS": 25, "Ag": 30},
    "weapon": {"name": "Knife", "class": "Melee", "damage": "1d5"},
}


class Fight:
    """A fight played event by event: ``do`` applies one (asserting it is taken), ``refused``
    applies one that must be refused (returning its errors, and asserting nothing changed)."""

    def __init__(self, system: str = "dh2") -> None:
        self.file: dict[str, Any] = {"auspex_encounter": 1, "system": system, "events": []}
        self.last: dict[str, Any] = {}

    def do(self, event: dict[str, Any]) -> dict[str, Any]:
        out = run_encounter({"encounter": self.file, "then": event})
        assert out["status"] == "ok", out
        self.file, self.last = out["encounter"], out
        return out

    def refused(self, event: dict[str, Any]) -> list[dict[str, str]]:
        before = copy.deepcopy(self.file)
        out = run_encounter({"encounter": self.file, "then": event})
        assert out["status"] == "invalid", out
        assert self.file == before
        return list(out["errors"])

    def state(self) -> dict[str, Any]:
        out = run_encounter({"encounter": self.file})
        assert out["status"] == "ok", out
        return dict(out["state"])

    def who(self, cid: str) -> dict[str, Any]:
        return next(c for c in self.state()["combatants"] if c["id"] == cid)

    def run_preview(self, who: str, at: str, action: dict[str, Any] | None = None) -> dict[str, Any]:
        """The scenario ``who``'s attack on ``at`` would be resolved with now."""
        out = run_encounter(
            {"encounter": self.file, "preview": {"who": who, "at": at, "action": action or {"distance": 20}}}
        )
        assert out["status"] == "ok", out
        return dict(out["scenario"])

    def end(self, cid: str) -> dict[str, Any]:
        return self.do({"type": "end_turn", "who": cid})


def dh2_fight(guard: dict[str, Any] | None = None, cultist: dict[str, Any] | None = None, system: str = "dh2") -> Fight:
    """The Guard ("g") and the Cultist ("c") added, initiative rolled by hand (Guard d10 7 + AgB 3
    = 10 before Cultist 2 + 3 = 5): round 1, the Guard's turn."""
    f = Fight(system)
    f.do(
        {
            "type": "add",
            "combatant": {
                "id": "g",
                "name": "Guard",
                "attacker": guard or GUARD,
                "target": {"name": "Guard", "wounds": 12},
            },
        }
    )
    f.do(
        {
            "type": "add",
            "combatant": {
                "id": "c",
                "name": "Cultist",
                "attacker": CULTIST_ATTACKER,
                "target": cultist or CULTIST_TARGET,
            },
        }
    )
    f.do({"type": "initiative", "dice": [7, 2]})
    return f


def modifiers(out: dict[str, Any]) -> dict[str, int]:
    """The resolution's modifiers by label."""
    return {m["label"]: m["value"] for m in out["resolution"]["modifiers"]}
