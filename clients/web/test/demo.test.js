// make demo-web's page in headless chromium: a screenshot to build/web/demo.png,
// and a minute of virtual time in which its labels change live. Runs only when
// the Python binding has Formatter.schedule (SPEC 11); until then the test is
// skipped and says why (make test-web prints it too).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { spawn, spawnSync } = require("node:child_process");
const { WEB, ROOT, chromium, haveChromium } = require("./helpers.js");

const PYTHON = process.env.FEEDDATE_DEMO_PYTHON || "python3";
const PYTHONPATH = [path.join(ROOT, "bindings/python"), process.env.PYTHONPATH].filter(Boolean).join(":");
const env = { ...process.env, PYTHONPATH };
const SHOT = path.join(ROOT, "build/web/demo.png");

function demoUnavailable() {
  const r = spawnSync(PYTHON, ["-c", "import feeddate; feeddate.Formatter.schedule"], { env, encoding: "utf8" });
  if (r.error) return `${PYTHON}: ${r.error.code}`;
  if (r.status !== 0) {
    const last = (r.stderr.trim().split("\n").pop() || "").slice(0, 300);
    return `\`python3 -c "import feeddate; feeddate.Formatter.schedule"\` fails from bindings/python (${last})`;
  }
  return null;
}

const why = demoUnavailable();

test("demo-web: a screenshot, and labels that change live", { skip: why ? `NOT RUN: ${why}` : false }, async (t) => {
  assert.equal(haveChromium(), null, haveChromium());
  const server = spawn(PYTHON, [path.join(WEB, "demo/server.py"), "--port", "0"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  server.stderr.on("data", (d) => (errors += d));
  try {
    const url = await new Promise((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error("the demo server did not start in 30 s: " + errors)), 30000);
      server.stdout.on("data", (d) => {
        out += d;
        const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m) clearTimeout(timer), resolve(m[1]);
      });
      server.on("exit", (code) => reject(new Error(`the demo server exited ${code}: ${errors}`)));
    });
    fs.mkdirSync(path.dirname(SHOT), { recursive: true });
    fs.rmSync(SHOT, { force: true });
    await chromium(url, ["--hide-scrollbars", "--window-size=900,1000", "--virtual-time-budget=3000", `--screenshot=${SHOT}`]);
    const png = fs.readFileSync(SHOT);
    assert.ok(png.length > 10000 && png.subarray(1, 4).toString() === "PNG", `${SHOT} is not a screenshot`);
    t.diagnostic(`${SHOT}: ${png.length} bytes`);

    const { stdout: dom } = await chromium(url, ["--virtual-time-budget=65000", "--dump-dom"]);
    const labels = [...dom.matchAll(/<feed-date data-id="(\d+)"[^>]*>([^<]*)<\/feed-date>/g)];
    assert.ok(labels.length >= 5, `${labels.length} labels on the page`);
    assert.ok(labels.every(([, , text]) => text.trim().length > 0), "every label shows a text");
    const swaps = Number((/<span id="swaps">(\d+)<\/span>/.exec(dom) || [])[1]);
    t.diagnostic(`a minute of the demo: ${swaps} label changes; the labels then: ${labels.map((l) => l[2]).join(" | ")}`);
    assert.ok(swaps >= 100, `only ${swaps} label changes in a minute (the countdown alone makes 600)`);
    const fetches = Number((/<span id="fetches">(\d+)<\/span>/.exec(dom) || [])[1]);
    t.diagnostic(`schedules fetched again on feeddate-stale: ${fetches}`);
    assert.ok(fetches >= 1, "the 30 s schedule went stale and was fetched again");
    assert.equal(errors.match(/Traceback/g), null, errors);
  } finally {
    server.kill();
  }
});
