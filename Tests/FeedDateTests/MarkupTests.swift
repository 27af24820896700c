// The markup and the script-safe wire through the Swift API (Markup/); the
// C suite's test_html checks every part against the calls it is made of.
import XCTest
@testable import FeedDate

final class MarkupTests: XCTestCase {
    func testHTMLIsBuiltFromTheScheduleAndTheDetailLabel() throws {
        var o = FeedDateOptions(style: .relative, locale: "en_US", timeZone: "America/New_York")
        o.justNowText = "<b>'now' & \"then\"</b>"
        let f = try FeedDateFormatter(o)
        let t: Int64 = 1_711_348_200_000
        var detail = o
        detail.style = .feedDetail
        let title = try FeedDateFormatter(detail).format(t, now: t)
        let wire = try f.schedule(t, now: t, horizonMs: 120_000, maxEntries: 10).json
        func escaped(_ s: String) -> String {
            s.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;")
                .replacingAll("\"", "&quot;").replacingAll("'", "&#39;")
        }
        let want =
            "<time datetime=\"2024-03-25T06:30:00.000Z\" title=\"\(escaped(title))\"><feed-date data-schedule=\""
            + escaped(wire) + "\">" + escaped(o.justNowText!) + "</feed-date></time>"
        XCTAssertEqual(try f.html(t, now: t, horizonMs: 120_000, maxEntries: 10), want)
        let spoken = try f.html(t, now: t, horizonMs: 120_000, maxEntries: 10, spoken: true)
        XCTAssertTrue(spoken.contains("\" data-spoken-schedule=\"{&quot;v&quot;:1,"), spoken)
    }

    func testScriptJSONEscapesWhatEndsAScript() throws {
        var o = FeedDateOptions(style: .relative, locale: "en_US", timeZone: "UTC")
        o.justNowText = "</script>&\u{2028}\u{2029}"
        let f = try FeedDateFormatter(o)
        let json = try f.scriptJSON(0, now: 0, horizonMs: 0, maxEntries: 1)
        XCTAssertEqual(json, #"{"v":1,"now":0,"labels":[["\u003c/script\u003e\u0026\u2028\u2029",0]],"until":60000}"#)
    }
}

extension String {
    fileprivate func replacingAll(_ a: String, _ b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
