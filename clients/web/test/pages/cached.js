/* cached.html (browser.test.js): a page a cache kept for 10.5 minutes (its
 * schedule's now and its server time are that old), on a client whose wall
 * clock is 3 min behind. The 1.2 README's setClockOffset(SERVER_NOW_MS -
 * Date.now()) is the control (a span attached here): it shows the cached
 * instant. The README's setServerTime (/readme/server-time.js, deferred) must
 * make every label right, and a later change of the wall clock must not move it.
 * Loaded at the end of <body>. */
"use strict";
(function () {
  H.skew(-180000);
  var label = document.getElementById("label"), control = document.getElementById("control");
  var cachedNow = Number(document.body.getAttribute("data-server-now"));
  var wire = JSON.parse(label.getAttribute("data-schedule"));
  FeedDate.setClockOffset(cachedNow - Date.now()); // the 1.2 README's line
  FeedDate.attach(control, wire);
  var controlText = control.textContent;
  H.check(controlText === "0 min", "the control shows " + controlText + ", not the cached instant's 0 min");
  var waited = 0;
  (function poll() {
    // setServerTime re-picks every label: the control leaves the cached instant.
    if (control.textContent === controlText && waited < 5000) return (waited += 50), H.setTimeout(poll, 50);
    H.check(H.fetches.some(function (f) { return /\/now$/.test(f.url); }), "no request for /now");
    var right = [label.textContent, control.textContent];
    H.check(right[0] === "10 min" && right[1] === "10 min", "after setServerTime: " + JSON.stringify(right));
    H.skew(3600000); // the wall clock moves an hour; the server's time does not
    FeedDate.refresh();
    var after = [label.textContent, control.textContent];
    H.check(after[0] === "10 min" && after[1] === "10 min", "after the wall clock moved: " + JSON.stringify(after));
    H.finish({ control: controlText, right: right, after: after, waitedMs: waited });
  })();
})();
