'use strict';
// feeddate for Node: feed, chat and countdown labels for timestamps, with the
// instant at which each label next changes. A thin layer over the N-API
// addon (src/feeddate_node.c), which calls libfeeddate.so.1: every rule and
// every option check is the library's; this file only gives names.

const path = require('node:path');
const fs = require('node:fs');

// Where the addon is looked for, in order: $FEEDDATE_NODE_ADDON (and then
// only there); build/feeddate.node in this package (`make` here, against the
// installed library through pkg-config); prebuilds/<platform>-<arch>/feeddate.node,
// the prebuilt addon of the npm package (`make npm`), which finds the
// libfeeddate.so.1 beside it (ICU 78.3 inside it) through its run path $ORIGIN;
// build/node/feeddate.node of the feeddate checkout this package sits in
// (`make node-addon` at the top), only when it is one (never from an installed package).
function loadAddon() {
  const explicit = process.env.FEEDDATE_NODE_ADDON;
  // The checkout's build/node only when this folder is bindings/node of a feeddate checkout (its
  // header two levels up): an installed package never looks outside itself.
  const top = path.join(__dirname, '..', '..');
  const inCheckout = path.basename(__dirname) === 'node' && path.basename(path.dirname(__dirname)) === 'bindings' &&
    fs.existsSync(path.join(top, 'include', 'feeddate.h')) && fs.existsSync(path.join(top, 'Package.swift'));
  const places = explicit
    ? [explicit]
    : [path.join(__dirname, 'build', 'feeddate.node'),
       path.join(__dirname, 'prebuilds', `${process.platform}-${process.arch}`, 'feeddate.node'),
       ...(inCheckout ? [path.join(top, 'build', 'node', 'feeddate.node')] : [])];
  const tried = [];
  for (const where of places) {
    if (!fs.existsSync(where)) {
      tried.push(`${where}: no such file`);
      continue;
    }
    try {
      return { addon: require(where), addonPath: where };
    } catch (e) {
      tried.push(`${where}: ${e.message}`);
    }
  }
  throw new Error(`feeddate: cannot load the addon. Tried:\n  - ${tried.join('\n  - ')}\n` +
    'Fix: install the npm package of `make npm` (prebuilt for linux-x64), or run `make` in this package ' +
    '(needs libfeeddate-dev and pkg-config), or `make node-addon` in the feeddate checkout, ' +
    'or set FEEDDATE_NODE_ADDON=/path/to/feeddate.node.');
}

const { addon, addonPath } = loadAddon();
const scratch = new Float64Array(8); // what label reports besides the text; [1]: formatMany's heap bytes
// formatMany's labels, handed over by the addon a group at a time: texts[base + i] = labels[i].
function store(texts, base) {
  for (let i = 2; i < arguments.length; i++) texts[base + i - 2] = arguments[i];
}
// schedule's entries, handed over the same way: the arguments after base are pairs (text, start
// in ms), and pair i becomes entries[base + i] = { text, start: a Date }. An object literal defines
// its properties (no setter of Object.prototype runs).
const DateCtor = Date;
function storeEntries(entries, base) {
  for (let i = 2; i < arguments.length; i += 2) {
    entries[base + (i - 2) / 2] = { text: arguments[i], start: new DateCtor(arguments[i + 1]) };
  }
}
// The addon keeps writing to this scratch: it is never handed out, and cannot be transferred away.
require('node:worker_threads').markAsUntransferable(scratch.buffer);
addon.setScratch(scratch, store, storeEntries);

const [version, versionNumber, icuVersion, MAX_SCHEDULE_HORIZON_MS, MAX_SCHEDULE_ENTRIES,
  DEFAULT_HORIZON_MS, DEFAULT_MAX_ENTRIES] = addon.versions();
// The library's major version this package is made for: package.json's, which make checks is the
// header's (make version-check), so no number here goes stale at a release.
const EXPECTED_MAJOR = Number(require('./package.json').version.split('.')[0]);
if (Math.floor(versionNumber / 10000) !== EXPECTED_MAJOR) {
  throw new Error(`feeddate: the library is version ${version}; this package needs ${EXPECTED_MAJOR}.x`);
}

// formatMany works in chunks of this many labels: one library call and one
// buffer of this size at a time, never one for the whole batch.
// $FEEDDATE_NODE_CHUNK (read here, at load) or the hidden
// Formatter[Symbol.for('feeddate.chunkLabels')] (tests) set it.
const DEFAULT_CHUNK = 4096;
function chunkFrom(value, where) {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`feeddate: ${where} must be a whole number of labels >= 1`);
  return n;
}
let chunkLabels = process.env.FEEDDATE_NODE_CHUNK ? chunkFrom(process.env.FEEDDATE_NODE_CHUNK, '$FEEDDATE_NODE_CHUNK')
  : DEFAULT_CHUNK;

// The header's status codes and enum values, as the addon compiled them (addon.constants(): no
// number is written here).
const CONSTANTS = addon.constants();
const STATUS = Object.freeze(Object.fromEntries(Object.entries(CONSTANTS).filter(([k]) => k.startsWith('FD_ERR_'))));

// The C enums by name (SPEC section 6), each name at its value: FD_STYLE_CHAT_LIST is 'chat_list'
// at index FD_STYLE_CHAT_LIST. Case, "-" and "_" do not matter ("chatList", "CHAT-LIST").
function enumNames(prefix) {
  const names = [];
  for (const [k, v] of Object.entries(CONSTANTS)) {
    if (k.startsWith(prefix)) names[v] = k.slice(prefix.length).toLowerCase();
  }
  return names;
}
const STYLES = enumNames('FD_STYLE_');
const HOUR_CYCLES = enumNames('FD_HOUR_CYCLE_');
const WIDTHS = enumNames('FD_WIDTH_');
const UNITS = enumNames('FD_UNIT_');
const OPTION_NAMES = ['style', 'locale', 'timeZone', 'hourCycle', 'width', 'recentRelative', 'justNowMs',
  'skewToleranceMs', 'crossYearGraceDays', 'weekdayWindowDays', 'precision', 'countdownDays',
  'plainSpaces', 'spoken', 'overtime', 'maxUnit', 'justNowText', 'yesterdayText', 'dayBeforeYesterdayText',
  'tomorrowText'];

function argumentError(message, Type = Error) {
  const e = new Type(message);
  e.status = STATUS.FD_ERR_ARGUMENT;
  e.code = 'FD_ERR_ARGUMENT';
  return e;
}

function memoryError(message) {
  const e = new RangeError(message);
  e.status = STATUS.FD_ERR_MEMORY;
  e.code = 'FD_ERR_MEMORY';
  return e;
}

// A value of the caller's in a message: a string quoted by the library's one rule (fd_quote, through
// the addon: a lone surrogate as its three bytes of generalized UTF-8, "\xed\xa0\x80"). Other
// values are named by type, never by calling their toString: a number, boolean, bigint ("12n"),
// null or undefined as JavaScript writes it, anything else as "(an object)", "(a function)", ...
function quote(value) {
  if (typeof value === 'string') return addon.quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ||
      value === null || value === undefined) {
    return typeof value === 'bigint' ? `${value}n` : String(value);
  }
  return `(${typeof value === 'object' ? 'an object' : `a ${typeof value}`})`;
}

function enumValue(option, names, value) {
  const key = typeof value === 'string' ? value.toLowerCase().replace(/[-_]/g, '') : undefined;
  const i = names.findIndex((n) => n.replace(/_/g, '') === key);
  if (i < 0) {
    throw argumentError(`unknown ${option} ${quote(value)}: one of ${names.join(', ')}`);
  }
  return i;
}

// The object the addon reads: enum names as numbers, nothing else checked here.
function nativeOptions(options) {
  if (options === null || typeof options !== 'object') {
    throw argumentError('new Formatter(options): options must be an object with at least a style', TypeError);
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_NAMES.includes(key)) {
      throw argumentError(`unknown option ${quote(key)}: the options are ${OPTION_NAMES.join(', ')}`);
    }
  }
  const o = { ...options, style: enumValue('style', STYLES, options.style) };
  if (options.hourCycle !== undefined) o.hourCycle = enumValue('hourCycle', HOUR_CYCLES, options.hourCycle);
  if (options.width !== undefined) o.width = enumValue('width', WIDTHS, options.width);
  if (options.maxUnit !== undefined) o.maxUnit = enumValue('maxUnit', UNITS, options.maxUnit);
  return o;
}

// Epoch milliseconds of a Date, a number (epoch ms) or a bigint (epoch ms). A Date's getTime
// is its own (a subclass may override it, and may even close the formatter: the call then
// throws "closed", SPEC 10). index: the element of a batch, named only when it is bad.
function toMs(value, name, index) {
  if (typeof value === 'number') return value;
  if (value instanceof Date) {
    const ms = value.getTime();
    if (typeof ms === 'number') return ms;
    value = ms;
  } else if (typeof value === 'bigint') {
    return Number(value);
  }
  const what = index === undefined ? name : `${name}[${index}]`;
  throw argumentError(`${what} must be a Date or a number of epoch milliseconds, not ${typeof value}`, TypeError);
}

// The JavaScript heap left, checked before and between the chunks of a batch of more than one:
// formatMany stops with a RangeError (FD_ERR_MEMORY) while the heap still has a margin, rather
// than let V8 run out of heap, which V8 cannot report to JavaScript (it aborts the process).
// V8's heap_size_limit counts the young generation (3 semi-spaces, 16 MB each unless
// --max-semi-space-size says otherwise), which the old generation cannot use: V8 can be out of
// old space with that much "left". The margin is that, 16 MB and 1/32 of the limit.
let v8;
let youngBytes;
function heapLeft() {
  v8 ??= require('node:v8');
  if (youngBytes === undefined) {
    const flags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS || ''}`;
    const m = /--max[-_]semi[-_]space[-_]size[= ](\d+)/.exec(flags);
    youngBytes = 3 * Math.max(16, m ? Number(m[1]) : 0) * 1048576;
  }
  const h = v8.getHeapStatistics();
  const margin = youngBytes + 16 * 1048576 + h.heap_size_limit / 32;
  return [h.heap_size_limit - h.used_heap_size - margin, h.heap_size_limit];
}
const MB = (bytes) => `${Math.ceil(Math.max(bytes, 0) / 1048576)} MB`;
// What a label costs the heap at least: a slot of the array (8 bytes) and a string (24 bytes).
const MIN_LABEL_BYTES = 32;
// new Array(n) has all its slots from the start up to this length (V8); beyond it, they come later.
const FAST_ARRAY = 32 * 1024 * 1024;
// The longest array V8 can fill (FixedArray::kMaxLength of Node's 64-bit builds): a longer batch is
// refused before any work. Other builds: V8's "Invalid array length" when the array is full.
const MAX_ARRAY = 2 ** 27 - 3;
function tooLong(n, why) {
  return memoryError(`formatMany: ${n} labels are more than one JavaScript array holds (${why})`);
}

// schedule's options (SPEC 11): undefined is the default, one day and 1,000 entries (the header's
// FD_SCHEDULE_DEFAULT_HORIZON_MS and FD_SCHEDULE_DEFAULT_MAX_ENTRIES, from addon.versions()).
// html takes spoken besides (1.3, false by default); scriptJson schedule's two.
const SCHEDULE_OPTION_NAMES = ['horizon', 'maxEntries'];
const HTML_OPTION_NAMES = ['horizon', 'maxEntries', 'spoken'];
// Hidden, for tests (Formatter[Symbol.for('feeddate.scheduleGuess')]): false makes the addon's first
// buffers one byte long, so that every schedule, html and scriptJson goes through FD_ERR_BUFFER and
// the retry.
let scheduleGuess = true;

// The arguments of schedule, html and scriptJson (method), converted once here for all three:
// [tMs, nowMs, horizon, maxEntries, spoken]. t and now as format() takes them; options, of the
// names given, each read once (a getter runs once, before the library is called). Types are checked
// here; values (ranges, integers, rounding) by the addon and the library.
function scheduleArgs(method, names, t, now, options) {
  const tMs = toMs(t, 't');
  const nowMs = toMs(now, 'now');
  if (options === undefined) return [tMs, nowMs, DEFAULT_HORIZON_MS, DEFAULT_MAX_ENTRIES, false];
  if (options === null || typeof options !== 'object') {
    throw argumentError(`${method}(t, now, options): options must be an object { ${names.join(', ')} } or undefined, ` +
      `not ${options === null ? 'null' : typeof options}`, TypeError);
  }
  for (const key of Object.keys(options)) {
    if (!names.includes(key)) {
      throw argumentError(`unknown ${method} option ${quote(key)}: the options are ${names.join(', ')}`);
    }
  }
  let horizon = options.horizon;
  if (horizon === undefined) horizon = DEFAULT_HORIZON_MS;
  else if (typeof horizon !== 'number') {
    throw argumentError(`${method}: horizon must be a number of milliseconds, not ${quote(horizon)}`, TypeError);
  }
  let maxEntries = options.maxEntries;
  if (maxEntries === undefined) maxEntries = DEFAULT_MAX_ENTRIES;
  else if (typeof maxEntries !== 'number') {
    throw argumentError(`${method}: maxEntries must be a number of entries, not ${quote(maxEntries)}`, TypeError);
  }
  let spoken = false;
  if (names.includes('spoken')) {
    spoken = options.spoken;
    if (spoken === undefined) spoken = false;
    else if (typeof spoken !== 'boolean') {
      throw argumentError(`${method}: spoken must be a boolean, not ${quote(spoken)}`, TypeError);
    }
  }
  return [tMs, nowMs, horizon, maxEntries, spoken];
}

function instantOf(ms) {
  return Number.isNaN(ms) ? null : new Date(ms);
}

function msOf(ms) {
  return Number.isNaN(ms) ? null : ms;
}

class Formatter {
  #h;
  #options;
  #resolved;

  /**
   * @param {object} options {style, locale, timeZone, hourCycle, width, recentRelative, justNowMs,
   *   skewToleranceMs, crossYearGraceDays, weekdayWindowDays, precision, countdownDays, plainSpaces,
   *   spoken, overtime, maxUnit, justNowText, yesterdayText, dayBeforeYesterdayText, tomorrowText}
   */
  constructor(options) {
    this.#h = addon.create(nativeOptions(options));
    this.#options = Object.freeze({ ...options });
    this.#resolved = addon.resolved(this.#h);
  }

  /** The label of t as seen at now (default: Date.now()). */
  format(t, now = Date.now()) {
    return addon.format(this.#h, toMs(t, 't'), toMs(now, 'now'));
  }

  /** The label with its next change, day and time parts and expiry. */
  label(t, now = Date.now()) {
    const text = addon.label(this.#h, toMs(t, 't'), toMs(now, 'now'));
    const s = scratch;
    return {
      text,
      nextChange: instantOf(s[0]),
      nextChangeMs: msOf(s[0]),
      dayPart: text.slice(s[1], s[2]),
      timePart: text.slice(s[3], s[4]),
      dayRange: [s[1], s[2]],
      timeRange: [s[3], s[4]],
      expired: s[5] !== 0,
    };
  }

  /**
   * The labels of ts as seen at now and their earliest next change. A batch of any length is
   * worked in chunks of 4096 labels (one library call and one native buffer of that size at a
   * time): the memory it takes beyond its result is bounded. An error names the first bad
   * element of the whole batch ("ts[1234]: ..."), and no result is returned. A batch that the
   * JavaScript heap cannot hold is a RangeError with status FD_ERR_MEMORY, before V8 would run
   * out of heap (which aborts the process): checked before the first chunk and between chunks.
   */
  formatMany(ts, now = Date.now()) {
    const f64 = ts instanceof Float64Array;
    if (!f64 && (ts === null || typeof ts !== 'object' || typeof ts.length !== 'number')) {
      throw argumentError('formatMany(ts): ts must be an array of Dates or epoch milliseconds', TypeError);
    }
    const n = ts.length;
    if (!Number.isSafeInteger(n) || n < 0) {
      throw argumentError(`formatMany(ts): ts.length is ${quote(n)}, not a length`, TypeError);
    }
    const nowMs = toMs(now, 'now');
    const chunk = chunkLabels;
    const big = n > chunk;
    if (big) {
      const [left, limit] = heapLeft();
      if (n * MIN_LABEL_BYTES > left) {
        throw memoryError(`formatMany: ${n} labels need at least ${MB(n * MIN_LABEL_BYTES)} of JavaScript heap; ` +
          `${MB(left)} are left of ${MB(limit)} (node --max-old-space-size raises it; or pass fewer)`);
      }
    }
    if (n > MAX_ARRAY) throw tooLong(n, `at most ${MAX_ARRAY}`);
    const texts = new Array(n);
    let next = Infinity;
    const buf = f64 ? ts : new Float64Array(Math.min(n, chunk));
    let bytes = 0; // the heap that the labels made so far take (big batches)
    for (let base = 0; base < n || base === 0; base += chunk) {
      const k = Math.min(chunk, n - base);
      if (!f64) {
        let i = 0;
        try {
          for (; i < k; i++) buf[i] = toMs(ts[base + i], 'ts', base + i);
        } catch (e) {
          // An error of the library's for an element before this one comes first, as in one call.
          if (i > 0) addon.formatMany(this.#h, buf, 0, i, nowMs, texts, base, false);
          throw e;
        }
      }
      let c;
      try {
        c = addon.formatMany(this.#h, buf, f64 ? base : 0, k, nowMs, texts, base, big);
      } catch (e) {
        if (e instanceof RangeError && e.status === undefined && /array length/i.test(e.message)) {
          throw tooLong(n, e.message);
        }
        throw e;
      }
      if (c < next) next = c;
      if (big && base + k < n) {
        bytes += scratch[1];
        const need = (n - base - k) * (bytes / (base + k) + (n > FAST_ARRAY ? 8 : 0));
        const [left, limit] = heapLeft();
        if (need > left) {
          throw memoryError(`formatMany: the last ${n - base - k} of ${n} labels need about ${MB(need)} more ` +
            `JavaScript heap; ${MB(left)} are left of ${MB(limit)} (node --max-old-space-size raises it; or pass fewer)`);
        }
      }
      if (n === 0) break;
    }
    return { texts, nextChange: next === Infinity ? null : new Date(next), nextChangeMs: next === Infinity ? null : next };
  }

  /**
   * The labels t shows from now on, each with the instant it starts (SPEC 11): for a client that
   * only swaps text at those instants (clients/web), with no rule of its own. entries[0] starts at
   * now; entry i+1 at entry i's next change (label().nextChange); consecutive texts differ. The list
   * stops at the first of: an entry whose label never changes (until is then null), maxEntries
   * entries, an entry whose next change is at or after now + horizon (until is that next change).
   * json is the wire form as the library writes it (fd_schedule_json), to send as it is.
   *
   * t and now as format() takes them. options: { horizon, maxEntries }, each undefined for its
   * default (one day, 1,000 entries). horizon: milliseconds, 0..366 days, taken by SPEC 11's rule
   * as every number of milliseconds is (rounded to the microsecond, then floored: 1000.4 is 1000,
   * -0.4 is -1, refused); NaN is refused. maxEntries: an integer 1..100,000 (1.5 or NaN is refused). Out of range
   * (0, -5, 100001): an Error with status FD_ERR_ARGUMENT and the library's message ("max_entries -5 is out of
   * range 1...100000").
   */
  schedule(t, now = Date.now(), options = undefined) {
    const [tMs, nowMs, horizon, maxEntries] = scheduleArgs('schedule', SCHEDULE_OPTION_NAMES, t, now, options);
    const entries = [];
    const json = addon.schedule(this.#h, tMs, nowMs, horizon, maxEntries, entries, scheduleGuess);
    const until = scratch[0];
    return { entries, until: Number.isNaN(until) ? null : new Date(until), json };
  }

  /**
   * The markup of a live label (SPEC 11, 1.3: "Semantics and screen readers"), as the library writes
   * it (fd_schedule_html), byte for byte what every binding gives:
   *   <time datetime="D" title="T"><feed-date data-schedule="WIRE">text</feed-date></time>
   * D: t in UTC (2024-03-25T06:30:00.000Z); T: the FEED_DETAIL label of t; WIRE: schedule(t, now,
   * options).json; text: its first entry; every value escaped (& < > " ' as &amp; &lt; &gt; &quot;
   * &#39;). options: schedule's { horizon, maxEntries } and spoken (default false): true adds
   * data-spoken-schedule="WIRE2", the schedule of the same options plus spoken, for the web client's
   * spoken label. t, now, horizon, maxEntries and errors as schedule's.
   */
  html(t, now = Date.now(), options = undefined) {
    const [tMs, nowMs, horizon, maxEntries, spoken] = scheduleArgs('html', HTML_OPTION_NAMES, t, now, options);
    return addon.html(this.#h, tMs, nowMs, horizon, maxEntries, spoken, scheduleGuess);
  }

  /**
   * The wire form of schedule(t, now, options).json made safe inside <script> (SPEC 11, 1.3: "Script
   * context"), as the library writes it (fd_schedule_script_json): < > & U+2028 U+2029 as \u003c
   * \u003e \u0026 \u2028 \u2029, valid JSON that parses to the same object. Arguments and errors as
   * schedule's.
   */
  scriptJson(t, now = Date.now(), options = undefined) {
    const [tMs, nowMs, horizon, maxEntries] = scheduleArgs('scriptJson', SCHEDULE_OPTION_NAMES, t, now, options);
    return addon.scriptJson(this.#h, tMs, nowMs, horizon, maxEntries, scheduleGuess);
  }

  /** The resolved locale id ("zh_CN"). */
  get locale() { return this.#resolved[0]; }

  /** The resolved IANA zone id ("Asia/Shanghai"). */
  get timeZone() { return this.#resolved[1]; }

  /**
   * Where the zone rules come from: "tzdata 2025b" (the system's zone database, or $TZDIR's), or
   * "posix" for a POSIX TZ string or UTC read from no file. Never ICU's built-in rules (SPEC 1.2):
   * a named zone with no zone database is an FD_ERR_TIME_ZONE error naming the folders searched.
   */
  get tzSource() { return this.#resolved[2]; }

  /** The options as given. */
  get options() { return this.#options; }

  /**
   * Frees the native formatter now (else the garbage collector does). Later calls throw an Error
   * with code ERR_FEEDDATE_CLOSED, also a call whose own arguments close the formatter (a Date's
   * getTime, an element getter of formatMany's ts, a getter of schedule's options); no library call
   * is ever interrupted by it.
   * Closing again does nothing.
   */
  close() { addon.close(this.#h); }

  // Hidden, for tests: the chunk size of formatMany (labels); returns the one before.
  static [Symbol.for('feeddate.chunkLabels')](n) {
    const before = chunkLabels;
    if (n !== undefined) chunkLabels = chunkFrom(n, 'the chunk size');
    return before;
  }

  // Hidden, for tests: false makes the first native buffers of schedule, html and scriptJson one
  // byte (every call then retries with the size the library reports); returns the setting before.
  static [Symbol.for('feeddate.scheduleGuess')](on) {
    const before = scheduleGuess;
    if (on !== undefined) scheduleGuess = Boolean(on);
    return before;
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `Formatter { style: ${JSON.stringify(STYLES[nativeOptions(this.#options).style])}, ` +
      `locale: ${JSON.stringify(this.locale)}, timeZone: ${JSON.stringify(this.timeZone)}, ` +
      `tzSource: ${JSON.stringify(this.tzSource)} }`;
  }
}

if (typeof Symbol.dispose === 'symbol') {
  Formatter.prototype[Symbol.dispose] = Formatter.prototype.close;
}

/**
 * What the labels are made from besides feeddate itself (SPEC 13, 1.3): fd_data_version's text,
 * "ICU 78.3; CLDR 48.0; tzdata 2025b". Asked of the library when called, not at load: the
 * library reads the zone database (and $TZDIR) when first asked.
 */
function dataVersion() {
  return addon.dataVersion();
}

// The web client's folder (SPEC 11, 1.3: feed-date.js, feed-date.mjs, react.js and their .d.ts), for a
// server to serve: web/ in the npm package (make npm copies clients/web's files there); in a
// feeddate checkout, clients/web itself (the one source; bindings/node/web is never in git).
function findWebClientDir() {
  const own = path.join(__dirname, 'web');
  if (fs.existsSync(path.join(own, 'feed-date.js'))) return own;
  const top = path.join(__dirname, '..', '..');
  const inCheckout = path.basename(__dirname) === 'node' && path.basename(path.dirname(__dirname)) === 'bindings' &&
    fs.existsSync(path.join(top, 'clients', 'web', 'feed-date.js')) && fs.existsSync(path.join(top, 'Package.swift'));
  return inCheckout ? path.join(top, 'clients', 'web') : own;
}
const webClientDir = findWebClientDir();

module.exports = {
  Formatter,
  /** The loaded library's version (fd_version_string: "MAJOR.MINOR.PATCH"), as a number (fd_version:
   * MAJOR * 10000 + MINOR * 100 + PATCH), and ICU's (fd_icu_version). */
  version,
  versionNumber,
  icuVersion,
  dataVersion,
  addonPath,
  webClientDir,
  STATUS,
  STYLES: Object.freeze([...STYLES]),
  UNITS: Object.freeze([...UNITS]),
  /** schedule's defaults (one day, 1,000 entries) and limits (366 days, 100,000 entries). (1.2) */
  DEFAULT_HORIZON_MS,
  DEFAULT_MAX_ENTRIES,
  MAX_SCHEDULE_HORIZON_MS,
  MAX_SCHEDULE_ENTRIES,
};
