// Swift over CICU: one error type, one resizing-buffer helper, and small
// owners for ICU objects. Nothing here is public; ICU types never leak out.
import CICU
import Glibc

/// A failure reported by ICU, with the wrapper that reported it.
struct ICUError: Error, CustomStringConvertible {
    let code: Int32
    let call: StaticString
    var description: String { "\(call): \(String(cString: cicu_error_name(code)))" }
    /// U_MEMORY_ALLOCATION_ERROR.
    static let memoryAllocation: Int32 = 7
}

extension FeedDateError {
    /// An ICU failure as the library reports it: a failed allocation is
    /// `.memory` (FD_ERR_MEMORY), anything else `.icu`.
    init(_ error: ICUError) {
        self =
            error.code == ICUError.memoryAllocation
            ? .memory("out of memory: ICU could not allocate (\(error))") : .icu(error.description)
    }
}

/// Runs an ICU text call with a buffer that grows until the text fits, and
/// returns the UTF-8 bytes. `body(buffer, capacity, &err)` returns the length.
func icuText(
    _ call: StaticString,
    _ body: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32
) throws(ICUError) -> [UInt8] {
    var cap: Int32 = 128
    while true {
        var err: Int32 = 0
        var out = [UInt8](repeating: 0, count: Int(cap))
        let n = out.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: Int(cap)) { body($0, cap, &err) }
        }
        if err > 0 { throw ICUError(code: err, call: call) }
        if n < cap {
            out.removeSubrange(Int(n)...)
            return out
        }
        cap = n + 1
    }
}

func icuString(
    _ call: StaticString,
    _ body: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32
) throws(ICUError) -> String {
    String(decoding: try icuText(call, body), as: UTF8.self)
}

/// Opens an ICU object through a CICU constructor, or throws; `Handle` is
/// the constructor's handle type (cicu_datefmt_ref, cicu_calendar_ref, ...).
func icuOpen<Handle>(
    _ call: StaticString, _ open: (UnsafeMutablePointer<Int32>) -> Handle?
) throws(ICUError) -> Handle {
    var err: Int32 = 0
    let p = open(&err)
    guard let p, err <= 0 else { throw ICUError(code: err > 0 ? err : 5 /* U_INTERNAL_PROGRAM_ERROR */, call: call) }
    return p
}

/// A date format for one skeleton, in UTC, formatting wall-clock milliseconds.
/// Not thread-safe: owned by a formatter's locked state.
final class ICUDateFormat {
    private let raw: cicu_datefmt_ref
    init(locale: String, skeleton: String) throws(ICUError) {
        raw = try icuOpen("udat_open") { cicu_datefmt_open(locale, skeleton, $0) }
    }
    /// From a `pattern` of an earlier format: without ICU's pattern generator,
    /// which costs most of the time of opening one.
    init(locale: String, pattern: [UInt8]) throws(ICUError) {
        let text = String(decoding: pattern, as: UTF8.self)
        raw = try icuOpen("udat_open") { cicu_datefmt_open_pattern(locale, text, $0) }
    }
    deinit { cicu_datefmt_close(raw) }
    /// The pattern the skeleton resolved to (UTF-8).
    func pattern() throws(ICUError) -> [UInt8] {
        try icuText("udat_toPattern") { cicu_datefmt_pattern(raw, $0, $1, $2) }
    }
    func format(wall: Int64) throws(ICUError) -> [UInt8] {
        try icuText("udat_format") { cicu_datefmt_format(raw, Double(wall), $0, $1, $2) }
    }
}

/// ICU's relative date/time formatter (day words, "N units ago", "now").
final class ICURelativeFormat {
    private let raw: cicu_reldate_ref
    typealias Unit = cicu_unit
    init(locale: String, width: cicu_width) throws(ICUError) {
        raw = try icuOpen("ureldatefmt_open") { cicu_reldate_open(locale, width, $0) }
    }
    deinit { cicu_reldate_close(raw) }
    /// The word for an offset ("Yesterday"), or ICU's numeric form where there is none.
    func word(_ offset: Int, _ unit: Unit) throws(ICUError) -> [UInt8] {
        try icuText("ureldatefmt_format") { cicu_reldate_format(raw, Double(offset), unit, $0, $1, $2) }
    }
    /// "N units ago" (past) or "in N units". ICU reads the direction from
    /// the sign bit, so "0 seconds ago" is passed as −0.0.
    func numeric(_ n: Int64, past: Bool, _ unit: Unit) throws(ICUError) -> [UInt8] {
        let offset = past ? -Double(n) : Double(n)
        return try icuText("ureldatefmt_formatNumeric") { cicu_reldate_format_numeric(raw, offset, unit, $0, $1, $2) }
    }
    /// The combining pattern with 0x01 for the date and 0x02 for the time.
    func combineTemplate() throws(ICUError) -> [UInt8] {
        try icuText("ureldatefmt_combineDateAndTime") { cicu_reldate_combine_template(raw, $0, $1, $2) }
    }
}

/// An ICU number formatter for one skeleton.
final class ICUNumberFormat {
    private let raw: cicu_numfmt_ref
    init(locale: String, skeleton: String) throws(ICUError) {
        raw = try icuOpen("unumf_openForSkeletonAndLocale") { cicu_numfmt_open(locale, skeleton, $0) }
    }
    deinit { cicu_numfmt_close(raw) }
    func format(_ value: Int64) throws(ICUError) -> [UInt8] {
        try icuText("unumf_formatInt") { cicu_numfmt_format(raw, value, $0, $1, $2) }
    }
}

/// The locale's calendar in UTC over wall-clock milliseconds.
final class ICUCalendar {
    private let raw: cicu_calendar_ref
    init(locale: String) throws(ICUError) {
        raw = try icuOpen("ucal_open") { cicu_cal_open(locale, $0) }
    }
    deinit { cicu_cal_close(raw) }
    var type: String {
        (try? icuString("ucal_getType") { cicu_cal_type(raw, $0, $1, $2) }) ?? "gregorian"
    }
    func eraYear(wall: Int64) throws(ICUError) -> Int64 {
        var era: Int32 = 0, year: Int32 = 0, err: Int32 = 0
        cicu_cal_era_year(raw, Double(wall), &era, &year, &err)
        if err > 0 { throw ICUError(code: err, call: "ucal_get") }
        return Int64(era) << 32 | Int64(UInt32(bitPattern: year))
    }
    /// The local days [start, end) of the calendar month holding `day`.
    func month(containing day: Int64) throws(ICUError) -> (start: Int64, end: Int64) {
        var dayOfMonth: Int32 = 0, length: Int32 = 0, err: Int32 = 0
        cicu_cal_month(raw, Double(day * msPerDay), &dayOfMonth, &length, &err)
        if err > 0 { throw ICUError(code: err, call: "ucal_get") }
        let start = day - Int64(dayOfMonth) + 1
        return (start, start + Int64(length))
    }
    func add(wall: Int64, years: Int32, months: Int32) throws(ICUError) -> Int64 {
        var err: Int32 = 0
        let r = cicu_cal_add(raw, Double(wall), years, months, &err)
        if err > 0 { throw ICUError(code: err, call: "ucal_add") }
        return Int64(r)
    }
}

/// The locale's digits 0...9 and decimal separator in UTF-8.
/// ICU's list format for measures ("1 day, 3 hours, 4 minutes"), type UNITS, width WIDE.
/// Not thread-safe: owned by a formatter's locked state.
final class ICUUnitList {
    private let raw: cicu_listfmt_ref
    init(locale: String) throws(ICUError) {
        raw = try icuOpen("ulistfmt_openForType") { cicu_listfmt_open_units(locale, $0) }
    }
    deinit { cicu_listfmt_close(raw) }
    /// The items joined (at most 8).
    func format(_ items: [[UInt8]]) throws(ICUError) -> [UInt8] {
        let strings = items.map { String(decoding: $0, as: UTF8.self) }
        return try withCStrings(strings) { (pointers: [UnsafePointer<CChar>?]) throws(ICUError) in
            try icuText("ulistfmt_format") { cicu_listfmt_format(raw, pointers, Int32(pointers.count), $0, $1, $2) }
        }
    }
}

/// Runs body with NUL-terminated copies of `strings`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) throws(ICUError) -> R)
    throws(ICUError) -> R
{
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return try body(copies.map { UnsafePointer($0) })
}

func icuNumberSymbols(locale: String) throws(ICUError) -> [[UInt8]] {
    var raw = [CChar](repeating: 0, count: 12 * 8)
    var err: Int32 = 0
    _ = raw.withUnsafeMutableBufferPointer { buf in
        buf.baseAddress!.withMemoryRebound(
            to: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar).self, capacity: 12
        ) {
            cicu_number_symbols(locale, $0, &err)
        }
    }
    if err > 0 { throw ICUError(code: err, call: "unum_getSymbol") }
    return (0..<12).map { i in
        let slot = raw[(i * 8)..<(i * 8 + 8)]
        return slot.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
    }
}
