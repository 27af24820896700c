// SPEC 11, "Clients that hold up (1.3)", with the fake clocks of test/helpers.js
// (a wall clock that can jump, a monotonic clock the timers run on): the cost of
// a page of many labels, clock jumps and sleep, the server's time, stale events
// without a request storm, the strict wire, bidi isolation, the spoken schedule.
// browser.test.js has the same in chromium.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { realm } = require("./helpers.js");

const NOW = 1711348200000;
const MINUTE = 60000, HOUR = 3600000;
const plain = (x) => JSON.parse(JSON.stringify(x));

// ---- cost ----------------------------------------------------------------------

// n <feed-date> labels; same: all swap at NOW + 60 s, else label i at NOW + 60 s + i ms.
function page(n, same) {
  const r = realm({ start: NOW, customElements: true });
  const Cls = r.elementClass();
  const els = [];
  for (let i = 0; i < n; i++) {
    const el = new Cls();
    el.isConnected = true;
    const d = 60000 + (same ? 0 : i);
    r.FeedDate.attach(el, { v: 1, now: NOW, labels: [["old", 0], ["new", d]], until: null });
    els.push(el);
  }
  return { r, els };
}

function timed(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

test("cost: 50,000 labels that change at one instant are attached, swapped and removed as fast as 50,000 that do not", (t) => {
  const N = 50000, CUT = 45000;
  const ms = {};
  for (const same of [true, false]) {
    const k = same ? "same" : "spread";
    let p;
    ms[k + " attach"] = timed(() => (p = page(N, same)));
    // Replace 20,000 schedules (attach again), then let the timer swap them all.
    ms[k + " re-attach 20,000"] = timed(() => {
      for (let i = 0; i < 20000; i++)
        p.r.FeedDate.attach(p.els[i], { v: 1, now: NOW, labels: [["old", 0], ["new", 60000 + (same ? 0 : i)]], until: null });
    });
    ms[k + " swap"] = timed(() => p.r.advance(NOW + 60000 + N));
    assert.ok(p.els.every((el) => el.textContent === "new"));
    // Remove 45,000: each <feed-date> leaves the document (disconnectedCallback).
    const p2 = page(N, same);
    ms[k + " remove 45,000"] = timed(() => {
      for (let i = 0; i < CUT; i++) (p2.els[i].isConnected = false), p2.els[i].disconnectedCallback();
    });
    p2.r.advance(NOW + 60000 + N);
    assert.ok(p2.els.slice(0, CUT).every((el) => el.textContent === "old"), "no text written to a removed label");
    assert.ok(p2.els.slice(CUT).every((el) => el.textContent === "new"));
    assert.equal(p2.r.maxPending(), 1);
  }
  t.diagnostic(Object.entries(ms).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(", "));
  // Linear or n log n: a few hundred ms each on a slow machine; quadratic was tens of seconds.
  for (const [k, v] of Object.entries(ms)) assert.ok(v < 5000, `${k}: ${v.toFixed(0)} ms`);
  for (const op of ["attach", "re-attach 20,000", "swap", "remove 45,000"])
    assert.ok(ms["same " + op] < 4 * ms["spread " + op] + 300, `${op}: same instant ${ms["same " + op]} ms, spread ${ms["spread " + op]} ms`);
});

test("cost: a timer run touches only the labels due", () => {
  const r = realm({ start: NOW });
  const els = [];
  for (let i = 0; i < 10000; i++) {
    const el = r.element();
    r.FeedDate.attach(el, { v: 1, now: NOW, labels: [["old", 0], ["new", 1000 + 1000 * i]], until: null });
    els.push(el);
  }
  for (const el of els) el.reads = 0;
  r.advance(NOW + 5000); // labels 0..4 swap, one run each
  const touched = els.filter((el) => el.reads > 0).length;
  assert.equal(touched, 5, `${touched} labels read for 5 swaps`);
  assert.deepEqual(els.slice(0, 6).map((el) => el.textContent), ["new", "new", "new", "new", "new", "old"]);
  // The same for the <feed-date> element leaving: no other label is read.
  for (const el of els) el.reads = 0;
  r.advance(NOW + 6000 + 59999); // a minute's wake with nothing else due
  assert.equal(els.filter((el) => el.reads > 0).length, 60, "60 swaps, 60 labels read");
});

test("cost: removing the label the timer waits for does not look at the others", () => {
  const r = realm({ start: NOW, customElements: true });
  const Cls = r.elementClass();
  const els = [];
  for (let i = 0; i < 5000; i++) {
    const el = new Cls();
    el.isConnected = true;
    el.attributeChangedCallback("data-schedule", null, JSON.stringify({ v: 1, now: NOW, labels: [["a", 0], ["b", 1000]], until: null }));
    els.push(el);
  }
  for (const el of els) el.reads = 0;
  for (const el of els.slice(0, 4999)) (el.isConnected = false), el.disconnectedCallback();
  assert.equal(els.reduce((s, el) => s + el.reads, 0), 0, "no label read while others leave");
  assert.equal(r.pending(), 1);
  els[4999].isConnected = false;
  els[4999].disconnectedCallback();
  assert.equal(r.pending(), 0, "the last one gone: no timer");
});

test("labels of removed elements that will never come due are let go within a minute, and then no timer runs", () => {
  const r = realm({ start: NOW });
  const done = r.element(), stale = r.element(), kept = r.element();
  r.FeedDate.attach(done, { v: 1, now: NOW, labels: [["Mar 25", 0]], until: null }); // complete: never due
  r.FeedDate.attach(stale, { v: 1, now: NOW, labels: [["now", 0]], until: NOW + 1000 });
  r.FeedDate.attach(kept, { v: 1, now: NOW, labels: [["Mar 24", 0]], until: null });
  r.advance(NOW + 5000); // stale's until: its one stale event, then it is never due again
  assert.equal(stale.events.filter((e) => e.type === "feeddate-stale").length, 1);
  done.isConnected = false;
  stale.isConnected = false;
  r.advance(NOW + 2 * MINUTE + 5000); // two sweeps at most a minute apart
  kept.isConnected = false;
  assert.equal(r.pending(), 1, "the page still shows a label (kept, removed only now): one timer");
  r.advance(NOW + 4 * MINUTE + 5000);
  assert.equal(r.pending(), 0, "every label's element left the page: no timer wakes it any more");
});

// ---- clock jumps and sleep -------------------------------------------------------

// A chat list label at 09:32 (UTC here): its time until midnight, then "Yesterday"
// for a day, then the weekday; complete. NOW is 2024-03-25 06:30 UTC.
const MIDNIGHT = Date.UTC(2024, 2, 26);
const CHAT = { v: 1, now: NOW, labels: [["9:32 AM", 0], ["Yesterday", MIDNIGHT - NOW], ["Monday", 86400000]], until: null };

test("a wall-clock jump forward with no visibilitychange is caught within 60 s", () => {
  const r = realm({ start: NOW });
  const el = r.element();
  r.FeedDate.attach(el, CHAT);
  r.advance(NOW + 5 * MINUTE);
  const jumpTo = MIDNIGHT + HOUR; // an hour past the next midnight (a 14.5 h jump)
  r.jump(jumpTo - r.clock.t);
  assert.equal(el.textContent, "9:32 AM", "nothing ran yet");
  let caught = null;
  for (let s = 1; s <= 60 && caught === null; s++) {
    r.advance(r.clock.t + 1000);
    if (el.textContent === "Yesterday") caught = s;
  }
  assert.ok(caught !== null && caught <= 60, `caught after ${caught} s`);
  assert.ok(r.delays.every((d) => d <= MINUTE));
});

test("a wall-clock jump back (a corrected clock) re-picks every label within 60 s", () => {
  const r = realm({ start: MIDNIGHT + HOUR });
  const els = [0, 1, 2].map(() => r.element());
  els.forEach((el) => r.FeedDate.attach(el, CHAT));
  assert.ok(els.every((el) => el.textContent === "Yesterday"));
  r.jump(-(15 * HOUR)); // back to before midnight
  r.advance(r.clock.t + MINUTE);
  assert.deepEqual(els.map((el) => el.textContent), ["9:32 AM", "9:32 AM", "9:32 AM"]);
  r.advance(MIDNIGHT); // and the swap at midnight still comes, on time
  assert.deepEqual(els.map((el) => el.textContent), ["Yesterday", "Yesterday", "Yesterday"]);
});

test("a label whose schedule is complete still follows a clock set back", () => {
  const r = realm({ start: NOW + 3 * 86400000 });
  const el = r.element();
  r.FeedDate.attach(el, CHAT);
  assert.equal(el.textContent, "Monday");
  assert.equal(r.pending(), 1, "a wake a minute while a label is shown");
  r.jump(-3 * 86400000);
  r.advance(r.clock.t + MINUTE);
  assert.equal(el.textContent, "9:32 AM");
});

// ---- the server's time -------------------------------------------------------------

test("setServerTime: the server's time on the monotonic clock; a later wall-clock change does not move it", () => {
  const r = realm({ start: NOW + 10 * MINUTE }); // a client clock 10 min ahead
  const el = r.element();
  r.FeedDate.attach(el, { v: 1, now: NOW, labels: [["0 min", 0], ["1 min", MINUTE], ["2 min", MINUTE]], until: null });
  assert.equal(el.textContent, "2 min");
  r.FeedDate.setServerTime(NOW + 30000);
  assert.equal(el.textContent, "0 min", "re-picked at once");
  r.jump(-HOUR); // the wall clock is corrected (or set wrong): no matter
  r.advance(r.clock.t + 29999);
  assert.equal(el.textContent, "0 min");
  r.advance(r.clock.t + 1);
  assert.equal(el.textContent, "1 min", "on the server's time, to the millisecond");
  // The later call wins: setClockOffset, then setServerTime again.
  r.FeedDate.setClockOffset(NOW + 2 * MINUTE - r.clock.t);
  assert.equal(el.textContent, "2 min");
  r.FeedDate.setServerTime(NOW);
  assert.equal(el.textContent, "0 min");
});

test("the 1.2 offset stays: a cached page's SERVER_NOW - Date.now() is 10 min behind, setServerTime from a fresh response is right", () => {
  const cachedNow = NOW - 10 * MINUTE; // the page was written 10 min ago
  const wire = { v: 1, now: cachedNow, labels: [["just now", 0], ["10 minutes ago", 10 * MINUTE]], until: null };
  const r = realm({ start: NOW }); // a right client clock
  const el = r.element();
  r.FeedDate.setClockOffset(cachedNow - r.clock.t); // the 1.2 README's SERVER_NOW_MS - Date.now(), from the cache
  r.FeedDate.attach(el, wire);
  assert.equal(el.textContent, "just now", "the control: the cached offset is 10 min behind");
  r.FeedDate.setServerTime(NOW); // from a response just received
  assert.equal(el.textContent, "10 minutes ago");
});

// ---- stale events ------------------------------------------------------------------

test("stale: a handler that attaches a schedule already past its until fires once per 10 s per element, not in a loop", () => {
  const r = realm({ start: NOW + 2 * HOUR }); // the client's clock 2 h ahead of the server's
  const els = [0, 1, 2].map(() => r.element());
  let requests = 0;
  for (const el of els)
    el.dispatchEvent = function (e) {
      this.events.push({ detail: plain(e.detail), at: r.clock.t });
      requests++;
      // The server answers from its own now, 2 h behind: already past until.
      r.FeedDate.attach(this, { v: 1, now: NOW, labels: [["x", 0], ["y", 1000]], until: NOW + MINUTE });
      return true;
    };
  for (const el of els) r.FeedDate.attach(el, { v: 1, now: NOW, labels: [["x", 0]], until: NOW + MINUTE });
  assert.equal(requests, 0, "no event during attach");
  r.advance(r.clock.t + 5000);
  assert.equal(requests, 3, "one per element in 5 s");
  r.advance(r.clock.t + 5000 + 60000);
  assert.equal(requests, 3 * 8, "one per element per 10 s");
  const at = els[0].events.map((e) => e.at - (NOW + 2 * HOUR));
  assert.deepEqual(at, [0, 10000, 20000, 30000, 40000, 50000, 60000, 70000]);
  assert.deepEqual(els[0].events[1].detail, { until: NOW + MINUTE, from: NOW + 2 * HOUR + 10000 });
});

test("stale: a handler that asks for the schedule from detail.from fires once", () => {
  const r = realm({ start: NOW + 2 * HOUR });
  const el = r.element();
  let requests = 0;
  el.dispatchEvent = function (e) {
    requests++;
    const from = e.detail.from;
    r.FeedDate.attach(this, { v: 1, now: from, labels: [["x", 0], ["y", 1000]], until: from + MINUTE });
    return true;
  };
  r.FeedDate.attach(el, { v: 1, now: NOW, labels: [["x", 0]], until: NOW + MINUTE });
  r.advance(r.clock.t + 5000);
  assert.equal(requests, 1);
  r.advance(r.clock.t + 55000);
  assert.equal(requests, 2, "the next schedule's until, a minute on");
});

test("stale: once per schedule, even when the clock goes back before until and forward again", () => {
  const r = realm({ start: NOW });
  const el = r.element();
  r.FeedDate.attach(el, { v: 1, now: NOW, labels: [["a", 0], ["b", 1000]], until: NOW + 2000 });
  r.advance(NOW + 2000);
  assert.equal(el.events.length, 1);
  r.jump(-5000);
  r.advance(r.clock.t + MINUTE);
  assert.equal(el.textContent, "b");
  r.advance(r.clock.t + 10 * MINUTE);
  assert.equal(el.events.length, 1);
});

// ---- strict, bidi, spoken ------------------------------------------------------------

test("attach sets dir=auto when the element has no dir, and keeps a dir it has", () => {
  const r = realm({ start: NOW });
  const el = r.element(), rtl = r.element();
  rtl.setAttribute("dir", "rtl");
  r.FeedDate.attach(el, { v: 1, now: NOW, labels: [["\u202Eevil", 0]], until: null });
  r.FeedDate.attach(rtl, { v: 1, now: NOW, labels: [["منذ ٥ دقائق", 0]], until: null });
  assert.equal(el.getAttribute("dir"), "auto");
  assert.equal(rtl.getAttribute("dir"), "rtl");
  assert.throws(() => r.FeedDate.attach(r.element(), { v: 1, now: NOW, labels: [["a", 5]], until: null }), r.TypeError);
});

test("the spoken schedule: a visually hidden span swapped at its own instants, the visible text aria-hidden, one stale event at the earlier until", () => {
  const r = realm({ start: NOW });
  const el = r.element("5m");
  const shown = { v: 1, now: NOW, labels: [["5m", 0], ["6m", MINUTE]], until: NOW + 10 * MINUTE };
  const spoken = { v: 1, now: NOW, labels: [["5 minutes", 0], ["6 minutes", MINUTE + 500]], until: NOW + 3 * MINUTE };
  r.FeedDate.attach(el, shown, JSON.stringify(spoken));
  assert.equal(el.children.length, 2);
  const [visible, hidden] = el.children;
  assert.equal(visible.getAttribute("aria-hidden"), "true");
  assert.equal(hidden.getAttribute("aria-hidden"), null);
  assert.match(hidden.style.cssText, /position:absolute/);
  assert.match(hidden.style.cssText, /overflow:hidden/);
  assert.equal(el.getAttribute("aria-live"), null, "no aria-live: a swap is never announced");
  assert.deepEqual([visible.textContent, hidden.textContent], ["5m", "5 minutes"]);
  r.advance(NOW + MINUTE);
  assert.deepEqual([visible.textContent, hidden.textContent], ["6m", "5 minutes"]);
  r.advance(NOW + MINUTE + 500);
  assert.deepEqual([visible.textContent, hidden.textContent], ["6m", "6 minutes"]);
  r.advance(NOW + 3 * MINUTE);
  assert.deepEqual(plain(el.events.map((e) => e.detail)), [{ until: NOW + 3 * MINUTE, from: NOW + 3 * MINUTE }]);
  r.advance(NOW + 20 * MINUTE);
  assert.equal(el.events.length, 1, "one stale event per element");
  assert.throws(() => r.FeedDate.attach(el, shown, "{"), r.TypeError, "a malformed spoken wire");
  // Attached again without a spoken schedule: the plain text again.
  r.FeedDate.attach(el, { v: 1, now: NOW, labels: [["now", 0]], until: null });
  assert.equal(el.children.length, 0);
  assert.equal(el.textContent, "now");
});

// ---- the heap against a model ----------------------------------------------------------

test("random attaches, replacements, removals, returns, swaps and jumps: every label right, the timer on time", () => {
  let seed = 38;
  const rnd = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const r = realm({ start: NOW, customElements: true });
  const Cls = r.elementClass();
  const wireAt = (c) => {
    const labels = [["t0", 0]];
    for (let i = 1, n = 1 + rnd(6); i < n; i++) labels.push(["t" + i, 1 + rnd(i % 2 ? 5000 : 200000)]);
    let last = c;
    for (const [, d] of labels) last += d;
    return { v: 1, now: c - rnd(3000), labels, until: rnd(3) ? last + 1 + rnd(90000) : null };
  };
  const shownAt = (w, c) => {
    let from = w.now, text = w.labels[0][0];
    for (const [t, d] of w.labels) if ((from += d) <= c) text = t;
    return text;
  };
  const els = Array.from({ length: 300 }, () => {
    const el = new Cls();
    el.isConnected = true;
    return el;
  });
  const wires = new Map();
  const check = (what) => {
    for (const el of els)
      if (el.isConnected && wires.has(el)) assert.equal(el.textContent, shownAt(wires.get(el), r.clock.t), `${what} at ${r.clock.t - NOW}`);
  };
  for (let step = 0; step < 3000; step++) {
    const el = els[rnd(els.length)], op = rnd(10);
    if (op < 4) {
      const w = wireAt(r.clock.t);
      r.FeedDate.attach(el, rnd(2) ? w : JSON.stringify(w));
      if (el.isConnected) wires.set(el, w);
      else el.connectedCallback((el.isConnected = true)), wires.set(el, w);
    } else if (op < 5 && el.isConnected) {
      el.isConnected = false;
      el.disconnectedCallback();
    } else if (op < 6 && !el.isConnected) {
      el.isConnected = true;
      el.connectedCallback();
    } else if (op < 9) {
      r.advance(r.clock.t + rnd(op < 8 ? 3000 : 120000));
      check("after a wait");
    } else {
      r.jump(rnd(2) ? rnd(4 * HOUR) : -rnd(4 * HOUR));
      r.advance(r.clock.t + MINUTE);
      check("a minute after a jump");
    }
    assert.ok(r.pending() <= 1);
  }
  assert.equal(r.maxPending(), 1);
  assert.ok(r.delays.every((d) => d >= 0 && d <= MINUTE));
});
