# The page's PyScript worker (index.html: <script type="py" worker name="engine" ...>).
# It never touches the DOM: the main thread calls handle(request_json) and renders what comes back.
from auspex_web.bridge import handle

__export__ = ["handle"]
__all__ = ["handle"]
