'use strict';
// html and scriptJson (SPEC 11, 1.3; issue 39 item 2): every case of the shared html vectors gives
// the library's markup and script form byte for byte (buffers guessed, and again grown from one
// byte; numbers and Dates); arguments as schedule's (defaults, the library's messages, unknown
// options); spoken adds data-spoken-schedule. File: FEEDDATE_HTML_VECTORS when set; else
// Tests/vectors/html/html-1.3.jsonl (./vectors.js).
const { describe, it, test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const feeddate = require('..');
const { Formatter, STATUS } = feeddate;
const { htmlVectorFile, optionsOf, formatterFor } = require('./vectors');

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

const bytesEqual = (a, b) => Buffer.from(a, 'utf8').equals(Buffer.from(b, 'utf8'));

describe('html vectors', () => {
  const file = htmlVectorFile();
  // Read here, not at load: a missing file fails this suite (and so make test-node).
  let lines = [];
  let readError = null;
  try {
    lines = fs.readFileSync(file, 'utf8').split('\n');
  } catch (e) {
    readError = e;
  }
  let count = 0;
  lines.forEach((line, n) => {
    if (!line.trim()) return;
    const v = JSON.parse(line);
    count++;
    const where = `${path.basename(file)}:${n + 1} [${v.style} ${JSON.stringify(v.options)} t=${v.t_ms} ` +
      `now=${v.now_ms} horizon=${v.horizon_ms} max=${v.max_entries} spoken=${v.spoken}]`;
    it(where, () => {
      assert.equal(typeof v.spoken, 'boolean', 'malformed vector: spoken');
      const f = formatterFor(optionsOf(v));
      const sched = { horizon: v.horizon_ms, maxEntries: v.max_entries };
      const opts = { ...sched, spoken: v.spoken };
      for (const guess of [true, false]) {
        const how = `${guess ? 'guessed' : 'one-byte'} buffers`;
        const html = withGuess(guess, () => f.html(v.t_ms, v.now_ms, opts));
        const script = withGuess(guess, () => f.scriptJson(v.t_ms, v.now_ms, sched));
        assert.equal(html, v.html, `html, ${how}`);
        assert.ok(bytesEqual(html, v.html), `html bytes, ${how}`);
        assert.equal(script, v.script_json, `script_json, ${how}`);
        assert.ok(bytesEqual(script, v.script_json), `script_json bytes, ${how}`);
      }
      assert.equal(f.html(new Date(v.t_ms), new Date(v.now_ms), opts), v.html, 'html, Dates as instants');
      assert.equal(f.scriptJson(new Date(v.t_ms), new Date(v.now_ms), sched), v.script_json,
        'script_json, Dates as instants');
    });
  });
  it(`runs the cases of ${file}`, () => {
    if (readError) throw new Error(`cannot read the html vectors ${file}: ${readError.message}`);
    const least = process.env.FEEDDATE_HTML_VECTORS ? 1 : 12;
    assert.ok(count >= least, `${count} cases in ${file}, expected ${least} or more`);
  });
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

// The error schedule throws for the same arguments: html and scriptJson must throw the same.
function scheduleError(f, t, now, options) {
  try {
    f.schedule(t, now, options);
  } catch (e) {
    return e;
  }
  assert.fail(`schedule(${t}, ${now}, ${JSON.stringify(options)}) did not throw`);
}

test('bad values: the library\'s FD_ERR_ARGUMENT and its message, as schedule\'s', () => {
  const f = formatterFor({ style: 'relative', locale: 'en_US', timeZone: 'UTC' });
  const t = NOW - 3600e3;
  const cases = [
    [{ horizon: -1 }, 'horizon -1 ms is out of range 0...31622400000 (366 days)'],
    [{ horizon: -0.5 }, 'horizon -1 ms is out of range 0...31622400000 (366 days)'],
    [{ horizon: Infinity }, 'horizon 9223372036854775807 ms is out of range 0...31622400000 (366 days)'],
    [{ maxEntries: -5 }, 'max_entries -5 is out of range 1...100000'],
    [{ maxEntries: 0 }, 'max_entries 0 is out of range 1...100000'],
    [{ maxEntries: 1e20 }, 'max_entries 9223372036854775807 is out of range 1...100000'],
  ];
  for (const [options, message] of cases) {
    const expected = scheduleError(f, t, NOW, options);
    assert.equal(expected.message, message, 'schedule\'s message');
    for (const [name, call] of [['html', () => f.html(t, NOW, options)],
      ['html spoken', () => f.html(t, NOW, { ...options, spoken: true })],
      ['scriptJson', () => f.scriptJson(t, NOW, options)]]) {
      assert.throws(call, (e) => {
        assert.ok(e instanceof Error && !(e instanceof RangeError), `${name}: ${e.constructor.name}`);
        assert.equal(e.code, 'FD_ERR_ARGUMENT', name);
        assert.equal(e.status, STATUS.FD_ERR_ARGUMENT, name);
        assert.equal(e.message, message, `${name}: the library's message`);
        return true;
      });
    }
  }
  // Refused by the binding's shared conversion, before the library: the same words, the method's name.
  throwsStatus(() => f.html(t, NOW, { horizon: NaN }), 'FD_ERR_ARGUMENT', Error, 'horizon is NaN');
  throwsStatus(() => f.scriptJson(t, NOW, { maxEntries: 1.5 }), 'FD_ERR_ARGUMENT', Error,
    'maxEntries 1.5 is not an integer');
  // An instant out of range: the library's FD_ERR_RANGE, as schedule's.
  const range = scheduleError(f, 253402300800000, NOW);
  throwsStatus(() => f.html(253402300800000, NOW), 'FD_ERR_RANGE', RangeError, range.message);
  throwsStatus(() => f.scriptJson(t, 253402300800000), 'FD_ERR_RANGE', RangeError,
    scheduleError(f, t, 253402300800000).message);
});

test('unknown options and wrong types are refused as schedule refuses them', () => {
  const f = formatterFor({ style: 'relative', locale: 'en_US', timeZone: 'UTC' });
  const t = NOW - 3600e3;
  const arg = (fn, ...needles) => throwsStatus(fn, 'FD_ERR_ARGUMENT', Error, ...needles);
  const type = (fn, ...needles) => throwsStatus(fn, 'FD_ERR_ARGUMENT', TypeError, ...needles);
  arg(() => f.html(t, NOW, { horizonMs: DAY }),
    'unknown html option "horizonMs": the options are horizon, maxEntries, spoken');
  arg(() => f.html(t, NOW, { max_entries: 5 }), 'unknown html option "max_entries"');
  arg(() => f.scriptJson(t, NOW, { horizonMs: DAY }),
    'unknown scriptJson option "horizonMs": the options are horizon, maxEntries');
  arg(() => f.scriptJson(t, NOW, { spoken: true }), 'unknown scriptJson option "spoken"');
  arg(() => f.schedule(t, NOW, { spoken: true }), 'unknown schedule option "spoken"');
  type(() => f.html(t, NOW, { spoken: 1 }), 'html: spoken must be a boolean, not 1');
  type(() => f.html(t, NOW, { spoken: 'yes' }), 'spoken must be a boolean', '"yes"');
  type(() => f.html(t, NOW, { horizon: '86400000' }), 'html: horizon must be a number of milliseconds');
  type(() => f.scriptJson(t, NOW, { maxEntries: '10' }), 'scriptJson: maxEntries must be a number', '"10"');
  type(() => f.html(t, NOW, null), 'html(t, now, options): options must be an object');
  type(() => f.scriptJson(t, NOW, 5), 'scriptJson(t, now, options): options must be an object');
  type(() => f.html({ valueOf: () => t }, NOW), 't must be a Date or a number');
  type(() => f.scriptJson(t, '2024'), 'now must be a Date or a number');
});

test('spoken adds data-spoken-schedule, the schedule of the same options plus spoken', () => {
  const f = formatterFor({ style: 'chat_list', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
  const t = NOW - DAY;
  const plain = f.html(t, NOW);
  const spoken = f.html(t, NOW, { spoken: true });
  assert.ok(!plain.includes('data-spoken-schedule'), plain);
  assert.ok(spoken.includes(' data-spoken-schedule="'), spoken);
  assert.ok(spoken.startsWith('<time datetime="2024-03-24T06:30:00.000Z" title="'), spoken);
  assert.ok(spoken.endsWith('</feed-date></time>'), spoken);
  assert.equal(f.html(t, NOW, { spoken: false }), plain, 'spoken: false is the default');
  assert.equal(f.html(t, NOW, { spoken: undefined }), plain, 'spoken: undefined is the default');
});

test('defaults are schedule\'s; scriptJson parses to schedule\'s wire', () => {
  const f = formatterFor({ style: 'relative', locale: 'en_US', timeZone: 'UTC' });
  const t = NOW - 90e3;
  const all = { horizon: feeddate.DEFAULT_HORIZON_MS, maxEntries: feeddate.DEFAULT_MAX_ENTRIES };
  assert.equal(f.html(t, NOW), f.html(t, NOW, all));
  assert.equal(f.html(t, NOW, {}), f.html(t, NOW, { ...all, spoken: false }));
  assert.equal(f.scriptJson(t, NOW), f.scriptJson(t, NOW, all));
  assert.equal(f.scriptJson(t, NOW, undefined), f.scriptJson(t, NOW, {}));
  // Read, never written, here: the same object as schedule's wire, for defaults and other options.
  for (const o of [undefined, { horizon: 3600e3, maxEntries: 3 }, { horizon: 0 }, { horizon: 3600e3 + 0.4 }]) {
    assert.deepEqual(JSON.parse(f.scriptJson(t, NOW, o)), JSON.parse(f.schedule(t, NOW, o).json), JSON.stringify(o));
  }
  // now defaults to Date.now(), as schedule's.
  const before = Date.now();
  const w = JSON.parse(f.scriptJson(before - 90e3));
  assert.ok(w.now >= before && w.now <= Date.now(), `now ${w.now}`);
  // A bigint as schedule takes it.
  assert.equal(f.scriptJson(BigInt(t), BigInt(NOW)), f.scriptJson(t, NOW));
});

test('a long schedule: more than the first buffer, the same bytes with one-byte buffers', () => {
  const f = formatterFor({ style: 'countdown', locale: 'en_US', timeZone: 'UTC' }); // a label a second
  const t = NOW + DAY;
  const o = { horizon: DAY, maxEntries: 5000 };
  const html = f.html(t, NOW, o);
  assert.ok(Buffer.byteLength(html) > 4096, `${Buffer.byteLength(html)} bytes`);
  assert.equal(withGuess(false, () => f.html(t, NOW, o)), html);
  const script = f.scriptJson(t, NOW, o);
  assert.ok(Buffer.byteLength(script) > 4096);
  assert.equal(withGuess(false, () => f.scriptJson(t, NOW, o)), script);
});

test('a closed formatter: ERR_FEEDDATE_CLOSED, also when a getter of the options closes it', () => {
  const f = new Formatter({ style: 'relative', locale: 'en_US', timeZone: 'UTC' });
  const closing = { get horizon() { f.close(); return DAY; } };
  assert.throws(() => f.html(NOW - 1000, NOW, closing), { code: 'ERR_FEEDDATE_CLOSED' });
  assert.throws(() => f.html(NOW - 1000, NOW), { code: 'ERR_FEEDDATE_CLOSED' });
  assert.throws(() => f.scriptJson(NOW - 1000, NOW), { code: 'ERR_FEEDDATE_CLOSED' });
});
