// The vocabulary between the label rules and the locale's texts: a label is
// planned as Pieces (a kind and an integer key), which LocaleServices writes
// out (through a Sink, Support/Sink.swift).
import CICU

/// A localized piece of a label: a kind and an integer key.
struct Piece: Equatable {
    var kind: Kind
    var key: Int64

    enum Kind: UInt8 {
        case none = 0
        case time // key: minute of the day
        case word // key: day offset −2, −1, +1 ("前天", "Yesterday", "Tomorrow")
        case justNow // key: 0
        case weekday // key: day mod 7
        case monthDay // key: local day
        case fullDate
        case numericDate
        case past // key: count << 3 | CompactUnit (see `count`)
        case future
        case compact
        case digit // key: 0...9, 10 = decimal separator, 11 = minus sign (COUNTDOWN)
        case days // key: whole days, narrow unit (COUNTDOWN)
    }

    static let none = Piece(kind: .none, key: 0)
    static func time(wall: Int64) -> Piece { Piece(kind: .time, key: floorMod(wall, msPerDay) / 60_000) }
    static func date(_ kind: Kind, day: Int64) -> Piece {
        Piece(kind: kind, key: kind == .weekday ? floorMod(day, 7) : day)
    }
    /// "N units ago" / "in N units" / compact; the unit rides in the key's low bits.
    static func count(_ kind: Kind, _ n: Int64, _ unit: CompactUnit) -> Piece {
        Piece(kind: kind, key: n << 3 | Int64(unit.rawValue))
    }
}

enum CompactUnit: Int, CaseIterable {
    case second, minute, hour, day, week, month, year
    var cldr: String { ["second", "minute", "hour", "day", "week", "month", "year"][rawValue] }
    var english: String { ["s", "m", "h", "d", "w", "mo", "y"][rawValue] }
    /// The unit of ICU's relative words.
    var relative: cicu_unit {
        switch self {
        case .second: return .second
        case .minute: return .minute
        case .hour: return .hour
        case .day: return .day
        case .week: return .week
        case .month: return .month
        case .year: return .year
        }
    }
}
