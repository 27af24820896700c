// The schedule with Foundation's Date (SPEC section 12, "Swift, 1.3"): the
// same type as FeedDateWire's, seen through Dates taken to the millisecond
// by SPEC 11's rule (Instant.swift).
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FeedDateSchedule {
    /// The instant the schedule was made for: `entries[0]` starts there.
    public var now: Date { Instant.date(nowMs) }

    /// From this instant on the client holds no right text and needs a new
    /// schedule; nil when the last label never changes (complete).
    public var until: Date? { Instant.date(orNever: untilMs) }

    /// Reads the wire form from its UTF-8 bytes (an HTTP body), strictly,
    /// as `init(json: String)` does.
    public init(json: Data) throws(FeedDateWireError) {
        try self.init(jsonUTF8: Array(json))
    }

    /// The text shown at `date` by the client rule: the last entry that
    /// starts at or before it, the first entry before them all, the last
    /// after `until` (the text stays; a new schedule is needed).
    public func text(at date: Date) -> String {
        text(atMs: Instant.milliseconds(date))
    }

    /// When a client showing the text at `date` must look again: the next
    /// entry's start; after the last entry `until` (then fetch a new
    /// schedule); nil when the schedule is complete or `date` is at or past
    /// `until`. As the web client's `FeedDate.pick(wire, ms).next`.
    public func nextSwap(after date: Date) -> Date? {
        Instant.date(orNever: nextSwapMs(afterMs: Instant.milliseconds(date)))
    }

    /// Whether `date` is at or past `until`: the text shown then is the last
    /// one the schedule knows, and a new schedule should be fetched.
    public func isStale(at date: Date) -> Bool {
        guard let untilMs else { return false }
        return Instant.milliseconds(date) >= untilMs
    }
}

extension FeedDateSchedule.Entry {
    /// The instant this entry's text starts to show (`fromMs` as a `Date`):
    /// each entry is read as `(entry.text, entry.from)`.
    public var from: Date { Instant.date(fromMs) }
}
