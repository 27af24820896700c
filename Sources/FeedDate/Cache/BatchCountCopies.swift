// The copies of counts in one batch (fd_format_many) of RELATIVE or COMPACT
// labels: a count two or more local days back reads the same, and changes
// on the same days at t's time of day, for every instant of its key (days
// back, and whether t's time of day is after now's: Rules.countKey), so the
// batch works each key's count out once and copies its text for the others.

/// One entry per key, for up to 512 days back: where the batch wrote the
/// key's text whole, and the days of its next change (Rules.DayCount). A
/// batch of 10,000 instants over 400 days meets each key a dozen times, so
/// unlike BatchDayCopies the table holds every key (40 KB, for batches of at
/// least `minimumBatch` instants).
struct BatchCountCopies {
    static let keys = 1024
    static let words = 4 * keys
    static let minimumBatch = 256

    private let table: UnsafeMutableBufferPointer<Int64>

    /// Over `table` (`words` Int64s); entries are empty until recorded.
    init(_ table: UnsafeMutableBufferPointer<Int64>) {
        for k in 0..<BatchCountCopies.keys { table[4 * k] = -1 }
        self.table = table
    }

    /// Whether the table has an entry for `key` (512 days back or fewer).
    @inline(__always)
    static func holds(_ key: Int64) -> Bool { key < keys }

    /// Where the text of `key` (one it holds) was written whole, and its next change's days.
    @inline(__always)
    func written(_ key: Int64) -> (start: Int, length: Int, days: (Int64, Int64))? {
        let k = 4 * Int(key)
        guard table[k] >= 0 else { return nil }
        return (Int(table[k]), Int(table[k + 1]), (table[k + 2], table[k + 3]))
    }

    /// The text of `key` (one it holds) was written whole at start..<start +
    /// length, and changes on `days` (a text that did not fit whole is not
    /// recorded).
    @inline(__always)
    func record(_ key: Int64, start: Int, length: Int, days: (Int64, Int64)) {
        let k = 4 * Int(key)
        (table[k], table[k + 1], table[k + 2], table[k + 3]) = (Int64(start), Int64(length), days.0, days.1)
    }
}
