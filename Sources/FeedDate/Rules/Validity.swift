// How long a label stays valid, as the caches see it: the one place that
// says which labels a cache may keep, copy or skip. The rules say what a
// label is; NextChangeMemo, BatchDayCopies and fd_format_many's earliest
// next change read this and nothing else. Which styles can hold for a day
// is a trait of the style (FeedDateStyle.holdsForDay, StyleTraits.swift).

/// How long the label of t at now stays as it is.
enum Validity {
    /// At least until now's local day changes (`DayLabel.until`).
    case untilDayChange(DayLabel)
    /// Until exactly this instant, known from the plan (RELATIVE and COMPACT
    /// counts that found their next change on the way).
    case until(Int64)
    /// Never changes again (FEED_DETAIL).
    case never
    /// Unknown without walking the rule's boundaries (Rules.nextChange).
    case walk

    /// An instant the label's next change is not before: a caller that needs
    /// a next change only when it comes before some limit (fd_format_many's
    /// earliest so far) skips the work when this is at or after the limit.
    @inline(__always)
    func earliestChange(now: Int64) -> Int64 {
        switch self {
        case .untilDayChange(let day): return day.until
        case .until(let x): return x
        case .never: return Rules.never
        case .walk: return now + 1
        }
    }
}

/// A past FEED or CHAT label (yesterday or before, or a time of day today),
/// other than FEED's recent counts: it depends on now's local day (and its
/// year) alone, so it holds until that day changes, and its next change is
/// the same for every t the same number of days back at one view of now: the
/// boundaries and plans of the walk depend on t only through its local day.
struct DayLabel {
    /// Now's local day − t's (>= 0).
    var daysBack: Int64
    /// When now's local day changes (the view's `until`).
    var until: Int64
    /// Whether the next change is a function of (daysBack, now's view) alone,
    /// so NextChangeMemo may keep it (see Rules.memoKeeps for the one
    /// exception, which needs the text). Not so with FEED's recent counts
    /// enabled: a local date going back can bring them back, and they depend
    /// on t's time.
    var nextChangeByDay: Bool
    /// Whether the text is a function of (daysBack, now's view) alone, so a
    /// batch may write it once and copy it (BatchDayCopies): a day part
    /// without the time, so not today's labels nor CHAT_BUBBLE's.
    var textByDay: Bool
}

extension Rules {
    /// The validity of `plan`, the label of t at now (`views.now`: now's view).
    @inline(__always)
    func validity(_ t: Int64, _ now: Int64, _ plan: Plan, _ views: Views) -> Validity {
        switch style.family {
        case .feedDetail:
            return .never
        case .count:
            guard let next = plan.knownNextChange else { return .walk }
            return next == Rules.never ? .never : .until(next)
        case .countdown:
            return .walk
        case .feed, .chat:
            guard let v = views.now, let day = dayLabel(t, now, localDay: plan.day, v) else { return .walk }
            return .untilDayChange(day)
        }
    }

    /// Whether NextChangeMemo may give the next change of `plan`, a label
    /// with validity `day`: when its next change is its day's, but for a
    /// time of day that reads like the word for yesterday (its walk goes on
    /// past midnight, for that minute only). Asked only when the next change
    /// is needed: the text comparison is spared everywhere else.
    @inline(__always)
    func memoKeeps(_ day: DayLabel, _ plan: Plan) throws(FeedDateError) -> Bool {
        guard day.nextChangeByDay else { return false }
        if plan.shape != .time { return true }
        return try !services.sameText(plan.piece, Rules.word(-1))
    }

    /// The DayLabel of t at now when it has one, from t's local day and now's
    /// view `v` alone: a batch asks before planning the label.
    @inline(__always)
    func dayLabel(_ t: Int64, _ now: Int64, localDay: Int64, _ v: View) -> DayLabel? {
        guard style.holdsForDay, t <= now, v.covers(now) else { return nil }
        let daysBack = v.day - localDay
        guard daysBack >= 0 else { return nil } // a local date going back can put t's day after now's
        let recent = style.hasRecentCounts && options.recentRelative
        if recent && recentLadder(now - t, daysBack) != nil { return nil }
        return DayLabel(
            daysBack: daysBack, until: v.until, nextChangeByDay: !recent,
            textByDay: style.dayTextHoldsForDay && daysBack > 0)
    }
}
