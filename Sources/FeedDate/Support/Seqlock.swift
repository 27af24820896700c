// The one seqlock of the library: SharedView and NextChangeMemo keep their
// fields in atomics (relaxed loads and stores) and order them with this.
import Synchronization

/// The sequence number of a seqlock. A reader takes the fields between two
/// equal even sequence numbers (beginRead, then relaxed loads, then
/// endRead), and gives up if a writer came between: it never waits, so a
/// reader never spins, in a forked child either. A writer makes the number
/// odd while it stores (beginWrite, relaxed stores, endWrite), and gives up
/// if another writer is busy. So readers never write a shared cache line.
struct Seqlock: ~Copyable {
    private let seq = Atomic<Int64>(0)

    init() {}

    /// The sequence number to hand to endRead, or nil while a write is under
    /// way or before the first write (nothing to read: the fields need not
    /// be loaded at all).
    @inline(__always)
    func beginRead() -> Int64? {
        let s = seq.load(ordering: .acquiring)
        return s != 0 && s & 1 == 0 ? s : nil
    }

    /// Whether the fields loaded since beginRead gave `s` are consistent.
    @inline(__always)
    func endRead(_ s: Int64) -> Bool {
        atomicMemoryFence(ordering: .acquiring)
        return seq.load(ordering: .relaxed) == s
    }

    /// The sequence number to hand to endWrite, or nil when another writer
    /// is busy or a fork is waiting (the caller then stores nothing). A
    /// writer is inside the fork gate (ForkGate.swift) from here to
    /// endWrite, so that no fork leaves the number odd in the child.
    @inline(__always)
    func beginWrite() -> Int64? {
        let s = seq.load(ordering: .acquiring)
        guard s & 1 == 0, ForkGate.tryEnter() else { return nil }
        guard seq.compareExchange(expected: s, desired: s + 1, ordering: .acquiring).exchanged else {
            ForkGate.leave()
            return nil
        }
        // The odd number is visible before any field changes (weakly ordered CPUs).
        atomicMemoryFence(ordering: .releasing)
        return s
    }

    @inline(__always)
    func endWrite(_ s: Int64) {
        seq.store(s + 2, ordering: .releasing)
        ForkGate.leave()
    }
}
