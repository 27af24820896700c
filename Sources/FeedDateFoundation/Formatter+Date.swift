// Labels of Dates seen at a Date (SPEC section 12): the core's label, format
// and format_many with Foundation's Date in and out.
import Foundation
import FeedDateClient

extension FeedDateLabel {
    /// The earliest instant after `now` at which the text changes, as a whole
    /// millisecond; nil when it never changes again inside the supported
    /// range. A list needs one timer: the earliest `nextChange` of its labels.
    public var nextChange: Date? { Instant.date(orNever: nextChangeMs) }
}

extension FeedDateFormatter {
    /// The label of `t` as seen at `now`, with its next change as a `Date`.
    /// Both are taken to the millisecond first by SPEC 11's rule (rounded
    /// to the microsecond, then floored; see `Instant`).
    /// Throws `FeedDateError.range` for a date outside
    /// 0001-01-01 ... 9999-12-31 (UTC).
    ///
    /// ```swift
    /// let f = try FeedDateFormatter(FeedDateOptions(style: .chatList, locale: Locale(identifier: "zh_CN"),
    ///                                               timeZone: TimeZone(identifier: "Asia/Shanghai")!))
    /// let l = try f.label(for: post.date, now: .now)   // "昨天", l.nextChange: the coming midnight
    /// ```
    public func label(for t: Date, now: Date) throws(FeedDateError) -> FeedDateLabel {
        try label(Instant.milliseconds(t), now: Instant.milliseconds(now))
    }

    /// Just the text of `label(for:now:)`.
    public func format(_ t: Date, now: Date) throws(FeedDateError) -> String {
        try format(Instant.milliseconds(t), now: Instant.milliseconds(now))
    }

    /// The labels of many dates at one `now` (a feed, a conversation list),
    /// and the earliest of their next changes: the one timer the list needs
    /// (nil when none of them changes again). Works as `fd_format_many`:
    /// `now`'s day is looked up once, and labels a day old or more that read
    /// alike are written once.
    public func formatMany(_ ts: [Date], now: Date) throws(FeedDateError) -> (texts: [String], nextChange: Date?) {
        if ts.isEmpty { return ([], nil) }
        let ms = ts.map(Instant.milliseconds)
        let nowMs = Instant.milliseconds(now)
        let ends = UnsafeMutableBufferPointer<Int>.allocate(capacity: ms.count)
        defer { ends.deallocate() }
        // Most labels are short: a first guess of 32 bytes each, then the
        // exact size the first pass reported when that was not enough.
        var capacity = ms.count * 32
        while true {
            let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
            defer { bytes.deallocate() }
            let earliest = try ms.withUnsafeBufferPointer { (tp) throws(FeedDateError) -> Int64 in
                try writeMany(
                    tp.baseAddress!, count: tp.count, now: nowMs, into: bytes.baseAddress,
                    capacity: bytes.count, ends: ends.baseAddress!)
            }
            let used = ends[ends.count - 1]
            if used > capacity {
                capacity = used
                continue
            }
            var texts: [String] = []
            texts.reserveCapacity(ends.count)
            var start = 0
            for end in ends {
                texts.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = end
            }
            return (texts, earliest == Int64.max ? nil : Instant.date(earliest))
        }
    }
}
