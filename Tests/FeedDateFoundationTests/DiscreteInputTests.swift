// Both discrete inputs on random cases beyond the vectors (DiscreteChecks.swift
// says what is checked): every style, options that move the next change
// (recent counts, spoken, overtime, max_unit, countdown days and
// precision), zones with DST, skipped days and odd offsets; and the ends of
// the supported range.
import Foundation
import XCTest
@testable import FeedDateFoundation

final class DiscreteInputTests: XCTestCase {
    static let locales = ["zh_CN", "en_US", "ar_EG", "th_TH", "ja_JP@calendar=japanese", "de_DE"]
    static let zones = [
        "Asia/Shanghai", "America/New_York", "America/Sao_Paulo", "Pacific/Apia", "Australia/Lord_Howe",
        "America/St_Johns", "UTC", "CST-8",
    ]

    /// Random options of every style.
    static func randomOptions(_ rng: inout SplitMix) -> FeedDateOptions {
        var o = FeedDateOptions(
            style: FeedDateStyle.allCases.randomElement(using: &rng)!,
            locale: locales.randomElement(using: &rng)!, timeZone: zones.randomElement(using: &rng)!)
        if Bool.random(using: &rng) { o.recentRelative = true }
        if Int.random(in: 0..<4, using: &rng) == 0 { o.spoken = true }
        if Bool.random(using: &rng) { o.overtime = true }
        if Bool.random(using: &rng) { o.countdownDays = true }
        if Int.random(in: 0..<3, using: &rng) == 0 { o.maxUnit = FeedDateUnit.allCases.randomElement(using: &rng)! }
        o.precision = Int32.random(in: 0...3, using: &rng)
        o.weekdayWindowDays = Int32.random(in: 1...6, using: &rng)
        if Bool.random(using: &rng) { o.crossYearGraceDays = Int32.random(in: 0...40, using: &rng) }
        if Bool.random(using: &rng) { o.skewToleranceMs = Int64.random(in: 0...120_000, using: &rng) }
        return o
    }

    /// An offset of any size, mostly small: |d| = 10^u ms, u uniform in [0, 10.5).
    static func offset(_ rng: inout SplitMix) -> Int64 {
        let magnitude = Int64(pow(10, Double.random(in: 0..<10.5, using: &rng)))
        return Bool.random(using: &rng) ? magnitude : -magnitude
    }

    func testRandomCasesAreExactBothWays() throws {
        var rng = SplitMix(state: 0x24_2024)
        var cases = 0, compared = 0
        for _ in 0..<400 {
            let options = Self.randomOptions(&rng)
            let now = Int64.random(in: 631_152_000_000...2_208_988_800_000, using: &rng) // 1990 ... 2040
            let t = now + Self.offset(&rng)
            let style = try FeedDateFormatStyle(anchor: Instant.date(t), options: options)
            let name = "\(options) t=\(t) now=\(now)"
            compared += checkDiscreteInputs(style, at: now, name, &rng)
            cases += 1
        }
        print("random discrete inputs: \(cases) cases, \(compared) texts compared")
    }

    /// Walking forward with discreteInput(after:) from x visits exactly the
    /// schedule's entries; walking back with discreteInput(before:) from the
    /// last entry's start visits them again in reverse (each entry began one
    /// millisecond after the previous `before`).
    func testWalksAgreeWithTheSchedule() throws {
        var rng = SplitMix(state: 12)
        for _ in 0..<60 {
            let options = Self.randomOptions(&rng)
            let now = Int64.random(in: 631_152_000_000...2_208_988_800_000, using: &rng)
            let t = now + Self.offset(&rng)
            let f = try FeedDateFormatter(options)
            let schedule = try f.schedule(
                for: Instant.date(t), now: Instant.date(now), horizon: 3 * 86_400, maxEntries: 12)
            let style = try FeedDateFormatStyle(anchor: Instant.date(t), options: options)
            var x = Instant.date(now)
            for entry in schedule.entries.dropFirst() {
                x = try XCTUnwrap(style.discreteInput(after: x), "\(options) t=\(t)")
                XCTAssertEqual(x, entry.from, "\(options) t=\(t)")
            }
            XCTAssertEqual(style.discreteInput(after: x), schedule.until, "\(options) t=\(t)")
            for (previous, entry) in zip(schedule.entries, schedule.entries.dropFirst()).reversed() {
                let before = try XCTUnwrap(style.discreteInput(before: entry.from))
                XCTAssertEqual(Instant.milliseconds(before), entry.fromMs - 1)
                XCTAssertEqual(style.format(before), previous.text, "\(options) t=\(t)")
            }
        }
    }

    /// The ends of the range: nothing before the first millisecond, nothing
    /// after the last, nil outside it; a label shown since the first
    /// millisecond has no `before`.
    func testEndsOfTheRange() throws {
        let first = Instant.date(FeedDateRange.minInstantMs), last = Instant.date(FeedDateRange.maxInstantMs)
        for style in FeedDateStyle.allCases {
            let options = FeedDateOptions(style: style, locale: "en_US", timeZone: "UTC")
            let s = try FeedDateFormatStyle(anchor: Instant.date(1_711_348_200_000), options: options)
            XCTAssertNil(s.discreteInput(before: first), "\(style)")
            XCTAssertNil(s.discreteInput(after: last), "\(style)")
            for outside in [
                Date.distantPast, first - 0.001, last + 0.001, Date(timeIntervalSince1970: .nan),
                Date(timeIntervalSince1970: .infinity),
            ] {
                XCTAssertNil(s.discreteInput(before: outside), "\(style) \(outside)")
                XCTAssertNil(s.discreteInput(after: outside), "\(style) \(outside)")
                XCTAssertEqual(s.format(outside), "", "\(style) \(outside)")
            }
        }
        // FEED_DETAIL never changes: always shown, never changes again.
        let detail = try FeedDateFormatStyle(
            anchor: .now, options: FeedDateOptions(style: .feedDetail, locale: "en_US", timeZone: "UTC"))
        XCTAssertNil(detail.discreteInput(before: .now))
        XCTAssertNil(detail.discreteInput(after: .now))
        // A date of year 1 seen in year 1: a full date from the first millisecond on.
        var rng = SplitMix(state: 1)
        let old = try FeedDateFormatStyle(
            anchor: first + 86_400 * 40,
            options: FeedDateOptions(style: .chatList, locale: "zh_CN", timeZone: "Asia/Shanghai"))
        checkDiscreteInputs(old, at: FeedDateRange.minInstantMs + 86_400_000 * 400, "year 1", &rng)
        checkDiscreteInputs(old, at: FeedDateRange.maxInstantMs, "year 9999", &rng)
    }
}
