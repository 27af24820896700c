"""feeddate.web (SPEC 11, 1.3): the web client's folder and the helpers that serve it.

From a checkout the folder is clients/web; from the wheel, feeddate/web/ in the
package (tools/wheel-check.sh runs this suite on the installed wheel, and there
checks the files against clients/web itself).
"""

from __future__ import annotations

import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Dict, List, Tuple
from wsgiref.util import setup_testing_defaults

import feeddate
import feeddate.web as web
import pytest
from conftest import REPO

CHECKOUT_WEB = REPO / "clients" / "web"
PACKAGE_WEB = Path(feeddate.__file__).resolve().parent / "web"


def test_directory_holds_the_client() -> None:
    folder = web.directory()
    assert folder.is_absolute() and folder.is_dir()
    for name in web.FILES:
        assert (folder / name).is_file(), name
    if (PACKAGE_WEB / "feed-date.js").is_file():  # the wheel: its own copy first
        assert folder == PACKAGE_WEB
    elif (CHECKOUT_WEB / "feed-date.js").is_file() and (REPO / "Package.swift").is_file():
        assert folder == CHECKOUT_WEB
    if CHECKOUT_WEB.is_dir():
        for name in web.FILES:
            assert (folder / name).read_bytes() == (CHECKOUT_WEB / name).read_bytes(), name


def test_the_files_are_the_client() -> None:
    js = (web.directory() / "feed-date.js").read_text(encoding="utf-8")
    assert js.startswith("/* feed-date.js") and "globalThis" in js
    assert 'import "./feed-date.js"' in (web.directory() / "feed-date.mjs").read_text(encoding="utf-8")
    assert web.CONTENT_TYPES["feed-date.js"] == web.CONTENT_TYPES["feed-date.mjs"] == "text/javascript; charset=utf-8"
    assert web.CONTENT_TYPES["react.d.ts"] == "text/plain; charset=utf-8"


def test_no_folder_is_an_error_naming_the_places(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(web, "_places", lambda: iter([tmp_path / "a", tmp_path / "b"]))
    with pytest.raises(FileNotFoundError, match=r"no web client .* in .*/a, .*/b: install"):
        web.directory()


def wsgi(path: str, method: str = "GET", **headers: str) -> Tuple[str, Dict[str, str], bytes]:
    env: Dict[str, Any] = {"PATH_INFO": path, "REQUEST_METHOD": method}
    env.update({"HTTP_" + k.upper(): v for k, v in headers.items()})
    setup_testing_defaults(env)
    got: List[Any] = []
    body = b"".join(web.app(env, lambda status, h: got.append((status, dict(h)))))
    return got[0][0], got[0][1], body


def test_wsgi_app_serves_each_file_with_its_type() -> None:
    for name in web.FILES:
        status, headers, body = wsgi("/" + name)
        assert status == "200 OK", name
        assert headers["Content-Type"] == web.CONTENT_TYPES[name]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert body == (web.directory() / name).read_bytes()
        assert headers["Content-Length"] == str(len(body))


def test_wsgi_app_refuses_the_rest() -> None:
    for path in ("/", "", "/__init__.py", "/../__init__.py", "/web/feed-date.js", "/FEED-DATE.JS", "/feed-date.js/"):
        assert wsgi(path)[0] == "404 Not Found", path
    status, headers, _ = wsgi("/feed-date.js", "POST")
    assert status == "405 Method Not Allowed" and headers["Allow"] == "GET, HEAD"


def test_wsgi_app_head_and_etag() -> None:
    status, headers, body = wsgi("/react.js", "HEAD")
    assert status == "200 OK" and body == b"" and int(headers["Content-Length"]) > 0
    etag = wsgi("/react.js")[1]["ETag"]
    status, headers, body = wsgi("/react.js", if_none_match=etag)
    assert status == "304 Not Modified" and body == b"" and headers["ETag"] == etag
    assert wsgi("/feed-date.js", if_none_match=etag)[0] == "200 OK"


def test_make_server_serves_over_http() -> None:
    server = web.make_server(port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        with urllib.request.urlopen(base + "feed-date.mjs", timeout=10) as r:
            assert r.status == 200
            assert r.headers["Content-Type"] == "text/javascript; charset=utf-8"
            assert r.read() == (web.directory() / "feed-date.mjs").read_bytes()
        with urllib.request.urlopen(base + "feed-date.js?v=1", timeout=10) as r:
            assert r.read() == (web.directory() / "feed-date.js").read_bytes()
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(base + "secret.txt", timeout=10)
        assert e.value.code == 404
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)
