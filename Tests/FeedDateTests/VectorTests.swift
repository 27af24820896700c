// The golden vectors (Tests/vectors: the shared sets and the project's own), byte for byte:
// text, next change, day and time parts, expired flag.
import Foundation
import XCTest
@testable import FeedDate
import VectorFiles

/// One line of core.jsonl.
struct Vector {
    let options: FeedDateOptions
    let t: Int64, now: Int64
    let text: String
    let nextChange: Int64?
    let dayPart: Range<Int>, timePart: Range<Int>
    let expired: Bool
    let note: String

    /// The files to run (SPEC section 10, Tests/VectorFiles).
    static func files() -> [URL] { VectorFiles.files() }

    static func loadAll() throws -> [Vector] {
        let urls = files()
        XCTAssertFalse(urls.isEmpty, "no vector files")
        // What the labels came from, as the C suite says it (fd_data_version).
        print("vectors: \(FeedDateICU.dataVersion), \(urls.map { $0.path }.joined(separator: " "))")
        return try urls.flatMap { url in
            let data = try String(contentsOf: url, encoding: .utf8)
            return try data.split(separator: "\n").map { line in
                let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                return try Vector(obj)
            }
        }
    }

    /// A vector line's "style" and "options" (Tests/vectors/README.md), for
    /// the label and the schedule vectors alike.
    static func options(_ o: [String: Any]) throws -> FeedDateOptions {
        let styles: [String: FeedDateStyle] = [
            "feed": .feed, "feed_detail": .feedDetail, "chat_list": .chatList, "chat_bubble": .chatBubble,
            "relative": .relative, "compact": .compact, "countdown": .countdown,
        ]
        let opts = o["options"] as! [String: Any]
        var options = FeedDateOptions(
            style: styles[o["style"] as! String]!,
            locale: (opts["locale"] as! String), timeZone: (opts["tz"] as! String))
        for (key, value) in opts {
            switch key {
            case "locale", "tz": break
            case "hour_cycle": options.hourCycle = value as! String == "h23" ? .h23 : .h12
            case "width": options.width = value as! String == "short" ? .short : .narrow
            case "recent_relative": options.recentRelative = value as! Bool
            case "just_now_ms": options.justNowMs = (value as! NSNumber).int64Value
            case "skew_tolerance_ms": options.skewToleranceMs = (value as! NSNumber).int64Value
            case "cross_year_grace_days": options.crossYearGraceDays = (value as! NSNumber).int32Value
            case "weekday_window_days": options.weekdayWindowDays = (value as! NSNumber).int32Value
            case "precision": options.precision = (value as! NSNumber).int32Value
            case "countdown_days": options.countdownDays = value as! Bool
            case "plain_spaces": options.plainSpaces = value as! Bool
            case "spoken": options.spoken = value as! Bool
            case "overtime": options.overtime = value as! Bool
            case "max_unit":
                let units: [String: FeedDateUnit] = [
                    "year": .year, "month": .month, "week": .week, "day": .day, "hour": .hour, "minute": .minute,
                    "second": .second,
                ]
                options.maxUnit = units[value as! String]!
            case "just_now_text": options.justNowText = (value as! String)
            case "yesterday_text": options.yesterdayText = (value as! String)
            case "day_before_yesterday_text": options.dayBeforeYesterdayText = (value as! String)
            case "tomorrow_text": options.tomorrowText = (value as! String)
            default:
                throw NSError(domain: "vector", code: 1, userInfo: [NSLocalizedDescriptionKey: "unknown option \(key)"])
            }
        }
        return options
    }

    init(_ o: [String: Any]) throws {
        self.options = try Vector.options(o)
        t = (o["t_ms"] as! NSNumber).int64Value
        now = (o["now_ms"] as! NSNumber).int64Value
        text = o["text"] as! String
        nextChange = (o["next_change_ms"] as? NSNumber)?.int64Value
        let d = o["day_part"] as! [Int], tp = o["time_part"] as! [Int]
        dayPart = d[0]..<d[1]
        timePart = tp[0]..<tp[1]
        expired = o["expired"] as! Bool
        note = o["note"] as! String
    }
}

final class VectorTests: XCTestCase {
    func testEveryVector() throws {
        let vectors = try Vector.loadAll()
        XCTAssertGreaterThan(vectors.count, 0, "no vectors")
        var formatters: [FeedDateOptions: FeedDateFormatter] = [:]
        var failed = 0
        for v in vectors {
            let f = try formatters[v.options] ?? FeedDateFormatter(v.options)
            formatters[v.options] = f
            let l = try f.label(v.t, now: v.now)
            // Only the bytes a part covers are significant: compare them.
            let day = Array(l.text.utf8)[l.dayPart], wantDay = Array(v.text.utf8)[v.dayPart]
            let time = Array(l.text.utf8)[l.timePart], wantTime = Array(v.text.utf8)[v.timePart]
            if Array(l.text.utf8) != Array(v.text.utf8) || l.nextChangeMs != v.nextChange
                || day != wantDay || time != wantTime || l.expired != v.expired
            {
                failed += 1
                XCTFail(
                    """
                    \(v.note) [\(v.options.style) \(v.options.locale!) \(v.options.timeZone!)]: \
                    got \(l.text.debugDescription) next \(String(describing: l.nextChangeMs)) \
                    day \(l.dayPart) time \(l.timePart) expired \(l.expired); \
                    want \(v.text.debugDescription) next \(String(describing: v.nextChange)) \
                    day \(v.dayPart) time \(v.timePart) expired \(v.expired)
                    """)
            }
        }
        print("vectors: \(vectors.count - failed) passed, \(failed) failed")
    }
}
