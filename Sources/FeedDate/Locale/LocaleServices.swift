// The localized texts of a locale (SPEC section 2): the pieces of labels
// written from lock-free TextTables keyed by small integers, filled from ICU
// on first use (ICUTexts.swift), and the locale's calendar arithmetic
// (LocaleCalendar, CalendarArithmetic.swift). ICU's formatters are
// shared by the formatters of a locale (LocaleServicesCache.swift),
// made on first use, and live behind one lock (they are not thread-safe); a
// warm formatter reaches them only for keys outside the tables (dates before
// 1900 or after 2100, counts of 64 and more).
import CICU
import Glibc
import Synchronization

final class LocaleServices: @unchecked Sendable {
    let locale: LocaleID
    let resolvedLocale: String
    /// plain_spaces, spoken and the caller's words: applied to every text here.
    let texts: TextOptions
    let timeSkeleton: String
    /// The width of "N units ago" / "in N units".
    let width: cicu_width
    let icu: GatedMutex<ICUState>
    /// Year spans and month arithmetic in the locale's calendar, off the lock of `icu`.
    let calendar: LocaleCalendar
    /// digitsAreASCII's answer: 0 not known yet, 1 yes, 2 no.
    private let asciiDigits = Atomic<UInt8>(0)
    /// One table per piece kind (index: Kind.rawValue), owned by `tables`
    /// and read through unmanaged references: no reference counting on the
    /// hot path, where threads would contend for the count.
    private let tables: [TextTable]
    private let tableRefs: UnsafeMutablePointer<Unmanaged<TextTable>>
    /// The relative combining pattern, quotes resolved: literals and order.
    private let combiner: TextTable
    private let dayFirst: Bool

    struct ICUState {
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
        /// spoken COUNTDOWN: each unit at wide width, and their list.
        var spokenUnits: [CompactUnit: ICUNumberFormat] = [:]
        var unitList: ICUUnitList?
    }

    init(
        locale: LocaleID, hourCycle: FeedDateHourCycle, width requested: FeedDateWidth,
        texts: TextOptions = TextOptions()
    ) throws(FeedDateError) {
        self.locale = locale
        self.texts = texts
        switch texts.width(requested) {
        case .long: self.width = .long
        case .short: self.width = .short
        case .narrow: self.width = .narrow
        }
        switch hourCycle {
        case .locale: timeSkeleton = "jm"
        case .h23: timeSkeleton = "Hm"
        case .h12: timeSkeleton = "hm"
        }
        let template: [UInt8]
        do {
            let rel = try ICURelativeFormat(locale: locale.icu, width: .long)
            template = try rel.combineTemplate()
            calendar = try LocaleCalendar(locale: locale.icu)
            icu = GatedMutex(ICUState(longRelative: rel))
        } catch {
            throw FeedDateError(error)
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
        let literals = (parts.count == 3 ? parts.map(LocaleServices.unquote) : [[], [32], []]).map(texts.shaped)
        dayFirst = dateFirst
        combiner = TextTable(firstKey: 0, keyCount: 3, blockShift: 2, maxLength: 255)
        combiner.build(blockOf: 0) { (k: Int64) -> [UInt8] in k < 3 ? literals[Int(k)] : [] }
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
        case .digit: return TextTable(firstKey: 0, keyCount: 12, blockShift: 4, maxLength: 255)
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

    func locked<R>(_ body: (inout ICUState) throws(ICUError) -> R) throws(FeedDateError) -> R {
        do {
            return try icu.withLock { (s: inout ICUState) throws(ICUError) -> R in
                try MemoryHeadroom.checkForICU()
                // What body returns is copied out of ICU's state (texts,
                // numbers), never the state, which stays behind the lock:
                // Swift 6's region check cannot see that through R.
                nonisolated(unsafe) let result = try body(&s)
                return result
            }
        } catch {
            throw FeedDateError(error)
        }
    }

    // MARK: writing pieces

    /// Appends the text of a piece: from its table, building the table's
    /// block on first use, or from ICU directly where no table holds it.
    @inline(__always)
    func write(_ piece: Piece, to sink: inout Sink) throws(FeedDateError) {
        if case .hit(let bytes) = tableRefs[Int(piece.kind.rawValue)]._withUnsafeGuaranteedRef({ $0.lookup(piece.key) })
        {
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
                        try self.text(&s, Piece(kind: piece.kind, key: k))
                    }
                    // A date format is 40-50 KiB of ICU objects and fills a
                    // block of 32 keys at a time: opened again from its pattern
                    // for the next block (tens of µs) rather than kept.
                    s.dateFormats[piece.kind] = nil
                }
            case .outside:
                sink.append(try locked { (s: inout ICUState) throws(ICUError) in try self.text(&s, piece) })
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
        try withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) {
            (buf: UnsafeMutableRawBufferPointer) throws(FeedDateError) in
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
        return try sameWrittenText(
            { (s: inout Sink) throws(FeedDateError) in try write(a, to: &s) },
            { (s: inout Sink) throws(FeedDateError) in try write(b, to: &s) })
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

}
