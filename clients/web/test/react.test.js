// react.js in Node, with Debian's React 18 (NODE_PATH=/usr/share/nodejs): the
// server's render is the schedule's first entry, for every vector, from the wire
// object or its JSON text; a malformed schedule renders the fallback and is
// reported, never thrown; the browser test (browser.test.js) hydrates it.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { loadVectors } = require("./helpers.js");

function need(name) {
  try {
    return require(name);
  } catch (e) {
    throw new Error(`cannot load ${name} (${e.code}): apt-get install node-react node-react-dom, and run with NODE_PATH=/usr/share/nodejs`);
  }
}
const React = need("react");
const ReactDOMServer = need("react-dom/server");
const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

test("React is 18", () => assert.match(React.version, /^18\./));

test("react.js in Node: a FeedDate component, and feed-date.js loaded", () => {
  const mod = require("../react.js");
  assert.deepEqual(Object.keys(mod), ["FeedDate"]);
  assert.equal(typeof mod.FeedDate, "function");
  assert.ok(globalThis.FeedDate && typeof globalThis.FeedDate.attach === "function");
});

test("the server renders each vector's entry at its now, with className", () => {
  const { FeedDate } = require("../react.js");
  const errors = [];
  const saved = console.error;
  console.error = (...a) => errors.push(a.join(" "));
  try {
    for (const v of loadVectors()) {
      const schedule = JSON.parse(v.json);
      const text = escape(v.entries[0][0]);
      assert.equal(ReactDOMServer.renderToString(React.createElement(FeedDate, { schedule, className: "when" })),
        `<feed-date class="when" dir="auto">${text}</feed-date>`, v.name);
      assert.equal(ReactDOMServer.renderToStaticMarkup(React.createElement(FeedDate, { schedule })),
        `<feed-date dir="auto">${text}</feed-date>`, v.name);
      assert.equal(ReactDOMServer.renderToStaticMarkup(React.createElement(FeedDate, { schedule: v.json })),
        `<feed-date dir="auto">${text}</feed-date>`, v.name + " (the JSON text)");
    }
    const odd = { v: 1, now: 0, labels: [["<b>\"&'</b>", 0]], until: null };
    assert.equal(ReactDOMServer.renderToStaticMarkup(React.createElement(FeedDate, { schedule: odd })),
      "<feed-date dir=\"auto\">&lt;b&gt;&quot;&amp;&#x27;&lt;/b&gt;</feed-date>");
  } finally {
    console.error = saved;
  }
  assert.deepEqual(errors, [], "no React warning on the server");
});

const BAD = [
  ["not JSON", "{"],
  ["undefined", undefined],
  ["d0 not 0", { v: 1, now: 0, labels: [["a", 5]], until: null }],
  ["equal texts", '{"v":1,"now":0,"labels":[["a",0],["a",5]],"until":null}'],
  ["v 2", { v: 2, now: 0, labels: [["a", 0]], until: null }],
];

test("a malformed schedule renders the fallback (default nothing) and goes to onError, never thrown", () => {
  const { FeedDate } = require("../react.js");
  for (const [what, schedule] of BAD) {
    const seen = [];
    const html = ReactDOMServer.renderToStaticMarkup(
      React.createElement(FeedDate, { schedule, fallback: React.createElement("i", null, "?"), onError: (e) => seen.push(e) }));
    assert.equal(html, "<i>?</i>", what);
    assert.equal(seen.length, 1, what + ": reported once");
    assert.ok(seen[0] instanceof TypeError, what + ": " + seen[0]);
    assert.equal(ReactDOMServer.renderToStaticMarkup(React.createElement(FeedDate, { schedule, onError: () => {} })), "", what);
  }
  // Without onError: console.error; an onError that throws is swallowed too.
  const saved = console.error, logged = [];
  console.error = (...a) => logged.push(a);
  try {
    assert.equal(ReactDOMServer.renderToStaticMarkup(React.createElement(FeedDate, { schedule: "{" })), "");
    assert.equal(ReactDOMServer.renderToStaticMarkup(React.createElement(FeedDate, { schedule: "{", onError: () => { throw new Error("x"); } })), "");
  } finally {
    console.error = saved;
  }
  assert.equal(logged.length, 1);
  assert.ok(logged[0][0] instanceof TypeError);
});

test("a bad schedule in a server-rendered list of 20 leaves 19 rows and the fallback (renderToString and renderToPipeableStream)", async () => {
  const { FeedDate } = require("../react.js");
  const { PassThrough } = require("node:stream");
  const NOW = 1711348200000;
  const rows = Array.from({ length: 20 }, (_, i) =>
    i === 7 ? '{"v":1,"now":0,"labels":[["a",3]],"until":null}' : JSON.stringify({ v: 1, now: NOW, labels: [["row " + i, 0], ["later", 1000]], until: null }));
  const errors = [];
  const app = React.createElement("ul", null, rows.map((s, i) =>
    React.createElement("li", { key: i }, React.createElement(FeedDate, { schedule: s, fallback: "(no time)", onError: (e) => errors.push([i, e]) }))));
  const check = (html) => {
    assert.equal((html.match(/<feed-date dir="auto">row \d+<\/feed-date>/g) || []).length, 19, html);
    assert.equal((html.match(/<li>\(no time\)<\/li>/g) || []).length, 1, html);
  };
  check(ReactDOMServer.renderToString(app));
  const html = await new Promise((resolve, reject) => {
    let out = "";
    const sink = new PassThrough();
    sink.on("data", (d) => (out += d));
    sink.on("end", () => resolve(out));
    const stream = ReactDOMServer.renderToPipeableStream(app, { onAllReady: () => stream.pipe(sink), onShellError: reject, onError: reject });
  });
  check(html);
  assert.deepEqual(errors.map(([i]) => i), [7, 7]);
});
