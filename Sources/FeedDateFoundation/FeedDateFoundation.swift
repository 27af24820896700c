// FeedDateFoundation (SPEC section 12): the rules of FeedDate with Swift's
// own types. `import FeedDateFoundation` is all a caller writes: FeedDate,
// FeedDateClient (the schedule's Date views, its format style) and
// Foundation (Date, Locale, TimeZone) come with it (SPEC 12, 1.3). The core
// (FeedDate) and the C library (libfeeddate.so) never import Foundation.
// Dates convert to milliseconds by FeedDateClient's Instant.swift (SPEC 11's
// rule: to the microsecond, then floored), the client's rule too.
//
// One job per file:
//   Options+Foundation.swift     FeedDateOptions from Locale and TimeZone
//   Options+Codable.swift        FeedDateOptions as Codable
//   Formatter+Date.swift         label, format, formatMany with Date
//   Schedule+Date.swift          schedule(for:now:horizon:maxEntries:) with Date
//   FormatterCache.swift         the one cache of formatters behind the format style
//   FeedDateFormatStyle.swift    the DiscreteFormatStyle and `.feed(...)`
//   Error+Localized.swift        FeedDateError as LocalizedError
@_exported import FeedDate
@_exported import FeedDateClient
@_exported import Foundation
