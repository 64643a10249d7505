"""Players' claims and proposals (rules/encounter/proposals.py): only the GM's tap changes the fight.

The hand fight (tests/unit/encounter_helpers.py): the Guard (party; BS 40, Autogun 1d10+3, Clip 30)
and the Cultist (10 W, TB 3, no armour, Dodge 30); initiative by hand Guard 7 + AgB 3 = 10 before
Cultist 2 + AgB 3 = 5: round 1, the Guard's turn. The Guard's Standard Attack at 20 m: BS 40 +10
(Standard Attack, DH2 Core Table 7-1) +10 (Short range, under half of 90 m) = 60. A roll of 34 hits
with 6 - 3 + 1 = 4 DoS (DH2: tens of the target number minus tens of the roll, plus one); the
Cultist's Dodge 80 fails (30); damage 7 + 3 = 10, less TB 3 = 7 wounds (7 of its 10 taken).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from encounter_helpers import CULTIST_ATTACKER, CULTIST_TARGET, GUARD, Fight

from rules.encounter.models import EncounterError
from rules.encounter.proposals import HIDDEN_REASON, MAX_MESSAGE_BYTES, read_text, run_proposals
from rules.encounter.run import load_file, run_encounter

ATTACK = {"type": "attack", "who": "g", "at": "c", "action": {"type": "Standard Attack", "distance": 20}}


def fight() -> Fight:
    f = Fight("dh2")
    guard = {"id": "g", "name": "Guard", "side": "party", "attacker": GUARD, "target": {"name": "Guard", "wounds": 12}}
    f.do({"type": "add", "combatant": guard})
    f.do(
        {
            "type": "add",
            "combatant": {"id": "c", "name": "Cultist", "attacker": CULTIST_ATTACKER, "target": CULTIST_TARGET},
        }
    )
    f.do({"type": "initiative", "dice": [7, 2]})
    return f


def claim(player: str = "Ann", who: str = "g") -> dict[str, Any]:
    return {"v": 1, "kind": "claim", "player": player, "who": who}


def proposal(dice: list[int], seen: int = 3, player: str = "Ann", **event: Any) -> dict[str, Any]:
    return {
        "v": 1,
        "kind": "proposal",
        "player": player,
        "who": "g",
        "seen": seen,
        "event": {**ATTACK, **event, "dice": dice},
    }


def claimed() -> dict[str, Any]:
    out = run_proposals({"encounter": fight().file, "message": claim(), "do": "accept"})
    assert out["status"] == "ok", out
    return dict(out["encounter"])


def test_an_accepted_claim_is_kept_in_the_encounter_file_and_replays() -> None:
    f = fight()
    out = run_proposals({"encounter": f.file, "message": claim(), "do": "accept"})
    assert out["encounter"]["claims"] == {"g": "Ann"}
    assert out["decision"] == {
        "v": 1,
        "kind": "decision",
        "about": "claim",
        "who": "g",
        "outcome": "accepted",
        "reason": "Ann plays Guard",
    }
    assert load_file(out["encounter"]).claims == {"g": "Ann"}
    assert run_encounter({"encounter": out["encounter"]})["status"] == "ok"
    assert "claims" not in f.file  # left out of a file with none


def test_a_claim_of_a_combatant_not_of_the_party_is_refused() -> None:
    out = run_proposals({"encounter": fight().file, "message": claim(who="c"), "do": "accept"})
    assert out["status"] == "refused" and "not of the party" in out["reason"]
    assert out["decision"]["outcome"] == "refused" and "encounter" not in out


def test_a_declined_claim_or_proposal_changes_nothing() -> None:
    file = claimed()
    for msg in (claim("Bob"), proposal([34, 7])):
        out = run_proposals({"encounter": file, "message": msg, "do": "decline"})
        assert out["decision"]["outcome"] == "declined" and "encounter" not in out


def test_a_proposal_applied_is_the_same_event_as_the_gm_typing_it() -> None:
    file = claimed()
    first = run_proposals({"encounter": file, "message": proposal([34, 7]), "do": "preview"})
    assert first["status"] == "needs" and first["needs"]["purpose"].startswith("Dodge")  # the GM's die
    out = run_proposals({"encounter": file, "message": proposal([34, 7]), "do": "apply", "more": [80]})
    assert out["status"] == "ok", out
    typed = run_encounter({"encounter": file, "then": {**ATTACK, "dice": [34, 80, 7]}})  # the engine's order
    assert out["encounter"] == typed["encounter"] and out["state"] == typed["state"]
    cultist = next(c for c in out["state"]["combatants"] if c["id"] == "c")
    assert cultist["damage_taken"] == 7  # 7 + 3 - TB 3 (hand count, module docstring)
    assert out["decision"]["outcome"] == "applied"
    assert out["decision"]["result"] == {
        "outcome": "hit",
        "success": True,
        "roll": 34,
        "degrees": 4,
        "dice": [{"purpose": "to-hit d100", "value": 34}, {"purpose": "hit 1 damage d10", "value": 7}],
    }  # the Cultist's Dodge die (80) is not the player's


def test_a_preview_changes_nothing_and_is_previewed_again_against_now() -> None:
    file = claimed()
    before = copy.deepcopy(file)
    msg = proposal([34, 7], seen=2)  # made from a view with 2 events: one has happened since
    out = run_proposals({"encounter": file, "message": msg, "do": "preview", "more": [80]})
    assert out["status"] == "ok" and out["again"] and out["since"] == 1
    assert out["decision"]["reason"].startswith("Previewed again against now: 1 event(s)")
    assert file == before and "encounter" not in out


def test_a_proposal_out_of_turn_is_refused_with_the_engines_reason() -> None:
    file = claimed()
    ended = run_encounter({"encounter": file, "then": {"type": "end_turn", "who": "g"}})["encounter"]
    out = run_proposals({"encounter": ended, "message": proposal([34, 7]), "do": "apply", "more": [80]})
    assert out["status"] == "refused" and "encounter" not in out
    assert out["reason"] == "It is Cultist's turn, not Guard's"  # the engine's own words
    assert out["decision"] == {
        "v": 1,
        "kind": "decision",
        "about": "proposal",
        "who": "g",
        "outcome": "refused",
        "reason": "It is Cultist's turn, not Guard's",
    }


def test_a_proposal_for_a_combatant_not_claimed_by_that_player_is_refused() -> None:
    for file, player in ((fight().file, "Ann"), (claimed(), "Bob")):
        out = run_proposals(
            {"encounter": file, "message": proposal([34, 7], player=player), "do": "apply", "more": [80]}
        )
        assert out["status"] == "refused" and f"not played by {player}" in out["reason"]


def test_a_proposal_with_too_few_too_many_or_no_dice_is_refused() -> None:
    file = claimed()
    for dice, words in (([34], "Too few dice"), ([34, 7, 5], "1 die(s) too many"), ([], "Type the dice")):
        out = run_proposals({"encounter": file, "message": proposal(dice), "do": "apply", "more": [80]})
        assert out["status"] == "refused" and words in out["reason"], (dice, out)
    out = run_proposals({"encounter": file, "message": proposal([134, 7]), "do": "apply", "more": [80]})
    assert out["status"] == "refused" and out["field"] == "proposal.event.dice.0"


def test_the_targets_reaction_and_a_seed_are_not_the_players() -> None:
    file = claimed()
    out = run_proposals({"encounter": file, "message": proposal([34, 7], reaction=False), "do": "apply"})
    assert out["status"] == "refused" and out["field"] == "proposal.event.reaction"
    msg = proposal([34, 7])
    del msg["event"]["dice"]
    msg["event"]["seed"] = 5
    assert run_proposals({"encounter": file, "message": msg, "do": "apply"})["status"] == "refused"


def test_a_forged_decision_is_refused_on_the_gms_side() -> None:
    file = claimed()
    forged = {"v": 1, "kind": "decision", "about": "proposal", "who": "g", "outcome": "applied", "reason": ""}
    for do in ("preview", "apply", "accept"):
        out = run_proposals({"encounter": file, "message": forged, "do": do})
        assert out["status"] == "invalid" and out["errors"][0]["field"] == "message.kind"


def test_hostile_messages_are_refused_at_their_field() -> None:
    file = claimed()
    big = claim(player="A" * (MAX_MESSAGE_BYTES + 1))
    deep: Any = []
    for _ in range(200):
        deep = [deep]
    cases = [
        (big, "message"),
        ({**claim(), "extra": 1}, "message.extra"),
        ({**claim(), "who": "g<script>"}, "message.who"),
        ({**proposal([34, 7]), "seen": -1}, "message.seen"),
        ({**proposal([34, 7]), "event": {**ATTACK, "dice": deep}}, "message"),
        ({"v": 1, "kind": "view"}, "message.kind"),
        ("not an object", "message.kind"),
    ]
    for msg, field in cases:
        out = run_proposals({"encounter": file, "message": msg, "do": "apply"})
        assert out["status"] == "invalid", msg if not isinstance(msg, dict) or msg is not big else "big"
        assert out["errors"][0]["field"].startswith(field), (field, out["errors"][0])


def test_a_message_text_over_64_kb_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(EncounterError) as exc:
        read_text(json.dumps(claim(player="x" * MAX_MESSAGE_BYTES)))
    assert exc.value.errors[0].field == "message"


def test_a_refusal_about_a_hidden_target_keeps_its_words_from_the_player() -> None:
    file = claimed()
    servitor = {"id": "s", "name": "Servitor", "attacker": CULTIST_ATTACKER}  # no target profile
    file = run_encounter({"encounter": file, "then": {"type": "add", "combatant": servitor, "dice": [5]}})["encounter"]
    out = run_proposals({"encounter": file, "message": proposal([34, 7], seen=4, at="s"), "do": "preview"})
    assert out["status"] == "refused" and out["field"] == "proposal.event.at"
    assert out["decision"]["reason"] == HIDDEN_REASON and out["reason"] != HIDDEN_REASON


# --- the bridge and the pages' rendering (static/auspex_web) -------------------------------------

SCRIPT = '<img src=x onerror="alert(1)">'


def test_the_gms_pending_claim_and_proposal_render_received_text_escaped() -> None:
    from auspex_web.bridge import respond_proposals

    file = fight().file
    out = respond_proposals(json.dumps({"encounter": file, "message": claim(player=SCRIPT), "do": "preview"}))
    assert out["status"] == "ok" and SCRIPT not in out["html"] and "&lt;img" in out["html"]
    assert 'data-do="accept"' in out["html"] and 'data-do="decline"' in out["html"]
    file = run_proposals({"encounter": file, "message": claim(player=SCRIPT), "do": "accept"})["encounter"]
    out = respond_proposals(
        json.dumps({"encounter": file, "message": proposal([34, 7], player=SCRIPT), "do": "preview", "more": [80]})
    )
    assert out["status"] == "ok" and SCRIPT not in out["html"] and 'data-do="apply"' in out["html"]
    needs = respond_proposals(
        json.dumps({"encounter": file, "message": proposal([34, 7], player=SCRIPT), "do": "preview"})
    )
    assert needs["status"] == "needs" and 'data-k="pending-more"' in needs["html"]


def test_a_players_page_shows_a_decision_and_checks_its_own_messages() -> None:
    from auspex_web.bridge import respond_player_message

    file = claimed()
    applied = run_proposals({"encounter": file, "message": proposal([34, 7]), "do": "apply", "more": [80]})
    shown = respond_player_message(json.dumps(applied["decision"]))
    assert shown["status"] == "ok" and 'data-outcome="applied"' in shown["html"]
    assert "to-hit d100: 34" in shown["html"] and "4 DoS" in shown["html"] and "80" not in shown["html"]
    forged = {"v": 1, "kind": "decision", "about": "claim", "who": "g", "outcome": "accepted", "reason": SCRIPT}
    shown = respond_player_message(json.dumps(forged))
    assert SCRIPT not in shown["html"]
    assert respond_player_message(json.dumps(proposal([34, 7])))["message"]["event"]["dice"] == [34, 7]
    assert respond_player_message("{" * 100)["status"] == "invalid"
    assert respond_player_message(json.dumps({**forged, "outcome": "won"}))["errors"][0]["field"] == "message.outcome"


def test_the_cli_previews_a_proposal_against_the_file(tmp_path: Any, capsys: Any) -> None:
    from rules.__main__ import main

    enc, msg = tmp_path / "fight.json", tmp_path / "proposal.json"
    enc.write_text(json.dumps(claimed()))
    ended = run_encounter({"encounter": claimed(), "then": {"type": "end_turn", "who": "g"}})["encounter"]
    msg.write_text(json.dumps(proposal([34, 7])))
    assert main(["encounter", str(enc), "--preview", str(msg)]) == 0
    assert json.loads(capsys.readouterr().out)["needs"]["purpose"].startswith("Dodge")
    enc.write_text(json.dumps(ended))
    assert main(["encounter", str(enc), "--preview", str(msg)]) == 0
    assert json.loads(capsys.readouterr().out)["reason"] == "It is Cultist's turn, not Guard's"
    msg.write_text(json.dumps({**proposal([34, 7]), "kind": "decision"}))
    assert main(["encounter", str(enc), "--preview", str(msg)]) == 2


def test_a_message_over_64_kb_inside_a_request_is_refused_by_its_size() -> None:
    padded = {**claim(), "pad": ["x" * 50] * 1500}  # about 80 KB, every text short
    out = run_proposals({"encounter": claimed(), "message": padded, "do": "accept"})
    assert out["status"] == "invalid" and "64 KB" in out["errors"][0]["message"]
