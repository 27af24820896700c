'use strict';
// The binding's constants against include/feeddate.h's, as Tests/vectors/header/header.jsonl holds
// them (issue 42 item 2). index.js writes no number of the header: its STATUS, enum names and
// schedule limits come from the addon, which compiles the header's macros. What can still go wrong
// is a value of the header the addon does not list (a new status or style): every status and enum
// value of the header must be here, at its value.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const feeddate = require('..');
const { headerVectorFile } = require('./vectors');

// The header's integer constants: header.jsonl's lines ({"name": "FD_ERR_RANGE", "value": "4"},
// make_header.py's; make check-vectors holds them to the header): any other line, or a name twice,
// fails. FD_NEVER (INT64_MAX) as a BigInt: no number holds it.
function headerConstants(file) {
  const out = {};
  fs.readFileSync(file, 'utf8').split('\n').forEach((line, n) => {
    if (line === '') return;
    const at = `${file}:${n + 1}: ${line}`;
    const j = JSON.parse(line);
    const { name, value } = j;
    assert.ok(Object.keys(j).sort().join() === 'name,value' && typeof name === 'string' && /^FD_\w+$/.test(name) &&
      typeof value === 'string' && /^-?\d+$/.test(value), at);
    assert.ok(!(name in out), `${at}: ${name} twice`);
    const v = BigInt(value);
    out[name] = Number.isSafeInteger(Number(v)) ? Number(v) : v;
  });
  return out;
}

const HEADER = headerConstants(headerVectorFile());
const ENUM_PREFIXES = ['FD_OK', 'FD_ERR_', 'FD_STYLE_', 'FD_HOUR_CYCLE_', 'FD_WIDTH_', 'FD_UNIT_'];
const enumsOf = (prefix) => Object.entries(HEADER).filter(([k]) => k.startsWith(prefix));
const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1))); // a short diff

test('header: header.jsonl holds the header\'s constants', () => {
  assert.ok(Object.keys(HEADER).length >= 40, `${headerVectorFile()}: ${Object.keys(HEADER).length} constants`);
  assert.equal(HEADER.FD_NEVER, 2n ** 63n - 1n);
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
