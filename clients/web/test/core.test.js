// feed-date.js's logic with a fake clock and fake timers (test/helpers.js):
// picking, offsets, stale events, the one timer and its 60 s cap, attach
// replacing, malformed wires, removed labels, the <feed-date> element's
// callbacks. hold-up.test.js has SPEC 11's "Clients that hold up (1.3)".
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { realm } = require("./helpers.js");

const MAX_WAIT = 60000; // the one timer never waits longer (SPEC 11, 1.3)
const NOW = 1711348200000;
const plain = (x) => JSON.parse(JSON.stringify(x));
// a from NOW, b from NOW + 60 s, c from NOW + 180 s, stale at NOW + 600 s.
const WIRE = { v: 1, now: NOW, labels: [["a", 0], ["b", 60000], ["c", 120000]], until: NOW + 600000 };
const json = (w) => JSON.stringify(w);

test("FeedDate has exactly attach, pick, refresh, setClockOffset and setServerTime; all but pick return nothing", () => {
  const r = realm({ start: NOW });
  assert.deepEqual(Object.keys(r.FeedDate).sort(), ["attach", "pick", "refresh", "setClockOffset", "setServerTime"]);
  assert.ok(Object.isFrozen(r.FeedDate));
  assert.equal(r.FeedDate.attach(r.element(), WIRE), undefined);
  assert.equal(r.FeedDate.setClockOffset(5), undefined);
  assert.equal(r.FeedDate.setServerTime(NOW), undefined);
  assert.equal(r.FeedDate.refresh(), undefined);
});

test("picks the last entry with from <= c, the first before now", () => {
  const r = realm({ start: NOW });
  const el = r.element("server");
  r.FeedDate.attach(el, json(WIRE));
  const cases = [
    [NOW - 86400000, "a"], [NOW - 1, "a"], [NOW, "a"], [NOW + 59999, "a"], [NOW + 60000, "b"],
    [NOW + 179999, "b"], [NOW + 180000, "c"], [NOW + 599999, "c"], [NOW + 600000, "c"], [NOW + 1e10, "c"],
  ];
  for (const [c, text] of cases) {
    r.clock.t = c;
    r.FeedDate.refresh();
    assert.equal(el.textContent, text, `at now${c - NOW >= 0 ? "+" : ""}${c - NOW}`);
  }
});

test("before now: the first entry, swapped at the second from (not at now)", () => {
  const r = realm({ start: NOW - 5000 });
  const el = r.element();
  r.FeedDate.attach(el, WIRE);
  assert.equal(el.textContent, "a");
  assert.equal(r.nextTimer().delay, MAX_WAIT, "65 s away: the timer waits 60 s, then again");
  r.advance(NOW + 59999);
  assert.equal(el.textContent, "a");
  r.advance(NOW + 60000);
  assert.equal(el.textContent, "b");
});

test("setClockOffset re-picks every label at once and re-arms the timer", () => {
  const r = realm({ start: NOW });
  const one = r.element(), two = r.element();
  r.FeedDate.attach(one, WIRE);
  r.FeedDate.attach(two, { ...WIRE, labels: [["p", 0], ["q", 30000]] });
  assert.equal(r.nextTimer().at, NOW + 30000);
  r.FeedDate.setClockOffset(90000); // client time = NOW + 90 s
  assert.equal(one.textContent, "b");
  assert.equal(two.textContent, "q");
  assert.equal(r.pending(), 1);
  assert.equal(r.nextTimer().delay, MAX_WAIT, "next swap at client NOW + 180 s, 90 s from now: 60 s, then 30 s");
  r.advance(NOW + 89999);
  assert.equal(one.textContent, "b");
  r.advance(NOW + 90000);
  assert.equal(one.textContent, "c");
  r.FeedDate.setClockOffset(-1000000); // before now: the first entries
  assert.equal(one.textContent, "a");
  assert.equal(two.textContent, "p");
  r.FeedDate.setClockOffset(0); // client time = NOW + 90 s again
  assert.equal(one.textContent, "b");
  assert.equal(r.maxPending(), 1);
});

test("setClockOffset and setServerTime take only a finite number", () => {
  const r = realm({ start: NOW });
  for (const bad of [NaN, Infinity, "100", null, undefined, {}]) {
    assert.throws(() => r.FeedDate.setClockOffset(bad), r.TypeError, String(bad));
    assert.throws(() => r.FeedDate.setServerTime(bad), r.TypeError, String(bad));
  }
});

test("the client's time is Date.now() only until the page sets an offset", () => {
  const r = realm({ start: NOW + 200000 });
  const el = r.element();
  r.FeedDate.attach(el, WIRE);
  assert.equal(el.textContent, "c", "no offset guessed from the schedule's now");
});

test("feeddate-stale: at until, bubbling, with detail.until, once; the last text stays", () => {
  const r = realm({ start: NOW });
  const el = r.element();
  r.FeedDate.attach(el, WIRE);
  r.advance(NOW + 599999);
  assert.equal(el.events.length, 0);
  r.advance(NOW + 600000);
  assert.deepEqual(plain(el.events), [
    { type: "feeddate-stale", bubbles: true, detail: { until: NOW + 600000, from: NOW + 600000 }, at: NOW + 600000 },
  ]);
  assert.equal(el.textContent, "c");
  assert.equal(r.pending(), 1, "the page's one timer, waking at most once a minute");
  assert.equal(r.nextTimer().delay, MAX_WAIT);
  r.FeedDate.refresh();
  r.FeedDate.setClockOffset(1000);
  r.advance(NOW + 86400000);
  assert.equal(el.events.length, 1, "once");
  // Moved back before until and forward again: still once per schedule.
  r.FeedDate.setClockOffset(-300000);
  assert.equal(el.textContent, "c");
  r.FeedDate.setClockOffset(0);
  assert.equal(el.events.length, 1);
});

test("attaching a schedule already past its until: the event comes from the timer, not from attach", () => {
  const r = realm({ start: NOW + 700000 });
  const el = r.element();
  r.FeedDate.attach(el, WIRE);
  assert.equal(el.textContent, "c");
  assert.equal(el.events.length, 0, "not during attach");
  assert.equal(r.nextTimer().delay, 0);
  r.advance(NOW + 700000);
  assert.equal(el.events.length, 1);
  assert.equal(el.events[0].detail.until, NOW + 600000);
  assert.equal(el.events[0].detail.from, NOW + 700000, "from: the client's time, where the next schedule must start");
});

test("a stale handler may attach a new schedule to its element", () => {
  const r = realm({ start: NOW });
  const el = r.element();
  el.dispatchEvent = function (e) {
    this.events.push(e.type);
    r.FeedDate.attach(this, { v: 1, now: e.detail.until, labels: [["fresh", 0], ["fresher", 1000]], until: null });
    return true;
  };
  r.FeedDate.attach(el, WIRE);
  r.advance(NOW + 600000);
  assert.deepEqual(el.events, ["feeddate-stale"]);
  assert.equal(el.textContent, "fresh");
  r.advance(NOW + 601000);
  assert.equal(el.textContent, "fresher");
  assert.equal(r.maxPending(), 1);
});

test("one pending timer for a thousand labels, armed for the earliest swap", () => {
  const r = realm({ start: NOW });
  const els = [];
  for (let i = 0; i < 1000; i++) {
    const el = r.element();
    // Label i swaps at NOW + 1000 + 7919 * i mod 100000 ms.
    const d = 1000 + ((7919 * i) % 100000);
    r.FeedDate.attach(el, { v: 1, now: NOW, labels: [["old", 0], ["new", d]], until: NOW + d + 1 });
    els.push([el, d]);
  }
  assert.equal(r.pending(), 1);
  assert.equal(r.nextTimer().at, NOW + 1000);
  for (let t = 0; t <= 101001; t += 500) {
    r.advance(NOW + t);
    assert.ok(r.pending() <= 1);
    for (const [el, d] of els) assert.equal(el.textContent, t >= d ? "new" : "old");
  }
  assert.equal(r.maxPending(), 1);
  assert.equal(r.pending(), 1);
  assert.equal(r.nextTimer().delay, MAX_WAIT, "nothing due: a wake a minute");
  assert.ok(els.every(([el]) => el.events.length === 1));
});

test("the timer never waits longer than 60 s: a schedule a month long", () => {
  const MONTH = 30 * 86400000;
  const r = realm({ start: NOW });
  const el = r.element();
  r.FeedDate.attach(el, { v: 1, now: NOW, labels: [["this month", 0], ["last month", MONTH]], until: NOW + MONTH + 86400000 });
  assert.equal(r.nextTimer().delay, MAX_WAIT);
  r.advance(NOW + MONTH - 1);
  assert.equal(el.textContent, "this month");
  assert.ok(r.delays.every((d) => d <= MAX_WAIT));
  assert.equal(r.delays.length, Math.ceil(MONTH / MAX_WAIT), "a wake a minute, and one at the swap");
  r.advance(NOW + MONTH);
  assert.equal(el.textContent, "last month");
  r.advance(NOW + MONTH + 86400000 - 1);
  assert.equal(el.events.length, 0);
  r.advance(NOW + MONTH + 86400000);
  assert.equal(el.events.length, 1);
  assert.equal(r.maxPending(), 1);
});

test("attaching again replaces the schedule: the old one neither swaps nor goes stale", () => {
  const r = realm({ start: NOW });
  const el = r.element();
  r.FeedDate.attach(el, WIRE);
  r.FeedDate.attach(el, json({ v: 1, now: NOW, labels: [["x", 0], ["y", 1000000]], until: NOW + 2000000 }));
  assert.equal(el.textContent, "x");
  assert.equal(r.pending(), 1);
  r.advance(NOW + 999999);
  assert.equal(el.textContent, "x", "the old schedule's swaps are gone");
  assert.equal(el.events.length, 0, "the old until is gone");
  r.advance(NOW + 2000000);
  assert.equal(el.textContent, "y");
  assert.equal(el.events.length, 1);
  assert.equal(el.events[0].detail.until, NOW + 2000000);
});

const MALFORMED = [
  ["not JSON", "{v:1}"],
  ["JSON null", "null"],
  ["a number", 5],
  ["undefined", undefined],
  ["null", null],
  ["an array", [1, NOW, [["a", 0]], null]],
  ["v 2", { ...WIRE, v: 2 }],
  ["v '1'", { ...WIRE, v: "1" }],
  ["no v", { now: NOW, labels: WIRE.labels, until: null }],
  ["now a string", { ...WIRE, now: String(NOW) }],
  ["now fractional", { ...WIRE, now: NOW + 0.5 }],
  ["no now", { v: 1, labels: WIRE.labels, until: null }],
  ["labels empty", { ...WIRE, labels: [] }],
  ["labels an object", { ...WIRE, labels: { 0: ["a", 0] } }],
  ["no labels", { v: 1, now: NOW, until: null }],
  ["an entry not a pair", { ...WIRE, labels: [["a", 0, 1]] }],
  ["an entry of one", { ...WIRE, labels: [["a"]] }],
  ["a text not a string", { ...WIRE, labels: [[5, 0]] }],
  ["a negative difference", { ...WIRE, labels: [["a", 0], ["b", -1]] }],
  ["a first difference not 0", { ...WIRE, labels: [["a", 1000], ["b", 1000]] }],
  ["a first difference negative", { ...WIRE, labels: [["a", -1]] }],
  ["a difference 0 after the first (a duplicate start)", { ...WIRE, labels: [["a", 0], ["b", 0], ["c", 1000]] }],
  ["equal consecutive texts", { ...WIRE, labels: [["a", 0], ["a", 1000]] }],
  ["equal consecutive texts at the end", { ...WIRE, labels: [["a", 0], ["b", 1000], ["b", 1000]] }],
  ["a fractional difference", { ...WIRE, labels: [["a", 0], ["b", 1.5]] }],
  ["a difference as a string", { ...WIRE, labels: [["a", "0"]] }],
  ["an entry an object", { ...WIRE, labels: [{ 0: "a", 1: 0, length: 2 }] }],
  ["no until", { v: 1, now: NOW, labels: WIRE.labels }],
  ["until fractional", { ...WIRE, until: NOW + 600000.5 }],
  ["until at the last from", { ...WIRE, until: NOW + 180000 }],
  ["until before the last from", { ...WIRE, until: NOW }],
  ["until a string", { ...WIRE, until: String(NOW + 600000) }],
  ["until Infinity", { ...WIRE, until: Infinity }, "object only"], // (its JSON text is null)
];

test("a malformed wire throws TypeError and changes nothing", () => {
  const r = realm({ start: NOW });
  const el = r.element("server");
  for (const [what, wire, objectOnly] of MALFORMED) {
    assert.throws(() => r.FeedDate.attach(el, wire), r.TypeError, what);
    if (!objectOnly)
      assert.throws(() => r.FeedDate.attach(el, json(wire) ?? "undefined"), r.TypeError, what + " (as text)");
  }
  assert.equal(el.textContent, "server");
  assert.equal(r.pending(), 0);
  r.FeedDate.attach(el, WIRE);
  for (const [what, wire] of MALFORMED) assert.throws(() => r.FeedDate.attach(el, wire), r.TypeError, what);
  assert.equal(el.textContent, "a", "the schedule attached before stays");
  r.advance(NOW + 60000);
  assert.equal(el.textContent, "b");
  assert.throws(() => r.FeedDate.attach(null, WIRE), r.TypeError);
  assert.throws(() => r.FeedDate.attach("#id", WIRE), r.TypeError);
});

test("the wire is read as sent: extra keys ignored, texts shown as text", () => {
  const r = realm({ start: NOW });
  const el = r.element();
  r.FeedDate.attach(el, '{"v":1,"now":' + NOW + ',"labels":[["<b>&amp;\\"\'</b>",0]],"until":null,"x":1}');
  assert.equal(el.textContent, "<b>&amp;\"'</b>");
});

test("a label removed from the document leaves the timer at its next run", () => {
  const r = realm({ start: NOW });
  const gone = r.element(), kept = r.element();
  r.FeedDate.attach(gone, { ...WIRE, labels: [["a", 0], ["b", 1000]] });
  r.FeedDate.attach(kept, WIRE);
  gone.isConnected = false;
  r.advance(NOW + 1000);
  assert.equal(gone.textContent, "a", "a removed label is not written to");
  assert.equal(r.nextTimer().at, NOW + 60000, "armed for the label still shown");
  kept.isConnected = false;
  r.advance(NOW + 60000);
  assert.equal(r.pending(), 0, "no timer kept alive for removed labels");
  r.advance(NOW + 3600000);
  assert.equal(gone.events.length + kept.events.length, 0);
});

test("<feed-date>: data-schedule attaches; leaving the document drops the timer at once; coming back re-picks", () => {
  const r = realm({ start: NOW, customElements: true });
  const Cls = r.elementClass();
  assert.ok(Cls, "customElements.define('feed-date', ...) was called");
  assert.deepEqual([...Cls.observedAttributes], ["data-schedule", "data-spoken-schedule"]);
  const el = new Cls();
  el.textContent = "server text";
  el.attributeChangedCallback("data-schedule", null, json(WIRE)); // as the parser does, before connecting
  el.isConnected = true;
  el.connectedCallback();
  assert.equal(el.textContent, "a");
  assert.equal(r.pending(), 1);
  el.isConnected = false;
  el.disconnectedCallback();
  assert.equal(r.pending(), 0, "timer cleared when the only label leaves");
  r.clock.t = NOW + 200000;
  el.isConnected = true;
  el.connectedCallback();
  assert.equal(el.textContent, "c", "re-picked when it comes back");
  assert.equal(r.nextTimer().delay, MAX_WAIT);
  el.attributeChangedCallback("data-schedule", json(WIRE), json({ ...WIRE, now: NOW + 200000, until: null }));
  assert.equal(el.textContent, "a", "a new data-schedule replaces the schedule");
  el.attributeChangedCallback("data-schedule", "x", null); // attribute removed: the schedule stays
  assert.equal(el.textContent, "a");
  assert.throws(() => el.attributeChangedCallback("data-schedule", null, "{}"), r.TypeError);
  assert.equal(r.maxPending(), 1);
});

test("<feed-date> in a document being parsed: the server's text stays until it is parsed", () => {
  const r = realm({ start: NOW + 70000, customElements: true });
  const Cls = r.elementClass();
  r.ctx.document.readyState = "loading";
  const els = [0, 1, 2].map(() => new Cls());
  els[1].attributes["data-schedule"] = "{broken";
  els.forEach((el, i) => {
    if (i !== 1) el.attributes["data-schedule"] = json(WIRE);
    el.attributeChangedCallback("data-schedule", null, el.attributes["data-schedule"]);
    el.isConnected = true;
    el.connectedCallback();
    el.textContent = "server text"; // the parser adds the children after
  });
  assert.equal(r.pending(), 0);
  assert.ok(els.every((el) => el.textContent === "server text"), "nothing written while parsing");
  els[2].attributes["data-schedule"] = json({ ...WIRE, labels: [["z", 0]], until: null }); // changed meanwhile
  r.ctx.document.readyState = "interactive";
  r.fire("DOMContentLoaded");
  assert.deepEqual(els.map((el) => el.textContent), ["b", "server text", "z"]);
  assert.equal(r.reported.length, 1, "the malformed one is reported, the others attached");
  assert.ok(r.reported[0] instanceof r.TypeError);
  r.advance(NOW + 179999);
  assert.equal(els[0].textContent, "b");
  r.advance(NOW + 180000);
  assert.equal(els[0].textContent, "c");
});

test("waking the page (visibilitychange) re-picks every label", () => {
  const r = realm({ start: NOW, customElements: true });
  const el = r.element();
  r.FeedDate.attach(el, WIRE);
  r.clock.t = NOW + 200000; // the timer slept
  r.ctx.document.hidden = true;
  r.fire("visibilitychange");
  assert.equal(el.textContent, "a");
  r.ctx.document.hidden = false;
  r.fire("visibilitychange");
  assert.equal(el.textContent, "c");
});

test("loading feed-date.js twice keeps one FeedDate", () => {
  const r = realm({ start: NOW });
  const first = r.FeedDate;
  require("node:vm").runInContext(require("node:fs").readFileSync(require("./helpers.js").SOURCE_FILE, "utf8"), r.ctx);
  assert.equal(r.ctx.FeedDate, first);
});
