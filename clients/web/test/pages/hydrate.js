/* react-bad.html (browser.test.js): the server's render of a list of 20 rows,
 * one with a malformed schedule, hydrated from the schedules the server put in a
 * JSON data block (no inline script: the page runs under script-src 'self').
 * The bad row must show the fallback, report once to onError, and leave the 19
 * others mounted and swapping. */
"use strict";
(function () {
  var schedules = JSON.parse(document.getElementById("feeddate-schedules").textContent);
  var reported = [];
  H.setOffset(Number(document.body.getAttribute("data-client-now")) - Date.now(), FeedDate);
  var extra = { fallback: "(no time)", onError: function (e) { reported.push(String(e)); } };
  var root = ReactDOM.hydrateRoot(
    document.getElementById("root"),
    FeedDateTestApp(React, FeedDateReact.FeedDate, schedules, function () {
      var rows = document.querySelectorAll("#root div[id^=r]"), labels = [], fallbacks = 0;
      Array.prototype.forEach.call(rows, function (row, i) {
        var el = row.querySelector("feed-date");
        if (!el) return (fallbacks += row.textContent === "(no time)" ? 1 : 0);
        var w = typeof schedules[i] == "string" ? JSON.parse(schedules[i]) : schedules[i], from = w.now;
        labels.push({ el: el, until: w.until, entries: w.labels.map(function (l) { return [l[0], (from += l[1])]; }) });
      });
      H.check(rows.length === 20, rows.length + " rows");
      H.check(labels.length === 19, labels.length + " labels mounted");
      H.check(fallbacks === 1, fallbacks + " fallbacks");
      H.check(reported.length === 1 && /TypeError/.test(reported[0]), "onError got " + JSON.stringify(reported));
      H.start(labels, { duration: 5000, lateness: 4, settle: 1000, loadLateness: 100, then: function (done) {
        done({ rows: rows.length, labels: labels.length, fallbacks: fallbacks, reported: reported.length });
      } });
    }, extra),
    { onRecoverableError: function (e) { H.error("onRecoverableError: " + (e && e.message)); } }
  );
  window.feeddateRoot = root;
})();
