/* markup.html (markup.test.js): the library's markup, html() of the Node and
 * Python bindings (byte for byte the same), as the server's HTML, under the
 * strict CSP; what each case should give is in the JSON data block #expect,
 * written by the test from the bindings' schedule() and a FEED_DETAIL
 * formatter, not from the markup. Loaded at the end of <body>:
 *   - as parsed (before the client attaches, at DOMContentLoaded): each case's
 *     <time datetime title> holding one <feed-date> whose text is the entry at
 *     now and whose data-schedule / data-spoken-schedule attributes read back
 *     as the bindings' plain wires;
 *   - once attached: with a spoken schedule, the visible text in a span marked
 *     aria-hidden and the spoken text in a visually hidden span, each the
 *     first entry of its own schedule (the client's clock starts before now);
 *   - then (H.start) each text, the visible and the spoken one apart, swaps at
 *     its own schedule's instants for X.duration ms of client time, and no
 *     element has aria-live. The texts each label showed, in order, go in the
 *     verdict for the test to compare with the schedules. */
"use strict";
(function () {
  var X = JSON.parse(document.getElementById("expect").textContent);
  H.setOffset(X.clientStart - Date.now(), FeedDate);
  var $ = function (id) {
    return document.getElementById(id);
  };
  var q = JSON.stringify;

  X.cases.forEach(function (c) {
    var box = $(c.id), time = box && box.firstElementChild, fd = time && time.firstElementChild;
    if (!box || box.children.length !== 1 || !time || time.localName !== "time")
      return H.fail(c.id + ": the markup is not one <time> element");
    H.check(time.getAttribute("datetime") === c.datetime, c.id + ": datetime " + q(time.getAttribute("datetime")) + ", not " + q(c.datetime));
    H.check(time.getAttribute("title") === c.title, c.id + ": title " + q(time.getAttribute("title")) + ", not " + q(c.title));
    H.check(time.attributes.length === 2, c.id + ": <time> has " + time.attributes.length + " attributes");
    if (time.children.length !== 1 || !fd || fd.localName !== "feed-date")
      return H.fail(c.id + ": <time> does not hold one <feed-date>");
    H.check(fd.getAttribute("data-schedule") === c.json, c.id + ": data-schedule reads back as " + q(fd.getAttribute("data-schedule")).slice(0, 200));
    H.check(fd.getAttribute("data-spoken-schedule") === (c.spokenJson || null),
      c.id + ": data-spoken-schedule reads back as " + q(fd.getAttribute("data-spoken-schedule")).slice(0, 200));
    H.check(fd.children.length === 0 && fd.textContent === c.entries[0][0],
      c.id + ": the server's text " + q(fd.textContent) + ", not " + q(c.entries[0][0]));
  });

  document.addEventListener("DOMContentLoaded", function () {
    // feed-date.js attached the parsed <feed-date> elements at DOMContentLoaded,
    // in a listener added before this one.
    var labels = [];
    X.cases.forEach(function (c) {
      var fd = $(c.id) && $(c.id).querySelector("feed-date");
      if (!fd) return;
      if (c.spokenEntries) {
        var spans = fd.children, shown = spans[0], spoken = spans[1];
        if (spans.length !== 2 || shown.localName !== "span" || spoken.localName !== "span")
          return H.fail(c.id + ": not two spans once attached: " + fd.innerHTML.slice(0, 200));
        H.check(shown.getAttribute("aria-hidden") === "true", c.id + ": the visible text is not aria-hidden");
        H.check(spoken.getAttribute("aria-hidden") === null, c.id + ": the spoken text is aria-hidden");
        H.check(shown.textContent === c.entries[0][0], c.id + ": visible text at load " + q(shown.textContent) + ", not " + q(c.entries[0][0]));
        H.check(spoken.textContent === c.spokenEntries[0][0],
          c.id + ": spoken text at load " + q(spoken.textContent) + ", not " + q(c.spokenEntries[0][0]));
        labels.push({ id: c.id + " visible", el: shown, entries: c.entries, until: c.until });
        labels.push({ id: c.id + " spoken", el: spoken, entries: c.spokenEntries, until: c.spokenUntil });
      } else {
        H.check(fd.children.length === 0 && fd.textContent === c.entries[0][0], c.id + ": text at load " + q(fd.textContent));
        labels.push({ id: c.id, el: fd, entries: c.entries, until: c.until });
      }
    });
    // Every text each label shows, in order.
    labels.forEach(function (l) {
      var texts = (l.texts = [l.el.textContent]);
      new MutationObserver(function () {
        if (l.el.textContent !== texts[texts.length - 1]) texts.push(l.el.textContent);
      }).observe(l.el, { childList: true, characterData: true, subtree: true });
    });
    H.start(labels, {
      duration: X.duration, lateness: 4, settle: 1000, loadLateness: 100,
      then: function (done) {
        var live = document.querySelectorAll("[aria-live]").length, hidden = {};
        H.check(live === 0, live + " elements with aria-live: a swap would be announced");
        X.cases.forEach(function (c) {
          if (!c.spokenEntries) return;
          var fd = $(c.id).querySelector("feed-date"), spans = fd.children;
          H.check(spans.length === 2 && spans[0].getAttribute("aria-hidden") === "true", c.id + ": the spans changed");
          if (spans.length !== 2) return;
          var r = spans[1].getBoundingClientRect();
          hidden[c.id] = { width: r.width, height: r.height, position: getComputedStyle(spans[1]).position };
          H.check(r.width <= 1 && r.height <= 1, c.id + ": the spoken text is seen: " + r.width + "x" + r.height);
          H.check(spans[0].getBoundingClientRect().width > 1, c.id + ": the visible text is not seen");
        });
        var texts = {};
        labels.forEach(function (l) {
          texts[l.id] = l.texts;
        });
        done({ texts: texts, ariaLive: live, hidden: hidden });
      },
    });
  });
})();
