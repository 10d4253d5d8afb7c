"""Serves a built site under its base path, the way a static host does."""

import functools
import http.server
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from .findings import ToolError


def serve(site: Path, base_path: str, port: int) -> http.server.ThreadingHTTPServer:
    """Serves `site` under `base_path` (e.g. /books/) like a static host: 404.html for misses."""
    prefix = base_path.rstrip("/")

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:  # keep the gate's output readable
            pass

        def translate_path(self, path: str) -> str:
            if prefix and not (path == prefix or path.startswith(prefix + "/")):
                return str(site / "__outside_the_base_path__")
            return super().translate_path(path[len(prefix):] or "/")

        def send_error(self, code, message=None, explain=None):
            page = site / "404.html"
            if code == 404 and page.exists():
                body = page.read_bytes()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)
            else:
                super().send_error(code, message, explain)

    handler = functools.partial(Handler, directory=str(site))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as error:
        raise ToolError(f"cannot serve the site on 127.0.0.1:{port}: {error.strerror}") from error
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def http_status(url: str) -> int:
    request = urllib.request.Request(url, method="GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


def page_url(relative: str) -> str:
    """`books/x/index.html` → `books/x/` (the clean URL readers see), percent-encoded; a query
    (`search/index.html?q=dune`) is kept as written."""
    relative, mark, query = relative.partition("?")
    if relative == "index.html":
        relative = ""
    elif relative.endswith("/index.html"):
        relative = relative[: -len("index.html")]
    return urllib.parse.quote(relative) + mark + query
