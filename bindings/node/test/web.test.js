'use strict';
// The web client the package carries (SPEC 11, 1.3): webClientDir is an absolute folder with
// feed-date.js, feed-date.mjs and react.js (and their .d.ts); in a checkout it is clients/web, in
// the npm package its web/ (tools/npm-check.sh runs this suite on the installed package too).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { webClientDir } = require('..');

test('webClientDir holds the web client and its declarations', () => {
  assert.ok(path.isAbsolute(webClientDir), webClientDir);
  for (const f of ['feed-date.js', 'feed-date.mjs', 'react.js', 'feed-date.d.ts', 'feed-date.d.mts', 'react.d.ts']) {
    assert.ok(fs.statSync(path.join(webClientDir, f)).isFile(), `${f} in ${webClientDir}`);
  }
  const FeedDate = require(path.join(webClientDir, 'feed-date.js'));
  const wire = { v: 1, now: 0, labels: [['now', 0], ['later', 1000]], until: null };
  assert.deepEqual(FeedDate.pick(wire, 1000), { text: 'later', index: 1, next: null });
});
