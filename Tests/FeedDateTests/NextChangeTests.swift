// next_change is exact (SPEC section 4): over thousands of generated
// (style, options, locale, zone, t, now) cases, the label is the same at
// now, at random instants before next_change and at next_change − 1 ms, and
// differs at next_change.
import Foundation
import XCTest
@testable import FeedDate

/// SplitMix64: a small deterministic generator, so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

final class NextChangeTests: XCTestCase {
    static let locales = [
        "zh_CN", "en_US", "ja_JP@calendar=japanese", "fa_IR", "ar_SA", "th_TH", "fi_FI",
        "de_DE", "en-US-u-hc-h23", "ko_KR", "ru_RU", "he_IL@calendar=hebrew",
    ]
    static let zones = [
        "Asia/Shanghai", "America/New_York", "America/Sao_Paulo", "Pacific/Apia",
        "Australia/Lord_Howe", "America/St_Johns", "Asia/Tehran", "Europe/Dublin",
        "Africa/Casablanca", "Asia/Kathmandu", "Europe/London", "America/Santiago", "UTC",
    ]

    func testNextChangeIsExact() throws {
        var rng = SplitMix64(state: 20_261_129)
        var formatters: [FeedDateOptions: FeedDateFormatter] = [:]
        let cases = 10_000
        var checked = 0
        for i in 0..<cases {
            var o = FeedDateOptions(
                style: FeedDateStyle.allCases.randomElement(using: &rng)!,
                locale: Self.locales.randomElement(using: &rng)!,
                timeZone: Self.zones.randomElement(using: &rng)!)
            if Bool.random(using: &rng) {
                o.recentRelative = Bool.random(using: &rng)
                o.justNowMs = [0, 10_000, 60_000, 120_000].randomElement(using: &rng)!
                o.skewToleranceMs = [0, 10_000, 60_000, 3_600_000].randomElement(using: &rng)!
                o.crossYearGraceDays = [0, 7, 366].randomElement(using: &rng)!
                o.weekdayWindowDays = Int32.random(in: 1...6, using: &rng)
                o.precision = Int32.random(in: 0...3, using: &rng)
                o.countdownDays = Bool.random(using: &rng)
            }
            let f = try formatters[o] ?? FeedDateFormatter(o)
            formatters[o] = f
            // now between 1900 and 2100; t at a distance drawn on a log scale,
            // up to thousands of years (kept inside the supported range).
            let now = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &rng)
            let magnitude = Int64(1) << Int64.random(in: 0...47, using: &rng)
            let offset = Int64.random(in: 0...magnitude, using: &rng)
            let t = min(
                max(
                    Int.random(in: 0..<4, using: &rng) == 0 ? now + offset : now - offset,
                    FeedDateRange.minInstantMs), FeedDateRange.maxInstantMs)
            let label = try f.label(t, now: now)
            let context =
                "case \(i): \(o.style) \(o.locale!) \(o.timeZone!) t=\(t) now=\(now) \(label.text.debugDescription)"
            if try checkNextChange(f, t, now, label, context: context, rng: &rng) { checked += 1 }
        }
        XCTAssertGreaterThan(checked, cases / 2, "too few cases with a next change to mean anything")
    }

    /// The two labels where a fall-back at 00:01 moved St. John's local date
    /// back (2004-10-31 00:01 NDT became 23:01 NST of the 30th): from 03:30Z
    /// on it is the 31st again.
    func testNextChangeAfterTheDateWentBack() throws {
        let now: Int64 = 1_099_191_660_000 // 2004-10-31T03:01Z, 23:31 NST on the 30th (again)
        let midnight: Int64 = 1_099_193_400_000 // 2004-10-31T03:30Z, 00:00 NST on the 31st
        let list = try FeedDateFormatter(
            FeedDateOptions(style: .chatList, locale: "en_US", timeZone: "America/St_Johns"))
        let week = try list.label(1_098_586_860_000, now: now) // t = 2004-10-24T03:01Z, 00:31 NDT on the 24th
        XCTAssertEqual(week.text, "Sunday")
        XCTAssertEqual(week.nextChangeMs, midnight)
        XCTAssertEqual(try list.format(1_098_586_860_000, now: midnight), "10/24/2004")
        let feed = try FeedDateFormatter(FeedDateOptions(style: .feed, locale: "en_US", timeZone: "America/St_Johns"))
        let tomorrow = try feed.label(1_099_195_260_000, now: now) // t = 2004-10-31T04:01Z, 00:31 NST on the 31st
        XCTAssertEqual(tomorrow.text, "Tomorrow")
        XCTAssertEqual(tomorrow.nextChangeMs, midnight)
        XCTAssertEqual(try feed.format(1_099_195_260_000, now: midnight), "12:31\u{202F}AM")
    }

    /// Where a spring-forward skips a midnight inside its gap, the day begins
    /// at the transition: Toronto 1919-03-30 23:30 EST became 00:30 EDT of
    /// the 31st (04:30Z), not at the 01:00 that midnight moved forward by the
    /// gap would be.
    func testNextChangeWhereAGapSkipsMidnight() throws {
        let list = try FeedDateFormatter(
            FeedDateOptions(style: .chatList, locale: "en_US", timeZone: "America/Toronto"))
        let t: Int64 = -1_602_331_200_000 // 1919-03-24T12:00Z, a Monday morning
        let label = try list.label(t, now: -1_601_755_200_000) // 1919-03-31T04:00Z, 23:00 EST on the 30th
        XCTAssertEqual(label.text, "Monday")
        XCTAssertEqual(label.nextChangeMs, -1_601_753_400_000)
        XCTAssertEqual(try list.format(t, now: -1_601_753_400_000), "3/24/1919")
    }

    /// next_change is exact around every transition of the system's zone
    /// database that moves a local date back (a fall-back after midnight: St.
    /// John's, Goose Bay and Moncton changed clocks at 00:01 until 2010,
    /// Alaska's 1867 switch went back a whole day, Phoenix 1944-01-01 went
    /// back into 1943), and every one whose gap holds a midnight (Toronto
    /// 1919). Those transitions are found here from the TZif files
    /// themselves. For each: nows on both sides, in the hour the date went
    /// back and at the day changes nearby; for each now, t back by minutes,
    /// hours, days, a week, a year, and ahead; one warm formatter per
    /// options, so the caches (SharedView, NextChangeMemo) are in play,
    /// checked against the walk without caches and against a batch of the
    /// same labels (BatchDayCopies). The label must read the same at every
    /// sampled instant of [now, next_change) (each minute of the first half
    /// hour, then every ten minutes to three hours, every day change and 1 ms
    /// before it, random ones, next_change − 1) and differ at next_change; a
    /// label that never changes must read the same far ahead.
    func testNextChangeAroundDateRegressions() throws {
        let found = RegressingZones.find()
        for zone in ["America/St_Johns", "America/Goose_Bay", "America/Moncton"] {
            XCTAssertTrue(found.contains { $0.ids.contains(zone) }, "\(zone): no transition moving the date back found")
        }
        for zone in found {
            // The library finds the same transitions (within the file's list).
            let f = try FeedDateFormatter(FeedDateOptions(style: .feed, locale: "en_US", timeZone: zone.ids[0]))
            let last = zone.file.times.last ?? Int64.min
            XCTAssertEqual(f.rules.zone.table.regressions.filter { $0 <= last }, zone.regressions, zone.ids[0])
        }
        // One unit of work per transition, on every core; each draws from its own seed and
        // writes its own slot (no lock: Synchronization.Mutex's slow path is invisible to
        // ThreadSanitizer, which then reports the guarded writes as races; tsan.supp).
        let units = found.flatMap { zone in (zone.regressions + zone.skips).map { (zone, $0) } }
        let results = UnsafeMutableBufferPointer<RegressingZones.Checked>.allocate(capacity: units.count)
        results.initialize(repeating: .init())
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        // Each unit writes its own slot: shared safely, which the pointer type cannot say (Swift 6).
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: units.count) { i in
            slots[i] = RegressingZones.check(units[i].0, units[i].1, seed: 20_261_201 &+ UInt64(i))
        }
        let all = Array(results)
        for message in all.flatMap(\.failures).prefix(30) { XCTFail(message) }
        let labels = all.reduce(0) { $0 + $1.labels }, failures = all.reduce(0) { $0 + $1.failures.count }
        XCTAssertEqual(failures, 0, "failed checks, of \(labels) labels around \(units.count) transitions")
        XCTAssertGreaterThan(labels, 10_000)
    }

    /// The same where a change takes the local date back by two days, which
    /// only a POSIX TZ string can ask for: at 02:00 on the second Sunday of
    /// March, +20:00 becomes −20:00 (02:00 becomes 10:00 two days before).
    /// A label that holds for every later day (a numeric date) changes there
    /// even when the next day change comes first.
    func testNextChangeWhereTheDateGoesBackTwoDays() throws {
        let id = "<+20>-20<-20>20,M3.2.0,M11.1.0"
        let table = try FeedDateFormatter(FeedDateOptions(style: .feed, locale: "en_US", timeZone: id)).rules.zone.table
        let file = RegressingZones.File(table)
        let back = table.regressions.filter { $0 > 1_600_000_000_000 }.prefix(2)
        XCTAssertEqual(back.count, 2)
        XCTAssertEqual(back.map { file.localDay($0 - 1) - file.localDay($0) }, [2, 2])
        let zone = RegressingZones(ids: [id], file: file, regressions: Array(back), skips: [])
        var labels = 0
        for (i, r) in back.enumerated() {
            let checked = RegressingZones.check(zone, r, seed: 20_261_202 &+ UInt64(i))
            for message in checked.failures.prefix(10) { XCTFail(message) }
            XCTAssertEqual(checked.failures.count, 0, "failed checks, of \(checked.labels) labels around \(r)")
            labels += checked.labels
        }
        XCTAssertGreaterThan(labels, 1_000)
    }

    /// A zone whose local date goes back every year, a now two thousand
    /// years before t: the walk steps over no yearly fall-back that cannot
    /// change the label (found by fuzz_api: FEED en_US "Etc9GMT+12", now in
    /// year 1, t in 2021 ran out of the walk's 400 steps, FD_ERR_INTERNAL),
    /// and the next change is still exact.
    func testNextChangeYearsBeforeADateInAZoneThatGoesBackEveryYear() throws {
        var rng = SplitMix64(state: 20_261_201)
        var cases: [(Int64, Int64)] = [(1_636_077_611_008, -62_135_510_400_000)]
        for _ in 0..<40 {
            let now = Int64.random(in: -62_135_596_800_000...0, using: &rng)
            cases.append((Int64.random(in: 0...253_402_300_799_000, using: &rng), now))
            cases.append((now - Int64.random(in: 0...40 * 86_400_000, using: &rng), now))
        }
        for zone in ["Etc9GMT+12", "<+20>-20<-20>20,M3.2.0,M11.1.0"] {
            for style in [FeedDateStyle.feed, .chatList, .chatBubble, .compact] {
                let f = try FeedDateFormatter(FeedDateOptions(style: style, locale: "en_US", timeZone: zone))
                XCTAssertFalse(f.rules.zone.table.regressions.isEmpty, zone)
                for (t, now) in cases {
                    let label = try f.label(t, now: now)
                    try checkNextChange(f, t, now, label, context: "\(style) \(zone) t=\(t) now=\(now)", rng: &rng)
                }
            }
        }
    }

    /// The memo of day-based next changes (NextChangeMemo) gives what the
    /// walk gives: a formatter that has labelled many instants at one now
    /// (its memo warm) against a fresh formatter for every label.
    func testMemoMatchesTheWalk() throws {
        var rng = SplitMix64(state: 20_261_130)
        for i in 0..<300 {
            var o = FeedDateOptions(
                style: [.feed, .chatList, .chatBubble].randomElement(using: &rng)!,
                locale: Self.locales.randomElement(using: &rng)!,
                timeZone: Self.zones.randomElement(using: &rng)!)
            o.recentRelative = Bool.random(using: &rng)
            o.crossYearGraceDays = [0, 7, 366].randomElement(using: &rng)!
            o.weekdayWindowDays = Int32.random(in: 1...6, using: &rng)
            let warm = try FeedDateFormatter(o)
            let now = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &rng)
            for _ in 0..<40 {
                // Mostly the past days the memo keys, some beyond its last slot.
                let back = Int64.random(in: 0...(Bool.random(using: &rng) ? 10 : 2_000) * 86_400_000, using: &rng)
                let t = now - back
                let expected = try FeedDateFormatter(o).label(t, now: now)
                let got = try warm.label(t, now: now)
                XCTAssertEqual(got, expected, "case \(i): \(o.style) \(o.locale!) \(o.timeZone!) t=\(t) now=\(now)")
            }
        }
    }

    /// fd_format_many's earliest next change is the least of the labels' own,
    /// however many labels it skips; without it the same bytes are written.
    func testBatchEarliestIsTheLeast() throws {
        var rng = SplitMix64(state: 20_261_131)
        for i in 0..<400 {
            var o = FeedDateOptions(
                style: FeedDateStyle.allCases.randomElement(using: &rng)!,
                locale: Self.locales.randomElement(using: &rng)!,
                timeZone: Self.zones.randomElement(using: &rng)!)
            o.recentRelative = Bool.random(using: &rng)
            let f = try FeedDateFormatter(o)
            let now = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &rng)
            let ts: [Int64] = (0..<Int.random(in: 1...60, using: &rng)).map { _ in
                let magnitude = Int64(1) << Int64.random(in: 0...38, using: &rng)
                let offset = Int64.random(in: 0...magnitude, using: &rng)
                return Int.random(in: 0..<5, using: &rng) == 0 ? now + offset : now - offset
            }
            let labels = try ts.map { try f.label($0, now: now) }
            let least = labels.map { $0.nextChangeMs ?? Int64.max }.min()!
            var ends = [Int](repeating: 0, count: ts.count)
            var bytes = [UInt8](repeating: 0, count: 256 * ts.count)
            var quiet = bytes
            let earliest = try bytes.withUnsafeMutableBytes { buf in
                try f.writeMany(ts, count: ts.count, now: now, into: buf.baseAddress, capacity: buf.count, ends: &ends)
            }
            let context = "case \(i): \(o.style) \(o.locale!) \(o.timeZone!) now=\(now)"
            XCTAssertEqual(earliest, least, context)
            XCTAssertEqual(String(decoding: bytes[..<ends.last!], as: UTF8.self), labels.map(\.text).joined(), context)
            var quietEnds = ends
            let none = try quiet.withUnsafeMutableBytes { buf in
                try f.writeMany(
                    ts, count: ts.count, now: now, into: buf.baseAddress, capacity: buf.count, ends: &quietEnds,
                    nextChange: false)
            }
            XCTAssertEqual(none, Int64.max, context)
            XCTAssertEqual(quietEnds, ends, context)
            XCTAssertEqual(quiet, bytes, context)
        }
    }

    /// A batch writes the label of a past day once and copies it for the other
    /// instants of that day (FEED, CHAT_LIST): the bytes and ends are those of
    /// the labels one by one, also when the buffer runs out part way (nothing
    /// is written past it, and the ends still count every byte needed).
    func testBatchCopiesOfADayAreTheLabels() throws {
        var rng = SplitMix64(state: 20_261_132)
        for i in 0..<300 {
            var o = FeedDateOptions(
                style: [.feed, .chatList].randomElement(using: &rng)!,
                locale: Self.locales.randomElement(using: &rng)!,
                timeZone: Self.zones.randomElement(using: &rng)!)
            o.recentRelative = Bool.random(using: &rng)
            o.justNowMs = [0, 60_000, 7_200_000].randomElement(using: &rng)!
            let f = try FeedDateFormatter(o)
            let now = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &rng)
            // Many instants on a few days, some in the future, some far back.
            let ts: [Int64] = (0..<Int.random(in: 8...200, using: &rng)).map { _ in
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: return now + Int64.random(in: 0...3 * 86_400_000, using: &rng)
                case 1: return now - Int64.random(in: 0...4_000 * 86_400_000, using: &rng)
                default: return now - Int64.random(in: 0...5 * 86_400_000, using: &rng)
                }
            }
            let expected = try ts.map { try f.format($0, now: now) }
            let total = expected.reduce(0) { $0 + $1.utf8.count }
            let context = "case \(i): \(o.style) \(o.locale!) \(o.timeZone!) now=\(now)"
            for capacity in [total, total / 2, 0] {
                var bytes = [UInt8](repeating: 0xEE, count: total + 16)
                var ends = [Int](repeating: 0, count: ts.count)
                _ = try bytes.withUnsafeMutableBytes { buf in
                    try f.writeMany(
                        ts, count: ts.count, now: now, into: capacity > 0 ? buf.baseAddress : nil,
                        capacity: capacity, ends: &ends, nextChange: false)
                }
                XCTAssertEqual(ends.last, total, context)
                XCTAssertTrue(
                    bytes[capacity...].allSatisfy { $0 == 0xEE }, "written past capacity \(capacity): \(context)")
                if capacity == total {
                    XCTAssertEqual(String(decoding: bytes[..<total], as: UTF8.self), expected.joined(), context)
                }
            }
        }
    }

    /// A batch of RELATIVE or COMPACT labels works out each count of two or
    /// more days back once per key (days back, t's time of day after now's or
    /// not) and copies it for the other instants of the key, its next change
    /// rebuilt at each t's time of day: the bytes, ends and earliest next
    /// change are those of the labels one by one, in zones with DST, offsets
    /// of 30 and 45 minutes and a skipped day, with just_now_ms up to a day,
    /// also with the buffer running out part way.
    func testBatchCopiesOfCountsAreTheLabels() throws {
        var rng = SplitMix64(state: 20_261_202)
        for i in 0..<80 {
            var o = FeedDateOptions(
                style: [.relative, .compact].randomElement(using: &rng)!,
                locale: Self.locales.randomElement(using: &rng)!,
                timeZone: Self.zones.randomElement(using: &rng)!)
            o.justNowMs = [0, 60_000, 86_400_000].randomElement(using: &rng)!
            o.skewToleranceMs = [0, 60_000].randomElement(using: &rng)!
            o.spoken = Int.random(in: 0..<4, using: &rng) == 0
            o.maxUnit = Int.random(in: 0..<6, using: &rng) == 0 ? .month : .year
            let f = try FeedDateFormatter(o)
            // Years around DST changes and the recent past; now at any time of day.
            let now = Int64.random(in: 1_262_304_000_000...1_893_456_000_000, using: &rng)
            let ts: [Int64] = (0..<Int.random(in: 256...1_200, using: &rng)).map { _ in
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: return now + Int64.random(in: 0...40 * 86_400_000, using: &rng)
                case 1: return now - Int64.random(in: 0...3 * 86_400_000, using: &rng)
                case 2: return now - Int64.random(in: 0...3_000 * 86_400_000, using: &rng)
                default: return now - Int64.random(in: 0...500 * 86_400_000, using: &rng)
                }
            }
            let labels = try ts.map { try f.label($0, now: now) }
            let expected = labels.map(\.text).joined()
            let total = expected.utf8.count
            let context =
                "case \(i): \(o.style) \(o.locale!) \(o.timeZone!) justNow \(o.justNowMs) max \(o.maxUnit) now=\(now)"
            var bytes = [UInt8](repeating: 0xEE, count: total + 16)
            var ends = [Int](repeating: 0, count: ts.count)
            let earliest = try bytes.withUnsafeMutableBytes { buf in
                try f.writeMany(ts, count: ts.count, now: now, into: buf.baseAddress, capacity: total, ends: &ends)
            }
            XCTAssertEqual(String(decoding: bytes[..<total], as: UTF8.self), expected, context)
            XCTAssertEqual(earliest, labels.map { $0.nextChangeMs ?? Int64.max }.min()!, context)
            var start = 0
            for (k, label) in labels.enumerated() {
                XCTAssertEqual(ends[k] - start, label.text.utf8.count, "\(context): label \(k)")
                start = ends[k]
            }
            for capacity in [total / 2, 0] {
                var part = [UInt8](repeating: 0xEE, count: total + 16)
                var partEnds = [Int](repeating: 0, count: ts.count)
                _ = try part.withUnsafeMutableBytes { buf in
                    try f.writeMany(
                        ts, count: ts.count, now: now, into: capacity > 0 ? buf.baseAddress : nil,
                        capacity: capacity, ends: &partEnds, nextChange: Bool.random(using: &rng))
                }
                XCTAssertEqual(partEnds, ends, "\(context): capacity \(capacity)")
                XCTAssertTrue(
                    part[capacity...].allSatisfy { $0 == 0xEE }, "written past capacity \(capacity): \(context)")
            }
        }
    }

    /// A formatter remembers a RELATIVE or COMPACT count two or more days
    /// back by its key for every now of now's local day (CountMemo, in blocks
    /// up to 2,047 days back): at nows all over a few days, in any order, and
    /// instants up to 2,200 days back, each label and next change is the
    /// rules' own, worked out without any cache, in zones with DST, offsets
    /// of 30 and 45 minutes and a skipped day, with just_now_ms up to a day,
    /// spoken, max_unit.
    func testCountMemoReadsAsTheRules() throws {
        var rng = SplitMix64(state: 20_261_203)
        for i in 0..<60 {
            var o = FeedDateOptions(
                style: [.relative, .compact].randomElement(using: &rng)!,
                locale: Self.locales.randomElement(using: &rng)!,
                timeZone: Self.zones.randomElement(using: &rng)!)
            o.justNowMs = [0, 60_000, 86_400_000].randomElement(using: &rng)!
            o.spoken = Int.random(in: 0..<4, using: &rng) == 0
            o.maxUnit = Int.random(in: 0..<6, using: &rng) == 0 ? .month : .year
            let f = try FeedDateFormatter(o)
            let first = Int64.random(in: 1_262_304_000_000...1_893_456_000_000, using: &rng)
            // Nows over three days: many in one local day, met again after others.
            let nows = (0..<8).map { _ in first + Int64.random(in: 0...3 * 86_400_000, using: &rng) }
            for now in nows + nows.shuffled(using: &rng) {
                for _ in 0..<150 {
                    let t =
                        Int.random(in: 0..<8, using: &rng) == 0
                        ? now + Int64.random(in: 0...40 * 86_400_000, using: &rng)
                        : now - Int64.random(in: 0...[600, 2_100, 2_200][i % 3] * 86_400_000, using: &rng)
                    let label = try f.label(t, now: now)
                    var views = Views()
                    let plan = try f.rules.plan(t, now, &views)
                    var bytes = [UInt8](repeating: 0, count: 256)
                    let length = try bytes.withUnsafeMutableBytes { (buf) throws(FeedDateError) -> Int in
                        var sink = Sink(base: buf.baseAddress, capacity: buf.count)
                        _ = try f.rules.write(plan, to: &sink)
                        return sink.length
                    }
                    let walked = try f.rules.nextChange(t, now, current: plan, &views)
                    let context =
                        "case \(i): \(o.style) \(o.locale!) \(o.timeZone!) justNow \(o.justNowMs) t=\(t) now=\(now)"
                    XCTAssertEqual(label.text, String(decoding: bytes[..<length], as: UTF8.self), context)
                    XCTAssertEqual(label.nextChangeMs ?? Rules.never, walked, context)
                }
            }
        }
    }

    /// The memo serves every generation of views, past the sign bit of its
    /// slots (generation 2048) and across the wrap at 4096 that clears them.
    func testMemoServesEveryGeneration() {
        let memo = NextChangeMemo(slots: NextChangeMemo.slotCount)
        var misses: [Int] = []
        for i in 0..<9_000 {
            let day = Int64(i)
            let view = View(
                from: day * msPerDay, until: (day + 1) * msPerDay, day: day,
                yearStart: day, yearEnd: day + 1, nextYear: (day + 1) * msPerDay)
            let next = view.until + Int64(i % 1_000)
            memo.store(i % 7, next, at: view)
            if memo.load(i % 7, at: view) != next { misses.append(i) }
            XCTAssertNil(
                memo.load((i + 1) % 7, at: view).flatMap { $0 == next ? nil : $0 }, "view \(i): another slot's value")
        }
        XCTAssertEqual(misses, [], "generations that missed right after being stored")
    }

    /// A walk that runs out of steps reports an internal error (FD_ERR_INTERNAL
    /// in C) instead of an instant at which the label has not changed.
    func testWalkOutOfStepsThrows() throws {
        let now: Int64 = 1_711_348_200_000 // 2024-03-25 14:30 in Shanghai
        for style in [FeedDateStyle.feed, .chatList, .chatBubble, .countdown] {
            let f = try FeedDateFormatter(FeedDateOptions(style: style, locale: "zh_CN", timeZone: "Asia/Shanghai"))
            let t = style == .countdown ? now + 90_000 : now - 3 * 86_400_000
            var views = Views()
            let plan = try f.rules.plan(t, now, &views)
            // One boundary is all these labels need.
            XCTAssertEqual(
                try f.rules.nextChange(t, now, current: plan, &views, steps: 1),
                try f.label(t, now: now).nextChangeMs, "\(style)")
            XCTAssertThrowsError(try f.rules.nextChange(t, now, current: plan, &views, steps: 0), "\(style)") { error in
                guard case .internal(let message)? = error as? FeedDateError else {
                    return XCTFail("\(style): \(error)")
                }
                XCTAssertTrue(message.contains("next_change"), message)
            }
        }
    }
}

/// The zones of the system database with transitions that move the local
/// date back (or skip a midnight inside their gap), read from their TZif
/// files (RFC 8536, the 64-bit data), with the instants the test above draws
/// around each such transition.
struct RegressingZones: Sendable {
    /// A zone's listed offsets: times[i] (ms) starts offsets[i] (ms).
    struct File {
        var times: [Int64] = []
        var offsets: [Int64] = []
        var initial: Int64 = 0

        init?(_ data: [UInt8]) {
            func be(_ at: Int, _ n: Int) -> Int64 {
                var v: Int64 = 0
                for i in 0..<n { v = v << 8 | Int64(data[at + i]) }
                return n == 4 ? Int64(Int32(truncatingIfNeeded: v)) : v
            }
            guard data.count > 44, data[0..<4].elementsEqual("TZif".utf8), data[4] >= UInt8(ascii: "2") else {
                return nil
            }
            func counts(_ at: Int) -> [Int] { (0..<6).map { Int(be(at + 20 + 4 * $0, 4)) } }
            let c1 = counts(0) // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
            let v2 = 44 + c1[3] * 5 + c1[4] * 6 + c1[5] + c1[2] * 8 + c1[1] + c1[0]
            guard data.count > v2 + 44 else { return nil }
            let c = counts(v2)
            var at = v2 + 44
            let seconds = (0..<c[3]).map { be(at + 8 * $0, 8) }
            at += 8 * c[3]
            let index = (0..<c[3]).map { Int(data[at + $0]) }
            at += c[3]
            let types = (0..<c[4]).map { be(at + 6 * $0, 4) * 1000 }
            initial = types[0]
            var current = initial
            for (s, i) in zip(seconds, index) where types[i] != current {
                let (ms, overflow) = s.multipliedReportingOverflow(by: 1000)
                if overflow { // long before year 1: it only sets the type before the list
                    if s < 0 { initial = types[i] }
                    current = types[i]
                    continue
                }
                times.append(ms)
                offsets.append(types[i])
                current = types[i]
            }
        }

        /// The library's list of a zone (for a zone that has no file).
        init(_ table: TransitionTable) {
            times = Array(UnsafeBufferPointer(start: table.times, count: table.count))
            offsets = Array(UnsafeBufferPointer(start: table.offsets, count: table.count))
            initial = table.initialOffset
        }

        /// The index of the first listed change after ms.
        func index(after ms: Int64) -> Int {
            var low = 0, high = times.count
            while low < high {
                let mid = (low + high) / 2
                if times[mid] <= ms { low = mid + 1 } else { high = mid }
            }
            return low
        }

        func offset(at ms: Int64) -> Int64 {
            let i = index(after: ms)
            return i == 0 ? initial : offsets[i - 1]
        }

        func localDay(_ ms: Int64) -> Int64 { floorDiv(ms + offset(at: ms), msPerDay) }

        /// The transitions after which the local date is earlier than before.
        var regressions: [Int64] {
            times.indices.filter { i in
                let before = i == 0 ? initial : offsets[i - 1]
                return floorDiv(times[i] + offsets[i], msPerDay) < floorDiv(times[i] - 1 + before, msPerDay)
            }.map { times[$0] }
        }

        /// The transitions whose gap holds a midnight strictly inside it (the
        /// day begins at the transition, its midnight never is: Toronto
        /// 1919-03-30 23:30 EST became 00:30 EDT of the 31st).
        var skips: [Int64] {
            times.indices.filter { i in
                let before = i == 0 ? initial : offsets[i - 1]
                let last = times[i] - 1 + before, first = times[i] + offsets[i]
                return first > last && floorDiv(first - 1, msPerDay) > floorDiv(last + 1, msPerDay)
            }.map { times[$0] }
        }

        /// The instants in [from, to) at which the local day changes.
        func dayChanges(from: Int64, to: Int64) -> [Int64] {
            var out: [Int64] = [], x = from
            while x < to {
                let off = offset(at: x)
                let midnight = (localDay(x) + 1) * msPerDay - off
                let i = index(after: x)
                let change = i < times.count ? times[i] : Int64.max
                if change <= midnight {
                    if localDay(change) != localDay(change - 1) { out.append(change) }
                    x = change
                } else {
                    out.append(midnight)
                    x = midnight
                }
            }
            return out.filter { $0 < to }
        }
    }

    /// Ids with the same file, the first one the test's name for them.
    var ids: [String]
    var file: File
    var regressions: [Int64]
    /// And those that skip a midnight inside their gap.
    var skips: [Int64]

    /// Every zone of /usr/share/zoneinfo (not posix/, right/) with such a
    /// transition in its list; links and copies under one entry.
    static func find() -> [RegressingZones] {
        let root = "/usr/share/zoneinfo"
        var byData: [[UInt8]: RegressingZones] = [:]
        guard let walk = FileManager.default.enumerator(atPath: root) else { return [] }
        while let name = walk.nextObject() as? String {
            if name.hasPrefix("posix") || name.hasPrefix("right") || name.contains(".") { continue }
            guard let data = FileManager.default.contents(atPath: root + "/" + name).map(Array.init),
                let file = File(data)
            else { continue }
            let back = file.regressions.filter { FeedDateRange.contains($0) }
            let skips = file.skips.filter { FeedDateRange.contains($0) }
            if back.isEmpty && skips.isEmpty { continue }
            byData[data, default: RegressingZones(ids: [], file: file, regressions: back, skips: skips)].ids.append(
                name)
        }
        // The name zone.tab lists (not a backward link) first.
        let table = (try? String(contentsOfFile: root + "/zone.tab", encoding: .utf8)) ?? ""
        let listed = Set(
            table.split(separator: "\n").compactMap { line in
                line.hasPrefix("#") ? nil : line.split(separator: "\t").dropFirst(2).first.map(String.init)
            })
        return byData.values.map { z in
            var z = z
            z.ids.sort { (listed.contains($0) ? 0 : 1, $0) < (listed.contains($1) ? 0 : 1, $1) }
            return z
        }.sorted { $0.ids[0] < $1.ids[0] }
    }

    /// What one transition's labels came to: how many, and what was wrong.
    struct Checked: Sendable {
        var labels = 0
        var failures: [String] = []
    }

    static let styles: [FeedDateStyle] = [.feed, .feedDetail, .chatList, .chatBubble, .relative, .compact]

    /// The labels of testNextChangeAroundDateRegressions around transition r of `zone`.
    static func check(_ zone: RegressingZones, _ r: Int64, seed: UInt64) -> Checked {
        var rng = SplitMix64(state: seed)
        var out = Checked()
        let id = zone.ids[0]
        var formatters: [FeedDateOptions: FeedDateFormatter] = [:]
        do {
            for now in zone.nows(around: r, &rng) {
                for style in styles {
                    var o = FeedDateOptions(
                        style: style, locale: ["en_US", "zh_CN"].randomElement(using: &rng)!, timeZone: id)
                    if Int.random(in: 0..<3, using: &rng) == 0 {
                        o.recentRelative = Bool.random(using: &rng)
                        o.weekdayWindowDays = [1, 2, 6].randomElement(using: &rng)!
                        o.crossYearGraceDays = [0, 2, 7].randomElement(using: &rng)!
                        o.skewToleranceMs = [0, 60_000, 3_600_000].randomElement(using: &rng)!
                        // RELATIVE and COMPACT over max_unit read t's date too.
                        o.maxUnit = [.year, .day, .hour].randomElement(using: &rng)!
                    }
                    let f = try formatters[o] ?? FeedDateFormatter(o)
                    formatters[o] = f
                    let ts = RegressingZones.ts(now: now, r: r, &rng)
                    var earliest = Int64.max
                    var texts: [String] = []
                    for t in ts {
                        out.labels += 1
                        let label = try f.label(t, now: now)
                        texts.append(label.text)
                        earliest = min(earliest, label.nextChangeMs ?? Int64.max)
                        let context =
                            "\(style) \(o.locale!) \(id) rr=\(o.recentRelative) wdw=\(o.weekdayWindowDays) "
                            + "grace=\(o.crossYearGraceDays) skew=\(o.skewToleranceMs) max=\(o.maxUnit) t=\(t) now=\(now) "
                            + "\(label.text.debugDescription) next=\(label.nextChangeMs.map(String.init) ?? "never")"
                        guard let next = label.nextChangeMs else {
                            for x in [
                                now + msPerDay, now + 8 * msPerDay, now + 400 * msPerDay, now + 3_650 * msPerDay,
                                FeedDateRange.maxInstantMs,
                            ] where x <= FeedDateRange.maxInstantMs {
                                let text = try f.format(t, now: x)
                                if text != label.text {
                                    out.failures.append(
                                        "never changes, but reads \(text.debugDescription) at \(x): \(context)")
                                    break
                                }
                            }
                            continue
                        }
                        if next <= now {
                            out.failures.append("next_change not after now: \(context)")
                            continue
                        }
                        var wrong = false
                        for x in zone.samples(now: now, next: next, &rng) {
                            let text = try f.format(t, now: x)
                            if text != label.text {
                                out.failures.append(
                                    "reads \(text.debugDescription) at \(x) before next_change: \(context)")
                                wrong = true
                                break
                            }
                        }
                        if !wrong, try f.format(t, now: next) == label.text {
                            out.failures.append("unchanged at next_change: \(context)")
                        }
                    }
                    // The same labels as a batch, from a formatter that has seen nothing,
                    // and each next change walked without any cache.
                    let fresh = try FeedDateFormatter(o)
                    for (t, text) in zip(ts, texts) {
                        var views = Views()
                        let plan = try fresh.rules.plan(t, now, &views)
                        let walked = try fresh.rules.nextChange(t, now, current: plan, &views)
                        let cached = try f.label(t, now: now).nextChangeMs ?? Rules.never
                        if walked != cached {
                            out.failures.append(
                                "cached next change \(cached), walked \(walked): \(style) \(id) t=\(t) now=\(now) \(text.debugDescription)"
                            )
                        }
                    }
                    var ends = [Int](repeating: 0, count: ts.count)
                    var bytes = [UInt8](repeating: 0, count: 256 * ts.count)
                    let batchEarliest = try bytes.withUnsafeMutableBytes { buf in
                        try fresh.writeMany(
                            ts, count: ts.count, now: now, into: buf.baseAddress, capacity: buf.count, ends: &ends)
                    }
                    let context = "batch: \(style) \(o.locale!) \(id) now=\(now)"
                    if String(decoding: bytes[..<ends.last!], as: UTF8.self) != texts.joined() {
                        out.failures.append("texts differ: \(context)")
                    }
                    if batchEarliest != earliest {
                        out.failures.append("earliest \(batchEarliest), labels' least \(earliest): \(context)")
                    }
                }
            }
        } catch {
            out.failures.append("\(id) around \(r): \(error)")
        }
        return out
    }

    /// Nows around transition r: either side of it, in the time the date went
    /// back, at every day change within 30 hours (and 1 ms before), random.
    func nows(around r: Int64, _ rng: inout SplitMix64) -> [Int64] {
        var out: [Int64] = [r - 1, r, r + 1, r + 30 * msPerMinute]
        for c in file.dayChanges(from: r - 30 * msPerHour, to: r + 30 * msPerHour) { out += [c - 1, c] }
        for _ in 0..<3 { out.append(r + Int64.random(in: -30 * msPerHour...30 * msPerHour, using: &rng)) }
        return out
    }

    /// ts for one now: back by minutes, hours, days, a week, a year; ahead;
    /// and near the transition itself.
    static func ts(now: Int64, r: Int64, _ rng: inout SplitMix64) -> [Int64] {
        let back: [Int64] = [
            40 * msPerMinute, 3 * msPerHour, msPerDay, 2 * msPerDay, 3 * msPerDay, 6 * msPerDay,
            7 * msPerDay, 8 * msPerDay, 365 * msPerDay,
        ]
        let ahead: [Int64] = [30 * msPerMinute, 2 * msPerHour, msPerDay + 30 * msPerMinute, 2 * msPerDay]
        return back.map { now - $0 } + ahead.map { now + $0 }
            + [r - 1 - Int64.random(in: 0...msPerHour, using: &rng), r + Int64.random(in: 0...msPerHour, using: &rng)]
    }

    /// Where to look at a label that should hold on [now, next): each minute
    /// of the first half hour, every ten minutes to three hours, every day
    /// change in the first ten days and 1 ms before it, a few random
    /// instants, and next − 1.
    func samples(now: Int64, next: Int64, _ rng: inout SplitMix64) -> [Int64] {
        var out = Array(stride(from: now, to: min(next, now + 30 * msPerMinute), by: Int64.Stride(msPerMinute)))
        out += stride(
            from: now + 30 * msPerMinute, to: min(next, now + 3 * msPerHour), by: Int64.Stride(10 * msPerMinute))
        for c in file.dayChanges(from: now + 1, to: min(next, now + 10 * msPerDay)) { out += [c - 1, c] }
        for _ in 0..<4 { out.append(Int64.random(in: now..<next, using: &rng)) }
        out.append(next - 1)
        return out.filter { $0 >= now && $0 < next }
    }
}
