// The text of a piece from ICU (SPEC section 2), which fills the tables of
// LocaleServices: date formats opened from skeletons, relative and unit
// formats, digits; the caller's words and plain spaces applied on the way.
import CICU

extension LocaleServices {
    /// The open date format of a kind (time, weekday, a date): opened from
    /// its skeleton the first time, from the pattern that gave after.
    private func dateFormat(_ s: inout ICUState, _ kind: Piece.Kind) throws(ICUError) -> ICUDateFormat {
        if let open = s.dateFormats[kind] { return open }
        let made: ICUDateFormat
        if let pattern = s.datePatterns[kind] {
            made = try ICUDateFormat(locale: locale.icu, pattern: pattern)
        } else {
            // Spoken dates have full month names, the numeric one too.
            let dates: [Piece.Kind: String] =
                texts.spoken
                ? [.weekday: "cccc", .monthDay: "MMMMd", .fullDate: "yMMMMd", .numericDate: "yMMMMd"]
                : [.weekday: "cccc", .monthDay: "MMMd", .fullDate: "yMMMd", .numericDate: "yMd"]
            let skeleton = kind == .time ? timeSkeleton : dates[kind]!
            made = try ICUDateFormat(locale: locale.icu, skeleton: skeleton)
            s.datePatterns[kind] = try made.pattern()
        }
        s.dateFormats[kind] = made
        return made
    }

    /// The text of a piece as the caller sees it: the caller's own word where
    /// given (never capitalized), else ICU's; spaces made plain when asked
    /// (the caller holds the lock).
    func text(_ s: inout ICUState, _ piece: Piece) throws(ICUError) -> [UInt8] {
        switch piece.kind {
        case .word: if let own = texts.word(piece.key) { return texts.shaped(Array(own.utf8)) }
        case .justNow: if let own = texts.justNow { return texts.shaped(Array(own.utf8)) }
        default: break
        }
        return texts.shaped(try format(&s, piece))
    }

    /// The locale's text of a piece, from ICU (the caller holds the lock).
    private func format(_ s: inout ICUState, _ piece: Piece) throws(ICUError) -> [UInt8] {
        switch piece.kind {
        case .none: return []
        case .time:
            return try dateFormat(&s, .time).format(wall: piece.key * 60_000)
        case .word: return try s.longRelative.word(Int(piece.key), .day)
        case .justNow:
            if let fixed = LocaleServices.justNowTable(locale) { return fixed }
            return try s.longRelative.word(0, .second)
        case .weekday, .monthDay, .fullDate, .numericDate:
            return try dateFormat(&s, piece.kind).format(wall: piece.key * msPerDay)
        case .past, .future:
            guard let unit = CompactUnit(rawValue: Int(piece.key & 7)) else { return [] }
            let n = piece.key >> 3
            if s.widthRelative == nil {
                s.widthRelative =
                    width == .long ? s.longRelative : try ICURelativeFormat(locale: locale.icu, width: width)
            }
            return try s.widthRelative!.numeric(n, past: piece.kind == .past, unit.relative)
        case .compact:
            guard let unit = CompactUnit(rawValue: Int(piece.key & 7)) else { return [] }
            let n = piece.key >> 3
            if locale.language == "en" {
                if s.plainNumber == nil { s.plainNumber = try ICUNumberFormat(locale: locale.icu, skeleton: "") }
                return try s.plainNumber!.format(n) + Array(unit.english.utf8)
            }
            return try compactFormat(&s, unit).format(n)
        case .digit:
            if s.symbols == nil { s.symbols = try icuNumberSymbols(locale: locale.icu) }
            return piece.key >= 0 && piece.key <= 11 ? s.symbols![Int(piece.key)] : []
        case .days:
            if s.countdownDay == nil {
                s.countdownDay = try ICUNumberFormat(
                    locale: locale.icu, skeleton: "measure-unit/duration-day unit-width-narrow")
            }
            return try s.countdownDay!.format(piece.key)
        }
    }

    /// CLDR narrow duration unit; where the narrow month reads like the
    /// narrow minute (ja: both "5m"), months use the short width.
    private func compactFormat(_ s: inout ICUState, _ unit: CompactUnit) throws(ICUError) -> ICUNumberFormat {
        if let f = s.compactFormats[unit] { return f }
        func open(_ u: CompactUnit, _ width: String) throws(ICUError) -> ICUNumberFormat {
            try ICUNumberFormat(locale: locale.icu, skeleton: "measure-unit/duration-\(u.cldr) unit-width-\(width)")
        }
        var f = try open(unit, "narrow")
        if unit == .month {
            let minute = try open(.minute, "narrow")
            if try f.format(5) == minute.format(5) { f = try open(.month, "short") }
        }
        s.compactFormats[unit] = f
        return f
    }
}
