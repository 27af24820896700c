/* The React test pages' app, the same in Node (the server's render, in
 * test/browser.test.js) and in the browser (hydrateRoot): a list of labels,
 * each <div id="rN"><FeedDate schedule className {...extra}/></div>. onReady runs
 * once after the client has mounted it. */
(function (root, make) {
  if (typeof module == "object" && module.exports) module.exports = make;
  else root.FeedDateTestApp = make;
})(this, function (React, FeedDate, schedules, onReady, extra) {
  "use strict";
  function App() {
    React.useEffect(function () {
      if (onReady) onReady();
    }, []);
    return React.createElement(
      "main",
      null,
      schedules.map(function (s, i) {
        var props = { schedule: s, className: "when" };
        for (var k in extra || {}) props[k] = extra[k];
        return React.createElement("div", { key: i, id: "r" + i }, React.createElement(FeedDate, props));
      })
    );
  }
  return React.createElement(App);
});
