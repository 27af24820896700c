// web-types-esm.mts: the ES module form (feeddate/web/feed-date.mjs) as TypeScript
// sees it with "moduleResolution": "node16" (the package's "exports" and their
// "types"). tools/npm-check.sh compiles it with tsc --noEmit.
import FeedDate, { attach, pick, refresh, setClockOffset, setServerTime } from "feeddate/web/feed-date.mjs";
import type { Wire, Picked } from "feeddate/web/feed-date.mjs";
import FeedDateReact from "feeddate/web/react";
import feeddate from "feeddate";

const wire: Wire = { v: 1, now: 0, labels: [["now", 0], ["later", 1000]], until: null };
const a: Picked = pick(wire, 500);
const b: Picked = FeedDate.pick(wire, 1500);
setServerTime(0);
setClockOffset(0);
refresh();
declare const element: Element;
attach(element, wire);
FeedDateReact.FeedDate({ schedule: wire });
const dir: string = feeddate.webClientDir;
// @ts-expect-error  the client time is missing
pick(wire);
export { a, b, dir };
