/* react.js: the <FeedDate schedule={wire} className=... fallback=... onError=...>
 * React component (SPEC section 11). A UMD module: require("./react.js") in Node
 * (it needs "react", and loads feed-date.js), the global FeedDateReact in a
 * browser (load React and feed-date.js first).
 *
 * schedule is the wire object or its JSON text (what every binding's schedule
 * gives). The component renders <feed-date class=... dir="auto">text</feed-date>
 * with the text FeedDate.pick gives before the schedule's now (its first entry,
 * the one at its now): the server's render (react-dom/server) and the first
 * client render are the same, so hydrateRoot finds no mismatch. After mounting,
 * it hands the element and the schedule to FeedDate.attach: the page's one timer
 * (feed-date.js) swaps the text from then on, and the <feed-date> element leaves
 * that timer when React removes it. No timing logic is here.
 *
 * A malformed schedule (pick and attach refuse what SPEC 11 forbids) renders the
 * fallback prop (default: nothing) and is reported to onError(error), else to
 * console.error: on the server during the render (no effect runs there), in the
 * browser after it commits. Nothing is thrown out of the component, so one bad
 * row never unmounts a page. */
(function (root, factory) {
  if (typeof module == "object" && module && module.exports) {
    require("./feed-date.js");
    module.exports = factory(require("react"), root);
  } else {
    root.FeedDateReact = factory(root.React, root);
  }
})(typeof globalThis != "undefined" ? globalThis : this, function (React, g) {
  "use strict";
  if (!React) throw new Error("FeedDateReact: load React 18 before react.js");
  var browser = typeof document != "undefined";
  // A layout effect attaches before the browser paints; on a server no effect
  // runs, and useEffect there keeps React from warning about useLayoutEffect.
  var useAttachEffect = browser ? React.useLayoutEffect : React.useEffect;

  function report(onError, error) {
    try {
      if (typeof onError == "function") onError(error);
      else if (g.console) g.console.error(error);
    } catch (e) {
      // an onError that throws is not the page's end either
    }
  }

  function FeedDate(props) {
    var schedule = props.schedule, ref = React.useRef(null), text = null, error = null;
    try {
      if (!g.FeedDate || !g.FeedDate.pick) throw new Error("FeedDateReact: load feed-date.js before rendering <FeedDate>");
      text = g.FeedDate.pick(schedule, -Infinity).text;
    } catch (e) {
      error = e;
    }
    if (error && !browser) report(props.onError, error);
    useAttachEffect(
      function () {
        if (error) return report(props.onError, error);
        try {
          g.FeedDate.attach(ref.current, schedule);
        } catch (e) {
          report(props.onError, e);
        }
      },
      [schedule] // once per schedule: a parent's re-render neither re-attaches nor re-reports
    );
    if (error) return props.fallback === undefined ? null : props.fallback;
    // On a custom element React 18 takes the attribute's own name, "class" (its
    // className would be hydrated as an attribute "className" and mismatch).
    // dir="auto": the label is isolated from the text around it from the
    // server's HTML on (attach would add it in the browser).
    return React.createElement("feed-date", { ref: ref, class: props.className, dir: "auto" }, text);
  }

  return { FeedDate: FeedDate };
});
