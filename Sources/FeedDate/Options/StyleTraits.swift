// What each style is, decided once: every property of a style that the
// rules, the caches or the formatter read is here, as one exhaustive
// `switch` (no `default:`), so that a new FeedDateStyle case does not compile
// until each of them is decided. Nowhere else compares a style with `==` to
// decide a rule (Companions asks whether a formatter already is FEED_DETAIL).
//
// Each switches over the style itself (one bit test once compiled, as cheap
// as the `==` it replaces): the traits that follow the family (`family`:
// which rules file, walk and validity) are still decided per style, so that
// a new style, in a family or not, is asked about each.

/// The families of styles: each has its rule in a rules file of its own
/// (Rules.plan), its walk of boundaries (Rules.boundary) and its validity
/// (Rules.validity).
enum StyleFamily {
    /// FEED: today's time, yesterday, the day before, a month-day or a date
    /// (FeedChatRules.swift).
    case feed
    /// FEED_DETAIL: the full date and time, independent of now.
    case feedDetail
    /// CHAT_LIST and CHAT_BUBBLE: time, yesterday, weekday, numeric date.
    case chat
    /// RELATIVE and COMPACT: counts of the time since (or until) t
    /// (RelativeRules.swift).
    case count
    /// COUNTDOWN: the time left until t (CountdownRules.swift).
    case countdown
}

extension FeedDateStyle {
    /// The family whose rule makes the style's labels.
    @inline(__always)
    var family: StyleFamily {
        switch self {
        case .feed: return .feed
        case .feedDetail: return .feedDetail
        case .chatList, .chatBubble: return .chat
        case .relative, .compact: return .count
        case .countdown: return .countdown
        }
    }

    /// Whether a day's label is joined with the time of day (CHAT_BUBBLE:
    /// "Yesterday 14:30"), so that it is never a day part alone.
    @inline(__always)
    var joinsTime: Bool {
        switch self {
        case .chatBubble: return true
        case .feed, .feedDetail, .chatList, .relative, .compact, .countdown: return false
        }
    }

    /// Whether counts are COMPACT's: "2h" without "ago" (spoken, RELATIVE's
    /// wording), no "just now", and a future t as its date rather than a
    /// count. Otherwise RELATIVE's ladder: "just now" below just_now_ms
    /// (and for a future count of zero), and "in 2 hours".
    @inline(__always)
    var compactCounts: Bool {
        switch self {
        case .compact: return true
        case .feed, .feedDetail, .chatList, .chatBubble, .relative, .countdown: return false
        }
    }

    /// Whether the skew tolerance applies (SPEC section 1).
    @inline(__always)
    var usesSkewTolerance: Bool {
        switch self {
        case .feed, .chatList, .chatBubble, .relative, .compact: return true
        case .feedDetail, .countdown: return false
        }
    }

    /// Whether labels report day and time parts (SPEC section 5).
    @inline(__always)
    var hasParts: Bool {
        switch self {
        case .feed, .feedDetail, .chatList, .chatBubble: return true
        case .relative, .compact, .countdown: return false
        }
    }

    /// Whether labels are counts of the time since t (RELATIVE, COMPACT):
    /// the styles whose counts CountMemo and BatchCountCopies keep.
    @inline(__always)
    var countsBack: Bool {
        switch self {
        case .relative, .compact: return true
        case .feed, .feedDetail, .chatList, .chatBubble, .countdown: return false
        }
    }

    /// Whether a past label can hold until now's local day changes
    /// (Validity.untilDayChange, DayLabel): NextChangeMemo keeps the next
    /// changes of such labels.
    @inline(__always)
    var holdsForDay: Bool {
        switch self {
        case .feed, .chatList, .chatBubble: return true
        case .feedDetail, .relative, .compact, .countdown: return false
        }
    }

    /// Whether the label of a past day is a day part alone, the same for
    /// every t that day (DayLabel.textByDay, BatchDayCopies): a label that
    /// holds for a day and does not join the time.
    @inline(__always)
    var dayTextHoldsForDay: Bool {
        switch self {
        case .feed, .chatList: return true
        case .feedDetail, .chatBubble, .relative, .compact, .countdown: return false
        }
    }

    /// Whether recent_relative applies: "just now", "N minutes ago" and "N
    /// hours ago" before the day rules (FEED).
    @inline(__always)
    var hasRecentCounts: Bool {
        switch self {
        case .feed: return true
        case .feedDetail, .chatList, .chatBubble, .relative, .compact, .countdown: return false
        }
    }

    /// Whether the locale must have digits a countdown can be written in
    /// (LocaleID.checkCountdownDigits, when a formatter is made).
    @inline(__always)
    var needsCountdownDigits: Bool {
        switch self {
        case .countdown: return true
        case .feed, .feedDetail, .chatList, .chatBubble, .relative, .compact: return false
        }
    }
}
