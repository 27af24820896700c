// A server's schedule as a format style in Foundation's protocol for text
// that changes at known instants (SPEC section 12, "Swift, 1.3"): its input
// is the current time, its output the text the schedule shows then, and its
// discrete inputs the instants that text changes, so that SwiftUI's
// `Text(.now, format: style)` in a `TimelineView` redraws exactly then.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The text a server's schedule shows at the `Date` it formats (the
/// current time):
///
/// ```swift
/// let style = FeedDateScheduleStyle(try FeedDateSchedule(json: wire))
/// Date.now.formatted(style)              // "5分钟前"
/// style.discreteInput(after: .now)       // when it becomes "6分钟前"
/// ```
///
/// Dates are taken to the millisecond by SPEC 11's rule (rounded to the
/// microsecond, then floored), and the style's steps are milliseconds:
/// - `discreteInput(after: x)`: the next entry's start after x, where the
///   text changes; nil after the last entry (the schedule says nothing
///   past it: the text stays the last one, and `schedule.until` says when
///   to fetch a new schedule).
/// - `discreteInput(before: x)`: the last millisecond before the text shown
///   at x began; nil when it is the first entry's, shown at every earlier
///   time too.
/// - `input(after: x)` and `input(before: x)`: the millisecond after and
///   before x's, so that `format(input(before: discreteInput(after: x)))`
///   is `format(x)`, the protocol's guarantee (a `Date` one ulp below a
///   millisecond would be that millisecond by the rule).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct FeedDateScheduleStyle: DiscreteFormatStyle, Codable, Hashable, Sendable {
    public typealias FormatInput = Date
    public typealias FormatOutput = String

    /// The schedule whose text the style shows; encoded as the wire object.
    public var schedule: FeedDateSchedule

    /// A style showing `schedule`'s text at the time formatted.
    public init(_ schedule: FeedDateSchedule) { self.schedule = schedule }

    /// The text the schedule shows at `now` (`schedule.text(at:)`).
    public func format(_ now: Date) -> String { schedule.text(at: now) }

    /// The first millisecond after `input` at which the text differs: the
    /// next entry's start. nil after the last entry.
    public func discreteInput(after input: Date) -> Date? {
        Instant.date(orNever: schedule.nextTextChangeMs(afterMs: Instant.milliseconds(input)))
    }

    /// The last millisecond before the text shown at `input` began. nil
    /// when that text is the first entry's.
    public func discreteInput(before input: Date) -> Date? {
        Instant.date(orNever: schedule.previousTextEndMs(atMs: Instant.milliseconds(input)))
    }

    /// The millisecond after `input`'s (nil at the end of Int64).
    public func input(after input: Date) -> Date? {
        Instant.step(input, by: 1)
    }

    /// The millisecond before `input`'s (nil at the end of Int64).
    public func input(before input: Date) -> Date? {
        Instant.step(input, by: -1)
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension FormatStyle where Self == FeedDateScheduleStyle {
    /// The text `schedule` shows at the date formatted:
    /// `Date.now.formatted(.feedDate(schedule))`.
    public static func feedDate(_ schedule: FeedDateSchedule) -> FeedDateScheduleStyle {
        FeedDateScheduleStyle(schedule)
    }
}
