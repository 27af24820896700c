// The shared vectors as Tests/FeedDateTests reads them (Tests/VectorReader);
// here t, now and the next change are Dates, as a Swift caller has them.
import Foundation
@testable import FeedDateFoundation

/// The Date of a millisecond, as a caller builds it from an epoch value.
/// The Date of millisecond `ms` that reads back as `ms` by SPEC 11's rule
/// (Instant.date): the one a caller builds, `Date(timeIntervalSince1970:
/// Double(ms) / 1000)`, within 100 years of 2001; a step or two above it in
/// years 1 and 9999, where that one can lie more than half a microsecond below.
func date(_ ms: Int64) -> Date { Instant.date(ms) }
