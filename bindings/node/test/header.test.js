'use strict';
// The binding's constants against include/feeddate.h (issue 42 item 2). index.js writes no number
// of the header: its STATUS, enum names and schedule limits come from the addon, which compiles
// the header's macros. What can still go wrong is a value of the header the addon does not list
// (a new status or style): every status and enum value of the header must be here, at its value.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const feeddate = require('..');
const { headerFile } = require('./vectors');

// The header's enum values and numeric #defines, read as bindings/rust/src/sys.rs reads them (the
// version ones left out). FD_NEVER (INT64_MAX) as a BigInt: no number holds it.
function headerConstants(text) {
  const out = {};
  for (const raw of text.split('\n')) {
    const line = raw.split('/*')[0].trim();
    const m = /^#define (FD_\w+) (.+)$/.exec(line) || /^(FD_\w+) = (.+?),?$/.exec(line);
    if (!m || m[1].startsWith('FD_VERSION_') || m[1].startsWith('FD_STRINGIFY')) continue;
    const v = m[2].replace(/^\(+|\)+$/g, '').replace(/^INT64_C\(/, '').replace(/[LUlu]+$/, '');
    out[m[1]] = v === 'INT64_MAX' ? 2n ** 63n - 1n : Number(BigInt(v));
  }
  return out;
}

const HEADER = headerConstants(fs.readFileSync(headerFile(), 'utf8'));
const ENUM_PREFIXES = ['FD_OK', 'FD_ERR_', 'FD_STYLE_', 'FD_HOUR_CYCLE_', 'FD_WIDTH_', 'FD_UNIT_'];
const enumsOf = (prefix) => Object.entries(HEADER).filter(([k]) => k.startsWith(prefix));
const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1))); // a short diff

test('header: the reader reads C', () => {
  const c = '#define FD_A (-5LL) /* x */\n#define FD_B INT64_C(7)\n    FD_C = 3,  /* y */\n    FD_D = 0x1u\n' +
    '#define FD_STRINGIFY(x) #x\n#define FD_VERSION_MINOR 2\n#define FD_E INT64_MAX\n';
  assert.deepEqual(headerConstants(c), { FD_A: -5, FD_B: 7, FD_C: 3, FD_D: 1, FD_E: 2n ** 63n - 1n });
  assert.ok(Object.keys(HEADER).length >= 40, `${headerFile()}: ${Object.keys(HEADER).length} constants`);
});

test('header: every status and enum value is the addon\'s, and nothing else', () => {
  const addon = require(feeddate.addonPath).constants();
  const wanted = Object.fromEntries(ENUM_PREFIXES.flatMap(enumsOf));
  assert.ok(Object.keys(wanted).length >= 28, JSON.stringify(wanted));
  assert.deepEqual(sorted(addon), sorted(wanted));
});

test('header: STATUS, STYLES, UNITS and the enum names index.js takes', () => {
  assert.deepEqual({ ...feeddate.STATUS }, Object.fromEntries(enumsOf('FD_ERR_')));
  for (const [prefix, names] of [['FD_STYLE_', feeddate.STYLES], ['FD_UNIT_', feeddate.UNITS]]) {
    const want = [];
    for (const [k, v] of enumsOf(prefix)) want[v] = k.slice(prefix.length).toLowerCase();
    assert.deepEqual([...names], want, prefix);
  }
  // hourCycle and width: each of the header's names is taken.
  for (const [prefix, option] of [['FD_HOUR_CYCLE_', 'hourCycle'], ['FD_WIDTH_', 'width'], ['FD_UNIT_', 'maxUnit']]) {
    assert.ok(enumsOf(prefix).length >= 3, prefix);
    for (const [k] of enumsOf(prefix)) {
      const name = k.slice(prefix.length).toLowerCase();
      assert.doesNotThrow(() => new feeddate.Formatter({ style: 'relative', locale: 'en_US', timeZone: 'UTC',
        [option]: name }).close(), k);
    }
  }
});

test('header: the schedule limits and defaults', () => {
  assert.deepEqual({
    FD_SCHEDULE_MAX_HORIZON_MS: feeddate.MAX_SCHEDULE_HORIZON_MS,
    FD_SCHEDULE_MAX_ENTRIES: feeddate.MAX_SCHEDULE_ENTRIES,
    FD_SCHEDULE_DEFAULT_HORIZON_MS: feeddate.DEFAULT_HORIZON_MS,
    FD_SCHEDULE_DEFAULT_MAX_ENTRIES: feeddate.DEFAULT_MAX_ENTRIES,
  }, Object.fromEntries(enumsOf('FD_SCHEDULE_')));
});
