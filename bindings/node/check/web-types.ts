// web-types.ts: the web client's declarations as a user's TypeScript sees them in
// the installed npm package (tools/npm-check.sh: tsc --noEmit with Debian's
// node-typescript and no @types/react). Each @ts-expect-error line is a misuse
// that must not compile: tsc fails if one of them does.
import FeedDate = require("feeddate/web/feed-date.js");
import FeedDateReact = require("feeddate/web/react");
import feeddate = require("feeddate");

const dir: string = feeddate.webClientDir;
const wire: FeedDate.Wire = { v: 1, now: 1711348200000, labels: [["just now", 0], ["1 min. ago", 60000]], until: 1711348320000 };
const picked: FeedDate.Picked = FeedDate.pick(wire, 1711348260000);
const text: string = picked.text;
const index: number = picked.index;
const next: number | null = picked.next;
FeedDate.pick(JSON.stringify(wire), Date.now());
FeedDate.setServerTime(Date.now());
FeedDate.setClockOffset(-1500);
FeedDate.refresh();
declare const element: Element;
FeedDate.attach(element, wire);
FeedDate.attach(element, JSON.stringify(wire), wire);
const detail: FeedDate.StaleDetail = { until: 1711348320000, from: 1711348321000 };
const rendered: FeedDateReact.Element | null = FeedDateReact.FeedDate({
  schedule: wire, className: "when", fallback: "", onError: (e: unknown) => { void e; },
});
FeedDateReact.FeedDate({ schedule: JSON.stringify(wire) });

// Misuses:
// @ts-expect-error  the client time is missing
FeedDate.pick(wire);
// @ts-expect-error  a wire of another version
FeedDate.pick({ v: 2, now: 0, labels: [["a", 0]], until: null }, 0);
// @ts-expect-error  an entry's text must be a string
FeedDate.pick({ v: 1, now: 0, labels: [[5, 0]], until: null }, 0);
// @ts-expect-error  attach returns nothing
const nothing: string = FeedDate.attach(element, wire);
// @ts-expect-error  setServerTime takes ms, not a Date
FeedDate.setServerTime(new Date());
// @ts-expect-error  the component needs a schedule
FeedDateReact.FeedDate({ className: "when" });
// @ts-expect-error  className is a string
FeedDateReact.FeedDate({ schedule: wire, className: 5 });
// @ts-expect-error  webClientDir is a path
const count: number = feeddate.webClientDir;
// @ts-expect-error  the client has no such name
FeedDate.format(wire);

export { dir, text, index, next, detail, rendered, nothing, count };
