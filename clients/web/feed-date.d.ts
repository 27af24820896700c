// TypeScript declarations of feed-date.js (SPEC section 11), the web client: a
// classic script defining globalThis.FeedDate (the global FeedDate below), and
// module.exports in Node (`require("feeddate/web/feed-date.js")`).
// feed-date.d.mts declares the ES module feed-date.mjs from these.
// No DOM types are needed: `Element` is the DOM's when the project has them.

declare global {
  // An empty interface merges with the DOM's Element; without the DOM library it stands alone.
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface Element {}
}

declare namespace FeedDate {
  /** One entry of the wire form: its text and the ms since the previous entry's start (0 for the first). */
  type WireEntry = [text: string, delta: number];

  /**
   * The wire form (SPEC 11), what every binding's schedule gives (Node: `schedule(...).json`,
   * parsed): `{"v":1,"now":N,"labels":[[text,d0],[text,d1],...],"until":U}`, d0 = 0, every later
   * d > 0, consecutive texts different, `until` (ms) after the last start, or null when complete.
   */
  interface Wire {
    v: 1;
    now: number;
    labels: WireEntry[];
    until: number | null;
  }

  /** A schedule as the client takes it: the wire object, or its JSON text. */
  type Schedule = Wire | string;

  /** What pick gives: the text shown at a client time, its entry's index, the next instant it changes. */
  interface Picked {
    text: string;
    index: number;
    /** The next start; after the last start `until` while before it; else null. */
    next: number | null;
  }

  /** The `detail` of the bubbling `feeddate-stale` event (a CustomEvent). */
  interface StaleDetail {
    /** The schedule's until (ms). */
    until: number;
    /** The client's time when the event is dispatched: the new schedule must start there. */
    from: number;
  }

  /**
   * Gives element a schedule (and a spoken one: the same label with the formatter's spoken option),
   * replacing any it had, and shows its text for now. A malformed schedule throws TypeError and
   * changes nothing.
   */
  function attach(element: Element, wire: Schedule, spokenWire?: Schedule | null): void;
  /** The client's time becomes Date.now() + ms (1.2); every label is re-picked at once. */
  function setClockOffset(ms: number): void;
  /** "The server's clock reads ms now", from a response just received (1.3); every label is re-picked. */
  function setServerTime(ms: number): void;
  /** Re-picks every label now (e.g. after the page wakes). */
  function refresh(): void;
  /**
   * The client's rule as a pure function: the entry shown at client time clientMs (the first one
   * before the schedule's now). A malformed schedule or a clientMs that is not a number: TypeError.
   * In a bare realm (no timers) FeedDate offers pick alone.
   */
  function pick(wire: Schedule, clientMs: number): Picked;
}

export = FeedDate;
export as namespace FeedDate;
