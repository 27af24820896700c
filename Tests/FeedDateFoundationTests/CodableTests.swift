// Codable round trips (SPEC section 12): options and the format style through
// JSONEncoder and JSONDecoder.
import Foundation
import XCTest
@testable import FeedDateFoundation

final class CodableTests: XCTestCase {
    static func everyOptionSet() -> FeedDateOptions {
        var o = FeedDateOptions(style: .chatBubble, locale: "zh_CN", timeZone: "Asia/Shanghai")
        o.hourCycle = .h12
        o.width = .narrow
        o.recentRelative = true
        o.justNowMs = 30_000
        o.skewToleranceMs = 5_000
        o.crossYearGraceDays = 7
        o.weekdayWindowDays = 3
        o.precision = 2
        o.countdownDays = true
        o.plainSpaces = true
        o.spoken = true
        o.overtime = true
        o.maxUnit = .hour
        o.justNowText = "刚才"
        o.yesterdayText = "昨儿"
        o.dayBeforeYesterdayText = "前儿"
        o.tomorrowText = "明儿 \"quoted\""
        return o
    }

    func testOptionsRoundTrip() throws {
        var all = [Self.everyOptionSet()]
        for style in FeedDateStyle.allCases { all.append(FeedDateOptions(style: style)) }
        for unit in FeedDateUnit.allCases {
            var o = FeedDateOptions(style: .compact, locale: "en_US"); o.maxUnit = unit; all.append(o)
        }
        for o in all {
            let data = try JSONEncoder().encode(o)
            XCTAssertEqual(
                try JSONDecoder().decode(FeedDateOptions.self, from: data), o, String(decoding: data, as: UTF8.self))
        }
        let json = String(decoding: try JSONEncoder().encode(Self.everyOptionSet()), as: UTF8.self)
        for piece in [
            "\"style\":\"chatBubble\"", "\"hourCycle\":\"h12\"", "\"width\":\"narrow\"", "\"maxUnit\":\"hour\"",
            "\"timeZone\":\"Asia\\/Shanghai\"", "\"justNowMs\":30000",
        ] {
            XCTAssertTrue(json.contains(piece), "\(piece) in \(json)")
        }
    }

    func testOptionsDecodeWithDefaultsAndRefuseUnknownNames() throws {
        XCTAssertEqual(
            try JSONDecoder().decode(FeedDateOptions.self, from: Data(#"{"style":"feed"}"#.utf8)),
            FeedDateOptions(style: .feed))
        var o = FeedDateOptions(style: .countdown, locale: "en_US")
        o.precision = 3
        XCTAssertEqual(
            try JSONDecoder().decode(
                FeedDateOptions.self, from: Data(#"{"style":"countdown","locale":"en_US","precision":3}"#.utf8)), o)
        for bad in [
            #"{}"#, #"{"style":"moments"}"#, #"{"style":"feed","width":"wide"}"#, #"{"style":"feed","precision":"1"}"#,
        ] {
            XCTAssertThrowsError(try JSONDecoder().decode(FeedDateOptions.self, from: Data(bad.utf8)), bad)
        }
    }

    func testFormatStyleRoundTrip() throws {
        let anchor = Date(timeIntervalSince1970: 1_711_281_600.123_4) // a sub-millisecond part: held rounded
        var styles = [
            try FeedDateFormatStyle(anchor: anchor, options: Self.everyOptionSet()),
            FeedDateFormatStyle.feed(
                anchor, style: .feed, locale: Locale(identifier: "en_US"),
                timeZone: TimeZone(identifier: "America/New_York")!),
            .feed(anchor, style: .relative), // the host's locale and zone: nil, as encoded
            // No formatter: formats as "".
            .feed(anchor, style: .feed, locale: Locale(identifier: "tlh"), timeZone: .gmt),
        ]
        for style in FeedDateStyle.allCases {
            styles.append(.feed(anchor, style: style, locale: Locale(identifier: "ar_EG"), timeZone: .gmt))
        }
        XCTAssertEqual(styles[0].anchor, Date(timeIntervalSince1970: 1_711_281_600.123))
        for style in styles {
            let data = try JSONEncoder().encode(style)
            let back = try JSONDecoder().decode(FeedDateFormatStyle.self, from: data)
            XCTAssertEqual(back, style, String(decoding: data, as: UTF8.self))
            XCTAssertEqual(back.hashValue, style.hashValue)
            XCTAssertEqual(Set([back, style]).count, 1)
            for now in [anchor, anchor + 45, anchor + 86_400 * 2, anchor + 86_400 * 400] {
                XCTAssertEqual(back.format(now), style.format(now))
                XCTAssertEqual(back.discreteInput(after: now), style.discreteInput(after: now))
                XCTAssertEqual(back.discreteInput(before: now), style.discreteInput(before: now))
            }
        }
        XCTAssertEqual(styles[3].format(.now), "")
        XCTAssertTrue(
            String(decoding: try JSONEncoder().encode(styles[1]), as: UTF8.self).contains("\"anchorMs\":1711281600123"))
        XCTAssertNotEqual(styles[1], styles[1].locale(Locale(identifier: "de_DE")))
        XCTAssertEqual(styles[1].locale(Locale(identifier: "de_DE")).options.locale, "de-DE")
    }
}

final class LocalizedErrorTests: XCTestCase {
    /// SPEC 12 (1.3): the library's message is the localized description.
    func testTheMessageIsTheDescription() {
        do {
            _ = try FeedDateFormatter(FeedDateOptions(style: .feed, locale: "en_US", timeZone: "Nowhere/Atlantis"))
            XCTFail("made a formatter in an unknown zone")
        } catch {
            XCTAssertEqual((error as any Error).localizedDescription, error.description)
            XCTAssertTrue(error.localizedDescription.contains("Nowhere/Atlantis"), error.localizedDescription)
        }
    }
}
