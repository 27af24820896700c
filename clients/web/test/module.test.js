// feed-date.mjs is feed-date.js as an ES module, with no logic of its own: it
// imports feed-date.js and exports exactly FeedDate's names.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { pathToFileURL } = require("node:url");
const { WEB } = require("./helpers.js");

const MJS = path.join(WEB, "feed-date.mjs");

test("feed-date.mjs exports FeedDate's names, the same functions", async () => {
  const mod = await import(pathToFileURL(MJS).href);
  const FeedDate = globalThis.FeedDate;
  assert.ok(FeedDate, "importing the module defined globalThis.FeedDate");
  assert.equal(mod.default, FeedDate);
  assert.deepEqual(Object.keys(mod).filter((k) => k !== "default").sort(), Object.keys(FeedDate).sort());
  for (const name of Object.keys(FeedDate)) assert.equal(mod[name], FeedDate[name], name);
  assert.equal(require("../feed-date.js"), FeedDate, "require() gives the same FeedDate");
});

test("feed-date.mjs holds no logic: an import, one const, exports", () => {
  const code = fs
    .readFileSync(MJS, "utf8")
    .replace(/\/\/.*$/gm, "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  assert.deepEqual(code, [
    'import "./feed-date.js";',
    "const FeedDate = globalThis.FeedDate;",
    code[2], // the named exports, checked by name above
    "export default FeedDate;",
  ]);
  assert.match(code[2], /^export const \{ [\w, ]+ \} = FeedDate;$/);
});
