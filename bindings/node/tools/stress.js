'use strict';
// make stress-node: one formatMany of N instants (default 100,000,000), reporting the peak RSS
// the call added against the size of its result (SPEC 10, 1.2: peak memory <= 1.25x the result).
//   node --expose-gc --max-old-space-size=MB tools/stress.js [N] [style] [locale]
// The input is a Float64Array (8 bytes an instant, made before the measure starts); the result
// is the array of N strings, measured as the JavaScript heap it holds after a full collection.
// Peak: the process's maximum resident set (getrusage) during the call, less the resident set
// just before it. Also run: the same batch with a heap too small for it must be a RangeError
// (FD_ERR_MEMORY), not an abort (stress.js --small N, in a process of its own).
const path = require('node:path');
const { Formatter } = require(path.join(__dirname, '..'));

const args = process.argv.slice(2);
const small = args[0] === '--small';
if (small) args.shift();
const n = Number(args[0] || 100_000_000);
const style = args[1] || 'feed';
const locale = args[2] || 'zh_CN';
if (typeof global.gc !== 'function') throw new Error('run with node --expose-gc');

const NOW = 1711348200000;
const MiB = (b) => `${(b / 1048576).toFixed(0)} MiB`;
const ts = new Float64Array(n);
for (let i = 0; i < n; i++) {
  const r = (i * 2654435761) % 4294967296;
  ts[i] = NOW - (i % 10 < 7 ? r % (7 * 86400000) : (r * 1000) % (5 * 365 * 86400000));
}
const f = new Formatter({ style, locale, timeZone: 'Asia/Shanghai' });
f.formatMany(ts.subarray(0, 1000), NOW); // ICU data loaded before the measure
global.gc();
global.gc();
const heap0 = process.memoryUsage().heapUsed;
const rss0 = process.memoryUsage().rss;
const max0 = process.resourceUsage().maxRSS * 1024;
const t0 = process.hrtime.bigint();
let batch;
try {
  batch = f.formatMany(ts, NOW);
} catch (e) {
  console.log(`formatMany(${n}) threw ${e.constructor.name} status=${e.status} code=${e.code} after ` +
    `${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1)} s: ${e.message}`);
  process.exit(small && e instanceof RangeError && e.status === 7 ? 0 : 1);
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
if (small) {
  console.log(`formatMany(${n}) returned with a heap too small for it`);
  process.exit(1);
}
const peak = process.resourceUsage().maxRSS * 1024;
global.gc();
global.gc();
const result = process.memoryUsage().heapUsed - heap0;
const added = peak - Math.max(rss0, 0);
let chars = 0;
for (let i = 0; i < batch.texts.length; i++) chars += batch.texts[i].length;
console.log(`formatMany of ${n} instants (${style} ${locale}): ${seconds.toFixed(1)} s, ` +
  `${(seconds * 1e9 / n).toFixed(0)} ns a label; ${chars} UTF-16 units of text`);
console.log(`result (JavaScript heap held by the ${batch.texts.length} strings and their array): ${MiB(result)}`);
console.log(`peak RSS added by the call: ${MiB(added)} (RSS before ${MiB(rss0)}, peak ${MiB(peak)}` +
  `${max0 > rss0 ? `; the input was made at a peak of ${MiB(max0)}` : ''})`);
console.log(`peak / result = ${(added / result).toFixed(3)} (bound: 1.25)`);
console.log(`earliest next change: ${batch.nextChange && batch.nextChange.toISOString()}`);
process.exit(added <= 1.25 * result ? 0 : 1);
