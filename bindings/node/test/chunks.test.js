'use strict';
// formatMany works in bounded chunks (SPEC 10, 1.2): at chunk sizes 1, 7 and 1000 it gives what
// one call over the whole batch gives (texts, earliest next change, errors), for arrays of
// numbers, of Dates, Float64Arrays and views of them; an error names the first bad index of the
// whole batch; a batch the JavaScript heap cannot hold is a RangeError with status FD_ERR_MEMORY
// (in a process with a small heap), never an abort.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { Formatter, STATUS } = require('..');

const NOW = 1711348200000;
const DAY = 86400e3;
const CHUNK = Symbol.for('feeddate.chunkLabels');
const INDEX = path.join(__dirname, '..', 'index.js');
const SIZES = [1, 7, 1000];

function withChunk(n, fn) {
  const before = Formatter[CHUNK](n);
  try {
    return fn();
  } finally {
    Formatter[CHUNK](before);
  }
}

function outcome(fn) {
  try {
    const b = fn();
    return { texts: b.texts, next: b.nextChangeMs, date: b.nextChange && b.nextChange.getTime() };
  } catch (e) {
    return { error: e.constructor.name, status: e.status, code: e.code, message: e.message };
  }
}

function instants(n, seed) {
  return Array.from({ length: n }, (_, i) => {
    const r = ((i + seed) * 2654435761) % 4294967296;
    return NOW - (r * 1000) % (3 * 365 * DAY) + (i % 5 === 0 ? 2 * DAY : 0) + (i % 11) * 0.25;
  });
}

const FORMATTERS = [
  { style: 'feed', locale: 'zh_CN', timeZone: 'Asia/Shanghai' },
  { style: 'relative', locale: 'en_US', timeZone: 'America/New_York', spoken: true },
  { style: 'chat_bubble', locale: 'ar_EG', timeZone: 'Africa/Cairo' },
  { style: 'countdown', locale: 'de_DE', timeZone: 'Europe/Berlin', countdownDays: true },
  { style: 'feed_detail', locale: 'my_MM', timeZone: 'Asia/Yangon' }, // labels longer than 32 bytes
];

test('chunks of 1, 7 and 1000 give what one call gives, and what label gives, label by label', () => {
  for (const options of FORMATTERS) {
    const f = new Formatter(options);
    const ts = instants(2003, options.style.length);
    const one = withChunk(1e9, () => f.formatMany(ts, NOW));
    const labels = ts.map((t) => f.label(t, NOW));
    assert.deepEqual(one.texts, labels.map((l) => l.text), options.style);
    const nexts = labels.map((l) => l.nextChangeMs).filter((x) => x !== null);
    assert.equal(one.nextChangeMs, nexts.length ? Math.min(...nexts) : null);
    const expected = outcome(() => one);
    for (const size of SIZES) {
      withChunk(size, () => {
        const where = `${options.style}, chunks of ${size}`;
        assert.deepEqual(outcome(() => f.formatMany(ts, NOW)), expected, `${where}, numbers`);
        assert.deepEqual(outcome(() => f.formatMany(ts.map((t) => new Date(t)), new Date(NOW))), expected,
          `${where}, Dates`);
        assert.deepEqual(outcome(() => f.formatMany(Float64Array.from(ts), NOW)), expected, `${where}, Float64Array`);
        const wide = new Float64Array(ts.length + 20);
        wide.set(ts, 13);
        assert.deepEqual(outcome(() => f.formatMany(wide.subarray(13, 13 + ts.length), NOW)), expected,
          `${where}, a view at an offset`);
        assert.deepEqual(f.formatMany(ts.slice(0, size + 1), NOW).texts, one.texts.slice(0, size + 1));
        assert.deepEqual(f.formatMany([], NOW), { texts: [], nextChange: null, nextChangeMs: null });
      });
    }
  }
});

test('the earliest next change, wherever it is in the batch', () => {
  const f = new Formatter({ style: 'relative', locale: 'en_US', timeZone: 'UTC' });
  for (const at of [0, 6, 7, 999, 1000, 1499]) {
    const ts = Array.from({ length: 1500 }, (_, i) => NOW - 3 * DAY - i * 1000);
    ts[at] = NOW - 59 * 60e3 - 30e3; // "59 minutes ago" until 30 s from now
    const one = withChunk(1e9, () => f.formatMany(ts, NOW));
    assert.equal(one.nextChangeMs, NOW + 30e3);
    for (const size of SIZES) {
      assert.equal(withChunk(size, () => f.formatMany(ts, NOW)).nextChangeMs, NOW + 30e3, `at ${at}, chunks of ${size}`);
    }
  }
  const never = new Formatter({ style: 'feed_detail', locale: 'en_US', timeZone: 'UTC' });
  for (const size of SIZES) {
    const b = withChunk(size, () => never.formatMany(Array.from({ length: 20 }, (_, i) => NOW - i * DAY), NOW));
    assert.deepEqual([b.nextChange, b.nextChangeMs], [null, null]);
  }
});

test('an error names the first bad index of the whole batch, at every chunk size', () => {
  const f = new Formatter({ style: 'feed', locale: 'en_US', timeZone: 'UTC' });
  const bad = [
    [253402300800000, 'FD_ERR_RANGE', '253402300800000'],
    [-62135596800001, 'FD_ERR_RANGE', '-62135596800001'],
    [Infinity, 'FD_ERR_RANGE', 'Infinity'],
    [NaN, 'FD_ERR_RANGE', 'NaN'],
    [1e300, 'FD_ERR_RANGE', 'instant 9223372036854775807 ms is outside the supported range'], // clamped
    [new Date(NaN), 'FD_ERR_RANGE', 'NaN'],
    ['2024-03-25', 'FD_ERR_ARGUMENT', 'not string'],
  ];
  for (const [value, code, needle] of bad) {
    for (const at of [0, 6, 7, 999, 1000, 2002]) {
      const ts = instants(2003, 1);
      ts[at] = value;
      if (at + 500 < ts.length) ts[at + 500] = 253402300800000; // a later bad one is not the one named
      if (at + 4 < ts.length) [ts[at + 3], ts[at + 4]] = ['x', Infinity]; // nor later ones of other kinds
      for (const size of [...SIZES, 1e9]) {
        const where = `${String(value)} at ${at}, chunks of ${size}`;
        const r = withChunk(size, () => outcome(() => f.formatMany(ts, NOW)));
        assert.equal(r.code, code, where);
        assert.equal(r.status, STATUS[code], where);
        assert.ok(r.message.startsWith(`ts[${at}]`) && r.message.includes(needle), `${where}: ${r.message}`);
        if (typeof value === 'number') {
          const r64 = withChunk(size, () => outcome(() => f.formatMany(Float64Array.from(ts), NOW)));
          assert.deepEqual(r64, r, `${where}, Float64Array`);
        }
      }
    }
  }
  for (const size of SIZES) {
    const r = withChunk(size, () => outcome(() => f.formatMany(instants(50, 2), 253402300800000)));
    assert.equal(r.code, 'FD_ERR_RANGE');
    assert.ok(r.message.startsWith('now: ') && r.message.includes('253402300800000'), r.message);
  }
});

test('chunk size: $FEEDDATE_NODE_CHUNK at load, checked', () => {
  const show = `console.log(require(${JSON.stringify(INDEX)}).Formatter[Symbol.for('feeddate.chunkLabels')]())`;
  const run = (value) => spawnSync(process.execPath, ['-e', show],
    { encoding: 'utf8', env: { ...process.env, FEEDDATE_NODE_CHUNK: value } });
  assert.equal(run('7').stdout.trim(), '7');
  assert.equal(run('').stdout.trim(), '4096', 'empty: the default');
  for (const badValue of ['0', 'x', '1.5']) {
    const r = run(badValue);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /FEEDDATE_NODE_CHUNK must be a whole number of labels >= 1/);
  }
  assert.throws(() => Formatter[CHUNK](0), /whole number/);
});

function isMemoryError(e) {
  return e instanceof RangeError && e.status === STATUS.FD_ERR_MEMORY && e.code === 'FD_ERR_MEMORY';
}

test('more labels than the heap or an array can hold: a RangeError with status FD_ERR_MEMORY', () => {
  const f = new Formatter({ style: 'feed', locale: 'en_US', timeZone: 'UTC' });
  for (const length of [2 ** 32, 2 ** 40, 2 ** 53 - 1]) {
    assert.throws(() => f.formatMany({ length }, NOW), (e) => isMemoryError(e) && /JavaScript heap/.test(e.message));
  }
  assert.throws(() => f.formatMany({ length: -1 }, NOW), (e) => e instanceof TypeError && e.status === 1);
  assert.throws(() => f.formatMany({ length: 1.5 }, NOW), (e) => e instanceof TypeError && e.status === 1);
  // A heap big enough on paper (nothing is allocated): the array's limit, refused before any work.
  const r = spawnSync(process.execPath, ['--max-old-space-size=16384', '-e', `
    const { Formatter } = require(${JSON.stringify(INDEX)});
    const f = new Formatter({ style: 'feed', locale: 'en_US', timeZone: 'UTC' });
    let read = 0;
    const like = new Proxy({ length: 2 ** 27 }, { get(t, k) { if (k !== 'length') read++; return Reflect.get(t, k); } });
    try { f.formatMany(like, ${NOW}); } catch (e) { console.log(e.constructor.name, e.status, e.code, read, e.message); }
  `], { encoding: 'utf8', timeout: 30000 });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^RangeError 7 FD_ERR_MEMORY 0 formatMany: 134217728 labels are more than one JavaScript array holds/);
});

test('a heap too small for the batch: a RangeError, before and while working, never an abort', () => {
  // 1,200,000 labels of about 56 bytes of heap each in a 64 MB heap: the first check (32 bytes a
  // label) lets it start, the check between chunks stops it. 3,000,000 fail the first check.
  for (const [n, needle] of [[1200000, 'the last'], [3000000, 'need at least']]) {
    const r = spawnSync(process.execPath, ['--max-old-space-size=64', '-e', `
      const { Formatter } = require(${JSON.stringify(INDEX)});
      const f = new Formatter({ style: 'feed_detail', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
      const ts = new Float64Array(${n}).map((_, i) => ${NOW} - i * 60000);
      try { f.formatMany(ts, ${NOW}); console.log('returned'); }
      catch (e) { console.log(e.constructor.name, e.status, e.code, e.message); }
      console.log(f.formatMany(ts.subarray(0, 2), ${NOW}).texts.length);
    `], { encoding: 'utf8', timeout: 60000 });
    assert.equal(r.signal, null, `${n}: killed by ${r.signal}: ${r.stderr.slice(0, 500)}`);
    assert.equal(r.status, 0, r.stderr.slice(0, 500));
    const [first, after] = r.stdout.trim().split('\n');
    assert.match(first, /^RangeError 7 FD_ERR_MEMORY formatMany: /, first);
    assert.ok(first.includes(needle), first);
    assert.equal(after, '2', 'the formatter works after');
  }
});
