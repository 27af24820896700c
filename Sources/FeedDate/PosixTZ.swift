// The POSIX TZ string of a TZif footer (RFC 8536 section 3.3), which gives the
// zone's rules for instants after the last transition stored in the file.
//
// Grammar (POSIX.1-2017 TZ, with the RFC 8536 extensions):
//
//     tz     = std offset [ dst [ offset ] [ "," rule "," rule ] ]
//     name   = 3 or more ALPHA  /  "<" 3 or more of [A-Za-z0-9+-] ">"
//     offset = [ "+" / "-" ] hh [ ":" mm [ ":" ss ] ]     hh 0...24, west of UT positive
//     rule   = date [ "/" time ]                           time defaults to 02:00:00
//     date   = "J" n (1...365, Feb 29 never counted)  /  n (0...365, Feb 29 counted)
//            /  "M" m "." w "." d   (month 1...12, week 1...5 (5 = last), weekday 0...6, 0 = Sunday)
//     time   = [ "+" / "-" ] hhh [ ":" mm [ ":" ss ] ]    hhh 0...167 (version 3 extension)
//
// A dst name without rules takes the US rules ",M3.2.0,M11.1.0", as tzcode does.
// Only the UT offsets matter to this library; the names are validated and dropped.
//
// Evaluation works in "local standard seconds" (an instant plus the standard
// offset), in which a rule's transition of year Y is `day(Y) * 86400 + time`,
// minus the daylight saving amount for the end rule (whose time is given in
// daylight time). Transitions are computed per year with plain arithmetic; the
// Gregorian calendar repeats every 400 years (146097 days, a whole number of
// weeks), so the rules are periodic with that period.

/// A parsed POSIX TZ string. Immutable; evaluation never allocates.
struct PosixTZ: Sendable, Equatable {
    /// The day on which a rule's transition happens.
    enum RuleDate: Sendable, Equatable {
        /// `Jn`: day n (1...365) of the year, February 29 never counted.
        case julian(Int64)
        /// `n`: zero-based day n (0...365) of the year, February 29 counted.
        case zeroBased(Int64)
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (1...5, 5 = the last) of month m.
        case monthWeek(month: Int64, week: Int64, weekday: Int64)
    }

    /// Daylight saving time and the two rules that delimit it each year.
    struct Daylight: Sendable, Equatable {
        /// UT offset in seconds (east positive) while daylight time is in effect.
        let offset: Int32
        let startDate: RuleDate
        /// Seconds after local midnight (standard time) of the start day.
        let startTime: Int64
        let endDate: RuleDate
        /// Seconds after local midnight of the end day, converted to standard time
        /// (the rule's daylight-time value minus the saving).
        let endTimeStd: Int64
        /// True when every year's transitions fall inside that year (in local
        /// standard time), which allows the fast evaluation path.
        let withinYear: Bool
        /// False when the offset never actually changes (e.g. DST all year).
        let changes: Bool
    }

    /// UT offset in seconds (east positive) of standard time.
    let standardOffset: Int32
    /// nil for a zone without daylight saving time.
    let daylight: Daylight?

    static let secondsPerDay: Int64 = 86_400

    // MARK: Parsing

    /// Parses the footer text (without its newlines). Throws `.invalidData` on any syntax error.
    init(parsing text: ArraySlice<UInt8>) throws(ZoneError) {
        var parser = Parser(text: text)
        try parser.name()
        let standard = try Self.utOffset(posix: parser.offset())
        standardOffset = standard
        if parser.atEnd {
            daylight = nil
            return
        }
        try parser.name()
        let dstOffset: Int32
        if let c = parser.peek, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || Parser.isDigit(c) {
            dstOffset = try Self.utOffset(posix: parser.offset())
        } else {
            dstOffset = standard + 3600   // cannot overflow: |standard| < 90000
        }
        var start = (date: RuleDate.monthWeek(month: 3, week: 2, weekday: 0), time: Int64(7200))
        var end = (date: RuleDate.monthWeek(month: 11, week: 1, weekday: 0), time: Int64(7200))
        if !parser.atEnd {
            try parser.expect(UInt8(ascii: ","))
            start = try parser.rule()
            try parser.expect(UInt8(ascii: ","))
            end = try parser.rule()
            guard parser.atEnd else { throw ZoneError.invalidData("footer: unexpected text after the rules") }
        }
        let save = Int64(dstOffset) - Int64(standard)
        let endStd = end.time - save
        let withinYear = Self.staysInYear(start.date, start.time) && Self.staysInYear(end.date, endStd)
        var daylight = Daylight(offset: dstOffset, startDate: start.date, startTime: start.time,
                                endDate: end.date, endTimeStd: endStd, withinYear: withinYear, changes: true)
        if dstOffset == standard {
            daylight = daylight.with(changes: false)
        } else {
            let probe = PosixTZ(standardOffset: standard, daylight: daylight)
            daylight = daylight.with(changes: probe.changesWithinOnePeriod())
        }
        self.daylight = daylight
    }

    private init(standardOffset: Int32, daylight: Daylight?) {
        self.standardOffset = standardOffset
        self.daylight = daylight
    }

    /// POSIX offsets count west of UT as positive; UT offsets count east as positive.
    private static func utOffset(posix: Int64) -> Int32 {
        Int32(-posix)   // |posix| <= 24:59:59, checked by the parser
    }

    /// Whether a rule's transition at `time` (local standard seconds after the day's
    /// start) lies within its own year for every year: day-of-year * 86400 + time
    /// in 0 ..< yearLength * 86400. Uses the bounds over leap and common years.
    private static func staysInYear(_ date: RuleDate, _ time: Int64) -> Bool {
        let minDayOfYear: Int64, minDaysLeft: Int64   // days from the rule's day to next Jan 1
        switch date {
        case .julian(let n):
            minDayOfYear = n - 1
            minDaysLeft = 366 - n
        case .zeroBased(let n):
            minDayOfYear = n
            minDaysLeft = 365 - n
        case .monthWeek(let m, _, _):
            minDayOfYear = daysBeforeMonth(m, leap: false)
            minDaysLeft = 365 - daysBeforeMonth(m, leap: false) - daysInMonth(m, leap: false) + 1
        }
        return minDayOfYear * secondsPerDay + time >= 0 && time < minDaysLeft * secondsPerDay
    }

    // MARK: Evaluation

    /// UT offset in seconds in force at `seconds` (seconds since the epoch). Any Int64 is accepted.
    @inline(__always)
    func offset(atSeconds seconds: Int64) -> Int32 {
        guard let dst = daylight else { return standardOffset }
        let local = seconds &+ Int64(standardOffset)
        return isDaylight(localStandard: local, dst) ? dst.offset : standardOffset
    }

    /// The earliest rule transition strictly after `seconds`, in seconds since the epoch,
    /// whether or not it changes the offset; nil for a zone without daylight saving time.
    func nextTransition(afterSeconds seconds: Int64) -> Int64? {
        guard let dst = daylight else { return nil }
        let local = seconds &+ Int64(standardOffset)
        let year = Self.year(ofLocalStandard: local)
        // Transitions of year Y lie within about 9 days of year Y (|time| <= 167:59:59,
        // |saving| < 50 h), so year Y + 2 always has one after `local`, and a later
        // year never has an earlier one than Y + 2.
        var best = Int64.max
        for y in (year - 1)...(year + 2) {
            let (start, end) = transitions(of: y, dst)
            if start > local && start < best { best = start }
            if end > local && end < best { best = end }
        }
        return best - Int64(standardOffset)
    }

    /// Whether daylight time is in effect at local standard second `local`: the latest
    /// transition at or before it is a start. Ties between years go to the later year
    /// (so "DST all year" rules hold across New Year), ties within a year to the end.
    @inline(__always)
    private func isDaylight(localStandard local: Int64, _ dst: Daylight) -> Bool {
        let year = Self.year(ofLocalStandard: local)
        if dst.withinYear {
            // All of year Y's transitions are in [Jan 1 Y, Jan 1 Y+1), all of Y-1's before.
            let (start, end) = transitions(of: year, dst)
            switch (start <= local, end <= local) {
            case (true, true): return start > end
            case (true, false): return true
            case (false, true): return false
            case (false, false):
                let (prevStart, prevEnd) = transitions(of: year - 1, dst)
                return prevStart > prevEnd
            }
        }
        // General case: the latest transition at or before `local` among years Y-2 ... Y+1
        // (years Y-2 and earlier end before Jan 1 Y; Y+2 and later start after Dec 31 Y).
        var best: Transition?
        for y in (year - 2)...(year + 1) {
            let (start, end) = transitions(of: y, dst)
            if start <= local { best = Transition(time: start, year: y, isEnd: false).later(than: best) }
            if end <= local { best = Transition(time: end, year: y, isEnd: true).later(than: best) }
        }
        return best.map { !$0.isEnd } ?? false
    }

    /// One rule transition, ordered by time, then year, then end after start.
    private struct Transition {
        let time: Int64
        let year: Int64
        let isEnd: Bool

        func later(than other: Transition?) -> Transition {
            guard let other else { return self }
            return (time, year, isEnd ? 1 : 0) > (other.time, other.year, other.isEnd ? 1 : 0) ? self : other
        }
    }

    /// The year's start and end transitions in local standard seconds.
    @inline(__always)
    private func transitions(of year: Int64, _ dst: Daylight) -> (start: Int64, end: Int64) {
        let jan1 = daysFromCivil(year, 1, 1)
        let leap = isLeapYear(year)
        let start = Self.day(dst.startDate, jan1: jan1, leap: leap) &* Self.secondsPerDay &+ dst.startTime
        let end = Self.day(dst.endDate, jan1: jan1, leap: leap) &* Self.secondsPerDay &+ dst.endTimeStd
        return (start, end)
    }

    /// Day number of a rule's date in the year that starts on day `jan1`.
    @inline(__always)
    private static func day(_ date: RuleDate, jan1: Int64, leap: Bool) -> Int64 {
        switch date {
        case .julian(let n):
            return jan1 + n - 1 + (leap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return jan1 + n
        case .monthWeek(let m, let w, let d):
            let first = jan1 + daysBeforeMonth(m, leap: leap)
            let firstWeekday = floorMod(first + 4, 7)           // 1970-01-01 was a Thursday (4)
            var day = first + floorMod(d - firstWeekday, 7) + (w - 1) * 7
            if day - first >= daysInMonth(m, leap: leap) { day -= 7 }   // week 5 = the last
            return day
        }
    }

    @inline(__always)
    private static func year(ofLocalStandard local: Int64) -> Int64 {
        civilFromDays(floorDiv(local, secondsPerDay)).y
    }

    @inline(__always)
    private static func daysBeforeMonth(_ m: Int64, leap: Bool) -> Int64 {
        m <= 2 ? (m - 1) * 31 : (153 * (m - 3) + 2) / 5 + 59 + (leap ? 1 : 0)
    }

    @inline(__always)
    private static func daysInMonth(_ m: Int64, leap: Bool) -> Int64 {
        m == 2 ? (leap ? 29 : 28) : 30 + ((m + m / 8) & 1)
    }

    /// Whether the offset changes at some transition in one full 400-year period.
    private func changesWithinOnePeriod() -> Bool {
        var s = daysFromCivil(2000, 1, 1) * Self.secondsPerDay
        let limit = daysFromCivil(2401, 1, 15) * Self.secondsPerDay
        while s < limit, let t = nextTransition(afterSeconds: s) {
            if offset(atSeconds: t) != offset(atSeconds: t - 1) { return true }
            s = t
        }
        return false
    }
}

extension PosixTZ.Daylight {
    fileprivate func with(changes: Bool) -> Self {
        Self(offset: offset, startDate: startDate, startTime: startTime, endDate: endDate,
             endTimeStd: endTimeStd, withinYear: withinYear, changes: changes)
    }
}

/// A cursor over the TZ string's bytes.
private struct Parser {
    let text: ArraySlice<UInt8>
    var index: Int

    init(text: ArraySlice<UInt8>) {
        self.text = text
        self.index = text.startIndex
    }

    var atEnd: Bool { index == text.endIndex }
    var peek: UInt8? { atEnd ? nil : text[index] }

    static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }

    mutating func expect(_ c: UInt8) throws(ZoneError) {
        guard peek == c else { throw ZoneError.invalidData("footer: expected '\(Character(Unicode.Scalar(c)))'") }
        index += 1
    }

    /// A zone abbreviation: 3+ letters, or 3+ of [A-Za-z0-9+-] between angle brackets.
    mutating func name() throws(ZoneError) {
        var count = 0
        if peek == UInt8(ascii: "<") {
            index += 1
            while let c = peek, Self.isAlpha(c) || Self.isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                index += 1
                count += 1
            }
            try expect(UInt8(ascii: ">"))
        } else {
            while let c = peek, Self.isAlpha(c) {
                index += 1
                count += 1
            }
        }
        guard count >= 3 else { throw ZoneError.invalidData("footer: zone abbreviation needs 3 or more characters") }
    }

    /// Up to `maxDigits` decimal digits (at least one) with a value of at most `max`.
    mutating func number(maxDigits: Int, max: Int64) throws(ZoneError) -> Int64 {
        var value: Int64 = 0
        var digits = 0
        while let c = peek, Self.isDigit(c) {
            guard digits < maxDigits else { throw ZoneError.invalidData("footer: number too long") }
            value = value * 10 + Int64(c - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw ZoneError.invalidData("footer: expected a number") }
        guard value <= max else { throw ZoneError.invalidData("footer: number out of range") }
        return value
    }

    /// `[+-]h[:mm[:ss]]` in seconds, hours up to `maxHours` with up to `hourDigits` digits.
    mutating func signedDuration(hourDigits: Int, maxHours: Int64) throws(ZoneError) -> Int64 {
        var sign: Int64 = 1
        if peek == UInt8(ascii: "+") {
            index += 1
        } else if peek == UInt8(ascii: "-") {
            sign = -1
            index += 1
        }
        var seconds = try number(maxDigits: hourDigits, max: maxHours) * 3600
        if peek == UInt8(ascii: ":") {
            index += 1
            seconds += try number(maxDigits: 2, max: 59) * 60
            if peek == UInt8(ascii: ":") {
                index += 1
                seconds += try number(maxDigits: 2, max: 59)
            }
        }
        return sign * seconds
    }

    /// A POSIX offset (west positive), hours 0...24.
    mutating func offset() throws(ZoneError) -> Int64 {
        try signedDuration(hourDigits: 2, maxHours: 24)
    }

    /// `date[/time]`.
    mutating func rule() throws(ZoneError) -> (date: PosixTZ.RuleDate, time: Int64) {
        let date: PosixTZ.RuleDate
        switch peek {
        case UInt8(ascii: "J"):
            index += 1
            let n = try number(maxDigits: 3, max: 365)
            guard n >= 1 else { throw ZoneError.invalidData("footer: Jn day must be 1...365") }
            date = .julian(n)
        case UInt8(ascii: "M"):
            index += 1
            let m = try number(maxDigits: 2, max: 12)
            try expect(UInt8(ascii: "."))
            let w = try number(maxDigits: 1, max: 5)
            try expect(UInt8(ascii: "."))
            let d = try number(maxDigits: 1, max: 6)
            guard m >= 1, w >= 1 else { throw ZoneError.invalidData("footer: bad Mm.w.d rule") }
            date = .monthWeek(month: m, week: w, weekday: d)
        default:
            date = .zeroBased(try number(maxDigits: 3, max: 365))
        }
        var time: Int64 = 7200
        if peek == UInt8(ascii: "/") {
            index += 1
            time = try signedDuration(hourDigits: 3, maxHours: 167)
        }
        return (date, time)
    }
}
