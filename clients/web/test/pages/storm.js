/* storm.html (browser.test.js): the client's clock 2 h ahead of the server's,
 * five labels whose schedules the server wrote from its own time (so they are
 * over on arrival), and the README's feeddate-stale handler (/readme/stale.js).
 * Counts the page's requests for 5 s of its time. Loaded in <head>, after the
 * harness and before feed-date.js. */
"use strict";
H.skew(2 * 3600000);
document.addEventListener("DOMContentLoaded", function () {
  var start = Date.now();
  H.setTimeout(function () {
    var requests = H.fetches.filter(function (f) {
      return /\/schedule\?/.test(f.url) && f.at - start <= 5000;
    });
    H.check(requests.length >= 5, "only " + requests.length + " requests: the 5 stale labels did not ask");
    H.check(requests.length <= 10, requests.length + " requests in 5 s");
    H.check(requests.every(function (f) { return /&from=\d+$/.test(f.url); }), "a request without from");
    var texts = Array.prototype.map.call(document.querySelectorAll("feed-date"), function (el) { return el.textContent; });
    H.check(texts.every(function (t) { return /^fresh \d$/.test(t); }), "labels after the new schedules: " + JSON.stringify(texts));
    H.finish({ requests: requests.length, texts: texts });
  }, 5000);
});
