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
    /// The zone's offset at `from`, and the first offset change after three
    /// days before `from` (Int64.max: none; Int64.min: not worked out), for
    /// Rules.calm.
    var offset: Int64 = 0
    var calmUntil: Int64 = Int64.min

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
    /// Whether `at` made a view in this call (one for the formatter to keep).
    var made = false

    /// The view of x, from those met so far or made (and kept) now.
    @inline(__always)
    mutating func at(_ x: Int64, _ make: (Int64) throws(FeedDateError) -> View) throws(FeedDateError) -> View {
        if let v = now, v.covers(x) { return v }
        if let v = other, v.covers(x) { return v }
        let v = try make(x)
        if now == nil { now = v } else { other = v }
        made = true
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
    private let offset = Atomic<Int64>(0), calmUntil = Atomic<Int64>(0)

    init() {}

    /// The stored view if it covers x.
    @inline(__always)
    func load(covering x: Int64) -> View? {
        let s1 = seq.load(ordering: .acquiring)
        guard s1 != 0, s1 & 1 == 0 else { return nil }
        let v = View(from: from.load(ordering: .relaxed), until: until.load(ordering: .relaxed),
                     day: day.load(ordering: .relaxed), yearStart: yearStart.load(ordering: .relaxed),
                     yearEnd: yearEnd.load(ordering: .relaxed), nextYear: nextYear.load(ordering: .relaxed),
                     offset: offset.load(ordering: .relaxed), calmUntil: calmUntil.load(ordering: .relaxed))
        atomicMemoryFence(ordering: .acquiring)
        guard seq.load(ordering: .relaxed) == s1, v.covers(x) else { return nil }
        return v
    }

    func store(_ v: View) {
        let s = seq.load(ordering: .relaxed)
        guard s & 1 == 0, seq.compareExchange(expected: s, desired: s + 1, ordering: .acquiring).exchanged else { return }
        // The odd number is visible before any field changes (weakly ordered CPUs).
        atomicMemoryFence(ordering: .releasing)
        from.store(v.from, ordering: .relaxed)
        until.store(v.until, ordering: .relaxed)
        day.store(v.day, ordering: .relaxed)
        yearStart.store(v.yearStart, ordering: .relaxed)
        yearEnd.store(v.yearEnd, ordering: .relaxed)
        nextYear.store(v.nextYear, ordering: .relaxed)
        offset.store(v.offset, ordering: .relaxed)
        calmUntil.store(v.calmUntil, ordering: .relaxed)
        seq.store(s + 2, ordering: .releasing)
    }
}

/// The next changes of a formatter's day-based labels at one view (see
/// `Rules.dayKey`): slot k holds the next change of every label whose local
/// day is k days before the view's (the last slot: that many days or more).
/// Readers only read, under a seqlock like SharedView's, so threads sharing a
/// formatter never write a shared cache line once the slots they need are
/// filled. Writers take the sequence number odd, so a value worked out for
/// one view can never land in the slots of another. Moving to a new view does
/// not clear the slots: each carries the generation of its view in its top
/// bits (0: empty), and the slots are cleared only when the generation wraps.
struct NextChangeMemo: ~Copyable, @unchecked Sendable {
    /// Slots of day-based styles; other styles have none.
    static let slotCount = 513
    private static let generationBits = 12
    private static let valueBits = 64 - generationBits
    /// The value of "never" (values are next change − view.until, below 2^52).
    private static let neverValue: Int64 = (1 << valueBits) - 1

    private let seq = Atomic<Int64>(0)
    private let day = Atomic<Int64>(0), until = Atomic<Int64>(0), generation = Atomic<Int64>(0)
    private let slots: UnsafeMutablePointer<Atomic<Int64>>

    private let count: Int

    init(slots count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        for i in 0..<count { (slots + i).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// The next change remembered in slot k (< slotCount) for view v.
    @inline(__always)
    func load(_ k: Int, at v: View) -> Int64? {
        let s1 = seq.load(ordering: .acquiring)
        guard s1 & 1 == 0, day.load(ordering: .relaxed) == v.day, until.load(ordering: .relaxed) == v.until else { return nil }
        let g = generation.load(ordering: .relaxed)
        let raw = slots[k].load(ordering: .relaxed)
        atomicMemoryFence(ordering: .acquiring)
        // Unsigned: a generation of 2048 or more sets the sign bit of raw.
        guard seq.load(ordering: .relaxed) == s1, g != 0, UInt64(bitPattern: raw) >> NextChangeMemo.valueBits == UInt64(g) else {
            return nil
        }
        let value = raw & NextChangeMemo.neverValue
        return value == NextChangeMemo.neverValue ? Rules.never : v.until + value
    }

    /// Remembers next (>= v.until, or Rules.never) in slot k for view v, moving
    /// the memo to v first if it holds another view. Gives up if another
    /// writer is busy, or if next cannot be stored.
    func store(_ k: Int, _ next: Int64, at v: View) {
        guard next == Rules.never || (next >= v.until && next - v.until < NextChangeMemo.neverValue) else { return }
        let s = seq.load(ordering: .acquiring)
        guard s & 1 == 0, seq.compareExchange(expected: s, desired: s + 1, ordering: .acquiring).exchanged else { return }
        // The odd number is visible before any field changes (weakly ordered CPUs).
        atomicMemoryFence(ordering: .releasing)
        var g = generation.load(ordering: .relaxed)
        if g == 0 || day.load(ordering: .relaxed) != v.day || until.load(ordering: .relaxed) != v.until {
            g += 1
            if g >> NextChangeMemo.generationBits != 0 {
                for i in 0..<count { slots[i].store(0, ordering: .relaxed) }
                g = 1
            }
            day.store(v.day, ordering: .relaxed)
            until.store(v.until, ordering: .relaxed)
            generation.store(g, ordering: .relaxed)
        }
        let value = next == Rules.never ? NextChangeMemo.neverValue : next - v.until
        slots[k].store(g << NextChangeMemo.valueBits | value, ordering: .relaxed)
        seq.store(s + 2, ordering: .releasing)
    }
}
