/* swaps.html (browser.test.js): 10,000 labels on one page, each changing every
 * second at its own millisecond (10 labels an instant), for 8 s. One
 * MutationObserver on the list records how late each swap came (client time
 * minus the entry's start); the verdict has the count and the 50th, 99th and
 * 100th percentiles. Runs at load. */
"use strict";
window.addEventListener("load", function () {
  var N = 10000, list = document.createElement("div"), base = Date.now() + 1000, late = [], wrong = 0;
  document.body.appendChild(list);
  var labels = [];
  for (var i = 0; i < N; i++) {
    var el = list.appendChild(document.createElement("feed-date")), first = 1000 + ((i * 7) % 1000), entries = [["0", 0]];
    for (var k = 1; k <= 10; k++) entries.push([String(k), k === 1 ? first : 1000]);
    FeedDate.attach(el, { v: 1, now: base, labels: entries, until: null });
    labels.push({ el: el, first: base + first });
  }
  var index = new Map();
  labels.forEach(function (l) { index.set(l.el, l); });
  new MutationObserver(function (records) {
    var c = Date.now();
    records.forEach(function (r) {
      var l = index.get(r.target.nodeType === 1 ? r.target : r.target.parentNode);
      if (!l) return;
      var k = Number(l.el.textContent), start = l.first + (k - 1) * 1000;
      if (!(k >= 1 && c >= start)) wrong++;
      late.push(c - start);
    });
  }).observe(list, { childList: true, characterData: true, subtree: true });
  H.setTimeout(function () {
    late.sort(function (a, b) { return a - b; });
    var p = function (q) { return late[Math.min(late.length - 1, Math.floor(q * late.length))]; };
    var out = { swaps: late.length, p50: p(0.5), p99: p(0.99), max: late[late.length - 1], early: wrong };
    H.check(wrong === 0, wrong + " swaps early or wrong");
    H.check(late.length >= 60000, "only " + late.length + " swaps");
    H.finish(out);
  }, 9000);
});
