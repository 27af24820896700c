// Schedules (SPEC section 11): the labels an instant will show from now on,
// each with the instant it starts, so that a client only swaps text at those
// instants and writes no rule of its own. Built on the label and its next
// change (one of each per entry: no second walk), and written three ways
// from one walk: as Swift values, into the C caller's buffers, and as the
// wire form (FeedDateWire's WireWriter.swift, the one writer of the wire).
// The schedule type itself, FeedDateSchedule, is FeedDateWire's (issue 40):
// the type a client decodes is the type the library returns.
// The fuzz build (mk/hardening.mk) compiles FeedDateWire's files into this
// module instead, where there is no FeedDateWire to import.
#if canImport(FeedDateWire)
    @_exported import FeedDateWire
#endif
import CFeedDateABI // the header's FD_SCHEDULE_* limits (fdabi.h)

extension Sink: ScheduleOutput {
    @inline(__always)
    package func room(_ bytes: Int) -> UnsafeMutablePointer<UInt8>? {
        guard let base, length + bytes <= capacity else { return nil }
        return (base + length).assumingMemoryBound(to: UInt8.self)
    }
    @inline(__always)
    package mutating func advance(by bytes: Int) { length += bytes }
}

extension FeedDateFormatter {
    // The limits and defaults are the header's (include/feeddate.h), read
    // through CFeedDateABI's fdabi.h: written there alone.
    /// The longest horizon a schedule takes (366 days, FD_SCHEDULE_MAX_HORIZON_MS).
    public static let scheduleHorizonLimitMs: Int64 = fdabi_schedule_max_horizon_ms
    /// The most entries a schedule takes (FD_SCHEDULE_MAX_ENTRIES).
    public static let scheduleEntriesLimit = Int(fdabi_schedule_max_entries)
    /// The default horizon (1.3): one day (FD_SCHEDULE_DEFAULT_HORIZON_MS).
    public static let scheduleDefaultHorizonMs: Int64 = fdabi_schedule_default_horizon_ms
    /// The default most entries (1.3): 1,000 (FD_SCHEDULE_DEFAULT_MAX_ENTRIES).
    public static let scheduleDefaultMaxEntries = Int(fdabi_schedule_default_max_entries)

    /// The error for a max_entries out of 1...scheduleEntriesLimit, with
    /// the count as the caller meant it (fd_schedule's size_t -1 is -1).
    @inline(never)
    package static func maxEntriesError(_ meant: String) -> FeedDateError {
        .argument("max_entries \(meant) is out of range 1...\(scheduleEntriesLimit)")
    }

    /// The error of a horizon out of range, else of max_entries: out of
    /// line, so that the walk stays small enough for its callers to inline.
    @inline(never)
    private static func scheduleArgumentError(horizonMs: Int64, maxEntries: Int) -> FeedDateError {
        guard (0...scheduleHorizonLimitMs).contains(horizonMs) else {
            return .argument(
                "horizon \(horizonMs) ms is out of range 0...\(scheduleHorizonLimitMs) (\(scheduleHorizonLimitMs / msPerDay) days)"
            )
        }
        return maxEntriesError(String(maxEntries))
    }

    /// The schedule of `t` seen from `now` (SPEC section 11): entries until
    /// one never changes, `maxEntries` are made, or one changes at or after
    /// now + `horizonMs`.
    public func schedule(
        _ t: Int64, now: Int64, horizonMs: Int64 = FeedDateFormatter.scheduleDefaultHorizonMs,
        maxEntries: Int = FeedDateFormatter.scheduleDefaultMaxEntries
    ) throws(FeedDateError) -> FeedDateSchedule {
        var entries: [FeedDateSchedule.Entry] = []
        let until = try walkSchedule(t, now: now, horizonMs: horizonMs, maxEntries: maxEntries) { text, from in
            entries.append(.init(text: String(decoding: text, as: UTF8.self), fromMs: from))
        }
        return FeedDateSchedule(nowMs: now, entries: entries, untilMs: until == Rules.never ? nil : until)
    }

    /// fd_schedule: the texts one after another into base[0..<capacity]
    /// (nothing past it; a text that does not fit is not written whole),
    /// ends[i] just past text i, froms[i] its start. Returns the count and
    /// the until (Int64.max when complete); the caller compares
    /// ends[count - 1] with capacity.
    package func writeSchedule(
        _ t: Int64, now: Int64, horizonMs: Int64, maxEntries: Int,
        into base: UnsafeMutableRawPointer?, capacity: Int, ends: UnsafeMutablePointer<Int>,
        froms: UnsafeMutablePointer<Int64>
    ) throws(FeedDateError) -> (count: Int, until: Int64) {
        var sink = Sink(base: base, capacity: capacity), count = 0
        let until = try walkSchedule(t, now: now, horizonMs: horizonMs, maxEntries: maxEntries) { text, from in
            sink.append(text) // whole or not at all (Sink)
            ends[count] = sink.length
            froms[count] = from
            count += 1
        }
        return (count, until)
    }

    /// fd_schedule_json: the wire form into base[0..<capacity] (nothing past
    /// it); returns its full length.
    package func writeScheduleJSON(
        _ t: Int64, now: Int64, horizonMs: Int64, maxEntries: Int,
        into base: UnsafeMutableRawPointer?, capacity: Int
    ) throws(FeedDateError) -> Int {
        var sink = Sink(base: base, capacity: capacity), previous = now, first = true
        ScheduleJSON.begin(now: now, into: &sink)
        let until = try walkSchedule(t, now: now, horizonMs: horizonMs, maxEntries: maxEntries) { text, from in
            ScheduleJSON.entry(text, delta: from - previous, first: first, into: &sink)
            previous = from
            first = false
        }
        ScheduleJSON.end(until: until, into: &sink)
        return sink.length
    }

    /// The wire form as bytes, and the text of its first entry (the label
    /// at now), for the markup and script forms (Markup/).
    func scheduleWire(_ t: Int64, now: Int64, horizonMs: Int64, maxEntries: Int) throws(FeedDateError) -> (
        wire: [UInt8], first: [UInt8]
    ) {
        var wire: [UInt8] = [], first: [UInt8]? = nil, previous = now
        ScheduleJSON.begin(now: now, into: &wire)
        let until = try walkSchedule(t, now: now, horizonMs: horizonMs, maxEntries: maxEntries) { text, from in
            ScheduleJSON.entry(text, delta: from - previous, first: first == nil, into: &wire)
            if first == nil { first = Array(text) }
            previous = from
        }
        ScheduleJSON.end(until: until, into: &wire)
        return (wire, first ?? [])
    }

    /// The one walk: hands each entry's text and start to `body`, returns the until (Int64.max: complete).
    private func walkSchedule(
        _ t: Int64, now: Int64, horizonMs: Int64, maxEntries: Int,
        _ body: (UnsafeRawBufferPointer, Int64) -> Void
    ) throws(FeedDateError) -> Int64 {
        guard (0...Self.scheduleHorizonLimitMs).contains(horizonMs),
            (1...Self.scheduleEntriesLimit).contains(maxEntries)
        else {
            throw Self.scheduleArgumentError(horizonMs: horizonMs, maxEntries: maxEntries)
        }
        guard FeedDateRange.contains(now) else { throw .range(now) }
        let end = now + horizonMs
        var from = now, made = 0
        // The first entry is a label at the real now, written as fd_format
        // writes it (and keeping what it works out, as that would); the
        // others are labels at later nows, written with views of their own
        // that leave the formatter's caches of now's day alone.
        var ahead = Views()
        func entry(_ base: UnsafeMutableRawPointer?, _ capacity: Int) throws(FeedDateError) -> FeedDateWritten {
            made == 0
                ? try write(t, now: from, into: base, capacity: capacity)
                : try writeAhead(t, now: from, into: base, capacity: capacity, &ahead)
        }
        return try withUnsafeTemporaryAllocation(byteCount: FeedDateFormatter.capacity, alignment: 1) {
            (scratch: UnsafeMutableRawBufferPointer) throws(FeedDateError) -> Int64 in
            while true {
                var w = try entry(scratch.baseAddress, scratch.count)
                if w.length <= scratch.count {
                    body(UnsafeRawBufferPointer(rebasing: scratch[..<w.length]), from)
                } else {
                    // Longer than any label we know of: written again into a buffer that fits.
                    let long = UnsafeMutableRawBufferPointer.allocate(byteCount: w.length, alignment: 1)
                    defer { long.deallocate() }
                    w = try entry(long.baseAddress, long.count)
                    body(UnsafeRawBufferPointer(rebasing: long[..<w.length]), from)
                }
                made += 1
                let next = w.nextChange
                if next == Rules.never || made == maxEntries || next >= end { return next }
                from = next
            }
        }
    }
}
