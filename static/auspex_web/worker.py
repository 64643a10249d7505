# The page's PyScript worker, started by static/engine.js (a <script type="py" worker> it adds,
# with this file's text and an inline config). It never touches the DOM: the main thread calls
# handle(request_json) and check(request_json) and odds(request_json, against_json) and check_party(party_json) (and the
# combat tracker's initiative(request_json) and encounter(request_json), and the critical
# tables' check_tables(request_json, saved_json) and tables_text(system, saved_json, blank), and the
# party's import_preview(text, system), the weapon's fire_modes(system, weapon_class, rof), the Odds panel's exchange(request_json) and
# sweep(request_json), the players' view's player_view(file_json) and shown_player_view(view_json):
# a view received from a players' link, checked again, and the players' claims and proposals:
# proposals(request_json) on the GM's page, player_message(text) on a player's) and shows what comes back.
import os

# No pydantic plugins here: without this, building the first model scans every installed package's
# entry points for some (pydantic's documented PYDANTIC_DISABLE_PLUGINS), about 20-30 ms of the
# engine's start in Pyodide for nothing. Set before the rules' models are built.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from auspex_web.bridge import (
    check,
    check_party,
    check_tables,
    encounter,
    exchange,
    fire_modes,
    handle,
    import_preview,
    initiative,
    odds,
    player_message,
    player_view,
    proposals,
    shown_player_view,
    sweep,
    tables_text,
)

CRASH_WORDS = "crash the rules engine"


def crash_for_tests(words: str) -> str:
    """A real fatal error in this worker, for the browser tests of the page's recovery
    (tests/e2e/test_workers.py): JSON nested deeper than the stack, which Pyodide cannot survive
    ("Maximum call stack size exceeded"). Only with ``words`` == CRASH_WORDS, so nothing a player
    does reaches it; the page itself never calls it. Returns only when the crash did not happen."""
    if words != CRASH_WORDS:
        return '{"status": "error", "message": "not crashing"}'
    import json

    depth = 1_000_000
    json.loads("[" * depth + "]" * depth)
    return '{"status": "error", "message": "survived"}'


__export__ = [
    "handle",
    "check",
    "odds",
    "exchange",
    "sweep",
    "fire_modes",
    "check_party",
    "check_tables",
    "tables_text",
    "import_preview",
    "initiative",
    "encounter",
    "player_view",
    "shown_player_view",
    "proposals",
    "player_message",
    "crash_for_tests",
]
__all__ = [
    "check",
    "check_party",
    "check_tables",
    "crash_for_tests",
    "encounter",
    "exchange",
    "fire_modes",
    "handle",
    "import_preview",
    "initiative",
    "odds",
    "player_message",
    "player_view",
    "proposals",
    "shown_player_view",
    "sweep",
    "tables_text",
]
