'use strict';
// The check of the npm package of `make npm` (tools/npm-build.sh on this machine, tools/npm-check.sh
// in a clean Debian 13 root with Debian's node): run from a project where `npm install
// ./feeddate-<version>.tgz` put the package in node_modules, with no FEEDDATE_NODE_ADDON and no
// LD_LIBRARY_PATH, `require('feeddate')` must load the package's prebuilt addon, which must find
// the libfeeddate.so.1 beside it (its run path $ORIGIN), with ICU 78.3 inside it (SPEC section 13:
// no ICU library travels with it, and no system ICU is used), and label as the vectors say.
//
//   node check.js --vectors DIR --package DIR
//
// --vectors: the folder of the vector files (Tests/vectors, ICU 78.3's: every .jsonl in it, not
// its subfolders); --package: where the package must be installed (node_modules/feeddate).
// Prints the labels of a few named cases, the count of vectors passed, and the feeddate and
// libicu files /proc/self/maps lists; exits 1 on any failure. Not part of the package.
const fs = require('node:fs');
const path = require('node:path');

let vectorsDir;
let packageDir;
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--vectors') vectorsDir = process.argv[++i];
  else if (a === '--package') packageDir = process.argv[++i];
  else throw new Error(`unknown argument ${a}`);
}
if (!vectorsDir || !packageDir) throw new Error('usage: node check.js --vectors DIR --package DIR');
packageDir = fs.realpathSync(packageDir);
const prebuilt = path.join(packageDir, 'prebuilds', `${process.platform}-${process.arch}`);

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok   ' : 'FAIL '}${what}`);
  if (!ok) failures++;
}

check(!process.env.FEEDDATE_NODE_ADDON && !process.env.LD_LIBRARY_PATH && !process.env.FEEDDATE_LIBRARY,
  'no FEEDDATE_NODE_ADDON, no LD_LIBRARY_PATH, no FEEDDATE_LIBRARY');
const t0 = process.hrtime.bigint();
const feeddate = require('feeddate');
const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
const { Formatter, version, icuVersion, addonPath } = feeddate;
const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
console.log(`     node ${process.version} (${process.execPath}), ICU of node itself ${process.versions.icu || 'none'}`);
console.log(`     feeddate ${version} on ICU ${icuVersion}; addon ${addonPath} (require took ${loadMs.toFixed(1)} ms)`);
check(require.resolve('feeddate') === path.join(packageDir, 'index.js'), `require('feeddate') is ${packageDir}`);
check(fs.realpathSync(addonPath) === path.join(prebuilt, 'feeddate.node'), `the addon is the prebuilt one of ${prebuilt}`);
check(version === pkg.version, `the library's version is the package's (${pkg.version})`);
check(icuVersion === '78.3', "ICU 78.3, inside the package's libfeeddate.so.1 (not a system ICU, not node's)");
check(feeddate.dataVersion().startsWith('ICU 78.3; CLDR 48.0; tzdata '), `data version ICU 78.3; CLDR 48.0 (${feeddate.dataVersion()})`);

// From Tests/vectors/core.jsonl (ICU 78.3): the last two are among the labels that ICU 72 wrote
// differently (10/22/2006, 23:30), so a system ICU 72 could not pass them.
const CASES = [
  ['chat_list', 'zh_CN', 'Asia/Shanghai', 1711249860000, 1711348200000, '昨天', 1711382400000, 'zh_CN: yesterday'],
  ['feed', 'zh_CN', 'Asia/Shanghai', 1711281600000, 1711348200000, '昨天', 1711382400000, 'zh_CN: yesterday'],
  ['feed', 'zh_CN', 'Asia/Shanghai', 1711152000000, 1711348200000, '前天', 1711382400000, 'zh_CN: two days ago'],
  ['chat_list', 'en_US', 'America/New_York', 1711379460000, 1711391400000, '11:11\u202fAM', 1711425600000,
    'en_US: today -> time'],
  ['chat_list', 'en_CA', 'America/St_Johns', 1161527400000, 1162089030000, '2006-10-22', 1162089060000,
    "St. John's numeric date (ICU 72 wrote 10/22/2006)"],
  ['chat_list', 'es_MX', 'America/Mexico_City', 1719811800000, 1719813540000, '11:30\u202fp.m.', 1719813600000,
    'Mexico City 12-hour time (ICU 72 wrote 23:30)'],
];
for (const [style, locale, timeZone, t, now, text, next, note] of CASES) {
  const f = new Formatter({ style, locale, timeZone });
  const l = f.label(t, now);
  const ok = l.text === text && l.nextChangeMs === next;
  check(ok, `${style} ${locale} ${timeZone} t=${new Date(t).toISOString()} now=${new Date(now).toISOString()}: ` +
    `${JSON.stringify(l.text)}, next change ${l.nextChange && l.nextChange.toISOString()}` +
    `${ok ? '' : `; expected ${JSON.stringify(text)}, ${new Date(next).toISOString()}`} (${note}; ${f.tzSource})`);
  f.close();
}

// Every vector of the files, as bindings/node/test/vectors.test.js runs them.
const OPTION_NAMES = {
  locale: 'locale', tz: 'timeZone', hour_cycle: 'hourCycle', width: 'width', recent_relative: 'recentRelative',
  just_now_ms: 'justNowMs', skew_tolerance_ms: 'skewToleranceMs', cross_year_grace_days: 'crossYearGraceDays',
  weekday_window_days: 'weekdayWindowDays', precision: 'precision', countdown_days: 'countdownDays',
  plain_spaces: 'plainSpaces', spoken: 'spoken', overtime: 'overtime', max_unit: 'maxUnit',
  just_now_text: 'justNowText', yesterday_text: 'yesterdayText', day_before_yesterday_text: 'dayBeforeYesterdayText',
  tomorrow_text: 'tomorrowText',
};
const utf16 = (text, [a, b]) => {
  const buf = Buffer.from(text, 'utf8');
  return [buf.subarray(0, a).toString('utf8').length, buf.subarray(0, b).toString('utf8').length];
};
const files = fs.readdirSync(vectorsDir).filter((f) => f.endsWith('.jsonl')).sort();
let total = 0;
let bad = 0;
const formatters = new Map();
for (const file of files) {
  const lines = fs.readFileSync(path.join(vectorsDir, file), 'utf8').split('\n');
  let n = 0;
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const v = JSON.parse(line);
    const o = { style: v.style };
    for (const [k, value] of Object.entries(v.options)) o[OPTION_NAMES[k] || k] = value;
    const key = JSON.stringify(o);
    let why = '';
    try {
      if (!formatters.has(key)) formatters.set(key, new Formatter(o));
      const l = formatters.get(key).label(v.t_ms, v.now_ms);
      if (l.text !== v.text) why = `text ${JSON.stringify(l.text)}, expected ${JSON.stringify(v.text)}`;
      else if (l.nextChangeMs !== v.next_change_ms) why = `next change ${l.nextChangeMs}, expected ${v.next_change_ms}`;
      else if (JSON.stringify(l.dayRange) !== JSON.stringify(utf16(v.text, v.day_part))) why = 'day part';
      else if (JSON.stringify(l.timeRange) !== JSON.stringify(utf16(v.text, v.time_part))) why = 'time part';
      else if (l.expired !== v.expired) why = 'expired';
    } catch (e) {
      why = `${e.code || e.name}: ${e.message}`;
    }
    n++;
    if (why) {
      bad++;
      if (bad <= 10) console.log(`FAIL ${file}:${i + 1} [${v.style} ${JSON.stringify(v.options)}] ${why}`);
    }
  });
  total += n;
  console.log(`     ${file}: ${n} vectors`);
}
for (const f of formatters.values()) f.close();
check(total > 0 && bad === 0, `${total - bad} of ${total} vectors of ${vectorsDir} (${files.length} files) label right` +
  `${bad > 10 ? ` (${bad - 10} more failures not shown)` : ''}`);

// Every feeddate and libicu file this process has mapped. Node itself may map an ICU of its own
// (Debian's nodejs links the system's, ICU 76): that one is shown, and must be node's (the major
// of process.versions.icu); the package brings none (ICU 78.3 is inside its libfeeddate.so.1).
const mapped = new Set();
for (const line of fs.readFileSync('/proc/self/maps', 'utf8').split('\n')) {
  const f = line.trim().split(/\s+/);
  if (f.length >= 6 && /\/(lib(feeddate|icu)[^/]*|feeddate\.node)$/.test(f[5])) mapped.add(f.slice(5).join(' '));
}
const list = [...mapped].sort();
for (const m of list) console.log(`     mapped: ${m}${path.dirname(m) === prebuilt ? '' : "  (not the package's)"}`);
const ours = list.filter((m) => path.dirname(m) === prebuilt).map((m) => path.basename(m));
const others = list.filter((m) => path.dirname(m) !== prebuilt);
check(ours.includes('feeddate.node') && ours.includes('libfeeddate.so.1'),
  `/proc/self/maps: the addon and libfeeddate.so.1 from ${prebuilt}`);
check(ours.length === 2, `/proc/self/maps: nothing else of ${prebuilt}, no ICU of the package's (${ours.length} files)`);
const nodeIcu = (process.versions.icu || '').split('.')[0];
const otherIcu = others.filter((m) => /^libicu/.test(path.basename(m)));
check(!others.some((m) => /feeddate/.test(path.basename(m))) &&
  otherIcu.every((m) => nodeIcu && new RegExp(`\\.so\\.${nodeIcu}(\\.|$)`).test(m)),
  `/proc/self/maps: no other libfeeddate, no libicu but node's own ICU ${process.versions.icu || '(none)'}` +
  `${otherIcu.length ? ` (${otherIcu.map((m) => path.basename(m)).join(', ')})` : ''}`);
// LD_LIBRARY_PATH naming a folder with another libfeeddate.so.1 (here a file that is no library
// at all, so that loading it would fail): the addon's DT_RPATH $ORIGIN comes first, and a child
// process still maps the package's own and labels.
{
  const { execFileSync } = require('node:child_process');
  const os = require('node:os');
  const decoy = fs.mkdtempSync(path.join(os.tmpdir(), 'feeddate-decoy-'));
  fs.writeFileSync(path.join(decoy, 'libfeeddate.so.1'), 'not a library\n');
  const child = `const f = require('feeddate'); const fs = require('node:fs');
    const t = new f.Formatter({ style: 'feed', locale: 'zh_CN', timeZone: 'Asia/Shanghai' }).format(1711281600000, 1711348200000);
    const m = fs.readFileSync('/proc/self/maps', 'utf8').split('\\n').map((l) => l.trim().split(/\\s+/).slice(5).join(' '))
      .filter((p) => /libfeeddate/.test(p));
    console.log(JSON.stringify({ t, m: [...new Set(m)] }));`;
  let got;
  try {
    got = JSON.parse(execFileSync(process.execPath, ['-e', child],
      { env: { ...process.env, LD_LIBRARY_PATH: decoy }, cwd: process.cwd(), encoding: 'utf8' }).trim());
  } catch (e) {
    got = { error: e.message };
  }
  fs.rmSync(decoy, { recursive: true, force: true });
  check(got.t === '昨天' && got.m && got.m.length === 1 && path.dirname(got.m[0]) === prebuilt,
    `LD_LIBRARY_PATH=${decoy} (another libfeeddate.so.1): the package still maps its own and labels ` +
    `(${JSON.stringify(got)})`);
}
console.log(failures === 0 ? 'package-check: passed' : `package-check: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
