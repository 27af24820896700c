// RELATIVE and COMPACT (SPEC section 3): the ladder of elapsed counts
// (seconds, minutes, hours) and calendar counts (days, weeks, months, years)
// between t and now, the calendar arithmetic behind the counts, and where
// the displayed count changes next. A different count always reads
// differently, so the next change follows from the count, without texts.

extension Rules {
    /// The RELATIVE ladder (and COMPACT's, without "just now" and "ago").
    @inline(__always)
    func relativePlan(_ t: Int64, _ e: Int64, _ future: Bool, _ views: inout Views) throws(FeedDateError) -> Plan {
        let compact = style.compactCounts
        // COMPACT does not count into the future: the date of t.
        if future && compact { return try futureCompactPlan(t, e, views) }
        // A count in a unit above max_unit: t's date instead (found without
        // working out the count).
        if try overCeiling(t, e, future) { return try dateOverCeiling(t, e, future, views) }
        let (count, unit, next) = try relativeCount(t, e, future, views.now)
        return countPlan(count, unit, next, future: future)
    }

    /// The plan of a displayed count, with its next change when known.
    @inline(__always)
    private func countPlan(_ count: Count, _ unit: CompactUnit, _ next: Int64?, future: Bool) -> Plan {
        if count.unit == .justNow { return .plain(Rules.justNow) }
        // Spoken, COMPACT reads as RELATIVE at width LONG ("2h": "2 hours ago").
        let kind: Piece.Kind = style.compactCounts ? (options.spoken ? .past : .compact) : future ? .future : .past
        var plan = Plan.plain(.count(kind, count.n, unit))
        plan.nextChange = next
        return plan
    }

    /// The plan of t (wall-clock time wt) whose count is `c`, a DayCount of
    /// countKey's (a past count two or more local days back): what
    /// relativePlan gives, from the count alone.
    @inline(__always)
    func countPlan(_ c: DayCount, _ wt: Int64, _ calm: Calm) -> Plan {
        countPlan(Count(unit: .calendar, n: c.n), c.unit, countNextChange(wt, c.next, calm), future: false)
    }

    /// The largest unit counted (max_unit), as a CompactUnit.
    @inline(__always)
    var ceiling: CompactUnit { CompactUnit(rawValue: 6 - Int(options.maxUnit.rawValue))! }

    /// Whether the count of t at effective now e would be in a unit above
    /// max_unit (never for the just-now piece).
    @inline(__always)
    func overCeiling(_ t: Int64, _ e: Int64, _ future: Bool) throws(FeedDateError) -> Bool {
        guard ceiling != .year else { return false }
        if !future && !style.compactCounts && e - t < options.justNowMs { return false }
        guard let at = try ceilingSwitch(t, future) else { return false }
        return future ? e < at : e >= at
    }

    /// Where a count of t crosses max_unit: for a past t, the first effective
    /// now at which its unit is above max_unit; for a future t, the first at
    /// which it is at or below it again (the ladder of relativeCount, read
    /// at its thresholds). nil: max_unit is YEAR, there is no switch.
    private func ceilingSwitch(_ t: Int64, _ future: Bool) throws(FeedDateError) -> Int64? {
        let wt = zone.wall(t)
        let sign: Int64 = future ? -1 : 1
        let edge: Int64
        switch ceiling {
        case .second: edge = t + sign * msPerMinute
        case .minute: edge = t + sign * msPerHour
        case .hour: edge = zone.instant(fromWall: wt + sign * msPerDay)
        case .day: edge = zone.instant(fromWall: wt + sign * 7 * msPerDay)
        case .week: edge = try shifted(wt, 0, sign, 0)
        case .month: edge = try shifted(wt, sign, 0, 0)
        case .year: return nil
        }
        return future ? edge + 1 : edge
    }

    /// The date of t shown where its count would be in a unit above max_unit:
    /// month-day when t is in now's year (or, past, within the grace days),
    /// else the full date.
    ///
    /// A past t's date knows its next change: a past count only grows, so the
    /// date stays, and it changes once, from month-day to the full date, at
    /// the first instant both out of now's year and past the grace days (a
    /// future t's date is walked: it gives way to a count). Not where the
    /// local date can still go back (a fall-back across midnight: Phoenix
    /// went from 1944-01-01 back into 1943), which can bring the month-day
    /// back: such a label is walked too.
    private func dateOverCeiling(_ t: Int64, _ e: Int64, _ future: Bool, _ views: Views) throws(FeedDateError) -> Plan {
        let grace = future ? 0 : Int64(options.crossYearGraceDays)
        let view = try views.day(e, dayOnly), dayT = zone.localDay(t)
        var plan = Plan.plain(dateOfT(dayT, view, graceDays: grace))
        if !future && zone.nextDayRegression(after: e, before: TransitionTable.coverageEnd) == nil {
            let graceEnd = zone.startOfDay(dayT + grace + 1)
            if plan.piece.kind == .fullDate {
                plan.nextChange = Rules.never
            } else {
                plan.nextChange = view.sameYear(dayT) ? max(zone.startOfDay(view.yearEnd), graceEnd) : graceEnd
            }
        }
        return plan
    }

    private func futureCompactPlan(_ t: Int64, _ e: Int64, _ views: Views) throws(FeedDateError) -> Plan {
        .plain(dateOfT(zone.localDay(t), try views.day(e, dayOnly), graceDays: 0))
    }

    struct Count: Equatable {
        enum Unit { case justNow, elapsed, calendar }
        var unit: Unit
        var n: Int64
    }

    /// The displayed count and unit of the RELATIVE ladder at effective now e,
    /// and for past counts of hours and calendar units, when the zone's offset
    /// stays put around e, the next change too (what relativeBoundary gives).
    private func relativeCount(_ t: Int64, _ e: Int64, _ future: Bool, _ view: View?) throws(FeedDateError) -> (
        Count, CompactUnit, Int64?
    ) {
        let delta = future ? t - e : e - t
        if !future && !style.compactCounts && delta < options.justNowMs {
            return (Count(unit: .justNow, n: 0), .second, nil)
        }
        // A future count of zero (only when τ < 1 s) reads as the just-now piece.
        if future && !style.compactCounts && delta < msPerSecond { return (Count(unit: .justNow, n: 0), .second, nil) }
        if delta < msPerMinute { return (Count(unit: .elapsed, n: delta / msPerSecond), .second, nil) }
        if delta < msPerHour { return (Count(unit: .elapsed, n: delta / msPerMinute), .minute, nil) }
        let wt = zone.wall(t)
        // Past counts near an e with no offset change within three days
        // compare wall-clock times (see gregorianCount).
        let calm = future ? nil : calm(around: e, view)
        if let calm {
            let we = calm.wall(e)
            if wt + msPerDay > we {
                let n = delta / msPerHour
                return (
                    Count(unit: .elapsed, n: n), .hour,
                    calm.instant(wt + msPerDay).map { min(t + (n + 1) * msPerHour, $0) }
                )
            }
            if case .gregorian = services.calendarKind {
                let c = gregorianDayCount(wt, we, span: delta)
                return (Count(unit: .calendar, n: c.n), c.unit, countNextChange(wt, c.next, calm))
            }
        } else if future ? zone.instant(fromWall: wt - msPerDay) < e : zone.instant(fromWall: wt + msPerDay) > e {
            return (Count(unit: .elapsed, n: delta / msPerHour), .hour, nil)
        }
        let c = try calendarCount(t, e, future)
        if c.years >= 1 { return (Count(unit: .calendar, n: c.years), .year, nil) }
        if c.months >= 1 { return (Count(unit: .calendar, n: c.months), .month, nil) }
        if c.days >= 7 { return (Count(unit: .calendar, n: c.days / 7), .week, nil) }
        return (Count(unit: .calendar, n: c.days), .day, nil)
    }

    /// A stretch of a zone with one offset around an instant e, from three
    /// days before e to the next offset change (if any) after that: there
    /// instant(fromWall:) is wall − offset for every wall-clock time at or
    /// after wall(e) whose instant lies three days before the stretch ends
    /// (offsets differ by at most 52 hours, so no other piece of the zone
    /// maps it), and a wall-clock time w is at or before e exactly when
    /// w <= wall(e) (instant(fromWall:) is monotone). nil when the offset
    /// changes within three days of e.
    struct Calm {
        let offset: Int64
        let e: Int64
        let end: Int64 // the next offset change after e − 3 days, or Int64.max

        @inline(__always)
        func wall(_ x: Int64) -> Int64 { x + offset }

        /// instant(fromWall: w) for w at or after wall(e), when known here.
        @inline(__always)
        func instant(_ w: Int64) -> Int64? {
            let x = w - offset
            return x >= e && x < end - 3 * msPerDay ? x : nil
        }
    }

    /// Wall-clock time of t moved by whole years, months and days, as an instant.
    @inline(__always)
    private func shifted(_ wt: Int64, _ y: Int64, _ m: Int64, _ d: Int64) throws(FeedDateError) -> Int64 {
        let w = y == 0 && m == 0 ? wt : try services.addMonths(wall: wt, years: y, months: m)
        return zone.instant(fromWall: w + d * msPerDay)
    }

    /// Whole years, months and days from t to e (past), or the largest counts
    /// whose subtraction from t does not come before e (future).
    private func calendarCount(_ t: Int64, _ e: Int64, _ future: Bool) throws(FeedDateError) -> (
        years: Int64, months: Int64, days: Int64
    ) {
        let wt = zone.wall(t)
        let sign: Int64 = future ? -1 : 1
        func fits(_ y: Int64, _ m: Int64, _ d: Int64) throws(FeedDateError) -> Bool {
            let x = try shifted(wt, sign * y, sign * m, sign * d)
            return future ? x >= e : x <= e
        }
        // No calendar has a month under 27 days or a year under 350: short
        // spans need no month arithmetic at all.
        let span = future ? t - e : e - t
        var years: Int64 = 0, months: Int64 = 0
        if span >= 27 * msPerDay {
            let (yearGuess, monthGuess) = monthsBetween(wt, zone.wall(e), future)
            if span >= 350 * msPerDay {
                years = try largest(estimate: yearGuess) { (y: Int64) throws(FeedDateError) in try fits(y, 0, 0) }
            }
            months = try largest(estimate: years == yearGuess ? monthGuess : 0) {
                (m: Int64) throws(FeedDateError) in try fits(years, m, 0)
            }
        }
        let baseWall = try services.addMonths(wall: wt, years: sign * years, months: sign * months)
        let base = zone.instant(fromWall: baseWall)
        let days = try largest(estimate: max(0, (future ? base - e : e - base) / msPerDay)) {
            (d: Int64) throws(FeedDateError) in
            let x = zone.instant(fromWall: baseWall + sign * d * msPerDay)
            return future ? x >= e : x <= e
        }
        return (years, months, days)
    }

    /// The Calm around e, from the view of e when it has it (no offset
    /// change from three days before the view's start to three days after e
    /// means none within three days of e, and the same offset).
    @inline(__always)
    private func calm(around e: Int64, _ view: View?) -> Calm? {
        if let v = view, v.covers(e), v.calmUntil > e + 3 * msPerDay {
            return Calm(offset: v.offset, e: e, end: v.calmUntil)
        }
        let end = zone.nextOffsetChange(after: e - 3 * msPerDay) ?? Int64.max
        guard end > e + 3 * msPerDay else { return nil }
        return Calm(offset: zone.wall(e) - e, e: e, end: end)
    }

    /// calendarCount for a past t in a Gregorian calendar where the zone's
    /// offset does not change within three days of e (we = wall(e), see
    /// Calm): a wall-clock time comes at or before e exactly when it is at or
    /// before we, so the counts compare wall-clock times directly, shifting
    /// months as addMonths does (the day of month pinned to the month's
    /// length), with calendarCount's thresholds on the span between t and e.
    private func gregorianCount(_ wt: Int64, _ we: Int64, span: Int64)
        -> (years: Int64, months: Int64, days: Int64, from: (y: Int64, m: Int64, d: Int64)?)
    {
        if span < 27 * msPerDay { return (0, 0, floorDiv(we - wt, msPerDay), nil) }
        let a = civilFromDays(floorDiv(wt, msPerDay)), b = civilFromDays(floorDiv(we, msPerDay))
        let at = floorMod(wt, msPerDay)
        let months = wholeMonths(from: a, at, to: b, floorMod(we, msPerDay))
        let base = shiftMonths(a, time: at, by: months)
        return (months / 12, months % 12, floorDiv(we - base, msPerDay), a)
    }

    /// A past count in calendar units of a Gregorian calendar, where the
    /// zone's offset is calm around e: the count n of `unit`, and the one or
    /// two local days (day numbers) at t's time of day whose earliest instant
    /// is its next change (relativeBoundary's shifts of t: addMonths, then
    /// days). For t two or more local days before e, the count and those days
    /// are a function of t's local day and of whether t's time of day is
    /// after e's alone: fd_format_many and CountMemo reuse them on that ground (countKey).
    struct DayCount {
        var n: Int64
        var unit: CompactUnit
        var next: (Int64, Int64)
    }

    func gregorianDayCount(_ wt: Int64, _ we: Int64, span: Int64) -> DayCount {
        let c = gregorianCount(wt, we, span: span)
        let dayT = floorDiv(wt, msPerDay)
        @inline(__always)
        func after(months: Int64) -> Int64 { shiftMonths(c.from ?? civilFromDays(dayT), by: months) }
        if c.years >= 1 {
            let d = after(months: 12 * (c.years + 1))
            return DayCount(n: c.years, unit: .year, next: (d, d))
        }
        if c.months >= 1 {
            let d = after(months: c.months + 1)
            return DayCount(n: c.months, unit: .month, next: (d, d))
        }
        if c.days >= 7 {
            let n = c.days / 7
            return DayCount(n: n, unit: .week, next: (dayT + 7 * (n + 1), after(months: 1)))
        }
        return DayCount(n: c.days, unit: .day, next: (dayT + c.days + 1, dayT + c.days + 1))
    }

    /// The next change of a DayCount of t (wall-clock time wt): the earlier of
    /// its days at t's time of day, nil when either lies outside what `calm`
    /// knows (then the walk finds it).
    @inline(__always)
    func countNextChange(_ wt: Int64, _ days: (Int64, Int64), _ calm: Calm) -> Int64? {
        let time = floorMod(wt, msPerDay)
        guard let a = calm.instant(days.0 * msPerDay + time) else { return nil }
        if days.1 == days.0 { return a }
        guard let b = calm.instant(days.1 * msPerDay + time) else { return nil }
        return min(a, b)
    }

    // MARK: counts by key (fd_format_many's copies, the formatter's CountMemo)

    /// The Calm of now under which RELATIVE or COMPACT counts may be reused
    /// by countKey: a Gregorian calendar, no max_unit, and `view` covering
    /// now. nil otherwise.
    @inline(__always)
    func countCalm(_ now: Int64, _ view: View) -> Calm? {
        guard style.countsBack, ceiling == .year, case .gregorian = services.calendarKind,
            view.covers(now)
        else { return nil }
        return calm(around: now, view)
    }

    /// The key under which t's label at now reads the same as every other
    /// instant's with that key at any now of now's local day (2 × days back,
    /// + 1 when t's time of day is after now's), and t's wall-clock time; nil
    /// when t is not a past count two or more local days before now (`view`:
    /// now's, `calm`: countCalm's). Such a label is gregorianDayCount's,
    /// whose count and days depend on the key and now's local day alone.
    @inline(__always)
    func countKey(_ t: Int64, _ now: Int64, _ view: View, _ calm: Calm) -> (key: Int64, wt: Int64)? {
        // (Two local days back is over a day of wall-clock time, but a DST change can make it
        // less than just_now_ms, at most a day, of elapsed time: such a t is just now.)
        guard t < now, FeedDateRange.contains(t), style.compactCounts || now - t >= options.justNowMs else {
            return nil
        }
        let wt = zone.wall(t), daysBack = view.day - floorDiv(wt, msPerDay)
        guard daysBack >= 2 else { return nil }
        return (2 * daysBack + (floorMod(wt, msPerDay) > floorMod(calm.wall(now), msPerDay) ? 1 : 0), wt)
    }

    /// A first guess of whole (years, months) between two wall-clock times:
    /// exact for Gregorian calendars but for DST, which `largest` then
    /// corrects; a lower bound elsewhere.
    private func monthsBetween(_ wt: Int64, _ we: Int64, _ future: Bool) -> (Int64, Int64) {
        guard case .gregorian = services.calendarKind else {
            return (abs(we - wt) / (msPerDay * 390), 0)
        }
        let (from, to) = future ? (we, wt) : (wt, we)
        let months = wholeMonths(
            from: civilFromDays(floorDiv(from, msPerDay)), floorMod(from, msPerDay),
            to: civilFromDays(floorDiv(to, msPerDay)), floorMod(to, msPerDay))
        return (months / 12, months % 12)
    }

    /// Whole Gregorian months from date a at time `at` to date b at time `bt`
    /// (0 when b comes first), months added as addMonths adds them: the most
    /// that may fit reach b's month, and they fit when a's day and time,
    /// pinned to that month's length, are not after b's.
    @inline(__always)
    private func wholeMonths(
        from a: (y: Int64, m: Int64, d: Int64), _ at: Int64,
        to b: (y: Int64, m: Int64, d: Int64), _ bt: Int64
    ) -> Int64 {
        let months = (b.y - a.y) * 12 + (b.m - a.m)
        return months > 0 && (min(a.d, daysInMonth(b.y, b.m)), at) > (b.d, bt) ? months - 1 : max(0, months)
    }

    // MARK: next change

    /// The next change of a RELATIVE or COMPACT count (nil for other plans,
    /// which the walk handles): where the displayed count changes.
    func relativeNextChange(_ t: Int64, _ now: Int64, current: Plan) throws(FeedDateError) -> Int64? {
        guard let count = Rules.displayedCount(current) else { return nil }
        let (e, future) = moment(t, now)
        var b = try relativeBoundary(t, e, future, count.0, count.1)
        // From t − τ on, t is labelled as if now were t; a future just now
        // reads the same there.
        if future && count.0.unit != .justNow { b = min(b, t - options.skewToleranceMs) }
        return b <= FeedDateRange.maxInstantMs ? b : Rules.never
    }

    /// The walk's boundary candidates after x for a RELATIVE or COMPACT label
    /// that is not a count (COMPACT's date of a future t), with e the
    /// effective now at x and `view` e's view.
    func relativeBoundaries(_ t: Int64, _ e: Int64, _ future: Bool, _ view: View, _ c: inout Candidates)
        throws(FeedDateError)
    {
        if future && style.compactCounts {
            try c.consider(yearChange(of: zone.localDay(t), view, after: e))
            return
        }
        guard try overCeiling(t, e, future) else {
            let (count, unit, next) = try relativeCount(t, e, future, view)
            if let next { c.consider(next) } else { try c.consider(relativeBoundary(t, e, future, count, unit)) }
            return
        }
        // t's date over max_unit: it changes with the viewer's year (or the
        // end of the grace days); a future t's date gives way to a count
        // when the count's unit falls to max_unit.
        let dayT = zone.localDay(t)
        if future {
            try c.consider(yearChange(of: dayT, view, after: e))
            try c.consider(ceilingSwitch(t, true))
        } else {
            let d = view.day - dayT, grace = Int64(options.crossYearGraceDays)
            if d <= grace { c.consider(zone.firstInstant(after: e, ofDayAtLeast: dayT + grace + 1)) }
            if view.sameYear(dayT) { c.consider(view.nextYear) }
        }
    }

    /// The count and unit a RELATIVE or COMPACT plan shows, or nil for other
    /// plans (FEED's recent labels are day parts with rules of their own).
    private static func displayedCount(_ plan: Plan) -> (Count, CompactUnit)? {
        guard plan.shape == .plain else { return nil }
        switch plan.piece.kind {
        case .justNow: return (Count(unit: .justNow, n: 0), .second)
        case .past, .future, .compact:
            guard let unit = CompactUnit(rawValue: Int(plan.piece.key & 7)) else { return nil }
            let elapsed = unit == .second || unit == .minute || unit == .hour
            return (Count(unit: elapsed ? .elapsed : .calendar, n: plan.piece.key >> 3), unit)
        default: return nil
        }
    }

    /// When the displayed count of the RELATIVE/COMPACT ladder changes next.
    private func relativeBoundary(_ t: Int64, _ e: Int64, _ future: Bool, _ count: Count, _ unit: CompactUnit)
        throws(FeedDateError) -> Int64
    {
        if future {
            // Counts fall as now advances: the count n of unit u holds while
            // t − now ≥ n·u (elapsed units) or while t shifted back by n units
            // is not before now (calendar units).
            switch (count.unit, unit) {
            // Just now until t is past by just_now_ms; with just_now_ms = 0,
            // "0 seconds ago" from t − τ on, when t counts as now.
            case (.justNow, _): return options.justNowMs > 0 ? t + options.justNowMs : t - options.skewToleranceMs
            case (.elapsed, .second): return t - count.n * msPerSecond + 1
            case (.elapsed, .minute): return t - count.n * msPerMinute + 1
            case (.elapsed, _): return t - count.n * msPerHour + 1
            case (_, .year): return try shifted(zone.wall(t), -count.n, 0, 0) + 1
            case (_, .month): return try shifted(zone.wall(t), 0, -count.n, 0) + 1
            case (_, .week): return try shifted(zone.wall(t), 0, 0, -7 * count.n) + 1
            default: return try shifted(zone.wall(t), 0, 0, -count.n) + 1
            }
        }
        let wt = zone.wall(t)
        switch (count.unit, unit) {
        case (.justNow, _): return t + options.justNowMs
        case (.elapsed, .second): return t + (count.n + 1) * msPerSecond
        case (.elapsed, .minute): return t + (count.n + 1) * msPerMinute
        case (.elapsed, _):
            return min(t + (count.n + 1) * msPerHour, zone.instant(fromWall: wt + msPerDay))
        case (_, .year): return try shifted(wt, count.n + 1, 0, 0)
        case (_, .month): return try shifted(wt, 0, count.n + 1, 0)
        case (_, .week): return min(try shifted(wt, 0, 0, 7 * (count.n + 1)), try shifted(wt, 0, 1, 0))
        default: return try shifted(wt, 0, 0, count.n + 1) // at most 7 days: before any month
        }
    }
}
