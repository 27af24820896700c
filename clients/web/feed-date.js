/* feed-date.js: feeddate's web client (SPEC section 11). Plain JavaScript, no
 * dependency, no build step. A classic script: it defines globalThis.FeedDate.
 * feed-date.mjs (the ES module form) imports this very file and re-exports its
 * names, and react.js uses its pick and attach: the logic is here only.
 *
 * A schedule (the wire form) says which text a label shows from which instant;
 * this file only swaps texts at those instants. FeedDate.pick is that rule as a
 * pure function; in a realm without timers (a worker's bare realm, React
 * Native's tests) FeedDate offers pick alone.
 *
 * The client's time is Date.now() plus the offset the page set (setClockOffset),
 * or the server's time kept on the monotonic clock (performance.now()) since the
 * page last called setServerTime; the later call wins; nothing is guessed.
 *
 * One timer serves the whole page (SPEC 11, "Clients that hold up"): the labels
 * wait in a binary heap ordered by the instant each next needs the timer (its
 * next swap, or its until), so attaching, replacing, removing and each swap cost
 * O(log n), and a timer run touches only the labels due. The timer waits at most
 * 60 s: a run whose client time is earlier than a label was last shown at (the
 * wall clock went back) re-picks every label; a jump forward needs nothing more,
 * as every label whose text changed by then is due. feeddate-stale fires once per
 * attached schedule and at most once per 10 s for one element (measured on the
 * monotonic clock), with detail {until, from}. A label whose element has left the
 * document is dropped at once (<feed-date>), or when it next comes due or at the
 * next full re-pick (any other element): attach after inserting the element. */
(function (g) {
  "use strict";
  // Loaded twice (a classic <script> and feed-date.mjs): one FeedDate, one timer.
  if (g.FeedDate) return;
  var isInt = Number.isInteger;

  function malformed(what) {
    throw new TypeError("FeedDate: malformed schedule: " + what);
  }

  // The wire form, strictly (SPEC 11): {"v":1,"now":N,"labels":[[text,d0],...],"until":U|null}
  // with d0 = 0, every later d > 0, consecutive texts different, until null or
  // after the last start. Returns the texts t, their absolute starts f and until u.
  function parse(wire) {
    if (typeof wire == "string") {
      try {
        wire = JSON.parse(wire);
      } catch (e) {
        malformed("not JSON");
      }
    }
    if (!wire || typeof wire != "object" || wire.v !== 1) malformed("v is not 1");
    var list = wire.labels, from = wire.now, until = wire.until, t = [], f = [], i, e;
    if (!isInt(from)) malformed("now");
    if (!Array.isArray(list) || !list.length) malformed("labels");
    for (i = 0; i < list.length; i++) {
      e = list[i];
      if (!Array.isArray(e) || e.length != 2 || typeof e[0] != "string" || !isInt(e[1]) ||
          (i ? e[1] <= 0 || e[0] === t[i - 1] : e[1]))
        malformed("labels[" + i + "]");
      t.push(e[0]);
      f.push((from += e[1]));
    }
    if (until !== null && !(isInt(until) && until > from)) malformed("until");
    return { t: t, f: f, u: until };
  }

  // The entry a parsed schedule shows at client time c: the last one with
  // from <= c, the first when c is before them all.
  function index(s, c) {
    var f = s.f, lo = 0, hi = f.length, m;
    while (lo < hi) {
      m = (lo + hi) >> 1;
      if (f[m] <= c) lo = m + 1;
      else hi = m;
    }
    return lo ? lo - 1 : 0;
  }

  // The whole client rule as a pure function: the text, its index, and the next
  // instant the label changes (the next start, or its until while before it; null
  // at until or when the schedule is complete).
  function pick(wire, clientMs) {
    if (typeof clientMs != "number" || clientMs !== clientMs) throw new TypeError("FeedDate.pick: clientMs is not a number");
    var s = parse(wire), m = index(s, clientMs), f = s.f;
    return { text: s.t[m], index: m, next: m + 1 < f.length ? f[m + 1] : s.u !== null && clientMs < s.u ? s.u : null };
  }

  // A bare realm (no timers): pick alone.
  if (typeof setTimeout != "function") {
    g.FeedDate = Object.freeze({ pick: pick });
    return;
  }

  var MAX_WAIT = 60000, // the one timer never waits longer (SPEC 11, 1.3)
    STALE_GAP = 10000, // one element's stale events at least this far apart
    perf = g.performance,
    offset = 0,
    server = null, // [server ms, mono() then] after setServerTime, else null
    timer = 0, // the page's one pending timer (0: none)
    wake = Infinity, // the client time it is armed for
    seen = -Infinity, // the latest client time any label was shown at
    swept = 0, // mono() when live was last swept for labels of removed elements
    heap = [], // the labels with a finite r.n, a binary min-heap on r.n (r.h: position)
    live = new Set(), // every label the page shows
    labels = new WeakMap(), // element -> its label
    staleAt = new WeakMap(); // element -> mono() of its last stale event

  function mono() {
    return perf && perf.now ? perf.now() : Date.now();
  }

  function clientNow() {
    return Math.floor(server ? server[0] + mono() - server[1] : Date.now() + offset);
  }

  // ---- the heap ----
  function put(i, r) {
    heap[i] = r;
    r.h = i;
  }
  function up(i) {
    var r = heap[i], p;
    while (i > 0 && r.n < heap[(p = (i - 1) >> 1)].n) put(i, heap[p]), (i = p);
    put(i, r);
    return i;
  }
  function down(i) {
    var r = heap[i], n = heap.length, c;
    for (;;) {
      c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && heap[c + 1].n < heap[c].n) c++;
      if (!(heap[c].n < r.n)) break;
      put(i, heap[c]);
      i = c;
    }
    put(i, r);
  }
  function unheap(r) {
    var i = r.h, last = heap.pop();
    r.h = -1;
    if (last !== r) put(i, last), down(up(i));
  }
  // Puts label r where its r.n says (out of the heap when Infinity).
  function place(r) {
    if (r.n == Infinity) {
      if (r.h >= 0) unheap(r);
    } else if (r.h < 0) up(heap.push(r) - 1);
    else down(up(r.h));
  }

  // When label r next needs the timer: its next swap r.x, or its stale event at
  // its (earliest) until r.u, not before r.w (the element's 10 s gap).
  function due(r) {
    r.n = r.s || r.u === null ? r.x : Math.min(r.x, Math.max(r.u, r.w));
    place(r);
  }

  // Shows label r's entries at client time c (each part of it: the text, and the
  // spoken text when it has one) and sets when it next needs the timer.
  function show(r, c) {
    var x = Infinity, k, p, m;
    for (k = 0; k < r.p.length; k++) {
      p = r.p[k];
      m = index(p, c);
      if (p.node.textContent !== p.t[m]) p.node.textContent = p.t[m];
      if (m + 1 < p.f.length && p.f[m + 1] < x) x = p.f[m + 1];
    }
    r.x = x;
    if (c > seen) seen = c;
    due(r);
  }

  function drop(r) {
    live.delete(r);
    if (r.h >= 0) unheap(r);
  }

  // Arms the one timer for the earliest label due, at most 60 s away; none when
  // the page shows no label.
  function arm() {
    var c = clientNow(), w = heap.length ? heap[0].n : Infinity, d = Math.min(Math.max(w - c, 0), MAX_WAIT);
    if (timer) clearTimeout(timer);
    timer = 0;
    wake = Infinity;
    if (live.size) (wake = c + d), (timer = setTimeout(tick, d));
  }

  // A timer run (or refresh, with all): the labels due are shown at the client's
  // time; every label is when all is set or when the client's time went back.
  // Then the timer is armed again, and the stale events dispatched.
  function run(all) {
    var c = clientNow(), q = [], r, w;
    if (all || c < seen) {
      seen = c;
      live.forEach(function (r) {
        if (r.el.isConnected === false) drop(r);
        else show(r, c);
      });
    } else if (mono() - swept >= MAX_WAIT) {
      // Once a minute at most: labels whose elements left the page and will
      // never come due (complete or stale) are let go, with their elements.
      swept = mono();
      live.forEach(function (r) {
        if (r.el.isConnected === false) drop(r);
      });
    }
    while (heap.length && (r = heap[0]).n <= c) {
      if (r.el.isConnected === false) {
        drop(r);
        continue;
      }
      show(r, c);
      if (r.n <= c) {
        // Its until: one stale event per schedule, one per 10 s per element.
        w = staleAt.get(r.el);
        w = w === undefined ? 0 : w + STALE_GAP - mono();
        if (w > 0) r.w = c + Math.ceil(w);
        else r.s = true, staleAt.set(r.el, mono()), q.push(r);
        due(r);
      }
    }
    arm();
    q.forEach(function (r) {
      if (labels.get(r.el) === r)
        r.el.dispatchEvent(new CustomEvent("feeddate-stale", { bubbles: true, detail: { until: r.u, from: c } }));
    });
  }

  function tick() {
    timer = 0;
    run();
  }

  // Gives element a schedule (the wire object or its JSON text), and optionally
  // a spoken schedule, replacing any it had, and shows its text for now. A
  // malformed wire throws TypeError and changes nothing.
  function attach(element, wire, spokenWire) {
    if (!element || typeof element != "object") throw new TypeError("FeedDate.attach: not an element");
    var a = parse(wire), b = spokenWire == null ? null : parse(spokenWire), old = labels.get(element), d, r, u;
    if (old) drop(old);
    // Isolated from the text around it, as <bdi> is.
    if (element.setAttribute && !element.hasAttribute("dir")) element.setAttribute("dir", "auto");
    if (b) {
      // The visible text hidden from screen readers, the spoken one shown to them
      // alone (visually hidden), each swapped at its own instants; no aria-live.
      d = element.ownerDocument || document;
      a.node = d.createElement("span");
      b.node = d.createElement("span");
      a.node.setAttribute("aria-hidden", "true");
      // (through the CSSOM: a strict CSP refuses a style attribute, not this)
      b.node.style.cssText = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap";
      element.textContent = "";
      element.appendChild(a.node);
      element.appendChild(b.node);
    } else {
      if (old && old.p[1]) element.textContent = "";
      a.node = element;
    }
    u = b && b.u !== null && (a.u === null || b.u < a.u) ? b.u : a.u;
    r = { el: element, p: b ? [a, b] : [a], u: u, w: -Infinity, s: false, h: -1, n: Infinity, x: Infinity };
    labels.set(element, r);
    live.add(r);
    show(r, clientNow());
    if (!timer || r.n < wake) arm();
  }

  function finite(name, ms) {
    if (typeof ms != "number" || !isFinite(ms)) throw new TypeError("FeedDate." + name + ": not a finite number");
  }

  // The client's time becomes Date.now() + ms; every label is re-picked at once.
  function setClockOffset(ms) {
    finite("setClockOffset", ms);
    offset = ms;
    server = null;
    run(true);
  }

  // "The server's clock reads ms now" (from a response just received): the
  // client's time is ms plus the monotonic time since; every label is re-picked.
  function setServerTime(ms) {
    finite("setServerTime", ms);
    server = [ms, mono()];
    run(true);
  }

  function refresh() {
    run(true);
  }

  // <feed-date> elements met while the document is parsed: attached once it is.
  var waiting = null;
  function parsing(element) {
    if (!waiting) {
      waiting = new Set();
      document.addEventListener("DOMContentLoaded", function () {
        var list = waiting;
        waiting = null;
        list.forEach(function (el) {
          var wire = el.getAttribute("data-schedule");
          try {
            if (wire != null) attach(el, wire, el.getAttribute("data-spoken-schedule"));
          } catch (e) {
            g.reportError ? reportError(e) : console.error(e); // and the other labels go on
          }
        });
      });
    }
    waiting.add(element);
  }

  g.FeedDate = Object.freeze({
    attach: attach,
    setClockOffset: setClockOffset,
    setServerTime: setServerTime,
    refresh: refresh,
    pick: pick,
  });

  // <feed-date data-schedule="WIRE" data-spoken-schedule="WIRE">server text</feed-date>
  if (g.customElements && g.HTMLElement && !customElements.get("feed-date"))
    customElements.define(
      "feed-date",
      class extends HTMLElement {
        static get observedAttributes() {
          return ["data-schedule", "data-spoken-schedule"];
        }
        attributeChangedCallback(name, old, value) {
          var s = name == "data-schedule", wire = s ? value : this.getAttribute("data-schedule");
          if (wire == null) return;
          // The parser meets the attributes before the element's children (the
          // server's text): while it parses, keep that text and attach later.
          if (document.readyState == "loading") parsing(this);
          else attach(this, wire, s ? this.getAttribute("data-spoken-schedule") : value);
        }
        connectedCallback() {
          var r = labels.get(this);
          if (r && !live.has(r)) {
            live.add(r);
            show(r, clientNow());
            if (!timer || r.n < wake) arm();
          }
        }
        disconnectedCallback() {
          var r = labels.get(this);
          if (r && live.has(r)) {
            drop(r);
            if (!live.size) arm();
          }
        }
      }
    );
  // Timers sleep with the page (a hidden tab, a laptop's lid): catch up on waking.
  if (g.document && document.addEventListener)
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) run(true);
    });
})(globalThis);
if (typeof module == "object" && module && module.exports) module.exports = globalThis.FeedDate;
