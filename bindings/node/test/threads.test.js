'use strict';
// worker_threads: each worker loads the addon and creates its own formatter
// (the library shares its ICU data between them); every worker's labels and
// schedules equal the main thread's, and errors raised at once in every
// worker carry their own worker's message.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { Worker } = require('node:worker_threads');
const path = require('node:path');
const { Formatter } = require('..');

const WORKERS = 4;
const LABELS = 20000;
const NOW = 1711348200000;
const STYLES = ['feed', 'chat_bubble', 'relative', 'countdown'];

function instants() {
  const ts = new Float64Array(LABELS);
  for (let i = 0; i < LABELS; i++) {
    const r = (i * 2654435761) % 4294967296;
    ts[i] = NOW - (r * 1000) % (5 * 365 * 86400000) + (i % 3 === 0 ? 86400000 : 0);
  }
  return ts;
}

function labelsOf(f, ts) {
  return Array.from(ts, (t) => {
    const l = f.label(t, NOW);
    return `${l.text}|${l.nextChangeMs}|${l.dayRange}|${l.timeRange}|${l.expired}`;
  });
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { Formatter } = require(workerData.index);
const { style, ts, now, id } = workerData;
const f = new Formatter({ style, locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
const labels = Array.from(ts, (t) => {
  const l = f.label(t, now);
  return l.text + '|' + l.nextChangeMs + '|' + l.dayRange + '|' + l.timeRange + '|' + l.expired;
});
const many = f.formatMany(ts, now);
const schedules = Array.from(ts.subarray(0, 200), (t) => f.schedule(t, now, { horizon: 7 * 86400000 }).json);
let badErrors = 0;
for (let i = 0; i < 300; i++) {
  const zone = 'No/Zone_' + id + '_' + i;
  try { new Formatter({ style: 'feed', locale: 'en', timeZone: zone }); badErrors++; }
  catch (e) { if (e.status !== 3 || !e.message.includes('"' + zone + '"')) badErrors++; }
}
parentPort.postMessage({ labels, texts: many.texts, next: many.nextChangeMs, schedules, badErrors });
`;

function runWorker(data) {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: data });
    w.once('message', resolve);
    w.once('error', reject);
    w.once('exit', (code) => { if (code !== 0) reject(new Error(`worker exited with ${code}`)); });
  });
}

for (const style of STYLES) {
  test(`${WORKERS} workers label like one thread: ${style}`, async () => {
    const ts = instants();
    const f = new Formatter({ style, locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
    const one = labelsOf(f, ts);
    const many = f.formatMany(ts, NOW);
    const schedules = Array.from(ts.subarray(0, 200), (t) => f.schedule(t, NOW, { horizon: 7 * 86400000 }).json);
    const index = path.join(__dirname, '..', 'index.js');
    const results = await Promise.all(Array.from({ length: WORKERS },
      (_, id) => runWorker({ style, ts, now: NOW, id, index })));
    for (const r of results) {
      assert.deepEqual(r.labels, one);
      assert.deepEqual(r.texts, many.texts);
      assert.equal(r.next, many.nextChangeMs);
      assert.deepEqual(r.schedules, schedules, 'schedules');
      assert.equal(r.badErrors, 0, 'each worker error names its own zone');
    }
  });
}
