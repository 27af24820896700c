'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const feeddate = require('..');
const { Formatter } = feeddate;

const NOW = new Date('2024-03-25T06:30:00Z'); // 14:30 in Shanghai

test('versions', () => {
  const expected = process.env.FEEDDATE_EXPECTED_VERSION;
  if (expected) assert.equal(feeddate.version, expected);
  assert.equal(require('../package.json').version, feeddate.version);
  const [a, b, c] = feeddate.version.split('.').map(Number);
  assert.equal(feeddate.versionNumber, a * 10000 + b * 100 + c);
  assert.match(feeddate.icuVersion, /^\d+\.\d+/);
  assert.match(feeddate.addonPath, /feeddate\.node$/);
});

// SPEC 13 (1.3): ICU 78.3 and CLDR 48 inside the library, and the zone database's tzdata version,
// as fd_data_version writes it (the binding adds nothing: the ICU is icuVersion's, fd_icu_version).
test('dataVersion', () => {
  assert.equal(typeof feeddate.dataVersion, 'function');
  const v = feeddate.dataVersion();
  assert.match(v, /^ICU 78\.3; CLDR 48\.0; tzdata \S+$/);
  assert.ok(v.startsWith(`ICU ${feeddate.icuVersion}; `), v);
  assert.equal(feeddate.dataVersion(), v);
  const f = new Formatter({ style: 'feed', locale: 'en_US', timeZone: 'America/New_York' });
  assert.ok(v.endsWith(`; ${f.tzSource}`), `${v} / ${f.tzSource}`);
});

test('resolved ids', () => {
  const f = new Formatter({ style: 'feed', locale: 'zh-Hans-CN', timeZone: 'Asia/Shanghai' });
  assert.match(f.locale, /^zh/);
  assert.equal(f.timeZone, 'Asia/Shanghai');
  assert.match(f.tzSource, /^tzdata \S+$/, 'a named zone: the system\'s database, never ICU\'s own rules');
  assert.equal(f.options.style, 'feed');
  assert.throws(() => { f.options.style = 'x'; }, TypeError);
});

test('label, parts, Date and number instants', () => {
  const f = new Formatter({ style: 'chatBubble', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
  const t = new Date('2024-03-24T03:11:00Z');
  const l = f.label(t, NOW);
  assert.deepEqual(l, {
    text: '昨天 11:11', nextChange: new Date('2024-03-25T16:00:00Z'), nextChangeMs: Date.parse('2024-03-25T16:00:00Z'),
    dayPart: '昨天', timePart: '11:11', dayRange: [0, 2], timeRange: [3, 8], expired: false,
  });
  assert.equal(f.format(t.getTime(), NOW.getTime()), l.text);
  assert.equal(f.format(BigInt(t.getTime()), NOW), l.text);
  assert.equal(f.format(t.getTime() + 0.9, NOW), l.text, 'fractional milliseconds are floored');
  assert.equal(typeof f.format(t), 'string', 'now defaults to Date.now()');
});

test('never changes, expired', () => {
  const f = new Formatter({ style: 'feed', locale: 'en_US', timeZone: 'America/New_York' });
  const l = f.label(new Date('2001-01-01T00:00:00Z'), new Date('9999-12-31T00:00:00Z'));
  assert.equal(l.nextChange, null);
  assert.equal(l.nextChangeMs, null);
  const c = new Formatter({ style: 'countdown', locale: 'en_US', timeZone: 'UTC' });
  assert.equal(c.label(NOW - 5000, NOW).expired, true);
  assert.equal(c.label(NOW.getTime() + 5000, NOW).expired, false);
});

test('options reach the library', () => {
  const c = new Formatter({ style: 'countdown', locale: 'en_US', timeZone: 'UTC', precision: 3, countdownDays: true });
  assert.equal(c.format(NOW.getTime() + 90061234, NOW), '1d 01:01:01.234');
  const r = new Formatter({ style: 'relative', locale: 'en_US', timeZone: 'UTC', width: 'short' });
  assert.equal(r.format(NOW - 5 * 60e3, NOW), '5 min. ago');
  const h = new Formatter({ style: 'chat_list', locale: 'en_US', timeZone: 'UTC', hourCycle: 'h23', weekdayWindowDays: 1 });
  assert.equal(h.format(NOW - 60e3, NOW), '06:29');
  const g = new Formatter({ style: 'feed', locale: 'en_US', timeZone: 'UTC', recentRelative: true, justNowMs: 120000,
    skewToleranceMs: 0, crossYearGraceDays: 30 });
  assert.equal(g.format(NOW - 90e3, NOW), g.format(NOW, NOW));
});

test('1.1 options reach the library', () => {
  const en = (more) => new Formatter({ style: 'compact', locale: 'en_US', timeZone: 'UTC', ...more });
  const zh = (more) => new Formatter({ style: 'feed', locale: 'zh_CN', timeZone: 'Asia/Shanghai', ...more });
  const hour = 3600e3;
  const hours = en({ maxUnit: 'hour' });
  assert.equal(hours.format(NOW - 5 * hour, NOW), '5h');
  assert.equal(hours.format(NOW - 30 * hour, NOW), 'Mar 24', 'beyond the ceiling: the date');
  assert.equal(en({ maxUnit: 'YEAR' }).format(NOW - 30 * hour, NOW), '1d');
  assert.equal(en({ spoken: true }).format(NOW - 2 * hour, NOW), '2 hours ago');
  const l = en({ style: 'countdown', overtime: true }).label(NOW - 5300, NOW);
  assert.deepEqual([l.text, l.expired, l.nextChangeMs], ['-0:00:05.3', true, NOW.getTime() + 100]);
  assert.equal(en({ style: 'chat_list', hourCycle: 'h12' }).format(NOW - hour, NOW), '5:30\u202fAM');
  assert.equal(en({ style: 'chat_list', hourCycle: 'h12', plainSpaces: true }).format(NOW - hour, NOW), '5:30 AM');
  assert.equal(zh({ recentRelative: true, justNowText: '刚才' }).format(NOW - 10e3, NOW), '刚才');
  assert.equal(zh({ yesterdayText: '昨儿' }).format(NOW - 24 * hour, NOW), '昨儿');
  assert.equal(zh({ dayBeforeYesterdayText: '前儿' }).format(NOW - 48 * hour, NOW), '前儿');
  assert.equal(zh({ tomorrowText: '明儿' }).format(NOW.getTime() + 24 * hour, NOW), '明儿');
  assert.equal(zh({ yesterdayText: null }).format(NOW - 24 * hour, NOW), '昨天', 'null: the locale\'s word');
  assert.deepEqual(feeddate.UNITS, ['year', 'month', 'week', 'day', 'hour', 'minute', 'second']);
});

test('formatMany: one call, earliest next change, Float64Array, long labels, empty', () => {
  const f = new Formatter({ style: 'feed', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
  const ts = Array.from({ length: 3000 }, (_, i) => NOW - 37 * 60e3 * i * i);
  const b = f.formatMany(ts, NOW);
  const labels = ts.map((t) => f.label(t, NOW));
  assert.deepEqual(b.texts, labels.map((l) => l.text));
  assert.equal(b.nextChangeMs, Math.min(...labels.map((l) => l.nextChangeMs).filter((x) => x !== null)));
  assert.deepEqual(f.formatMany(Float64Array.from(ts), NOW).texts, b.texts);
  assert.deepEqual(f.formatMany(Float64Array.from(ts).subarray(10, 20), NOW).texts, b.texts.slice(10, 20),
    'a Float64Array view at an offset');
  assert.deepEqual(f.formatMany(ts.map((t) => new Date(t)), NOW).texts, b.texts);
  assert.deepEqual(f.formatMany([], NOW), { texts: [], nextChange: null, nextChangeMs: null });
  const my = new Formatter({ style: 'feed_detail', locale: 'my_MM', timeZone: 'Asia/Yangon' });
  const long = Array.from({ length: 500 }, (_, i) => NOW - 3 * 86400e3 * i);
  const lb = my.formatMany(long, NOW);
  assert.deepEqual(lb.texts, long.map((t) => my.format(t, NOW)));
  assert.ok(Math.max(...lb.texts.map((s) => Buffer.byteLength(s))) > 32, 'labels longer than the first guess');
});

test('text of every width reaches JavaScript as written: ASCII, Latin-1, BMP, astral', () => {
  const now = NOW.getTime();
  for (const word of ['ok', 'déjà', 'ÿ\u00a0À', 'Ā', '刚刚', '\u202f', 'a😀b', '😀', '\u{10FFFF}x', 'é😀ÿ']) {
    const f = new Formatter({ style: 'relative', locale: 'fr_FR', timeZone: 'UTC', justNowText: word });
    assert.equal(f.format(now - 1000, now), word);
    assert.equal(f.label(now - 1000, now).text, word);
    assert.deepEqual(f.formatMany([now - 1000, now - 120e3, now - 2000], now).texts, [word, 'Il y a 2 minutes', word]);
  }
  const fr = new Formatter({ style: 'relative', locale: 'fr_FR', timeZone: 'UTC' });
  assert.equal(fr.format(now - 1000, now), "À l'instant");
});
