// FeedDateOptions as Codable (SPEC section 12), so that options (and the
// format style holding them) can be stored, sent and restored.
import Foundation
import FeedDateClient

/// The options as `Codable`: keys are the Swift property names, the style,
/// hour cycle, width and unit are their case names ("chatList", "h23",
/// "short", "hour"), and an option left at nil (locale, zone, the caller's
/// words) is left out. Decoding takes a missing key as the option's default
/// (only "style" is required) and refuses an unknown name. Values are not
/// range-checked here: the formatter checks them when it is made, as it does
/// for options set in code.
extension FeedDateOptions: Codable {
    private enum CodingKeys: String, CodingKey {
        case style, locale, timeZone, hourCycle, width, recentRelative, justNowMs, skewToleranceMs
        case crossYearGraceDays, weekdayWindowDays, precision, countdownDays, plainSpaces, spoken, overtime, maxUnit
        case justNowText, yesterdayText, dayBeforeYesterdayText, tomorrowText
    }

    /// Reads the options as `encode(to:)` writes them: only `style` is
    /// required, a missing key is the option's default, an unknown name a
    /// `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            style: try Self.named(c, .style, FeedDateStyle.allCases),
            locale: try c.decodeIfPresent(String.self, forKey: .locale),
            timeZone: try c.decodeIfPresent(String.self, forKey: .timeZone))
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try c.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        if c.contains(.hourCycle) { hourCycle = try Self.named(c, .hourCycle, FeedDateHourCycle.allCases) }
        if c.contains(.width) { width = try Self.named(c, .width, FeedDateWidth.allCases) }
        if c.contains(.maxUnit) { maxUnit = try Self.named(c, .maxUnit, FeedDateUnit.allCases) }
        recentRelative = try value(.recentRelative, recentRelative)
        justNowMs = try value(.justNowMs, justNowMs)
        skewToleranceMs = try value(.skewToleranceMs, skewToleranceMs)
        crossYearGraceDays = try value(.crossYearGraceDays, crossYearGraceDays)
        weekdayWindowDays = try value(.weekdayWindowDays, weekdayWindowDays)
        precision = try value(.precision, precision)
        countdownDays = try value(.countdownDays, countdownDays)
        plainSpaces = try value(.plainSpaces, plainSpaces)
        spoken = try value(.spoken, spoken)
        overtime = try value(.overtime, overtime)
        justNowText = try c.decodeIfPresent(String.self, forKey: .justNowText)
        yesterdayText = try c.decodeIfPresent(String.self, forKey: .yesterdayText)
        dayBeforeYesterdayText = try c.decodeIfPresent(String.self, forKey: .dayBeforeYesterdayText)
        tomorrowText = try c.decodeIfPresent(String.self, forKey: .tomorrowText)
    }

    /// Writes each option under its Swift property name, enums as case
    /// names (`"style":"chatList"`), nil options left out.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("\(style)", forKey: .style)
        try c.encodeIfPresent(locale, forKey: .locale)
        try c.encodeIfPresent(timeZone, forKey: .timeZone)
        try c.encode("\(hourCycle)", forKey: .hourCycle)
        try c.encode("\(width)", forKey: .width)
        try c.encode(recentRelative, forKey: .recentRelative)
        try c.encode(justNowMs, forKey: .justNowMs)
        try c.encode(skewToleranceMs, forKey: .skewToleranceMs)
        try c.encode(crossYearGraceDays, forKey: .crossYearGraceDays)
        try c.encode(weekdayWindowDays, forKey: .weekdayWindowDays)
        try c.encode(precision, forKey: .precision)
        try c.encode(countdownDays, forKey: .countdownDays)
        try c.encode(plainSpaces, forKey: .plainSpaces)
        try c.encode(spoken, forKey: .spoken)
        try c.encode(overtime, forKey: .overtime)
        try c.encode("\(maxUnit)", forKey: .maxUnit)
        try c.encodeIfPresent(justNowText, forKey: .justNowText)
        try c.encodeIfPresent(yesterdayText, forKey: .yesterdayText)
        try c.encodeIfPresent(dayBeforeYesterdayText, forKey: .dayBeforeYesterdayText)
        try c.encodeIfPresent(tomorrowText, forKey: .tomorrowText)
    }

    /// The case of `cases` whose name is the string at `key`.
    private static func named<T>(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, _ cases: [T]) throws -> T {
        let name = try c.decode(String.self, forKey: key)
        guard let value = cases.first(where: { "\($0)" == name }) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c,
                debugDescription: "\(key.stringValue) \"\(name)\" is not one of \(cases.map { "\($0)" })")
        }
        return value
    }
}
