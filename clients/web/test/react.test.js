// react.js in Node, with Debian's React 18 (NODE_PATH=/usr/share/nodejs): the
// server's render is the schedule's first entry, for every vector; the browser
// test (browser.test.js) hydrates it.
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
        `<feed-date class="when">${text}</feed-date>`, v.name);
      assert.equal(ReactDOMServer.renderToStaticMarkup(React.createElement(FeedDate, { schedule })),
        `<feed-date>${text}</feed-date>`, v.name);
    }
    const odd = { v: 1, now: 0, labels: [["<b>\"&'</b>", 0]], until: null };
    assert.equal(ReactDOMServer.renderToStaticMarkup(React.createElement(FeedDate, { schedule: odd })),
      "<feed-date>&lt;b&gt;&quot;&amp;&#x27;&lt;/b&gt;</feed-date>");
  } finally {
    console.error = saved;
  }
  assert.deepEqual(errors, [], "no React warning on the server");
});
