/* react.js: the <FeedDate schedule={wire} className=...> React component
 * (SPEC section 11). A UMD module: require("./react.js") in Node (it needs
 * "react", and loads feed-date.js), the global FeedDateReact in a browser
 * (load React and feed-date.js first).
 *
 * It renders <feed-date class=...>text</feed-date> with the text of the
 * schedule's first entry, the one at its `now`: the server's render
 * (react-dom/server) and the first client render are the same, so hydrateRoot
 * finds no mismatch. After mounting, it hands the element and the schedule to
 * FeedDate.attach: the page's one timer (feed-date.js) swaps the text from then
 * on, and the <feed-date> element leaves that timer when React removes it. No
 * timing logic is here. The wire is checked strictly by attach, on the client. */
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
  // A layout effect attaches before the browser paints; on a server no effect
  // runs, and useEffect there keeps React from warning about useLayoutEffect.
  var useAttachEffect = typeof document != "undefined" ? React.useLayoutEffect : React.useEffect;

  function FeedDate(props) {
    var schedule = props.schedule, ref = React.useRef(null);
    useAttachEffect(
      function () {
        if (!g.FeedDate) throw new Error("FeedDateReact: load feed-date.js before rendering <FeedDate>");
        g.FeedDate.attach(ref.current, schedule);
      },
      [schedule]
    );
    // On a custom element React 18 takes the attribute's own name, "class" (its
    // className would be hydrated as an attribute "className" and mismatch).
    return React.createElement("feed-date", { ref: ref, class: props.className }, schedule.labels[0][0]);
  }

  return { FeedDate: FeedDate };
});
