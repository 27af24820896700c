// FeedDateOptions from Locale and TimeZone (SPEC section 12).
import Foundation
import XCTest
@testable import FeedDateFoundation

final class OptionsFoundationTests: XCTestCase {
    let t: Int64 = 1_711_281_600_000, now: Int64 = 1_711_348_200_000 // yesterday 20:00, today 14:30 in Shanghai

    func testLocalesAndZonesGiveTheLabelsOfTheirIds() throws {
        let cases: [(Locale, TimeZone, String, String)] = [
            (Locale(identifier: "zh_CN"), TimeZone(identifier: "Asia/Shanghai")!, "zh_CN", "Asia/Shanghai"),
            (Locale(identifier: "zh-Hans-CN"), TimeZone(identifier: "Asia/Shanghai")!, "zh_Hans_CN", "Asia/Shanghai"),
            (
                Locale(identifier: "ja_JP@calendar=japanese"), TimeZone(identifier: "Asia/Tokyo")!,
                "ja_JP@calendar=japanese", "Asia/Tokyo"
            ),
            (
                Locale(identifier: "en-US-u-hc-h23"), TimeZone(identifier: "America/New_York")!, "en-US-u-hc-h23",
                "America/New_York"
            ),
            (Locale(identifier: "th_TH"), TimeZone(identifier: "UTC")!, "th_TH", "UTC"),
            (Locale(identifier: "en_US"), TimeZone(identifier: "Etc/GMT+5")!, "en_US", "Etc/GMT+5"),
        ]
        for (locale, zone, localeID, zoneID) in cases {
            for style in FeedDateStyle.allCases {
                let a = try FeedDateFormatter(FeedDateOptions(style: style, locale: locale, timeZone: zone))
                let b = try FeedDateFormatter(FeedDateOptions(style: style, locale: localeID, timeZone: zoneID))
                XCTAssertEqual(a.locale, b.locale, "\(locale) \(style)")
                // Foundation names UTC "GMT": the same rules.
                XCTAssertEqual(a.timeZone, zoneID == "UTC" ? "GMT" : b.timeZone)
                for (tt, nn) in [(t, now), (now - 300_000, now), (now + 90_000_000, now), (t - 86_400_000 * 400, now)] {
                    XCTAssertEqual(
                        try a.label(tt, now: nn), try b.label(tt, now: nn), "\(locale) \(zone.identifier) \(style)")
                }
            }
        }
        // The mixed forms.
        XCTAssertEqual(
            FeedDateOptions(style: .feed, locale: "zh_CN", timeZone: TimeZone(identifier: "Asia/Shanghai")!),
            FeedDateOptions(style: .feed, locale: "zh_CN", timeZone: "Asia/Shanghai"))
        XCTAssertEqual(
            FeedDateOptions(style: .feed, locale: Locale(identifier: "zh_CN"), timeZone: "Asia/Shanghai"),
            FeedDateOptions(style: .feed, locale: "zh-CN", timeZone: "Asia/Shanghai"))
    }

    /// The current locale and zone are the host's as the core finds them (nil);
    /// Foundation's snapshot `.current` is taken by its identifier.
    func testAutoupdatingCurrentIsTheHosts() {
        let o = FeedDateOptions(style: .feed, locale: .autoupdatingCurrent, timeZone: .autoupdatingCurrent)
        XCTAssertNil(o.locale)
        XCTAssertNil(o.timeZone)
        XCTAssertEqual(FeedDateOptions(style: .feed, locale: Locale(identifier: "de_DE")).timeZone, nil)
        XCTAssertEqual(
            FeedDateOptions(style: .feed, locale: .current, timeZone: .current).timeZone, TimeZone.current.identifier)
    }

    /// A fixed offset without an IANA id ("GMT+0530") is its POSIX TZ string,
    /// which needs no database; its labels are those of a zone with that offset.
    func testFixedOffsetsArePosixStrings() throws {
        let cases: [(Int, String, String)] = [
            (19_800, "<+0530>-5:30", "Asia/Kolkata"),
            (-28_800, "<-0800>8", "Etc/GMT+8"),
            (3_600 * 14, "<+1400>-14", "Pacific/Kiritimati"),
            (-(3_600 * 9 + 1_800), "<-0930>9:30", "Pacific/Marquesas"),
        ]
        for (seconds, posix, iana) in cases {
            let zone = TimeZone(secondsFromGMT: seconds)!
            XCTAssertTrue(FeedDateOptions.isFixedOffsetID(zone.identifier), zone.identifier)
            let o = FeedDateOptions(style: .chatBubble, locale: "en_US", timeZone: zone)
            XCTAssertEqual(o.timeZone, posix)
            let f = try FeedDateFormatter(o),
                g = try FeedDateFormatter(FeedDateOptions(style: .chatBubble, locale: "en_US", timeZone: iana))
            XCTAssertEqual(f.timeZone, posix)
            for x in stride(from: now - 86_400_000 * 3, through: now, by: 3_600_000 * 5) {
                XCTAssertEqual(try f.label(x, now: now), try g.label(x, now: now), "\(posix) at \(x)")
            }
        }
        XCTAssertEqual(FeedDateOptions.posixTZ(secondsEast: 19_812), "<+053012>-5:30:12")
        XCTAssertEqual(FeedDateOptions(style: .feed, timeZone: TimeZone(secondsFromGMT: 0)!).timeZone, "GMT")
        for id in ["GMT", "GMT+0", "GMT-0", "Etc/GMT+5", "GMT+5", "Asia/Shanghai", "GMT+ab:cd"] {
            XCTAssertFalse(FeedDateOptions.isFixedOffsetID(id), id)
        }
        for id in ["GMT+0530", "GMT-0800", "GMT+05:30", "GMT-08:00:30"] {
            XCTAssertTrue(FeedDateOptions.isFixedOffsetID(id), id)
        }
    }

    /// A locale ICU has no data for is an error naming it, never the host's.
    func testUnknownLocalesAndZonesAreErrors() {
        XCTAssertThrowsError(
            try FeedDateFormatter(FeedDateOptions(style: .feed, locale: Locale(identifier: "tlh"), timeZone: "UTC"))
        ) {
            guard case .locale(let message) = $0 as? FeedDateError else { return XCTFail("\($0)") }
            XCTAssertTrue(message.contains("tlh"), message)
        }
        XCTAssertThrowsError(
            try FeedDateFormatStyle(
                anchor: .now, options: FeedDateOptions(style: .feed, locale: "en_US", timeZone: "Mars/Olympus")))
        XCTAssertEqual(
            Date.now.formatted(.feed(.now, style: .feed, locale: Locale(identifier: "tlh"), timeZone: .gmt)), "")
    }
}
