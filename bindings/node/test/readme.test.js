'use strict';
// The README's "Schedules" and "Markup and script" examples run as written (require('feeddate') being this package) and
// prints the output the README shows under it.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const README = path.join(__dirname, '..', 'README.md');
const INDEX = path.join(__dirname, '..', 'index.js');

// The first ```js block of a section and the ```text block after it.
function example(section) {
  const text = fs.readFileSync(README, 'utf8');
  const at = text.indexOf(`\n## ${section}\n`);
  assert.ok(at >= 0, `README.md has a section "${section}"`);
  const rest = text.slice(at);
  const code = /```js\n([\s\S]*?)```/.exec(rest);
  const output = /```text\n([\s\S]*?)```/.exec(rest.slice(code.index));
  assert.ok(code && output, `"${section}" has a js block and a text block after it`);
  return { code: code[1], output: output[1] };
}

// Runs a section's example as written, with require('feeddate') being this package.
function runs(section) {
  const { code, output } = example(section);
  assert.match(code, /require\('feeddate'\)/);
  const script = code.replace(/require\('feeddate'\)/g, `require(${JSON.stringify(INDEX)})`);
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, output);
}

test('README: the Schedules example prints what the README says', () => runs('Schedules'));

test('README: the Markup and script example prints what the README says', () => runs('Markup and script'));
