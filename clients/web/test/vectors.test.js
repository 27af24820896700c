// Every schedule vector (Tests/vectors/schedule/*.jsonl, or FEEDDATE_SCHEDULE_VECTORS)
// through feed-date.js with a fake clock: the client must show each entry's text
// from its from_ms to the next from - 1, swap by its one timer exactly then, and
// dispatch feeddate-stale once, at until_ms. And through FeedDate.pick in a bare
// realm (no DOM, no timers, no performance): the rule as a pure function.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const vm = require("node:vm");
const { loadVectors, realm, expectedAt, SOURCE_FILE } = require("./helpers.js");

const vectors = loadVectors();
const MAX_WAIT = 60000; // the one timer never waits longer (SPEC 11, 1.3)
const DAY = 86400000;
// Objects made in the test realm, as plain objects of this one.
const plain = (x) => JSON.parse(JSON.stringify(x));

test("the vectors' wire bytes hold their entries and until", () => {
  for (const v of vectors) {
    const w = JSON.parse(v.json);
    assert.equal(w.v, 1, v.name);
    assert.equal(w.now, v.now_ms, v.name);
    let from = w.now;
    const entries = w.labels.map(([text, d]) => [text, (from += d)]);
    assert.deepEqual(entries, v.entries, v.name);
    assert.equal(w.until, v.until_ms, v.name);
  }
});

for (const v of vectors) {
  const n = v.entries.length;
  const last = v.entries[n - 1];
  // When entry i stops showing: the next from, the until, or never.
  const endOf = (i) => (i + 1 < n ? v.entries[i + 1][1] : v.until_ms === null ? last[1] + DAY : v.until_ms);

  test(`timer: ${v.name}`, () => {
    const r = realm({ start: v.now_ms });
    const el = r.element("server text");
    assert.equal(r.FeedDate.attach(el, v.json), undefined);
    assert.equal(el.textContent, v.entries[0][0]);
    for (let i = 0; i < n; i++) {
      const [text, from] = v.entries[i];
      r.advance(from);
      assert.equal(el.textContent, text, `entry ${i} at its from ${from}`);
      r.advance(endOf(i) - 1);
      assert.equal(el.textContent, text, `entry ${i} at next from - 1 (${endOf(i) - 1})`);
      assert.ok(r.pending() <= 1);
    }
    assert.equal(el.events.length, 0, "no stale event before until");
    // One wake per swap and one for until, a wake further than 60 s away taking
    // one timer per 60 s (the cap): no other timer.
    const lastWake = v.until_ms === null ? last[1] : v.until_ms;
    if (v.until_ms !== null) r.advance(v.until_ms);
    const wakes = v.entries.slice(1).map(([, f]) => f).concat(v.until_ms === null ? [] : [v.until_ms]);
    let timers = 0, prev = v.now_ms;
    for (const w of wakes) (timers += Math.ceil((w - prev) / MAX_WAIT)), (prev = w);
    // (the last wake's run arms the next, the minute's wake; and a complete
    // schedule's has fired one a minute since)
    const after = 1 + (v.until_ms === null ? Math.floor((endOf(n - 1) - 1 - lastWake) / MAX_WAIT) : 0);
    assert.equal(r.delays.length - after, timers, "timers set up to the last wake");
    assert.ok(r.delays.every((d) => d >= 0 && d <= MAX_WAIT));
    assert.equal(r.maxPending(), 1);
    if (v.until_ms !== null) {
      assert.deepEqual(plain(el.events), [
        { type: "feeddate-stale", bubbles: true, detail: { until: v.until_ms, from: v.until_ms }, at: v.until_ms },
      ]);
      r.advance(v.until_ms + DAY);
      r.FeedDate.refresh();
      assert.equal(el.events.length, 1, "the stale event comes once");
    } else {
      r.FeedDate.refresh();
      assert.equal(el.events.length, 0, "a complete schedule never goes stale");
    }
    assert.equal(el.textContent, last[0], "the last text stays");
    assert.equal(r.pending(), 1, "the page's one timer, a wake a minute");
    assert.equal(r.nextTimer().delay, MAX_WAIT);
  });

  test(`pick: ${v.name}`, () => {
    const r = realm({ start: v.now_ms - 3600000 });
    const el = r.element();
    r.FeedDate.attach(el, JSON.parse(v.json)); // the object form
    assert.equal(el.textContent, v.entries[0][0], "before now: the first entry");
    for (let i = 0; i < n; i++) {
      for (const c of [v.entries[i][1], endOf(i) - 1]) {
        r.clock.t = c;
        r.FeedDate.refresh();
        assert.equal(el.textContent, v.entries[i][0], `at ${c}`);
      }
    }
  });
}

test("all vectors on one page share one timer", () => {
  // Each schedule moved to start at the same instant, then attached twice over
  // (36 labels); every label is checked at every instant any of them swaps.
  const base = 1711348200000;
  const r = realm({ start: base - 1000 });
  const labels = [];
  for (const v of vectors) {
    const shift = base - v.now_ms;
    const w = JSON.parse(v.json);
    w.now += shift;
    if (w.until !== null) w.until += shift;
    const entries = v.entries.map(([t, f]) => [t, f + shift]);
    for (let k = 0; k < 2; k++) {
      const el = r.element();
      r.FeedDate.attach(el, k ? JSON.stringify(w) : w);
      labels.push({ el, entries, until: w.until });
    }
  }
  const instants = new Set();
  for (const l of labels) {
    l.entries.forEach(([, f]) => instants.add(f));
    if (l.until !== null) instants.add(l.until);
  }
  const sorted = [...instants].sort((a, b) => a - b);
  assert.equal(r.pending(), 1);
  assert.equal(r.nextTimer().at, sorted.find((t) => t > base), "armed for the earliest swap of all");
  for (const t of sorted) {
    for (const c of [t - 1, t]) {
      r.advance(c);
      for (const l of labels) assert.equal(l.el.textContent, expectedAt(l.entries, c), `at ${c}`);
    }
  }
  r.advance(sorted[sorted.length - 1] + DAY);
  for (const l of labels) assert.equal(l.el.events.length, l.until === null ? 0 : 1);
  assert.equal(r.maxPending(), 1, "never more than one pending timer");
  assert.ok(r.delays.every((d) => d <= MAX_WAIT));
});

// ---- FeedDate.pick in a bare realm ---------------------------------------------
// A realm with nothing but JavaScript's own objects: no window, document,
// setTimeout or performance (a worker's bare realm, React Native's tests).
function bare() {
  const ctx = vm.createContext({});
  vm.runInContext(fs.readFileSync(SOURCE_FILE, "utf8"), ctx, { filename: SOURCE_FILE });
  for (const name of ["window", "document", "setTimeout", "clearTimeout", "performance", "CustomEvent", "module"])
    assert.equal(vm.runInContext(`typeof ${name}`, ctx), "undefined", name + " in the bare realm");
  return { FeedDate: ctx.FeedDate, TypeError: vm.runInContext("TypeError", ctx) };
}

test("in a bare realm feed-date.js loads and offers pick alone", () => {
  const { FeedDate } = bare();
  assert.deepEqual(Object.keys(FeedDate), ["pick"]);
  assert.ok(Object.isFrozen(FeedDate));
});

test("FeedDate.pick: every vector, at each entry's start and one ms before the next, in a bare realm", () => {
  const { FeedDate } = bare();
  let checked = 0;
  for (const v of vectors) {
    const n = v.entries.length;
    const wire = checked % 2 ? v.json : JSON.parse(v.json); // the JSON text and the object
    const at = (c, i, next) => {
      assert.deepEqual(plain(FeedDate.pick(wire, c)), { text: v.entries[i][0], index: i, next }, `${v.name} at ${c}`);
      checked++;
    };
    at(v.now_ms - DAY, 0, n > 1 ? v.entries[1][1] : v.until_ms, "before now: the first entry");
    for (let i = 0; i < n; i++) {
      const next = i + 1 < n ? v.entries[i + 1][1] : v.until_ms;
      at(v.entries[i][1], i, next);
      if (next !== null) at(next - 1, i, next);
    }
    if (v.until_ms !== null) {
      at(v.until_ms, n - 1, null); // at until: the last text, nothing next
      at(v.until_ms + DAY, n - 1, null);
    } else at(v.entries[n - 1][1] + DAY, n - 1, null);
  }
  assert.ok(checked > vectors.length * 3, `${checked} picks`);
});

test("FeedDate.pick refuses what attach refuses, and a client time that is not a number", () => {
  const { FeedDate, TypeError } = bare();
  const ok = '{"v":1,"now":0,"labels":[["a",0],["b",10]],"until":20}';
  assert.equal(FeedDate.pick(ok, 5).text, "a");
  for (const bad of ["{", '{"v":1,"now":0,"labels":[["a",5]],"until":null}', '{"v":1,"now":0,"labels":[["a",0],["a",5]],"until":null}'])
    assert.throws(() => FeedDate.pick(bad, 0), TypeError, bad);
  for (const c of [NaN, "5", undefined, null]) assert.throws(() => FeedDate.pick(ok, c), TypeError, String(c));
});
