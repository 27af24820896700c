// Hand-written cases beyond the shared vectors, named with readable local
// times; `now` is always passed in.
import Foundation
import XCTest
@testable import FeedDate

final class LabelTests: XCTestCase {
    private func formatter(
        _ style: FeedDateStyle, _ locale: String, _ zone: String,
        _ edit: (inout FeedDateOptions) -> Void = { _ in }
    ) throws -> FeedDateFormatter {
        var o = FeedDateOptions(style: style, locale: locale, timeZone: zone)
        edit(&o)
        return try FeedDateFormatter(o)
    }

    // 2024-03-25 14:30:00 in Asia/Shanghai.
    let shanghaiAfternoon: Int64 = 1_711_348_200_000

    func testZeroSecondsAgoReadsAsPast() throws {
        // ICU takes the direction from the sign bit: 0 seconds ago must be
        // passed as −0.0 or it reads "in 0 seconds".
        let f = try formatter(.relative, "en_US", "Asia/Shanghai") { $0.justNowMs = 0 }
        XCTAssertEqual(try f.format(shanghaiAfternoon - 500, now: shanghaiAfternoon), "0 seconds ago")
        let ko = try formatter(.relative, "ko_KR", "Asia/Seoul") { $0.justNowMs = 0 }
        XCTAssertEqual(try ko.format(shanghaiAfternoon - 500, now: shanghaiAfternoon), "0초 전")
    }

    func testFormattersOfOneLocaleShareTextsButNotOptions() throws {
        // Services are shared per locale; options must still apply per formatter.
        let a = try formatter(.feed, "zh_CN", "Asia/Shanghai") { $0.recentRelative = true }
        let b = try formatter(.feed, "zh_CN", "Asia/Shanghai")
        let fiveMinutesAgo = shanghaiAfternoon - 5 * 60_000
        XCTAssertEqual(try a.format(fiveMinutesAgo, now: shanghaiAfternoon), "5分钟前")
        XCTAssertEqual(try b.format(fiveMinutesAgo, now: shanghaiAfternoon), "14:25")
    }

    func testDatesOutsideTheCachedYearsComeFromICU() throws {
        // Text tables cover 1900 ... 2099; other dates go to ICU each time.
        let f = try formatter(.chatList, "en_US", "UTC")
        let y1850 = -3_786_825_600_000 as Int64 // 1850-01-01 00:00 UTC
        XCTAssertEqual(try f.format(y1850, now: shanghaiAfternoon), "1/1/1850")
        let y2150 = 5_680_281_600_000 as Int64 // 2150-01-01 00:00 UTC
        XCTAssertEqual(try f.format(y2150 + 86_400_000 * 10, now: y2150), "1/11/2150")
    }

    func testMonthsOfTwelveMonthCalendarsAddAsICUAddsThem() throws {
        // Persian and Hijri months are added by walking a table of month spans;
        // ICU's own add (years, then months, the day of month pinned at each
        // step) must agree, including across the table's ends (1900, 2100).
        var rng = SplitMix64(state: 20_261_133)
        for locale in [
            "fa_IR", "ar_SA", "ar@calendar=islamic-civil", "ar@calendar=islamic-tbla", "hi_IN@calendar=indian",
        ] {
            let services = try LocaleServices(locale: LocaleID(locale), hourCycle: .locale, width: .long)
            let icu = try ICUCalendar(locale: LocaleID(locale).icu)
            for _ in 0..<300 {
                let wall = Int64.random(in: -2_300_000_000_000...4_200_000_000_000, using: &rng)
                let years = Int64.random(in: -20...20, using: &rng)
                let months = Int64.random(in: -30...30, using: &rng)
                XCTAssertEqual(
                    try services.addMonths(wall: wall, years: years, months: months),
                    try icu.add(wall: wall, years: Int32(years), months: Int32(months)),
                    "\(locale): wall \(wall) + \(years) years \(months) months")
            }
        }
    }
}

final class ZoneSourceTests: XCTestCase {
    /// ICU's built-in rules (2022e in ICU 72) are never used for a named
    /// zone (SPEC 1.2): with no database, a named zone is an error naming the
    /// folder searched; UTC and POSIX TZ strings need none.
    func testNoDatabaseRefusesNamedZones() throws {
        func make(_ zone: String) throws -> FeedDateFormatter {
            try FeedDateFormatter(FeedDateOptions(style: .feedDetail, locale: "en_US", timeZone: zone))
        }
        try ZoneDatabase.withDirectory("/nonexistent-feeddate-zoneinfo") {
            for zone in ["Asia/Tokyo", "America/Mexico_City"] {
                XCTAssertThrowsError(try make(zone)) { error in
                    guard case .timeZone(let m) = error as! FeedDateError else { return XCTFail("\(error)") }
                    XCTAssertTrue(m.contains("no zone database in /nonexistent-feeddate-zoneinfo"), m)
                    XCTAssertTrue(m.contains("install tzdata"), m)
                    XCTAssertTrue(m.contains("\"\(zone)\""), m)
                }
            }
            for zone in ["UTC", "Etc/UTC", "GMT"] {
                let f = try make(zone)
                XCTAssertEqual(f.tzSource, "posix")
                XCTAssertEqual(try f.format(1_711_344_600_000, now: 1_711_344_600_000), "Mar 25, 2024, 5:30\u{202F}AM")
            }
            let cst = try make("CST-8")
            XCTAssertEqual(cst.tzSource, "posix")
            XCTAssertEqual(try cst.format(1_711_344_600_000, now: 1_711_344_600_000), "Mar 25, 2024, 1:30\u{202F}PM")
            XCTAssertThrowsError(try make("../../etc/passwd"))
        }
        // A folder without a database (empty) says so, not "unknown zone".
        let empty = NSTemporaryDirectory() + "feeddate-empty-\(getpid())"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        try ZoneDatabase.withDirectory(empty) {
            XCTAssertThrowsError(try make("Asia/Tokyo")) { error in
                XCTAssertTrue("\(error)".contains("no zone database in \(empty)"), "\(error)")
            }
        }
    }
}
