/* bidi.html (browser.test.js): labels isolated from the text around them, seen
 * on the laid-out text: the characters after a label holding U+202E stay in
 * order, and a number after an Arabic label stays after it. The same texts in
 * plain spans (no isolation) are the controls, which must reorder. Also a
 * spoken schedule's spans, styled through the CSSOM under the strict CSP.
 * Runs at load. */
"use strict";
window.addEventListener("load", function () {
  // The left edge of each non-space character of el's text, in logical order.
  function lefts(el) {
    var node = el.firstChild, out = [], r = document.createRange();
    for (var i = 0; i < node.data.length; i++) {
      if (node.data[i] === " ") continue;
      r.setStart(node, i);
      r.setEnd(node, i + 1);
      out.push(r.getBoundingClientRect().left);
    }
    return out;
  }
  function inOrder(xs) {
    for (var i = 1; i < xs.length; i++) if (!(xs[i] > xs[i - 1])) return false;
    return true;
  }
  var $ = function (id) {
    return document.getElementById(id);
  };
  var box = function (id) {
    return $(id).getBoundingClientRect();
  };
  var out = {
    rloDir: $("rlo").getAttribute("dir"),
    afterIsolated: inOrder(lefts($("after1"))),
    afterControl: inOrder(lefts($("after2"))),
    numberAfterLabel: box("num1").left >= box("ar").right - 0.5,
    numberAfterControl: box("num2").left >= box("ctl2").right - 0.5,
  };
  H.check(out.rloDir === "auto", "dir " + out.rloDir);
  H.check($("rlo").textContent === "\u202Eevil label", "the label: " + JSON.stringify($("rlo").textContent));
  H.check(out.afterIsolated, "the text after the U+202E label is reordered: " + lefts($("after1")).join(","));
  H.check(!out.afterControl, "the control: the text after an unisolated U+202E is in order (the check could not fail)");
  H.check(out.numberAfterLabel, "the number moved in front of the Arabic label");
  H.check(!out.numberAfterControl, "the control: the number after unisolated Arabic did not move (the check could not fail)");
  var spoken = $("spoken"), spans = spoken.children;
  H.check(spans.length === 2, spans.length + " spans in the spoken label");
  if (spans.length === 2) {
    out.spoken = [spans[0].textContent, spans[1].textContent, spans[0].getAttribute("aria-hidden"), getComputedStyle(spans[1]).position];
    H.check(out.spoken.join("|") === "5m|5 minutes ago|true|absolute", "spoken label: " + out.spoken.join("|"));
    H.check(spans[1].getBoundingClientRect().width <= 1, "the spoken text is visually hidden");
  }
  H.finish(out);
});
