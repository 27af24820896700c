// feed-date.mjs: feed-date.js as an ES module. It holds no logic: importing
// feed-date.js runs that file once (it defines globalThis.FeedDate, or keeps the
// one a classic <script> defined already, so the page still has one timer), and
// this module exports its names. test/module.test.js checks that the exports are
// exactly FeedDate's names.
import "./feed-date.js";

const FeedDate = globalThis.FeedDate;
export const { attach, setClockOffset, setServerTime, refresh, pick } = FeedDate;
export default FeedDate;