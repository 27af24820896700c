// Every schedule vector (Tests/vectors/schedule/*.jsonl, or FEEDDATE_SCHEDULE_VECTORS)
// through feed-date.js with a fake clock: the client must show each entry's text
// from its from_ms to the next from - 1, swap by its one timer exactly then, and
// dispatch feeddate-stale once, at until_ms.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { loadVectors, realm, expectedAt } = require("./helpers.js");

const vectors = loadVectors();
const MAX_DELAY = 2 ** 31 - 1;
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
  const endOf = (i) => (i + 1 < n ? v.entries[i + 1][1] : v.until_ms === null ? last[1] + 366 * 86400000 : v.until_ms);

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
    if (v.until_ms !== null) {
      r.advance(v.until_ms);
      assert.deepEqual(plain(el.events), [
        { type: "feeddate-stale", bubbles: true, detail: { until: v.until_ms }, at: v.until_ms },
      ]);
      r.advance(v.until_ms + 86400000);
      r.FeedDate.refresh();
      assert.equal(el.events.length, 1, "the stale event comes once");
    } else {
      r.FeedDate.refresh();
      assert.equal(el.events.length, 0, "a complete schedule never goes stale");
    }
    assert.equal(el.textContent, last[0], "the last text stays");
    assert.equal(r.pending(), 0, "no timer once nothing is left to swap");
    // One wake per swap and one for until, a wake further than 2^31-1 ms away
    // taking one timer per 2^31-1 ms (the clamp): no other timer.
    const wakes = v.entries.slice(1).map(([, f]) => f).concat(v.until_ms === null ? [] : [v.until_ms]);
    let timers = 0, prev = v.now_ms;
    for (const w of wakes) (timers += Math.ceil((w - prev) / MAX_DELAY)), (prev = w);
    assert.equal(r.delays.length, timers);
    assert.ok(r.delays.every((d) => d >= 0 && d <= MAX_DELAY));
    assert.equal(r.maxPending(), Math.min(timers, 1));
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
  r.advance(base + 400 * 86400000);
  for (const l of labels) assert.equal(l.el.events.length, l.until === null ? 0 : 1);
  assert.equal(r.maxPending(), 1, "never more than one pending timer");
  assert.equal(r.pending(), 0);
});
