// The web client in a real browser: Debian's chromium, headless, with virtual
// time (--virtual-time-budget), so that a minute of labels runs in about a second.
// Each page is served from 127.0.0.1 by a server in this process, runs the
// harness (pages/harness.js), and writes its verdict into the DOM, which
// --dump-dom prints. Pages: the <feed-date> element, FeedDate.attach, the ES
// module, React's hydration (and a control page whose mismatch must be seen);
// and SPEC 11's "Clients that hold up (1.3)" under a strict CSP: the README's
// stale handler on a clock 2 h ahead, 50,000 labels removed, 10,000 labels'
// lateness, a clock jump, a cached page, a bad React row, bidi isolation.
// A missing chromium fails these tests; they are never skipped.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");
const { WEB, loadVectors, chromium, haveChromium } = require("./helpers.js");

const REACT_UMD = process.env.FEEDDATE_REACT_UMD || "/usr/share/nodejs";
const BASE = 1711348200000; // every schedule is moved to start at this instant
const MINUTE = 60000;
// How late (ms of the page's virtual time) a swap or a stale event may come
// (never early): 4 ms, as a timer set by a timer's callback waits at least 4 ms
// once nested 5 deep (the HTML standard's clamp), when two labels swap 1 ms
// apart. While the page loads (its first second), virtual time runs with real
// time and a busy machine's delays: 100 ms then.
const LATE = "lateness: 4, settle: 1000, loadLateness: 100";

// ---- what the pages hold -------------------------------------------------
const vectors = loadVectors();
// Each vector's wire and entries moved so that its now is BASE.
const shifted = vectors.map((v, i) => {
  const shift = BASE - v.now_ms;
  const wire = JSON.parse(v.json);
  wire.now += shift;
  if (wire.until !== null) wire.until += shift;
  return { id: "l" + i, wire, entries: v.entries.map(([t, f]) => [t, f + shift]), until: wire.until };
});
// A label that needs HTML escaping, and one whose next swap is a year away.
const odd = { v: 1, now: BASE, labels: [["<b>&amp;\"'</b> 1", 0], ["<i>'\"&</i> 2", 20000]], until: BASE + 40000 };
const year = { v: 1, now: BASE, labels: [["this year", 0], ["next year", 365 * 86400000]], until: null };
const extra = [
  { id: "odd", wire: odd, entries: [[odd.labels[0][0], BASE], [odd.labels[1][0], BASE + 20000]], until: odd.until },
  { id: "year", wire: year, entries: [["this year", BASE], ["next year", BASE + 365 * 86400000]], until: null },
];
const all = shifted.concat(extra);

const attr = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
const html = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
// JSON inside <script>: no "</script>" or "<!--" can appear.
const js = (x) => JSON.stringify(x).replace(/</g, "\\u003c");
const expect = (labels) => labels.map(({ id, entries, until }) => ({ id, entries, until }));

// `before` loads ahead of the harness (React, which must keep the real setTimeout).
function page(title, head, body, before = "") {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
${before}<script src="/web/test/pages/harness.js"></script>
${head}
</head><body>
${body}
<pre id="verdict"></pre>
</body></html>
`;
}

// The <feed-date> element, as a server writes it; the client starts 5 s before
// the schedules' now and watches for 65 s.
function elementPage() {
  const labels = all
    .map((l) => `<feed-date id="${l.id}" data-schedule="${attr(JSON.stringify(l.wire))}">server text</feed-date>`)
    .join("\n");
  return page(
    "element",
    `<script src="/web/feed-date.js"></script>
<script>H.setOffset(${BASE - 5000} - Date.now(), FeedDate);</script>`,
    `${labels}
<script>
// The elements are attached once the document is parsed (their children, the
// server's text, come after the attribute): check from then on.
H.check(document.getElementById("l0").textContent === "server text", "attached while the document was parsed");
document.addEventListener("DOMContentLoaded", function () {
  H.start(${js(expect(all))}, {duration: 65000, ${LATE}});
});
</script>`
  );
}

// FeedDate.attach on elements made by script: objects and JSON text, replacing a
// decoy schedule; malformed wires throw TypeError; at the end every label leaves
// the document and the timer must go quiet.
function attachPage() {
  return page(
    "attach",
    `<script src="/web/feed-date.js"></script>`,
    `<div id="list"></div>
<script>
var LABELS = ${js(all.map((l) => ({ id: l.id, wire: l.wire, entries: l.entries, until: l.until })))};
H.setOffset(${BASE - 5000} - Date.now(), FeedDate);
var list = document.getElementById("list");
LABELS.forEach(function (l, i) {
  var el = document.createElement("span");
  el.id = l.id;
  el.textContent = "server text";
  list.appendChild(el);
  FeedDate.attach(el, {v: 1, now: ${BASE}, labels: [["decoy", 0], ["decoy 2", 1000]], until: ${BASE + 2000}});
  var r = FeedDate.attach(el, i % 2 ? JSON.stringify(l.wire) : l.wire);
  H.check(r === undefined, "attach returned " + r);
});
[
  "{", "null", '{"v":2,"now":0,"labels":[["a",0]],"until":null}', {v: 1, now: 0, labels: [], until: null},
  {v: 1, now: 0, labels: [["a", -1]], until: null}, {v: 1, now: 0, labels: [["a", 0]], until: 0},
  {v: 1, now: 0.5, labels: [["a", 0]], until: null}, {v: 1, now: 0, labels: [[1, 0]], until: null}
].forEach(function (bad, i) {
  var el = document.getElementById("l0");
  try { FeedDate.attach(el, bad); H.fail("malformed wire " + i + " accepted"); }
  catch (e) { H.check(e instanceof TypeError, "malformed wire " + i + ": " + e); }
});
H.start(LABELS, {duration: 65000, ${LATE}, then: function (done) {
  // Every label but the year-long one leaves the document: no text is written
  // to them any more; the timer's next run (the countdown in tenths would wake
  // it every 100 ms) drops those due, and each later one when it comes due;
  // the year-long swap is never early (the timer waits 60 s at most, SPEC 11
  // 1.3). refresh() drops every label not in the document, and the timer with
  // the last one.
  var last = LABELS[LABELS.length - 1];
  LABELS.forEach(function (l) { if (l !== last) { l.removed = true; l.el.remove(); } });
  H.setTimeout(function () {
    H.check(H.pending() === 1, H.pending() + " timers pending for the year-long label");
    var yearText = last.el.textContent;
    last.removed = true;
    last.el.remove();
    FeedDate.refresh();
    H.check(H.pending() === 0, H.pending() + " timers pending after every label left the document");
    done({yearText: yearText});
  }, 1000);
}});
</script>`
  );
}

// The ES module alone (no classic script), attach and the element; then the
// classic script is loaded too, and must keep the module's FeedDate.
function modulePage() {
  const some = all.filter((l, i) => i % 3 === 0 || l.id === "odd" || l.id === "l11");
  return page(
    "module",
    ``,
    `<div id="list"></div>
<feed-date id="${all[1].id}" data-schedule="${attr(JSON.stringify(all[1].wire))}">server text</feed-date>
<script type="module">
import FeedDate, { attach, setClockOffset, refresh } from "/web/feed-date.mjs";
var LABELS = ${js(some.map((l) => ({ id: l.id, wire: l.wire, entries: l.entries, until: l.until })))};
H.check(typeof window.FeedDate === "object" && window.FeedDate === FeedDate, "the module's default is globalThis.FeedDate");
H.check(attach === FeedDate.attach && setClockOffset === FeedDate.setClockOffset && refresh === FeedDate.refresh, "named exports");
H.setOffset(${BASE - 5000} - Date.now(), { setClockOffset: setClockOffset });
var list = document.getElementById("list");
LABELS.forEach(function (l) {
  var el = document.createElement("span");
  el.id = l.id;
  list.appendChild(el);
  attach(el, JSON.stringify(l.wire));
});
LABELS.push(${js({ id: all[1].id, entries: all[1].entries, until: all[1].until })});
refresh();
H.start(LABELS, {duration: 65000, ${LATE}, then: function (done) {
  var s = document.createElement("script");
  s.src = "/web/feed-date.js";
  s.onload = function () {
    H.check(window.FeedDate === FeedDate, "loading feed-date.js after the module replaced FeedDate");
    done();
  };
  s.onerror = function () { H.fail("could not load feed-date.js"); done(); };
  document.head.appendChild(s);
}});
</script>`
  );
}

// React: the server's render (react-dom/server in this process) hydrated by the
// browser with React 18's development build, which reports mismatches through
// console.error and onRecoverableError; both are collected as errors. The client
// starts 2 s after the schedules' now, so the first render (the server's text)
// and the text after mounting differ where a label has swapped by then.
// With mismatch, the client's schedules differ: the control that errors are seen.
function reactPage(mismatch) {
  const React = require("react");
  const ReactDOMServer = require("react-dom/server");
  const { FeedDate } = require("../react.js");
  const makeApp = require("./pages/react-app.js");
  const labels = all.filter((l) => l.id !== "year");
  const schedules = labels.map((l) => l.wire);
  const server = ReactDOMServer.renderToString(makeApp(React, FeedDate, schedules));
  return page(
    "react" + (mismatch ? " mismatch" : ""),
    `<script src="/web/feed-date.js"></script>
<script src="/web/react.js"></script>
<script src="/web/test/pages/react-app.js"></script>`,
    `<div id="root">${server}</div>
<script>
var SCHEDULES = ${js(schedules)}, LABELS = ${js(expect(labels))};
${mismatch ? "SCHEDULES[0] = JSON.parse(JSON.stringify(SCHEDULES[0])); SCHEDULES[0].labels[0][0] += ' (client)';" : ""}
H.setOffset(${BASE + 2000} - Date.now(), FeedDate);
var root = ReactDOM.hydrateRoot(document.getElementById("root"),
  FeedDateTestApp(React, FeedDateReact.FeedDate, SCHEDULES, function () {
    LABELS.forEach(function (l, i) { l.el = document.querySelector("#r" + i + " > feed-date"); });
    H.start(LABELS, {duration: ${mismatch ? 1000 : 60000}, ${LATE}, then: function (done) {
      // Unmounting removes the labels: the timer stops at once.
      root.unmount();
      LABELS.forEach(function (l) { l.removed = true; });
      H.check(H.pending() === 0, H.pending() + " timers pending after unmount");
      done();
    }});
  }),
  { onRecoverableError: function (e) { H.error("onRecoverableError: " + (e && e.message)); } });
</script>`,
    // React first: it keeps the real setTimeout, so only the client's timers are counted.
    `<script src="/react/umd/react.development.js"></script>
<script src="/react-dom/umd/react-dom.development.js"></script>
`
  );
}

// ---- SPEC 11 "Clients that hold up (1.3)" ------------------------------------
// Pages with no inline script, served under a strict Content-Security-Policy (a
// violation is an error in the verdict); their scripts are test/pages/*.js and
// the README's own blocks (/readme/*.js, taken from README.md as written).
const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'";
const HARNESS = `<script src="/web/test/pages/harness.js"></script>`;
const CLIENT = `<script src="/web/feed-date.js"></script>`;
const counters = { schedule: 0, now: 0 };

function strictPage(title, head, body, bodyAttrs = "") {
  return {
    csp: STRICT_CSP,
    body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
${head}
</head><body${bodyAttrs}>
${body}
<pre id="verdict"></pre>
</body></html>
`,
  };
}

// The one ```js block of README.md that holds marker.
function readmeBlock(marker) {
  const md = fs.readFileSync(path.join(WEB, "README.md"), "utf8");
  const blocks = [...md.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.includes(marker));
  if (blocks.length !== 1) throw new Error(`README.md has ${blocks.length} js blocks with ${marker}`);
  return blocks[0];
}
const README_JS = {
  "server-time.js": () => readmeBlock("FeedDate.setServerTime("),
  "stale.js": () => readmeBlock('"feeddate-stale"'),
};

// The endpoints the README's blocks call: /now (the server's Date.now() as
// text) and /schedule?id=N&from=MS (a schedule from `from` when it is within a
// day of the server's time, else from the server's time; over after 60 s).
function endpoint(url) {
  if (url.pathname === "/now") return counters.now++, String(Date.now());
  if (url.pathname !== "/schedule") return null;
  counters.schedule++;
  const id = url.searchParams.get("id"), from = Number(url.searchParams.get("from"));
  const now = url.searchParams.has("from") && Number.isInteger(from) && Math.abs(from - Date.now()) <= 86400000 ? from : Date.now();
  return JSON.stringify({ v: 1, now, labels: [["fresh " + id, 0], ["fresher " + id, 30000]], until: now + 60000 });
}

// Five labels whose schedules the server wrote from its time, on a client 2 h
// ahead: over on arrival. The README's stale handler must not storm.
function stormPage() {
  const T = Date.now();
  const labels = [0, 1, 2, 3, 4].map((i) => {
    const wire = { v: 1, now: T, labels: [["server " + i, 0], ["later " + i, 30000]], until: T + 60000 };
    return `<feed-date data-id="${i}" data-schedule="${attr(JSON.stringify(wire))}">server ${i}</feed-date>`;
  });
  return strictPage("storm", `${HARNESS}\n<script src="/web/test/pages/storm.js"></script>\n${CLIENT}\n<script src="/readme/stale.js" defer></script>`,
    labels.join("\n"));
}

// A page a cache kept: its schedule and its server time 10.5 min old.
function cachedPage() {
  const now0 = Date.now() - 630000;
  const labels = [];
  for (let i = 0; i <= 30; i++) labels.push([i + " min", i ? 60000 : 0]);
  const wire = { v: 1, now: now0, labels, until: null };
  return strictPage("cached", `${HARNESS}\n${CLIENT}\n<script src="/readme/server-time.js" defer></script>`,
    `<p><feed-date id="label" data-schedule="${attr(JSON.stringify(wire))}">0 min</feed-date> <span id="control">0 min</span></p>
<script src="/web/test/pages/cached.js"></script>`, ` data-server-now="${now0}"`);
}

function jumpPage() {
  return strictPage("jump", `${HARNESS}\n${CLIENT}`, `<p><feed-date id="chat">9:32 AM</feed-date></p>\n<script src="/web/test/pages/jump.js"></script>`);
}

// Labels that would reorder the page unisolated, each with an unisolated control.
function bidiPage() {
  const T = Date.now();
  const one = (text) => attr(JSON.stringify({ v: 1, now: T, labels: [[text, 0]], until: null }));
  const RLO = "\u202Eevil label", AR = "منذ ٥ دقائق";
  const shown = { v: 1, now: T, labels: [["5m", 0], ["6m", 60000]], until: null };
  const spoken = { v: 1, now: T, labels: [["5 minutes ago", 0], ["6 minutes ago", 60000]], until: null };
  return strictPage("bidi", `${HARNESS}\n${CLIENT}\n<script src="/web/test/pages/bidi.js"></script>`, `
<p><feed-date id="rlo" data-schedule="${one(RLO)}">x</feed-date> <span id="after1">after 123</span></p>
<p><span id="ctl1">${RLO}</span> <span id="after2">after 123</span></p>
<p><feed-date id="ar" data-schedule="${one(AR)}">x</feed-date> <span id="num1">42</span> replies</p>
<p><span id="ctl2">${AR}</span> <span id="num2">42</span> replies</p>
<p><feed-date id="spoken" data-schedule="${attr(JSON.stringify(shown))}" data-spoken-schedule="${attr(JSON.stringify(spoken))}">5m</feed-date></p>`);
}

function swapsPage() {
  return strictPage("swaps", `${HARNESS}\n${CLIENT}\n<script src="/web/test/pages/swaps.js"></script>`, "");
}

function perfPage() {
  return strictPage("perf", `${HARNESS}\n${CLIENT}\n<script src="/web/test/pages/perf.js"></script>`, "");
}

// React: a list of 20 rows (the vectors' schedules as JSON text, and one
// malformed), rendered here and hydrated from a JSON data block.
function reactBadPage() {
  const React = require("react");
  const ReactDOMServer = require("react-dom/server");
  const { FeedDate } = require("../react.js");
  const makeApp = require("./pages/react-app.js");
  const schedules = all.filter((l) => l.id !== "year").map((l) => JSON.stringify(l.wire));
  schedules.splice(7, 0, JSON.stringify({ v: 1, now: BASE, labels: [["bad", 1000]], until: null }));
  const server = ReactDOMServer.renderToString(makeApp(React, FeedDate, schedules, null, { fallback: "(no time)", onError: () => {} }));
  const data = JSON.stringify(schedules).replace(/[<>&\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  return strictPage("react-bad", `<script src="/react/umd/react.development.js"></script>
<script src="/react-dom/umd/react-dom.development.js"></script>
${HARNESS}
${CLIENT}
<script src="/web/react.js"></script>
<script src="/web/test/pages/react-app.js"></script>`,
  `<div id="root">${server}</div>
<script type="application/json" id="feeddate-schedules">${data}</script>
<script src="/web/test/pages/hydrate.js"></script>`, ` data-client-now="${BASE + 2000}"`);
}

// ---- the server --------------------------------------------------------------
const TYPES = { ".js": "text/javascript", ".mjs": "text/javascript", ".html": "text/html; charset=utf-8" };
const ROOTS = { web: WEB, react: path.join(REACT_UMD, "react"), "react-dom": path.join(REACT_UMD, "react-dom") };
const PAGES = {
  "element.html": elementPage,
  "attach.html": attachPage,
  "module.html": modulePage,
  "react.html": () => reactPage(false),
  "react-mismatch.html": () => reactPage(true),
  "storm.html": stormPage,
  "cached.html": cachedPage,
  "jump.html": jumpPage,
  "bidi.html": bidiPage,
  "perf.html": perfPage,
  "swaps.html": swapsPage,
  "react-bad.html": reactBadPage,
};

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    const [, top, ...rest] = url.pathname.split("/");
    let body = null, type = TYPES[path.extname(url.pathname)] || "application/octet-stream", csp = null;
    try {
      if (top === "page" && PAGES[rest.join("/")]) body = PAGES[rest.join("/")]();
      else if (top === "readme" && README_JS[rest.join("/")]) body = README_JS[rest.join("/")]();
      else if (url.pathname === "/now" || url.pathname === "/schedule") (body = endpoint(url)), (type = "text/plain");
      else if (ROOTS[top]) {
        const file = path.resolve(ROOTS[top], ...rest);
        if (file.startsWith(ROOTS[top] + path.sep)) body = fs.readFileSync(file);
      }
    } catch (e) {
      if (e.code !== "ENOENT") throw e;
    }
    if (body === null) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("not found: " + url.pathname);
    }
    if (body && body.csp) (csp = body.csp), (body = body.body);
    res.writeHead(200, { "content-type": type, "cache-control": "no-store", ...(csp ? { "content-security-policy": csp } : {}) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// ---- the browser ---------------------------------------------------------------
const dumpDom = (url, budget) => chromium(url, [`--virtual-time-budget=${budget}`, "--dump-dom"]);

function verdictOf(dom, stderr) {
  const m = /<pre id="verdict">([^<]*)<\/pre>/.exec(dom);
  if (!m || !m[1]) throw new Error("the page wrote no verdict (did its virtual time run out?)\n" + dom.slice(-1500) + "\n" + stderr.slice(-1500));
  return JSON.parse(decodeURIComponent(m[1]));
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
  const { stdout: dom, ms, stderr } = await dumpDom(`${origin}/page/${name}`, budget);
  const verdict = verdictOf(dom, stderr);
  t.diagnostic(`${name}: ${JSON.stringify(verdict.counts)}; ${(budget / 1000).toFixed(0)} s of virtual time in ${(ms / 1000).toFixed(1)} s`);
  return { verdict, ms };
}

function assertOk(verdict) {
  assert.deepEqual(verdict.errors, [], "errors in the page");
  assert.deepEqual(verdict.failures, [], "failed checks in the page");
  assert.ok(verdict.ok);
  assert.ok(verdict.counts.maxPending === 1, `max pending timers ${verdict.counts.maxPending}`);
}

test("chromium: <feed-date data-schedule> swaps on time with one timer, stale events", async (t) => {
  const { verdict, ms } = await run(t, "element.html", 80000);
  assertOk(verdict);
  assert.equal(verdict.counts.labels, all.length);
  assert.ok(verdict.counts.swaps >= 600, `only ${verdict.counts.swaps} swaps in a minute`);
  const stale = all.filter((l) => l.until !== null && l.until <= BASE + MINUTE).length;
  assert.equal(verdict.counts.stale, stale);
  assert.ok(verdict.counts.maxDelay <= 60000, `delay ${verdict.counts.maxDelay}: the timer waits 60 s at most`);
  assert.ok(ms < 30000, `a minute of labels took ${ms} ms of real time`);
});

test("chromium: FeedDate.attach (object, text, replacing, malformed), removed labels stop the timer", async (t) => {
  const { verdict } = await run(t, "attach.html", 80000);
  assertOk(verdict);
  assert.equal(verdict.extra.yearText, "this year", "the year-long swap did not come early");
  assert.ok(verdict.counts.maxDelay <= 60000, `largest delay ${verdict.counts.maxDelay}: the timer waits 60 s at most`);
});

test("chromium: feed-date.mjs as an ES module, and one FeedDate with the classic script", async (t) => {
  const { verdict } = await run(t, "module.html", 80000);
  assertOk(verdict);
  assert.ok(verdict.counts.labels >= 7 && verdict.counts.swaps >= 600, JSON.stringify(verdict.counts));
});

test("chromium: React hydrates the server's render without a mismatch, then follows the timer", async (t) => {
  const { verdict } = await run(t, "react.html", 80000);
  assertOk(verdict);
  assert.equal(verdict.counts.labels, all.length - 1);
  assert.ok(verdict.counts.swaps >= 600, JSON.stringify(verdict.counts));
});

test("chromium: the control page's hydration mismatch is seen (the check above can fail)", async (t) => {
  const { verdict } = await run(t, "react-mismatch.html", 20000);
  t.diagnostic("seen: " + verdict.errors.map((e) => e.split("\n")[0].slice(0, 100)).join(" | "));
  assert.ok(verdict.errors.some((e) => /did not match|does not match|hydrat/i.test(e)), JSON.stringify(verdict.errors));
});

// ---- SPEC 11 "Clients that hold up (1.3)" in chromium ----------------------------

function assertClean(verdict) {
  assert.deepEqual(verdict.errors, [], "errors in the page (a CSP violation is one)");
  assert.deepEqual(verdict.failures, [], "failed checks in the page");
  assert.ok(verdict.ok);
  assert.ok(verdict.counts.maxPending <= 1, `max pending timers ${verdict.counts.maxPending}`);
}

test("chromium: the README's stale handler with the client's clock 2 h ahead sends at most 10 requests in 5 s", async (t) => {
  counters.schedule = 0;
  const { verdict } = await run(t, "storm.html", 10000);
  t.diagnostic(`requests in the page's first 5 s: ${verdict.extra.requests}; by the server in 10 s: ${counters.schedule}`);
  assertClean(verdict);
  assert.ok(verdict.extra.requests <= 10, `${verdict.extra.requests} requests`);
  assert.ok(counters.schedule >= 5 && counters.schedule <= 10, `the server got ${counters.schedule} requests in 10 s`);
});

test("chromium: 45,000 of 50,000 same-instant labels are removed in under 1 s", async (t) => {
  const { verdict } = await run(t, "perf.html", 20000);
  t.diagnostic(`ms, same instant: ${JSON.stringify(verdict.extra.same)}; spread: ${JSON.stringify(verdict.extra.spread)}`);
  assertClean(verdict);
  assert.ok(verdict.extra.same.remove < 1000, `${verdict.extra.same.remove} ms`);
});

test("chromium: 10,000 labels swapping 10,000 times a second: how late (p99 at most 50 ms)", async (t) => {
  const { verdict } = await run(t, "swaps.html", 12000);
  t.diagnostic(`swaps ${verdict.extra.swaps}, late by p50 ${verdict.extra.p50} ms, p99 ${verdict.extra.p99} ms, max ${verdict.extra.max} ms`);
  assertClean(verdict);
  assert.ok(verdict.extra.p99 <= 50, `p99 ${verdict.extra.p99} ms`);
});

test("chromium: a wall-clock jump to 1 h past the next midnight (no visibilitychange) is caught within 60 s, and a jump back", async (t) => {
  const { verdict } = await run(t, "jump.html", 140000);
  t.diagnostic(`caught after ${verdict.extra.forwardMs} ms (forward), ${verdict.extra.backMs} ms (back)`);
  assertClean(verdict);
  assert.ok(verdict.extra.forwardMs <= 60000 && verdict.extra.backMs <= 60000, JSON.stringify(verdict.extra));
});

test("chromium: a cached page is right with the README's setServerTime (the 1.2 offset, the control, is not)", async (t) => {
  counters.now = 0;
  const { verdict } = await run(t, "cached.html", 10000);
  t.diagnostic(JSON.stringify(verdict.extra));
  assertClean(verdict);
  assert.equal(verdict.extra.control, "0 min");
  assert.deepEqual(verdict.extra.right, ["10 min", "10 min"]);
  assert.deepEqual(verdict.extra.after, ["10 min", "10 min"]);
  assert.equal(counters.now, 1);
});

test("chromium: a bad schedule in a React list of 20 leaves 19 rows and the fallback (hydrated from a JSON data block, strict CSP)", async (t) => {
  const { verdict } = await run(t, "react-bad.html", 20000);
  assertClean(verdict);
  assert.deepEqual(verdict.extra, { rows: 20, labels: 19, fallbacks: 1, reported: 1 });
  assert.ok(verdict.counts.swaps >= 19, JSON.stringify(verdict.counts));
});

test("chromium: a U+202E label leaves the next text in order; a number after an Arabic label stays after it", async (t) => {
  const { verdict } = await run(t, "bidi.html", 3000);
  t.diagnostic(JSON.stringify(verdict.extra));
  assertClean(verdict);
  assert.equal(verdict.extra.afterIsolated, true);
  assert.equal(verdict.extra.afterControl, false, "the control reorders");
  assert.equal(verdict.extra.numberAfterLabel, true);
  assert.equal(verdict.extra.numberAfterControl, false, "the control reorders");
});
