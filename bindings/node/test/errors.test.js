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
  throwsStatus(() => new Formatter(en({ precision: 2 ** 40 })), 'FD_ERR_ARGUMENT', 'precision', '1.09951e+12'));
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
