'use strict';
// make bench-peers-node: the Node binding against what a Node user would pick instead, Node's
// own Intl (issue 27 item 7, the bench-peers contract), on the mix and 400d instant sets
// (node_instants.js), in one process, in alternating rounds (ours, peer, ours, peer, ...): each
// row's ratio is the median of the per-round ratios ours / peer (< 1: feeddate is faster).
//   RELATIVE en_US and zh_CN  format(t, now) and formatMany(ts, now) against Intl.RelativeTimeFormat
//                             with the unit picked in plain JavaScript from the elapsed time
//   FEED zh_CN                format and formatMany against FEED written by hand over cached
//                             Intl.DateTimeFormat objects (checked equal on every instant first)
//   FEED zh_CN, C             formatMany against fd_format_many alone in the same process (the
//                             addon's benchMany export): not a peer, the target of issue 27 item 4
// node bench/bench_peers_node.js OUT_JSON   (BENCH_PEERS_QUICK=1: 3 rounds of 1,000 instants)
const fs = require('node:fs');
const path = require('node:path');
const { NOW, instantSet, median } = require('./node_instants.js');
const feeddate = require(path.join(__dirname, '..', 'bindings', 'node'));
const { Formatter } = feeddate;

const out = process.argv[2];
if (!out) {
  console.error('usage: node bench/bench_peers_node.js OUT_JSON');
  process.exit(2);
}
const QUICK = Boolean(process.env.BENCH_PEERS_QUICK);
const N = QUICK ? 1000 : 10000;
const ROUNDS = QUICK ? 3 : 21;
const WARMUP = QUICK ? 1 : 5;
let sink = 0;

// ---- the peers ----

// RELATIVE with Intl.RelativeTimeFormat, the unit picked the obvious way from the elapsed time:
// seconds under a minute, then minutes, hours, days under a week, weeks under 30 days, months of
// 30 days under 365 days, years of 365 days. feeddate counts calendar days, weeks and months in
// the formatter's zone and says "Just now" under a minute, so some labels differ.
function relativeByIntl(locale) {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  return (t, now) => {
    const s = Math.floor((now - t) / 1000);
    if (s < 60) return rtf.format(-s, 'second');
    if (s < 3600) return rtf.format(-Math.floor(s / 60), 'minute');
    if (s < 86400) return rtf.format(-Math.floor(s / 3600), 'hour');
    const days = Math.floor(s / 86400);
    if (days < 7) return rtf.format(-days, 'day');
    if (days < 30) return rtf.format(-Math.floor(days / 7), 'week');
    if (days < 365) return rtf.format(-Math.floor(days / 30), 'month');
    return rtf.format(-Math.floor(days / 365), 'year');
  };
}

// FEED zh_CN Asia/Shanghai by hand (instants in the past): today "14:30", yesterday "昨天", the day
// before "前天", this year "3月12日", before "2023年3月12日"; days counted at UTC+8 (Shanghai has had
// no DST since 1991), the text from Intl.DateTimeFormat objects made once.
function feedByIntl() {
  const zone = { timeZone: 'Asia/Shanghai' };
  const time = new Intl.DateTimeFormat('zh-CN', { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const monthDay = new Intl.DateTimeFormat('zh-CN', { ...zone, month: 'long', day: 'numeric' });
  const full = new Intl.DateTimeFormat('zh-CN', { ...zone, year: 'numeric', month: 'long', day: 'numeric' });
  const OFFSET = 8 * 3600e3;
  return (t, now) => {
    const days = Math.floor((now + OFFSET) / 86400e3) - Math.floor((t + OFFSET) / 86400e3);
    if (days <= 0) return time.format(t);
    if (days === 1) return '昨天';
    if (days === 2) return '前天';
    if (new Date(t + OFFSET).getUTCFullYear() === new Date(now + OFFSET).getUTCFullYear()) return monthDay.format(t);
    return full.format(t);
  };
}

// ---- timing ----

function loopOf(fn, ts) {
  return () => {
    for (let i = 0; i < ts.length; i++) sink += fn(ts[i], NOW).length;
  };
}

// ns per label of each side, rounds alternating; returns medians and the median per-round ratio.
function alternate(ours, peer, n) {
  for (let w = 0; w < WARMUP; w++) {
    ours();
    peer();
  }
  const a = [];
  const b = [];
  for (let r = 0; r < ROUNDS; r++) {
    let t0 = process.hrtime.bigint();
    ours();
    a.push(Number(process.hrtime.bigint() - t0) / n);
    t0 = process.hrtime.bigint();
    const c = peer();
    b.push((typeof c === 'number' ? c : Number(process.hrtime.bigint() - t0)) / n);
  }
  return { ours_ns: median(a), peer_ns: median(b), ratio: median(a.map((x, i) => x / b[i])) };
}

function sameCount(ourTexts, peerTexts) {
  let same = 0;
  for (let i = 0; i < ourTexts.length; i++) if (ourTexts[i] === peerTexts[i]) same++;
  return same;
}

const rows = [];
function row(fields, timing) {
  const r = {
    case: fields.case, set: fields.set, ours: fields.ours, peer: fields.peer,
    ours_ns: Number(timing.ours_ns.toFixed(1)), peer_ns: Number(timing.peer_ns.toFixed(1)),
    ratio: Number(timing.ratio.toFixed(3)), note: fields.note,
  };
  rows.push(r);
  console.log(`${`${r.case} [${r.set}]`.padEnd(44)} ${String(r.ours_ns).padStart(7)} ns ${String(r.peer_ns).padStart(7)} ns ` +
    `${r.ratio.toFixed(3).padStart(7)}  ${r.ours} vs ${r.peer}`);
}

// The handle of a formatter for the addon's benchMany: a formatter made by the addon itself.
const addon = require(feeddate.addonPath);
const STYLE_FEED = 0;

console.log(`Node ${process.version} (Intl: ICU ${process.versions.icu}; feeddate ${feeddate.version}, ` +
  `ICU ${feeddate.icuVersion}), ${N} instants a set, ${ROUNDS} alternating rounds, medians`);
console.log(`${'case [set]'.padEnd(44)} ${'ours'.padStart(10)} ${'peer'.padStart(10)} ${'ratio'.padStart(7)}`);

for (const set of ['mix', '400d']) {
  const ts = instantSet(set, N);
  const tsList = Array.from(ts);

  for (const [locale, zone, intlLocale] of [['en_US', 'America/New_York', 'en-US'], ['zh_CN', 'Asia/Shanghai', 'zh-CN']]) {
    const f = new Formatter({ style: 'relative', locale, timeZone: zone });
    const peer = relativeByIntl(intlLocale);
    const ours = f.formatMany(ts, NOW).texts;
    const same = sameCount(ours, tsList.map((t) => peer(t, NOW)));
    const single = ts.every((t, i) => f.format(t, NOW) === ours[i]);
    if (!single) throw new Error(`RELATIVE ${locale}: format and formatMany differ`);
    const note = `the same text on ${same} of ${N} instants: Intl.RelativeTimeFormat (numeric: always) with the unit ` +
      'picked from elapsed time (30-day months, 365-day years, seconds under a minute); feeddate counts calendar ' +
      `days, weeks and months in ${zone} and says "${f.format(NOW - 5000, NOW)}" under a minute`;
    row({ case: `RELATIVE ${locale}, single call`, set, ours: 'Formatter.format',
      peer: 'Intl.RelativeTimeFormat, unit picked in JS', note }, alternate(loopOf((t, now) => f.format(t, now), ts), loopOf(peer, ts), N));
    row({ case: `RELATIVE ${locale}, batch (per label)`, set, ours: 'Formatter.formatMany (one call for the set)',
      peer: 'Intl.RelativeTimeFormat, unit picked in JS (a loop)', note },
    alternate(() => { sink += f.formatMany(ts, NOW).texts.length; }, loopOf(peer, ts), N));
  }

  const f = new Formatter({ style: 'feed', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
  const peer = feedByIntl();
  const ours = f.formatMany(ts, NOW).texts;
  for (let i = 0; i < N; i++) {
    const p = peer(ts[i], NOW);
    if (p !== ours[i] || f.format(ts[i], NOW) !== ours[i]) {
      throw new Error(`FEED zh_CN: instant ${ts[i]}: feeddate "${ours[i]}", by hand with Intl "${p}"`);
    }
  }
  const note = `labels checked equal on every instant (${N}); Intl uses Node's ICU ${process.versions.icu}, ` +
    `feeddate its own ${feeddate.icuVersion}`;
  row({ case: 'FEED zh_CN, single call', set, ours: 'Formatter.format',
    peer: 'Intl.DateTimeFormat (cached), FEED written by hand', note },
  alternate(loopOf((t, now) => f.format(t, now), ts), loopOf(peer, ts), N));
  row({ case: 'FEED zh_CN, batch (per label)', set, ours: 'Formatter.formatMany (one call for the set)',
    peer: 'Intl.DateTimeFormat (cached), FEED written by hand (a loop)', note },
  alternate(() => { sink += f.formatMany(ts, NOW).texts.length; }, loopOf(peer, ts), N));

  const h = addon.create({ style: STYLE_FEED, locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
  row({ case: 'FEED zh_CN, batch (per label), against C', set, ours: 'Formatter.formatMany (one call for the set)',
    peer: 'fd_format_many alone, in chunks of 4,096 (the addon\'s benchMany)',
    note: 'not a peer: the binding against the C call it makes, same process (issue 27 item 4: <= 1.3)' },
  alternate(() => { sink += f.formatMany(ts, NOW).texts.length; }, () => addon.benchMany(h, ts, NOW, 4096, false), N));
  addon.close(h);
}

const result = {
  language: 'node',
  runtime: `node ${process.version} ${process.platform}/${process.arch} (V8 ${process.versions.v8}, ICU ${process.versions.icu})`,
  rounds: ROUNDS,
  instants: N,
  rows,
};
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`written: ${out}${sink > 0 ? '' : ' '}`);
