'use strict';
// SPEC 11's rule (1.3) in JavaScript's own types: the lines of
// Tests/vectors/conversion/conversion-1.3.jsonl that a number of milliseconds (millis) or a Date
// (iso, when it is a whole millisecond: a Date holds no less) holds give the milliseconds, labels
// and wire bytes every binding gives.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { optionsOf, formatterFor } = require('./vectors');

const ROOT = process.env.FEEDDATE_VECTORS_DIR || path.join(__dirname, '..', '..', '..', 'Tests', 'vectors');
const FILE = path.join(ROOT, 'conversion', 'conversion-1.3.jsonl');

// The form's value as the binding takes it (a number or a Date), or undefined when JavaScript holds
// no such form.
function value(form) {
  if ('millis' in form) return form.millis;
  if ('iso' in form && !/\.\d{4,}Z$/.test(form.iso)) {
    const d = new Date(form.iso);
    assert.ok(!Number.isNaN(d.getTime()), form.iso);
    return d;
  }
  return undefined;
}

test('conversion vectors (SPEC 11, 1.3)', () => {
  const lines = fs.readFileSync(FILE, 'utf8').split('\n').filter((l) => l.trim() !== '');
  // A countdown to the millisecond: the wire's "now" is the milliseconds the binding passed.
  const countdown = formatterFor({ style: 'countdown', locale: 'en_US', timeZone: 'UTC', precision: 3 });
  const ran = {};
  lines.forEach((line, i) => {
    const v = JSON.parse(line);
    const where = `${path.basename(FILE)}:${i + 1} (${v.note})`;
    if (v.case === 'instant') {
      const x = value(v);
      if (x === undefined) return;
      const { json } = countdown.schedule(x, x, { horizon: 0, maxEntries: 1 });
      assert.ok(json.includes(`"now":${v.expect_ms},`), `${where}: ${json}`);
      if (typeof x === 'number') {
        assert.equal(countdown.formatMany(Float64Array.of(x), v.expect_ms).texts[0],
          countdown.format(v.expect_ms, v.expect_ms), `${where}: Float64Array`);
      }
    } else if (v.case === 'horizon') {
      if (!('millis' in v)) return;
      const t = 1711348210000, now = 1711348200000;
      if (v.expect_ms < 0) {
        assert.throws(() => countdown.schedule(t, now, { horizon: v.millis }),
          (e) => e.message === `horizon ${v.expect_ms} ms is out of range 0...31622400000 (366 days)`, where);
      } else {
        assert.equal(countdown.schedule(t, now, { horizon: v.millis, maxEntries: 100000 }).json,
          countdown.schedule(t, now, { horizon: v.expect_ms, maxEntries: 100000 }).json, where);
      }
    } else if (v.case === 'label' || v.case === 'schedule') {
      const t = value(v.t), now = value(v.now);
      if (t === undefined || now === undefined) return;
      const f = formatterFor(optionsOf(v));
      if (v.case === 'label') {
        assert.equal(f.format(t, now), v.text, where);
      } else {
        if (!('millis' in v.horizon)) return;
        assert.equal(f.schedule(t, now, { horizon: v.horizon.millis, maxEntries: v.max_entries }).json, v.json, where);
      }
    } else {
      assert.fail(`${where}: unknown case ${v.case}`);
    }
    ran[v.case] = (ran[v.case] || 0) + 1;
  });
  for (const c of ['instant', 'horizon', 'label', 'schedule']) assert.ok(ran[c] > 0, `no ${c} line ran`);
});

test('durations of the options by the same rule', () => {
  const t = 1711348200000 - 60000, now = 1711348200000;
  const g = (justNowMs) => formatterFor({ style: 'relative', locale: 'en_US', timeZone: 'UTC', justNowMs }).format(t, now);
  assert.equal(g(60000.4), g(60000));
  assert.equal(g(60000.9996), g(60001));
  assert.notEqual(g(60000), g(60001));
});
