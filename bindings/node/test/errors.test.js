'use strict';
// Errors are Errors carrying the library's status, code and message, which names the value.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { Formatter, STATUS, addonPath } = require('..');

const en = (more) => ({ style: 'feed', locale: 'en_US', timeZone: 'UTC', ...more });

function throwsStatus(fn, code, ...needles) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.code, code);
    assert.equal(e.status, STATUS[code]);
    for (const n of needles) assert.ok(e.message.includes(n), `message ${JSON.stringify(e.message)} names ${n}`);
    return true;
  });
}

test('malformed locale', () => throwsStatus(() => new Formatter(en({ locale: '@@@' })), 'FD_ERR_LOCALE', '"@@@"'));
test('locale without data', () => throwsStatus(() => new Formatter(en({ locale: 'xx_YY' })), 'FD_ERR_LOCALE', 'xx_YY'));
test('unknown zone', () =>
  throwsStatus(() => new Formatter(en({ timeZone: 'Asia/Shangai' })), 'FD_ERR_TIME_ZONE', 'Asia/Shangai'));
test('zone as a path', () =>
  throwsStatus(() => new Formatter(en({ timeZone: '../../etc/passwd' })), 'FD_ERR_TIME_ZONE', '../../etc/passwd'));
test('precision out of range', () =>
  throwsStatus(() => new Formatter(en({ style: 'countdown', precision: 4 })), 'FD_ERR_ARGUMENT', 'precision', '4', '0..3'));
test('justNowMs out of range', () =>
  throwsStatus(() => new Formatter(en({ justNowMs: -5 })), 'FD_ERR_ARGUMENT', 'just_now_ms', '-5'));
test('skewToleranceMs out of range', () =>
  throwsStatus(() => new Formatter(en({ skewToleranceMs: 86400001 })), 'FD_ERR_ARGUMENT', 'skew_tolerance_ms', '86400001'));
test('crossYearGraceDays out of range', () =>
  throwsStatus(() => new Formatter(en({ crossYearGraceDays: 367 })), 'FD_ERR_ARGUMENT', 'cross_year_grace_days', '367'));
test('weekdayWindowDays out of range', () =>
  throwsStatus(() => new Formatter(en({ style: 'chat_list', weekdayWindowDays: 0 })), 'FD_ERR_ARGUMENT',
    'weekday_window_days', '0'));
test('an int32 option beyond int32', () =>
  throwsStatus(() => new Formatter(en({ precision: 2 ** 40 })), 'FD_ERR_ARGUMENT', 'precision', '1099511627776'));
test('a fractional option', () =>
  throwsStatus(() => new Formatter(en({ precision: 1.5 })), 'FD_ERR_ARGUMENT', 'precision', '1.5'));
test('a boolean option of another type', () =>
  throwsStatus(() => new Formatter(en({ recentRelative: 1 })), 'FD_ERR_ARGUMENT', 'recentRelative'));
test('unknown style', () => throwsStatus(() => new Formatter(en({ style: 'fed' })), 'FD_ERR_ARGUMENT', '"fed"', 'chat_list'));
test('unknown option name', () =>
  throwsStatus(() => new Formatter(en({ timezone: 'UTC' })), 'FD_ERR_ARGUMENT', '"timezone"', 'timeZone'));
test('a NUL inside the locale', () =>
  throwsStatus(() => new Formatter(en({ locale: 'en\0US' })), 'FD_ERR_ARGUMENT', 'locale'));
test('unknown maxUnit', () =>
  throwsStatus(() => new Formatter(en({ style: 'compact', maxUnit: 'decade' })), 'FD_ERR_ARGUMENT', '"decade"',
    'year, month, week, day, hour, minute, second'));
test('maxUnit as a number', () =>
  throwsStatus(() => new Formatter(en({ style: 'compact', maxUnit: 7 })), 'FD_ERR_ARGUMENT', 'maxUnit 7'));
test('yesterdayText of 65 bytes', () =>
  throwsStatus(() => new Formatter(en({ yesterdayText: 'y'.repeat(65) })), 'FD_ERR_ARGUMENT', 'yesterday_text',
    '64 bytes'));
test('yesterdayText of 22 characters, 66 bytes', () =>
  throwsStatus(() => new Formatter(en({ yesterdayText: '昨'.repeat(22) })), 'FD_ERR_ARGUMENT', 'yesterday_text',
    '64 bytes'));
test('tomorrowText with a tab', () =>
  throwsStatus(() => new Formatter(en({ tomorrowText: 'to\tmorrow' })), 'FD_ERR_ARGUMENT', 'tomorrow_text',
    'control character U+9'));
test('empty justNowText', () =>
  throwsStatus(() => new Formatter(en({ justNowText: '' })), 'FD_ERR_ARGUMENT', 'just_now_text', '0 bytes'));
test('a NUL inside dayBeforeYesterdayText', () =>
  throwsStatus(() => new Formatter(en({ dayBeforeYesterdayText: 'a\0b' })), 'FD_ERR_ARGUMENT',
    'dayBeforeYesterdayText', 'NUL'));
test('a word of another type', () =>
  throwsStatus(() => new Formatter(en({ yesterdayText: 42 })), 'FD_ERR_ARGUMENT', 'yesterdayText'));
test('a 1.1 boolean of another type', () =>
  throwsStatus(() => new Formatter(en({ spoken: 'yes' })), 'FD_ERR_ARGUMENT', 'spoken'));

// Issue 37 item 2: a lone surrogate in a string option reaches the library as its three bytes of
// generalized UTF-8 (WTF-8), never as U+FFFD, and the library refuses it in its own words, quoting
// those bytes ("\xed\xa0\x80").
test('a lone surrogate in any string option: the library\'s refusal, quoting its WTF-8 bytes', () => {
  const bad = [['\uD800', '\\xed\\xa0\\x80'], ['\uDC00', '\\xed\\xb0\\x80'], ['ab\uD83D', 'ab\\xed\\xa0\\xbd'],
    ['\uDE00\uD83D', '\\xed\\xb8\\x80\\xed\\xa0\\xbd'], ['x\uDFFFy', 'x\\xed\\xbf\\xbfy'],
    ['\uD83D\uDE00\uD83D', '\u{1F600}\\xed\\xa0\\xbd']];
  for (const [text, quoted] of bad) {
    throwsStatus(() => new Formatter(en({ locale: 'en_US' + text })), 'FD_ERR_LOCALE',
      `"en_US${quoted}" (not UTF-8)`);
    throwsStatus(() => new Formatter(en({ timeZone: 'UTC' + text })), 'FD_ERR_TIME_ZONE',
      `unknown time zone "UTC${quoted}" (not UTF-8)`);
    for (const [option, name] of [['justNowText', 'just_now_text'], ['yesterdayText', 'yesterday_text'],
      ['dayBeforeYesterdayText', 'day_before_yesterday_text'], ['tomorrowText', 'tomorrow_text']]) {
      throwsStatus(() => new Formatter(en({ [option]: text })), 'FD_ERR_ARGUMENT', `${name} is not valid UTF-8`);
    }
  }
  // A long value: the library quotes its first 64 bytes.
  throwsStatus(() => new Formatter(en({ timeZone: 'Europe/' + 'x'.repeat(80) + '\uDBFF' })), 'FD_ERR_TIME_ZONE',
    `"Europe/${'x'.repeat(57)}…"`);
  // Well-formed pairs are fine and reach the label as given.
  const f = new Formatter(en({ style: 'feed', yesterdayText: '\u{1F600} ago', timeZone: 'UTC' }));
  assert.equal(f.format(1711348200000 - 86400e3, 1711348200000), '\u{1F600} ago');
  // The enum names: unknown values, quoted by fd_quote (a lone surrogate as its WTF-8 bytes).
  throwsStatus(() => new Formatter(en({ style: 'feed\uD800' })), 'FD_ERR_ARGUMENT', '"feed\\xed\\xa0\\x80"');
  throwsStatus(() => new Formatter(en({ width: '\uDFFF' })), 'FD_ERR_ARGUMENT', 'width "\\xed\\xbf\\xbf"');
});

// Tests/vectors/quote/quote-1.3.jsonl (or $FEEDDATE_QUOTE_VECTORS), every case a JavaScript string
// holds (those with "utf16"): the addon's quote (fd_quote of the string's WTF-8), which index.js's
// messages use, gives "quoted" exactly; an unknown option of that name is named so; and a formatter
// with the value as its time zone fails with a message holding "quoted": the library's
// FD_ERR_TIME_ZONE, or for a NUL (which no C string carries) the binding's own FD_ERR_ARGUMENT.
const ROOT = process.env.FEEDDATE_VECTORS_DIR || path.join(__dirname, '..', '..', '..', 'Tests', 'vectors');
const QUOTE_FILE = process.env.FEEDDATE_QUOTE_VECTORS || path.join(ROOT, 'quote', 'quote-1.3.jsonl');

test('quote vectors (issue 37 item 2): one quoting rule, the library\'s', (t) => {
  const addon = require(addonPath);
  const lines = fs.readFileSync(QUOTE_FILE, 'utf8').split('\n').filter((l) => l.trim() !== '');
  let ran = 0;
  lines.forEach((line, i) => {
    const v = JSON.parse(line);
    const where = `${path.basename(QUOTE_FILE)}:${i + 1} (${v.case})`;
    assert.equal(typeof v.quoted, 'string', `${where}: no "quoted"`);
    assert.equal(typeof v.nul, 'boolean', `${where}: no "nul"`);
    if (!Array.isArray(v.utf16)) return; // bytes that are no JavaScript string (invalid UTF-8)
    const value = String.fromCharCode(...v.utf16);
    assert.equal(addon.quote(value), v.quoted, where);
    assert.throws(() => new Formatter({ style: 'feed', [value]: 1 }), (e) => {
      assert.equal(e.code, 'FD_ERR_ARGUMENT', `${where}: ${e.message}`);
      assert.ok(e.message.startsWith(`unknown option ${v.quoted}: `), `${where}: ${e.message}`);
      return true;
    });
    assert.throws(() => new Formatter(en({ timeZone: value })), (e) => {
      assert.equal(e.code, v.nul ? 'FD_ERR_ARGUMENT' : 'FD_ERR_TIME_ZONE', `${where}: ${e.message}`);
      assert.ok(e.message.includes(v.quoted), `${where}: ${JSON.stringify(e.message)} holds ${v.quoted}`);
      if (v.nul) assert.ok(e.message.includes('NUL'), `${where}: ${e.message}`);
      return true;
    });
    ran++;
  });
  assert.ok(ran > 0, `${QUOTE_FILE}: no quote vector a JavaScript string holds`);
  t.diagnostic(`${ran} of ${lines.length} quote vectors (the others are bytes no JavaScript string holds)`);
  // The addon reads a prefix of a huge string: the same quoting as of the whole.
  assert.equal(addon.quote('y'.repeat(1e6)), `"${'y'.repeat(64)}…"`);
  assert.equal(addon.quote('a'.repeat(67) + '\u{1F600}'), `"${'a'.repeat(64)}…"`);
  assert.equal(addon.quote(''), '""');
});

// SPEC 7 (1.2): values the binding echoes are quoted safely for a log line, and no message is cut.
test('echoed values: cut within 64 bytes with "…", controls escaped; messages never cut', () => {
  throwsStatus(() => new Formatter(en({ ['k'.repeat(100)]: 1 })), 'FD_ERR_ARGUMENT',
    `unknown option "${'k'.repeat(64)}…": the options are style,`);
  throwsStatus(() => new Formatter(en({ style: '€'.repeat(30) })), 'FD_ERR_ARGUMENT',
    `"${'€'.repeat(21)}…": one of feed,`);
  throwsStatus(() => new Formatter(en({ style: 'a\nb\tc\x01d\x7fe\u0085f\u00a0g' })), 'FD_ERR_ARGUMENT',
    '"a\\nb\\tc\\x01d\\x7fe\\x85f\u00a0g"');
  throwsStatus(() => new Formatter(en({ hourCycle: 'x'.repeat(64) })), 'FD_ERR_ARGUMENT', `"${'x'.repeat(64)}": one`);
  throwsStatus(() => new Formatter(en({ style: 12n })), 'FD_ERR_ARGUMENT', 'unknown style 12n');
  throwsStatus(() => new Formatter(en({ style: { toString() { throw new Error('called'); } } })), 'FD_ERR_ARGUMENT',
    'unknown style (an object)');
  throwsStatus(() => new Formatter(en({ locale: 'en\0US' })), 'FD_ERR_ARGUMENT', 'option locale "en\\x00US"', 'NUL');
  // An instant past an int64_t is clamped to INT64_MAX or INT64_MIN by its sign and passed: the
  // library's own message for the clamped value (SPEC 11, 1.3), word for word what the exact value
  // -2**63 gets; formatMany names the element or now, as for any instant out of range.
  const range = 'ms is outside the supported range -62135596800000...253402300799999 ms ' +
    '(0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z)';
  const f = new Formatter(en());
  const now = 1711348200000;
  const MAX = 'instant 9223372036854775807', MIN = 'instant -9223372036854775808';
  for (const [value, text] of [[1e300, MAX], [-1e300, MIN], [-Number.MAX_VALUE, MIN], [2 ** 63, MAX],
    [1.5e19, MAX], [-(2 ** 63), MIN], [2n ** 63n - 1n, MAX], [-(10n ** 30n), MIN]]) {
    for (const [call, prefix] of [[() => f.format(value, now), ''], [() => f.label(now, value), ''],
      [() => f.formatMany([now, now, value], now), 'ts[2]: '], [() => f.formatMany([now], value), 'now: ']]) {
      assert.throws(call, (e) => {
        assert.equal(e.message, `${prefix}${text} ${range}`);
        assert.equal(e.status, STATUS.FD_ERR_RANGE);
        return e instanceof RangeError;
      });
    }
  }
  throwsStatus(() => new Formatter(en({ precision: 1e300 })), 'FD_ERR_ARGUMENT',
    "option precision = 1e+300 is not an integer that the option's C type holds");
  // A duration past an int64_t is clamped: the library's message for the clamped value (SPEC 11, 1.3).
  throwsStatus(() => new Formatter(en({ justNowMs: -Number.MAX_VALUE })), 'FD_ERR_ARGUMENT',
    'just_now_ms -9223372036854775808 is out of range');
  throwsStatus(() => new Formatter(en({ justNowMs: NaN })), 'FD_ERR_ARGUMENT', 'option justNowMs is NaN');
});

test('instants out of range', () => {
  const f = new Formatter(en());
  const now = 1711348200000;
  throwsStatus(() => f.format(253402300800000, now), 'FD_ERR_RANGE', '253402300800000');
  throwsStatus(() => f.label(-62135596800001, now), 'FD_ERR_RANGE', '-62135596800001');
  throwsStatus(() => f.format(now, new Date('+010000-01-01T00:00:00Z')), 'FD_ERR_RANGE', '253402300800000');
  throwsStatus(() => f.formatMany([now, 253402300800000, now], now), 'FD_ERR_RANGE', '253402300800000');
  throwsStatus(() => f.format(new Date(NaN), now), 'FD_ERR_RANGE', 't', 'NaN');
  throwsStatus(() => f.formatMany([now, Infinity], now), 'FD_ERR_RANGE', 'ts[1]', 'Infinity');
  throwsStatus(() => f.format(1e300, now), 'FD_ERR_RANGE', 'instant 9223372036854775807 ms is outside the supported range');
  throwsStatus(() => f.format(-1e30, now), 'FD_ERR_RANGE', 'instant -9223372036854775808 ms is outside the supported range');
  assert.ok(f.format(now - 1000, now).length > 0, 'works after errors');
  assert.throws(() => f.format('2024-03-25', now), (e) => e instanceof TypeError && e.status === 1);
  // RangeError for FD_ERR_RANGE
  assert.throws(() => f.format(253402300800000, now), RangeError);
});

test('a closed formatter', () => {
  const f = new Formatter(en());
  f.close();
  f.close();
  assert.throws(() => f.format(0, 0), /closed/);
});
