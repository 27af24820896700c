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
            // now between 1900 and 2100; t at a distance drawn on a log scale.
            let now = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &rng)
            let magnitude = Int64(1) << Int64.random(in: 0...40, using: &rng)
            let offset = Int64.random(in: 0...magnitude, using: &rng)
            let t = Int.random(in: 0..<4, using: &rng) == 0 ? now + offset : now - offset
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
}
