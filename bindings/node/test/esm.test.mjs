// The package by its name through package.json's "exports" (the self-reference a package has to
// itself, and a project's node_modules/feeddate): `import` and `require` give one object. The
// ES module entry (index.mjs) re-exports index.js's exports: its default is require('feeddate')
// itself and each named export is that object's property, so a Formatter made through either is an
// instance of the other's class, and no name is missing from either side. tools/npm-check.sh runs
// this suite on the installed package too.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as ns from 'feeddate';
import feeddateDefault, { Formatter } from 'feeddate';

const require = createRequire(import.meta.url);
const pkgDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

test('the exports map: import resolves to index.mjs, require to index.js', () => {
  assert.equal(import.meta.resolve('feeddate'), pathToFileURL(path.join(pkgDir, 'index.mjs')).href);
  assert.equal(require.resolve('feeddate'), path.join(pkgDir, 'index.js'));
  assert.equal(require('feeddate'), require(pkgDir));
});

test('import and require give one object, every name the same', async () => {
  const cjs = require('feeddate');
  const esm = await import('feeddate');
  assert.equal(esm, ns);
  assert.equal(esm.default, cjs);
  assert.equal(feeddateDefault, cjs);
  assert.deepEqual(Object.keys(esm).sort(), ['default', ...Object.keys(cjs)].sort());
  for (const name of Object.keys(cjs)) assert.equal(esm[name], cjs[name], name);
  assert.equal(Formatter, cjs.Formatter);
  const f = new Formatter({ style: 'chat_list', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
  assert.ok(f instanceof cjs.Formatter);
  assert.equal(f.format(new Date('2024-03-24T03:11:00Z'), new Date('2024-03-25T06:30:00Z')), '昨天');
  f.close();
});

// A project of its own (node_modules/feeddate, a link to this package), in a fresh process that
// imports first and requires second: the one object still (Node's CommonJS cache is shared).
test('a project: import first, then require, in a fresh process', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feeddate-esm-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(pkgDir, path.join(dir, 'node_modules', 'feeddate'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
  fs.writeFileSync(path.join(dir, 'main.js'), `
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as ns from 'feeddate';
import feeddate, { Formatter, version } from 'feeddate';
const cjs = createRequire(import.meta.url)('feeddate');
assert.equal(feeddate, cjs);
assert.equal(Formatter, cjs.Formatter);
for (const name of Object.keys(cjs)) assert.equal(ns[name], cjs[name], name);
assert.deepEqual(Object.keys(ns).sort(), ['default', ...Object.keys(cjs)].sort());
const f = new Formatter({ style: 'chat_list', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
console.log(version, f.format(new Date('2024-03-24T03:11:00Z'), new Date('2024-03-25T06:30:00Z')));
`);
  const out = execFileSync(process.execPath, ['main.js'], { cwd: dir, encoding: 'utf8' });
  assert.equal(out, `${require('feeddate').version} 昨天\n`);
});
