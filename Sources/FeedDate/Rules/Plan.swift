// What a label is made of, before any text (a Plan), and where the parts of
// a written label are (Parts).

/// A label as small integers: compared to find when the label changes,
/// rendered (from cached texts) only when it is written out.
struct Plan: Equatable {
    enum Shape: UInt8 {
        case day // the whole text is `piece`, a day part
        case time // the whole text is `piece`, a time part
        case plain // the whole text is `piece`, without parts (RELATIVE, COMPACT)
        case joined // `piece` (the day) and `timePiece` by the combining pattern
        case countdown // `count` units of the precision; `expired`
    }
    var shape: Shape
    /// The piece of the whole text, or the day piece of a joined label.
    var piece: Piece = .none
    /// The time piece of a joined label; .none otherwise.
    var timePiece: Piece = .none
    var count: Int64 = 0
    var expired = false
    /// FEED and CHAT styles: t's local day (the same in every plan of one t).
    var day: Int64 = 0
    /// RELATIVE and COMPACT counts: the next change, when working out the
    /// count gave it cheaply (see relativeCount); nil when not known.
    var nextChange: Int64? = nil

    /// The next change the plan knows, as a label reports it (past the last
    /// instant the library labels: never); nil when the rules must find it.
    var knownNextChange: Int64? { nextChange.map { $0 <= FeedDateRange.maxInstantMs ? $0 : Rules.never } }

    static func day(_ p: Piece) -> Plan { Plan(shape: .day, piece: p) }
    static func time(_ p: Piece) -> Plan { Plan(shape: .time, piece: p) }
    static func plain(_ p: Piece) -> Plan { Plan(shape: .plain, piece: p) }
    static func joined(_ day: Piece, _ time: Piece) -> Plan { Plan(shape: .joined, piece: day, timePiece: time) }
}

/// Where the parts of a written label are.
struct Parts {
    var day: Range<Int> = 0..<0
    var time: Range<Int> = 0..<0
}
