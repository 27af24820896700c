// FeedDateClient (SPEC section 12, "Swift, 1.3"): the app's side of a
// schedule (section 11). A server (any binding) sends the wire; the app reads
// it into `FeedDateSchedule` and shows `text(at: .now)`, swapping text at
// `nextSwap(after:)`, through a format style or a SwiftUI timeline. No rule
// is written again here, and nothing needs ICU or C: FoundationEssentials
// where it exists (Linux, Swift 6), else Foundation (Apple's), and
// FeedDateWire, the standard library's part.
//
// One job per file:
//   Instant.swift                 Date <-> milliseconds (SPEC 11's rule: to the us, then floored)
//   Schedule+Date.swift           Date views, init(json:), text(at:), nextSwap(after:)
//   FeedDateScheduleStyle.swift   the DiscreteFormatStyle of a schedule
//   TimelineSchedule.swift        SwiftUI's TimelineSchedule (Apple only, untested here)
//   WireError.swift               FeedDateWireError as LocalizedError
@_exported import FeedDateWire
