// Schedules (SPEC section 11): the shared vectors byte for byte (entries,
// until and the wire form), the definition against label(), and the limits.
import Foundation
import XCTest
@testable import FeedDate
import VectorFiles
import VectorReader

final class ScheduleTests: XCTestCase {
    /// The schedule vectors (Tests/VectorFiles: SPEC 10's rule).
    func testEveryScheduleVector() throws {
        var count = 0
        for line in try VectorFiles.lines(VectorFiles.scheduleFiles()) {
            let o = line.object
            let f = try FeedDateFormatter(try Vector.options(o))
            let t = (o["t_ms"] as! NSNumber).int64Value, now = (o["now_ms"] as! NSNumber).int64Value
            let s = try f.schedule(
                t, now: now, horizonMs: (o["horizon_ms"] as! NSNumber).int64Value,
                maxEntries: (o["max_entries"] as! NSNumber).intValue)
            let want = (o["entries"] as! [[Any]]).map {
                FeedDateSchedule.Entry(text: $0[0] as! String, fromMs: ($0[1] as! NSNumber).int64Value)
            }
            let note = line.place
            XCTAssertEqual(s.entries, want, note)
            XCTAssertEqual(s.untilMs, (o["until_ms"] as? NSNumber)?.int64Value, note)
            XCTAssertEqual(s.json, o["json"] as! String, note)
            // The definition: each entry is the label at its start, and
            // the next starts at that label's next change.
            for (i, entry) in s.entries.enumerated() {
                let label = try f.label(t, now: entry.fromMs)
                XCTAssertEqual(label.text, entry.text, note)
                XCTAssertEqual(
                    label.nextChangeMs, i + 1 < s.entries.count ? s.entries[i + 1].fromMs : s.untilMs, note)
            }
            count += 1
        }
        XCTAssertGreaterThan(count, 0, "no schedule vector was read")
        print("schedule vectors: \(count) passed")
    }

    func testLimitsAndTheWireEscapes() throws {
        let f = try FeedDateFormatter(FeedDateOptions(style: .relative, locale: "en_US", timeZone: "UTC"))
        let now: Int64 = 1_711_348_200_000
        for (h, m) in [
            (Int64(-1), 1), (FeedDateFormatter.scheduleHorizonLimitMs + 1, 1), (0, 0),
            (0, FeedDateFormatter.scheduleEntriesLimit + 1),
        ] {
            XCTAssertThrowsError(try f.schedule(now, now: now, horizonMs: h, maxEntries: m)) { error in
                guard case .argument = error as? FeedDateError else { return XCTFail("\(error)") }
            }
        }
        let one = try f.schedule(now - 30_000, now: now, horizonMs: 0, maxEntries: 10)
        XCTAssertEqual(one.entries.count, 1)
        XCTAssertEqual(one.untilMs, now + 30_000)
        // Caller words go into the wire form escaped as SPEC 11 says, and only so.
        var o = FeedDateOptions(style: .relative, locale: "en_US", timeZone: "UTC")
        o.justNowText = "a\"b\\c é/\u{2028}"
        let words = try FeedDateFormatter(o).schedule(now - 1_000, now: now, horizonMs: 0, maxEntries: 1)
        XCTAssertEqual(
            words.json, "{\"v\":1,\"now\":\(now),\"labels\":[[\"a\\\"b\\\\c é/\u{2028}\",0]],\"until\":\(now + 59_000)}"
        )
        // Every control character, as no label holds one today.
        let controls = FeedDateSchedule(
            nowMs: -5,
            entries: [
                .init(text: "\u{0}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}", fromMs: -5),
                .init(text: "x", fromMs: 7),
            ], untilMs: nil)
        XCTAssertEqual(
            controls.json,
            "{\"v\":1,\"now\":-5,\"labels\":[[\"\\u0000\\b\\t\\n\\f\\r\\u001f\u{7F}\",0],[\"x\",12]],\"until\":null}")
    }

    /// Issue 37: a schedule's entries after the first are labels at later
    /// nows, and leave the caches of now's day (the formatter's view of it
    /// and its next-change memo) to the labels formatted at now.
    func testSchedulesLeaveTodayAlone() throws {
        let now: Int64 = 1_711_348_200_000 // 2024-03-25T06:30Z, 14:30 in Shanghai
        for style in [FeedDateStyle.feed, .chatList, .chatBubble, .relative, .compact] {
            let f = try FeedDateFormatter(FeedDateOptions(style: style, locale: "zh_CN", timeZone: "Asia/Shanghai"))
            let yesterday = now - 86_400_000 - 3_600_000
            let label = try f.label(yesterday, now: now)
            let view = try XCTUnwrap(f.sharedView.load(covering: now), "\(style)")
            let slot = NextChangeMemo.slot(daysBack: 1)
            let remembered = f.memo.load(slot, at: view)
            if style.holdsForDay { XCTAssertNotNil(remembered, "\(style)") }
            for age: Int64 in [10_000, 3_600_000, 86_400_000, 3 * 86_400_000] {
                let s = try f.schedule(now - age, now: now, horizonMs: 86_400_000)
                if age == 10_000 {
                    XCTAssertGreaterThan(s.entries.count, 1, "\(style): the schedule reaches past midnight")
                }
                XCTAssertEqual(f.sharedView.load(covering: now), view, "\(style), \(age)")
                XCTAssertEqual(f.memo.load(slot, at: view), remembered, "\(style), \(age)")
            }
            XCTAssertEqual(try f.label(yesterday, now: now), label)
        }
    }

    /// The entries after the first come from the formatter's memo of
    /// schedules when an earlier schedule filled it: the same schedules as
    /// from a fresh formatter each time, whatever came before.
    func testSchedulesWithWarmCachesAsFresh() throws {
        var rng = SystemRandomNumberGenerator()
        let base: Int64 = 1_711_348_200_000
        for style in [FeedDateStyle.feed, .chatList, .chatBubble, .relative, .compact, .countdown] {
            for (locale, zone) in [("zh_CN", "Asia/Shanghai"), ("en_US", "America/New_York")] {
                let o = FeedDateOptions(style: style, locale: locale, timeZone: zone)
                let warm = try FeedDateFormatter(o)
                for _ in 0..<150 {
                    // A few nows, so that the caches hold another day's now as often as this one's.
                    let now =
                        base + Int64.random(in: 0..<3, using: &rng) * 86_400_000
                        + Int64.random(in: -7_200_000..<7_200_000, using: &rng)
                    let t = now - Int64.random(in: -86_400_000..<(9 * 86_400_000), using: &rng)
                    let horizon = [0, 3_600_000, 86_400_000, 7 * 86_400_000][Int.random(in: 0..<4, using: &rng)]
                    if Bool.random(using: &rng) {
                        _ = try warm.label(t - Int64.random(in: 0..<(3 * 86_400_000), using: &rng), now: now)
                    }
                    let got = try warm.schedule(t, now: now, horizonMs: Int64(horizon), maxEntries: 50)
                    let want = try FeedDateFormatter(o).schedule(t, now: now, horizonMs: Int64(horizon), maxEntries: 50)
                    XCTAssertEqual(got, want, "\(style) \(locale) t=\(t) now=\(now) horizon=\(horizon)")
                }
            }
        }
    }
}
