'use strict';
// node tools/dts-exports.js MODULE DECLARATIONS ...: for each pair, the values
// MODULE exports when loaded (require, or import for .mjs) against the values
// its DECLARATIONS (.d.ts, .d.mts) declare, by name, both ways: a name only
// one side has fails. make lint runs it (mk/lint.mk), with NODE_PATH at
// Debian's node modules (typescript, react).
const ts = require('typescript');
const path = require('path');
const { pathToFileURL } = require('url');

async function check(modulePath, dtsPath) {
  const loaded = modulePath.endsWith('.mjs')
    ? await import(pathToFileURL(path.resolve(modulePath)))
    : require(path.resolve(modulePath));
  const runtime = new Set(Object.keys(loaded));
  const program = ts.createProgram([dtsPath], { noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const value = (s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s).flags & ts.SymbolFlags.Value;
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(dtsPath)));
  const declared = new Set(exported.filter(value).map((s) => s.name));
  const undeclared = [...runtime].filter((n) => !declared.has(n));
  const missing = [...declared].filter((n) => !runtime.has(n));
  const ok = undeclared.length === 0 && missing.length === 0;
  console.log(`${dtsPath} ${ok ? 'declares' : 'does not declare'} the ${runtime.size} values ${modulePath} exports`);
  if (undeclared.length) console.log(`  exported but not declared: ${undeclared.join(', ')}`);
  if (missing.length) console.log(`  declared but not exported: ${missing.join(', ')}`);
  return ok;
}

(async () => {
  const args = process.argv.slice(2);
  let ok = true;
  for (let i = 0; i < args.length; i += 2) ok = (await check(args[i], args[i + 1])) && ok;
  process.exit(ok ? 0 : 1);
})();
