// The one seqlock of the library: SharedView and NextChangeMemo keep their
// fields in atomics (relaxed loads and stores) and order them with this.
import Synchronization

/// The sequence number of a seqlock. A reader takes the fields between two
/// equal even sequence numbers, and gets nil if a writer came between (it
/// never waits); a writer makes the number odd while it stores, and gives up
/// if another writer is busy. So readers never write a shared cache line.
struct Seqlock: ~Copyable {
    private let seq = Atomic<Int64>(0)

    init() {}

    /// `body`'s result if no write overlapped it; `body` reads the fields
    /// with relaxed loads and may give up early (nil).
    @inline(__always)
    func read<T>(_ body: () -> T?) -> T? {
        let s1 = seq.load(ordering: .acquiring)
        guard s1 & 1 == 0 else { return nil }
        let value = body()
        atomicMemoryFence(ordering: .acquiring)
        guard seq.load(ordering: .relaxed) == s1 else { return nil }
        return value
    }

    /// Runs `body` (relaxed stores) as the only writer; does nothing when
    /// another writer is busy.
    @inline(__always)
    func write(_ body: () -> Void) {
        let s = seq.load(ordering: .acquiring)
        guard s & 1 == 0, seq.compareExchange(expected: s, desired: s + 1, ordering: .acquiring).exchanged else { return }
        // The odd number is visible before any field changes (weakly ordered CPUs).
        atomicMemoryFence(ordering: .releasing)
        body()
        seq.store(s + 2, ordering: .releasing)
    }
}
