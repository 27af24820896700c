// FeedDateWire (SPEC section 12, "Swift, 1.3"): a schedule (section 11) as
// whole milliseconds, its wire reader and writer, and the client rule, in
// the standard library alone: no Foundation, no C, no ICU. FeedDate returns
// this type from its schedules, FeedDateClient adds `Date` views to it, and
// an app decodes the server's wire into it: one type, one reader, one writer.
//
// One job per file:
//   FeedDateSchedule.swift   the type and the client rule (text at, next swap after)
//   WireWriter.swift         the wire's bytes (also the library's fd_schedule_json)
//   WireReader.swift         the strict reader of the wire, FeedDateWireError
//   Schedule+Codable.swift   Decodable and Encodable of the wire object

/// The schedule of one instant (SPEC section 11): the labels an instant
/// shows from `nowMs` on, each with the millisecond it starts, and `untilMs`,
/// from which the holder needs a new schedule.
///
/// `entries[0]` starts at `nowMs`; each next entry starts at the previous
/// one's next change; consecutive texts differ. Instants are signed
/// milliseconds since 1970-01-01T00:00:00Z.
///
/// ```swift
/// let s = try FeedDateSchedule(json: wire)   // from a server
/// s.text(atMs: clientMs)                      // the label to show
/// s.nextSwapMs(afterMs: clientMs)             // when to look again
/// ```
public struct FeedDateSchedule: Sendable, Hashable {
    /// One label of a schedule and the millisecond it starts to show.
    public struct Entry: Sendable, Hashable {
        /// The label's text.
        public var text: String
        /// The millisecond from which `text` shows.
        public var fromMs: Int64
        /// An entry: `text` from `fromMs` on.
        public init(text: String, fromMs: Int64) { (self.text, self.fromMs) = (text, fromMs) }
    }

    /// The instant the schedule was made for: `entries[0]` starts there.
    public var nowMs: Int64
    /// The labels in order of their starts.
    public var entries: [Entry]
    /// The next change of the last entry: from then on the client needs a
    /// new schedule. nil when the last label never changes (complete).
    public var untilMs: Int64?

    /// A schedule of these parts, taken as they are (the wire reader,
    /// `init(json:)`, checks section 11's rules; this does not).
    public init(nowMs: Int64, entries: [Entry], untilMs: Int64?) {
        (self.nowMs, self.entries, self.untilMs) = (nowMs, entries, untilMs)
    }

    /// The wire form, `{"v":1,"now":N,"labels":[[text,d0],…],"until":U}`:
    /// section 11's bytes exactly, written by the library's own writer
    /// (the one behind `fd_schedule_json`).
    public var json: String {
        String(decoding: jsonBytes, as: UTF8.self)
    }

    /// The wire form as UTF-8 bytes (`json` without making a `String`).
    public var jsonBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(40 + entries.count * 24)
        ScheduleJSON.begin(now: nowMs, into: &out)
        var previous = nowMs
        for (i, entry) in entries.enumerated() {
            var text = entry.text
            text.withUTF8 {
                ScheduleJSON.entry(
                    UnsafeRawBufferPointer($0), delta: entry.fromMs &- previous, first: i == 0, into: &out)
            }
            previous = entry.fromMs
        }
        ScheduleJSON.end(until: untilMs ?? Int64.max, into: &out)
        return out
    }
}

// MARK: The client rule (SPEC section 11, "The web client" and `pick`)

extension FeedDateSchedule {
    /// The index of the entry shown at client time `ms`: the last one whose
    /// start is at or before `ms`, the first when `ms` is before them all
    /// (nil only for a schedule without entries, which the reader never
    /// makes). Past `untilMs` it stays the last: the client keeps the last
    /// text until it has a new schedule.
    public func index(atMs ms: Int64) -> Int? {
        guard !entries.isEmpty else { return nil }
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].fromMs <= ms { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? 0 : lo - 1
    }

    /// The text shown at client time `ms` (`index(atMs:)`'s entry; "" for a
    /// schedule without entries).
    public func text(atMs ms: Int64) -> String {
        index(atMs: ms).map { entries[$0].text } ?? ""
    }

    /// When a client showing the text at `ms` must look again: the start of
    /// the next entry after `ms`; after the last entry `untilMs` (the text
    /// stays, but a new schedule is needed from then on), and nil when the
    /// schedule is complete or `ms` is at or past `untilMs`. The same as
    /// the web client's `FeedDate.pick(wire, ms).next`.
    public func nextSwapMs(afterMs ms: Int64) -> Int64? {
        if let next = nextTextChangeMs(afterMs: ms) { return next }
        guard let untilMs, untilMs > ms else { return nil }
        return untilMs
    }

    /// The first millisecond after `ms` at which the text differs from the
    /// one at `ms`: the next entry's start, nil after the last entry (the
    /// schedule says nothing past it). What a format style's
    /// `discreteInput(after:)` is.
    public func nextTextChangeMs(afterMs ms: Int64) -> Int64? {
        guard let i = index(atMs: ms), i + 1 < entries.count else { return nil }
        // Before the first entry the first text shows, and keeps showing until the second starts.
        return entries[i + 1].fromMs
    }

    /// The last millisecond before the text shown at `ms` began to show:
    /// the previous entry's text shows there. nil when the text at `ms` is
    /// the first entry's, which shows at every earlier time too.
    public func previousTextEndMs(atMs ms: Int64) -> Int64? {
        guard let i = index(atMs: ms), i > 0 else { return nil }
        return entries[i].fromMs - 1
    }
}
