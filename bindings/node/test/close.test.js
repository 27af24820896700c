'use strict';
// Closing never crashes (SPEC 10, 1.2): close() and the garbage collector against calls, calls
// that close their own formatter while converting their arguments (a Date's getTime, an element
// getter, a length getter), a setter on Array.prototype that runs while formatMany stores its
// labels, re-entrant calls, and workers terminated while they format. Later calls get the
// "closed" error (code ERR_FEEDDATE_CLOSED). The GC and worker cases run in a process of their
// own, so that a crash fails the test instead of killing the runner.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { Formatter } = require('..');

const NOW = 1711348200000;
const CHUNK = Symbol.for('feeddate.chunkLabels');
const INDEX = path.join(__dirname, '..', 'index.js');
const en = () => new Formatter({ style: 'relative', locale: 'en_US', timeZone: 'UTC' });
const isClosed = (e) => e instanceof Error && e.code === 'ERR_FEEDDATE_CLOSED' && /closed/.test(e.message);

function withChunk(n, fn) {
  const before = Formatter[CHUNK](n);
  try {
    return fn();
  } finally {
    Formatter[CHUNK](before);
  }
}

function assertClosed(f) {
  assert.throws(() => f.format(NOW, NOW), isClosed);
  assert.throws(() => f.label(NOW, NOW), isClosed);
  assert.throws(() => f.formatMany([NOW], NOW), isClosed);
  assert.throws(() => f.formatMany([], NOW), isClosed);
  assert.throws(() => f.schedule(NOW, NOW), isClosed);
  f.close(); // again: nothing
}

test('close() in a valueOf or toString of t: an object is not an instant, and is never converted', () => {
  const f = en();
  let called = 0;
  const t = { valueOf() { called++; f.close(); return NOW; }, toString() { called++; f.close(); return String(NOW); } };
  assert.throws(() => f.format(t, NOW), (e) => e instanceof TypeError && e.status === 1);
  assert.throws(() => f.label(NOW, t), (e) => e instanceof TypeError && e.status === 1);
  assert.throws(() => f.formatMany([NOW, t], NOW), (e) => e instanceof TypeError && /ts\[1\]/.test(e.message));
  const d = new Date(NOW - 5 * 60e3);
  for (const key of ['valueOf', 'toString', Symbol.toPrimitive]) {
    Object.defineProperty(d, key, { value: t.valueOf, configurable: true });
  }
  assert.equal(f.format(d, NOW), '5 minutes ago');
  assert.deepEqual(f.formatMany([d, d], d).texts, ['Just now', 'Just now']);
  assert.equal(called, 0, 'valueOf, toString and Symbol.toPrimitive are never called');
  assert.equal(f.format(NOW - 60e3, NOW), '1 minute ago');
});

test('close() in the getTime of a Date argument: the call and every later one get "closed"', () => {
  const calls = {
    format: (f, t, now) => f.format(t, now),
    label: (f, t, now) => f.label(t, now),
    formatMany: (f, t, now) => f.formatMany([NOW - 1, t, NOW - 2], now),
    schedule: (f, t, now) => f.schedule(t, now, { horizon: 3600e3 }),
  };
  for (const [name, call] of Object.entries(calls)) {
    for (const which of ['t', 'now', 'subclass']) {
      const f = en();
      let d = new Date(NOW);
      if (which === 'subclass') {
        d = new (class extends Date { getTime() { f.close(); return super.getTime(); } })(NOW);
      } else {
        d.getTime = () => { f.close(); return NOW; };
      }
      const [t, now] = which === 'now' ? [NOW - 1000, d] : [d, NOW];
      assert.throws(() => call(f, t, now), isClosed, `${name}, close in the getTime of ${which}`);
      assertClosed(f);
    }
  }
});

test('close() in a getter of schedule\'s options, or in a proxy\'s traps: "closed", never a use after free', () => {
  const getters = {
    horizon: (f) => ({ get horizon() { f.close(); return 3600e3; } }),
    maxEntries: (f) => ({ horizon: 3600e3, get maxEntries() { f.close(); return 10; } }),
    'an inherited horizon': (f) => Object.create({ get horizon() { f.close(); return 0; } }),
    'a proxy\'s ownKeys': (f) => new Proxy({ maxEntries: 5 }, { ownKeys(target) { f.close(); return Reflect.ownKeys(target); } }),
    'a proxy\'s get': (f) => new Proxy({}, { get() { f.close(); return undefined; } }),
  };
  for (const [name, make] of Object.entries(getters)) {
    const f = en();
    assert.throws(() => f.schedule(NOW - 3600e3, NOW, make(f)), isClosed, name);
    assertClosed(f);
  }
  // A getter that closes another formatter: this one is not concerned.
  const f = en();
  const g = en();
  const s = f.schedule(NOW - 3600e3, NOW, { get maxEntries() { g.close(); return 2; } });
  assert.deepEqual(s.entries.map((e) => e.text), ['1 hour ago', '2 hours ago']);
  assertClosed(g);
});

test('a setter of Array.prototype that closes or uses the formatter while schedule stores its entries', () => {
  // The entries are stored through JavaScript once the addon has given the formatter back: the
  // schedule in flight finishes, the close takes effect at the next call, and until is the
  // schedule's own even when the setter made calls of its own (label, another schedule).
  const f = en();
  let inner; // not an array: the setter below is every array's
  let ran = 0;
  Object.defineProperty(Array.prototype, 2, {
    configurable: true,
    get() { return undefined; },
    set(v) {
      ran++;
      inner = `${v.text}|${f.label(NOW - 60e3, NOW).nextChangeMs}|${f.schedule(NOW - 1000, NOW, { maxEntries: 1 }).until.getTime()}`;
      f.close();
    },
  });
  let s;
  try {
    s = f.schedule(NOW - 3600e3, NOW, { maxEntries: 4 });
  } finally {
    delete Array.prototype[2];
  }
  assert.equal(ran, 1);
  assert.equal(inner, `3 hours ago|${NOW + 60e3}|${NOW + 59e3}`);
  assert.deepEqual(Array.from(s.entries, (e) => e && e.text), ['1 hour ago', '2 hours ago', undefined, '4 hours ago']);
  assert.equal(Object.hasOwn(s.entries, 2), false, 'entry 2 went to the setter');
  assert.equal(s.until.getTime(), NOW + 4 * 3600e3, 'the schedule\'s until, written after the setter ran');
  assertClosed(f);
});

test('close() from an element or length getter in the middle of a batch, at every chunk size', () => {
  for (const chunk of [1, 7, 1000, 4096]) {
    withChunk(chunk, () => {
      for (const at of [0, 6, 7, 13, 19]) {
        const f = en();
        const ts = Array.from({ length: 20 }, (_, i) => NOW - i * 60e3);
        Object.defineProperty(ts, at, { get() { f.close(); return NOW; } });
        assert.throws(() => f.formatMany(ts, NOW), isClosed, `chunk ${chunk}, getter at ${at}`);
        assertClosed(f);
        const g = en();
        const proxy = new Proxy(Array.from({ length: 20 }, () => NOW), {
          get(target, key) { if (key === String(at)) g.close(); return Reflect.get(target, key); },
        });
        assert.throws(() => g.formatMany(proxy, NOW), isClosed, `chunk ${chunk}, proxy at ${at}`);
      }
      const f = en();
      const like = { 0: NOW, 1: NOW, 2: NOW, get length() { f.close(); return 3; } };
      assert.throws(() => f.formatMany(like, NOW), isClosed);
    });
  }
});

test('a setter of Array.prototype that closes the formatter while formatMany stores its labels', () => {
  // The labels are stored through JavaScript, which can run such a setter: the addon has given the
  // formatter back by then, so the close takes effect at the next chunk (or the next call).
  for (const chunk of [1, 2, 4096]) {
    const f = en();
    const ts = [NOW - 1e3, NOW - 2e3, NOW - 3e3, NOW - 4e3, NOW - 5e3].map((t) => t - 3600e3);
    let ran = 0;
    Object.defineProperty(Array.prototype, 2, {
      configurable: true,
      get() { return undefined; },
      set(v) { ran++; f.close(); },
    });
    try {
      const r = withChunk(chunk, () => {
        try {
          return f.formatMany(ts, NOW);
        } catch (e) {
          return e;
        }
      });
      assert.equal(ran, 1);
      if (chunk === 4096) {
        assert.deepEqual(r.texts.slice(0, 2), ['1 hour ago', '1 hour ago'], 'the chunk in flight finishes');
        assert.equal(Object.hasOwn(r.texts, 2), false, 'label 2 went to the setter');
      } else {
        assert.ok(isClosed(r), `chunk ${chunk}: the next chunk is refused`);
      }
    } finally {
      delete Array.prototype[2];
    }
    assertClosed(f);
  }
});

test('calls made from inside a call (re-entrant, same formatter) get their own buffers', () => {
  for (const chunk of [1, 3, 4096]) {
    withChunk(chunk, () => {
      const f = en();
      const inner = [];
      const t = new Date(NOW - 5000);
      t.getTime = () => {
        inner.push(f.format(NOW - 3600e3, NOW), f.formatMany([NOW - 7200e3, NOW - 3 * 86400e3], NOW).texts.join('|'),
          f.label(NOW - 120e3, NOW).text);
        return NOW - 5 * 60e3;
      };
      const b = f.formatMany([NOW - 60e3, t, NOW - 22 * 86400e3, t], NOW);
      assert.deepEqual(b.texts, ['1 minute ago', '5 minutes ago', '3 weeks ago', '5 minutes ago']);
      assert.deepEqual(inner, ['1 hour ago', '2 hours ago|3 days ago', '2 minutes ago',
        '1 hour ago', '2 hours ago|3 days ago', '2 minutes ago']);
    });
  }
});

function runNode(args, script, env = {}) {
  const r = spawnSync(process.execPath, [...args, '-e', script], {
    encoding: 'utf8', timeout: 120000, env: { ...process.env, ...env },
  });
  assert.equal(r.signal, null, `killed by ${r.signal}: ${r.stderr}`);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('close() and the garbage collector racing with calls (a process with --expose-gc)', () => {
  const out = runNode(['--expose-gc'], `
    const { Formatter } = require(${JSON.stringify(INDEX)});
    const NOW = ${NOW};
    const CHUNK = Symbol.for('feeddate.chunkLabels');
    Formatter[CHUNK](3);
    let kept = [], ok = 0, closed = 0;
    for (let i = 0; i < 240; i++) {
      const f = new Formatter({ style: ['feed', 'relative', 'countdown'][i % 3], locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
      const d = new Date(NOW - i * 1000);
      if (i % 4 === 1) d.getTime = () => { f.close(); gc(); return NOW; };
      if (i % 4 === 2) d.getTime = () => { f.close(); f.close(); return NOW; };
      try { f.formatMany([NOW, NOW - 1, d, NOW - 2, NOW - 3], NOW); f.label(d, NOW); f.schedule(d, NOW); ok++; }
      catch (e) { if (e.code !== 'ERR_FEEDDATE_CLOSED') throw e; closed++; }
      if (i % 5 === 0) f.close();
      if (i % 3 === 0) kept.push(f); // closed or not, collected later
      if (i % 50 === 0) { kept = []; gc(); }
    }
    kept = [];
    gc(); gc();
    setImmediate(() => { gc(); console.log('ok', ok, closed); });
  `);
  assert.match(out, /^ok \d+ \d+/);
  const [, ok, closed] = out.trim().split(' ').map(Number);
  assert.ok(ok > 0 && closed > 0, out);
});

test('workers terminated while they format, close and collect; the process goes on', () => {
  const out = runNode(['--expose-gc'], `
    const { Worker } = require('node:worker_threads');
    const WORKER = \`
      const { Formatter } = require(${JSON.stringify(INDEX)});
      const { parentPort } = require('node:worker_threads');
      const NOW = ${NOW};
      Formatter[Symbol.for('feeddate.chunkLabels')](64);
      const ts = new Float64Array(20000).map((_, i) => NOW - i * 37000);
      parentPort.postMessage('up');
      for (let i = 0; ; i++) {
        const f = new Formatter({ style: 'chat_bubble', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
        f.formatMany(ts, NOW);
        f.format(NOW - i, NOW);
        if (i % 2) f.close();
        if (i % 7 === 0) gc();
      }
    \`;
    const NOW = ${NOW};
    (async () => {
      for (let round = 0; round < 5; round++) {
        const ws = Array.from({ length: 2 }, () => new Worker(WORKER, { eval: true }));
        await Promise.all(ws.map((w) => new Promise((res) => w.once('message', res))));
        await new Promise((res) => setTimeout(res, 5 + round * 7));
        await Promise.all(ws.map((w) => w.terminate()));
      }
      const { Formatter } = require(${JSON.stringify(INDEX)});
      const f = new Formatter({ style: 'feed', locale: 'en_US', timeZone: 'UTC' });
      gc();
      console.log('ok', f.format(NOW - 86400e3, NOW));
    })().catch((e) => { console.error(e); process.exit(1); });
  `);
  assert.equal(out.trim(), 'ok Yesterday');
});
