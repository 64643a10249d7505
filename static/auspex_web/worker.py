# The page's PyScript worker (index.html: <script type="py" worker name="engine" ...>).
# It never touches the DOM: the main thread calls handle(request_json) and
# odds(request_json, against_json) and check_party(party_json) (and the combat tracker's
# initiative(request_json)) and shows what comes back.
from auspex_web.bridge import check_party, handle, initiative, odds

__export__ = ["handle", "odds", "check_party", "initiative"]
__all__ = ["check_party", "handle", "initiative", "odds"]
