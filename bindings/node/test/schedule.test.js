'use strict';
// Schedules (SPEC 11, 1.2): every line of the shared schedule vectors gives the same entries,
// until and wire bytes (with the buffers guessed, and again grown from one byte); the definition
// against label() step by step for random cases; defaults, horizon rounding, bad arguments, a
// closed formatter, and text of every width. Files: FEEDDATE_SCHEDULE_VECTORS (":"-separated) when
// set; else Tests/vectors/schedule/ by SPEC 10's rule (./vectors.js).
const { describe, it, test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const feeddate = require('..');
const { Formatter, STATUS } = feeddate;
const { vectorFiles, optionsOf, formatterFor } = require('./vectors');

const GUESS = Symbol.for('feeddate.scheduleGuess');
const NOW = 1711348200000; // 2024-03-25T06:30:00Z, 14:30 in Shanghai
const DAY = 86400000;

function withGuess(on, fn) {
  const before = Formatter[GUESS](on);
  try {
    return fn();
  } finally {
    Formatter[GUESS](before);
  }
}

// A schedule as the vectors hold it: [text, from_ms] pairs and until_ms.
const pairs = (s) => s.entries.map((e) => [e.text, e.start.getTime()]);
const untilMs = (s) => (s.until === null ? null : s.until.getTime());

// What the wire form says, read (never written) here: the same entries and until.
function assertWire(s, nowMs, where) {
  const w = JSON.parse(s.json);
  assert.deepEqual(Object.keys(w), ['v', 'now', 'labels', 'until'], `${where}: keys`);
  assert.equal(w.v, 1);
  assert.equal(w.now, nowMs, `${where}: now`);
  let from = nowMs;
  assert.deepEqual(w.labels.map(([text, d]) => [text, (from += d)]), pairs(s), `${where}: labels`);
  assert.equal(w.until, untilMs(s), `${where}: until`);
}

for (const file of vectorFiles('schedule', 'FEEDDATE_SCHEDULE_VECTORS')) {
  describe(`schedule vectors: ${path.basename(file)}`, () => {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    let count = 0;
    lines.forEach((line, n) => {
      if (!line.trim()) return;
      const v = JSON.parse(line);
      count++;
      const where = `${path.basename(file)}:${n + 1} [${v.style} ${JSON.stringify(v.options)} t=${v.t_ms} ` +
        `now=${v.now_ms} horizon=${v.horizon_ms} max=${v.max_entries}] ${v.note || ''}`;
      it(where, () => {
        const f = formatterFor(optionsOf(v));
        const options = { horizon: v.horizon_ms, maxEntries: v.max_entries };
        for (const guess of [true, false]) {
          const s = withGuess(guess, () => f.schedule(v.t_ms, v.now_ms, options));
          const how = `${guess ? 'guessed' : 'one-byte'} buffers`;
          assert.deepEqual(Object.keys(s), ['entries', 'until', 'json']);
          assert.deepEqual(pairs(s), v.entries, `entries, ${how}`);
          assert.equal(untilMs(s), v.until_ms, `until, ${how}`);
          assert.equal(s.json, v.json, `json, ${how}`);
          assert.ok(Buffer.from(s.json, 'utf8').equals(Buffer.from(v.json, 'utf8')), `json bytes, ${how}`);
          for (const e of s.entries) assert.ok(e.start instanceof Date);
        }
        const d = f.schedule(new Date(v.t_ms), new Date(v.now_ms), options);
        assert.equal(d.json, v.json, 'Dates as instants');
      });
    });
    it('has vectors', () => assert.ok(count > 0, `no vectors in ${file}`));
  });
}

// SPEC 11's definition, step by step through label(): from0 = now, text_i = label(t, from_i),
// from_{i+1} = next change of from_i; stops when complete, at max entries, or at a change at or
// after now + horizon.
function byLabels(f, t, now, horizon, max) {
  const entries = [];
  let from = now;
  for (;;) {
    const l = f.label(t, from);
    entries.push([l.text, from]);
    if (l.nextChangeMs === null) return { entries, until: null };
    if (entries.length === max || l.nextChangeMs >= now + horizon) return { entries, until: l.nextChangeMs };
    from = l.nextChangeMs;
  }
}

// mulberry32: the same cases on every run.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

test('random cases: schedule() is label() and nextChange step by step', () => {
  const rnd = random(20240325);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const setups = [
    { style: 'feed', locale: 'zh_CN', timeZone: 'Asia/Shanghai', recentRelative: true },
    { style: 'feed', locale: 'en_US', timeZone: 'America/New_York' },
    { style: 'feed_detail', locale: 'de_DE', timeZone: 'Europe/Berlin' },
    { style: 'chat_list', locale: 'ja_JP', timeZone: 'Asia/Tokyo' },
    { style: 'chat_bubble', locale: 'en_GB', timeZone: 'Europe/London', hourCycle: 'h12' },
    { style: 'relative', locale: 'fr_FR', timeZone: 'Europe/Paris', width: 'short' },
    { style: 'compact', locale: 'en_US', timeZone: 'UTC', spoken: true },
    { style: 'countdown', locale: 'en_US', timeZone: 'UTC', precision: 0, countdownDays: true, overtime: true },
    { style: 'countdown', locale: 'zh_CN', timeZone: 'Asia/Shanghai', precision: 2 },
  ];
  let cases = 0;
  let entries = 0;
  for (let i = 0; i < 60; i++) {
    const o = pick(setups);
    const f = formatterFor(o);
    const now = NOW + Math.floor((rnd() - 0.5) * 400 * DAY);
    const span = pick([60e3, 3600e3, DAY, 30 * DAY, 800 * DAY]);
    const t = now + Math.floor((rnd() - (o.style === 'countdown' ? 0.2 : 0.95)) * span);
    const horizon = pick([0, 1000, 90e3, 3600e3, DAY, 7 * DAY, 366 * DAY]);
    const max = pick([1, 2, 17, 200]);
    const s = f.schedule(t, now, { horizon, maxEntries: max });
    const want = byLabels(f, t, now, horizon, max);
    const where = `${JSON.stringify(o)} t=${t} now=${now} horizon=${horizon} max=${max}`;
    assert.deepEqual(pairs(s), want.entries, where);
    assert.equal(untilMs(s), want.until, where);
    for (let k = 1; k < s.entries.length; k++) assert.notEqual(s.entries[k].text, s.entries[k - 1].text, where);
    assertWire(s, now, where);
    cases++;
    entries += s.entries.length;
  }
  assert.equal(cases, 60);
  assert.ok(entries > 200, `only ${entries} entries in all`);
});

test('defaults: one day and 1,000 entries; now defaults to Date.now()', () => {
  const f = formatterFor({ style: 'relative', locale: 'en_US', timeZone: 'UTC' });
  const t = NOW - 90e3;
  const s = f.schedule(t, NOW);
  assert.deepEqual(f.schedule(t, NOW, {}), s);
  assert.deepEqual(f.schedule(t, NOW, { horizon: undefined, maxEntries: undefined }), s);
  assert.deepEqual(f.schedule(t, NOW, { horizon: DAY, maxEntries: 1000 }), s);
  assert.deepEqual(pairs(s), byLabels(f, t, NOW, DAY, 1000).entries);
  assert.ok(s.until.getTime() >= NOW + DAY, 'stopped by the horizon of one day');
  assert.deepEqual([feeddate.DEFAULT_HORIZON_MS, feeddate.DEFAULT_MAX_ENTRIES], [DAY, 1000]);
  assert.deepEqual([feeddate.MAX_SCHEDULE_HORIZON_MS, feeddate.MAX_SCHEDULE_ENTRIES], [366 * DAY, 100000]);
  // maxEntries alone: a countdown changes every tenth of a second, 1,000 entries are 100 s.
  const c = formatterFor({ style: 'countdown', locale: 'en_US', timeZone: 'UTC' });
  const cs = c.schedule(NOW + 3600e3, NOW);
  assert.equal(cs.entries.length, 1000);
  assert.equal(cs.until.getTime(), NOW + 100e3);
  const before = Date.now();
  const d = f.schedule(before - 5 * 60e3);
  const after = Date.now();
  const start = d.entries[0].start.getTime();
  assert.ok(start >= before && start <= after, 'entries[0] starts at Date.now()');
  assert.equal(f.schedule(t, undefined, { maxEntries: 1 }).entries.length, 1);
});

test('complete schedules, horizon 0, the largest horizon and count', () => {
  const f = formatterFor({ style: 'chat_list', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
  const s = f.schedule(Date.parse('2024-03-25T06:00:00Z'), Date.parse('2024-03-25T14:30:00Z'), { horizon: 8 * DAY });
  assert.deepEqual(pairs(s), [['14:00', Date.parse('2024-03-25T14:30:00Z')], ['昨天', Date.parse('2024-03-25T16:00:00Z')],
    ['星期一', Date.parse('2024-03-26T16:00:00Z')], ['2024/3/25', Date.parse('2024-03-31T16:00:00Z')]]);
  assert.equal(s.until, null, 'complete: the last label never changes');
  assert.match(s.json, /,"until":null}$/);
  const one = f.schedule(NOW - 3600e3, NOW, { horizon: 0 });
  assert.equal(one.entries.length, 1);
  assert.equal(one.until.getTime(), f.label(NOW - 3600e3, NOW).nextChangeMs);
  const r = formatterFor({ style: 'relative', locale: 'en_US', timeZone: 'UTC' });
  const big = r.schedule(NOW - 1000, NOW, { horizon: feeddate.MAX_SCHEDULE_HORIZON_MS, maxEntries: 100000 });
  assert.deepEqual(pairs(big), byLabels(r, NOW - 1000, NOW, 366 * DAY, 100000).entries);
  const countdown = formatterFor({ style: 'countdown', locale: 'en_US', timeZone: 'UTC', precision: 3 });
  const most = countdown.schedule(NOW + DAY, NOW, { maxEntries: 100000 });
  assert.equal(most.entries.length, 100000, 'the largest count, through the retry of a bigger buffer');
  assert.equal(most.entries[99999].start.getTime(), NOW + 99999);
  assert.equal(most.until.getTime(), NOW + 100000);
  assertWire(most, NOW, 'the largest count');
});

test('horizon: milliseconds by SPEC 11\'s rule (to the microsecond, then floored)', () => {
  // "1 hour ago" becomes "2 hours ago" at now + 1 h: a horizon up to 1 h stops before it.
  const f = formatterFor({ style: 'relative', locale: 'en_US', timeZone: 'UTC' });
  const t = NOW - 3600e3;
  const count = (horizon) => f.schedule(t, NOW, { horizon }).entries.length;
  assert.equal(count(3600e3), 1);
  assert.equal(count(3600e3 - 0.5), 1, '3599999.5 is 3599999');
  assert.equal(count(3600e3 + 0.5), 1, '3600000.5 is 3600000: the change at now + 1 h is not before it');
  assert.equal(count(3600e3 + 0.9994), 1, '999.4 us is 999 us: 3600000');
  assert.equal(count(3600e3 + 0.9996), 2, '999.6 us is 1000 us: 3600001, the change at now + 1 h is before it');
  assert.equal(count(3600e3 + 1), 2);
  assert.equal(count(0.25), 1);
  assert.equal(count(-0), 1);
  assert.equal(f.schedule(t, NOW, { horizon: 3600e3 + 0.5 }).json, f.schedule(t, NOW, { horizon: 3600000 }).json);
  assert.deepEqual(pairs(f.schedule(t, NOW, { horizon: 366 * DAY })), byLabels(f, t, NOW, 366 * DAY, 1000).entries,
    'the largest horizon');
  assert.deepEqual(f.schedule(t, NOW, { horizon: 366 * DAY + 0.4 }).json, f.schedule(t, NOW, { horizon: 366 * DAY }).json,
    '366 days + 0.4 ms is 366 days');
});

function throwsStatus(fn, code, Type, ...needles) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Type, `${e.constructor.name}: ${e.message}`);
    assert.equal(e.code, code);
    assert.equal(e.status, STATUS[code]);
    for (const n of needles) assert.ok(e.message.includes(n), `message ${JSON.stringify(e.message)} names ${n}`);
    return true;
  });
}

test('bad arguments: the library\'s FD_ERR_ARGUMENT and its message; types; instants', () => {
  const f = formatterFor({ style: 'relative', locale: 'en_US', timeZone: 'UTC' });
  const t = NOW - 3600e3;
  const arg = (options, ...needles) => throwsStatus(() => f.schedule(t, NOW, options), 'FD_ERR_ARGUMENT', Error, ...needles);
  const horizonRange = 'ms is out of range 0...31622400000 (366 days)';
  arg({ horizon: -1 }, `horizon -1 ${horizonRange}`);
  arg({ horizon: -0.5 }, `horizon -1 ${horizonRange}`);
  arg({ horizon: 366 * DAY + 1 }, `horizon 31622400001 ${horizonRange}`);
  arg({ horizon: 366 * DAY + 0.9996 }, `horizon 31622400001 ${horizonRange}`);
  // Past an int64_t: clamped, the library's message for the clamped value (SPEC 11, 1.3).
  arg({ horizon: Infinity }, `horizon 9223372036854775807 ${horizonRange}`);
  arg({ horizon: -Infinity }, `horizon -9223372036854775808 ${horizonRange}`);
  arg({ horizon: 1e300 }, `horizon 9223372036854775807 ${horizonRange}`);
  arg({ horizon: 2 ** 63 }, `horizon 9223372036854775807 ${horizonRange}`);
  arg({ horizon: NaN }, 'horizon is NaN');
  // Issue 37 item 2: every integer is passed on (a negative one as its two's complement, one past an
  // int64_t clamped), and the message is the library's, whole.
  const exactly = (options, message) => assert.throws(() => f.schedule(t, NOW, options), (e) => {
    assert.equal(e.code, 'FD_ERR_ARGUMENT');
    assert.equal(e.message, message);
    return true;
  });
  exactly({ maxEntries: -5 }, 'max_entries -5 is out of range 1...100000');
  exactly({ maxEntries: 100001 }, 'max_entries 100001 is out of range 1...100000');
  exactly({ maxEntries: 0 }, 'max_entries 0 is out of range 1...100000');
  exactly({ maxEntries: -1 }, 'max_entries -1 is out of range 1...100000');
  exactly({ maxEntries: 2 ** 53 }, 'max_entries 9007199254740992 is out of range 1...100000');
  exactly({ maxEntries: -(2 ** 53) }, 'max_entries -9007199254740992 is out of range 1...100000');
  exactly({ maxEntries: 1e20 }, 'max_entries 9223372036854775807 is out of range 1...100000');
  exactly({ maxEntries: 2 ** 63 }, 'max_entries 9223372036854775807 is out of range 1...100000');
  exactly({ maxEntries: 1e300 }, 'max_entries 9223372036854775807 is out of range 1...100000');
  exactly({ maxEntries: -1e300 }, 'max_entries -9223372036854775808 is out of range 1...100000');
  // What no size_t means stays the binding's to refuse.
  arg({ maxEntries: 1.5 }, 'maxEntries 1.5 is not an integer');
  arg({ maxEntries: NaN }, 'maxEntries NaN is not an integer');
  arg({ maxEntries: Infinity }, 'maxEntries Infinity is not an integer');
  // Both out of range: whichever the library names first.
  arg({ horizon: -1, maxEntries: 0 }, 'horizon -1');
  arg({ horizon: -1, maxEntries: -5 }, 'max_entries -5 is out of range 1...100000');
  arg({ horizonMs: DAY }, 'unknown schedule option "horizonMs": the options are horizon, maxEntries');
  arg({ max_entries: 5 }, 'unknown schedule option "max_entries"');
  const type = (options, ...needles) =>
    throwsStatus(() => f.schedule(t, NOW, options), 'FD_ERR_ARGUMENT', TypeError, ...needles);
  type({ horizon: '86400000' }, 'horizon must be a number of milliseconds, not "86400000"');
  type({ horizon: null }, 'horizon must be a number', 'null');
  type({ horizon: 5n }, 'horizon must be a number', '5n');
  type({ maxEntries: '10' }, 'maxEntries must be a number', '"10"');
  type({ maxEntries: { valueOf: () => 10 } }, 'maxEntries must be a number', '(an object)');
  type(null, 'options must be an object');
  type(86400000, 'options must be an object', 'not number');
  type('soon', 'options must be an object', 'not string');
  // Instants as format() takes them.
  throwsStatus(() => f.schedule('2024-03-25', NOW), 'FD_ERR_ARGUMENT', TypeError, 't must be a Date');
  throwsStatus(() => f.schedule(t, {}), 'FD_ERR_ARGUMENT', TypeError, 'now must be a Date');
  throwsStatus(() => f.schedule(253402300800000, NOW), 'FD_ERR_RANGE', RangeError, '253402300800000');
  throwsStatus(() => f.schedule(t, -62135596800001), 'FD_ERR_RANGE', RangeError, '-62135596800001');
  throwsStatus(() => f.schedule(new Date(NaN), NOW), 'FD_ERR_RANGE', RangeError, 't is NaN');
  throwsStatus(() => f.schedule(t, Infinity), 'FD_ERR_RANGE', RangeError, 'now is Infinity');
  // Past an int64_t: clamped, the library's message for the clamped value (SPEC 11, 1.3).
  throwsStatus(() => f.schedule(t, 1e300), 'FD_ERR_RANGE', RangeError,
    'instant 9223372036854775807 ms is outside the supported range');
  throwsStatus(() => f.schedule(-1e300, NOW), 'FD_ERR_RANGE', RangeError,
    'instant -9223372036854775808 ms is outside the supported range');
  // A schedule that reaches the end of the range stops there (complete), it is not an error.
  const end = f.schedule(t, 253402300799999 - 1000, { maxEntries: 5 });
  assert.ok(end.entries.length >= 1);
  assert.deepEqual(f.schedule(BigInt(t), BigInt(NOW)), f.schedule(t, NOW), 'bigints');
  assert.deepEqual(f.schedule(t + 0.9, NOW + 0.9), f.schedule(t, NOW), 'fractional instants are floored');
  assert.deepEqual(f.schedule(t - 0.0004, NOW - 0.0004), f.schedule(t, NOW), 'to the microsecond first');
  assert.equal(f.schedule(t, NOW).entries[0].text, '1 hour ago', 'works after errors');
});

test('a closed formatter', () => {
  const f = new Formatter({ style: 'feed', locale: 'en_US', timeZone: 'UTC' });
  assert.equal(f.schedule(NOW - DAY, NOW).entries[0].text, 'Yesterday');
  f.close();
  assert.throws(() => f.schedule(NOW - DAY, NOW), (e) => e.code === 'ERR_FEEDDATE_CLOSED' && /closed/.test(e.message));
  assert.throws(() => f.schedule(NOW - DAY, NOW, { horizon: 0, maxEntries: 1 }), (e) => e.code === 'ERR_FEEDDATE_CLOSED');
});

test('text of every width reaches JavaScript as written, in the entries and in the wire form', () => {
  for (const word of ['ok', 'déjà', 'ÿ\u00a0À', '刚刚', 'a😀b', '\u{10FFFF}x', 'é😀ÿ', 'say "hi" \\ bye']) {
    const f = new Formatter({ style: 'relative', locale: 'fr_FR', timeZone: 'UTC', justNowText: word });
    const s = f.schedule(NOW - 1000, NOW, { maxEntries: 3 });
    assert.deepEqual(s.entries.map((e) => e.text), [word, 'Il y a 1 minute', 'Il y a 2 minutes']);
    assert.equal(JSON.parse(s.json).labels[0][0], word);
    assert.equal(s.json.slice(0, 40), `{"v":1,"now":${NOW},"labels":[[${JSON.stringify(word)}`.slice(0, 40));
    f.close();
  }
});

test('the buffers: guessed, and from one byte, give the same schedules', () => {
  const f = formatterFor({ style: 'feed_detail', locale: 'my_MM', timeZone: 'Asia/Yangon' });
  const long = (t, options) => [f.schedule(t, NOW, options), withGuess(false, () => f.schedule(t, NOW, options))];
  for (const [t, options] of [[NOW - 3 * DAY, undefined], [NOW + 40 * DAY, { horizon: 366 * DAY, maxEntries: 500 }]]) {
    const [a, b] = long(t, options);
    assert.deepEqual(a, b);
    assert.ok(Buffer.byteLength(a.entries[0].text) > 32, 'labels longer than a guess of 16 bytes an entry');
  }
  assert.equal(Formatter[GUESS](), true);
});
