// FeedDateFoundation (SPEC section 12): the rules of FeedDate with Swift's
// own types. `import FeedDateFoundation` is all a caller writes: FeedDate
// comes with it. This target is the only one that imports Foundation; the
// core (FeedDate) and the C library (feeddate, libfeeddate.so) never do.
//
// One job per file:
//   Instant.swift                Date <-> milliseconds (SPEC 11's rule: to the us, then floored)
//   Options+Foundation.swift     FeedDateOptions from Locale and TimeZone
//   Options+Codable.swift        FeedDateOptions as Codable
//   Formatter+Date.swift         label, format, formatMany with Date
//   Schedule+Date.swift          schedule(for:now:horizon:maxEntries:) with Date
//   FormatterCache.swift         the one cache of formatters behind the format style
//   FeedDateFormatStyle.swift    the DiscreteFormatStyle and `.feed(...)`
@_exported import FeedDate
