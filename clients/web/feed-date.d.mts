// TypeScript declarations of feed-date.mjs, the ES module form of feed-date.js:
// the same FeedDate (feed-date.d.ts) as its default export, and its names.
import * as FeedDate from "./feed-date.js";

export type Wire = FeedDate.Wire;
export type WireEntry = FeedDate.WireEntry;
export type Schedule = FeedDate.Schedule;
export type Picked = FeedDate.Picked;
export type StaleDetail = FeedDate.StaleDetail;
export declare const attach: typeof FeedDate.attach;
export declare const setClockOffset: typeof FeedDate.setClockOffset;
export declare const setServerTime: typeof FeedDate.setServerTime;
export declare const refresh: typeof FeedDate.refresh;
export declare const pick: typeof FeedDate.pick;
export default FeedDate;
