/* perf.html (browser.test.js): 50,000 <feed-date> labels attached, 20,000
 * attached again, 45,000 removed, each timed (performance.now()), once with all
 * of them changing at one instant and once at 50,000 different instants. */
"use strict";
window.addEventListener("load", function () {
  function measure(same) {
    var box = document.createElement("div"), els = [], i, t, out = {}, base = Date.now();
    document.body.appendChild(box);
    for (i = 0; i < 50000; i++) els.push(box.appendChild(document.createElement("feed-date")));
    var wire = function (i) {
      return { v: 1, now: base, labels: [["old", 0], ["new", 600000 + (same ? 0 : i)]], until: null };
    };
    t = performance.now();
    for (i = 0; i < 50000; i++) FeedDate.attach(els[i], wire(i));
    out.attach = performance.now() - t;
    t = performance.now();
    for (i = 0; i < 20000; i++) FeedDate.attach(els[i], wire(i));
    out.reattach = performance.now() - t;
    t = performance.now();
    for (i = 0; i < 45000; i++) els[i].remove();
    out.remove = performance.now() - t;
    H.check(H.pending() === 1, H.pending() + " timers pending");
    box.remove();
    H.check(H.pending() === 0, H.pending() + " timers pending with no label left");
    for (var k in out) out[k] = Math.round(out[k]);
    return out;
  }
  var same = measure(true), spread = measure(false);
  H.check(same.remove < 1000, "45,000 same-instant labels removed in " + same.remove + " ms");
  H.check(same.reattach < 1000, "20,000 same-instant labels attached again in " + same.reattach + " ms");
  H.finish({ same: same, spread: spread });
});
