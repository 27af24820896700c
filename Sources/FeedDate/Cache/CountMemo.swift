// The counts of a formatter's RELATIVE and COMPACT labels two or more local
// days back, kept for the calls that come after: such a count, and the days
// of its next change, depend only on now's local day and the label's key
// (days back, and whether t's time of day is after now's: Rules.countKey),
// so a formatter works each one out once per local day of now, not once per
// label. fd_format_many copies whole texts by the same key (BatchCountCopies).
import Synchronization

/// One word per key, for up to 511 days back: now's local day it was worked
/// out for, and the DayCount, its days of next change relative to t's local
/// day. A word is stored and loaded whole, so threads sharing a formatter
/// never see half of one, and a word of another day of now is a miss.
/// Not copyable, held in the formatter itself: reading it takes no
/// reference count.
struct CountMemo: ~Copyable, @unchecked Sendable {
    static let keys = 1024

    // 22 bits: now's local day − the first day of FeedDateRange + 1 (0: empty);
    // 2 bits: the unit (day, week, month, year); 8 bits: n; 16 + 16 bits: the
    // days of the next change, after t's local day.
    private static let firstDay = floorDiv(FeedDateRange.minInstantMs, msPerDay) - 1
    /// nil: a memo of a style without counts, which holds none.
    private let words: UnsafeMutablePointer<Atomic<UInt64>>?

    init(holdsCounts: Bool) {
        guard holdsCounts else { words = nil; return }
        let words = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: CountMemo.keys)
        for i in 0..<CountMemo.keys { (words + i).initialize(to: Atomic(0)) }
        self.words = words
    }

    /// Whether the memo holds counts (its formatter's style has them).
    @inline(__always)
    var holdsCounts: Bool { words != nil }

    deinit {
        words?.deinitialize(count: CountMemo.keys)
        words?.deallocate()
    }

    /// The count remembered for `key` (< keys) at now's local day `nowDay`,
    /// for t on local day `tDay`.
    @inline(__always)
    func load(_ key: Int64, nowDay: Int64, tDay: Int64) -> Rules.DayCount? {
        guard let words, key < CountMemo.keys else { return nil }
        let w = words[Int(key)].load(ordering: .relaxed)
        guard w & 0x3F_FFFF == UInt64(nowDay - CountMemo.firstDay) else { return nil }
        let unit = CompactUnit(rawValue: CompactUnit.day.rawValue + Int(w >> 22 & 3))!
        return Rules.DayCount(n: Int64(w >> 24 & 0xFF), unit: unit,
                              next: (tDay + Int64(w >> 32 & 0xFFFF), tDay + Int64(w >> 48)))
    }

    /// Remembers `c` for `key` at now's local day `nowDay`, t on local day
    /// `tDay`, when the word can hold it.
    @inline(__always)
    func store(_ key: Int64, _ c: Rules.DayCount, nowDay: Int64, tDay: Int64) {
        let unit = c.unit.rawValue - CompactUnit.day.rawValue
        let a = c.next.0 - tDay, b = c.next.1 - tDay
        guard let words, key < CountMemo.keys, (0..<4).contains(unit), (0..<256).contains(c.n),
              (0..<65_536).contains(a), (0..<65_536).contains(b) else { return }
        let w = UInt64(nowDay - CountMemo.firstDay) | UInt64(unit) << 22 | UInt64(c.n) << 24
            | UInt64(a) << 32 | UInt64(b) << 48
        words[Int(key)].store(w, ordering: .relaxed)
    }
}
