/* script.html (markup.test.js): script_json's output raw in <script> elements,
 * as a server pastes it: two JSON data blocks (#data, #data2) and one inline
 * script (window.data, window.data2). The words inside are caller words that
 * would break out of a <script> unescaped: "</script><img src=x
 * onerror=window.pwned=1>" and "<!--<script>" (which makes the parser run on to
 * a later </script>). Deferred in <head>, so it runs even when a data block
 * swallows the rest of the document; it reports at load (after any image's
 * error event) what the page became: the <script> elements against the
 * authored count (<html data-scripts>), the images, window.pwned, whether
 * #after is still a child of <body>, and each block parsed (or why not). The
 * test compares the parsed values with the bindings' plain wires, and runs the
 * same page with the plain wire as the control. No <pre id="verdict"> is
 * authored: the harness adds one, so a swallowed copy cannot be read instead. */
"use strict";
window.addEventListener("load", function () {
  function parse(id) {
    var el = document.getElementById(id);
    if (!el) return { error: "no #" + id };
    try {
      return { value: JSON.parse(el.textContent) };
    } catch (e) {
      return { error: String(e), text: el.textContent.slice(0, 300) };
    }
  }
  var after = document.getElementById("after");
  var out = {
    scripts: document.querySelectorAll("script").length,
    authored: Number(document.documentElement.getAttribute("data-scripts")),
    images: document.querySelectorAll("img").length,
    pwned: typeof window.pwned === "undefined" ? null : String(window.pwned),
    after: !!after && after.parentNode === document.body,
    data: parse("data"),
    data2: parse("data2"),
    inline: window.data === undefined ? null : window.data,
    inline2: window.data2 === undefined ? null : window.data2,
  };
  H.check(out.scripts === out.authored, out.scripts + " <script> elements, " + out.authored + " authored");
  H.check(out.images === 0, out.images + " <img> elements made from the data");
  H.check(out.pwned === null, "the injected handler ran: window.pwned = " + out.pwned);
  H.check(out.after, "#after is not where it was written");
  H.finish(out);
});
