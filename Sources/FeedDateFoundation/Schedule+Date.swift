// Schedules (SPEC section 11) with Date in and out (section 12).
import Foundation
import FeedDateClient

extension FeedDateFormatter {
    /// The schedule of `t` seen from `now` (SPEC section 11): the labels `t`
    /// will show from `now` on, each with the instant it starts, until one
    /// never changes, `maxEntries` are made, or one changes at or after
    /// now + `horizon`. `horizon` is in seconds (0 ... 366 days, taken to
    /// the millisecond by SPEC 11's rule: rounded to the microsecond, then
    /// floored); `maxEntries` 1 ... 100,000; out of range is
    /// `FeedDateError.argument`. `json` is the wire form a web client reads.
    public func schedule(
        for t: Date, now: Date,
        horizon: TimeInterval = TimeInterval(FeedDateFormatter.scheduleDefaultHorizonMs) / 1000,
        maxEntries: Int = FeedDateFormatter.scheduleDefaultMaxEntries
    ) throws(FeedDateError) -> FeedDateSchedule {
        try schedule(
            Instant.milliseconds(t), now: Instant.milliseconds(now),
            horizonMs: Instant.milliseconds(horizon), maxEntries: maxEntries)
    }
}

extension FeedDateFormatter {
    /// The markup of a live label (fd_schedule_html, SPEC 11, 1.3), with
    /// `Date`s and a horizon in seconds read as `schedule(for:now:)` reads them.
    public func html(
        for t: Date, now: Date,
        horizon: TimeInterval = TimeInterval(FeedDateFormatter.scheduleDefaultHorizonMs) / 1000,
        maxEntries: Int = FeedDateFormatter.scheduleDefaultMaxEntries, spoken: Bool = false
    ) throws(FeedDateError) -> String {
        try html(
            Instant.milliseconds(t), now: Instant.milliseconds(now), horizonMs: Instant.milliseconds(horizon),
            maxEntries: maxEntries, spoken: spoken)
    }

    /// The wire form safe inside `<script>` (fd_schedule_script_json), with `Date`s.
    public func scriptJSON(
        for t: Date, now: Date,
        horizon: TimeInterval = TimeInterval(FeedDateFormatter.scheduleDefaultHorizonMs) / 1000,
        maxEntries: Int = FeedDateFormatter.scheduleDefaultMaxEntries
    ) throws(FeedDateError) -> String {
        try scriptJSON(
            Instant.milliseconds(t), now: Instant.milliseconds(now), horizonMs: Instant.milliseconds(horizon),
            maxEntries: maxEntries)
    }
}
