// feeddate as an ES module: `import { Formatter } from 'feeddate'` or `import feeddate from 'feeddate'`.
// It holds no logic and loads nothing of its own: it imports index.js (the CommonJS module, which
// Node loads once and caches), so `import` and `require('feeddate')` give one object: the default
// export is require('feeddate') itself, and every named export is that object's property (the same
// Formatter class, the same constants). test/esm.test.js checks that the names here are exactly
// index.js's exports.
import feeddate from './index.js';

export default feeddate;
export const {
  Formatter, version, versionNumber, icuVersion, dataVersion, addonPath, webClientDir, STATUS, STYLES, UNITS,
  DEFAULT_HORIZON_MS, DEFAULT_MAX_ENTRIES, MAX_SCHEDULE_HORIZON_MS, MAX_SCHEDULE_ENTRIES,
} = feeddate;
