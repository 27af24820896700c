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
// offset), in which a rule's transition in year Y is `(jan1(Y) + dayOfYear) * 86400
// + time`, the end rule's time converted from daylight to standard time. The day
// of the year a rule falls on depends only on the kind of year (common or leap,
// and the weekday of January 1), so it is tabulated at parse time for the 14
// kinds; a query then costs a year lookup and a few additions. The Gregorian
// calendar repeats every 400 years (146097 days, a whole number of weeks), so the
// rules are periodic with that period.

/// A parsed POSIX TZ string. Immutable; evaluation never allocates.
struct PosixTZ: Sendable {
    /// The day on which a rule's transition happens, as written.
    enum RuleDate: Sendable {
        /// `Jn`: day n (1...365) of the year, February 29 never counted.
        case julian(Int64)
        /// `n`: zero-based day n (0...365) of the year, February 29 counted.
        case zeroBased(Int64)
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (1...5, 5 = the last) of month m.
        case monthWeek(month: Int64, week: Int64, weekday: Int64)
    }

    /// A rule's day of the year (0 = January 1) for each kind of year: common or leap,
    /// January 1 on weekday 0 (Sunday) ... 6; seven 9-bit fields per word.
    struct DayTable: Sendable {
        let common: UInt64
        let leap: UInt64

        init(_ date: RuleDate) {
            var common: UInt64 = 0, leap: UInt64 = 0
            for weekday in 0..<7 as Range<Int64> {
                common |= UInt64(Self.dayOfYear(date, leap: false, jan1Weekday: weekday)) << (9 * UInt64(weekday))
                leap |= UInt64(Self.dayOfYear(date, leap: true, jan1Weekday: weekday)) << (9 * UInt64(weekday))
            }
            self.common = common
            self.leap = leap
        }

        @inline(__always)
        func day(leap isLeap: Bool, jan1Weekday: Int64) -> Int64 {
            Int64(
                truncatingIfNeeded: ((isLeap ? leap : common) >> (9 * UInt64(truncatingIfNeeded: jan1Weekday))) & 0x1FF)
        }

        /// 0 ... 365: the day of the year on which `date` falls.
        private static func dayOfYear(_ date: RuleDate, leap: Bool, jan1Weekday: Int64) -> Int64 {
            switch date {
            case .julian(let n):
                return n - 1 + (leap && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                return n
            case .monthWeek(let m, let w, let d):
                let first = m <= 2 ? (m - 1) * 31 : (153 * (m - 3) + 2) / 5 + 59 + (leap ? 1 : 0)
                let length = m == 2 ? (leap ? 29 : 28) : 30 + ((m + m / 8) & 1)
                let firstWeekday = (jan1Weekday + first) % 7
                var day = (d - firstWeekday + 7) % 7 + (w - 1) * 7
                if day >= length { day -= 7 } // week 5 = the last
                return first + day
            }
        }
    }

    /// Daylight saving time and the two rules that delimit it each year.
    struct Daylight: Sendable {
        /// UT offset in seconds (east positive) while daylight time is in effect.
        let offset: Int32
        let startDay: DayTable
        /// Seconds after local midnight (standard time) of the start day.
        let startTime: Int64
        let endDay: DayTable
        /// Seconds after local midnight of the end day, converted to standard time
        /// (the rule's daylight-time value minus the saving).
        let endTimeStd: Int64
        /// Where the transitions sit in their year, for the fast evaluation path.
        let shape: YearShape
        /// False when the offset never actually changes (e.g. DST all year).
        let changes: Bool
    }

    /// Where a year's two transitions fall, in local standard time, over all kinds of year.
    enum YearShape: Sendable {
        /// Inside their own year (in [Jan 1 Y, Jan 1 Y+1)); `startFirst` tells whether the
        /// start always comes first (true), always last (false), or either (nil).
        case inside(startFirst: Bool?)
        /// A transition can fall in the previous or next year (e.g. DST all year).
        case spills
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
            dstOffset = standard + 3600 // cannot overflow: |standard| < 90000
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
        let startDay = DayTable(start.date), endDay = DayTable(end.date)
        let endStd = end.time - (Int64(dstOffset) - Int64(standard))
        var daylight = Daylight(
            offset: dstOffset, startDay: startDay, startTime: start.time,
            endDay: endDay, endTimeStd: endStd,
            shape: Self.shape(startDay, start.time, endDay, endStd), changes: true)
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
        Int32(-posix) // |posix| <= 24:59:59, checked by the parser
    }

    /// Classifies the rules by where they fall in each of the 14 kinds of year.
    private static func shape(_ start: DayTable, _ startTime: Int64, _ end: DayTable, _ endTime: Int64) -> YearShape {
        var inside = true, startFirst = true, endFirst = true
        for leap in [false, true] {
            let yearLength = (leap ? 366 : 365) * secondsPerDay
            for weekday in 0..<7 as Range<Int64> {
                let s = start.day(leap: leap, jan1Weekday: weekday) * secondsPerDay + startTime
                let e = end.day(leap: leap, jan1Weekday: weekday) * secondsPerDay + endTime
                inside = inside && s >= 0 && s < yearLength && e >= 0 && e < yearLength
                startFirst = startFirst && s < e
                endFirst = endFirst && e < s
            }
        }
        guard inside else { return .spills }
        return .inside(startFirst: startFirst ? true : endFirst ? false : nil)
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
        let year = Year(containing: floorDiv(local, Self.secondsPerDay))
        var best = Int64.max
        if case .inside = dst.shape {
            // Year Y's transitions are in [Jan 1 Y, Jan 1 Y+1), before all of Y+1's.
            let (start, end) = transitions(in: year, dst)
            if start > local { best = start }
            if end > local && end < best { best = end }
            if best == Int64.max {
                let (nextStart, nextEnd) = transitions(in: year.next, dst)
                best = min(nextStart, nextEnd)
            }
        } else {
            // Transitions of year Y lie within about 9 days of year Y (|time| <= 167:59:59,
            // |saving| < 50 h), so year Y + 2 always has one after `local`, and a later
            // year never has an earlier one than Y + 2.
            for y in (year.number - 1)...(year.number + 2) {
                let (start, end) = transitions(in: Year(y), dst)
                if start > local && start < best { best = start }
                if end > local && end < best { best = end }
            }
        }
        return best - Int64(standardOffset)
    }

    /// Whether daylight time is in effect at local standard second `local`: the latest
    /// transition at or before it is a start. Ties between years go to the later year
    /// (so "DST all year" rules hold across New Year), ties within a year to the end.
    @inline(__always)
    private func isDaylight(localStandard local: Int64, _ dst: Daylight) -> Bool {
        let year = Year(containing: floorDiv(local, Self.secondsPerDay))
        if case .inside(let startFirst) = dst.shape {
            // All of year Y's transitions are in [Jan 1 Y, Jan 1 Y+1), all of Y-1's before.
            let (start, end) = transitions(in: year, dst)
            switch (start <= local, end <= local) {
            case (true, true): return start > end
            case (true, false): return true
            case (false, true): return false
            case (false, false):
                // Before both: the later of last year's two transitions decides.
                if let startFirst { return !startFirst }
                let (previousStart, previousEnd) = transitions(in: Year(year.number - 1), dst)
                return previousStart > previousEnd
            }
        }
        // General case: the latest transition at or before `local` among years Y-2 ... Y+1
        // (years Y-2 and earlier end before Jan 1 Y; Y+2 and later start after Dec 31 Y).
        var best: Transition?
        for y in (year.number - 2)...(year.number + 1) {
            let (start, end) = transitions(in: Year(y), dst)
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

    /// The start and end transitions in `year`, in local standard seconds.
    @inline(__always)
    private func transitions(in year: Year, _ dst: Daylight) -> (start: Int64, end: Int64) {
        let weekday = floorMod(year.jan1 &+ 4, 7) // 1970-01-01 was a Thursday (4)
        let start = (year.jan1 &+ dst.startDay.day(leap: year.isLeap, jan1Weekday: weekday)) &* Self.secondsPerDay
        let end = (year.jan1 &+ dst.endDay.day(leap: year.isLeap, jan1Weekday: weekday)) &* Self.secondsPerDay
        return (start &+ dst.startTime, end &+ dst.endTimeStd)
    }

    /// A proleptic-Gregorian year with its January 1 (day number) and leap flag.
    struct Year {
        let number: Int64
        let jan1: Int64
        let isLeap: Bool

        init(_ number: Int64) {
            self.number = number
            jan1 = Self.jan1(of: number)
            isLeap = isLeapYear(number)
        }

        /// The year containing day number `day` (Civil.swift's gregorianYear).
        @inline(__always)
        init(containing day: Int64) { self.init(gregorianYear(ofDay: day)) }

        var next: Year { Year(number &+ 1) }

        /// Day number of January 1 of `year`.
        @inline(__always)
        static func jan1(of year: Int64) -> Int64 { daysFromCivil(year, 1, 1) }
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
        Self(
            offset: offset, startDay: startDay, startTime: startTime, endDay: endDay,
            endTimeStd: endTimeStd, shape: shape, changes: changes)
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
