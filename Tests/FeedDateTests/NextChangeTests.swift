// next_change is exact (SPEC section 4): over thousands of generated
// (style, options, locale, zone, t, now) cases, the label is the same at
// now, at random instants before next_change and at next_change − 1 ms, and
// differs at next_change.
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
    static let locales = ["zh_CN", "en_US", "ja_JP@calendar=japanese", "fa_IR", "ar_SA", "th_TH", "fi_FI",
                          "de_DE", "en-US-u-hc-h23", "ko_KR", "ru_RU", "he_IL@calendar=hebrew"]
    static let zones = ["Asia/Shanghai", "America/New_York", "America/Sao_Paulo", "Pacific/Apia",
                        "Australia/Lord_Howe", "America/St_Johns", "Asia/Tehran", "Europe/Dublin",
                        "Africa/Casablanca", "Asia/Kathmandu", "Europe/London", "America/Santiago", "UTC"]

    func testNextChangeIsExact() throws {
        var rng = SplitMix64(state: 20_261_129)
        var formatters: [FeedDateOptions: FeedDateFormatter] = [:]
        let cases = 10_000
        var checked = 0
        for i in 0..<cases {
            var o = FeedDateOptions(style: FeedDateStyle.allCases.randomElement(using: &rng)!,
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
            let t = min(max(Int.random(in: 0..<4, using: &rng) == 0 ? now + offset : now - offset,
                            FeedDateRange.minInstantMs), FeedDateRange.maxInstantMs)
            let label = try f.label(t, now: now)
            let context = "case \(i): \(o.style) \(o.locale!) \(o.timeZone!) t=\(t) now=\(now) \(label.text.debugDescription)"
            guard let next = label.nextChangeMs else {
                for _ in 0..<3 {
                    let x = Int64.random(in: now...FeedDateRange.maxInstantMs, using: &rng)
                    XCTAssertEqual(try f.format(t, now: x), label.text, "never changes, but does at \(x): \(context)")
                }
                continue
            }
            XCTAssertGreaterThan(next, now, context)
            XCTAssertEqual(try f.format(t, now: next - 1), label.text, "changed before next_change \(next): \(context)")
            XCTAssertNotEqual(try f.format(t, now: next), label.text, "unchanged at next_change \(next): \(context)")
            for _ in 0..<3 {
                let x = Int64.random(in: now..<next, using: &rng)
                XCTAssertEqual(try f.format(t, now: x), label.text, "changed at \(x) before \(next): \(context)")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, cases / 2, "too few cases with a next change to mean anything")
    }

    /// Where a spring-forward skips a midnight inside its gap, the day begins
    /// at the transition: Toronto 1919-03-30 23:30 EST became 00:30 EDT of
    /// the 31st (04:30Z), not at the 01:00 that midnight moved forward by the
    /// gap would be.
    func testNextChangeWhereAGapSkipsMidnight() throws {
        let list = try FeedDateFormatter(FeedDateOptions(style: .chatList, locale: "en_US", timeZone: "America/Toronto"))
        let t: Int64 = -1_602_331_200_000  // 1919-03-24T12:00Z, a Monday morning
        let label = try list.label(t, now: -1_601_755_200_000)  // 1919-03-31T04:00Z, 23:00 EST on the 30th
        XCTAssertEqual(label.text, "Monday")
        XCTAssertEqual(label.nextChangeMs, -1_601_753_400_000)
        XCTAssertEqual(try list.format(t, now: -1_601_753_400_000), "3/24/1919")
    }

    /// The memo of day-based next changes (NextChangeMemo) gives what the
    /// walk gives: a formatter that has labelled many instants at one now
    /// (its memo warm) against a fresh formatter for every label.
    func testMemoMatchesTheWalk() throws {
        var rng = SplitMix64(state: 20_261_130)
        for i in 0..<300 {
            var o = FeedDateOptions(style: [.feed, .chatList, .chatBubble].randomElement(using: &rng)!,
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
            var o = FeedDateOptions(style: FeedDateStyle.allCases.randomElement(using: &rng)!,
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
                try f.writeMany(ts, count: ts.count, now: now, into: buf.baseAddress, capacity: buf.count, ends: &quietEnds,
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
            var o = FeedDateOptions(style: [.feed, .chatList].randomElement(using: &rng)!,
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
                    try f.writeMany(ts, count: ts.count, now: now, into: capacity > 0 ? buf.baseAddress : nil,
                                    capacity: capacity, ends: &ends, nextChange: false)
                }
                XCTAssertEqual(ends.last, total, context)
                XCTAssertTrue(bytes[capacity...].allSatisfy { $0 == 0xEE }, "written past capacity \(capacity): \(context)")
                if capacity == total {
                    XCTAssertEqual(String(decoding: bytes[..<total], as: UTF8.self), expected.joined(), context)
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
            let view = View(from: day * msPerDay, until: (day + 1) * msPerDay, day: day,
                            yearStart: day, yearEnd: day + 1, nextYear: (day + 1) * msPerDay)
            let next = view.until + Int64(i % 1_000)
            memo.store(i % 7, next, at: view)
            if memo.load(i % 7, at: view) != next { misses.append(i) }
            XCTAssertNil(memo.load((i + 1) % 7, at: view).flatMap { $0 == next ? nil : $0 }, "view \(i): another slot's value")
        }
        XCTAssertEqual(misses, [], "generations that missed right after being stored")
    }

    /// A walk that runs out of steps reports an internal error (FD_ERR_INTERNAL
    /// in C) instead of an instant at which the label has not changed.
    func testWalkOutOfStepsThrows() throws {
        let now: Int64 = 1_711_348_200_000  // 2024-03-25 14:30 in Shanghai
        for style in [FeedDateStyle.feed, .chatList, .chatBubble, .countdown] {
            let f = try FeedDateFormatter(FeedDateOptions(style: style, locale: "zh_CN", timeZone: "Asia/Shanghai"))
            let t = style == .countdown ? now + 90_000 : now - 3 * 86_400_000
            var views = Views()
            let plan = try f.rules.plan(t, now, &views)
            // One boundary is all these labels need.
            XCTAssertEqual(try f.rules.nextChange(t, now, current: plan, &views, steps: 1),
                           try f.label(t, now: now).nextChangeMs, "\(style)")
            XCTAssertThrowsError(try f.rules.nextChange(t, now, current: plan, &views, steps: 0), "\(style)") { error in
                guard case .internal(let message)? = error as? FeedDateError else { return XCTFail("\(style): \(error)") }
                XCTAssertTrue(message.contains("next_change"), message)
            }
        }
    }
}
