'use strict';
// make bench-node: the per-label cost through the Node binding, FEED zh_CN,
// beside the direct C figures that build/bench_direct wrote just before, in
// another process (the same instants: see bench/bench_direct.c). Each figure
// is the fastest of 7 timed rounds after warm-up rounds, as in bench_direct.
// Then formatMany against fd_format_many in this same process (the addon's
// benchMany export, which times the library call alone, in chunks of 4,096 as
// formatMany makes them) on the mix and 400d sets of node_instants.js, 10,000
// instants, 21 alternating rounds, the median of the per-round ratios (issue
// 27 item 4: <= 1.3), for FEED zh_CN and, all ASCII, FEED en_GB.
//   node bench/bench_node.js C_JSON OUT_JSON
const fs = require('node:fs');
const path = require('node:path');
const feeddate = require(path.join(__dirname, '..', 'bindings', 'node'));
const { Formatter } = feeddate;
const { instantSet, median } = require('./node_instants.js');

const [cJson, outJson] = process.argv.slice(2);
const c = JSON.parse(fs.readFileSync(cJson, 'utf8'));
const NOW = 1711348200000;
const n = c.labels;
const ts = new Float64Array(n);
for (let i = 0; i < n; i++) {
  const r = (i * 2654435761) % 4294967296;
  const back = i % 10 < 7 ? r % (7 * 86400000) : (r * 1000) % (5 * 365 * 86400000);
  ts[i] = NOW - back;
}
const dates = Array.from(ts, (t) => new Date(t));
const plain = Array.from(ts);
const now = new Date(NOW);
const f = new Formatter({ style: 'feed', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
let sink = 0;

function bestNs(round) {
  for (let w = 0; w < 3; w++) round();
  let best = Infinity;
  for (let r = 0; r < 7; r++) {
    const t0 = process.hrtime.bigint();
    round();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / n);
  }
  return best;
}

function batches(list, size) {
  return () => {
    for (let i = 0; i < n; i += size) sink += f.formatMany(list.slice(i, i + size), NOW).texts.length;
  };
}

const rows = [
  ['format(number, number)', 'format_ns', () => { for (let i = 0; i < n; i++) sink += f.format(ts[i], NOW).length; }],
  ['format(Date, Date)', 'format_ns', () => { for (let i = 0; i < n; i++) sink += f.format(dates[i], now).length; }],
  ['label(number, number)', 'label_ns', () => { for (let i = 0; i < n; i++) sink += f.label(ts[i], NOW).text.length; }],
  ['formatMany(number[]) x50', 'many_50_ns', batches(plain, 50)],
  ['formatMany(Date[]) x50', 'many_50_ns', batches(dates, 50)],
  ['formatMany(Float64Array) x1000', 'many_1000_ns', batches(ts, 1000)],
];
console.log(`Node binding (N-API addon), FEED zh_CN, ${n} labels, fastest of 7 rounds`);
console.log(`${'call'.padEnd(32)} ${'Node'.padStart(10)} ${'C'.padStart(10)} ${'overhead'.padStart(10)}`);
const out = [];
for (const [name, key, round] of rows) {
  const node = bestNs(round);
  const direct = c[key];
  console.log(`${name.padEnd(32)} ${node.toFixed(0).padStart(7)} ns ${direct.toFixed(0).padStart(7)} ns ` +
    `${((node - direct >= 0 ? '+' : '') + (node - direct).toFixed(0)).padStart(7)} ns`);
  out.push({ call: name, node_ns: Number(node.toFixed(1)), c_ns: direct });
}

// formatMany against fd_format_many alone, same process, alternating rounds; FEED zh_CN, whose
// labels are not ASCII, and FEED en_GB, whose labels all are (ASCII strings are V8's cheapest):
// what zh_CN costs over C beyond what en_GB does is what being non-ASCII costs (issue 27 item 4).
const addon = require(feeddate.addonPath);
const LOCALES = [['zh_CN', 'Asia/Shanghai'], ['en_GB', 'Europe/London']];
const formatters = LOCALES.map(([locale, timeZone]) => new Formatter({ style: 'feed', locale, timeZone }));
const handles = LOCALES.map(([locale, timeZone]) => addon.create({ style: 0, locale, timeZone })); // FEED
const ROUNDS = 21;
const same = [];
console.log(`formatMany(Float64Array) of 10,000 against fd_format_many in this process, FEED, ${ROUNDS} alternating rounds`);
for (const set of ['mix', '400d']) {
  const xs = instantSet(set, 10000);
  const ascii = formatters.map((g) => g.formatMany(xs, NOW).texts.every((text) => /^[\x00-\x7f]*$/.test(text)));
  if (ascii[0] || !ascii[1]) throw new Error(`bench_node: expected zh_CN labels with non-ASCII and en_GB labels without (${ascii})`);
  const ours = (g) => {
    const t0 = process.hrtime.bigint();
    sink += g.formatMany(xs, NOW).texts.length;
    return Number(process.hrtime.bigint() - t0) / xs.length;
  };
  const direct = (hh) => addon.benchMany(hh, xs, NOW, 4096, false) / xs.length;
  const a = LOCALES.map(() => []);
  const b = LOCALES.map(() => []);
  for (let r = -5; r < ROUNDS; r++) {
    for (let k = 0; k < LOCALES.length; k++) {
      const x = ours(formatters[k]);
      const y = direct(handles[k]);
      if (r >= 0) a[k].push(x), b[k].push(y);
    }
  }
  const over = a.map((ak, k) => ak.map((x, i) => x - b[k][i])); // ns a label over C, per round
  for (let k = 0; k < LOCALES.length; k++) {
    const row = { set, locale: LOCALES[k][0], node_ns: Number(median(a[k]).toFixed(1)),
      c_ns: Number(median(b[k]).toFixed(1)), over_ns: Number(median(over[k]).toFixed(1)),
      ratio: Number(median(a[k].map((x, i) => x / b[k][i])).toFixed(3)) };
    same.push(row);
    console.log(`  ${set.padEnd(5)} ${row.locale} formatMany ${row.node_ns} ns a label, fd_format_many ${row.c_ns} ns: ` +
      `${row.ratio}x, +${row.over_ns} ns`);
  }
  const extra = median(over[0].map((x, i) => x - over[1][i]));
  same.push({ set, non_ascii_extra_ns: Number(extra.toFixed(1)) });
  console.log(`  ${set.padEnd(5)} zh_CN's cost over C beyond en_GB's (non-ASCII strings): ${extra.toFixed(1)} ns a label`);
}
handles.forEach((hh) => addon.close(hh));
fs.writeFileSync(outJson, JSON.stringify({ labels: n, rows: out, same_process: same, sink: sink > 0 }) + '\n');
