// FEED, FEED_DETAIL, CHAT_LIST and CHAT_BUBBLE (SPEC section 3): labels made
// of t's time of day, a relative day word, a weekday or a date, chosen by the
// calendar days between t and now; and the instants at which that choice can
// change (local midnights, the end of a weekday window or grace period, the
// start of a calendar year, FEED's recent-count thresholds).

extension Rules {
    @inline(__always)
    func feedPlan(_ t: Int64, _ e: Int64, _ future: Bool, _ views: inout Views) throws(FeedDateError) -> Plan {
        let wt = zone.wall(t)
        var p = try feed(wt, t, e, future, &views)
        p.day = floorDiv(wt, msPerDay)
        return p
    }

    @inline(__always)
    func feedDetailPlan(_ t: Int64) -> Plan {
        let wt = zone.wall(t)
        return .joined(.date(.fullDate, day: floorDiv(wt, msPerDay)), .time(wall: wt))
    }

    /// CHAT_LIST and CHAT_BUBBLE.
    @inline(__always)
    func chatPlan(_ t: Int64, _ e: Int64, _ future: Bool, _ views: inout Views) throws(FeedDateError) -> Plan {
        let wt = zone.wall(t)
        var p = try chat(wt, e, future, bubble: style.joinsTime, &views)
        p.day = floorDiv(wt, msPerDay)
        return p
    }

    private func feed(_ wt: Int64, _ t: Int64, _ e: Int64, _ future: Bool, _ views: inout Views) throws(FeedDateError)
        -> Plan
    {
        let view = try views.day(e, dayOnly)
        let dayT = floorDiv(wt, msPerDay)
        let d = view.day - dayT
        if future {
            if d == 0 { return .time(.time(wall: wt)) }
            if d == -1 { return .day(Rules.word(1)) }
            return .day(dateOfT(dayT, view, graceDays: 0))
        }
        if options.recentRelative, let recent = recentLadder(e - t, d) { return .day(recent) }
        switch d {
        case 0: return .time(.time(wall: wt))
        case 1: return .day(Rules.word(-1))
        case 2: return .day(Rules.word(-2))
        default: return .day(dateOfT(dayT, view, graceDays: Int64(options.crossYearGraceDays)))
        }
    }

    /// FEED's optional first rule: just now, N seconds/minutes ago, N hours
    /// ago today; `delta` = e − t, `d` the days back from e's local day.
    /// A count in a unit above max_unit gives way to the day rules.
    func recentLadder(_ delta: Int64, _ d: Int64) -> Piece? {
        if delta < options.justNowMs { return Rules.justNow }
        if delta < msPerMinute { return .count(.past, delta / msPerSecond, .second) }
        if delta < msPerHour {
            return ceiling.rawValue >= CompactUnit.minute.rawValue ? .count(.past, delta / msPerMinute, .minute) : nil
        }
        if delta < msPerDay && d == 0 {
            return ceiling.rawValue >= CompactUnit.hour.rawValue ? .count(.past, delta / msPerHour, .hour) : nil
        }
        return nil
    }

    private func chat(_ wt: Int64, _ e: Int64, _ future: Bool, bubble: Bool, _ views: inout Views) throws(FeedDateError)
        -> Plan
    {
        let dayT = floorDiv(wt, msPerDay)
        let d = try views.day(e, dayOnly).day - dayT
        if d == 0 { return .time(.time(wall: wt)) }
        let day: Piece
        if future {
            day = d == -1 ? Rules.word(1) : .date(.numericDate, day: dayT)
        } else if d == 1 {
            day = Rules.word(-1)
        } else if d <= Int64(options.weekdayWindowDays) {
            day = .date(.weekday, day: dayT)
        } else {
            day = .date(.numericDate, day: dayT)
        }
        return bubble ? .joined(day, .time(wall: wt)) : .day(day)
    }

    // MARK: boundaries

    /// The instants after x at which FEED's or CHAT's rule may choose another
    /// label for t, with e the effective now at x and `view` e's view.
    /// (FEED_DETAIL never changes: the walk does not ask.) A label's window
    /// of days ends where now's local day first reaches the day after it,
    /// which after a fall-back that moved the date back may be a day that had
    /// begun once already (firstInstant); the walk itself looks for the
    /// changes that move the date back into an earlier window. A future t
    /// on now's day or before it (only where a fall-back put t's local date
    /// before the one now has) can see now's day change before t comes.
    func feedChatBoundaries(_ t: Int64, _ e: Int64, _ future: Bool, _ view: View, _ c: inout Candidates)
        throws(FeedDateError)
    {
        let dayT = zone.localDay(t), d = view.day - dayT
        @inline(__always)
        func reaching(_ day: Int64) -> Int64 { zone.firstInstant(after: e, ofDayAtLeast: day) }
        if future && d >= 0 { c.consider(view.until) }
        if case .feed = style.family {
            if future {
                if d == -1 { c.consider(reaching(dayT)) }
                if d <= -2 { c.consider(reaching(dayT - 1)); try c.consider(yearChange(of: dayT, view, after: e)) }
            } else {
                // Once past max_unit, the recent ladder never comes back.
                if options.recentRelative, e - t < msPerDay, recentLadder(e - t, d) != nil {
                    c.consider(recentBoundary(t, e))
                }
                if d <= 2 {
                    c.consider(view.until)
                } else {
                    let grace = Int64(options.crossYearGraceDays)
                    if d <= grace { c.consider(reaching(dayT + grace + 1)) }
                    if view.sameYear(dayT) { c.consider(view.nextYear) }
                }
            }
            return
        }
        // CHAT_LIST, CHAT_BUBBLE
        if future {
            if d == -1 { c.consider(reaching(dayT)) }
            if d <= -2 { c.consider(reaching(dayT - 1)) }
        } else if d <= 1 {
            c.consider(view.until)
        } else if d <= Int64(options.weekdayWindowDays) {
            c.consider(reaching(dayT + Int64(options.weekdayWindowDays) + 1))
        }
    }

    /// When FEED's recent count (or just now) at effective now e next changes.
    private func recentBoundary(_ t: Int64, _ e: Int64) -> Int64 {
        let delta = e - t
        if delta < options.justNowMs { return t + options.justNowMs }
        if delta < msPerMinute { return t + (delta / msPerSecond + 1) * msPerSecond }
        if delta < msPerHour { return t + (delta / msPerMinute + 1) * msPerMinute }
        return t + (delta / msPerHour + 1) * msPerHour
    }
}
