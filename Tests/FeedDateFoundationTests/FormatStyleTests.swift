// The format style as Foundation's callers use it: Date.formatted, a
// generic DiscreteFormatStyle, the shared formatter cache.
import Foundation
import XCTest
@testable import FeedDateFoundation

final class FormatStyleTests: XCTestCase {
    let zh = Locale(identifier: "zh_CN"), shanghai = TimeZone(identifier: "Asia/Shanghai")!
    let now = Date(timeIntervalSince1970: 1_711_348_200) // 2024-03-25 14:30 in Shanghai

    /// What SwiftUI does with a DiscreteFormatStyle: the text now, and when to redraw.
    func nextRedraw<S: DiscreteFormatStyle>(_ style: S, at x: Date) -> (String, Date?)
    where S.FormatInput == Date, S.FormatOutput == String {
        (style.format(x), style.discreteInput(after: x))
    }

    func testFormattedAndGenericUse() throws {
        let yesterday = Date(timeIntervalSince1970: 1_711_281_600)
        XCTAssertEqual(now.formatted(.feed(yesterday, style: .chatList, locale: zh, timeZone: shanghai)), "昨天")
        XCTAssertEqual(now.formatted(.feed(yesterday, style: .chatBubble, locale: zh, timeZone: shanghai)), "昨天 20:00")
        let (text, redraw) = nextRedraw(.feed(yesterday, style: .chatList, locale: zh, timeZone: shanghai), at: now)
        XCTAssertEqual(text, "昨天")
        XCTAssertEqual(redraw, Date(timeIntervalSince1970: 1_711_382_400)) // the coming midnight
        let compact = FeedDateFormatStyle.feed(
            now - 125, style: .compact, locale: Locale(identifier: "en_US"), timeZone: .gmt)
        XCTAssertEqual(compact.format(now), "2m")
        XCTAssertEqual(compact.discreteInput(after: now), now + 55)
        // "1m" until 2 min after t.
        XCTAssertEqual(compact.discreteInput(before: now).map(Instant.milliseconds), 1_711_348_194_999)
        // The formatter's own Date API says the same.
        let f = try FeedDateFormatter(FeedDateOptions(style: .chatList, locale: zh, timeZone: shanghai))
        let label = try f.label(for: yesterday, now: now)
        XCTAssertEqual(label.text, "昨天")
        XCTAssertEqual(label.nextChange, redraw)
        let many = try f.formatMany([yesterday, now - 60, now - 86_400 * 3], now: now)
        XCTAssertEqual(many.texts, ["昨天", "14:29", "星期五"])
        XCTAssertEqual(many.nextChange, redraw)
        XCTAssertEqual(try f.formatMany([], now: now).texts, [])
        let schedule = try f.schedule(for: yesterday, now: now)
        XCTAssertEqual(schedule.entries.map(\.text), ["昨天", "星期日"]) // 2024-03-24 was a Sunday
        XCTAssertEqual(schedule.entries.map(\.from), [now, redraw!])
        XCTAssertTrue(schedule.json.hasPrefix("{\"v\":1,\"now\":1711348200000,\"labels\":[[\"昨天\",0],"), schedule.json)
        XCTAssertThrowsError(try f.schedule(for: yesterday, now: now, horizon: -1))
        // Foundation's distantPast is two days before 0001-01-01 (proleptic Gregorian).
        XCTAssertThrowsError(try f.label(for: .distantPast, now: now)) {
            XCTAssertEqual($0 as? FeedDateError, .range(-62_135_769_600_000))
        }
    }

    /// Styles with the same options share one formatter; the cache stays small.
    func testOneCacheOfFormatters() throws {
        let o = FeedDateOptions(style: .relative, locale: "en_US", timeZone: "UTC")
        let a = try FormatterCache.shared.formatter(o).get(), b = try FormatterCache.shared.formatter(o).get()
        XCTAssertTrue(a === b)
        for ms in 0..<Int64(FormatterCache.limit + 10) {
            var p = o
            p.justNowMs = ms
            _ = FeedDateFormatStyle.feed(now, style: .relative).format(now)
            _ = try FeedDateFormatStyle(anchor: now, options: p).format(now)
        }
        XCTAssertLessThanOrEqual(FormatterCache.shared.count, FormatterCache.limit)
    }
}
