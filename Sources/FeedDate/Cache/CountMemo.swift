// The counts of a formatter's RELATIVE and COMPACT labels two or more local
// days back, kept for the calls that come after: such a count, and the days
// of its next change, depend only on now's local day and the label's key
// (days back, and whether t's time of day is after now's: Rules.countKey),
// so a formatter works each one out once per local day of now, not once per
// label. fd_format_many copies whole texts by the same key (BatchCountCopies).
import Glibc
import Synchronization

/// One word per key, for up to 2,047 days back (a feed's five years): now's
/// local day it was worked out for, and the DayCount, its days of next
/// change relative to t's local day. A word is stored and loaded whole, so
/// threads sharing a formatter never see half of one, and a word of another
/// day of now is a miss. The words come in blocks of 1,024 keys (8 KB), each
/// made on the first count stored in it: a formatter whose labels stay
/// within 511 days back holds one. Not copyable, held in the formatter
/// itself: reading it takes no reference count.
struct CountMemo: ~Copyable, @unchecked Sendable {
    static let keys: Int64 = 4_096
    private static let blockShift: Int64 = 10
    private static let blockKeys = 1 << blockShift
    private static let blockCount = Int(keys >> blockShift)

    // 22 bits: now's local day − the first day of FeedDateRange + 1 (0: empty);
    // 2 bits: the unit (day, week, month, year); 8 bits: n; 16 + 16 bits: the
    // days of the next change, after t's local day.
    private static let firstDay = floorDiv(FeedDateRange.minInstantMs, msPerDay) - 1
    /// The blocks' addresses (0: not made yet); nil: a memo of a style
    /// without counts, which holds none.
    private let blocks: UnsafeMutablePointer<Atomic<Int>>?

    init(holdsCounts: Bool) {
        guard holdsCounts else { blocks = nil; return }
        let blocks = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: CountMemo.blockCount)
        for i in 0..<CountMemo.blockCount { (blocks + i).initialize(to: Atomic(0)) }
        self.blocks = blocks
    }

    /// Whether the memo holds counts (its formatter's style has them).
    @inline(__always)
    var holdsCounts: Bool { blocks != nil }

    deinit {
        guard let blocks else { return }
        for i in 0..<CountMemo.blockCount {
            free(UnsafeMutableRawPointer(bitPattern: blocks[i].load(ordering: .acquiring)))
        }
        blocks.deinitialize(count: CountMemo.blockCount)
        blocks.deallocate()
    }

    /// The word of `key` (< keys), nil when its block is not made yet.
    @inline(__always)
    private func word(_ key: Int64, _ blocks: UnsafeMutablePointer<Atomic<Int>>) -> UnsafeMutablePointer<
        Atomic<UInt64>
    >? {
        let block = blocks[Int(key &>> CountMemo.blockShift)].load(ordering: .acquiring)
        guard let p = UnsafeMutablePointer<Atomic<UInt64>>(bitPattern: block) else { return nil }
        return p + Int(key & Int64(CountMemo.blockKeys - 1))
    }

    /// The count remembered for `key` at now's local day `nowDay`, for t on
    /// local day `tDay`.
    @inline(__always)
    func load(_ key: Int64, nowDay: Int64, tDay: Int64) -> Rules.DayCount? {
        guard let blocks, key >= 0, key < CountMemo.keys, let word = word(key, blocks) else { return nil }
        let w = word.pointee.load(ordering: .relaxed)
        guard w & 0x3F_FFFF == UInt64(nowDay - CountMemo.firstDay) else { return nil }
        let unit = CompactUnit(rawValue: CompactUnit.day.rawValue + Int(w >> 22 & 3))!
        return Rules.DayCount(
            n: Int64(w >> 24 & 0xFF), unit: unit,
            next: (tDay + Int64(w >> 32 & 0xFFFF), tDay + Int64(w >> 48)))
    }

    /// Remembers `c` for `key` at now's local day `nowDay`, t on local day
    /// `tDay`, when the word can hold it (and its block can be made: without
    /// the memory, the count is not kept).
    @inline(__always)
    func store(_ key: Int64, _ c: Rules.DayCount, nowDay: Int64, tDay: Int64) {
        let unit = c.unit.rawValue - CompactUnit.day.rawValue
        let a = c.next.0 - tDay, b = c.next.1 - tDay
        guard let blocks, key >= 0, key < CountMemo.keys, (0..<4).contains(unit), (0..<256).contains(c.n),
            (0..<65_536).contains(a), (0..<65_536).contains(b),
            let word = word(key, blocks) ?? makeBlock(of: key, blocks)
        else { return }
        let w =
            UInt64(nowDay - CountMemo.firstDay) | UInt64(unit) << 22 | UInt64(c.n) << 24
            | UInt64(a) << 32 | UInt64(b) << 48
        word.pointee.store(w, ordering: .relaxed)
    }

    /// Makes the block of `key` (zeroed: every word empty) and publishes it,
    /// or takes the one another thread published first; nil without memory.
    @inline(never)
    private func makeBlock(of key: Int64, _ blocks: UnsafeMutablePointer<Atomic<Int>>) -> UnsafeMutablePointer<
        Atomic<UInt64>
    >? {
        guard let fresh = calloc(CountMemo.blockKeys, MemoryLayout<UInt64>.size) else { return nil }
        let slot = Int(key &>> CountMemo.blockShift)
        if !blocks[slot].compareExchange(expected: 0, desired: Int(bitPattern: fresh), ordering: .acquiringAndReleasing)
            .exchanged
        {
            free(fresh)
        }
        return word(key, blocks)
    }
}
