// Instants: Foundation's Date and the core's milliseconds since the epoch.
import Foundation

/// Converts between `Date` and the core's instants (signed milliseconds
/// since 1970-01-01T00:00:00Z, SPEC section 1).
///
/// A `Date` is **rounded to the nearest millisecond** (halves away from
/// zero), as SPEC section 12 fixes: the label of a `Date` is the label of
/// its nearest millisecond. Every `Date` this module returns (next changes,
/// schedule starts, discrete inputs) is a whole millisecond, built so that
/// converting it back gives that millisecond exactly, over the whole
/// supported range. Rounding, not flooring, is what makes that hold: a
/// `Date` is a `Double` of seconds since 2001, so the `Date` of a
/// millisecond often lies a hair below it, and a floor would read it as the
/// millisecond before.
enum Instant {
    /// Milliseconds from 1970 to Foundation's reference date, 2001-01-01T00:00:00Z.
    static let referenceMs: Int64 = 978_307_200_000

    /// The millisecond nearest to `date`. A date too far out for the core's
    /// range (or not finite) gives Int64.min or Int64.max, which the core
    /// reports as out of range (FeedDateError.range) like any other.
    static func milliseconds(_ date: Date) -> Int64 {
        let ms = (date.timeIntervalSinceReferenceDate * 1000).rounded(.toNearestOrAwayFromZero)
        // 1e16 ms is some 300,000 years: far outside the supported range,
        // well inside Int64.
        guard ms > -1e16 else { return Int64.min }  // also NaN
        guard ms < 1e16 else { return Int64.max }
        return Int64(ms) + referenceMs
    }

    /// The `Date` of millisecond `ms`, built as a caller builds one from an
    /// epoch value, `Date(timeIntervalSince1970: Double(ms) / 1000)`, so that
    /// the two compare equal. Converting it back gives `ms` exactly over the
    /// whole supported range: its two roundings (the division, then the
    /// move to Foundation's reference date) are off by less than 0.05 ms
    /// even in year 9999, where a Double of seconds since 2001 has steps of
    /// 0.03 ms.
    static func date(_ ms: Int64) -> Date {
        Date(timeIntervalSince1970: Double(ms) / 1000)
    }

    /// The date of a core instant that may be "never" (nil).
    static func date(orNever ms: Int64?) -> Date? { ms.map { date($0) } }

    /// A time interval (seconds) in whole milliseconds, rounded like a
    /// `Date`; one that no Int64 holds (or not finite) gives Int64.min or
    /// Int64.max, which the core's range checks refuse.
    static func milliseconds(_ interval: TimeInterval) -> Int64 {
        let ms = (interval * 1000).rounded(.toNearestOrAwayFromZero)
        guard ms > -9e18 else { return Int64.min }  // also NaN
        guard ms < 9e18 else { return Int64.max }
        return Int64(ms)
    }
}
