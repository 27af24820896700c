// SwiftUI's TimelineSchedule of one or more server schedules (SPEC section
// 12, "Swift, 1.3"): a `TimelineView` redraws at each instant one of the
// labels swaps text, and at each `until` (to fetch new schedules), and at
// no other time. Apple-only: builds for Apple platforms are not made on
// this project's Linux hosts, so this file is compiled and tested only
// there (docs/SWIFT.md); the rule it follows, `nextSwap(after:)`, is
// tested on Linux.
#if canImport(SwiftUI)
    import SwiftUI

    /// The instants a `TimelineView` must redraw a view showing these
    /// schedules' texts:
    ///
    /// ```swift
    /// TimelineView(FeedDateTimelineSchedule(posts.map(\.schedule))) { context in
    ///     ForEach(posts) { Text($0.schedule.text(at: context.date)) }
    /// }
    /// ```
    ///
    /// Untested here (no Apple build on this project's hosts).
    @available(macOS 12, iOS 15, tvOS 15, watchOS 8, visionOS 1, *)
    public struct FeedDateTimelineSchedule: TimelineSchedule, Sendable {
        /// The schedules whose swaps the timeline follows.
        public var schedules: [FeedDateSchedule]

        /// A timeline of one or more schedules' swaps.
        public init(_ schedules: [FeedDateSchedule]) { self.schedules = schedules }

        /// A timeline of one schedule's swaps.
        public init(_ schedule: FeedDateSchedule) { self.schedules = [schedule] }

        /// `startDate`, then the earliest next swap of all schedules after each
        /// instant, until none has one.
        public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
            Entries(schedules: schedules, upcoming: startDate)
        }

        /// The instants, one after another.
        public struct Entries: Sequence, IteratorProtocol, Sendable {
            let schedules: [FeedDateSchedule]
            var upcoming: Date?

            /// The next instant to redraw at, nil when no schedule swaps again.
            public mutating func next() -> Date? {
                guard let now = upcoming else { return nil }
                upcoming = schedules.compactMap { $0.nextSwap(after: now) }.min()
                return now
            }
        }
    }

    @available(macOS 12, iOS 15, tvOS 15, watchOS 8, visionOS 1, *)
    extension TimelineSchedule where Self == FeedDateTimelineSchedule {
        /// `TimelineView(.feedDate(schedules)) { … }`.
        public static func feedDate(_ schedules: [FeedDateSchedule]) -> FeedDateTimelineSchedule {
            FeedDateTimelineSchedule(schedules)
        }
    }
#endif
