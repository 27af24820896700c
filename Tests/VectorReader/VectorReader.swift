// A vector line as the Swift suites read it (Tests/vectors/README.md), written
// once for Tests/FeedDateTests and Tests/FeedDateFoundationTests: its "style"
// and "options" as FeedDateOptions, and a label vector's fields. The names of
// styles and of the enum options' values are the Swift cases' own in
// snake_case (`chatBubble` is "chat_bubble"), taken from `allCases`, so a new
// style or value needs nothing here.
import FeedDate
import Foundation
import VectorFiles

/// One label vector (Tests/vectors/README.md).
public struct Vector {
    public let options: FeedDateOptions
    public let t: Int64, now: Int64
    public let text: String
    public let nextChange: Int64?
    public let dayPart: Range<Int>, timePart: Range<Int>
    public let expired: Bool
    public let note: String

    /// Every line of the label vector files (SPEC section 10, Tests/VectorFiles).
    public static func loadAll() throws -> [Vector] {
        let urls = VectorFiles.files()
        guard !urls.isEmpty else { throw VectorError(message: "no vector files") }
        // What the labels came from, as the C suite says it (fd_data_version).
        print("vectors: \(FeedDateICU.dataVersion), \(urls.map { $0.path }.joined(separator: " "))")
        return try VectorFiles.lines(urls).map { try Vector($0.object) }
    }

    /// A vector line's "style" and "options", for the label, schedule and
    /// conversion vectors alike.
    public static func options(_ o: [String: Any]) throws -> FeedDateOptions {
        let opts = o["options"] as! [String: Any]
        var options = FeedDateOptions(
            style: try named(o["style"]), locale: (opts["locale"] as! String), timeZone: (opts["tz"] as! String))
        for (key, value) in opts {
            switch key {
            case "locale", "tz": break
            case "hour_cycle": options.hourCycle = try named(value)
            case "width": options.width = try named(value)
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
            case "max_unit": options.maxUnit = try named(value)
            case "just_now_text": options.justNowText = (value as! String)
            case "yesterday_text": options.yesterdayText = (value as! String)
            case "day_before_yesterday_text": options.dayBeforeYesterdayText = (value as! String)
            case "tomorrow_text": options.tomorrowText = (value as! String)
            default: throw VectorError(message: "unknown option \(key)")
            }
        }
        return options
    }

    /// The case of `T` whose snake_case name is `name`.
    static func named<T: CaseIterable>(_ name: Any?) throws -> T {
        let snake = { (value: T) in
            String("\(value)".flatMap { $0.isUppercase ? ["_", Character($0.lowercased())] : [$0] })
        }
        guard let name = name as? String, let value = T.allCases.first(where: { snake($0) == name }) else {
            throw VectorError(message: "unknown \(T.self) \(String(describing: name))")
        }
        return value
    }

    public init(_ o: [String: Any]) throws {
        options = try Vector.options(o)
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

    /// Where the vector came from, for a failure message.
    public var name: String {
        "\(note) [\(options.style) \(options.locale ?? "-") \(options.timeZone ?? "-") t=\(t) now=\(now)]"
    }
}

/// A vector line this reader cannot take.
public struct VectorError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
