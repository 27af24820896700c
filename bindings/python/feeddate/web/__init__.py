"""feeddate.web: the web client (SPEC section 11), for a Python server to serve.

The client swaps a label's text at the instants of its schedule
(``Formatter.schedule(...).to_json()``, ``Formatter.html(...)``); its files
are ``feed-date.js`` (a classic script: ``globalThis.FeedDate`` and the
``<feed-date>`` element), ``feed-date.mjs`` (the ES module form), ``react.js``
(the React 18 component) and their TypeScript declarations.

>>> import feeddate.web
>>> sorted(p.name for p in feeddate.web.directory().iterdir() if p.name in feeddate.web.FILES)[:3]
['feed-date.d.mts', 'feed-date.d.ts', 'feed-date.js']

* :func:`directory` is the folder holding them (for your own static files
  setup: Django's ``STATICFILES_DIRS``, Flask's ``send_from_directory``, a
  reverse proxy's alias);
* :func:`app` is a WSGI application that serves them (mount it under a prefix
  of your site, e.g. ``/feeddate/``);
* :func:`make_server` and :func:`serve` serve them with :mod:`http.server`
  (``python -m feeddate.web --port 8000`` does the same), for development.

Each file is sent with its Content-Type (``text/javascript; charset=utf-8``
for the scripts and the module, ``text/plain; charset=utf-8`` for the
declarations), ``X-Content-Type-Options: nosniff`` and an ETag (a request
with ``If-None-Match`` is answered 304); any other path is 404, a method other
than GET and HEAD 405. Nothing else of the folder (no listing) is served.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, List, Optional, Tuple

if TYPE_CHECKING:
    from http.server import ThreadingHTTPServer

__all__ = ["FILES", "CONTENT_TYPES", "directory", "app", "make_server", "serve"]

#: The files of the client, as the wheel, the npm package and Debian's
#: feeddate-web carry them (copied from clients/web of the checkout).
FILES = ("feed-date.js", "feed-date.mjs", "react.js", "feed-date.d.ts", "feed-date.d.mts", "react.d.ts")

#: The Content-Type of each file.
CONTENT_TYPES = {
    name: "text/plain; charset=utf-8" if ".d." in name else "text/javascript; charset=utf-8" for name in FILES
}

_HERE = Path(__file__).resolve().parent
# Debian's feeddate-web (python3-feeddate recommends it; the Debian package of the
# module carries no copy of the client).
_SYSTEM = Path("/usr/share/feeddate/web")


def _places() -> Iterator[Path]:
    yield _HERE  # the wheel: feeddate/web/ beside this file
    # A checkout (PYTHONPATH=bindings/python): its clients/web, the one source of the files.
    top = _HERE.parents[3] if len(_HERE.parents) > 3 else None
    if (
        top is not None
        and (top / "Package.swift").is_file()
        and _HERE.parents[1].name == "python"
        and _HERE.parents[2].name == "bindings"
    ):
        yield top / "clients" / "web"
    yield _SYSTEM


def directory() -> Path:
    """The folder holding the client's files, as an absolute :class:`pathlib.Path`.

    In this order, the first that holds ``feed-date.js``: the package's own
    ``feeddate/web/`` (the wheel), ``clients/web`` of the checkout the package
    runs from, ``/usr/share/feeddate/web`` (Debian's ``feeddate-web``).
    :class:`FileNotFoundError` names them when none does.
    """
    tried = []
    for place in _places():
        if (place / "feed-date.js").is_file():
            return place
        tried.append(str(place))
    raise FileNotFoundError(
        "feeddate.web: no web client (feed-date.js) in "
        + ", ".join(tried)
        + ": install the wheel of `make wheel`, or Debian's feeddate-web"
    )


def _load(folder: Path, name: str) -> Tuple[bytes, str]:
    data = (folder / name).read_bytes()
    return data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"'


def _answer(
    folder: Path, method: str, path: str, if_none_match: Optional[str]
) -> Tuple[int, List[Tuple[str, str]], bytes]:
    """(status, headers, body) for one request: the one rule of app and make_server."""
    name = path.lstrip("/")
    if name not in FILES:
        return 404, [("Content-Type", "text/plain; charset=utf-8")], b"not found\n"
    if method not in ("GET", "HEAD"):
        return 405, [("Allow", "GET, HEAD"), ("Content-Type", "text/plain; charset=utf-8")], b"GET or HEAD\n"
    data, etag = _load(folder, name)
    headers = [("ETag", etag), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")]
    if if_none_match and etag in [t.strip() for t in if_none_match.split(",")]:
        return 304, headers, b""
    headers = [("Content-Type", CONTENT_TYPES[name]), ("Content-Length", str(len(data)))] + headers
    return 200, headers, b"" if method == "HEAD" else data


_REASONS = {200: "OK", 304: "Not Modified", 404: "Not Found", 405: "Method Not Allowed"}


def app(environ: Dict[str, Any], start_response: Callable[..., Any]) -> List[bytes]:
    """A WSGI application serving the client's files at ``/feed-date.js``, ... of where it is mounted.

    >>> from wsgiref.util import setup_testing_defaults
    >>> env = {"PATH_INFO": "/feed-date.js"}; setup_testing_defaults(env)
    >>> got = []
    >>> body = b"".join(app(env, lambda status, headers: got.append((status, dict(headers)))))
    >>> got[0][0], got[0][1]["Content-Type"], body.startswith(b"/* feed-date.js")
    ('200 OK', 'text/javascript; charset=utf-8', True)
    """
    status, headers, body = _answer(
        directory(),
        environ.get("REQUEST_METHOD", "GET"),
        environ.get("PATH_INFO", ""),
        environ.get("HTTP_IF_NONE_MATCH"),
    )
    start_response(f"{status} {_REASONS[status]}", headers)
    return [body]


def make_server(port: int = 8000, bind: str = "127.0.0.1") -> ThreadingHTTPServer:
    """An :class:`http.server.ThreadingHTTPServer` serving the client's files at ``/feed-date.js``, ...

    Not started: call its ``serve_forever()`` (in a thread, if you like) and
    ``shutdown()``. ``port=0`` picks a free port (``server.server_address[1]``).
    """
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    folder = directory()

    class Handler(BaseHTTPRequestHandler):
        server_version = "feeddate.web"

        def _reply(self) -> None:
            status, headers, body = _answer(
                folder, self.command, self.path.split("?", 1)[0], self.headers.get("If-None-Match")
            )
            self.send_response(status)
            for k, v in headers:
                self.send_header(k, v)
            self.end_headers()
            if body:
                self.wfile.write(body)

        do_GET = do_HEAD = do_POST = do_PUT = do_DELETE = _reply

        def log_message(self, format: str, *args: Any) -> None:  # quiet unless asked (FEEDDATE_WEB_LOG=1)
            if os.environ.get("FEEDDATE_WEB_LOG"):
                super().log_message(format, *args)

    return ThreadingHTTPServer((bind, port), Handler)


def serve(port: int = 8000, bind: str = "127.0.0.1") -> None:
    """Serves the client's files on http://bind:port/ until interrupted (for development)."""
    server = make_server(port, bind)
    host, real_port = server.server_address[:2]
    if isinstance(host, bytes):  # an AF_UNIX address; this server is AF_INET
        host = host.decode()
    print(f"feeddate.web: serving {directory()} on http://{host}:{real_port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
