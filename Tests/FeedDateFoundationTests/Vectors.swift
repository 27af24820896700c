// The shared vectors as Tests/FeedDateTests reads them (SPEC section 10):
// the files of Tests/VectorFiles (FEEDDATE_VECTORS, else the set for the ICU
// the library runs on; the schedule vectors likewise). Here t, now and the
// next change are Dates, as a Swift caller has them.
import Foundation
import XCTest
@testable import FeedDateFoundation
import VectorFiles

/// One label vector (Tests/vectors/README.md).
struct Vector {
    let options: FeedDateOptions
    let t: Int64, now: Int64
    let text: String
    let nextChange: Int64?
    let note: String

    static func files() -> [URL] { VectorFiles.files() }

    static func scheduleFiles() -> [URL] {
        VectorFiles.files("schedule", env: "FEEDDATE_SCHEDULE_VECTORS")
    }

    /// Every line of `urls` as a JSON object.
    static func lines(_ urls: [URL]) throws -> [[String: Any]] {
        try urls.flatMap { url in
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            }
        }
    }

    static func loadAll() throws -> [Vector] {
        let urls = files()
        XCTAssertFalse(urls.isEmpty, "no vector files")
        print("vectors: \(FeedDateICU.dataVersion), \(urls.map { $0.path }.joined(separator: " "))")
        return try lines(urls).map(Vector.init)
    }

    /// A vector line's "style" and "options".
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
            case "max_unit": options.maxUnit = FeedDateUnit.allCases.first { "\($0)" == value as! String }!
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
        options = try Vector.options(o)
        t = (o["t_ms"] as! NSNumber).int64Value
        now = (o["now_ms"] as! NSNumber).int64Value
        text = o["text"] as! String
        nextChange = (o["next_change_ms"] as? NSNumber)?.int64Value
        note = o["note"] as! String
    }

    /// Where the vector came from, for a failure message.
    var name: String {
        "\(note) [\(options.style) \(options.locale ?? "-") \(options.timeZone ?? "-") t=\(t) now=\(now)]"
    }
}

/// The Date of a millisecond, as a caller builds it from an epoch value.
/// The Date of millisecond `ms` that reads back as `ms` by SPEC 11's rule
/// (Instant.date): the one a caller builds, `Date(timeIntervalSince1970:
/// Double(ms) / 1000)`, within 100 years of 2001; a step or two above it in
/// years 1 and 9999, where that one can lie more than half a microsecond below.
func date(_ ms: Int64) -> Date { Instant.date(ms) }
