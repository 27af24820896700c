// The rules of SPEC sections 3 and 4: which label an instant gets at a given
// now, and the exact instant at which that label next changes.
//
// Every label is a function of (t, now) alone. Each family of styles has its
// rule in a file of its own: FeedChatRules.swift (FEED, FEED_DETAIL,
// CHAT_LIST, CHAT_BUBBLE), RelativeRules.swift (RELATIVE, COMPACT),
// CountdownRules.swift (COUNTDOWN). NextChange.swift walks forward over the
// instants at which a rule's inputs can change and returns the first one at
// which the text really differs. How long a label stays valid, as the caches
// see it, is Validity.swift's question; the caches themselves live in
// SharedView.swift, NextChangeMemo.swift, CountMemo.swift and the batch
// copies (BatchDayCopies.swift, BatchCountCopies.swift).

// A class, not a struct: the formatter's calls then hand the rules on by
// reference. As a struct of 200 bytes, each call copied it four times.
final class Rules: Sendable {
    let options: FeedDateOptions
    let zone: Zone
    let services: LocaleServices

    init(options: FeedDateOptions, zone: Zone, services: LocaleServices) {
        (self.options, self.zone, self.services) = (options, zone, services)
    }

    var style: FeedDateStyle { options.style }

    /// Where the viewer effectively stands: within the skew tolerance a future
    /// t is labelled as if now were t; beyond it t is in the future.
    func moment(_ t: Int64, _ now: Int64) -> (e: Int64, future: Bool) {
        guard t > now, style.usesSkewTolerance else { return (now, false) }
        return t - now <= options.skewToleranceMs ? (t, false) : (now, true)
    }

    // MARK: views

    /// The view of instant x (see View.swift).
    func makeView(_ x: Int64) throws(FeedDateError) -> View {
        var view = try dayOnly(x)
        view.until = zone.nextDayChange(after: x)
        view.nextYear = zone.firstInstant(after: x, ofDayAtLeast: view.yearEnd)
        view.offset = zone.wall(x) - x
        view.calmUntil = zone.nextOffsetChange(after: x - 3 * msPerDay) ?? Int64.max
        return view
    }

    /// The local day and year of x, without the instants a View also holds
    /// (an empty validity: it is never kept).
    func dayOnly(_ x: Int64) throws(FeedDateError) -> View {
        let day = zone.localDay(x)
        let year = try services.year(containing: day)
        return View(from: x, until: x, day: day, yearStart: year.start, yearEnd: year.end, nextYear: x)
    }

    // MARK: labels

    /// The plan of t's label at now, by the rule of the style's family.
    func plan(_ t: Int64, _ now: Int64, _ views: inout Views) throws(FeedDateError) -> Plan {
        let (e, future) = moment(t, now)
        switch style.family {
        case .feed: return try feedPlan(t, e, future, &views)
        case .feedDetail: return feedDetailPlan(t)
        case .chat: return try chatPlan(t, e, future, &views)
        case .count: return try relativePlan(t, e, future, &views)
        case .countdown: return countdownPlan(t, now)
        }
    }

    /// Writes the text of a plan and says where its parts are.
    func write(_ plan: Plan, to sink: inout Sink) throws(FeedDateError) -> Parts {
        switch plan.shape {
        case .day: return Parts(day: try services.span(plan.piece, to: &sink))
        case .time: return Parts(time: try services.span(plan.piece, to: &sink))
        case .plain:
            try services.write(plan.piece, to: &sink)
            return Parts()
        case .joined:
            let (day, time) = try services.writeJoined(day: plan.piece, time: plan.timePiece, to: &sink)
            return Parts(day: day, time: time)
        case .countdown:
            try writeCountdown(plan.count, to: &sink)
            return Parts()
        }
    }

    // MARK: what several families share

    /// Month-day in the viewer's calendar year, else the full date.
    @inline(__always)
    func dateOfT(_ dayT: Int64, _ view: View, graceDays: Int64) -> Piece {
        let d = view.day - dayT
        let shortForm = view.sameYear(dayT) || (d >= 0 && d <= graceDays)
        return .date(shortForm ? .monthDay : .fullDate, day: dayT)
    }

    static let justNow = Piece(kind: .justNow, key: 0)
    static func word(_ offset: Int64) -> Piece { Piece(kind: .word, key: offset) }

    /// When the year part of a date of local day dayT (dateOfT: month-day in
    /// the viewer's calendar year, else the full date) can next change: where
    /// the local day after e first reaches dayT's year when that lies ahead,
    /// else where the viewer's year ends. Straight there rather than year by
    /// year: the years between change nothing, and a date thousands of years
    /// ahead would walk them all. (A future t in the viewer's year reads as a
    /// month-day until t comes, unless a fall-back put t's date back across
    /// New Year's: Phoenix 1944-01-01 00:01 went back to 23:01 of 1943-12-31.)
    func yearChange(of dayT: Int64, _ view: View, after e: Int64) throws(FeedDateError) -> Int64 {
        if view.sameYear(dayT) { return view.nextYear }
        let year = try services.year(containing: dayT)
        return year.start > view.day ? zone.firstInstant(after: e, ofDayAtLeast: year.start) : view.nextYear
    }
}
