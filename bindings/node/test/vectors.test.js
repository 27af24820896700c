'use strict';
// Every vector of the shared files through the binding: one test per vector
// (label and format: text, next change, parts, expired), then per group of
// identical options and now, formatMany against the labels and their
// earliest next change. Files: FEEDDATE_VECTORS (":"-separated) when set;
// else every file of Tests/vectors (SPEC 10 and 13, ./vectors.js).
const { describe, it, test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { Formatter, dataVersion } = require('..');
const { vectorFiles, optionsOf, formatterFor } = require('./vectors');

// The UTF-16 range of a [start, end) byte range of text's UTF-8.
function utf16Range(text, [start, end]) {
  const b = Buffer.from(text, 'utf8');
  return [b.subarray(0, start).toString('utf8').length, b.subarray(0, end).toString('utf8').length];
}

for (const file of vectorFiles('', 'FEEDDATE_VECTORS')) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  describe(path.basename(file), () => {
    const labelled = [];
    lines.forEach((line, n) => {
      if (!line.trim()) return;
      const v = JSON.parse(line);
      const where = `${path.basename(file)}:${n + 1} [${v.style} ${JSON.stringify(v.options)} t=${v.t_ms} ` +
        `now=${v.now_ms}] ${v.note || ''}`;
      it(where, () => {
        const o = optionsOf(v);
        const f = formatterFor(o);
        const l = f.label(v.t_ms, v.now_ms);
        assert.equal(l.text, v.text, 'text');
        assert.equal(f.format(new Date(v.t_ms), new Date(v.now_ms)), v.text, 'format');
        assert.equal(l.nextChangeMs, v.next_change_ms, 'next_change_ms');
        assert.equal(l.nextChange === null ? null : l.nextChange.getTime(), v.next_change_ms, 'nextChange');
        assert.deepEqual(l.dayRange, utf16Range(v.text, v.day_part), 'day_part');
        assert.deepEqual(l.timeRange, utf16Range(v.text, v.time_part), 'time_part');
        assert.equal(l.dayPart, Buffer.from(v.text).subarray(...v.day_part).toString(), 'day part text');
        assert.equal(l.timePart, Buffer.from(v.text).subarray(...v.time_part).toString(), 'time part text');
        assert.equal(l.expired, v.expired, 'expired');
        labelled.push({ v, o, l, where });
      });
    });
    it('formatMany per group of identical options and now', () => {
      const groups = new Map();
      for (const x of labelled) {
        const key = `${JSON.stringify(x.o)}|${x.v.now_ms}`;
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(x);
      }
      assert.ok(groups.size > 0, 'no vector was labelled');
      for (const g of groups.values()) {
        const f = formatterFor(g[0].o);
        const batch = f.formatMany(g.map((x) => x.v.t_ms), g[0].v.now_ms);
        const nexts = g.map((x) => x.l.nextChangeMs).filter((x) => x !== null);
        assert.deepEqual(batch.texts, g.map((x) => x.l.text), g[0].where);
        assert.equal(batch.nextChangeMs, nexts.length ? Math.min(...nexts) : null, `${g[0].where}: earliest next change`);
      }
    });
  });
}

// One set for every host since 1.3 (SPEC 13): every .jsonl of Tests/vectors, sorted by name, unless
// FEEDDATE_VECTORS names the files; what the labels came from is the library's data version.
test('vector files: Tests/vectors/*.jsonl sorted, or FEEDDATE_VECTORS', (t) => {
  const root = process.env.FEEDDATE_VECTORS_DIR || path.join(__dirname, '..', '..', '..', 'Tests', 'vectors');
  const saved = process.env.FEEDDATE_VECTORS;
  try {
    delete process.env.FEEDDATE_VECTORS;
    const files = vectorFiles('', 'FEEDDATE_VECTORS');
    const jsonl = fs.readdirSync(root).filter((f) => f.endsWith('.jsonl'));
    assert.ok(jsonl.includes('core.jsonl'));
    assert.deepEqual(files, jsonl.sort().map((f) => path.join(root, f)));
    assert.deepEqual(fs.readdirSync(root).filter((f) => /^icu\d/.test(f)), [], 'no per-ICU folder');
    process.env.FEEDDATE_VECTORS = `${root}/b.jsonl:a.jsonl`;
    assert.deepEqual(vectorFiles('', 'FEEDDATE_VECTORS'), [path.resolve(root, 'b.jsonl'), path.resolve('a.jsonl')]);
  } finally {
    if (saved === undefined) delete process.env.FEEDDATE_VECTORS;
    else process.env.FEEDDATE_VECTORS = saved;
  }
  t.diagnostic(`vectors: ${dataVersion()}, ${vectorFiles('', 'FEEDDATE_VECTORS').join(' ')}`);
});
