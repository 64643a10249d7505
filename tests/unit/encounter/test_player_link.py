"""The players' link: a players' view received from a link is checked again before it is shown
(static/auspex_web/player_link.py): the GM's own view passes whole and renders as the GM's page
renders it; hostile input (script in a name, oversize, deep nesting, wrong types) is refused at
its field with a message, and nothing received is shown as HTML."""

from __future__ import annotations

import copy
import json
from typing import Any

from auspex_web.bridge import shown_player_view
from auspex_web.player_link import MAX_BYTES, MAX_CARDS, respond_shown_view
from test_player_view import hand_fight

from rules.encounter.player_html import render_player
from rules.encounter.player_view import player_view
from rules.encounter.run import load_file


def gm_view() -> dict[str, Any]:
    """The view the GM's page puts in the link: the hand fight's (Guard shown, Cultist hidden)."""
    return player_view(load_file(hand_fight().file))


def index(view: dict[str, Any], shown: bool) -> int:
    """The place of the first card shown (the Guard) or hidden (the Cultist, first in the order)."""
    return next(i for i, c in enumerate(view["cards"]) if c["shown"] is shown)


def fields(answer: dict[str, Any]) -> list[str]:
    assert answer["status"] == "invalid", answer
    return [x["field"] for x in answer["errors"]]


def test_the_gms_view_is_shown_as_the_gms_page_renders_it() -> None:
    view = gm_view()
    answer = respond_shown_view(json.dumps(view))
    assert answer["status"] == "ok"
    assert answer["html"] == render_player(view)


def test_the_worker_call_gives_the_same_envelope_as_json() -> None:
    view = gm_view()
    assert json.loads(shown_player_view(json.dumps(view)))["html"] == render_player(view)


def test_a_script_in_a_name_is_escaped_never_run() -> None:
    view = gm_view()
    view["cards"][0]["name"] = "<script>alert(1)</script>"
    view["log"][0]["text"] = '<img src=x onerror="alert(2)">'
    answer = respond_shown_view(json.dumps(view))
    assert answer["status"] == "ok"
    assert "<script>" not in answer["html"] and "<img" not in answer["html"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in answer["html"]


def test_html_sent_in_the_view_is_dropped_not_shown() -> None:
    view = gm_view()
    view["html"] = "<script>alert(1)</script>"  # a field this version does not know
    hidden = index(view, False)
    view["cards"][hidden]["wounds"] = 29  # a hidden card carries no numbers: dropped
    answer = respond_shown_view(json.dumps(view))
    assert "html" not in answer["view"] and "alert" not in answer["html"]
    assert "wounds" not in answer["view"]["cards"][hidden] and "29" not in answer["html"]


def test_a_long_name_is_refused_at_its_field() -> None:
    view = gm_view()
    view["cards"][1]["name"] = "x" * 81  # a name has at most 80 characters
    assert fields(respond_shown_view(json.dumps(view))) == ["view.cards.1.name"]


def test_too_many_cards_are_refused() -> None:
    view = gm_view()
    view["cards"] = [copy.deepcopy(view["cards"][index(view, False)]) for _ in range(MAX_CARDS + 1)]
    assert fields(respond_shown_view(json.dumps(view))) == ["view.cards"]


def test_an_oversized_text_is_refused_before_it_is_read() -> None:
    view = gm_view()
    view["pad"] = "x" * MAX_BYTES
    answer = respond_shown_view(json.dumps(view))
    assert fields(answer) == ["view"] and "Too large" in answer["errors"][0]["message"]


def test_deep_nesting_is_refused_with_a_message() -> None:
    text = '{"auspex_player_view": 1, "system": "dh2", "x": ' + "[" * 5000 + "]" * 5000 + "}"
    answer = respond_shown_view(text)
    assert fields(answer) == ["view"] and "deep" in answer["errors"][0]["message"]


def test_wrong_types_and_versions_are_refused_at_their_field() -> None:
    view = gm_view()
    shown = index(view, True)
    view["cards"][shown]["wounds"] = "12"  # a number sent as text
    assert fields(respond_shown_view(json.dumps(view))) == [f"view.cards.{shown}.wounds"]
    assert fields(respond_shown_view(json.dumps({**gm_view(), "auspex_player_view": 2}))) == ["view.auspex_player_view"]
    assert fields(respond_shown_view("[1, 2]")) == ["view"]
    assert fields(respond_shown_view("not json")) == ["view"]
