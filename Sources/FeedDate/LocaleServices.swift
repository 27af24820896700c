// Everything a formatter asks ICU for: the localized pieces of SPEC section 2
// and the locale's calendar. ICU's formatters are shared by the formatters of
// a locale, made on first use, and live behind one lock (they are not
// thread-safe); calendars for arithmetic are striped by thread
// (StripedCalendars). Texts are cached in lock-free TextTables keyed by small
// integers, so a warm formatter reaches ICU only for keys outside the tables
// (dates before 1900 or after 2100, counts of 64 and more).
import CICU
import Glibc
import Synchronization

/// A localized piece of a label: a kind and an integer key.
struct Piece: Equatable {
    var kind: Kind
    var key: Int64

    enum Kind: UInt8 {
        case none = 0
        case time          // key: minute of the day
        case word          // key: day offset −2, −1, +1 ("前天", "Yesterday", "Tomorrow")
        case justNow       // key: 0
        case weekday       // key: day mod 7
        case monthDay      // key: local day
        case fullDate
        case numericDate
        case past          // key: count; unit in `unit`
        case future
        case compact
        case digit         // key: 0...9, 10 = decimal separator (COUNTDOWN)
        case days          // key: whole days, narrow unit (COUNTDOWN)
    }

    static let none = Piece(kind: .none, key: 0)
    static func time(wall: Int64) -> Piece { Piece(kind: .time, key: floorMod(wall, msPerDay) / 60_000) }
    static func date(_ kind: Kind, day: Int64) -> Piece { Piece(kind: kind, key: kind == .weekday ? floorMod(day, 7) : day) }
    /// "N units ago" / "in N units" / compact; the unit rides in the key's low bits.
    static func count(_ kind: Kind, _ n: Int64, _ unit: CompactUnit) -> Piece { Piece(kind: kind, key: n << 3 | Int64(unit.rawValue)) }
}

enum CompactUnit: Int, CaseIterable {
    case second, minute, hour, day, week, month, year
    var cldr: String { ["second", "minute", "hour", "day", "week", "month", "year"][rawValue] }
    var english: String { ["s", "m", "h", "d", "w", "mo", "y"][rawValue] }
    var relative: ICURelativeFormat.Unit {
        [.second, .minute, .hour, .day, .week, .month, .year][rawValue]
    }
}

/// The calendar system of the locale, as far as arithmetic is concerned.
enum CalendarKind {
    /// Gregorian months and years (gregorian, iso8601, buddhist, roc,
    /// japanese): done natively. `gregorianYears` is false for japanese,
    /// whose eras start mid-year.
    case gregorian(gregorianYears: Bool)
    /// Any other system (persian, islamic-*, hebrew, chinese, ...): ICU.
    case icu
}

/// A writer into the caller's buffer that never writes past its capacity
/// and keeps counting, so a too-small buffer still learns the length needed.
struct Sink {
    let base: UnsafeMutableRawPointer?
    let capacity: Int
    var length = 0

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if let base, length + bytes.count <= capacity, bytes.count > 0 {
            (base + length).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        length += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBytes { append($0) } }
}

final class LocaleServices: @unchecked Sendable {
    let locale: LocaleID
    let resolvedLocale: String
    let calendarKind: CalendarKind
    private let timeSkeleton: String
    private let width: Int32
    private let icu: Mutex<ICUState>
    /// ICU calendars for arithmetic, used outside the lock of `icu`.
    private let calendars: StripedCalendars
    /// digitsAreASCII's answer: 0 not known yet, 1 yes, 2 no.
    private let asciiDigits = Atomic<UInt8>(0)
    /// Year spans ICU gave outside the year table (1900-2099), most recent last.
    private let farYears = Mutex<[DaySpan]>([])
    /// One table per piece kind (index: Kind.rawValue), owned by `tables`
    /// and read through unmanaged references: no reference counting on the
    /// hot path, where threads would contend for the count.
    private let tables: [TextTable]
    private let tableRefs: UnsafeMutablePointer<Unmanaged<TextTable>>
    /// The relative combining pattern, quotes resolved: literals and order.
    private let combiner: TextTable
    /// Year spans of calendars whose years are not Gregorian, per local day
    /// of 1900 ... 2099 (16 bytes: start and end day), read without the lock.
    private let yearSpans = TextTable(firstKey: tableFirstDay, keyCount: tableDays, blockShift: 6, maxLength: 17)
    /// Month spans likewise, for calendars of twelve months a year (nil for
    /// others): months are added by walking them, not by asking ICU.
    private let monthSpans: TextTable?
    private let dayFirst: Bool

    private struct ICUState {
        /// Date formats by piece kind (time, weekday and the dates), open only
        /// while a table block is built or for keys outside the tables; the
        /// patterns their skeletons resolved to, kept to open them again.
        var dateFormats: [Piece.Kind: ICUDateFormat] = [:]
        var datePatterns: [Piece.Kind: [UInt8]] = [:]
        var longRelative: ICURelativeFormat
        var widthRelative: ICURelativeFormat?
        var compactFormats: [CompactUnit: ICUNumberFormat] = [:]
        var plainNumber: ICUNumberFormat?
        var countdownDay: ICUNumberFormat?
        var symbols: [[UInt8]]?
    }

    struct DaySpan { let start: Int64; let end: Int64 }  // local days [start, end): a year or a month

    /// Local days covered by the date tables: 1900-01-01 ..< 2100-01-01.
    private static let tableFirstDay = daysFromCivil(1900, 1, 1)
    private static let tableDays = daysFromCivil(2100, 1, 1) - daysFromCivil(1900, 1, 1)

    init(locale: LocaleID, hourCycle: FeedDateHourCycle, width: FeedDateWidth) throws(FeedDateError) {
        self.locale = locale
        self.width = width.rawValue
        switch hourCycle {
        case .locale: timeSkeleton = "jm"
        case .h23: timeSkeleton = "Hm"
        case .h12: timeSkeleton = "hm"
        }
        let template: [UInt8]
        do {
            let rel = try ICURelativeFormat(locale: locale.icu, width: 0)
            template = try rel.combineTemplate()
            let cal = try ICUCalendar(locale: locale.icu)
            let type = cal.type
            switch type {
            case "gregorian", "iso8601", "buddhist", "roc": calendarKind = .gregorian(gregorianYears: true)
            case "japanese": calendarKind = .gregorian(gregorianYears: false)
            default: calendarKind = .icu
            }
            // Calendars whose every year has twelve months, where adding
            // years is adding twelve months (ICU pins the day of month at each).
            let twelveMonths: Set<String> = ["persian", "islamic", "islamic-civil", "islamic-umalqura",
                                             "islamic-tbla", "islamic-rgsa", "indian"]
            monthSpans = twelveMonths.contains(type)
                ? TextTable(firstKey: LocaleServices.tableFirstDay, keyCount: LocaleServices.tableDays, blockShift: 6, maxLength: 17)
                : nil
            icu = Mutex(ICUState(longRelative: rel))
            calendars = StripedCalendars(locale: locale.icu, first: cal)
        } catch {
            throw .icu(error.description)
        }
        resolvedLocale = LocaleServices.resolvedName(locale)
        tables = (0...Piece.Kind.days.rawValue).map { raw in LocaleServices.table(for: Piece.Kind(rawValue: raw)!) }
        tableRefs = .allocate(capacity: tables.count)
        tableRefs.initialize(from: tables.map { Unmanaged.passUnretained($0) }, count: tables.count)
        // The combining template: 0x01 marks the date, 0x02 the time.
        var parts: [[UInt8]] = [[]]
        var dateFirst = true
        for b in template {
            if b == 1 || b == 2 {
                if parts.count == 1 { dateFirst = b == 1 }
                parts.append([])
            } else {
                parts[parts.count - 1].append(b)
            }
        }
        let literals = parts.count == 3 ? parts.map(LocaleServices.unquote) : [[], [32], []]
        dayFirst = dateFirst
        combiner = TextTable(firstKey: 0, keyCount: 3, blockShift: 2, maxLength: 255)
        combiner.build(blockOf: 0) { (k: Int64) -> [UInt8] in k < 3 ? literals[Int(k)] : [] }
    }

    /// Formatters of one (locale, hour cycle, width) share their services:
    /// ICU objects and text tables are the bulk of a formatter's memory and
    /// creation time. The cache keeps the 64 most recently made; a formatter
    /// keeps its own alive.
    private static let cache = Mutex<(map: [String: LocaleServices], order: [String])>(([:], []))
    private static let cacheLimit = 64

    static func shared(locale: LocaleID, hourCycle: FeedDateHourCycle, width: FeedDateWidth) throws(FeedDateError) -> LocaleServices {
        let key = "\(locale.icu)|\(hourCycle.rawValue)|\(width.rawValue)"
        if let hit = cache.withLock({ $0.map[key] }) { return hit }
        let made = try LocaleServices(locale: locale, hourCycle: hourCycle, width: width)
        return cache.withLock { c in
            if let hit = c.map[key] { return hit }
            c.map[key] = made
            c.order.append(key)
            if c.order.count > cacheLimit { c.map[c.order.removeFirst()] = nil }
            return made
        }
    }

    deinit {
        tableRefs.deinitialize(count: tables.count)
        tableRefs.deallocate()
    }

    private static func table(for kind: Piece.Kind) -> TextTable {
        switch kind {
        case .time: return TextTable(firstKey: 0, keyCount: 1440, blockShift: 5, maxLength: 255)
        case .word: return TextTable(firstKey: -2, keyCount: 4, blockShift: 2, maxLength: 255)
        case .weekday: return TextTable(firstKey: 0, keyCount: 7, blockShift: 3, maxLength: 255)
        case .monthDay, .fullDate, .numericDate:
            return TextTable(firstKey: tableFirstDay, keyCount: tableDays, blockShift: 5, maxLength: 255)
        case .past, .future, .compact:
            // Counts 0..<64 of each of the 8 unit slots.
            return TextTable(firstKey: 0, keyCount: 64 << 3, blockShift: 6, maxLength: 255)
        case .digit: return TextTable(firstKey: 0, keyCount: 11, blockShift: 4, maxLength: 255)
        case .days: return TextTable(firstKey: 0, keyCount: 1024, blockShift: 5, maxLength: 255)
        case .none, .justNow: return TextTable(firstKey: 0, keyCount: 1, blockShift: 0, maxLength: 255)
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

    private func locked<R>(_ body: (inout ICUState) throws(ICUError) -> R) throws(FeedDateError) -> R {
        do {
            return try icu.withLock { (s: inout ICUState) throws(ICUError) -> R in try body(&s) }
        } catch {
            throw .icu(error.description)
        }
    }

    // MARK: writing pieces

    /// Appends the text of a piece: from its table, building the table's
    /// block on first use, or from ICU directly where no table holds it.
    @inline(__always)
    func write(_ piece: Piece, to sink: inout Sink) throws(FeedDateError) {
        if case .hit(let bytes) = tableRefs[Int(piece.kind.rawValue)]._withUnsafeGuaranteedRef({ $0.lookup(piece.key) }) {
            sink.append(bytes)
            return
        }
        try writeMissing(piece, to: &sink)
    }

    /// `write` for a text not in its table yet, or outside it: kept out of
    /// line, so that the path of a hit carries nothing of the ICU lock.
    @inline(never)
    private func writeMissing(_ piece: Piece, to sink: inout Sink) throws(FeedDateError) {
        let ref = tableRefs[Int(piece.kind.rawValue)]
        while true {
            switch ref._withUnsafeGuaranteedRef({ $0.lookup(piece.key) }) {
            case .hit(let bytes):
                sink.append(bytes)
                return
            case .miss:
                let table = ref.takeUnretainedValue()
                try locked { (s: inout ICUState) throws(ICUError) in
                    try table.build(blockOf: piece.key) { (k: Int64) throws(ICUError) in
                        try self.format(&s, Piece(kind: piece.kind, key: k))
                    }
                    // A date format is 40-50 KiB of ICU objects and fills a
                    // block of 32 keys at a time: opened again from its pattern
                    // for the next block (tens of µs) rather than kept.
                    s.dateFormats[piece.kind] = nil
                }
            case .outside:
                sink.append(try locked { (s: inout ICUState) throws(ICUError) in try self.format(&s, piece) })
                return
            }
        }
    }

    /// Whether the locale's digits 0...9 (COUNTDOWN's `.digit` pieces) are
    /// ASCII "0"..."9": found once from the digit table, then kept (a race
    /// only finds the same answer twice).
    func digitsAreASCII() throws(FeedDateError) -> Bool {
        switch asciiDigits.load(ordering: .relaxed) {
        case 1: return true
        case 2: return false
        default: break
        }
        var ascii = true
        try withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { (buf: UnsafeMutableRawBufferPointer) throws(FeedDateError) in
            for d in 0...9 {
                var sink = Sink(base: buf.baseAddress!, capacity: buf.count)
                try write(Piece(kind: .digit, key: Int64(d)), to: &sink)
                if sink.length != 1 || buf[0] != 0x30 + UInt8(d) { ascii = false }
            }
        }
        asciiDigits.store(ascii ? 1 : 2, ordering: .relaxed)
        return ascii
    }

    /// Whether two pieces read the same.
    func sameText(_ a: Piece, _ b: Piece) throws(FeedDateError) -> Bool {
        if a == b { return true }
        let x = tableRefs[Int(a.kind.rawValue)]._withUnsafeGuaranteedRef { $0.lookup(a.key) }
        let y = tableRefs[Int(b.kind.rawValue)]._withUnsafeGuaranteedRef { $0.lookup(b.key) }
        if case .hit(let p) = x, case .hit(let q) = y {
            return p.count == q.count && (p.count == 0 || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0)
        }
        return try withUnsafeTemporaryAllocation(byteCount: 256, alignment: 8) {
            (buf: UnsafeMutableRawBufferPointer) throws(FeedDateError) -> Bool in
            var x = Sink(base: buf.baseAddress!, capacity: 128)
            var y = Sink(base: buf.baseAddress! + 128, capacity: 128)
            try write(a, to: &x)
            try write(b, to: &y)
            return x.length == y.length && x.length <= 128 && memcmp(buf.baseAddress!, buf.baseAddress! + 128, x.length) == 0
        }
    }

    /// Appends a piece's text and returns its byte span in the sink.
    @inline(__always)
    func span(_ piece: Piece, to sink: inout Sink) throws(FeedDateError) -> Range<Int> {
        let start = sink.length
        try write(piece, to: &sink)
        return start..<sink.length
    }

    /// Appends day and time joined by the locale's combining pattern
    /// ("{1} 'klo' {0}" gives "Eilen klo 11.11", not ICU 72's "Eilen 'klo' 11.11");
    /// returns the spans of the day and the time.
    func writeJoined(day: Piece, time: Piece, to sink: inout Sink) throws(FeedDateError) -> (Range<Int>, Range<Int>) {
        literal(0, &sink)
        let first = try span(dayFirst ? day : time, to: &sink)
        literal(1, &sink)
        let second = try span(dayFirst ? time : day, to: &sink)
        literal(2, &sink)
        return dayFirst ? (first, second) : (second, first)
    }

    @inline(__always)
    private func literal(_ i: Int64, _ sink: inout Sink) {
        if case .hit(let bytes) = combiner.lookup(i) { sink.append(bytes) }
    }

    /// The open date format of a kind (time, weekday, a date): opened from
    /// its skeleton the first time, from the pattern that gave after.
    private func dateFormat(_ s: inout ICUState, _ kind: Piece.Kind) throws(ICUError) -> ICUDateFormat {
        if let open = s.dateFormats[kind] { return open }
        let made: ICUDateFormat
        if let pattern = s.datePatterns[kind] {
            made = try ICUDateFormat(locale: locale.icu, pattern: pattern)
        } else {
            let skeleton = kind == .time ? timeSkeleton
                : [Piece.Kind.weekday: "cccc", .monthDay: "MMMd", .fullDate: "yMMMd", .numericDate: "yMd"][kind]!
            made = try ICUDateFormat(locale: locale.icu, skeleton: skeleton)
            s.datePatterns[kind] = try made.pattern()
        }
        s.dateFormats[kind] = made
        return made
    }

    /// The text of a piece, from ICU (the caller holds the lock).
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
                s.widthRelative = width == 0 ? s.longRelative : try ICURelativeFormat(locale: locale.icu, width: width)
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
            return piece.key >= 0 && piece.key <= 10 ? s.symbols![Int(piece.key)] : []
        case .days:
            if s.countdownDay == nil {
                s.countdownDay = try ICUNumberFormat(locale: locale.icu, skeleton: "measure-unit/duration-day unit-width-narrow")
            }
            return try s.countdownDay!.format(piece.key)
        }
    }

    /// "Just now": the project's table (SPEC section 2); nil means ICU's "now".
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

    // MARK: calendar

    /// The local days [start, end) of the calendar year (era and year) holding `day`.
    func year(containing day: Int64) throws(FeedDateError) -> DaySpan {
        if case .gregorian(true) = calendarKind {
            let y = gregorianYear(ofDay: day)
            return DaySpan(start: daysFromCivil(y, 1, 1), end: daysFromCivil(y + 1, 1, 1))
        }
        if let span = try span(in: yearSpans, containing: day, icuYear(containing:)) { return span }
        if let hit = farYears.withLock({ $0.last(where: { $0.start <= day && day < $0.end }) }) { return hit }
        let span: DaySpan
        do { span = try icuYear(containing: day) } catch { throw .icu(error.description) }
        farYears.withLock {
            if $0.count >= 64 { $0.removeFirst() }
            $0.append(span)
        }
        return span
    }

    /// The span holding `day` from a table of spans (year or month) of
    /// 1900-2099, building its block on first use (ICU asked once per span,
    /// not per day), or nil outside the table.
    private func span(
        in table: TextTable, containing day: Int64, _ icuSpan: (Int64) throws(ICUError) -> DaySpan
    ) throws(FeedDateError) -> DaySpan? {
        while true {
            switch table.lookup(day) {
            case .hit(let bytes):
                return DaySpan(start: bytes.loadUnaligned(as: Int64.self),
                               end: bytes.loadUnaligned(fromByteOffset: 8, as: Int64.self))
            case .miss:
                try locked { (_: inout ICUState) throws(ICUError) in
                    // Under the lock only to build the block once; ICU works on a striped calendar.
                    var last: DaySpan? = nil
                    try table.build(blockOf: day) { (d: Int64) throws(ICUError) -> [UInt8] in
                        if last == nil || !(last!.start <= d && d < last!.end) { last = try icuSpan(d) }
                        return withUnsafeBytes(of: (last!.start, last!.end)) { Array($0) }
                    }
                }
            case .outside:
                return nil
            }
        }
    }

    /// The month span from ICU's calendar.
    private func icuMonth(containing day: Int64) throws(ICUError) -> DaySpan {
        try calendars.with { (cal: ICUCalendar) throws(ICUError) -> DaySpan in
            let m = try cal.month(containing: day)
            return DaySpan(start: m.start, end: m.end)
        }
    }

    /// The year span from ICU's calendar: the days before and after `day`
    /// with its era and year, searched outwards (a year is at most a few
    /// hundred days in every calendar ICU has).
    private func icuYear(containing day: Int64) throws(ICUError) -> DaySpan {
        try calendars.with { (cal: ICUCalendar) throws(ICUError) -> DaySpan in
            let key = try cal.eraYear(wall: day * msPerDay)
            func same(_ d: Int64) throws(ICUError) -> Bool { try cal.eraYear(wall: d * msPerDay) == key }
            let before = try largest(estimate: 0) { (n: Int64) throws(ICUError) in try same(day - n) }
            let after = try largest(estimate: 0) { (n: Int64) throws(ICUError) in try same(day + n) }
            return DaySpan(start: day - before, end: day + after + 1)
        }
    }

    /// Wall-clock time plus whole years and months in the locale's calendar
    /// (the day of month pinned to the month's length).
    func addMonths(wall: Int64, years: Int64, months: Int64) throws(FeedDateError) -> Int64 {
        if years == 0 && months == 0 { return wall }
        if case .gregorian = calendarKind {
            // Years and months together (relativedelta-style), see DESIGN.md.
            return shiftMonths(civilFromDays(floorDiv(wall, msPerDay)), time: floorMod(wall, msPerDay),
                               by: years * 12 + months)
        }
        if let table = monthSpans, let w = try walkMonths(table, wall: wall, 12 * years),
           let shifted = try walkMonths(table, wall: w, months) {
            return shifted
        }
        guard let y = Int32(exactly: years), let m = Int32(exactly: months) else { throw .range(wall) }
        do {
            return try calendars.with { (cal: ICUCalendar) throws(ICUError) -> Int64 in try cal.add(wall: wall, years: y, months: m) }
        } catch {
            throw .icu(error.description)
        }
    }
}

extension LocaleServices {
    /// Wall-clock time moved by n months of a twelve-month calendar, as
    /// ICU's add does: the day of month pinned to the target month's length,
    /// the time of day kept. Walks the month table one month a step; nil when
    /// a month falls outside it (the caller then asks ICU), or for more steps
    /// than the table has months.
    fileprivate func walkMonths(_ table: TextTable, wall: Int64, _ n: Int64) throws(FeedDateError) -> Int64? {
        if n == 0 { return wall }
        guard abs(n) <= 2_500 else { return nil }
        let day = floorDiv(wall, msPerDay), time = floorMod(wall, msPerDay)
        guard var month = try span(in: table, containing: day, icuMonth(containing:)) else { return nil }
        let offset = day - month.start
        for _ in 0..<abs(n) {
            guard let next = try span(in: table, containing: n > 0 ? month.end : month.start - 1, icuMonth(containing:)) else {
                return nil
            }
            month = next
        }
        return (month.start + min(offset, month.end - month.start - 1)) * msPerDay + time
    }
}

/// ICU calendars of one locale for arithmetic: a UCalendar is not
/// thread-safe, and one shared under the locale's lock made threads queue for
/// each other's ICU calls (docs/RELIABILITY.md, finding 5). Here a thread uses
/// the calendar of its stripe (a hash of its thread id, 16 stripes, each a
/// lock and a calendar made on first use), so threads meet only when their
/// ids hash alike. Only non-Gregorian arithmetic comes here.
final class StripedCalendars: @unchecked Sendable {
    private static let stripeCount = 16
    private let locale: String
    private final class Stripe: Sendable {
        let calendar: Mutex<ICUCalendar?>
        init(_ first: ICUCalendar?) { calendar = Mutex(first) }
    }
    private let stripes: [Stripe]

    init(locale: String, first: ICUCalendar) {
        self.locale = locale
        stripes = (0..<StripedCalendars.stripeCount).map { Stripe($0 == 0 ? first : nil) }
    }

    func with<R>(_ body: (ICUCalendar) throws(ICUError) -> R) throws(ICUError) -> R {
        let id = UInt64(pthread_self())
        let stripe = Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> 60)
        return try stripes[stripe].calendar.withLock { (cal: inout ICUCalendar?) throws(ICUError) -> R in
            if cal == nil { cal = try ICUCalendar(locale: locale) }
            return try body(cal.unsafelyUnwrapped)
        }
    }
}
