'use strict';
// formatMany makes one string per distinct label of a group of up to 4,096 labels (the addon's
// label table, src/feeddate_node.c): equal labels share it, unequal ones never do. Checked against
// format() label by label on batches full of repeats, across the boundary of two groups, with
// labels that the table's hash cannot tell apart by their first and last 8 bytes.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { Formatter } = require('..');

const NOW = 1711348200000;
const HOUR = 3600e3;

// Labels of more than 16 bytes of UTF-8 that differ only in their middle: same length, same first
// and last 8 bytes ("Feb 28, 2024, 7:36 PM" and "Feb 28, 2023, 7:36 PM").
function middlePairs(texts) {
  const seen = new Map();
  let pairs = 0;
  for (const t of new Set(texts)) {
    const b = Buffer.from(t);
    if (b.length <= 16) continue;
    const key = `${b.length}|${b.subarray(0, 8).toString('hex')}|${b.subarray(b.length - 8).toString('hex')}`;
    if (seen.has(key)) pairs++;
    else seen.set(key, t);
  }
  return pairs;
}

const CASES = [
  // every 7.3 hours over 2.5 years: long labels, one year apart, alike but for the year
  [{ style: 'feed_detail', locale: 'en_US', timeZone: 'America/New_York' }, (i) => NOW - i * 7.3 * HOUR, true],
  [{ style: 'chat_bubble', locale: 'en_US', timeZone: 'UTC' }, (i) => NOW - i * 7.3 * HOUR, true],
  // the same 50 instants again and again: nearly every label a repeat ("昨天", a day, a time)
  [{ style: 'feed', locale: 'zh_CN', timeZone: 'Asia/Shanghai' }, (i) => NOW - (i % 50) * 11 * HOUR, false],
  // ASCII and non-ASCII labels in one batch
  [{ style: 'relative', locale: 'en_US', timeZone: 'UTC' }, (i) => NOW - (i % 97) * 0.9 * HOUR, false],
];

test('formatMany shares strings only between equal labels: as format() label by label', () => {
  for (const [options, at, alike] of CASES) {
    const f = new Formatter(options);
    const ts = Array.from({ length: 6000 }, (_, i) => at(i)); // two groups: 4,096 and 1,904
    const { texts } = f.formatMany(ts, NOW);
    const one = ts.map((t) => f.format(t, NOW));
    assert.deepEqual(texts, one, options.style);
    const distinct = new Set(one).size;
    assert.ok(distinct < ts.length / 4 || alike, `${options.style}: the batch repeats labels (${distinct} distinct)`);
    assert.ok(distinct > 1, options.style);
    if (alike) assert.ok(middlePairs(one) > 0, `${options.style}: labels alike but for their middle`);
    // the same from a Float64Array, and in chunks that split the groups elsewhere
    assert.deepEqual(f.formatMany(Float64Array.from(ts), NOW).texts, one, options.style);
    const before = Formatter[Symbol.for('feeddate.chunkLabels')](1000);
    try {
      assert.deepEqual(f.formatMany(ts, NOW).texts, one, options.style);
    } finally {
      Formatter[Symbol.for('feeddate.chunkLabels')](before);
    }
  }
});

test('a formatMany run by a setter while another stores its labels leaves the other\'s buffers alone', () => {
  // One chunk of 9,000 labels (three groups): the setter of index 2 runs while the first group is
  // stored, and formats other instants; the groups stored after it must still be the outer call's.
  const f = new Formatter({ style: 'feed_detail', locale: 'en_US', timeZone: 'America/New_York' });
  const ts = Array.from({ length: 9000 }, (_, i) => NOW - i * 7.3 * HOUR);
  const other = Array.from({ length: 5000 }, (_, i) => NOW - i * 61e3);
  const inner = [];
  let ran = false;
  Object.defineProperty(Array.prototype, 2, {
    configurable: true,
    get() { return undefined; },
    set(v) {
      if (ran) return; // the inner call's own label 2 comes here too
      ran = true;
      inner.push(f.formatMany(other, NOW).texts);
    },
  });
  const before = Formatter[Symbol.for('feeddate.chunkLabels')](10000);
  let texts;
  try {
    texts = f.formatMany(ts, NOW).texts;
  } finally {
    Formatter[Symbol.for('feeddate.chunkLabels')](before);
    delete Array.prototype[2];
  }
  assert.equal(inner.length, 1, 'the setter ran formatMany');
  const otherOne = other.map((t) => f.format(t, NOW));
  assert.equal(Object.hasOwn(inner[0], 2), false);
  inner[0][2] = otherOne[2];
  assert.deepEqual(inner[0], otherOne);
  const one = ts.map((t) => f.format(t, NOW));
  assert.equal(Object.hasOwn(texts, 2), false, 'label 2 went to the setter');
  texts[2] = one[2];
  assert.deepEqual(texts, one);
});
