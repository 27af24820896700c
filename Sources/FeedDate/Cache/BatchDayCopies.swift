// The per-day copies of one batch (fd_format_many): labels whose text is a
// function of their days back alone (DayLabel.textByDay) read the same for
// every instant of their day, so the batch writes each such text once and
// copies it for the others.

/// 32 slots on the caller's stack; slot daysBack & 31 remembers the last
/// such label written whole: days back, start, length. Today's labels differ
/// by the minute, and far days rarely meet twice in a batch, so a bigger
/// table keyed by both would cost more than it saves.
struct BatchDayCopies {
    /// Int64s of stack the table takes.
    static let words = 3 * 32

    private let table: UnsafeMutableBufferPointer<Int64>

    /// Over `table` (`words` Int64s), emptied here.
    init(_ table: UnsafeMutableBufferPointer<Int64>) {
        table.initialize(repeating: Int64.min)
        self.table = table
    }

    @inline(__always)
    func slot(_ daysBack: Int64) -> Int { Int(daysBack & 31) * 3 }

    /// Where the batch wrote the text of `daysBack` whole, if it did and
    /// slot `slot` still holds it.
    @inline(__always)
    func written(_ slot: Int, _ daysBack: Int64) -> (start: Int, length: Int)? {
        guard table[slot] == daysBack else { return nil }
        return (Int(table[slot + 1]), Int(table[slot + 2]))
    }

    /// Gives slot `slot` to `daysBack`, whose text is about to be written.
    @inline(__always)
    func claim(_ slot: Int, _ daysBack: Int64) { table[slot] = daysBack }

    /// The text claimed for `slot` was written at start..<start + length; if
    /// it did not fit whole (`whole` false), the slot is forgotten.
    @inline(__always)
    func record(_ slot: Int, start: Int, length: Int, whole: Bool) {
        if whole {
            (table[slot + 1], table[slot + 2]) = (Int64(start), Int64(length))
        } else {
            table[slot] = Int64.min
        }
    }
}
