/* jump.html (browser.test.js): a chat-list label showing a time of day, its
 * "midnight" 10 minutes away. Two seconds in, the wall clock jumps to an hour
 * past that midnight (no visibilitychange, nothing else); the label must say
 * "Yesterday" within 60 s. Then the clock is set back to an hour before
 * midnight, and the label must show the time again within 60 s. The delays are
 * measured on performance.now() (the page's virtual time). End of <body>. */
"use strict";
(function () {
  var el = document.getElementById("chat"), now0 = Date.now(), MIDNIGHT = now0 + 600000;
  var visibility = 0, result = {};
  document.addEventListener("visibilitychange", function () {
    visibility++;
  });
  FeedDate.attach(el, { v: 1, now: now0, labels: [["9:32 AM", 0], ["Yesterday", 600000], ["Monday", 86400000]], until: null });
  H.check(el.textContent === "9:32 AM", "at first: " + el.textContent);
  // Calls done(ms) once el shows text, ms after t0; fails after 70 s.
  function waitFor(text, t0, done) {
    var over = false;
    var mo = new MutationObserver(function () {
      if (over || el.textContent !== text) return;
      over = true;
      mo.disconnect();
      done(performance.now() - t0);
    });
    mo.observe(el, { childList: true, characterData: true, subtree: true });
    H.setTimeout(function () {
      if (over) return;
      over = true;
      mo.disconnect();
      H.fail("still " + JSON.stringify(el.textContent) + ", not " + JSON.stringify(text) + ", 70 s after the jump");
      done(null);
    }, 70000);
  }
  H.setTimeout(function () {
    H.skew(MIDNIGHT + 3600000 - Date.now());
    waitFor("Yesterday", performance.now(), function (ms) {
      result.forwardMs = ms;
      H.check(ms !== null && ms <= 60000, "the jump forward was caught after " + ms + " ms");
      H.skew(-2 * 3600000);
      waitFor("9:32 AM", performance.now(), function (ms2) {
        result.backMs = ms2;
        H.check(ms2 !== null && ms2 <= 60000, "the jump back was caught after " + ms2 + " ms");
        result.visibilitychange = visibility;
        H.check(visibility === 0, "a visibilitychange event came");
        H.finish(result);
      });
    });
  }, 2000);
})();
