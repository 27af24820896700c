// Instants: Foundation's Date and the core's milliseconds since the epoch,
// by one rule for the client (FeedDateClient) and for FeedDateFoundation.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Converts between `Date` and the core's instants (signed milliseconds
/// since 1970-01-01T00:00:00Z, SPEC section 1).
///
/// A `Date` is a `Double` of seconds since 2001, binary floating point, so
/// it is read by SPEC 11's rule (1.3), the same in every binding: **rounded
/// to the nearest microsecond, then floored to the millisecond**
/// (1970-01-01T00:00:00.0625Z is 62, 0.4 ms before midnight is the last
/// millisecond of the day before, and a `Date` that lies less than half a
/// microsecond below a millisecond is that millisecond), and the `Date` a
/// caller builds from a whole millisecond m, `Date(timeIntervalSince1970:
/// Double(m) / 1000)`, is m over the whole supported range (years 1 and
/// 9999 too, where that `Date` can lie up to 30 us below m: the SPEC's
/// intent, docs/DESIGN.md). A `TimeInterval` (a horizon) is read the same
/// way, `Double(m) / 1000` being m. Every `Date` this module returns (next
/// changes, schedule starts, discrete inputs) is a whole millisecond that
/// converts back to that millisecond exactly, over the whole supported
/// range.
package enum Instant {
    /// Milliseconds from 1970 to Foundation's reference date, 2001-01-01T00:00:00Z.
    package static let referenceMs: Int64 = 978_307_200_000

    /// `seconds` in milliseconds by SPEC 11's rule for binary floating
    /// point: the exact value rounded to the nearest microsecond, then
    /// floored to the millisecond. Exact: no product or sum is rounded on
    /// the way (a half microsecond never decides the millisecond of a
    /// binary double). nil when it is not finite or no Int64 of
    /// microseconds holds it (beyond some 285,000 years).
    package static func floorMilliseconds(seconds x: Double) -> Int64? {
        split(x)?.ms
    }

    /// The rule's letter for `x` seconds: its millisecond, and the
    /// microseconds past it (0 to 999). nil as `floorMilliseconds`.
    private static func split(_ x: Double) -> (ms: Int64, past: Int64)? {
        guard x.isFinite, x.magnitude < 9e12 else { return nil }
        let (q, r) = microseconds(x).quotientAndRemainder(dividingBy: 1000)
        return r < 0 ? (q - 1, r + 1000) : (q, r)
    }

    /// The exact value of finite `x` seconds (magnitude below 9e12) rounded
    /// to the nearest microsecond.
    static func microseconds(_ x: Double) -> Int64 {
        let whole = x.rounded(.towardZero) // exact
        let fraction = x - whole // exact (Sterbenz), in (-1, 1)
        let product = fraction * 1e6 // the microseconds, rounded ...
        let error = (-product).addingProduct(fraction, 1e6) // ... and by how much: exact (fused)
        var us = product.rounded(.toNearestOrEven)
        let off = product - us // exact
        if off == 0.5 && error > 0 {
            us += 1
        } else if off == -0.5 && error < 0 {
            us -= 1
        }
        return Int64(whole) * 1_000_000 + Int64(us)
    }

    /// The millisecond of `seconds` since millisecond `base` (0 or
    /// `referenceMs`) by SPEC 11's rule as its intent reads (docs/DESIGN.md):
    /// the usual `Double` of a whole millisecond m, `Double(m) / 1000 -
    /// Double(base / 1000)` (`Date(timeIntervalSince1970: Double(m) / 1000)`,
    /// a `TimeInterval` of m ms), is m; any other value is rounded to the
    /// microsecond, then floored. That `Double` lies less than 31 us from m
    /// over the supported range (two roundings of at most 2^-16 s each), so
    /// only a value the rule reads with 969 us or more past its millisecond
    /// can be the one of the next millisecond, and only then is it built and
    /// compared. nil as `floorMilliseconds`.
    package static func milliseconds(seconds x: Double, since base: Int64) -> Int64? {
        guard let (floor, past) = split(x) else { return nil }
        let ms = floor + base
        if past >= 969, Double(ms + 1) / 1000 - Double(base / 1000) == x {
            return ms + 1
        }
        return ms
    }

    /// The millisecond of `date` by SPEC 11's rule (see
    /// `milliseconds(seconds:since:)`: the `Date` a caller builds from a
    /// whole millisecond is that millisecond). A date too far out for the
    /// core's range (or not finite) gives Int64.min or Int64.max, which the
    /// core reports as out of range (FeedDateError.range) like any other.
    package static func milliseconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSinceReferenceDate
        guard let ms = milliseconds(seconds: seconds, since: referenceMs) else {
            return seconds > 0 ? Int64.max : Int64.min
        } // NaN: min
        return ms
    }

    /// The `Date` of millisecond `ms`: the one a caller builds from an epoch
    /// value, `Date(timeIntervalSince1970: Double(ms) / 1000)`, so that the
    /// two compare equal; it converts back to `ms` exactly over the whole
    /// supported range (`milliseconds(seconds:since:)`).
    package static func date(_ ms: Int64) -> Date {
        Date(timeIntervalSince1970: Double(ms) / 1000)
    }

    /// The date of a core instant that may be "never" (nil).
    package static func date(orNever ms: Int64?) -> Date? { ms.map { date($0) } }

    /// A time interval (seconds) in whole milliseconds by the same rule; one
    /// that no Int64 holds (or not finite) gives Int64.min or Int64.max,
    /// which the core's range checks refuse with their own message.
    package static func milliseconds(_ interval: TimeInterval) -> Int64 {
        // NaN gives Int64.min.
        guard let ms = milliseconds(seconds: interval, since: 0) else { return interval > 0 ? Int64.max : Int64.min }
        return ms
    }
}

extension Instant {
    /// The `Date` of the millisecond `by` after `date`'s (by the rule), nil
    /// beyond Int64: the step of the format styles' `input(before:)` and
    /// `input(after:)`.
    package static func step(_ date: Date, by delta: Int64) -> Date? {
        let (ms, overflow) = milliseconds(date).addingReportingOverflow(delta)
        return overflow ? nil : Instant.date(ms)
    }
}
