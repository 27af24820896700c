// A format style in Foundation's own protocol for text that changes at known
// instants (SPEC section 12): DiscreteFormatStyle, which SwiftUI's timelines
// and `Text(_:format:)` use to redraw exactly when the text changes. Like
// Date.AnchoredRelativeFormatStyle, it is anchored to the instant t being
// labelled and its input is the current time.
import Foundation
import FeedDateClient

/// The label of an anchor instant t, as seen at the `Date` it formats
/// (the current time): `Date.now.formatted(.feed(post.date, style: .feed))`.
///
/// ```swift
/// let style = FeedDateFormatStyle.feed(post.date, style: .chatList,
///                                      locale: Locale(identifier: "zh_CN"),
///                                      timeZone: TimeZone(identifier: "Asia/Shanghai")!)
/// Date.now.formatted(style)                 // "昨天"
/// style.discreteInput(after: .now)          // the coming midnight, when it becomes "星期一"
/// ```
///
/// Dates are taken to the millisecond by SPEC 11's rule (rounded to the
/// microsecond, then floored; see `Instant`), and both
/// discrete inputs are exact to the millisecond:
/// - `discreteInput(after: x)` is the label's next change seen at x: the
///   text is the same at every millisecond from x's up to it, and differs
///   there. nil when it never changes again (inside the supported range).
/// - `discreteInput(before: x)` is the last millisecond before the label
///   shown at x began: the text differs there, and one millisecond later it
///   is the one shown at x, as at every millisecond up to x's. nil when that
///   label was always shown. Found with the core's next change and search
///   (`FeedDateFormatter.labelStart`), no second set of rules: some 50 label
///   computations, where `after` costs one.
/// Both are nil for an input outside 0001-01-01 ... 9999-12-31 (UTC), and
/// when the style has no formatter.
///
/// Formatters come from one cache shared by every style with the same
/// options (`FormatterCache`): a style is a small value, cheap to make,
/// copy, compare and encode. Options that cannot make a formatter (an
/// unknown locale or zone, an option out of range) format as "" when the
/// style was made by `.feed(...)`, by `locale(_:)` or by decoding;
/// `init(anchor:options:)` throws instead.
public struct FeedDateFormatStyle: DiscreteFormatStyle, Codable, Hashable, Sendable {
    public typealias FormatInput = Date
    public typealias FormatOutput = String

    /// The instant labelled, in milliseconds (the anchor by SPEC 11's rule).
    let anchorMs: Int64
    /// The style, locale, zone and every other option of the label.
    public let options: FeedDateOptions
    /// The shared formatter of `options`, or why there is none.
    private let formatter: Result<FeedDateFormatter, FeedDateError>

    /// The instant labelled, as the style holds it: a whole millisecond
    /// (SPEC 11's rule).
    public var anchor: Date { Instant.date(anchorMs) }

    /// A style labelling `anchor` with `options`. Throws when the options
    /// cannot make a formatter (the error names the option, locale or zone)
    /// and `FeedDateError.range` for an anchor outside the supported range.
    public init(anchor: Date, options: FeedDateOptions) throws(FeedDateError) {
        self.init(anchorMs: Instant.milliseconds(anchor), options: options)
        guard FeedDateRange.minInstantMs...FeedDateRange.maxInstantMs ~= anchorMs else { throw .range(anchorMs) }
        _ = try formatter.get()
    }

    /// A style that formats as "" when `options` cannot make a formatter.
    init(anchorMs: Int64, options: FeedDateOptions) {
        self.anchorMs = anchorMs
        self.options = options
        formatter = FormatterCache.shared.formatter(options)
    }

    /// The label of the anchor seen at `now` ("" when the style has no
    /// formatter or `now` is out of range).
    public func format(_ now: Date) -> String {
        guard case .success(let f) = formatter else { return "" }
        return (try? f.format(anchorMs, now: Instant.milliseconds(now))) ?? ""
    }

    /// The same style in another locale (SwiftUI passes the environment's);
    /// `.autoupdatingCurrent` means the host's (see FeedDateOptions).
    public func locale(_ locale: Locale) -> FeedDateFormatStyle {
        var options = options
        options.locale = FeedDateOptions.localeID(locale)
        return FeedDateFormatStyle(anchorMs: anchorMs, options: options)
    }

    /// The first millisecond after `input` at which the text differs from
    /// the one at `input`: the label's next change (SPEC section 4).
    public func discreteInput(after input: Date) -> Date? {
        guard case .success(let f) = formatter, let label = try? f.label(anchorMs, now: Instant.milliseconds(input))
        else {
            return nil
        }
        return label.nextChange
    }

    /// The last millisecond before the label shown at `input` began: its
    /// text differs from the one at `input`, and from the next millisecond
    /// on the text is the one at `input`.
    public func discreteInput(before input: Date) -> Date? {
        guard case .success(let f) = formatter else { return nil }
        do throws(FeedDateError) {
            guard let start = try f.labelStart(anchorMs, now: Instant.milliseconds(input)) else { return nil }
            return Instant.date(start - 1)
        } catch {
            return nil
        }
    }

    /// The millisecond after `input`'s (SPEC 12, 1.3): the style's steps
    /// are milliseconds, so the text at `input(after: discreteInput(before:
    /// x))` is x's. nil beyond Int64.
    public func input(after input: Date) -> Date? {
        Instant.step(input, by: 1)
    }

    /// The millisecond before `input`'s (SPEC 12, 1.3): the text at
    /// `input(before: discreteInput(after: x))` is x's, the protocol's
    /// guarantee (`Date`'s own step, one ulp, stays in the same millisecond
    /// by SPEC 11's rule, or 0.5 ms before it with 1.2's rounding). nil
    /// beyond Int64.
    public func input(before input: Date) -> Date? {
        Instant.step(input, by: -1)
    }

    // MARK: Hashable and Codable: the anchor's millisecond and the options

    /// Equal when the anchor's millisecond and the options are.
    public static func == (a: FeedDateFormatStyle, b: FeedDateFormatStyle) -> Bool {
        a.anchorMs == b.anchorMs && a.options == b.options
    }

    /// Hashes the anchor's millisecond and the options.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(anchorMs)
        hasher.combine(options)
    }

    private enum CodingKeys: String, CodingKey { case anchorMs, options }

    /// `{"anchorMs": t, "options": {...}}`: the anchor as integer
    /// milliseconds (exact, whatever the coder's date strategy), the options
    /// as `FeedDateOptions` encodes them. Decoding never fails for options
    /// that cannot make a formatter: the style formats as "", as `.feed`
    /// makes it, so a style encoded and decoded is equal to what it was.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            anchorMs: try c.decode(Int64.self, forKey: .anchorMs),
            options: try c.decode(FeedDateOptions.self, forKey: .options))
    }

    /// Writes `{"anchorMs": t, "options": {...}}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(anchorMs, forKey: .anchorMs)
        try c.encode(options, forKey: .options)
    }
}

extension FormatStyle where Self == FeedDateFormatStyle {
    /// The label of `anchor` in `style`, as seen at the date formatted (the
    /// current time): `Date.now.formatted(.feed(post.date, style: .feed))`.
    /// The default locale and zone are the host's, as the core finds them
    /// (`LANG`, `$TZ`, `/etc/localtime`; see `FeedDateOptions`). Options
    /// that cannot make a formatter (an unknown locale or zone) format as "";
    /// `FeedDateFormatStyle(anchor:options:)` throws instead, and takes every
    /// option.
    public static func feed(
        _ anchor: Date, style: FeedDateStyle, locale: Locale = .autoupdatingCurrent,
        timeZone: TimeZone = .autoupdatingCurrent
    ) -> FeedDateFormatStyle {
        FeedDateFormatStyle(
            anchorMs: Instant.milliseconds(anchor),
            options: FeedDateOptions(style: style, locale: locale, timeZone: timeZone))
    }
}
