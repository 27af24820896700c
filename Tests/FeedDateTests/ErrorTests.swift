// Bad input is an error value, never a crash or a silent fall-back.
import XCTest
@testable import FeedDate

final class ErrorTests: XCTestCase {
    private func options(_ edit: (inout FeedDateOptions) -> Void) -> FeedDateOptions {
        var o = FeedDateOptions(style: .feed, locale: "zh_CN", timeZone: "Asia/Shanghai")
        edit(&o)
        return o
    }

    private static func isLocaleError(_ e: FeedDateError, naming id: String) -> Bool {
        if case .locale(let message) = e { return message.contains("\"\(id)\"") }
        return false
    }

    /// An unknown zone's error names it and says what a zone id looks like.
    private func unknownZone(_ id: String) -> (FeedDateError) -> Bool {
        { error in
            guard case .timeZone(let message) = error else { return false }
            return message == "unknown time zone \"\(id)\": pass an IANA zone id like \"Asia/Shanghai\""
        }
    }

    func testCreationErrors() {
        let cases: [(String, FeedDateOptions, (FeedDateError) -> Bool)] = [
            ("just_now_ms < 0", options { $0.justNowMs = -1 }, { if case .argument = $0 { true } else { false } }),
            (
                "just_now_ms > 1 day", options { $0.justNowMs = 86_400_001 },
                { if case .argument = $0 { true } else { false } }
            ),
            ("skew < 0", options { $0.skewToleranceMs = -1 }, { if case .argument = $0 { true } else { false } }),
            (
                "skew > 1 day", options { $0.skewToleranceMs = 86_400_001 },
                { if case .argument = $0 { true } else { false } }
            ),
            ("grace 367", options { $0.crossYearGraceDays = 367 }, { if case .argument = $0 { true } else { false } }),
            ("grace -1", options { $0.crossYearGraceDays = -1 }, { if case .argument = $0 { true } else { false } }),
            (
                "weekday window 0", options { $0.weekdayWindowDays = 0 },
                { if case .argument = $0 { true } else { false } }
            ),
            (
                "weekday window 7", options { $0.weekdayWindowDays = 7 },
                { if case .argument = $0 { true } else { false } }
            ),
            ("precision 4", options { $0.precision = 4 }, { if case .argument = $0 { true } else { false } }),
            ("precision -1", options { $0.precision = -1 }, { if case .argument = $0 { true } else { false } }),
            ("empty locale", options { $0.locale = "" }, { Self.isLocaleError($0, naming: "") }),
            ("@@@ locale", options { $0.locale = "@@@" }, { Self.isLocaleError($0, naming: "@@@") }),
            (
                "empty keyword", options { $0.locale = "en_US@calendar=" },
                { Self.isLocaleError($0, naming: "en_US@calendar=") }
            ),
            (
                "huge locale", options { $0.locale = String(repeating: "x", count: 300) },
                { if case .locale = $0 { true } else { false } }
            ),
            ("non-ASCII locale", options { $0.locale = "zh_ÇN" }, { Self.isLocaleError($0, naming: "zh_ÇN") }),
            ("bad BCP 47", options { $0.locale = "en-US-u-" }, { Self.isLocaleError($0, naming: "en-US-u-") }),
            ("unknown zone", options { $0.timeZone = "No/Such_Zone" }, unknownZone("No/Such_Zone")),
            ("empty zone", options { $0.timeZone = "" }, unknownZone("")),
            ("path-like zone", options { $0.timeZone = "../../etc/passwd" }, unknownZone("../../etc/passwd")),
            ("absolute zone", options { $0.timeZone = "/etc/passwd" }, unknownZone("/etc/passwd")),
            ("dot-dot zone", options { $0.timeZone = "Asia/../UTC" }, unknownZone("Asia/../UTC")),
            ("directory zone", options { $0.timeZone = "Asia" }, unknownZone("Asia")),
        ]
        for (name, o, expected) in cases {
            do {
                _ = try FeedDateFormatter(o)
                XCTFail("\(name): formatter created")
            } catch {
                XCTAssertTrue(expected(error), "\(name): \(error)")
            }
        }
    }

    func testRangeErrors() throws {
        let f = try FeedDateFormatter(options { _ in })
        for (t, now) in [
            (FeedDateRange.minInstantMs - 1, 0), (0, FeedDateRange.maxInstantMs + 1),
            (Int64.min, 0), (0, Int64.max), (Int64.max, Int64.min),
        ] as [(Int64, Int64)] {
            XCTAssertThrowsError(try f.label(t, now: now), "t=\(t) now=\(now)") { error in
                guard case .range = error as! FeedDateError else { return XCTFail("\(error)") }
            }
        }
        XCTAssertNoThrow(try f.label(FeedDateRange.minInstantMs, now: FeedDateRange.maxInstantMs))
    }

    func testResolvedNames() throws {
        let f = try FeedDateFormatter(
            FeedDateOptions(style: .feed, locale: "ja-JP-u-ca-japanese", timeZone: "Asia/Tokyo"))
        XCTAssertEqual(f.locale, "ja_JP@calendar=japanese")
        XCTAssertEqual(f.timeZone, "Asia/Tokyo")
        XCTAssertTrue(f.tzSource.hasPrefix("tzdata "), f.tzSource)
        let z = try FeedDateFormatter(FeedDateOptions(style: .feed, locale: "zh-Hans-CN", timeZone: "UTC"))
        XCTAssertEqual(z.locale, "zh_Hans_CN")
        // A well-formed id without data for its language is an error naming
        // it, never the host's locale; a region ICU lacks falls back within
        // the language.
        for id in ["xx_YY", "tlh", "english"] {
            XCTAssertThrowsError(try FeedDateFormatter(FeedDateOptions(style: .feed, locale: id, timeZone: "UTC")), id)
            {
                XCTAssertTrue(Self.isLocaleError($0 as! FeedDateError, naming: id), "\($0)")
            }
        }
        XCTAssertEqual(
            try FeedDateFormatter(FeedDateOptions(style: .feed, locale: "en_XX", timeZone: "UTC")).locale, "en_XX")
        // "und" (BCP 47's undetermined language) and "root" are well-formed: ICU's root locale.
        for id in ["und", "root", "und-u-hc-h23"] {
            XCTAssertNoThrow(try FeedDateFormatter(FeedDateOptions(style: .feed, locale: id, timeZone: "UTC")), id)
        }
    }

    func testLocalePriorityLists() throws {
        func resolved(_ list: String) throws -> String {
            try FeedDateFormatter(FeedDateOptions(style: .feed, locale: list, timeZone: "UTC")).locale
        }
        XCTAssertEqual(try resolved("tlh, de-CH;q=0.9, en;q=0.5"), "de_CH")
        XCTAssertEqual(try resolved("en;q=0.5, fr;q=0.8"), "fr")
        XCTAssertEqual(try resolved("fr;q=0, ja-JP"), "ja_JP")
        XCTAssertEqual(
            try resolved("*, xx, th_TH@calendar=buddhist;numbers=thai"), "th_TH@calendar=buddhist;numbers=thai")
        XCTAssertEqual(try resolved("en;q=abc, zh-Hant-TW"), "zh_Hant_TW")
        XCTAssertEqual(try resolved(" ko , en"), "ko")
        XCTAssertThrowsError(try resolved("tlh, xx;q=0.9, en;q=0, @@")) { error in
            guard case .locale(let m) = error as! FeedDateError else { return XCTFail("\(error)") }
            for id in ["\"tlh\"", "\"xx\"", "\"en\"", "\"@@\""] { XCTAssertTrue(m.contains(id), "\(id) not in: \(m)") }
        }
    }
}
