// Instants: Foundation's Date and the core's milliseconds since the epoch.
import Foundation

/// Converts between `Date` and the core's instants (signed milliseconds
/// since 1970-01-01T00:00:00Z, SPEC section 1).
///
/// A `Date` is a `Double` of seconds since 2001, binary floating point, so
/// it is read by SPEC 11's rule (1.3), the same in every binding: **rounded
/// to the nearest microsecond, then floored to the millisecond**
/// (1970-01-01T00:00:00.0625Z is 62, 0.4 ms before midnight is the last
/// millisecond of the day before, and a `Date` that lies less than half a
/// microsecond below a millisecond is that millisecond). A `TimeInterval`
/// (a horizon) is read the same way. Every `Date` this module returns (next
/// changes, schedule starts, discrete inputs) is a whole millisecond that
/// converts back to that millisecond exactly, over the whole supported
/// range.
enum Instant {
    /// Milliseconds from 1970 to Foundation's reference date, 2001-01-01T00:00:00Z.
    static let referenceMs: Int64 = 978_307_200_000

    /// `seconds` in milliseconds by SPEC 11's rule for binary floating
    /// point: the exact value rounded to the nearest microsecond, then
    /// floored to the millisecond. Exact: no product or sum is rounded on
    /// the way (a half microsecond never decides the millisecond of a
    /// binary double). nil when it is not finite or no Int64 of
    /// microseconds holds it (beyond some 285,000 years).
    static func floorMilliseconds(seconds x: Double) -> Int64? {
        guard x.isFinite, x.magnitude < 9e12 else { return nil }
        let whole = x.rounded(.towardZero)  // exact
        let fraction = x - whole  // exact (Sterbenz), in (-1, 1)
        let product = fraction * 1e6  // the microseconds, rounded ...
        let error = (-product).addingProduct(fraction, 1e6)  // ... and by how much: exact (fused)
        var us = product.rounded(.toNearestOrEven)
        let off = product - us  // exact
        if off == 0.5 && error > 0 {
            us += 1
        } else if off == -0.5 && error < 0 {
            us -= 1
        }
        let total = Int64(whole) * 1_000_000 + Int64(us)
        let (q, r) = total.quotientAndRemainder(dividingBy: 1000)
        return r < 0 ? q - 1 : q
    }

    /// The millisecond of `date` by SPEC 11's rule. A date too far out for
    /// the core's range (or not finite) gives Int64.min or Int64.max, which
    /// the core reports as out of range (FeedDateError.range) like any
    /// other.
    static func milliseconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSinceReferenceDate
        guard let ms = floorMilliseconds(seconds: seconds) else { return seconds > 0 ? Int64.max : Int64.min }  // NaN: min
        return ms + referenceMs
    }

    /// The `Date` of millisecond `ms`: the one a caller builds from an epoch
    /// value, `Date(timeIntervalSince1970: Double(ms) / 1000)`, so that the
    /// two compare equal, wherever that one converts back to `ms` (always
    /// within 100 years of 2001). Further out its two roundings (the
    /// division, then the move to 2001) can leave it more than half a
    /// microsecond below `ms`, which the rule reads as the millisecond
    /// before; the next `Date`s up (a step or two of 0.03 ms in year 9999)
    /// are then taken until the first that reads as `ms`, so converting it
    /// back gives `ms` exactly over the whole supported range.
    static func date(_ ms: Int64) -> Date {
        var date = Date(timeIntervalSince1970: Double(ms) / 1000)
        while milliseconds(date) < ms {
            date = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.nextUp)
        }
        return date
    }

    /// The date of a core instant that may be "never" (nil).
    static func date(orNever ms: Int64?) -> Date? { ms.map { date($0) } }

    /// A time interval (seconds) in whole milliseconds by the same rule; one
    /// that no Int64 holds (or not finite) gives Int64.min or Int64.max,
    /// which the core's range checks refuse with their own message.
    static func milliseconds(_ interval: TimeInterval) -> Int64 {
        guard let ms = floorMilliseconds(seconds: interval) else { return interval > 0 ? Int64.max : Int64.min }  // NaN: min
        return ms
    }
}
