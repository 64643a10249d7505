# The page's PyScript worker (index.html: <script type="py" worker name="engine" ...>).
# It never touches the DOM: the main thread calls handle(request_json) and
# odds(request_json, against_json) and shows what comes back.
from auspex_web.bridge import handle, odds

__export__ = ["handle", "odds"]
__all__ = ["handle", "odds"]
