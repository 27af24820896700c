// The library's markup and script form in a real browser (SPEC 11, "Semantics and
// screen readers" and "Script context"; issue 39 item 3). The markup comes from
// the bindings themselves: Node's f.html / f.scriptJson (bindings/node, the
// checkout's addon in build/node) and Python's Formatter.html / script_json
// (bindings/python on the library of build/lib), which must be byte-identical.
// Then, in Debian's headless chromium with virtual time, pages served from this
// process:
//   - markup.html, under the strict CSP of browser.test.js: the html() of four
//     cases (RELATIVE en_US width short and COUNTDOWN with spoken, whose visible
//     and spoken texts differ and, for the countdown, swap at different instants;
//     CHAT_LIST zh_CN; a caller word with < > & " '). time[datetime] is t in UTC
//     with ms, the title the FEED_DETAIL label of t at now (asked of a FEED_DETAIL
//     formatter here), the text at load the entry at now, then each text (the
//     visible and the spoken one apart) follows its own schedule, swapping at its
//     own instants; the visible span is aria-hidden; no aria-live (pages/markup.js).
//   - script.html: scriptJson of two caller words that break out of <script>
//     unescaped ("</script><img src=x onerror=…>" and "<!--<script>"), raw in two
//     JSON data blocks and in an inline script, with no CSP (where an injected
//     handler would run) and under the strict CSP with a nonce for the inline
//     script: nothing runs, no image is made, the <script> count is as authored,
//     and each block parses to the plain wire (pages/script-json.js). The same
//     page with the plain wire raw is the control: there the handler runs.
// A missing chromium fails these tests; they are never skipped.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const { WEB, ROOT, chromium, haveChromium } = require("./helpers.js");

const MINUTE = 60000, HOUR = 3600000;
// 15:59:30 UTC, 23:59:30 in Shanghai: the chat label turns 昨天 30 s on.
const NOW = Date.UTC(2024, 2, 25, 15, 59, 30);
const HORIZON = 10 * MINUTE;
const CLIENT_START = NOW - 10000; // the client's clock starts before now: the first entry shows
const DURATION = 75000; // client time watched (past the relative labels' swap at now + 1 min)

// ---- the bindings ------------------------------------------------------------------
// Node: the checkout's addon (build/node/feeddate.node). make test-web builds the
// library, not the addon: when it is missing it is built here (make node-addon:
// one C file against the library already built).
function nodeBinding() {
  const addon = path.join(ROOT, "build/node/feeddate.node");
  if (!process.env.FEEDDATE_NODE_ADDON && !fs.existsSync(addon)) {
    const r = spawnSync("make", ["--no-print-directory", "-C", ROOT, "node-addon"], { encoding: "utf8", timeout: 300000 });
    if (r.status !== 0) throw new Error(`no ${addon}, and make node-addon failed:\n${(r.stdout + r.stderr).slice(-2000)}`);
  }
  return require(path.join(ROOT, "bindings/node"));
}
const { Formatter } = nodeBinding();

// Python: bindings/python on build/lib's library.
const PYTHON = process.env.FEEDDATE_DEMO_PYTHON || "python3";
const PY_ENV = {
  ...process.env,
  PYTHONPATH: [path.join(ROOT, "bindings/python"), process.env.PYTHONPATH].filter(Boolean).join(":"),
  FEEDDATE_LIBRARY: process.env.FEEDDATE_LIBRARY || path.join(ROOT, "build/lib/libfeeddate.so.1"),
};
const PY = `
import json, sys
from datetime import datetime, timedelta, timezone
import feeddate
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
at = lambda ms: EPOCH + timedelta(milliseconds=ms)
out = []
for c in json.load(sys.stdin):
    options = dict(c["options"])
    f = feeddate.Formatter(options.pop("style"), **options)
    t, now, horizon = at(c["t"]), at(c["now"]), timedelta(milliseconds=c["horizon"])
    out.append({"html": f.html(t, now, horizon=horizon, spoken=c["spoken"]),
                "script_json": f.script_json(t, now, horizon=horizon),
                "json": f.schedule(t, now, horizon=horizon).to_json()})
json.dump(out, sys.stdout)
`;
function python(cases) {
  const r = spawnSync(PYTHON, ["-c", PY], { env: PY_ENV, input: JSON.stringify(cases), encoding: "utf8", timeout: 60000 });
  if (r.error || r.status !== 0) throw new Error(`${PYTHON} with bindings/python: ${r.error ? r.error.code : (r.stderr || "").slice(-1500)}`);
  return JSON.parse(r.stdout);
}

// Options in Python's names; Node's are the same in camelCase, tz as timeZone.
const nodeOptions = (o) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k === "tz" ? "timeZone" : k.replace(/_(.)/g, (m, c) => c.toUpperCase()), v]));

function viaNode(c) {
  const f = new Formatter(nodeOptions(c.options));
  const o = { horizon: c.horizon };
  const s = f.schedule(c.t, c.now, o);
  return {
    html: f.html(c.t, c.now, { ...o, spoken: c.spoken }),
    script_json: f.scriptJson(c.t, c.now, o),
    json: s.json,
    schedule: s,
  };
}

// ---- the cases -------------------------------------------------------------------
const WORD = `<b title="x">&amp;'y'</b>`;
const MARKUP_CASES = [
  { id: "relative-short", options: { style: "RELATIVE", locale: "en_US", tz: "UTC", width: "short" }, t: NOW - 5 * MINUTE - 250, spoken: true },
  { id: "countdown", options: { style: "COUNTDOWN", locale: "en_US", tz: "UTC" }, t: NOW + 90000, spoken: true },
  { id: "chat-zh", options: { style: "CHAT_LIST", locale: "zh_CN", tz: "Asia/Shanghai" }, t: NOW - 9 * HOUR, spoken: false },
  { id: "word", options: { style: "RELATIVE", locale: "en_US", tz: "UTC", just_now_text: WORD }, t: NOW - 10000, spoken: false },
].map((c) => ({ now: NOW, horizon: HORIZON, ...c }));
// Caller words that break out of a <script> when the wire is pasted raw (≤ 64 bytes, no control character).
const BREAK_OUT = "</script><img src=x onerror=window.pwned=1>";
const SWALLOW = "<!--<script>\u2028&amp;\u2029";
const SCRIPT_CASES = [BREAK_OUT, SWALLOW].map((word, i) => ({
  id: "script" + i, options: { style: "RELATIVE", locale: "en_US", tz: "UTC", just_now_text: word }, t: NOW - 1000, now: NOW, horizon: HORIZON, spoken: false,
}));

const ALL = MARKUP_CASES.concat(SCRIPT_CASES);
const fromNode = ALL.map(viaNode);
let fromPython = null, pythonError = null;
try {
  fromPython = python(ALL);
} catch (e) {
  pythonError = e;
}
const out = Object.fromEntries(ALL.map((c, i) => [c.id, fromNode[i]]));

const entries = (s) => s.entries.map((e) => [e.text, e.start.getTime()]);
const until = (s) => (s.until === null ? null : s.until.getTime());

// What markup.html must show, from the bindings' schedules and a FEED_DETAIL formatter (not from the markup).
function expected(c) {
  const options = nodeOptions(c.options);
  const spoken = c.spoken && new Formatter({ ...options, spoken: true }).schedule(c.t, c.now, { horizon: c.horizon });
  const s = out[c.id].schedule;
  return {
    id: c.id,
    datetime: new Date(c.t).toISOString(),
    title: new Formatter({ ...options, style: "FEED_DETAIL" }).format(c.t, c.now),
    json: s.json,
    entries: entries(s),
    until: until(s),
    ...(spoken ? { spokenJson: spoken.json, spokenEntries: entries(spoken), spokenUntil: until(spoken) } : {}),
  };
}

// ---- the pages -------------------------------------------------------------------
const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'";
const HARNESS = `<script src="/web/test/pages/harness.js"></script>`;
// JSON this test writes into a data block (its own escaping; the library's is under test elsewhere).
const dataBlock = (x) => JSON.stringify(x).replace(/[<>&\u2028\u2029]/g, (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"));

function markupPage() {
  const expect = { clientStart: CLIENT_START, duration: DURATION, cases: MARKUP_CASES.map(expected) };
  const body = MARKUP_CASES.map((c) => `<p><span id="${c.id}">${out[c.id].html}</span> (${c.id})</p>`).join("\n");
  return {
    csp: STRICT_CSP,
    body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>markup</title>
${HARNESS}
<script src="/web/feed-date.js"></script>
</head><body>
<script type="application/json" id="expect">${dataBlock(expect)}</script>
${body}
<script src="/web/test/pages/markup.js"></script>
</body></html>
`,
  };
}

// csp: "none" (no policy: an injected handler would run) or "nonce" (the strict
// CSP, the inline script allowed by its nonce). wire: "script" (scriptJson) or
// "plain" (the wire raw: the control).
function scriptPage(csp, wire) {
  const [a, b] = SCRIPT_CASES.map((c) => (wire === "plain" ? out[c.id].json : out[c.id].script_json));
  const nonce = "n" + Math.random().toString(36).slice(2);
  return {
    csp: csp === "nonce" ? STRICT_CSP.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`) : null,
    body: `<!doctype html>
<html lang="en" data-scripts="5"><head><meta charset="utf-8"><title>script</title>
${HARNESS}
<script src="/web/test/pages/script-json.js" defer></script>
</head><body>
<script id="data" type="application/json">${a}</script>
<script id="data2" type="application/json">${b}</script>
<script${csp === "nonce" ? ` nonce="${nonce}"` : ""}>window.data = ${a}; window.data2 = ${b};</script>
<p id="after">after the data</p>
</body></html>
`,
  };
}

const PAGES = {
  "markup.html": markupPage,
  "script.html": () => scriptPage("none", "script"),
  "script-nonce.html": () => scriptPage("nonce", "script"),
  "script-plain.html": () => scriptPage("none", "plain"),
};

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    const [, top, ...rest] = url.pathname.split("/");
    let page = null, type = "text/html; charset=utf-8";
    if (top === "page" && PAGES[rest.join("/")]) page = PAGES[rest.join("/")]();
    else if (top === "web" && url.pathname.endsWith(".js")) {
      const file = path.resolve(WEB, ...rest);
      if (file.startsWith(WEB + path.sep) && fs.existsSync(file)) (page = { body: fs.readFileSync(file) }), (type = "text/javascript");
    }
    if (!page) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("not found: " + url.pathname);
    }
    res.writeHead(200, { "content-type": type, "cache-control": "no-store", ...(page.csp ? { "content-security-policy": page.csp } : {}) });
    res.end(page.body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

let server, origin;
const missing = haveChromium();
test.before(async () => {
  server = await serve();
  origin = `http://127.0.0.1:${server.address().port}`;
});
test.after(() => server && server.close());

async function run(t, name, budget) {
  assert.equal(missing, null, missing);
  const { stdout: dom, stderr, ms } = await chromium(`${origin}/page/${name}`, [`--virtual-time-budget=${budget}`, "--dump-dom"]);
  const m = /<pre id="verdict">([^<]*)<\/pre>/.exec(dom);
  if (!m || !m[1]) throw new Error(`${name} wrote no verdict\n${dom.slice(-1500)}\n${stderr.slice(-1500)}`);
  const verdict = JSON.parse(decodeURIComponent(m[1]));
  t.diagnostic(`${name}: ${JSON.stringify(verdict.counts)}; ${(budget / 1000).toFixed(0)} s of virtual time in ${(ms / 1000).toFixed(1)} s`);
  return verdict;
}

function assertClean(verdict) {
  assert.deepEqual(verdict.errors, [], "errors in the page (a CSP violation is one)");
  assert.deepEqual(verdict.failures, [], "failed checks in the page");
  assert.ok(verdict.ok);
}

// ---- the tests ---------------------------------------------------------------------
test("html and script_json: Python's and Node's bytes are the same", () => {
  if (pythonError) throw pythonError;
  ALL.forEach((c, i) => {
    for (const k of ["html", "script_json", "json"]) assert.equal(fromPython[i][k], fromNode[i][k], `${c.id}: ${k}`);
  });
  // The cases are what they claim: the spoken texts differ from the visible ones, and
  // the countdown's spoken text swaps at other instants; the words are in the markup escaped.
  const e = Object.fromEntries(MARKUP_CASES.map((c) => [c.id, expected(c)]));
  assert.deepEqual([e["relative-short"].entries[0][0], e["relative-short"].spokenEntries[0][0]], ["5 min. ago", "5 minutes ago"]);
  assert.notDeepEqual(e.countdown.entries.slice(0, 3).map((x) => x[1]), e.countdown.spokenEntries.slice(0, 3).map((x) => x[1]));
  assert.equal(e.word.entries[0][0], WORD);
  assert.ok(out.word.html.includes(">&lt;b title=&quot;x&quot;&gt;&amp;amp;&#39;y&#39;&lt;/b&gt;</feed-date>"), out.word.html.slice(-200));
  assert.ok(out["relative-short"].html.includes(" data-spoken-schedule=") && !out["chat-zh"].html.includes("data-spoken"));
  for (const c of SCRIPT_CASES) {
    const s = out[c.id].script_json;
    assert.notEqual(s, out[c.id].json, `${c.id}: script_json is the plain wire`);
    assert.doesNotMatch(s, /[<>&\u2028\u2029]/, `${c.id}: ${s.slice(0, 120)}`);
    assert.deepEqual(JSON.parse(s), JSON.parse(out[c.id].json));
  }
});

test("chromium: html() parsed under the strict CSP gives time[datetime], the title, the label, and the spoken span swapped at its own instants", async (t) => {
  const verdict = await run(t, "markup.html", DURATION + 15000);
  assertClean(verdict);
  const { texts, ariaLive, hidden } = verdict.extra;
  t.diagnostic(`texts seen: ${Object.entries(texts).map(([k, v]) => `${k} ${v.length}`).join(", ")}; spoken spans ${JSON.stringify(hidden)}`);
  assert.equal(ariaLive, 0);
  const watched = CLIENT_START + DURATION - 1000; // entries due by then were all shown (the harness checks the instants)
  const labels = [];
  for (const c of MARKUP_CASES) {
    const e = expected(c);
    if (e.spokenEntries) labels.push([c.id + " visible", e.entries], [c.id + " spoken", e.spokenEntries]);
    else labels.push([c.id, e.entries]);
  }
  assert.deepEqual(Object.keys(texts).sort(), labels.map(([id]) => id).sort());
  for (const [id, list] of labels) {
    const seen = texts[id], due = list.filter(([, from]) => from <= watched).length;
    assert.deepEqual(seen, list.slice(0, seen.length).map(([text]) => text), `${id}: the texts shown in order`);
    assert.ok(seen.length >= due && due >= 2, `${id}: ${seen.length} texts shown, ${due} due`);
  }
  // The countdown: the visible text ten times a second, the spoken one once a second.
  assert.ok(texts["countdown visible"].length > 5 * texts["countdown spoken"].length, JSON.stringify(Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v.length]))));
});

function assertSafe(x) {
  assertClean(x.verdict);
  const e = x.verdict.extra;
  assert.equal(e.pwned, null, "the injected handler ran");
  assert.equal(e.images, 0, "an <img> was made from the data");
  assert.equal(e.scripts, e.authored, "<script> elements");
  assert.equal(e.after, true);
  const [a, b] = SCRIPT_CASES.map((c) => JSON.parse(out[c.id].json));
  assert.deepEqual(e.data, { value: a }, "#data parses to the plain wire");
  assert.deepEqual(e.data2, { value: b }, "#data2 parses to the plain wire");
  assert.deepEqual(e.inline, a, "window.data is the plain wire");
  assert.deepEqual(e.inline2, b, "window.data2 is the plain wire");
  assert.equal(e.data.value.labels[0][0], BREAK_OUT);
  assert.equal(e.data2.value.labels[0][0], SWALLOW);
}

test("chromium: script_json raw in <script> (no CSP): runs nothing, makes no element, parses to the wire", async (t) => {
  assertSafe({ verdict: await run(t, "script.html", 3000) });
});

test("chromium: script_json raw in <script> under the strict CSP with a nonce for the inline script: the same", async (t) => {
  assertSafe({ verdict: await run(t, "script-nonce.html", 3000) });
});

test("chromium: the control: the plain wire raw in <script> runs the caller's handler and breaks the page (the checks above can fail)", async (t) => {
  const verdict = await run(t, "script-plain.html", 3000);
  const e = verdict.extra;
  t.diagnostic(JSON.stringify({ pwned: e.pwned, images: e.images, scripts: e.scripts, after: e.after, data: e.data.error, data2: e.data2.error, failures: verdict.failures }));
  assert.equal(e.pwned, "1", "the control's handler did not run");
  assert.ok(e.images >= 1);
  assert.notEqual(e.scripts, e.authored);
  assert.equal(e.after, false);
  assert.ok(e.data.error && e.data2.error, "the control's blocks parsed");
  assert.equal(verdict.ok, false);
});
