'use strict';
// Errors are Errors carrying the library's status, code and message, which names the value.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { Formatter, STATUS } = require('..');

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

// SPEC 10 (1.2): a lone surrogate in any string is FD_ERR_ARGUMENT naming the option, never U+FFFD.
test('a lone surrogate in any string option', () => {
  const strings = { locale: 'en_US', timeZone: 'UTC', justNowText: 'now', yesterdayText: 'yday',
    dayBeforeYesterdayText: 'ereyday', tomorrowText: 'tmrw' };
  const bad = [['\uD800', 0, 'D800'], ['\uDC00', 0, 'DC00'], ['ab\uD83D', 2, 'D83D'], ['\uDE00\uD83D', 0, 'DE00'],
    ['x\uDFFFy', 1, 'DFFF'], ['\uD83D\uDE00\uD83D', 2, 'D83D']];
  for (const option of Object.keys(strings)) {
    for (const [text, index, unit] of bad) {
      const value = option === 'locale' || option === 'timeZone' ? strings[option] + text : text;
      const at = value.length - text.length + index;
      throwsStatus(() => new Formatter(en({ [option]: value })), 'FD_ERR_ARGUMENT', `option ${option} `,
        'lone surrogate', `U+${unit} at UTF-16 index ${at}`, '\\xed\\x');
    }
  }
  // A long value: the message quotes its first 64 bytes, and still names the surrogate.
  throwsStatus(() => new Formatter(en({ timeZone: 'Europe/' + 'x'.repeat(80) + '\uDBFF' })), 'FD_ERR_ARGUMENT',
    `"Europe/${'x'.repeat(57)}…"`, 'U+DBFF at UTF-16 index 87');
  // Well-formed pairs are fine and reach the label as given.
  const f = new Formatter(en({ style: 'feed', yesterdayText: '\u{1F600} ago', timeZone: 'UTC' }));
  assert.equal(f.format(1711348200000 - 86400e3, 1711348200000), '\u{1F600} ago');
  // The enum names: unknown values, quoted (a lone surrogate as the bytes of generalized UTF-8).
  throwsStatus(() => new Formatter(en({ style: 'feed\uD800' })), 'FD_ERR_ARGUMENT', '"feed\\xed\\xa0\\x80"');
  throwsStatus(() => new Formatter(en({ width: '\uDFFF' })), 'FD_ERR_ARGUMENT', 'width "\\xed\\xbf\\xbf"');
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
  const range = 'ms is outside the supported range -62135596800000...253402300799999 ms ' +
    '(0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z)';
  const f = new Formatter(en());
  const now = 1711348200000;
  for (const [value, text] of [[1e300, '1e+300'], [-1e300, '-1e+300'], [-Number.MAX_VALUE, '-1.7976931348623157e+308'],
    [2 ** 63, '9.223372036854776e+18'], [1.5e19, '1.5e+19']]) {
    for (const [call, name] of [[() => f.format(value, now), 't'], [() => f.label(now, value), 'now'],
      [() => f.formatMany([now, now, value], now), 'ts[2]']]) {
      assert.throws(call, (e) => {
        assert.equal(e.message, `${name}: instant ${text} ${range}`);
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
  throwsStatus(() => f.format(1e300, now), 'FD_ERR_RANGE', 't');
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
