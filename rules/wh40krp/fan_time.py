"""The fan ruleset's time in the encounter (seed 000, the opening section and Actions).

- *The turn of six rounds*: "1 round being 10 seconds and a turn being 1 minute or 6 rounds" (seed
  000 L3). The encounter's round is the WFRP round; the state also gives the game turn and the
  round within it (``game_turn``, ``round_of_turn``), shown as "Turn 2, round 1".
- *A 4-action task*: "It takes 4 ACTIONS to accomplish ... Taking a hand-held item from a dead,
  wounded or knocked out character" (seed 000 L47), with 4 actions a round. Auspex's reading where
  the seed is silent: the seed's own table counts actions 1-4 in each round, one after another, so
  a task begun with fewer actions left goes on with the first actions of the character's next turn
  (held as the condition *Taking an item*, its ``value`` the actions still needed); any other
  action before it is done breaks it off, and begun again it takes 4. Whether the other character
  is dead, wounded or knocked out is the player's word.
"""

from __future__ import annotations

from rules.encounter.models import CombatantState, Condition

ROUNDS_PER_TURN = 6
TURN_SOURCE = "seed 000: 1 round = 10 s; 1 turn = 1 minute = 6 rounds"
TASK = "Taking an item"
TASK_ACTIONS = 4
TASK_WHAT = "Take an item"
TASK_SOURCE = "seed 000, Actions: 4 actions to take a hand-held item from a dead, wounded or knocked out character"


def clock(round_: int) -> tuple[int, int]:
    """The game turn and the round within it of encounter round ``round_`` (1 or more): round 7
    is turn 2, round 1."""
    return (round_ - 1) // ROUNDS_PER_TURN + 1, (round_ - 1) % ROUNDS_PER_TURN + 1


def task_left(c: CombatantState) -> int:
    """The actions ``c``'s task of taking an item still needs: those held over, or all 4."""
    held = c.has(TASK)
    return held.value if held is not None and held.value else TASK_ACTIONS


def progress(c: CombatantState, other: CombatantState, left: int) -> str:
    """After ``c`` spent actions on the task: ``left`` still needed (held over to its next turn),
    or done. Returns the log's words."""
    c.conditions = [x for x in c.conditions if x.name != TASK]
    if left:
        c.conditions.append(
            Condition(
                name=TASK,
                source=TASK_SOURCE,
                detail=f"from {other.name}: {left} action(s) more at its next turn",
                value=left,
                other=other.id,
            )
        )
        return f"{c.name} begins taking an item from {other.name}: {left} action(s) more next round ({TASK_SOURCE})"
    return f"{c.name} takes an item from {other.name} ({TASK_SOURCE})"


def acting(c: CombatantState, what: str) -> str | None:
    """Another action than the task breaks the task off (begun again, it takes 4)."""
    if what == TASK_WHAT or c.has(TASK) is None:
        return None
    c.conditions = [x for x in c.conditions if x.name != TASK]
    return f"{c.name} breaks off taking the item: begun again, it takes {TASK_ACTIONS} actions"
