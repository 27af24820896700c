// The views a formatter keeps for the calls that come after: the day of the
// latest now, and the day after it (where most labels change).
import Synchronization

/// A View shared by the threads using a formatter, under a Seqlock: readers
/// only read, so threads sharing a formatter never contend.
final class SharedView: Sendable {
    private let lock = Seqlock()
    private let from = Atomic<Int64>(0), until = Atomic<Int64>(0), day = Atomic<Int64>(0)
    private let yearStart = Atomic<Int64>(0), yearEnd = Atomic<Int64>(0), nextYear = Atomic<Int64>(0)
    private let offset = Atomic<Int64>(0), calmUntil = Atomic<Int64>(0)

    init() {}

    /// The stored view if it covers x.
    @inline(__always)
    func load(covering x: Int64) -> View? {
        guard let s = lock.beginRead() else { return nil }
        let v = View(
            from: from.load(ordering: .relaxed), until: until.load(ordering: .relaxed),
            day: day.load(ordering: .relaxed), yearStart: yearStart.load(ordering: .relaxed),
            yearEnd: yearEnd.load(ordering: .relaxed), nextYear: nextYear.load(ordering: .relaxed),
            offset: offset.load(ordering: .relaxed), calmUntil: calmUntil.load(ordering: .relaxed))
        guard lock.endRead(s), v.covers(x) else { return nil }
        return v
    }

    func store(_ v: View) {
        guard let s = lock.beginWrite() else { return }
        from.store(v.from, ordering: .relaxed)
        until.store(v.until, ordering: .relaxed)
        day.store(v.day, ordering: .relaxed)
        yearStart.store(v.yearStart, ordering: .relaxed)
        yearEnd.store(v.yearEnd, ordering: .relaxed)
        nextYear.store(v.nextYear, ordering: .relaxed)
        offset.store(v.offset, ordering: .relaxed)
        calmUntil.store(v.calmUntil, ordering: .relaxed)
        lock.endWrite(s)
    }
}
