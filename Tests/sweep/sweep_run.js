#!/usr/bin/env node
'use strict';
// sweep_run.js — the Node runner of the label sweep (Tests/sweep/README.md): every formatter of a
// plan (Tests/sweep/sweep_plan.py) labels every instant of it through the feeddate Node binding,
// one line per label, byte for byte what the C runner (sweep_run.c) writes for the same library.
//
//   node Tests/sweep/sweep_run.js PLAN OUT [MODULE]
//
// MODULE: what require() loads as the binding, resolved from the working directory (a path, or a
// package name such as "feeddate" of an npm package installed there); default: the build tree's
// bindings/node. OUT gets "text<TAB>next_change_ms"
// ("-" when the label never changes) per label, or "!error" when the formatter or the label fails;
// a summary goes to stderr. Exit 0 after the sweep (whatever the labels), 2 on a usage, plan or
// output error. The plan is read as strictly as the C runner reads it (Tests/c/jsonl.c: UTF-8,
// integers only, int64, no duplicate keys) and options as Tests/c/vector_options.c does.
const fs = require('node:fs');
const path = require('node:path');

class PlanError extends Error {}

// The vectors' option names (Tests/vectors/README.md) as the binding's (bindings/node/test/vectors.js),
// each with what its value must be: 'string', 'boolean', an int range, or the names of an enum.
const INT32 = [-(2 ** 31), 2 ** 31 - 1];
const INT64 = 'int64'; // every integer parseJson gives
const OPTIONS = {
  locale: ['locale', 'string'], tz: ['timeZone', 'string'],
  hour_cycle: ['hourCycle', ['locale', 'h23', 'h12']], width: ['width', ['long', 'short', 'narrow']],
  max_unit: ['maxUnit', ['year', 'month', 'week', 'day', 'hour', 'minute', 'second']],
  recent_relative: ['recentRelative', 'boolean'], countdown_days: ['countdownDays', 'boolean'],
  plain_spaces: ['plainSpaces', 'boolean'], spoken: ['spoken', 'boolean'], overtime: ['overtime', 'boolean'],
  just_now_ms: ['justNowMs', INT64], skew_tolerance_ms: ['skewToleranceMs', INT64],
  cross_year_grace_days: ['crossYearGraceDays', INT32], weekday_window_days: ['weekdayWindowDays', INT32],
  precision: ['precision', INT32],
  just_now_text: ['justNowText', 'string'], yesterday_text: ['yesterdayText', 'string'],
  day_before_yesterday_text: ['dayBeforeYesterdayText', 'string'], tomorrow_text: ['tomorrowText', 'string'],
};
const STYLES = ['feed', 'feed_detail', 'chat_list', 'chat_bubble', 'relative', 'compact', 'countdown'];

// One JSON value spanning all of s, read as strictly as Tests/c/jsonl.c: objects (no duplicate
// keys), arrays, strings (control characters escaped, no lone surrogate), true/false/null and
// integers that fit in int64 (as Numbers; no fraction, exponent or leading zero).
function parseJson(s) {
  let i = 0;
  const fail = (what) => { throw new SyntaxError(`offset ${i}: ${what}`); };
  const space = () => {
    for (let c = s.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = s.charCodeAt(++i));
  };
  const hex4 = () => {
    if (!/^[0-9a-fA-F]{4}$/.test(s.slice(i, i + 4))) fail('bad \\u escape');
    i += 4;
    return parseInt(s.slice(i - 4, i), 16);
  };
  const PLAIN = /[^"\\\x00-\x1f]+/y;
  const NUMBER = /-?(0|[1-9][0-9]*)/y;
  const ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
  function string() {
    let out = '';
    for (i++; ;) {
      const c = s.charCodeAt(i);
      if (Number.isNaN(c)) fail('unterminated string');
      if (c === 34) { i++; return out; }
      if (c < 0x20) fail('unescaped control character in string');
      if (c !== 92) { // a run of plain characters at once
        PLAIN.lastIndex = i;
        PLAIN.test(s);
        out += s.slice(i, PLAIN.lastIndex);
        i = PLAIN.lastIndex;
        continue;
      }
      const e = s[++i];
      i++;
      if (e in ESCAPES) { out += ESCAPES[e]; continue; }
      if (e !== 'u') fail('unknown escape');
      let cp = hex4();
      if (cp >= 0xdc00 && cp <= 0xdfff) fail('lone low surrogate');
      if (cp >= 0xd800 && cp <= 0xdbff) {
        if (s.slice(i, i + 2) !== '\\u') fail('high surrogate not followed by \\u');
        i += 2;
        const low = hex4();
        if (low < 0xdc00 || low > 0xdfff) fail('high surrogate not followed by a low one');
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
      }
      out += String.fromCodePoint(cp);
    }
  }
  function value(depth) {
    if (depth > 64) fail('nesting deeper than 64');
    space();
    const c = s[i];
    if (c === '{' || c === '[') {
      const object = c === '{';
      const v = object ? new Map() : [];
      i++;
      space();
      if (s[i] === (object ? '}' : ']')) { i++; return object ? Object.fromEntries(v) : v; }
      for (;;) {
        if (object) {
          space();
          if (s[i] !== '"') fail('expected a string key');
          const at = i;
          const key = string();
          if (v.has(key)) { i = at; fail('duplicate key'); }
          space();
          if (s[i] !== ':') fail("expected ':'");
          i++;
          v.set(key, value(depth + 1));
        } else {
          v.push(value(depth + 1));
        }
        space();
        if (s[i] === ',') { i++; continue; }
        if (s[i] === (object ? '}' : ']')) { i++; return object ? Object.fromEntries(v) : v; }
        fail(`expected ',' or '${object ? '}' : ']'}'`);
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]]) {
      if (s.startsWith(word, i)) { i += word.length; return v; }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(s);
    if (!m) fail(i < s.length ? 'unexpected character' : 'unexpected end of input');
    const n = BigInt(m[0]);
    if (n < -(2n ** 63n) || n >= 2n ** 63n) fail('integer does not fit in int64');
    i += m[0].length;
    if (/[.eE0-9]/.test(s[i] || '')) fail('only integers are supported (no fraction, exponent or leading zero)');
    return Number(n);
  }
  const v = value(0);
  space();
  if (i !== s.length) fail('trailing characters after the value');
  return v;
}

// Why a line's options are not what vector_options.c reads ('' when they are), and the binding's
// options object made from them.
function bindingOptions(style, options) {
  if (!STYLES.includes(style)) return ['unknown style'];
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    return ['options missing or not an object'];
  }
  const o = { style };
  for (const [name, v] of Object.entries(options)) {
    if (!Object.hasOwn(OPTIONS, name)) return [`${name}: unknown option name`];
    const [key, want] = OPTIONS[name];
    const ok = want === 'string' ? typeof v === 'string' && !v.includes('\0')
      : want === 'boolean' ? typeof v === 'boolean'
        : want === INT64 ? typeof v === 'number'
          : typeof want[0] === 'string' ? want.includes(v)
            : typeof v === 'number' && v >= want[0] && v <= want[1];
    if (!ok) return [`${name}: option value of the wrong type or unknown`];
    o[key] = v;
  }
  return ['', o];
}

function sweep(planPath, outPath, feeddate) {
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(fs.readFileSync(planPath));
  } catch (e) {
    throw new PlanError(`${planPath}: ${e.syscall === undefined ? 'not valid UTF-8' : e.message}`);
  }
  const lines = text.split('\n');
  let n = 0; // the line number of the line read last
  const next = () => {
    while (n < lines.length) {
      const line = lines[n++];
      if (!/^[ \t\r]*$/.test(line)) {
        try {
          return parseJson(line);
        } catch (e) {
          throw new PlanError(`${planPath}, line ${n}: a malformed plan line: ${e.message}`);
        }
      }
    }
    return undefined;
  };
  const header = next();
  if (header === undefined) throw new PlanError(`the plan has no header line: ${planPath}`);
  const ts = header?.t_ms;
  if (header === null || typeof header !== 'object' || header.sweep !== 1 || typeof header.now_ms !== 'number' ||
      !Array.isArray(ts)) {
    throw new PlanError(`the plan's header is not {"sweep": 1, "now_ms": ..., "t_ms": [...]}: ${planPath}`);
  }
  if (!ts.every((t) => typeof t === 'number')) throw new PlanError(`t_ms holds something other than integers: ${planPath}`);
  const now = header.now_ms;

  let fd;
  try {
    fd = fs.openSync(outPath, 'w');
  } catch (e) {
    throw new PlanError(`${outPath}: ${e.message}`);
  }
  // The lines, written a megabyte or so at a time.
  let pending = [];
  let size = 0;
  const flush = () => {
    try {
      fs.writeSync(fd, pending.join(''), null, 'utf8');
    } catch (e) {
      throw new PlanError(`${outPath}: ${e.message}`);
    }
    pending = [];
    size = 0;
  };
  let formatters = 0;
  let labels = 0;
  let errors = 0;
  try {
    for (let line = next(); line !== undefined; line = next()) {
      const style = line !== null && typeof line === 'object' ? line.style : undefined;
      if (typeof style !== 'string') throw new PlanError(`a plan line without a style: ${planPath}, line ${n}`);
      const [why, options] = bindingOptions(style, line.options);
      if (why) throw new PlanError(`${planPath}, line ${n}: ${why}`);
      formatters++;
      labels += ts.length;
      let f = null;
      try {
        f = new feeddate.Formatter(options);
      } catch (e) {
        if (typeof e.status !== 'number') throw e; // not the library's: a bug here
      }
      for (const t of ts) {
        let out = null;
        if (f !== null) {
          try {
            const l = f.label(t, now);
            out = `${l.text}\t${l.nextChangeMs === null ? '-' : l.nextChangeMs}\n`;
          } catch (e) {
            if (typeof e.status !== 'number') throw e;
          }
        }
        if (out === null) {
          out = '!error\n';
          errors++;
        }
        pending.push(out);
        size += out.length;
      }
      if (f !== null) f.close();
      if (size >= 1 << 20) flush();
    }
  } finally { // what was labelled is written also when a later plan line is refused, as in the C runner
    try {
      flush();
    } finally {
      fs.closeSync(fd);
    }
  }
  return [formatters, labels, errors];
}

// The file the library was mapped from (the C runner's summary names it through dladdr), from
// /proc/self/maps: the binding names only its addon, which is the fallback.
function libraryFile(feeddate) {
  try {
    const m = /^\S+ \S+ \S+ \S+ \S+ +(\/.*\/libfeeddate\.so[^/]*)$/m.exec(fs.readFileSync('/proc/self/maps', 'utf8'));
    if (m) return m[1];
  } catch {
    // no /proc: the addon's path
  }
  return feeddate.addonPath;
}

function main(argv) {
  if (argv.length < 2 || argv.length > 3) {
    process.stderr.write('sweep_run (node): usage: node sweep_run.js PLAN OUT [MODULE]\n');
    return 2;
  }
  const module = argv[2] ?? path.join(__dirname, '..', '..', 'bindings', 'node');
  // Resolved from the working directory: a relative path, or a package name of its node_modules.
  const feeddate = require(require.resolve(module, { paths: [process.cwd()] }));
  let counts;
  try {
    counts = sweep(argv[0], argv[1], feeddate);
  } catch (e) {
    if (!(e instanceof PlanError)) throw e;
    process.stderr.write(`sweep_run (node): ${e.message}\n`);
    return 2;
  }
  const [formatters, labels, errors] = counts;
  process.stderr.write(`sweep_run (node): ${libraryFile(feeddate)} (library ${feeddate.version}, ` +
    `${feeddate.dataVersion()}): ${formatters} formatters, ${labels} labels, ${errors} errors\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
