// Shared by the web client's tests: the schedule vectors, and feed-date.js run
// in a fresh realm with a fake clock, fake timers and a minimal DOM.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const os = require("node:os");
const { spawn, execFileSync } = require("node:child_process");

const WEB = path.resolve(__dirname, "..");
const ROOT = path.resolve(WEB, "../..");
const SOURCE_FILE = path.join(WEB, "feed-date.js");

// FEEDDATE_SCHEDULE_VECTORS (':'-separated files) replaces the project's copy, as FEEDDATE_VECTORS
// does for the label suites (SPEC 11, "Vectors"); the choice is the Node suites' (one set, SPEC 13).
const { vectorFiles: choose } = require("../../../bindings/node/test/vectors.js");
const vectorFiles = () => choose("schedule", "FEEDDATE_SCHEDULE_VECTORS");

// Every vector: {name, entries: [[text, from_ms]], until_ms, json, now_ms, ...}.
function loadVectors() {
  const out = [];
  for (const file of vectorFiles()) {
    fs.readFileSync(file, "utf8").split("\n").forEach((line, i) => {
      if (!line.trim()) return;
      const v = JSON.parse(line);
      v.name = `${path.basename(file)}:${i + 1} ${v.style} ${v.note || ""}`.trim();
      out.push(v);
    });
  }
  if (!out.length) throw new Error("no schedule vectors in " + vectorFiles().join(", "));
  return out;
}

// feed-date.js (or other source text) in a new realm: Date.now() reads `clock.t`
// (the wall clock) and performance.now() `clock.m` (the monotonic clock);
// setTimeout/clearTimeout are recorded and fire only through advance(), which
// moves both clocks, while jump(ms) moves the wall clock alone; elements are
// small fakes (text, attributes, child spans). With {customElements: true} the realm also has
// HTMLElement, customElements and document stubs, so the <feed-date> class can be
// driven by hand.
function realm({ start = 0, source, customElements = false } = {}) {
  const clock = { t: start, m: 1000 };
  const timers = new Map(); // id -> {fn, at, delay}
  const delays = []; // every delay setTimeout was given
  let seq = 0, maxPending = 0;
  const listeners = {};
  const reported = []; // what the realm's console.error was given
  // An element: textContent (its children's when it has any; setting it drops
  // them), attributes, appendChild, and the events dispatched to it.
  function element(text = "", tag = "span") {
    return new FakeElement(tag, text);
  }
  class FakeElement {
    constructor(tag, text) {
      this.tagName = tag;
      this.text = text;
      this.children = [];
      this.attributes = {};
      this.style = { cssText: "" };
      this.isConnected = true;
      this.events = [];
      this.writes = 0;
      this.reads = 0; // how often the client read its text (the labels a run touched)
      this.ownerDocument = { createElement: (t) => new FakeElement(t, "") };
    }
    get textContent() {
      this.reads++;
      return this.children.length ? this.children.map((c) => c.textContent).join("") : this.text;
    }
    set textContent(v) {
      this.children = [];
      this.text = String(v);
      this.writes++;
    }
    appendChild(c) {
      this.children.push(c);
      return c;
    }
    setAttribute(n, v) {
      this.attributes[n] = String(v);
    }
    getAttribute(n) {
      return n in this.attributes ? this.attributes[n] : null;
    }
    hasAttribute(n) {
      return n in this.attributes;
    }
    dispatchEvent(e) {
      this.events.push({ type: e.type, bubbles: e.bubbles, detail: e.detail, at: clock.t });
      return true;
    }
  }

  class FakeCustomEvent {
    constructor(type, init = {}) {
      this.type = type;
      this.bubbles = !!init.bubbles;
      this.detail = init.detail;
    }
  }
  const ctx = {
    Date: { now: () => clock.t },
    performance: { now: () => clock.m },
    console: { error: (e) => reported.push(e) },
    setTimeout(fn, delay) {
      if (typeof fn !== "function") throw new Error("setTimeout without a function");
      const id = ++seq;
      timers.set(id, { fn, at: clock.m + delay, delay });
      delays.push(delay);
      maxPending = Math.max(maxPending, timers.size);
      return id;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
    CustomEvent: FakeCustomEvent,
  };
  let defined = null;
  if (customElements) {
    ctx.HTMLElement = class extends FakeElement {
      constructor() {
        super("feed-date", "");
        this.isConnected = false;
      }
    };
    ctx.customElements = {
      get: (name) => (defined && defined.name === name ? defined.cls : undefined),
      define: (name, cls) => (defined = { name, cls }),
    };
    ctx.document = {
      hidden: false,
      readyState: "complete",
      addEventListener: (type, fn) => (listeners[type] = listeners[type] || []).push(fn),
    };
  }
  vm.createContext(ctx);
  vm.runInContext(source === undefined ? fs.readFileSync(SOURCE_FILE, "utf8") : source, ctx, {
    filename: SOURCE_FILE,
  });

  // Moves the wall clock to `to` (and the monotonic clock with it), firing every
  // due timer at its own instant, in order. Timers run on the monotonic clock.
  function advance(to) {
    const end = clock.m + (to - clock.t);
    for (;;) {
      let next = null;
      for (const [id, tm] of timers) if (tm.at <= end && (!next || tm.at < next[1].at)) next = [id, tm];
      if (!next) break;
      timers.delete(next[0]);
      if (next[1].at > clock.m) (clock.t += next[1].at - clock.m), (clock.m = next[1].at);
      next[1].fn();
    }
    if (end > clock.m) (clock.t += end - clock.m), (clock.m = end);
  }

  // The wall clock jumps by ms (either way); the monotonic clock and the timers do not move.
  function jump(ms) {
    clock.t += ms;
  }

  return {
    ctx,
    TypeError: vm.runInContext("TypeError", ctx), // the realm's own (what attach must throw)
    FeedDate: ctx.FeedDate,
    clock,
    timers,
    delays,
    advance,
    jump,
    element,
    pending: () => timers.size,
    maxPending: () => maxPending,
    // The pending timer, `at` as a wall-clock instant (the wall clock as it reads now).
    nextTimer: () => {
      const tm = [...timers.values()][0];
      return tm && { ...tm, at: tm.at - clock.m + clock.t };
    },
    elementClass: () => defined && defined.cls,
    reported,
    fire: (type) => (listeners[type] || []).forEach((fn) => fn()),
  };
}

// The text a schedule shows at client time c (from its absolute entries).
function expectedAt(entries, c) {
  let text = entries[0][0];
  for (const [t, from] of entries) if (from <= c) text = t;
  return text;
}

// ---- headless chromium (Debian's; FEEDDATE_CHROMIUM names another) -----------
const CHROMIUM = process.env.FEEDDATE_CHROMIUM || "chromium";

// null when chromium runs, else why not (the browser tests then fail with it).
function haveChromium() {
  try {
    execFileSync(CHROMIUM, ["--version"], { stdio: "pipe", timeout: 30000 });
    return null;
  } catch (e) {
    return `no usable ${CHROMIUM} (${e.code || e.message.split("\n")[0]}): apt-get install -y chromium (make test-web does it when run as root)`;
  }
}

// Runs headless chromium on url with the given flags (--dump-dom, --screenshot=...,
// --virtual-time-budget=...) in a throwaway profile; resolves {stdout, stderr, ms}.
// Its whole process group is killed if it runs over a minute.
function chromium(url, flags) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "feeddate-chromium-"));
  const args = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
    "--disable-extensions", "--disable-dev-shm-usage", `--user-data-dir=${profile}`, ...flags, url,
  ];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(CHROMIUM, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    let out = "", err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch (e) {
        /* already gone */
      }
    }, 60000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      fs.rmSync(profile, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`${CHROMIUM} exited ${code ?? signal}: ${err.slice(-2000)}`));
      resolve({ stdout: out, stderr: err, ms: Date.now() - started });
    });
  });
}

module.exports = { WEB, ROOT, SOURCE_FILE, loadVectors, vectorFiles, realm, expectedAt, chromium, haveChromium };
