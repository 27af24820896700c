// TypeScript declarations of index.mjs, the ES module entry: the same module as index.d.ts (the
// CommonJS one) as its default export, and every name of it (types too).
import * as feeddate from './index.js';

export * from './index.js';
export default feeddate;
