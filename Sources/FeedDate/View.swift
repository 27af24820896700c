// What every label at one viewer instant shares: the local day, when it
// changes next, and the calendar year around it. A View holds for every
// instant of a local day, so a feed rendered at one now, or a server's calls
// all day long, compute it once. Formatters keep the last one in a seqlock:
// readers only read, so threads sharing a formatter never contend.
import Synchronization

struct View: Equatable {
    /// Valid for instants in [from, until): `until` is the next change of the
    /// local day after `from`.
    var from: Int64
    var until: Int64
    var day: Int64
    /// Local days [yearStart, yearEnd) of the calendar year holding `day`.
    var yearStart: Int64
    var yearEnd: Int64
    /// The first instant of the next calendar year.
    var nextYear: Int64

    @inline(__always)
    func covers(_ x: Int64) -> Bool { x >= from && x < until }
    @inline(__always)
    func sameYear(_ day: Int64) -> Bool { day >= yearStart && day < yearEnd }
}

/// The views one call has met (usually now, and the next day at the
/// boundary of a label).
struct Views {
    var now: View?
    var other: View?

    /// The view of x, from those met so far or made (and kept) now.
    @inline(__always)
    mutating func at(_ x: Int64, _ make: (Int64) throws(FeedDateError) -> View) throws(FeedDateError) -> View {
        if let v = now, v.covers(x) { return v }
        if let v = other, v.covers(x) { return v }
        let v = try make(x)
        if now == nil { now = v } else { other = v }
        return v
    }

    /// The local day and calendar year of x only: a known view, or `partial`
    /// (which leaves `until` and `nextYear` unset and is not kept).
    @inline(__always)
    func day(_ x: Int64, _ partial: (Int64) throws(FeedDateError) -> View) throws(FeedDateError) -> View {
        if let v = now, v.covers(x) { return v }
        if let v = other, v.covers(x) { return v }
        return try partial(x)
    }
}

/// A View shared by the threads using a formatter, as a seqlock: a reader
/// takes the fields between two equal even sequence numbers; a writer makes
/// the number odd while it stores, and gives up if another writer is busy.
/// Formatters keep two: the day of the latest now, and the day after it
/// (where most labels change).
final class SharedView: Sendable {
    private let seq = Atomic<Int64>(0)
    private let from = Atomic<Int64>(0), until = Atomic<Int64>(0), day = Atomic<Int64>(0)
    private let yearStart = Atomic<Int64>(0), yearEnd = Atomic<Int64>(0), nextYear = Atomic<Int64>(0)

    init() {}

    /// The stored view if it covers x.
    @inline(__always)
    func load(covering x: Int64) -> View? {
        let s1 = seq.load(ordering: .acquiring)
        guard s1 != 0, s1 & 1 == 0 else { return nil }
        let v = View(from: from.load(ordering: .relaxed), until: until.load(ordering: .relaxed),
                     day: day.load(ordering: .relaxed), yearStart: yearStart.load(ordering: .relaxed),
                     yearEnd: yearEnd.load(ordering: .relaxed), nextYear: nextYear.load(ordering: .relaxed))
        atomicMemoryFence(ordering: .acquiring)
        guard seq.load(ordering: .relaxed) == s1, v.covers(x) else { return nil }
        return v
    }

    func store(_ v: View) {
        let s = seq.load(ordering: .relaxed)
        guard s & 1 == 0, seq.compareExchange(expected: s, desired: s + 1, ordering: .acquiring).exchanged else { return }
        from.store(v.from, ordering: .relaxed)
        until.store(v.until, ordering: .relaxed)
        day.store(v.day, ordering: .relaxed)
        yearStart.store(v.yearStart, ordering: .relaxed)
        yearEnd.store(v.yearEnd, ordering: .relaxed)
        nextYear.store(v.nextYear, ordering: .relaxed)
        seq.store(s + 2, ordering: .releasing)
    }
}
