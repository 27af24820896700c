// libFuzzer target over the TZif reader (TZif.swift + PosixTZ.swift) and
// everything a loaded zone feeds: its transition table and the label rules.
//
// Built by mk/hardening.mk with `swiftc -sanitize=fuzzer,address` over
// Sources/FeedDate/**/*.swift and this file AS ONE MODULE (named FeedDate), so
// that the internal `TZif(_:)` is callable directly and the reader is
// coverage-instrumented (libFuzzer mutates towards new branches of the
// parser, not only of this harness). Nothing in Sources/ is changed.
//
// Why not through the C API with $TZDIR pointing at a folder the fuzzer
// writes into: the library keeps every zone it ever loaded in a process-wide
// table that is never freed (Zone/ZoneCache.swift), so each new file name would leak
// ~30 KB for the life of the fuzzer, and a reused name would hit the cache
// and never parse again.
//
// Per input:
//   1. TZif(input) must return or throw ZoneError.invalidData, never trap
//      (a trap is a crash the fuzzer reports).
//   2. On success the file becomes a TransitionTable (as every formatter's
//      zone does): offsetMs / nextOffsetChange / instant(fromWall:) at edge
//      instants of the whole Int64 range and at instants taken from the
//      input; offsets must stay within ±maxOffsetMs and next changes must be
//      strictly later than where the search started, and no later than the
//      search limit.
//   3. One label of each style is computed with the table in en_US and
//      zh_CN; the next change must be > now or never, and the text valid
//      UTF-8 that fits FD_LABEL_CAPACITY. The table is freed when the input
//      is done (only the library's cache keeps tables for good).

import Glibc

/// Aborts with a message: libFuzzer records the input as a crash.
private func fuzzFail(_ message: String) -> Never {
    fputs("FUZZ FAILURE (tzif): \(message)\n", stderr)
    abort()
}

extension Zone {
    /// A zone made from a table, as Zone.init makes one from a file.
    fileprivate init(fuzzTable: TransitionTable) {
        self.id = "Fuzz/Zone"
        self.source = "fuzz"
        self.table = fuzzTable
    }
}

/// Locale services are costly (ICU data): made once per locale and style shape.
nonisolated(unsafe) private var services: [String: LocaleServices] = [:]

private func localeServices(_ locale: String) -> LocaleServices {
    if let s = services[locale] { return s }
    do {
        let s = try LocaleServices(locale: try LocaleID(locale), hourCycle: .locale, width: .long)
        services[locale] = s
        return s
    } catch {
        fuzzFail("cannot open locale services for \(locale): \(error)")
    }
}

private func isValidUTF8(_ p: UnsafeRawBufferPointer) -> Bool {
    var decoder = UTF8()
    var it = p.makeIterator()
    while true {
        switch decoder.decode(&it) {
        case .scalarValue: continue
        case .emptyInput: return true
        case .error: return false
        }
    }
}

/// 8 little-endian bytes of the input from `at` (zeros past the end).
private func word(_ data: UnsafeRawBufferPointer, _ at: Int) -> Int64 {
    var v: UInt64 = 0
    for i in 0..<8 where at + i < data.count && at + i >= 0 {
        v |= UInt64(data[at + i]) << (8 * UInt64(i))
    }
    return Int64(bitPattern: v)
}

private let minMs = FeedDateRange.minInstantMs
private let maxMs = FeedDateRange.maxInstantMs

private func checkTable(_ table: TransitionTable, _ data: UnsafeRawBufferPointer) {
    var probes: [Int64] = [
        .min, .min + 1, -1, 0, 1, .max - 1, .max,
        minMs - 1, minMs, maxMs, maxMs + 1,
        TransitionTable.changeSearchLimit, TransitionTable.changeSearchLimit + 1,
        1_711_391_400_000, -2_208_988_800_000, 4_102_444_800_000,
    ]
    // A few instants from the input itself (the tail, where the footer is).
    for k in 0..<4 { probes.append(word(data, data.count - 8 * (k + 1))) }
    let limit = TransitionTable.maxOffsetMs
    for p in probes {
        let off = table.offsetMs(at: p)
        if off < -limit || off > limit { fuzzFail("offset \(off) ms at \(p) outside ±\(limit)") }
        if let next = table.nextOffsetChange(after: p) {
            if next <= p { fuzzFail("nextOffsetChange(after: \(p)) = \(next) is not later") }
            if next > TransitionTable.changeSearchLimit {
                fuzzFail("nextOffsetChange(after: \(p)) = \(next) past the search limit")
            }
        }
        if p > .min / 2 && p < .max / 2 {
            _ = table.instant(fromWall: p)
        }
    }
    // Walk the first changes from the start of the supported range: strictly increasing.
    var cursor = minMs - 3 * msPerDay
    for _ in 0..<64 {
        guard let next = table.nextOffsetChange(after: cursor) else { break }
        if next <= cursor { fuzzFail("change walk went back: \(next) after \(cursor)") }
        cursor = next
    }
}

/// The local-day functions every label relies on: the next day change is
/// later and changes the local day, the start of a day lies in that day or
/// after a gap, and a day regression lies in its window.
private func checkZone(_ zone: Zone, _ data: UnsafeRawBufferPointer) {
    let raw = word(data, data.count - 24)
    let x = minMs + Int64(bitPattern: UInt64(bitPattern: raw) % UInt64(maxMs - minMs + 1))
    for ms in [x, now, minMs, maxMs - 86_400_000, 0] {
        let change = zone.nextDayChange(after: ms)
        if change <= ms { fuzzFail("nextDayChange(after: \(ms)) = \(change) is not later") }
        if change < maxMs + 2 * 86_400_000 && zone.localDay(change) == zone.localDay(ms) {
            fuzzFail("nextDayChange(after: \(ms)) = \(change) keeps the local day")
        }
        let day = zone.localDay(ms)
        let start = zone.startOfDay(day)
        if zone.localDay(start) < day { fuzzFail("startOfDay(\(day)) = \(start) lies in an earlier day") }
        if let r = zone.nextDayRegression(after: ms, before: ms + 400 * 86_400_000),
            r <= ms || r >= ms + 400 * 86_400_000
        {
            fuzzFail("nextDayRegression(after: \(ms)) = \(r) outside its window")
        }
    }
}

private let styles: [FeedDateStyle] = FeedDateStyle.allCases
private let now: Int64 = 1_711_391_400_000

private func checkLabels(_ table: TransitionTable, _ data: UnsafeRawBufferPointer) {
    let zone = Zone(fuzzTable: table)
    let pick = data.count > 45 ? Int(data[45]) : 0
    let locale = pick & 1 == 0 ? "en_US" : "zh_CN"
    let svc = localeServices(locale)
    let style = styles[(pick >> 1) % styles.count]
    var options = FeedDateOptions(style: style, locale: locale, timeZone: "Fuzz/Zone")
    options.recentRelative = pick & 0x40 != 0
    options.countdownDays = pick & 0x80 != 0
    checkZone(zone, data)
    let rules = Rules(options: options, zone: zone, services: svc)
    // now, and t at a few distances before and after it, plus the range ends
    // and an instant from the input.
    let raw = word(data, data.count - 16)
    let fromInput = minMs + Int64(bitPattern: UInt64(bitPattern: raw) % UInt64(maxMs - minMs + 1))
    let pairs: [(Int64, Int64)] = [
        (now - 3_600_000, now), (now - 86_400_000, now), (now - 400 * 86_400_000, now),
        (now + 3 * 86_400_000, now), (minMs, minMs), (maxMs, maxMs), (minMs, maxMs), (maxMs, minMs),
        (fromInput, now), (now, fromInput), (fromInput - 86_400_000, fromInput),
    ]
    withUnsafeTemporaryAllocation(byteCount: 256, alignment: 1) { buf in
        for (t, n) in pairs {
            do throws(FeedDateError) {
                // As FeedDateFormatter.write does, without its shared views.
                var views = Views()
                let plan = try rules.plan(t, n, &views)
                var sink = Sink(base: buf.baseAddress, capacity: 255)
                let parts = try rules.write(plan, to: &sink)
                let next = try rules.nextChange(t, n, current: plan, &views)
                if sink.length >= 256 { fuzzFail("label of \(sink.length) bytes (t=\(t), now=\(n), \(style))") }
                if !isValidUTF8(UnsafeRawBufferPointer(rebasing: buf[..<sink.length])) {
                    fuzzFail("label not UTF-8 (t=\(t), now=\(n), \(style))")
                }
                if parts.day.upperBound > sink.length || parts.time.upperBound > sink.length {
                    fuzzFail("parts outside the text (t=\(t), now=\(n), \(style))")
                }
                if next != Rules.never && (next <= n || next > maxMs) {
                    fuzzFail("next change \(next) not in (now, max] (t=\(t), now=\(n), \(style))")
                }
            } catch {
                // ICU failing is possible in principle; a range error is not (all in range).
                if case .range = error { fuzzFail("range error for in-range instants t=\(t) now=\(n): \(error)") }
            }
        }
    }
}

@_cdecl("feeddate_fuzz_tzif")
public func fuzzTZif(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let data = UnsafeRawBufferPointer(start: bytes, count: size)
    let tzif: TZif
    do {
        tzif = try TZif(Array(data))
    } catch {
        switch error {
        case .invalidData: return 0
        case .badName, .notFound, .unreadable, .exhausted: fuzzFail("TZif(_:) threw \(error), not invalidData")
        }
    }
    let table = TransitionTable(tzif: tzif)
    checkTable(table, data)
    checkLabels(table, data)
    return 0
}
