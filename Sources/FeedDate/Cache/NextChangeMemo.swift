// The next changes of a formatter's day labels (Validity.swift's DayLabel
// with nextChangeByDay), kept per view of now by days back.
import Glibc
import Synchronization

/// Slot k holds, for one view, the next change of every label whose local
/// day is k days before the view's (the last slot: that many days or more;
/// from 512 days back every label reads a full date that never changes
/// again). Readers only read, under a Seqlock, so threads sharing a
/// formatter never write a shared cache line once the slots they need are
/// filled; writers hold the sequence number odd, so a value worked out for
/// one view can never land in the slots of another. Moving to a new view
/// does not clear the slots: each carries the generation of its view in its
/// top bits (0: empty), and the slots are cleared only when the generation
/// wraps. The slots are made by the first store (a memo nothing is stored
/// in holds none: a formatter that never makes a schedule has no memo of
/// schedules); without the memory, nothing is kept.
struct NextChangeMemo: ~Copyable, @unchecked Sendable {
    /// Slots of the styles with day labels (FeedDateStyle.holdsForDay); others have none.
    static let slotCount = 513
    private static let generationBits = 12
    private static let valueBits = 64 - generationBits
    /// The value of "never" (values are next change − view.until, below 2^52).
    private static let neverValue: Int64 = (1 << valueBits) - 1

    private let lock = Seqlock()
    private let day = Atomic<Int64>(0), until = Atomic<Int64>(0), generation = Atomic<Int64>(0)
    /// The address of the slots (0: not made yet), published by the writer
    /// that made them.
    private let slots = Atomic<Int>(0)

    private let count: Int

    init(slots count: Int) {
        self.count = count
    }

    deinit {
        free(UnsafeMutableRawPointer(bitPattern: slots.load(ordering: .acquiring)))
    }

    /// The slot of a label `daysBack` (>= 0) days before the view's day.
    @inline(__always)
    static func slot(daysBack: Int64) -> Int { Int(min(daysBack, Int64(slotCount - 1))) }

    /// The next change remembered in slot k (< slotCount) for view v.
    @inline(__always)
    func load(_ k: Int, at v: View) -> Int64? {
        guard let s = lock.beginRead(), day.load(ordering: .relaxed) == v.day, until.load(ordering: .relaxed) == v.until
        else {
            return nil
        }
        let g = generation.load(ordering: .relaxed)
        guard let slots = UnsafeMutablePointer<Atomic<Int64>>(bitPattern: self.slots.load(ordering: .acquiring)) else {
            return nil
        }
        let raw = slots[k].load(ordering: .relaxed)
        // Unsigned: a generation of 2048 or more sets the sign bit of raw.
        guard lock.endRead(s), g != 0, UInt64(bitPattern: raw) >> NextChangeMemo.valueBits == UInt64(g) else {
            return nil
        }
        let value = raw & NextChangeMemo.neverValue
        return value == NextChangeMemo.neverValue ? Rules.never : v.until + value
    }

    /// Remembers next (>= v.until, or Rules.never) in slot k for view v, moving
    /// the memo to v first if it holds another view. Gives up if another
    /// writer is busy, or if next cannot be stored.
    func store(_ k: Int, _ next: Int64, at v: View) {
        guard next == Rules.never || (next >= v.until && next - v.until < NextChangeMemo.neverValue),
            let s = lock.beginWrite()
        else { return }
        guard let slots = madeSlots() else { lock.endWrite(s); return }
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
        lock.endWrite(s)
    }

    /// The slots, made zeroed (every slot empty) on the first call; nil
    /// without the memory. Called by the one writer (inside the Seqlock), so
    /// no other can make them at the same time.
    @inline(__always)
    private func madeSlots() -> UnsafeMutablePointer<Atomic<Int64>>? {
        if let p = UnsafeMutablePointer<Atomic<Int64>>(bitPattern: slots.load(ordering: .relaxed)) { return p }
        guard let fresh = calloc(count, MemoryLayout<Atomic<Int64>>.size) else { return nil }
        slots.store(Int(bitPattern: fresh), ordering: .releasing)
        return fresh.assumingMemoryBound(to: Atomic<Int64>.self)
    }
}
