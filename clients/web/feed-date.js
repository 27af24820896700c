/* feed-date.js: feeddate's web client (SPEC section 11). Plain JavaScript, no
 * dependency, no build step. A classic script: it defines globalThis.FeedDate.
 * feed-date.mjs (the ES module form) imports this very file and re-exports its
 * names, and react.js drives its labels through attach: the logic is here only.
 *
 * A schedule (the wire form) says which text a label shows from which instant;
 * this file only swaps texts at those instants. The client's time is Date.now()
 * plus the offset the page sets (setClockOffset); it is never guessed. One timer
 * serves the whole page: it is armed for the earliest next swap of all labels
 * (the delay clamped to 2^31-1 ms and re-armed). A label whose element has left
 * the document is dropped when the timer next runs (a <feed-date> element at
 * once), so it neither leaks nor keeps the timer alive: attach a label after
 * putting its element in the document. */
(function (g) {
  "use strict";
  // Loaded twice (a classic <script> and feed-date.mjs): one FeedDate, one timer.
  if (g.FeedDate) return;
  var MAX_DELAY = 2147483647, // setTimeout's largest delay, 2^31-1 ms
    offset = 0,
    timer = 0, // the page's one pending timer (0: none)
    wake = NaN, // the client time it is armed for
    live = new Set(), // the labels the timer serves
    labels = new WeakMap(); // element -> its label (held weakly)

  function clientNow() {
    return Date.now() + offset;
  }

  function malformed(what) {
    throw new TypeError("FeedDate: malformed schedule: " + what);
  }

  function isInt(x) {
    return Number.isInteger(x);
  }

  // The wire form, strictly: {"v":1,"now":N,"labels":[[text,d0],...],"until":U|null}.
  // Returns the label's texts and their absolute starts from_i = now + d0 + ... + di.
  function parse(wire) {
    if (typeof wire == "string") {
      try {
        wire = JSON.parse(wire);
      } catch (e) {
        malformed("not JSON");
      }
    }
    if (!wire || typeof wire != "object" || wire.v !== 1) malformed("v is not 1");
    var list = wire.labels, from = wire.now, until = wire.until, texts = [], starts = [], i, e;
    if (!isInt(from)) malformed("now");
    if (!Array.isArray(list) || !list.length) malformed("labels");
    for (i = 0; i < list.length; i++) {
      e = list[i];
      if (!Array.isArray(e) || e.length != 2 || typeof e[0] != "string" || !isInt(e[1]) || e[1] < 0)
        malformed("labels[" + i + "]");
      texts.push(e[0]);
      starts.push((from += e[1]));
    }
    if (until !== null && !(isInt(until) && until > from)) malformed("until");
    return { t: texts, f: starts, u: until, s: false, n: 0, el: null };
  }

  // Shows label r's entry at client time c: the last one with from <= c (the
  // first when c is before them all), and sets r.n, when r next needs the timer.
  // With a list q (a timer run), a label that has reached its until is put in q
  // for its stale event, once; attach passes none, so that the event comes from
  // the timer, after the page's script has run.
  function pick(r, c, q) {
    var f = r.f, lo = 0, hi = f.length, m, el = r.el, text;
    while (lo < hi) {
      m = (lo + hi) >> 1;
      if (f[m] <= c) lo = m + 1;
      else hi = m;
    }
    m = lo ? lo - 1 : 0;
    text = r.t[m];
    if (el.textContent !== text) el.textContent = text;
    r.n = m + 1 < f.length ? f[m + 1] : r.u === null || r.s ? Infinity : r.u;
    if (q && r.n <= c) {
      r.s = true;
      r.n = Infinity;
      q.push(r);
    }
  }

  // Arms the one timer for client time w (none for Infinity), replacing it.
  function armAt(w) {
    if (timer) clearTimeout(timer);
    timer = 0;
    wake = w;
    if (w < Infinity) timer = setTimeout(tick, Math.min(Math.max(w - clientNow(), 0), MAX_DELAY));
  }

  // Arms the one timer for the earliest r.n of all live labels.
  function arm() {
    var w = Infinity;
    live.forEach(function (r) {
      if (r.n < w) w = r.n;
    });
    armAt(w);
  }

  // After label r joined and label old left (either may be absent), without
  // looking at every label: only a label the timer waits for can make it later.
  function rearm(r, old) {
    if (old && old.n === wake) arm();
    else if (r && (!timer || r.n < wake)) armAt(r.n);
  }

  // Re-picks every label, drops those whose element has left the document,
  // re-arms the timer, then dispatches the stale events.
  function run() {
    var c = clientNow(), q = [];
    live.forEach(function (r) {
      if (r.el.isConnected === false) live.delete(r);
      else pick(r, c, q);
    });
    arm();
    q.forEach(function (r) {
      if (labels.get(r.el) === r)
        r.el.dispatchEvent(new CustomEvent("feeddate-stale", { bubbles: true, detail: { until: r.u } }));
    });
  }

  function tick() {
    timer = 0;
    run();
  }

  // Gives element a schedule (the wire object or its JSON text), replacing any
  // it had, and shows its text for now. A malformed wire throws TypeError and
  // changes nothing.
  function attach(element, wire) {
    if (!element || typeof element != "object") throw new TypeError("FeedDate.attach: not an element");
    var r = parse(wire), old = labels.get(element);
    live.delete(old);
    r.el = element;
    labels.set(element, r);
    live.add(r);
    pick(r, clientNow());
    rearm(r, old);
  }

  // The client's time becomes Date.now() + ms; every label is re-picked at once.
  function setClockOffset(ms) {
    if (typeof ms != "number" || !isFinite(ms)) throw new TypeError("FeedDate.setClockOffset: not a finite number");
    offset = ms;
    run();
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
            if (wire != null) attach(el, wire);
          } catch (e) {
            g.reportError ? reportError(e) : console.error(e); // and the other labels go on
          }
        });
      });
    }
    waiting.add(element);
  }

  g.FeedDate = Object.freeze({ attach: attach, setClockOffset: setClockOffset, refresh: run });

  // <feed-date data-schedule="WIRE">server text</feed-date>
  if (g.customElements && g.HTMLElement && !customElements.get("feed-date"))
    customElements.define(
      "feed-date",
      class extends HTMLElement {
        static get observedAttributes() {
          return ["data-schedule"];
        }
        attributeChangedCallback(name, old, wire) {
          if (wire == null) return;
          // The parser meets the attribute before the element's children (the
          // server's text): while it parses, keep that text and attach later.
          if (document.readyState == "loading") parsing(this);
          else attach(this, wire);
        }
        connectedCallback() {
          var r = labels.get(this);
          if (r && !live.has(r)) {
            live.add(r);
            pick(r, clientNow());
            rearm(r);
          }
        }
        disconnectedCallback() {
          var r = labels.get(this);
          if (live.delete(r)) rearm(null, r);
        }
      }
    );
  // Timers sleep with the page (a hidden tab, a laptop's lid): catch up on waking.
  if (g.document && document.addEventListener)
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) run();
    });
})(globalThis);
if (typeof module == "object" && module && module.exports) module.exports = globalThis.FeedDate;
