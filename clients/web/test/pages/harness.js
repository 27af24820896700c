/* The browser test pages' harness (test/browser.test.js serves and reads them).
 * Load it before feed-date.js: it wraps setTimeout/clearTimeout to count the
 * client's pending timers (its own timers use the originals, so they are not
 * counted; React, loaded before it, keeps the originals too). A page then:
 *   H.setOffset(ms, FeedDate)  sets the client's clock offset (and remembers it)
 *   H.start(labels, opts)      labels: [{id, entries: [[text, from]], until}]; checks
 *                              each label's text now, then every change (text and
 *                              instant) and every feeddate-stale event, for
 *                              opts.duration ms of client time; then opts.then(done)
 *                              may check more before done() writes the verdict.
 *   H.skew(ms)                 moves the page's wall clock (Date.now) by ms, as a
 *                              clock jump or a wrong clock does; timers do not move
 *   H.fetches                  [{url, at}]: every fetch the page made (at: H.now())
 * The verdict goes into <pre id="verdict"> as URI-encoded JSON:
 * {ok, failures, errors, counts}. A violation of the page's Content-Security-Policy
 * is an error. */
(function () {
  "use strict";
  var realSetTimeout = window.setTimeout.bind(window),
    realClearTimeout = window.clearTimeout.bind(window),
    pending = new Set(),
    created = 0,
    maxPending = 0,
    maxDelay = 0,
    failures = [],
    errors = [],
    counts = { labels: 0, swaps: 0, stale: 0, maxLateness: 0 },
    finished = false;

  var realDateNow = Date.now, skew = 0;
  Date.now = function () {
    return realDateNow.call(Date) + skew;
  };
  var realFetch = window.fetch, fetches = [];
  window.fetch = function (url) {
    fetches.push({ url: String(url), at: Date.now() + H.offset });
    return realFetch.apply(window, arguments);
  };
  document.addEventListener("securitypolicyviolation", function (e) {
    errors.push("CSP violation: " + e.violatedDirective + " " + e.blockedURI);
  });

  window.setTimeout = function (fn, delay) {
    var id = realSetTimeout(function () {
      pending.delete(id);
      fn();
    }, delay);
    pending.add(id);
    created++;
    if (pending.size > maxPending) maxPending = pending.size;
    if (delay > maxDelay) maxDelay = delay;
    return id;
  };
  window.clearTimeout = function (id) {
    pending.delete(id);
    realClearTimeout(id);
  };

  var savedError = console.error;
  console.error = function () {
    errors.push("console.error: " + Array.prototype.map.call(arguments, String).join(" ").slice(0, 500));
    return savedError.apply(console, arguments);
  };
  window.addEventListener("error", function (e) {
    errors.push("uncaught: " + (e.message || e.error));
  });
  window.addEventListener("unhandledrejection", function (e) {
    errors.push("unhandled rejection: " + e.reason);
  });

  var H = (window.H = {
    offset: 0,
    fetches: fetches,
    skew: function (ms) {
      skew += ms;
    },
    setTimeout: realSetTimeout,
    pending: function () {
      return pending.size;
    },
    now: function () {
      return Date.now() + H.offset;
    },
    setOffset: function (ms, FeedDate) {
      H.offset = ms;
      FeedDate.setClockOffset(ms);
    },
    fail: function (msg) {
      if (failures.length < 50) failures.push(msg);
      else failures[50] = "... and more";
    },
    error: function (msg) {
      errors.push(String(msg).slice(0, 500));
    },
    check: function (cond, msg) {
      if (!cond) H.fail(msg);
    },
    expectedAt: function (entries, c) {
      var text = entries[0][0];
      for (var i = 0; i < entries.length; i++) if (entries[i][1] <= c) text = entries[i][0];
      return text;
    },
    // Whether text may show at c when a swap may come up to `tol` ms late: the
    // text at c - tol, or one starting after it and by c.
    shows: function (entries, c, text, tol) {
      if (text === H.expectedAt(entries, c - tol)) return true;
      for (var i = 0; i < entries.length; i++) if (entries[i][0] === text && entries[i][1] > c - tol && entries[i][1] <= c) return true;
      return false;
    },
    // When the entry showing at c started (the first entry's start before it).
    startAt: function (entries, c) {
      var from = -Infinity;
      for (var i = 0; i < entries.length; i++) if (entries[i][1] <= c) from = entries[i][1];
      return from;
    },
    start: function (labels, opts) {
      var c0 = H.now(), end = c0 + opts.duration;
      var observers = [];
      // opts.lateness: how late a swap may come; in the first opts.settle ms
      // (while the page still loads), opts.loadLateness.
      function late(ms, c, what) {
        var settled = c >= c0 + (opts.settle || 0), limit = settled ? opts.lateness || 0 : opts.loadLateness || 0;
        var key = settled ? "maxLateness" : "maxLoadLateness";
        if (!(ms <= (counts[key] || 0))) counts[key] = ms;
        H.check(ms <= limit, what + " came " + ms + " ms after its instant (limit " + limit + ")");
      }
      labels.forEach(function (l) {
        var el = l.el || document.getElementById(l.id);
        if (!el) return H.fail(l.id + ": no element");
        counts.labels++;
        l.el = el;
        l.stale = 0;
        H.check(H.shows(l.entries, c0, el.textContent, opts.loadLateness || 0),
          l.id + ": at the start shows " + JSON.stringify(el.textContent) + ", not " + JSON.stringify(H.expectedAt(l.entries, c0)));
        var shown = el.textContent;
        var mo = new MutationObserver(function () {
          if (finished || el.textContent === shown) return;
          var c = H.now(), want = H.expectedAt(l.entries, c), from = H.startAt(l.entries, c);
          shown = el.textContent;
          counts.swaps++;
          if (l.removed) H.fail(l.id + ": changed after leaving the document");
          H.check(shown === want, l.id + ": at " + c + " shows " + JSON.stringify(shown) + ", not " + JSON.stringify(want));
          // A swap never comes early (that would be the text before), nor late.
          late(c - from, c, l.id + ": " + JSON.stringify(shown));
        });
        mo.observe(el, { childList: true, characterData: true, subtree: true });
        observers.push(mo);
        el.addEventListener("feeddate-stale", function (e) {
          var c = H.now();
          late(c - l.until, c, l.id + ": the stale event");
          l.stale++;
          counts.stale++;
          H.check(l.until !== null && e.detail && e.detail.until === l.until, l.id + ": stale event with detail " + JSON.stringify(e.detail));
          H.check(e.bubbles, l.id + ": the stale event does not bubble");
          H.check(c >= l.until, l.id + ": stale event at " + c + " for until " + l.until);
          H.check(el.textContent === l.entries[l.entries.length - 1][0], l.id + ": stale but not showing the last text");
        });
      });
      var bubbled = 0;
      document.addEventListener("feeddate-stale", function () {
        bubbled++;
      });
      realSetTimeout(function () {
        var c = H.now();
        labels.forEach(function (l) {
          if (!l.el || l.removed) return;
          H.check(H.shows(l.entries, c, l.el.textContent, opts.lateness || 0), l.id + ": at the end shows " + JSON.stringify(l.el.textContent));
          var want = l.until !== null && l.until <= c ? 1 : 0;
          H.check(l.stale === want, l.id + ": " + l.stale + " stale events, not " + want);
        });
        H.check(bubbled === counts.stale, "stale events reaching document: " + bubbled + " of " + counts.stale);
        var done = function (extra) {
          observers.forEach(function (mo) {
            mo.disconnect();
          });
          H.finish(extra);
        };
        if (opts.then) opts.then(done);
        else done();
      }, end - c0);
    },
    finish: function (extra) {
      if (finished) return;
      finished = true;
      counts.timersCreated = created;
      counts.maxPending = maxPending;
      counts.maxDelay = maxDelay;
      H.check(maxPending <= 1, "the client had " + maxPending + " timers pending at once");
      var verdict = { ok: !failures.length && !errors.length, failures: failures, errors: errors, counts: counts, extra: extra || null };
      var pre = document.getElementById("verdict") || document.body.appendChild(document.createElement("pre"));
      pre.id = "verdict";
      pre.textContent = encodeURIComponent(JSON.stringify(verdict));
    },
  });
})();
