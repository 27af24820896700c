#!/usr/bin/env python3
"""feeddate's web demo (make demo-web): a small feed whose labels the server
renders with schedules (SPEC section 11) and the browser then swaps live.

    python3 clients/web/demo/server.py [--port 8765] [--host 127.0.0.1]

Needs the Python binding's Formatter.schedule (bindings/python, on PYTHONPATH)
and the library it loads. Serves, on 127.0.0.1 only:
    /                   the feed: <feed-date data-schedule="WIRE">text</feed-date>
    /schedule?id=N&from=MS
                        label N's schedule seen from MS (a stale event's
                        detail.from: the instant the page needs labels from), as
                        wire JSON
    /now                the server's time in ms, as text (for FeedDate.setServerTime)
    /feed-date.js       the client (clients/web/feed-date.js)
    /app.js             the page's own script (clients/web/README.md's two blocks,
                        and the demo's counters)
The page has no inline script and is served with a strict
Content-Security-Policy (script-src 'self'), as clients/web/README.md says a
page can be. Every label is the library's: nothing here writes a label.
"""

from __future__ import annotations

import argparse
import html
import json
import sys
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

WEB = Path(__file__).resolve().parent.parent
NEEDS = (
    "Formatter(style, locale=..., tz=...).schedule(t, now, horizon=..., max_entries=...).to_json() "
    "(SPEC section 11, Python)"
)


def load_feeddate():
    """The binding, or an exit with what is missing (the demo never fakes a label)."""
    try:
        import feeddate
    except Exception as exc:  # ImportError, or the library failing to load
        sys.exit(
            f"demo-web: cannot import feeddate ({exc}): run from the checkout with "
            f"PYTHONPATH=bindings/python after `make lib` (make demo-web does both)"
        )
    if not callable(getattr(feeddate.Formatter, "schedule", None)):
        sys.exit(
            f"demo-web: the Python binding (bindings/python) has no Formatter.schedule yet: the demo "
            f"needs {NEEDS}. It renders every label from it and shows nothing without it."
        )
    return feeddate


# The feed: who, what, how long before the server started, and how it is labelled.
# (style, options, horizon, max_entries); the countdown's target is *after* start.
FEED = [
    (
        "Ada",
        "Shipped schedules: labels that change on their own.",
        -20,
        ("feed", {"locale": "en_US", "tz": "America/New_York", "recent_relative": True}, timedelta(days=1), 1000),
    ),
    (
        "Grace",
        "Who broke the build? (It was me.)",
        -125,
        ("relative", {"locale": "en_US", "tz": "America/New_York"}, timedelta(days=1), 1000),
    ),
    # A short horizon: this label goes stale every 30 s and fetches its next schedule.
    (
        "Linus",
        "Compact, like a timeline (a schedule 30 s long, fetched again when it runs out).",
        -3,
        ("compact", {"locale": "en_US", "tz": "America/New_York"}, timedelta(seconds=30), 1000),
    ),
    (
        "Margaret",
        "Lunch is on the roof.",
        -3 * 3600,
        ("feed", {"locale": "en_US", "tz": "America/New_York"}, timedelta(days=2), 1000),
    ),
    (
        "Ken",
        "Old news, in the chat list.",
        -2 * 86400,
        ("chat_list", {"locale": "en_US", "tz": "America/New_York"}, timedelta(days=8), 1000),
    ),
    (
        "Barbara",
        "Auf Deutsch, bitte.",
        -40,
        ("relative", {"locale": "de_DE", "tz": "Europe/Berlin"}, timedelta(days=1), 1000),
    ),
    (
        "Launch",
        "Countdown to the demo's launch, in tenths of a second.",
        95,
        ("countdown", {"locale": "en_US", "tz": "America/New_York"}, timedelta(minutes=2), 1000),
    ),
]


class Demo:
    def __init__(self, feeddate):
        self.start = datetime.now(timezone.utc).replace(microsecond=0)
        self.items = []
        for who, text, offset, (style, options, horizon, max_entries) in FEED:
            formatter = feeddate.Formatter(style, **options)
            self.items.append(
                (who, text, self.start + timedelta(seconds=offset), style, formatter, horizon, max_entries)
            )

    def wire(self, i: int, now: datetime) -> str:
        _, _, t, _, formatter, horizon, max_entries = self.items[i]
        return formatter.schedule(t, now, horizon=horizon, max_entries=max_entries).to_json()

    def page(self) -> str:
        now = datetime.now(timezone.utc)
        rows = []
        for i, (who, text, _, style, _, _, _) in enumerate(self.items):
            wire = self.wire(i, now)
            first = json.loads(wire)["labels"][0][0]
            rows.append(
                f'<li><b>{html.escape(who)}</b> <span class="style">{style}</span>'
                f"<p>{html.escape(text)}</p>"
                f'<feed-date data-id="{i}" data-schedule="{html.escape(wire, quote=True)}">'
                f"{html.escape(first)}</feed-date></li>"
            )
        return PAGE.replace("ROWS", "\n".join(rows))


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>feeddate: live labels</title>
<meta name="viewport" content="width=device-width">
<style>
body { font: 16px/1.4 "DejaVu Sans", sans-serif; background: #f3f4f6; margin: 0; }
main { max-width: 42rem; margin: 2rem auto; }
h1 { font-size: 1.4rem; }
ul { list-style: none; padding: 0; }
li { background: #fff; border-radius: .6rem; padding: .8rem 1rem; margin: .6rem 0; box-shadow: 0 1px 2px #0002; }
li p { margin: .3rem 0; }
.style { color: #888; font-size: .8rem; }
feed-date { color: #2563eb; font-variant-numeric: tabular-nums; }
footer { color: #666; font-size: .85rem; }
</style>
<script src="/feed-date.js"></script>
<script src="/app.js" defer></script>
</head><body><main>
<h1>feeddate: labels rendered by the server, changing live</h1>
<ul>
ROWS
</ul>
<footer>Every text comes from libfeeddate on the server (SPEC 11 schedules); the browser only swaps
them at the right millisecond, with one timer. <span id="swaps">0</span> label changes and
<span id="fetches">0</span> schedules fetched again so far.</footer>
</main>
</body></html>
"""

# The page's script: the server's time from a response just received, and a
# stale label's next schedule asked from the client's time (detail.from), as
# clients/web/README.md writes them; then the demo's counters.
APP = """"use strict";
const sent = performance.now();
fetch("/now", { cache: "no-store" })
  .then((r) => (r.ok ? r.text() : Promise.reject(new Error("/now answered " + r.status))))
  .then((ms) => FeedDate.setServerTime(Number(ms) + (performance.now() - sent) / 2))
  .catch((e) => console.error("feeddate demo: no server time, the client's clock stays", e));

let swaps = 0, fetches = 0;
new MutationObserver((records) => {
  swaps += records.length;
  document.getElementById("swaps").textContent = swaps;
}).observe(document.querySelector("ul"), { childList: true, subtree: true, characterData: true });

document.addEventListener("feeddate-stale", async (e) => {
  const el = e.target;
  try {
    const r = await fetch(`/schedule?id=${el.dataset.id}&from=${e.detail.from}`, { cache: "no-store" });
    if (!r.ok) throw new Error(r.status);
    FeedDate.attach(el, await r.text());
    document.getElementById("fetches").textContent = ++fetches;
  } catch (err) {
    console.error("feeddate demo: no new schedule", err);
  }
});
"""

CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'"


def handler_for(demo: Demo):
    class Handler(BaseHTTPRequestHandler):
        def send(self, code: int, body: bytes, ctype: str) -> None:
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            if ctype.startswith("text/html"):
                self.send_header("Content-Security-Policy", CSP)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            url = urlparse(self.path)
            if url.path == "/":
                self.send(200, demo.page().encode(), "text/html; charset=utf-8")
            elif url.path == "/feed-date.js":
                self.send(200, (WEB / "feed-date.js").read_bytes(), "text/javascript")
            elif url.path == "/app.js":
                self.send(200, APP.encode(), "text/javascript")
            elif url.path == "/now":
                self.send(200, str(time.time_ns() // 1_000_000).encode(), "text/plain")
            elif url.path == "/schedule":
                q = parse_qs(url.query)
                try:
                    i = int(q["id"][0])
                    if not 0 <= i < len(demo.items):
                        raise ValueError(i)
                    now = datetime.now(timezone.utc)
                    if "from" in q:  # the page's stale instant, if within a day of the server's now
                        asked = datetime.fromtimestamp(int(q["from"][0]) / 1000, timezone.utc)
                        if abs(asked - now) <= timedelta(days=1):
                            now = asked
                except (KeyError, ValueError, OverflowError):
                    return self.send(400, b"id=N (a label of the feed), from=MS (optional)\n", "text/plain")
                self.send(200, demo.wire(i, now).encode(), "application/json")
            else:
                self.send(404, b"not found\n", "text/plain")

        def log_message(self, format: str, *args) -> None:  # quiet but for errors
            if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
                super().log_message(format, *args)

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765, help="0: any free port (printed)")
    args = parser.parse_args()
    feeddate = load_feeddate()
    demo = Demo(feeddate)
    demo.page()  # fails here, before serving, if a schedule cannot be made
    server = ThreadingHTTPServer((args.host, args.port), handler_for(demo))
    print(f"demo-web: http://{args.host}:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
