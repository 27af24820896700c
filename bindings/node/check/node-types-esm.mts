// node-types-esm.mts: the binding as TypeScript sees it through `import` with "moduleResolution":
// "node16": package.json's "exports" map, its "import" condition and index.d.mts (the same
// declarations as index.d.ts, the default export being the whole module). make test-node-types
// compiles it against this package (its own name, through the map) and tools/npm-check.sh against
// the installed one. Each @ts-expect-error line is a misuse that must not compile.
import feeddate, { Formatter, STATUS, version, dataVersion, DEFAULT_HORIZON_MS } from "feeddate";
import type { Options, Label, Batch, Schedule, ScheduleOptions, HtmlOptions, Style } from "feeddate";
import * as ns from "feeddate";

const options: Options = { style: "chat_list", locale: "zh_CN", timeZone: "Asia/Shanghai" };
const f: Formatter = new feeddate.Formatter(options);
const g: InstanceType<typeof ns.Formatter> = new Formatter({ style: "feed" });
const same: typeof Formatter = ns.default.Formatter;
const label: Label = f.label(new Date(), Date.now());
const batch: Batch = g.formatMany([0, 1n, new Date()]);
const sopts: ScheduleOptions = { horizon: DEFAULT_HORIZON_MS, maxEntries: 10 };
const schedule: Schedule = f.schedule(0, 0, sopts);
const hopts: HtmlOptions = { spoken: true };
const html: string = f.html(0, 0, hopts);
const style: Style = "countdown";
const text: string = `${version} ${dataVersion()} ${STATUS.FD_ERR_ARGUMENT} ${ns.versionNumber}`;
f.close();

// Misuses:
// @ts-expect-error  style is required
new Formatter({ locale: "en_US" });
// @ts-expect-error  not a style
const bad: Style = "weekly";
// @ts-expect-error  format takes an instant, not a string
f.format("2024-03-25");
// @ts-expect-error  no such export
feeddate.formatDate(0);
export { label, batch, schedule, html, style, text, same, bad };
