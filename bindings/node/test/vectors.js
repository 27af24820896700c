'use strict';
// What the JavaScript vector suites share (bindings/node/test and clients/web/test): which files
// they run (SPEC 10), and a vector line's options as the binding's, with one formatter per set.
// Not a test itself: node --test runs it as a file with no tests.
const fs = require('node:fs');
const path = require('node:path');

// FEEDDATE_VECTORS_DIR: where Tests/vectors is (npm-check runs the suite on an installed package).
const ROOT = process.env.FEEDDATE_VECTORS_DIR || path.join(__dirname, '..', '..', '..', 'Tests', 'vectors');

// The files the variable env names (":"-separated) when it is set; else every .jsonl of ROOT/sub,
// sorted by file name: one set for every host since 1.3 (SPEC 13), never a choice by ICU version.
// Never empty.
function vectorFiles(sub, env) {
  const named = process.env[env];
  if (named) return named.split(':').filter(Boolean).map((f) => path.resolve(f));
  const dir = path.join(ROOT, sub);
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort() : [];
  if (names.length === 0) throw new Error(`no .jsonl files in ${dir} (set ${env} to the files to run)`);
  return names.map((f) => path.join(dir, f));
}

// The html vectors (issue 39 item 2): FEEDDATE_HTML_VECTORS when set, else ROOT/html/html-1.3.jsonl
// (the folder's cases.jsonl is the input of make html-vectors, not vectors). Not checked here: a
// missing file fails the suite that reads it.
function htmlVectorFile() {
  const named = process.env.FEEDDATE_HTML_VECTORS;
  return named ? path.resolve(named) : path.join(ROOT, 'html', 'html-1.3.jsonl');
}

// The header's integer constants (header.test.js): FEEDDATE_HEADER_VECTORS when set, else
// ROOT/header/header.jsonl (make header-vectors writes it). A missing file fails the suite.
function headerVectorFile() {
  const named = process.env.FEEDDATE_HEADER_VECTORS;
  return named ? path.resolve(named) : path.join(ROOT, 'header', 'header.jsonl');
}

// The vectors' option names (SPEC 6) as the binding's.
const OPTION_NAMES = {
  locale: 'locale', tz: 'timeZone', hour_cycle: 'hourCycle', width: 'width', recent_relative: 'recentRelative',
  just_now_ms: 'justNowMs', skew_tolerance_ms: 'skewToleranceMs', cross_year_grace_days: 'crossYearGraceDays',
  weekday_window_days: 'weekdayWindowDays', precision: 'precision', countdown_days: 'countdownDays',
  plain_spaces: 'plainSpaces', spoken: 'spoken', overtime: 'overtime', max_unit: 'maxUnit',
  just_now_text: 'justNowText', yesterday_text: 'yesterdayText', day_before_yesterday_text: 'dayBeforeYesterdayText',
  tomorrow_text: 'tomorrowText',
};

function optionsOf(v) {
  const o = { style: v.style };
  for (const [k, value] of Object.entries(v.options)) {
    if (!(k in OPTION_NAMES)) throw new Error(`malformed vector: unknown option ${k}`);
    o[OPTION_NAMES[k]] = value;
  }
  return o;
}

// One formatter per set of options (the binding's, loaded when first asked for).
const formatters = new Map();
function formatterFor(o) {
  const key = JSON.stringify(o);
  if (!formatters.has(key)) formatters.set(key, new (require('..').Formatter)(o));
  return formatters.get(key);
}

module.exports = { vectorFiles, htmlVectorFile, headerVectorFile, optionsOf, formatterFor };
