"""Serve the page as a static host would: ``python tools/build/serve.py [--port 8000] [--prefix /auspex/]``.

Serves the repository root (``index.html``, ``static/``, ``static/vendor/`` after ``make vendor``)
with the right types for ``.mjs`` and ``.wasm``. ``--prefix`` mounts it under a sub-path, as
GitHub Pages does (``/REPO/``), to check that every URL is relative.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import sys
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parents[2]


class Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".toml": "application/toml",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
    }

    def translate_path(self, path: str) -> str:
        if self.prefix != "/":
            if not path.startswith(self.prefix):
                return str(ROOT / "__outside_prefix__")
            path = "/" + path[len(self.prefix) :]
        return super().translate_path(path)

    def log_message(self, format: str, *args: object) -> None:  # quieter
        if "--verbose" in sys.argv:
            super().log_message(format, *args)


def make_server(
    port: int, prefix: str = "/", host: str = "127.0.0.1", handler_class: type[Handler] = Handler
) -> http.server.ThreadingHTTPServer:
    """A threading static server for ROOT under ``prefix``; ``port=0`` picks a free port.
    ``handler_class`` lets a caller (the benchmark) count what is sent."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("PrefixedHandler", (handler_class,), {"prefix": prefix})
    return http.server.ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(ROOT)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--prefix", default="/")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        print("static/vendor/ is missing: run `make vendor` (or `make serve`) first", file=sys.stderr)
        return 1
    server = make_server(args.port, args.prefix)
    host, port = server.server_address[:2]
    prefix = "/" + args.prefix.strip("/") + "/" if args.prefix.strip("/") else "/"
    print(f"Auspex is served at http://{host}:{port}{prefix}  (Ctrl-C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
