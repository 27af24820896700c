'use strict';
// feeddate for Node: feed, chat and countdown labels for timestamps, with the
// instant at which each label next changes. A thin layer over the N-API
// addon (src/feeddate_node.c), which calls libfeeddate.so.1: every rule and
// every option check is the library's; this file only gives names.

const path = require('node:path');
const fs = require('node:fs');

// Where the addon is looked for, in order: $FEEDDATE_NODE_ADDON (and then
// only there); build/feeddate.node in this package (`make` here, against the
// installed library through pkg-config); build/node/feeddate.node of the
// feeddate checkout this package sits in (`make node-addon` at the top).
function loadAddon() {
  const explicit = process.env.FEEDDATE_NODE_ADDON;
  const places = explicit
    ? [explicit]
    : [path.join(__dirname, 'build', 'feeddate.node'),
       path.join(__dirname, '..', '..', 'build', 'node', 'feeddate.node')];
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
    'Fix: run `make` in this package (needs libfeeddate-dev and pkg-config), or `make node-addon` ' +
    'in the feeddate checkout, or set FEEDDATE_NODE_ADDON=/path/to/feeddate.node.');
}

const { addon, addonPath } = loadAddon();
const scratch = new Float64Array(8); // what label and formatMany report besides the text
addon.setScratch(scratch);

const [version, versionNumber, icuVersion] = addon.versions();
const EXPECTED_MAJOR = 1;
if (Math.floor(versionNumber / 10000) !== EXPECTED_MAJOR) {
  throw new Error(`feeddate: the library is version ${version}; this package needs ${EXPECTED_MAJOR}.x`);
}

const STATUS = Object.freeze({
  FD_ERR_ARGUMENT: 1, FD_ERR_LOCALE: 2, FD_ERR_TIME_ZONE: 3, FD_ERR_RANGE: 4,
  FD_ERR_BUFFER: 5, FD_ERR_ICU: 6, FD_ERR_MEMORY: 7, FD_ERR_INTERNAL: 8,
});

// The C enums by name (SPEC section 6). Style names are the SPEC's
// ("chat_list"); case, "-" and "_" do not matter ("chatList", "CHAT-LIST").
const STYLES = ['feed', 'feed_detail', 'chat_list', 'chat_bubble', 'relative', 'compact', 'countdown'];
const HOUR_CYCLES = ['locale', 'h23', 'h12'];
const WIDTHS = ['long', 'short', 'narrow'];
const UNITS = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second']; // fd_unit: year is 0
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

function enumValue(option, names, value) {
  const key = typeof value === 'string' ? value.toLowerCase().replace(/[-_]/g, '') : undefined;
  const i = names.findIndex((n) => n.replace(/_/g, '') === key);
  if (i < 0) {
    throw argumentError(`unknown ${option} ${JSON.stringify(value)}: one of ${names.join(', ')}`);
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
      throw argumentError(`unknown option ${JSON.stringify(key)}: the options are ${OPTION_NAMES.join(', ')}`);
    }
  }
  const o = { ...options, style: enumValue('style', STYLES, options.style) };
  if (options.hourCycle !== undefined) o.hourCycle = enumValue('hourCycle', HOUR_CYCLES, options.hourCycle);
  if (options.width !== undefined) o.width = enumValue('width', WIDTHS, options.width);
  if (options.maxUnit !== undefined) o.maxUnit = enumValue('maxUnit', UNITS, options.maxUnit);
  return o;
}

// Epoch milliseconds of a Date, a number (epoch ms) or a bigint (epoch ms).
function toMs(value, name) {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'bigint') return Number(value);
  throw argumentError(`${name} must be a Date or a number of epoch milliseconds, not ${typeof value}`, TypeError);
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

  /** The labels of ts as seen at now, in one library call, and their earliest next change. */
  formatMany(ts, now = Date.now()) {
    let ms = ts;
    if (!(ts instanceof Float64Array)) {
      if (ts === null || typeof ts !== 'object' || typeof ts.length !== 'number') {
        throw argumentError('formatMany(ts): ts must be an array of Dates or epoch milliseconds', TypeError);
      }
      ms = new Float64Array(ts.length);
      for (let i = 0; i < ts.length; i++) ms[i] = toMs(ts[i], `ts[${i}]`);
    }
    const ends = new Float64Array(ms.length);
    const all = addon.formatMany(this.#h, ms, toMs(now, 'now'), ends);
    const next = scratch[0];
    const texts = new Array(ms.length);
    for (let i = 0, start = 0; i < ms.length; i++) {
      texts[i] = all.slice(start, ends[i]);
      start = ends[i];
    }
    return { texts, nextChange: instantOf(next), nextChangeMs: msOf(next) };
  }

  /** The resolved locale id ("zh_CN"). */
  get locale() { return this.#resolved[0]; }

  /** The resolved IANA zone id ("Asia/Shanghai"). */
  get timeZone() { return this.#resolved[1]; }

  /** The zone database in use ("tzdata 2025b", or "icu 2022e" where the system has none). */
  get tzSource() { return this.#resolved[2]; }

  /** The options as given. */
  get options() { return this.#options; }

  /** Frees the native formatter now (else the garbage collector does); later calls throw. */
  close() { addon.close(this.#h); }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `Formatter { style: ${JSON.stringify(STYLES[nativeOptions(this.#options).style])}, ` +
      `locale: ${JSON.stringify(this.locale)}, timeZone: ${JSON.stringify(this.timeZone)}, ` +
      `tzSource: ${JSON.stringify(this.tzSource)} }`;
  }
}

if (typeof Symbol.dispose === 'symbol') {
  Formatter.prototype[Symbol.dispose] = Formatter.prototype.close;
}

module.exports = {
  Formatter,
  /** The library's version ("1.1.0"), as a number (10100), and ICU's ("72.1"). */
  version,
  versionNumber,
  icuVersion,
  addonPath,
  STATUS,
  STYLES: Object.freeze([...STYLES]),
  UNITS: Object.freeze([...UNITS]),
};
