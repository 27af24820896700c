// Keywords of a locale id (calendar, hour cycle, numbering system): unknown
// values refused at creation, hours kept to 1..12 / 0..23, and COUNTDOWN
// refusing a numbering system without digits. Each case failed on 1.0: an
// unknown value was kept in the resolved id, h11 wrote "0:05 AM", h24 wrote
// "24:05", and a jpan countdown failed with an ICU error on every label.
import XCTest
@testable import FeedDate

final class LocaleKeywordTests: XCTestCase {
    // 2024-03-25 00:05 and 00:10 UTC.
    private let t: Int64 = 1_711_325_100_000
    private let now: Int64 = 1_711_325_400_000

    private func label(
        _ style: FeedDateStyle, _ locale: String, _ cycle: FeedDateHourCycle = .locale,
        t: Int64? = nil
    ) throws -> (text: String, locale: String) {
        var o = FeedDateOptions(style: style, locale: locale, timeZone: "UTC")
        o.hourCycle = cycle
        let f = try FeedDateFormatter(o)
        return (try f.label(t ?? self.t, now: now).text, f.locale)
    }

    private func localeError(
        _ style: FeedDateStyle, _ locale: String, mentioning words: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let made = try label(style, locale)
            XCTFail("\(locale): made a formatter (\(made.locale)) that writes \(made.text)", file: file, line: line)
        } catch let error as FeedDateError {
            guard case .locale(let message) = error else {
                return XCTFail("\(locale): \(error), not a locale error", file: file, line: line)
            }
            for w in words where !message.contains(w) {
                XCTFail("\(locale): the message does not say \(w): \(message)", file: file, line: line)
            }
        } catch {
            XCTFail("\(locale): \(error)", file: file, line: line)
        }
    }

    func testHoursStayInTheirRange() throws {
        // (locale, option, text): the id's h11/h24 read as h12/h23; the option wins over the id.
        let cases: [(String, FeedDateHourCycle, String, String)] = [
            ("en-US-u-hc-h11", .locale, "12:05\u{202F}AM", "en_US@hours=h12"),
            ("en-US-u-hc-h11", .h12, "12:05\u{202F}AM", "en_US@hours=h12"),
            ("en-US-u-hc-h11", .h23, "00:05", "en_US@hours=h12"),
            ("en-US-u-hc-h24", .locale, "00:05", "en_US@hours=h23"),
            ("en-US-u-hc-h24", .h23, "00:05", "en_US@hours=h23"),
            ("en-US-u-hc-h24", .h12, "12:05\u{202F}AM", "en_US@hours=h23"),
            ("de_DE@hours=h24", .locale, "00:05", "de_DE@hours=h23"),
            ("en_US@hours=h11", .h12, "12:05\u{202F}AM", "en_US@hours=h12"),
            ("en-US-u-hc-h23", .locale, "00:05", "en_US@hours=h23"),
            ("en_US", .locale, "12:05\u{202F}AM", "en_US"),
        ]
        for (locale, cycle, text, resolved) in cases {
            let got = try label(.feed, locale, cycle)
            XCTAssertEqual(got.text, text, "\(locale) \(cycle)")
            XCTAssertEqual(got.locale, resolved, "\(locale) \(cycle)")
        }
    }

    func testUnknownKeywordValuesAreRefused() {
        localeError(.feed, "en-US-u-hc-h99", mentioning: ["\"h99\"", "h12", "h23"])
        localeError(.feed, "en-US-u-ca-xyz", mentioning: ["\"xyz\"", "gregorian", "japanese"])
        localeError(.feed, "en_US@calendar=gregory", mentioning: ["\"gregory\"", "gregorian"])
        localeError(.feed, "ja-JP-u-nu-xyz", mentioning: ["\"xyz\"", "latn"])
        localeError(.countdown, "ja-JP-u-nu-xyz", mentioning: ["\"xyz\"", "latn"])
    }

    func testKnownKeywordValuesAreKept() throws {
        XCTAssertEqual(try label(.feed, "en-US-u-ca-gregory").locale, "en_US@calendar=gregorian")
        XCTAssertEqual(try label(.feed, "th-TH-u-ca-buddhist").locale, "th_TH@calendar=buddhist")
        XCTAssertEqual(try label(.countdown, "en-US-u-nu-thai", t: now + 3_725_300).text, "๑:๐๒:๐๕.๓")
        XCTAssertEqual(try label(.countdown, "zh-CN-u-nu-hanidec", t: now + 300_000).text, "〇:〇五:〇〇.〇")
    }

    func testCountdownRefusesNumberingWithoutDigits() throws {
        for system in ["jpan", "hans", "hant", "roman", "hebr", "armn", "geor", "grek", "cyrl", "taml"] {
            localeError(.countdown, "ja-JP-u-nu-\(system)", mentioning: ["\"\(system)\"", "latn"])
        }
        // Other styles write their numbers in it, as ICU does.
        let past = now - 400 * 86_400_000
        XCTAssertEqual(try label(.feed, "ja-JP-u-nu-jpan", t: past).text, "二千二十三年二月十九日")
        XCTAssertEqual(try label(.relative, "zh-CN-u-nu-hans", t: past).text, "一年前")
        // The locale's own digits are decimal: ar_EG's countdown is Arabic-Indic.
        XCTAssertEqual(try label(.countdown, "ar-EG", t: now + 300_000).text, "٠:٠٥:٠٠٫٠")
    }
}
