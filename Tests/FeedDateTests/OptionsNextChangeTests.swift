// next_change stays exact with the options of 1.1 (spoken, overtime,
// max_unit, plain_spaces, the caller's words): the label holds on
// [now, next_change) and differs at next_change, or never changes when
// next_change is nil. Instants are drawn near the switches these options
// add: a count crossing max_unit into a date, a future date falling back
// under it, overtime's first steps, a spoken countdown crossing an hour.
import XCTest
@testable import FeedDate

final class OptionsNextChangeTests: XCTestCase {
    private static let units: [FeedDateUnit] = FeedDateUnit.allCases

    func testNextChangeIsExactWithTheOptionsOf11() throws {
        var rng = SplitMix64(state: 20_261_201)
        var formatters: [FeedDateOptions: FeedDateFormatter] = [:]
        let cases = 2_000
        var checked = 0
        for i in 0..<cases {
            var o = FeedDateOptions(
                style: FeedDateStyle.allCases.randomElement(using: &rng)!,
                locale: NextChangeTests.locales.randomElement(using: &rng)!,
                timeZone: NextChangeTests.zones.randomElement(using: &rng)!)
            o.spoken = Bool.random(using: &rng)
            o.plainSpaces = Bool.random(using: &rng)
            o.overtime = Bool.random(using: &rng)
            o.maxUnit = Self.units.randomElement(using: &rng)!
            o.recentRelative = Bool.random(using: &rng)
            o.countdownDays = Bool.random(using: &rng)
            o.precision = Int32.random(in: 0...3, using: &rng)
            o.crossYearGraceDays = [0, 7].randomElement(using: &rng)!
            o.skewToleranceMs = [0, 60_000].randomElement(using: &rng)!
            if Bool.random(using: &rng) {
                // Words that could be mistaken for one another or for ICU's.
                o.yesterdayText = ["昨日", "Yesterday", "Tomorrow"].randomElement(using: &rng)!
                o.tomorrowText = ["Tomorrow", "明天"].randomElement(using: &rng)!
                o.justNowText = "刚才"
                o.dayBeforeYesterdayText = "前日"
            }
            let f = try formatters[o] ?? FeedDateFormatter(o)
            formatters[o] = f
            let now = Int64.random(in: 946_684_800_000...4_102_444_800_000, using: &rng)
            // Distances around each unit's switch, both ways, and a log-scale spread.
            let switches: [Int64] = [
                1_000, 60_000, 3_600_000, 86_400_000, 7 * 86_400_000, 30 * 86_400_000, 365 * 86_400_000,
            ]
            let distance: Int64 =
                Bool.random(using: &rng)
                ? switches.randomElement(using: &rng)! + Int64.random(in: -3_000...3_000, using: &rng)
                : Int64.random(in: 0...(Int64(1) << Int64.random(in: 0...42, using: &rng)), using: &rng)
            let t = Bool.random(using: &rng) ? now + distance : now - distance
            let label = try f.label(t, now: now)
            let context = "case \(i): \(o) t=\(t) now=\(now) \(label.text.debugDescription)"
            if try checkNextChange(f, t, now, label, horizon: now + 1_000 * 86_400_000, context: context, rng: &rng) {
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, cases / 2, "too few cases with a next change to mean anything")
    }

    /// plain_spaces leaves no space character but U+0020, and parts still
    /// cover the day and the time.
    func testPlainSpacesLeavesOnlyAsciiSpaces() throws {
        var o = FeedDateOptions(style: .chatBubble, locale: "en_US", timeZone: "America/New_York")
        o.plainSpaces = true
        let f = try FeedDateFormatter(o)
        let now: Int64 = 1_711_391_400_000
        for back in stride(from: Int64(0), to: 10 * 86_400_000, by: 3_600_000) {
            let l = try f.label(now - back, now: now)
            XCTAssertFalse(
                l.text.unicodeScalars.contains { $0.value != 0x20 && TextOptions.isSpaceSeparator($0.value) }, l.text)
            XCTAssertTrue(l.text.utf8.contains(0x20), l.text)
            let bytes = Array(l.text.utf8)
            XCTAssertTrue(String(decoding: bytes[l.timePart], as: UTF8.self).hasSuffix("M"), l.text)
        }
    }
}
