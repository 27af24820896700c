// Tests/vectors/schedule/schedule-1.2.jsonl is a copy of the contract's
// ../shared/vectors/schedule-1.2.jsonl (when this repo sits in the project's
// workspace): it must stay byte-identical.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { ROOT } = require("./helpers.js");

test("Tests/vectors/schedule/schedule-1.2.jsonl matches ../shared/vectors/schedule-1.2.jsonl", (t) => {
  const copy = path.join(ROOT, "Tests/vectors/schedule/schedule-1.2.jsonl");
  const shared = path.join(ROOT, "../shared/vectors/schedule-1.2.jsonl");
  assert.ok(fs.existsSync(copy), `no ${copy}`);
  if (!fs.existsSync(shared)) return t.diagnostic(`no ${shared} here; using the copy`);
  assert.ok(fs.readFileSync(copy).equals(fs.readFileSync(shared)),
    `the copy differs: cp ../shared/vectors/schedule-1.2.jsonl Tests/vectors/schedule/ and make the suites pass`);
});
