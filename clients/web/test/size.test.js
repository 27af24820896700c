// SPEC 11: feed-date.js is at most 3,072 bytes after rjsmin and gzip -9. rjsmin
// comes from PyPI (make test-web puts it in build/web-venv and passes its Python
// in FEEDDATE_WEB_PYTHON); gzip is the command. The minified file must still work.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");
const { SOURCE_FILE, ROOT, realm } = require("./helpers.js");

const LIMIT = 3072;
const python = process.env.FEEDDATE_WEB_PYTHON || "python3";
const OUT = path.join(ROOT, "build/web");

function minify() {
  try {
    return execFileSync(python, ["-m", "rjsmin"], { input: fs.readFileSync(SOURCE_FILE) });
  } catch (e) {
    throw new Error(`${python} -m rjsmin failed (${e.message.split("\n")[0]}): make test-web installs rjsmin into build/web-venv`);
  }
}

test(`feed-date.js is at most ${LIMIT} bytes after rjsmin and gzip -9`, (t) => {
  const min = minify();
  const gz = execFileSync("gzip", ["-9", "-n", "-c"], { input: min });
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, "feed-date.min.js"), min);
  fs.writeFileSync(path.join(OUT, "feed-date.min.js.gz"), gz);
  const line = `feed-date.js: ${fs.statSync(SOURCE_FILE).size} bytes, ${min.length} after rjsmin, ${gz.length} after gzip -9 (limit ${LIMIT})`;
  t.diagnostic(line);
  fs.writeFileSync(path.join(OUT, "size.txt"), line + "\n");
  assert.ok(min.length > 1000 && min.length < fs.statSync(SOURCE_FILE).size, "rjsmin did minify");
  assert.ok(gz.length <= LIMIT, line);
});

test("the minified feed-date.js behaves the same", () => {
  const NOW = 1711348200000;
  const r = realm({ start: NOW - 1, source: minify().toString("utf8") });
  const el = r.element();
  r.FeedDate.attach(el, `{"v":1,"now":${NOW},"labels":[["a",0],["b",1000]],"until":${NOW + 2000}}`);
  assert.equal(el.textContent, "a");
  r.advance(NOW + 1000);
  assert.equal(el.textContent, "b");
  r.advance(NOW + 2000);
  assert.equal(el.events.length, 1);
  assert.throws(() => r.FeedDate.attach(el, "{}"), r.TypeError);
  assert.equal(r.maxPending(), 1);
  // and in a bare realm (no timers, no DOM): pick alone
  const ctx = require("node:vm").createContext({});
  require("node:vm").runInContext(minify().toString("utf8"), ctx);
  assert.deepEqual(Object.keys(ctx.FeedDate), ["pick"]);
  assert.deepEqual(JSON.parse(JSON.stringify(ctx.FeedDate.pick(`{"v":1,"now":${NOW},"labels":[["a",0],["b",1000]],"until":${NOW + 2000}}`, NOW + 1000))),
    { text: "b", index: 1, next: NOW + 2000 });
});
