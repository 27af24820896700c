// next_change (SPEC section 4): the first instant after now at which the
// text of t's label differs. RELATIVE and COMPACT counts know it from the
// count (RelativeRules.swift); every other label walks forward over the
// instants at which an input of its rule can change (a threshold of elapsed
// time, a local midnight, the start of a calendar year) and compares the
// plan there with the current one, and texts only when two plans differ.
// Between two such instants the label is constant by construction.

/// The earliest of the instants after `after` offered to it.
struct Candidates {
    let after: Int64
    private(set) var best: Int64? = nil

    init(after: Int64) { self.after = after }

    @inline(__always)
    mutating func consider(_ c: Int64?) {
        if let c, c > after, best == nil || c < best! { best = c }
    }
}

extension Rules {
    /// "Never changes again" (inside the supported range of instants).
    static let never = Int64.max

    /// How many boundaries the walk may step over before it gives up. Each
    /// step skips straight to the next change of the displayed unit, so a
    /// walk takes a few steps; running out means a rule is wrong. In an
    /// unruly zone (TransitionTable.unruly) the date may go back every few
    /// minutes, each a step: such walks may take `unrulyWalkSteps`.
    static let walkSteps = 400
    static let unrulyWalkSteps = 1 << 17

    /// The next change of `current`, the plan of t at now. Throws
    /// FeedDateError.internal if the walk runs out of `steps`: an instant at
    /// which the label has not changed is never returned.
    func nextChange(
        _ t: Int64, _ now: Int64, current: Plan, _ views: inout Views,
        steps: Int? = nil
    ) throws(FeedDateError) -> Int64 {
        let steps = steps ?? (zone.table.unruly ? Rules.unrulyWalkSteps : Rules.walkSteps)
        if let next = current.knownNextChange { return next }
        if let next = try relativeNextChange(t, now, current: current) { return next }
        var x = now
        // Each step moves to the next instant at which an input of the rule
        // changes; the text usually changes there too (a weekday that stays a
        // weekday over a midnight is the exception).
        for _ in 0..<steps {
            guard let b = try boundary(t, x, &views), b <= FeedDateRange.maxInstantMs else { return Rules.never }
            // The whole view of b (most often the next local day), which the
            // formatter keeps for later calls: plan alone would make a partial one.
            _ = try views.at(b, makeView)
            let next = try plan(t, b, &views)
            if next != current, try !sameText(next, current) { return b }
            x = b
        }
        throw .internal("next_change of \(t) at \(now): no change of the label within \(steps) boundaries (\(style))")
    }

    /// The earliest instant > x at which label(t, ·) may differ from label(t, x);
    /// label(t, ·) is constant on [x, boundary). nil: never.
    private func boundary(_ t: Int64, _ x: Int64, _ views: inout Views) throws(FeedDateError) -> Int64? {
        switch style.family {
        case .feedDetail: return nil
        case .countdown: return countdownBoundary(t, x)
        case .feed, .chat, .count: break
        }
        let (e, future) = moment(t, x)
        var c = Candidates(after: x)
        if future { c.consider(t - options.skewToleranceMs) }
        let view = try views.at(e, makeView)
        switch style.family {
        case .feed, .chat: try feedChatBoundaries(t, e, future, view, &c)
        case .count: try relativeBoundaries(t, e, future, view, &c)
        case .feedDetail, .countdown: break
        }
        // The local date can go back for a while (a fall-back across
        // midnight), back into the window of days of another label: for
        // labels that read t's local date, look for that before the next
        // boundary found so far. Only a change that takes the date below the
        // first day of the current window can change the label, and none
        // comes after Zone.dateStaysAtLeast(that day): so a walk over years
        // of a zone whose date goes back every year steps over none of them.
        if try readsDate(t, e, future) {
            let limit = min(c.best ?? Int64.max, Zone.dateStaysAtLeast(windowStart(t, view)))
            c.consider(zone.nextDayRegression(after: x, before: limit + 1))
        }
        // Within the skew window (e = t > x) the label is frozen until now
        // reaches t; every candidate above is later than e already.
        return c.best
    }

    /// Whether t's label at e reads t's local date against now's, so that a
    /// date going back can change it: FEED's and CHAT's labels, COMPACT's
    /// future dates, and RELATIVE's and COMPACT's dates over max_unit (a
    /// count of elapsed time or of calendar units never reads it back).
    private func readsDate(_ t: Int64, _ e: Int64, _ future: Bool) throws(FeedDateError) -> Bool {
        switch style.family {
        case .count: return future && style.compactCounts ? true : try overCeiling(t, e, future)
        case .feed, .feedDetail, .chat, .countdown: return true
        }
    }

    /// The first local day of the run of days, up to view.day, over which a
    /// label of t read at view.day depends on the date only through t's
    /// window of days: the latest of the days at which FEED's or CHAT's rule
    /// switches (t's day - 1 to t's day + 3, the end of the weekday window
    /// and of the grace days) and the start of the viewer's year. A date
    /// going back without going below it leaves the label as it is.
    private func windowStart(_ t: Int64, _ view: View) -> Int64 {
        let dayT = zone.localDay(t), d = view.day - dayT
        var k: Int64 = min(d, 3) // t's day - 1 ... t's day + 3: the latest at or before view.day
        let weekdaysEnd = Int64(options.weekdayWindowDays) + 1, graceEnd = Int64(options.crossYearGraceDays) + 1
        if weekdaysEnd <= d && weekdaysEnd > k { k = weekdaysEnd }
        if graceEnd <= d && graceEnd > k { k = graceEnd }
        return k >= -1 ? max(view.yearStart, dayT + k) : view.yearStart
    }

    /// Whether two different plans read the same (rare: a weekday over a
    /// midnight, different pieces with the same words).
    private func sameText(_ p: Plan, _ q: Plan) throws(FeedDateError) -> Bool {
        switch (p.shape, q.shape) {
        case (.countdown, .countdown):
            return false // a different count always has different digits
        case (.day, .day), (.time, .time), (.plain, .plain), (.day, .time), (.time, .day):
            return try services.sameText(p.piece, q.piece)
        case (.joined, .joined):
            guard try services.sameText(p.piece, q.piece) else { return false }
            return try services.sameText(p.timePiece, q.timePiece)
        default:
            return try sameWrittenText(
                { (s: inout Sink) throws(FeedDateError) in _ = try write(p, to: &s) },
                { (s: inout Sink) throws(FeedDateError) in _ = try write(q, to: &s) })
        }
    }
}
