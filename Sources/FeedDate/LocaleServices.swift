// Everything a formatter asks ICU for: the localized pieces of SPEC section 2
// and the locale's calendar. ICU objects are created once per formatter (on
// first use) and every text that depends on a small key (a minute of the day,
// a local date, a count) is cached, so most labels never reach ICU.
// ICU objects are not thread-safe: all of them live behind one lock.
import CICU
import Synchronization

/// A piece of text with the byte spans of its day and time parts.
struct LabelBytes: Equatable {
    var text: [UInt8] = []
    var day: Range<Int> = 0..<0
    var time: Range<Int> = 0..<0
    var expired = false

    static func day(_ t: [UInt8]) -> LabelBytes { LabelBytes(text: t, day: 0..<t.count) }
    static func time(_ t: [UInt8]) -> LabelBytes { LabelBytes(text: t, time: 0..<t.count) }
    static func plain(_ t: [UInt8]) -> LabelBytes { LabelBytes(text: t) }
}

enum DateSkeleton: Int, CaseIterable {
    case weekday, monthDay, fullDate, numericDate
    var skeleton: String {
        switch self {
        case .weekday: return "cccc"
        case .monthDay: return "MMMd"
        case .fullDate: return "yMMMd"
        case .numericDate: return "yMd"
        }
    }
}

enum CompactUnit: Int, CaseIterable {
    case second, minute, hour, day, week, month, year
    var cldr: String { ["second", "minute", "hour", "day", "week", "month", "year"][rawValue] }
    var english: String { ["s", "m", "h", "d", "w", "mo", "y"][rawValue] }
}

/// The calendar system of the locale, as far as arithmetic is concerned.
enum CalendarKind {
    /// Gregorian months and years (gregorian, iso8601, buddhist, roc): done
    /// natively. `gregorianYears` is false for japanese (eras change mid-year).
    case gregorian(gregorianYears: Bool)
    /// Any other system (persian, islamic-*, hebrew, chinese, ...): ICU.
    case icu
}

final class LocaleServices: @unchecked Sendable {
    let locale: LocaleID
    let resolvedLocale: String
    let calendarKind: CalendarKind
    /// The project's "just now" (SPEC section 2), or ICU's relative "now".
    private let timeSkeleton: String
    private let width: Int32
    private let state: Mutex<State>
    /// Combining pattern of day and time, quotes resolved (fixed after init).
    private let combiner: Combiner

    private struct State {
        var dateFormats: [ICUDateFormat?] = Array(repeating: nil, count: DateSkeleton.allCases.count)
        var timeFormat: ICUDateFormat?
        var longRelative: ICURelativeFormat?
        var widthRelative: ICURelativeFormat?
        var calendar: ICUCalendar?
        var compactFormats: [ICUNumberFormat?] = Array(repeating: nil, count: CompactUnit.allCases.count)
        var plainNumber: ICUNumberFormat?
        var countdownDay: ICUNumberFormat?
        var justNow: [UInt8]?
        var dayWords: [Int: [UInt8]] = [:]
        var symbols: [[UInt8]]?
        // Caches. Keys are small; each map is bounded (cleared when full).
        var times: [Int: [UInt8]] = [:]
        var dates: [Int64: [UInt8]] = [:]     // key: day * 4 + skeleton
        var relatives: [Int64: [UInt8]] = [:] // key: (offset << 3) | unit
        var compacts: [Int64: [UInt8]] = [:]  // key: (n << 3) | unit
        var years: [YearSpan] = []
    }

    struct YearSpan { let start: Int64; let end: Int64 }  // local days [start, end)

    private static let cacheLimit = 4096

    init(locale: LocaleID, hourCycle: FeedDateHourCycle, width: FeedDateWidth) throws(FeedDateError) {
        self.locale = locale
        self.width = width.rawValue
        switch hourCycle {
        case .locale: timeSkeleton = "jm"
        case .h23: timeSkeleton = "Hm"
        case .h12: timeSkeleton = "hm"
        }
        do {
            let rel = try ICURelativeFormat(locale: locale.icu, width: 0)
            combiner = Combiner(template: try rel.combineTemplate())
            let cal = try ICUCalendar(locale: locale.icu)
            switch cal.type {
            case "gregorian", "iso8601", "buddhist", "roc": calendarKind = .gregorian(gregorianYears: true)
            case "japanese": calendarKind = .gregorian(gregorianYears: false)
            default: calendarKind = .icu
            }
            let probe = try ICUDateFormat(locale: locale.icu, skeleton: "yMd")
            resolvedLocale = LocaleServices.resolvedName(locale)
            var s = State()
            s.longRelative = rel
            s.calendar = cal
            s.dateFormats[DateSkeleton.numericDate.rawValue] = probe
            state = Mutex(s)
        } catch {
            throw .icu(error.description)
        }
    }

    /// The requested id ("ja_JP@calendar=japanese") when ICU has data for
    /// its language, else the locale ICU fell back to (its default, or "root").
    private static func resolvedName(_ requested: LocaleID) -> String {
        let valid = (try? icuString("ures_getLocaleByType") { cicu_locale_valid(requested.icu, $0, $1, $2) }) ?? ""
        if valid.isEmpty { return "root" }
        let language = (try? icuString("uloc_getLanguage") { cicu_locale_language(valid, $0, $1, $2) }) ?? ""
        return language == requested.language ? requested.icu : valid
    }

    private func icu<R>(_ body: (inout State) throws(ICUError) -> R) throws(FeedDateError) -> R {
        do {
            return try state.withLock { (s: inout State) throws(ICUError) -> R in try body(&s) }
        } catch {
            throw .icu(error.description)
        }
    }

    // MARK: pieces of SPEC section 2

    /// The time of day of a wall-clock instant ("14:30", "2:30 PM").
    func time(wall: Int64) throws(FeedDateError) -> [UInt8] {
        let minute = Int(floorMod(wall, msPerDay) / 60_000)
        return try icu { (s: inout State) throws(ICUError) in
            if let hit = s.times[minute] { return hit }
            if s.timeFormat == nil { s.timeFormat = try ICUDateFormat(locale: locale.icu, skeleton: timeSkeleton) }
            let text = try s.timeFormat!.format(wall: Int64(minute) * 60_000)
            s.times[minute] = text
            return text
        }
    }

    /// Weekday, month-day, full or numeric date of a local day.
    func date(_ kind: DateSkeleton, day: Int64) throws(FeedDateError) -> [UInt8] {
        // A weekday depends on the day of the week only.
        let keyDay = kind == .weekday ? floorMod(day, 7) : day
        let key = keyDay &* 4 &+ Int64(kind.rawValue)
        return try icu { (s: inout State) throws(ICUError) in
            if let hit = s.dates[key] { return hit }
            if s.dateFormats[kind.rawValue] == nil {
                s.dateFormats[kind.rawValue] = try ICUDateFormat(locale: locale.icu, skeleton: kind.skeleton)
            }
            let text = try s.dateFormats[kind.rawValue]!.format(wall: keyDay * msPerDay)
            if s.dates.count >= LocaleServices.cacheLimit { s.dates.removeAll(keepingCapacity: true) }
            s.dates[key] = text
            return text
        }
    }

    /// ICU's word for a day offset: −2, −1, +1 ("前天", "Yesterday", "Tomorrow"),
    /// always LONG; ICU's numeric form where the locale has no word.
    func dayWord(_ offset: Int) throws(FeedDateError) -> [UInt8] {
        try icu { (s: inout State) throws(ICUError) in
            if let hit = s.dayWords[offset] { return hit }
            let text = try s.longRelative!.word(offset, .day)
            s.dayWords[offset] = text
            return text
        }
    }

    /// "Just now": the project's table, else ICU's relative "now".
    func justNow() throws(FeedDateError) -> [UInt8] {
        try icu { (s: inout State) throws(ICUError) in
            if let hit = s.justNow { return hit }
            let text: [UInt8]
            if let fixed = LocaleServices.justNowTable(locale) { text = fixed } else { text = try s.longRelative!.word(0, .second) }
            s.justNow = text
            return text
        }
    }

    private static func justNowTable(_ locale: LocaleID) -> [UInt8]? {
        let text: String?
        switch locale.language {
        case "zh": text = locale.script == "Hant" ? "剛剛" : "刚刚"
        case "en": text = "Just now"
        case "ja": text = "たった今"
        case "ko": text = "방금"
        case "de": text = "Gerade eben"
        case "fr": text = "À l'instant"
        case "es": text = "Justo ahora"
        default: text = nil
        }
        return text.map { Array($0.utf8) }
    }

    /// "N units ago" (offset < 0) / "in N units" (offset > 0), in the width option.
    func relative(_ offset: Int64, _ unit: ICURelativeFormat.Unit) throws(FeedDateError) -> [UInt8] {
        let key = offset &<< 3 | Int64(unit.rawValue)
        return try icu { (s: inout State) throws(ICUError) in
            if let hit = s.relatives[key] { return hit }
            if s.widthRelative == nil {
                s.widthRelative = width == 0 ? s.longRelative : try ICURelativeFormat(locale: locale.icu, width: width)
            }
            let text = try s.widthRelative!.numeric(offset, unit)
            if s.relatives.count >= LocaleServices.cacheLimit { s.relatives.removeAll(keepingCapacity: true) }
            s.relatives[key] = text
            return text
        }
    }

    /// A compact duration: CLDR narrow unit; English uses s m h d w mo y; where
    /// the narrow month reads like the narrow minute, months use the short width.
    func compact(_ n: Int64, _ unit: CompactUnit) throws(FeedDateError) -> [UInt8] {
        let key = n &<< 3 | Int64(unit.rawValue)
        return try icu { (s: inout State) throws(ICUError) in
            if let hit = s.compacts[key] { return hit }
            let text: [UInt8]
            if locale.language == "en" {
                if s.plainNumber == nil { s.plainNumber = try ICUNumberFormat(locale: locale.icu, skeleton: "") }
                text = try s.plainNumber!.format(n) + Array(unit.english.utf8)
            } else {
                text = try compactFormat(&s, unit).format(n)
            }
            if s.compacts.count >= LocaleServices.cacheLimit { s.compacts.removeAll(keepingCapacity: true) }
            s.compacts[key] = text
            return text
        }
    }

    private func compactFormat(_ s: inout State, _ unit: CompactUnit) throws(ICUError) -> ICUNumberFormat {
        if let f = s.compactFormats[unit.rawValue] { return f }
        func open(_ u: CompactUnit, _ width: String) throws(ICUError) -> ICUNumberFormat {
            try ICUNumberFormat(locale: locale.icu, skeleton: "measure-unit/duration-\(u.cldr) unit-width-\(width)")
        }
        var f = try open(unit, "narrow")
        if unit == .month {
            let minute = try open(.minute, "narrow")
            if try f.format(5) == minute.format(5) { f = try open(.month, "short") }
        }
        s.compactFormats[unit.rawValue] = f
        return f
    }

    /// Digits 0...9 and the decimal separator of the locale's numbering system.
    func numberSymbols() throws(FeedDateError) -> [[UInt8]] {
        try icu { (s: inout State) throws(ICUError) in
            if let hit = s.symbols { return hit }
            let syms = try icuNumberSymbols(locale: locale.icu)
            s.symbols = syms
            return syms
        }
    }

    /// "<N days>" as a CLDR narrow unit ("1d", "1天").
    func countdownDays(_ n: Int64) throws(FeedDateError) -> [UInt8] {
        try icu { (s: inout State) throws(ICUError) in
            if s.countdownDay == nil {
                s.countdownDay = try ICUNumberFormat(locale: locale.icu, skeleton: "measure-unit/duration-day unit-width-narrow")
            }
            return try s.countdownDay!.format(n)
        }
    }

    /// Day and time joined by the locale's relative combining pattern.
    func combine(day: [UInt8], time: [UInt8]) -> LabelBytes { combiner.join(day: day, time: time) }

    // MARK: calendar

    /// The local days [start, end) of the calendar year (era and year) holding `day`.
    func year(containing day: Int64) throws(FeedDateError) -> YearSpan {
        if case .gregorian(true) = calendarKind {
            let y = civilFromDays(day).y
            return YearSpan(start: daysFromCivil(y, 1, 1), end: daysFromCivil(y + 1, 1, 1))
        }
        return try icu { (s: inout State) throws(ICUError) in
            if let hit = s.years.first(where: { $0.start <= day && day < $0.end }) { return hit }
            let cal = s.calendar!
            let key = try cal.eraYear(wall: day * msPerDay)
            func same(_ d: Int64) throws(ICUError) -> Bool { try cal.eraYear(wall: d * msPerDay) == key }
            // Gallop outwards until the year changes, then bisect: a year is
            // at most a few hundred days in every calendar ICU has.
            var lo = day, step: Int64 = 1
            while try same(lo - step) { lo -= step; step *= 2 }
            var bad = lo - step
            while lo - bad > 1 { let mid = bad + (lo - bad) / 2; if try same(mid) { lo = mid } else { bad = mid } }
            var hi = day
            step = 1
            while try same(hi + step) { hi += step; step *= 2 }
            var beyond = hi + step
            while beyond - hi > 1 { let mid = hi + (beyond - hi) / 2; if try same(mid) { hi = mid } else { beyond = mid } }
            let span = YearSpan(start: lo, end: hi + 1)
            if s.years.count >= 64 { s.years.removeAll(keepingCapacity: true) }
            s.years.append(span)
            return span
        }
    }

    /// Wall-clock time plus whole years and months in the locale's calendar
    /// (the day of month pinned to the month's length).
    func addMonths(wall: Int64, years: Int64, months: Int64) throws(FeedDateError) -> Int64 {
        if years == 0 && months == 0 { return wall }
        if case .gregorian = calendarKind {
            let day = floorDiv(wall, msPerDay), time = floorMod(wall, msPerDay)
            let c = civilFromDays(day)
            let total = c.y * 12 + (c.m - 1) + years * 12 + months
            let y = floorDiv(total, 12), m = floorMod(total, 12) + 1
            let d = min(c.d, daysInMonth(y, m))
            return daysFromCivil(y, m, d) * msPerDay + time
        }
        guard let y = Int32(exactly: years), let m = Int32(exactly: months) else { throw .range(wall) }
        return try icu { (s: inout State) throws(ICUError) in try s.calendar!.add(wall: wall, years: y, months: m) }
    }
}

func daysInMonth(_ y: Int64, _ m: Int64) -> Int64 {
    m == 12 ? 31 : daysFromCivil(y, m + 1, 1) - daysFromCivil(y, m, 1)
}

/// The locale's pattern for joining a day and a time, from ICU's relative
/// combining pattern with CLDR quoting resolved ("{1} 'klo' {0}" gives
/// "Eilen klo 11.11", not ICU 72's "Eilen 'klo' 11.11").
struct Combiner {
    private var literals: [[UInt8]] = [[], [], []]
    private var dayFirst = true

    init(template: [UInt8]) {
        var parts: [[UInt8]] = [[]]
        for b in template {
            if b == 1 || b == 2 {
                if parts.count == 1 { dayFirst = b == 1 }
                parts.append([])
            } else {
                parts[parts.count - 1].append(b)
            }
        }
        if parts.count == 3 { literals = parts.map(Combiner.unquote) } else { literals = [[], [32], []] }
    }

    /// CLDR pattern quoting: 'text' is literal text, '' is one apostrophe.
    static func unquote(_ s: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while i < s.count {
            if s[i] == UInt8(ascii: "'") {
                if i + 1 < s.count && s[i + 1] == UInt8(ascii: "'") { out.append(s[i]); i += 2; continue }
                i += 1
                continue
            }
            out.append(s[i])
            i += 1
        }
        return out
    }

    func join(day: [UInt8], time: [UInt8]) -> LabelBytes {
        let (first, second) = dayFirst ? (day, time) : (time, day)
        var text = literals[0]
        text.reserveCapacity(literals[0].count + first.count + literals[1].count + second.count + literals[2].count)
        let a = text.count
        text += first
        let b = text.count
        text += literals[1]
        let c = text.count
        text += second
        let d = text.count
        text += literals[2]
        return dayFirst ? LabelBytes(text: text, day: a..<b, time: c..<d) : LabelBytes(text: text, day: c..<d, time: a..<b)
    }
}
