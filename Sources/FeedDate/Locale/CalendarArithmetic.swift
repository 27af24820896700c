// Calendar arithmetic in the locale's calendar: the span of the calendar year
// holding a day, and whole years and months added to a wall-clock time.
//
// The Gregorian family (gregorian, iso8601, buddhist, roc, japanese) is
// integer arithmetic (Civil.swift): no ICU call per label. Other calendars ask
// ICU, but off the lock of a locale's ICU formatters: on calendars striped by
// thread (StripedCalendars), and through lock-free tables of year and month
// spans over 1900-2099, filled a block at a time, so ICU is asked once per
// span, not once per label.
import Glibc
import Synchronization

/// The calendar system of the locale, as far as arithmetic is concerned.
enum CalendarKind {
    /// Gregorian months and years (gregorian, iso8601, buddhist, roc,
    /// japanese): done natively. `gregorianYears` is false for japanese,
    /// whose eras start mid-year.
    case gregorian(gregorianYears: Bool)
    /// Any other system (persian, islamic-*, hebrew, chinese, ...): ICU.
    case icu
}

/// Local days [start, end): a calendar year or month.
struct DaySpan { let start: Int64; let end: Int64 }

/// The calendar arithmetic of one locale, shared by its formatters.
final class LocaleCalendar: @unchecked Sendable {
    let kind: CalendarKind
    /// ICU calendars, used for non-Gregorian arithmetic only.
    private let calendars: StripedCalendars
    /// Serialises the building of blocks of `yearSpans` and `monthSpans`
    /// (readers take no lock).
    private let building = GatedMutex(())
    /// Year spans of calendars whose years are not Gregorian, per local day
    /// of 1900 ... 2099 (16 bytes: start and end day).
    private let yearSpans = TextTable(firstKey: tableFirstDay, keyCount: tableDays, blockShift: 6, maxLength: 17)
    /// Month spans likewise, for calendars of twelve months a year (nil for
    /// others): months are added by walking them, not by asking ICU.
    private let monthSpans: TextTable?
    /// Year spans ICU gave outside the year table, most recent last.
    private let farYears = GatedMutex<[DaySpan]>([])

    init(locale: String) throws(ICUError) {
        let cal = try ICUCalendar(locale: locale)
        let type = cal.type
        switch type {
        case "gregorian", "iso8601", "buddhist", "roc": kind = .gregorian(gregorianYears: true)
        case "japanese": kind = .gregorian(gregorianYears: false)
        default: kind = .icu
        }
        // Calendars whose every year has twelve months, where adding
        // years is adding twelve months (ICU pins the day of month at each).
        let twelveMonths: Set<String> = [
            "persian", "islamic", "islamic-civil", "islamic-umalqura",
            "islamic-tbla", "islamic-rgsa", "indian",
        ]
        monthSpans =
            twelveMonths.contains(type)
            ? TextTable(firstKey: tableFirstDay, keyCount: tableDays, blockShift: 6, maxLength: 17)
            : nil
        calendars = StripedCalendars(locale: locale, first: cal)
    }

    /// The local days [start, end) of the calendar year (era and year) holding `day`.
    @inline(__always)
    func year(containing day: Int64) throws(FeedDateError) -> DaySpan {
        if case .gregorian(true) = kind {
            let y = gregorianYear(ofDay: day)
            return DaySpan(start: daysFromCivil(y, 1, 1), end: daysFromCivil(y + 1, 1, 1))
        }
        return try icuYear(containing: day)
    }

    /// year(containing:) for calendars whose years are not Gregorian: from
    /// the year table, else from the recent far years, else from ICU.
    @inline(never)
    private func icuYear(containing day: Int64) throws(FeedDateError) -> DaySpan {
        if let span = try span(in: yearSpans, containing: day, askICUYear(containing:)) { return span }
        if let hit = farYears.withLock({ $0.last(where: { $0.start <= day && day < $0.end }) }) { return hit }
        let span: DaySpan
        do { span = try askICUYear(containing: day) } catch { throw FeedDateError(error) }
        farYears.withLock {
            if $0.count >= 64 { $0.removeFirst() }
            $0.append(span)
        }
        return span
    }

    /// Wall-clock time plus whole years and months in the locale's calendar
    /// (the day of month pinned to the month's length).
    func addMonths(wall: Int64, years: Int64, months: Int64) throws(FeedDateError) -> Int64 {
        if years == 0 && months == 0 { return wall }
        if case .gregorian = kind {
            // Years and months together (relativedelta-style), see DESIGN.md.
            return shiftMonths(
                civilFromDays(floorDiv(wall, msPerDay)), time: floorMod(wall, msPerDay),
                by: years * 12 + months)
        }
        if let table = monthSpans, let w = try walkMonths(table, wall: wall, 12 * years),
            let shifted = try walkMonths(table, wall: w, months)
        {
            return shifted
        }
        guard let y = Int32(exactly: years), let m = Int32(exactly: months) else { throw .range(wall) }
        do {
            return try calendars.with { (cal: ICUCalendar) throws(ICUError) -> Int64 in
                try cal.add(wall: wall, years: y, months: m)
            }
        } catch {
            throw FeedDateError(error)
        }
    }

    /// Wall-clock time moved by n months of a twelve-month calendar, as
    /// ICU's add does: the day of month pinned to the target month's length,
    /// the time of day kept. Walks the month table one month a step; nil when
    /// a month falls outside it (the caller then asks ICU), or for more steps
    /// than the table has months.
    private func walkMonths(_ table: TextTable, wall: Int64, _ n: Int64) throws(FeedDateError) -> Int64? {
        if n == 0 { return wall }
        guard abs(n) <= 2_500 else { return nil }
        let day = floorDiv(wall, msPerDay), time = floorMod(wall, msPerDay)
        guard var month = try span(in: table, containing: day, askICUMonth(containing:)) else { return nil }
        let offset = day - month.start
        for _ in 0..<abs(n) {
            guard
                let next = try span(
                    in: table, containing: n > 0 ? month.end : month.start - 1, askICUMonth(containing:))
            else {
                return nil
            }
            month = next
        }
        return (month.start + min(offset, month.end - month.start - 1)) * msPerDay + time
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
                return DaySpan(
                    start: bytes.loadUnaligned(as: Int64.self),
                    end: bytes.loadUnaligned(fromByteOffset: 8, as: Int64.self))
            case .miss:
                do {
                    try building.withLock { (_: inout ()) throws(ICUError) in
                        try MemoryHeadroom.checkForICU()
                        var last: DaySpan? = nil
                        try table.build(blockOf: day) { (d: Int64) throws(ICUError) -> [UInt8] in
                            if last == nil || !(last!.start <= d && d < last!.end) { last = try icuSpan(d) }
                            return withUnsafeBytes(of: (last!.start, last!.end)) { Array($0) }
                        }
                    }
                } catch {
                    throw FeedDateError(error)
                }
            case .outside:
                return nil
            }
        }
    }

    /// The month span from ICU's calendar.
    private func askICUMonth(containing day: Int64) throws(ICUError) -> DaySpan {
        try calendars.with { (cal: ICUCalendar) throws(ICUError) -> DaySpan in
            let m = try cal.month(containing: day)
            return DaySpan(start: m.start, end: m.end)
        }
    }

    /// The year span from ICU's calendar: the days before and after `day`
    /// with its era and year, searched outwards (a year is at most a few
    /// hundred days in every calendar ICU has).
    private func askICUYear(containing day: Int64) throws(ICUError) -> DaySpan {
        try calendars.with { (cal: ICUCalendar) throws(ICUError) -> DaySpan in
            let key = try cal.eraYear(wall: day * msPerDay)
            func same(_ d: Int64) throws(ICUError) -> Bool { try cal.eraYear(wall: d * msPerDay) == key }
            let before = try largest(estimate: 0) { (n: Int64) throws(ICUError) in try same(day - n) }
            let after = try largest(estimate: 0) { (n: Int64) throws(ICUError) in try same(day + n) }
            return DaySpan(start: day - before, end: day + after + 1)
        }
    }
}

/// ICU calendars of one locale for arithmetic. A UCalendar is not
/// thread-safe, and one calendar behind one lock would make threads sharing
/// a formatter queue for each other's ICU calls. Here a thread uses the
/// calendar of its stripe (a hash of its thread id, 16 stripes, each a lock
/// and a calendar made on first use), so threads meet only when their ids
/// hash alike.
final class StripedCalendars: @unchecked Sendable {
    private static let stripeCount = 16
    private let locale: String
    private final class Stripe: Sendable {
        let calendar: GatedMutex<ICUCalendar?>
        init(_ first: sending ICUCalendar?) { calendar = GatedMutex(first) }
    }
    private let stripes: [Stripe]

    /// `first`, made by the caller for this, becomes stripe 0's calendar.
    init(locale: String, first: sending ICUCalendar) {
        self.locale = locale
        var stripes = [Stripe(first)]
        for _ in 1..<StripedCalendars.stripeCount { stripes.append(Stripe(nil)) }
        self.stripes = stripes
    }

    func with<R>(_ body: (ICUCalendar) throws(ICUError) -> R) throws(ICUError) -> R {
        let id = UInt64(pthread_self())
        let stripe = Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> 60)
        return try stripes[stripe].calendar.withLock { (cal: inout ICUCalendar?) throws(ICUError) -> R in
            if cal == nil { cal = try ICUCalendar(locale: locale) }
            // What body returns is its own (a number, a span), never the
            // calendar, which stays behind the lock: Swift 6's region check
            // cannot see that through the generic R.
            nonisolated(unsafe) let result = try body(cal.unsafelyUnwrapped)
            return result
        }
    }
}

extension LocaleServices {
    /// The locale's calendar system (what `calendar` does natively).
    var calendarKind: CalendarKind {
        @inline(__always) get { calendar.kind }
    }

    /// The local days [start, end) of the calendar year holding `day`.
    @inline(__always)
    func year(containing day: Int64) throws(FeedDateError) -> DaySpan {
        try calendar.year(containing: day)
    }

    /// Wall-clock time plus whole years and months in the locale's calendar.
    @inline(__always)
    func addMonths(wall: Int64, years: Int64, months: Int64) throws(FeedDateError) -> Int64 {
        try calendar.addMonths(wall: wall, years: years, months: months)
    }
}
