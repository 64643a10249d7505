"""What the page's worker exports: ``handle(request_json) -> response_json``.

The request is a scenario (the forms, plus ``dice`` or ``seed``) as JSON text. The response is
the envelope of :func:`rules.run` (statuses ``ok``, ``needs``, ``invalid``: see ``rules/api.py``)
with, for ``ok``, ``"html"``: the resolution rendered for the player by :mod:`auspex_web.render`.

Anything unexpected becomes ``{"status": "error", "message": ...}``: the player reads a short
message, the traceback goes to stderr (the browser console in the worker).
"""

from __future__ import annotations

import json
import sys
import traceback
from typing import Any

import rules

from .render import render_resolution

ERROR_MESSAGE = (
    "The rules engine failed on this attack. Nothing you typed is lost; the details are in the browser console."
)


def respond(request_json: str) -> dict[str, Any]:
    """The envelope for one request, as a dict (``handle`` without the JSON round trip)."""
    envelope = rules.run_text(request_json)
    if envelope["status"] == "ok":
        envelope["html"] = render_resolution(envelope["resolution"])
    return envelope


def handle(request_json: str) -> str:
    """Resolve the scenario in ``request_json``; never raises."""
    try:
        return json.dumps(respond(request_json))
    except Exception as exc:
        print(f"auspex: {type(exc).__name__} while resolving", file=sys.stderr)
        traceback.print_exc(file=sys.stderr)
        return json.dumps({"status": "error", "message": ERROR_MESSAGE})
