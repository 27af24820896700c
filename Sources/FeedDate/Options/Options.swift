// The public option types of the Swift API (SPEC sections 3 and 6).

/// What kind of label a formatter makes (SPEC section 3).
public enum FeedDateStyle: Int32, Sendable, CaseIterable {
    /// A Moments-style feed: "14:30", "昨天", "前天", "3月25日", "2023年12月30日".
    case feed = 0
    /// The single-post page: full date and time, independent of now.
    case feedDetail = 1
    /// The conversation list: time, yesterday, weekday, numeric date.
    case chatList = 2
    /// The separator above chat messages: the chat-list day joined with the time.
    case chatBubble = 3
    /// "5 minutes ago" / "in 3 days" everywhere.
    case relative = 4
    /// Twitter-style "59s", "1m", "2h", "3d", "2w", "4mo", "1y".
    case compact = 5
    /// Time left until a deadline: "0:04:59.3".
    case countdown = 6

    // Its traits (what each style is: its family, whether it counts, ...)
    // are StyleTraits.swift's, decided there once.
}

/// The hour cycle of the time piece.
public enum FeedDateHourCycle: Int32, Sendable, CaseIterable {
    /// The locale's own hour cycle.
    case locale = 0
    /// Hours 0 ... 23.
    case h23 = 1
    /// Hours 1 ... 12 with the locale's day period.
    case h12 = 2
}

/// The width of "N units ago / in N units" (only that piece).
public enum FeedDateWidth: Int32, Sendable, CaseIterable {
    /// "5 minutes ago".
    case long = 0
    /// The locale's short wording (en "5 min. ago").
    case short = 1
    /// The locale's narrowest wording.
    case narrow = 2
}

/// The largest unit RELATIVE and COMPACT count in, and FEED's recent labels
/// (SPEC section 6, max_unit). Raw values are the C ABI's FD_UNIT_*: YEAR is
/// 0, so a zeroed field means no ceiling.
public enum FeedDateUnit: Int32, Sendable, CaseIterable {
    /// Years (no ceiling: the default).
    case year = 0
    /// Up to months.
    case month = 1
    /// Up to weeks.
    case week = 2
    /// Up to days.
    case day = 3
    /// Up to hours.
    case hour = 4
    /// Up to minutes.
    case minute = 5
    /// Seconds only.
    case second = 6
}

/// Every option of SPEC section 6, with its default.
public struct FeedDateOptions: Sendable, Hashable {
    /// The style: FEED, FEED_DETAIL, CHAT_LIST, CHAT_BUBBLE, RELATIVE, COMPACT or COUNTDOWN (SPEC section 3).
    public var style: FeedDateStyle
    /// ICU ("zh_CN", "ja_JP@calendar=japanese") or BCP 47 ("en-US-u-hc-h23") id; nil = host default.
    public var locale: String?
    /// IANA zone id; nil = host default ($TZ, /etc/localtime).
    public var timeZone: String?
    /// The hour cycle of times: the locale's, or 0..23 (H23), or 1..12 (H12).
    public var hourCycle: FeedDateHourCycle = .locale
    /// The wording of "N units ago / in N units" (RELATIVE, FEED's recent labels): long, short or narrow.
    public var width: FeedDateWidth = .long
    /// FEED: "just now", "N minutes ago" and "N hours ago" before the day rules.
    public var recentRelative = false
    /// Below this age (0 ... 86,400,000 ms), "just now".
    public var justNowMs: Int64 = 60_000
    /// τ: an instant up to this far in the future (0 ... 86,400,000 ms) is read as now (clock skew).
    public var skewToleranceMs: Int64 = 60_000
    /// FEED: the days back (0 ... 366) within which last year's dates drop the year.
    public var crossYearGraceDays: Int32 = 0
    /// CHAT_LIST, CHAT_BUBBLE: up to this many days back (1 ... 6), a weekday name.
    public var weekdayWindowDays: Int32 = 6
    /// COUNTDOWN: the digits of the fraction of a second (0 ... 3).
    public var precision: Int32 = 1
    /// COUNTDOWN: days split out from 24 hours left.
    public var countdownDays = false
    /// Every Unicode space (category Zs) of the label written as U+0020.
    public var plainSpaces = false
    /// Text for a screen reader: counts and countdowns in words, full month names.
    public var spoken = false
    /// COUNTDOWN: after the deadline, count up after the locale's minus sign.
    public var overtime = false
    /// RELATIVE, COMPACT and FEED's recent labels: the largest unit counted.
    public var maxUnit: FeedDateUnit = .year
    /// The caller's own words for these pieces (nil: the locale's).
    public var justNowText: String?
    /// The caller's word for "yesterday" (nil: the locale's).
    public var yesterdayText: String?
    /// The caller's word for "the day before yesterday" (nil: the locale's).
    public var dayBeforeYesterdayText: String?
    /// The caller's word for "tomorrow" (nil: the locale's).
    public var tomorrowText: String?

    /// Options of `style` in `locale` and `timeZone` (nil: the host's), every other option at its default.
    public init(style: FeedDateStyle, locale: String? = nil, timeZone: String? = nil) {
        self.style = style
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The most bytes of UTF-8 in a caller's word (just_now_text, ...): the
    /// one limit, read by validate() and by fd_formatter_new, which reads
    /// no more of a C string than one byte past it.
    package static let textLimit = 64

    /// Checks the ranges of SPEC section 6; the error names the option, its
    /// value and its range. FeedDateFormatter's init is its one caller.
    package func validate() throws(FeedDateError) {
        func check<T: BinaryInteger>(_ name: String, _ value: T, _ range: ClosedRange<T>) throws(FeedDateError) {
            if !range.contains(value) {
                throw .argument("\(name) \(value) is out of range \(range.lowerBound)..\(range.upperBound)")
            }
        }
        try check("just_now_ms", justNowMs, 0...86_400_000)
        try check("skew_tolerance_ms", skewToleranceMs, 0...86_400_000)
        try check("cross_year_grace_days", crossYearGraceDays, 0...366)
        try check("weekday_window_days", weekdayWindowDays, 1...6)
        try check("precision", precision, 0...3)
        for (name, text) in [
            ("just_now_text", justNowText), ("yesterday_text", yesterdayText),
            ("day_before_yesterday_text", dayBeforeYesterdayText), ("tomorrow_text", tomorrowText),
        ] {
            guard let text else { continue }
            let bytes = text.utf8.count
            if bytes < 1 || bytes > Self.textLimit {
                throw .argument(
                    "\(name) is \(bytes) bytes of UTF-8: pass 1..\(Self.textLimit) bytes (or NULL for the locale's word)"
                )
            }
            if let c = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                throw .argument(
                    "\(name) contains the control character U+\(String(c.value, radix: 16, uppercase: true)):"
                        + " pass text without control characters (category Cc)")
            }
        }
    }
}

/// Why a formatter could not be made or a label not formatted.
public enum FeedDateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An option out of range or an unknown value.
    case argument(String)
    /// A malformed locale id, or no entry of the locale list with data; the
    /// message names the ids.
    case locale(String)
    /// An unknown time zone id, or a zone whose file is corrupt or unreadable,
    /// or could not be looked up for want of file descriptors (EMFILE,
    /// ENFILE); the text names the zone and says which.
    case timeZone(String)
    /// An instant outside 0001-01-01 ... 9999-12-31 (UTC).
    case range(Int64)
    /// ICU reported a failure.
    case icu(String)
    /// Memory could not be had (FD_ERR_MEMORY): the text says for what.
    case memory(String)
    /// The library could not work out a label or its next change (a broken
    /// invariant): reported, never answered with a wrong label or instant.
    case `internal`(String)

    /// What was wrong and what would be valid (fd_last_error in C).
    public var description: String {
        switch self {
        case .argument(let s): return s
        case .locale(let s): return s
        case .timeZone(let s): return s
        case .range(let v):
            return
                "instant \(v) ms is outside the supported range \(FeedDateRange.minInstantMs)...\(FeedDateRange.maxInstantMs) ms"
                + " (0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z)"
        case .icu(let s): return "ICU failed: \(s)"
        case .memory(let s): return s
        case .internal(let s): return "internal error (please report it): \(s)"
        }
    }
}

/// The supported range of instants (SPEC section 1).
public enum FeedDateRange {
    /// 0001-01-01T00:00:00Z in milliseconds since the epoch.
    public static let minInstantMs: Int64 = -62_135_596_800_000
    /// 9999-12-31T23:59:59.999Z in milliseconds since the epoch.
    public static let maxInstantMs: Int64 = 253_402_300_799_999
    static func contains(_ ms: Int64) -> Bool { ms >= minInstantMs && ms <= maxInstantMs }
}
