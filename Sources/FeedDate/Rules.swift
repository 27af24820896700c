// The rules of SPEC sections 3 and 4: which label an instant gets at a given
// now, and the exact instant at which that label next changes.
//
// Every label is a function of (t, now) alone. next_change walks forward over
// the instants at which the rule's inputs can change (thresholds of elapsed
// time, local midnights, calendar years, calendar counts), and returns the
// first one at which the text really differs; between two such instants the
// label is constant by construction.
import Glibc

/// What a label is made of, before any text: compared to find when the label
/// changes, rendered (from cached texts) only when it is written out.
struct Plan: Equatable {
    enum Shape: UInt8 {
        case day       // the whole text is the day part
        case time      // the whole text is the time part
        case plain     // no parts (RELATIVE, COMPACT)
        case joined    // day piece and time piece by the combining pattern
        case countdown // `count` units of the precision; `expired`
    }
    var shape: Shape
    var a: Piece = .none
    var b: Piece = .none
    var count: Int64 = 0
    var expired = false
    /// FEED and CHAT styles: t's local day (the same in every plan of one t).
    var day: Int64 = 0
    /// RELATIVE and COMPACT counts: the next change when working out the
    /// count gave it cheaply (see relativeCount); 0 when not known.
    var next: Int64 = 0

    static func day(_ p: Piece) -> Plan { Plan(shape: .day, a: p) }
    static func time(_ p: Piece) -> Plan { Plan(shape: .time, a: p) }
    static func plain(_ p: Piece) -> Plan { Plan(shape: .plain, a: p) }
    static func joined(_ day: Piece, _ time: Piece) -> Plan { Plan(shape: .joined, a: day, b: time) }
}

/// Where the parts of a written label are.
struct Parts {
    var day: Range<Int> = 0..<0
    var time: Range<Int> = 0..<0
}

struct Rules: Sendable {
    let options: FeedDateOptions
    let zone: Zone
    let services: LocaleServices

    private var style: FeedDateStyle { options.style }

    /// Where the viewer effectively stands: within the skew tolerance a future
    /// t is labelled as if now were t; beyond it t is in the future.
    private func moment(_ t: Int64, _ now: Int64) -> (e: Int64, future: Bool) {
        guard style.usesSkewTolerance, t > now else { return (now, false) }
        return t - now <= options.skewToleranceMs ? (t, false) : (now, true)
    }

    // MARK: labels

    /// The view of instant x (see View.swift).
    func makeView(_ x: Int64) throws(FeedDateError) -> View {
        var view = try dayOnly(x)
        view.until = zone.nextDayChange(after: x)
        view.nextYear = zone.startOfDay(view.yearEnd)
        view.offset = zone.wall(x) - x
        view.calmUntil = zone.nextOffsetChange(after: x - 3 * msPerDay) ?? Int64.max
        return view
    }

    /// The local day and year of x, without the instants a View also holds
    /// (an empty validity: it is never kept).
    private func dayOnly(_ x: Int64) throws(FeedDateError) -> View {
        let day = zone.localDay(x)
        let year = try services.year(containing: day)
        return View(from: x, until: x, day: day, yearStart: year.start, yearEnd: year.end, nextYear: x)
    }

    func plan(_ t: Int64, _ now: Int64, _ views: inout Views) throws(FeedDateError) -> Plan {
        let (e, future) = moment(t, now)
        switch style {
        case .feed:
            let wt = zone.wall(t)
            var p = try feed(wt, t, e, future, &views)
            p.day = floorDiv(wt, msPerDay)
            return p
        case .feedDetail:
            let wt = zone.wall(t)
            return .joined(.date(.fullDate, day: floorDiv(wt, msPerDay)), .time(wall: wt))
        case .chatList, .chatBubble:
            let wt = zone.wall(t)
            var p = try chat(wt, e, future, bubble: style == .chatBubble, &views)
            p.day = floorDiv(wt, msPerDay)
            return p
        case .relative: return try relative(t, e, future, compact: false, &views)
        case .compact: return try relative(t, e, future, compact: true, &views)
        case .countdown:
            let r = t - now
            return Plan(shape: .countdown, count: r <= 0 ? 0 : (r - 1) / countdownUnit + 1, expired: r <= 0)
        }
    }

    /// Writes the text of a plan and says where its parts are.
    func write(_ plan: Plan, to sink: inout Sink) throws(FeedDateError) -> Parts {
        switch plan.shape {
        case .day: return Parts(day: try services.span(plan.a, to: &sink))
        case .time: return Parts(time: try services.span(plan.a, to: &sink))
        case .plain:
            try services.write(plan.a, to: &sink)
            return Parts()
        case .joined:
            let (day, time) = try services.writeJoined(day: plan.a, time: plan.b, to: &sink)
            return Parts(day: day, time: time)
        case .countdown:
            try writeCountdown(plan.count, to: &sink)
            return Parts()
        }
    }

    /// Month-day in the viewer's calendar year, else the full date.
    private func dateOfT(_ dayT: Int64, _ view: View, graceDays: Int64) -> Piece {
        let d = view.day - dayT
        let shortForm = view.sameYear(dayT) || (d >= 0 && d <= graceDays)
        return .date(shortForm ? .monthDay : .fullDate, day: dayT)
    }

    private static let justNow = Piece(kind: .justNow, key: 0)
    private static func word(_ offset: Int64) -> Piece { Piece(kind: .word, key: offset) }

    private func feed(_ wt: Int64, _ t: Int64, _ e: Int64, _ future: Bool, _ views: inout Views) throws(FeedDateError) -> Plan {
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

    /// FEED's optional first rule: just now, N seconds/minutes ago, N hours ago today.
    private func recentLadder(_ delta: Int64, _ d: Int64) -> Piece? {
        if delta < options.justNowMs { return Rules.justNow }
        if delta < msPerMinute { return .count(.past, delta / msPerSecond, .second) }
        if delta < msPerHour { return .count(.past, delta / msPerMinute, .minute) }
        if delta < msPerDay && d == 0 { return .count(.past, delta / msPerHour, .hour) }
        return nil
    }

    private func chat(_ wt: Int64, _ e: Int64, _ future: Bool, bubble: Bool, _ views: inout Views) throws(FeedDateError) -> Plan {
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

    // MARK: RELATIVE and COMPACT

    /// The RELATIVE ladder (and COMPACT's, without "just now" and "ago").
    private func relative(_ t: Int64, _ e: Int64, _ future: Bool, compact: Bool, _ views: inout Views) throws(FeedDateError) -> Plan {
        if future && compact {
            // COMPACT does not count into the future: the date of t.
            return .plain(dateOfT(zone.localDay(t), try views.day(e, dayOnly), graceDays: 0))
        }
        let (count, unit, next) = try relativeCount(t, e, future, views.now)
        if count.unit == .justNow { return .plain(Rules.justNow) }
        var plan = Plan.plain(.count(compact ? .compact : future ? .future : .past, count.n, unit))
        plan.next = next ?? 0
        return plan
    }

    struct Count: Equatable {
        enum Unit { case justNow, elapsed, calendar }
        var unit: Unit
        var n: Int64
    }

    /// The displayed count and unit of the RELATIVE ladder at effective now e,
    /// and for past counts of hours and calendar units, when the zone's offset
    /// stays put around e, the next change too (what relativeBoundary gives).
    private func relativeCount(_ t: Int64, _ e: Int64, _ future: Bool, _ view: View?) throws(FeedDateError) -> (Count, CompactUnit, Int64?) {
        let delta = future ? t - e : e - t
        if !future && style == .relative && delta < options.justNowMs { return (Count(unit: .justNow, n: 0), .second, nil) }
        // A future count of zero (only when τ < 1 s) reads as the just-now piece.
        if future && style == .relative && delta < msPerSecond { return (Count(unit: .justNow, n: 0), .second, nil) }
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
                return (Count(unit: .elapsed, n: n), .hour, calm.instant(wt + msPerDay).map { min(t + (n + 1) * msPerHour, $0) })
            }
            if case .gregorian = services.calendarKind {
                let c = gregorianCount(wt, we, span: delta)
                // relativeBoundary's shifts of t (addMonths, then days), in
                // wall-clock time where the offset is known.
                @inline(__always)
                func at(months: Int64) -> Int64? {
                    let from = c.from ?? civilFromDays(floorDiv(wt, msPerDay))
                    return calm.instant(gregorianShift(from, floorMod(wt, msPerDay), months: months))
                }
                if c.years >= 1 { return (Count(unit: .calendar, n: c.years), .year, at(months: 12 * (c.years + 1))) }
                if c.months >= 1 { return (Count(unit: .calendar, n: c.months), .month, at(months: c.months + 1)) }
                if c.days >= 7 {
                    let n = c.days / 7
                    guard let w = calm.instant(wt + 7 * (n + 1) * msPerDay), let m = at(months: 1) else {
                        return (Count(unit: .calendar, n: n), .week, nil)
                    }
                    return (Count(unit: .calendar, n: n), .week, min(w, m))
                }
                return (Count(unit: .calendar, n: c.days), .day, calm.instant(wt + (c.days + 1) * msPerDay))
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
        let end: Int64  // the next offset change after e − 3 days, or Int64.max

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
    private func calendarCount(_ t: Int64, _ e: Int64, _ future: Bool) throws(FeedDateError) -> (years: Int64, months: Int64, days: Int64) {
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
        -> (years: Int64, months: Int64, days: Int64, from: (y: Int64, m: Int64, d: Int64)?) {
        if span < 27 * msPerDay { return (0, 0, floorDiv(we - wt, msPerDay), nil) }
        let a = civilFromDays(floorDiv(wt, msPerDay)), b = civilFromDays(floorDiv(we, msPerDay))
        let at = floorMod(wt, msPerDay), bt = floorMod(we, msPerDay)
        // The most months that may fit reach e's month; they fit when t's day
        // and time, pinned to that month, are not after e's.
        var months = (b.y - a.y) * 12 + (b.m - a.m)
        if months > 0 && (min(a.d, daysInMonth(b.y, b.m)), at) > (b.d, bt) { months -= 1 }
        months = max(0, months)
        let base = gregorianShift(a, at, months: months)
        return (months / 12, months % 12, floorDiv(we - base, msPerDay), a)
    }

    /// The wall-clock time of civil date `from` at time of day `time`, moved
    /// by whole months with the day of month pinned to the month's length
    /// (LocaleServices.addMonths for Gregorian calendars).
    @inline(__always)
    private func gregorianShift(_ from: (y: Int64, m: Int64, d: Int64), _ time: Int64, months: Int64) -> Int64 {
        let total = from.y * 12 + (from.m - 1) + months
        let y = floorDiv(total, 12), m = floorMod(total, 12) + 1
        return daysFromCivil(y, m, min(from.d, daysInMonth(y, m))) * msPerDay + time
    }

    /// A first guess of whole (years, months) between two wall-clock times:
    /// exact for Gregorian calendars but for day-of-month pinning and DST,
    /// which `largest` then corrects; a lower bound elsewhere.
    private func monthsBetween(_ wt: Int64, _ we: Int64, _ future: Bool) -> (Int64, Int64) {
        guard case .gregorian = services.calendarKind else {
            return (abs(we - wt) / (msPerDay * 390), 0)
        }
        let (from, to) = future ? (we, wt) : (wt, we)
        let a = civilFromDays(floorDiv(from, msPerDay)), b = civilFromDays(floorDiv(to, msPerDay))
        var months = (b.y - a.y) * 12 + (b.m - a.m)
        if (b.d, floorMod(to, msPerDay)) < (a.d, floorMod(from, msPerDay)) { months -= 1 }
        months = max(0, months)
        return (months / 12, months % 12)
    }

    /// The largest n >= 0 with fits(n), for a monotone predicate with fits(0) true,
    /// starting from an estimate that need not be right.
    private func largest(estimate: Int64, _ fits: (Int64) throws(FeedDateError) -> Bool) throws(FeedDateError) -> Int64 {
        var lo = max(0, estimate)
        if lo > 0, try !fits(lo) {
            var hi = lo
            lo = 0
            while hi - lo > 1 { let mid = lo + (hi - lo) / 2; if try fits(mid) { lo = mid } else { hi = mid } }
            return lo
        }
        var step: Int64 = 1
        while try fits(lo + step) { lo += step; step *= 2 }
        var hi = lo + step
        while hi - lo > 1 { let mid = lo + (hi - lo) / 2; if try fits(mid) { lo = mid } else { hi = mid } }
        return lo
    }

    // MARK: COUNTDOWN

    /// H:MM:SS.F from k units of the precision (k = ⌈R / unit⌉, so zero is
    /// shown exactly from the deadline on), in the locale's digits.
    private func writeCountdown(_ k: Int64, to sink: inout Sink) throws(FeedDateError) {
        let precision = Int(options.precision)
        var fractionScale: Int64 = 1
        for _ in 0..<precision { fractionScale *= 10 }
        let totalSeconds = k / fractionScale
        var hours = totalSeconds / 3600
        let ascii = try services.digitsAreASCII()
        func digits(_ v: Int64, width: Int) throws(FeedDateError) {
            var scale: Int64 = 1, n = 1
            while scale <= v / 10 { scale *= 10; n += 1 }
            if ascii {
                // The locale writes 0-9 as ASCII: the bytes at once, no table per digit.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buf in
                    var i = 0
                    for _ in n..<max(width, n) { buf[i] = 0x30; i += 1 }
                    while scale > 0 { buf[i] = 0x30 &+ UInt8(truncatingIfNeeded: v / scale % 10); i += 1; scale /= 10 }
                    sink.append(UnsafeRawBufferPointer(start: buf.baseAddress, count: i))
                }
                return
            }
            for _ in n..<max(width, n) { try services.write(Piece(kind: .digit, key: 0), to: &sink) }
            while scale > 0 {
                try services.write(Piece(kind: .digit, key: v / scale % 10), to: &sink)
                scale /= 10
            }
        }
        if options.countdownDays && hours >= 24 {
            try services.write(Piece(kind: .days, key: hours / 24), to: &sink)
            sink.append(Rules.space)
            hours %= 24
            try digits(hours, width: 2)
        } else {
            try digits(hours, width: 1)
        }
        sink.append(Rules.colon)
        try digits(totalSeconds / 60 % 60, width: 2)
        sink.append(Rules.colon)
        try digits(totalSeconds % 60, width: 2)
        if precision > 0 {
            try services.write(Piece(kind: .digit, key: 10), to: &sink)
            try digits(k % fractionScale, width: precision)
        }
    }

    private static let space = UnsafeRawBufferPointer(start: StaticString(" ").utf8Start, count: 1)
    private static let colon = UnsafeRawBufferPointer(start: StaticString(":").utf8Start, count: 1)

    private var countdownUnit: Int64 { [1000, 100, 10, 1][Int(options.precision)] }

    // MARK: next change (SPEC section 4)

    static let never = Int64.max

    func nextChange(_ t: Int64, _ now: Int64, current: Plan, _ views: inout Views) throws(FeedDateError) -> Int64 {
        if current.next != 0 { return current.next <= FeedDateRange.maxInstantMs ? current.next : Rules.never }
        if let count = Rules.displayedCount(current) {
            // RELATIVE and COMPACT counts: the boundary is where the displayed
            // count changes, and a different count always reads differently.
            let (e, future) = moment(t, now)
            var b = try relativeBoundary(t, e, future, count.0, count.1)
            // From t − τ on, t is labelled as if now were t; a future just now
            // reads the same there.
            if future && count.0.unit != .justNow { b = min(b, t - options.skewToleranceMs) }
            return b <= FeedDateRange.maxInstantMs ? b : Rules.never
        }
        var x = now
        // Each step moves to the next instant at which an input of the rule
        // changes; the text usually changes there too (a weekday that stays a
        // weekday over a midnight is the exception). The walk is short: each
        // boundary skips straight to the next change of the displayed unit.
        for _ in 0..<400 {
            guard let b = try boundary(t, x, &views), b <= FeedDateRange.maxInstantMs else { return Rules.never }
            // The whole view of b (most often the next local day), which the
            // formatter keeps for later calls: plan alone would make a partial one.
            _ = try views.at(b, makeView)
            let next = try plan(t, b, &views)
            if next != current, try !sameText(next, current) { return b }
            x = b
        }
        return x
    }

    /// The day key of a past FEED or CHAT label that is not one of FEED's
    /// recent counts, when views.now is the view of now: the days from t's
    /// local day to now's, capped at NextChangeMemo.slotCount − 1. Such a
    /// label depends on now's local day (and its year) alone, so it holds
    /// until that day changes (views.now.until), and its next change is the
    /// same for every t with the same key at that view: the boundaries and
    /// plans of the walk depend on t only through its local day, and from 512
    /// days on every label reads a full date that never changes again. Two
    /// cases keep a label out of the memo (`memoFits`): FEED's recent counts,
    /// which a day-changing regression could bring back (they depend on t's
    /// time), and a time of day that reads like the word for yesterday (the
    /// walk would then go on past midnight for that minute only).
    @inline(__always)
    func dayKey(_ t: Int64, _ now: Int64, _ plan: Plan, _ views: Views) -> Int? {
        guard usesDayKeys, t <= now, let v = views.now, v.covers(now) else { return nil }
        if plan.shape == .day, plan.a.kind == .justNow || plan.a.kind == .past { return nil }
        let d = v.day - plan.day
        guard d >= 0 else { return nil }  // a regression can put t's day after now's
        return Int(min(d, Int64(NextChangeMemo.slotCount - 1)))
    }

    /// FEED and CHAT_LIST: the styles whose past-day labels are their day's alone.
    var sharesDays: Bool { style == .feed || style == .chatList }

    /// t's local day when its label at now is a function of that day and of
    /// now's view `v` alone, so every t of the day reads the same: a past day
    /// (yesterday or before) in FEED or CHAT_LIST, not one of FEED's recent
    /// counts (which, from yesterday on, apply only under an hour or the
    /// just-now threshold). The time of day enters no such label.
    @inline(__always)
    func sharedDay(_ t: Int64, _ now: Int64, _ v: View) -> Int64? {
        guard t <= now, v.covers(now) else { return nil }
        if style == .feed && options.recentRelative && now - t < max(options.justNowMs, msPerHour) { return nil }
        let day = zone.localDay(t)
        return day < v.day ? day : nil
    }

    /// FEED, CHAT_LIST and CHAT_BUBBLE: the styles whose labels can have a `dayKey`.
    var usesDayKeys: Bool { style == .feed || style == .chatList || style == .chatBubble }

    /// Whether the memo of `dayKey` may give this label's next change (see there).
    func memoFits(_ plan: Plan) throws(FeedDateError) -> Bool {
        if style == .feed && options.recentRelative { return false }
        if plan.shape == .time { return try !services.sameText(plan.a, Rules.word(-1)) }
        return true
    }

    /// A lower bound of the next change of a label without a `dayKey` (one
    /// with a key holds until now's local day changes), for callers that need
    /// a next change only when it is earlier than one they have
    /// (fd_format_many's earliest): FEED_DETAIL never changes; others now + 1.
    @inline(__always)
    func nextChangeFloor(_ now: Int64) -> Int64 {
        style == .feedDetail ? Rules.never : now + 1
    }

    /// Whether two different plans read the same (rare: a weekday over a
    /// midnight, different pieces with the same words).
    private func sameText(_ p: Plan, _ q: Plan) throws(FeedDateError) -> Bool {
        switch (p.shape, q.shape) {
        case (.countdown, .countdown):
            return false  // a different count always has different digits
        case (.day, .day), (.time, .time), (.plain, .plain), (.day, .time), (.time, .day):
            return try services.sameText(p.a, q.a)
        case (.joined, .joined):
            guard try services.sameText(p.a, q.a) else { return false }
            return try services.sameText(p.b, q.b)
        default:
            break
        }
        return try withUnsafeTemporaryAllocation(byteCount: 2 * Rules.scratch, alignment: 8) {
            (buf: UnsafeMutableRawBufferPointer) throws(FeedDateError) -> Bool in
            var a = Sink(base: buf.baseAddress!, capacity: Rules.scratch)
            var b = Sink(base: buf.baseAddress! + Rules.scratch, capacity: Rules.scratch)
            _ = try write(p, to: &a)
            _ = try write(q, to: &b)
            return a.length == b.length && a.length <= Rules.scratch
                && memcmp(buf.baseAddress!, buf.baseAddress! + Rules.scratch, a.length) == 0
        }
    }

    private static let scratch = 512

    /// The earliest instant > x at which label(t, ·) may differ from label(t, x);
    /// label(t, ·) is constant on [x, boundary). nil: never.
    private func boundary(_ t: Int64, _ x: Int64, _ views: inout Views) throws(FeedDateError) -> Int64? {
        switch style {
        case .feedDetail: return nil
        case .countdown:
            let r = t - x
            if r <= 0 { return nil }
            let u = countdownUnit
            let k = (r - 1) / u + 1
            return t - (k - 1) * u
        default: break
        }
        let (e, future) = moment(t, x)
        var best: Int64? = nil
        func consider(_ c: Int64?) { if let c, c > x, best == nil || c < best! { best = c } }
        if future { consider(t - options.skewToleranceMs) }
        let view = try views.at(e, makeView)
        let dayT = zone.localDay(t), dayE = view.day, d = dayE - dayT
        let nextMidnight = { view.until }
        switch style {
        case .feed:
            if future {
                if d == -1 { consider(zone.startOfDay(dayT)) }
                if d <= -2 { consider(zone.startOfDay(dayT - 1)); try consider(startOfYear(dayT, view)) }
            } else {
                if options.recentRelative, e - t < msPerDay { consider(recentBoundary(t, e)) }
                if d <= 2 {
                    consider(nextMidnight())
                } else {
                    let grace = Int64(options.crossYearGraceDays)
                    if d <= grace { consider(zone.startOfDay(dayT + grace + 1)) }
                    if view.sameYear(dayT) { consider(view.nextYear) }
                }
            }
        case .chatList, .chatBubble:
            if future {
                if d == -1 { consider(zone.startOfDay(dayT)) }
                if d <= -2 { consider(zone.startOfDay(dayT - 1)) }
            } else if d <= 1 {
                consider(nextMidnight())
            } else if d <= Int64(options.weekdayWindowDays) {
                consider(zone.startOfDay(dayT + Int64(options.weekdayWindowDays) + 1))
            }
        case .relative, .compact:
            if future && style == .compact {
                try consider(startOfYear(dayT, view))
            } else {
                let (count, unit, next) = try relativeCount(t, e, future, view)
                if let next { consider(next) } else { try consider(relativeBoundary(t, e, future, count, unit)) }
            }
        case .feedDetail, .countdown: break
        }
        // The local date can go back for a while (a fall-back across
        // midnight): look for that before the next boundary found so far.
        if style != .relative && !(style == .compact && !future) {
            consider(zone.nextDayRegression(after: x, before: (best ?? view.until) + 1))
        }
        // Within the skew window (e = t > x) the label is frozen until now
        // reaches t; every candidate above is later than e already.
        return best
    }

    /// When a future date of local day dayT, written in full while it lies
    /// beyond the viewer's calendar year, next changes with the year: at the
    /// start of dayT's own year (nil when it is the viewer's year already).
    /// Straight there rather than year by year: the years between change
    /// nothing, and a date thousands of years ahead would walk them all.
    private func startOfYear(_ dayT: Int64, _ view: View) throws(FeedDateError) -> Int64? {
        if view.sameYear(dayT) { return nil }
        let year = try services.year(containing: dayT)
        return year.start > view.day ? zone.startOfDay(year.start) : view.nextYear
    }

    private func recentBoundary(_ t: Int64, _ e: Int64) -> Int64 {
        let delta = e - t
        if delta < options.justNowMs { return t + options.justNowMs }
        if delta < msPerMinute { return t + (delta / msPerSecond + 1) * msPerSecond }
        if delta < msPerHour { return t + (delta / msPerMinute + 1) * msPerMinute }
        return t + (delta / msPerHour + 1) * msPerHour
    }

    /// When the displayed count of the RELATIVE/COMPACT ladder changes next.
    /// The count and unit a RELATIVE or COMPACT plan shows, or nil for other
    /// plans (FEED's recent labels are day parts with rules of their own).
    private static func displayedCount(_ plan: Plan) -> (Count, CompactUnit)? {
        guard plan.shape == .plain else { return nil }
        switch plan.a.kind {
        case .justNow: return (Count(unit: .justNow, n: 0), .second)
        case .past, .future, .compact:
            guard let unit = CompactUnit(rawValue: Int(plan.a.key & 7)) else { return nil }
            let elapsed = unit == .second || unit == .minute || unit == .hour
            return (Count(unit: elapsed ? .elapsed : .calendar, n: plan.a.key >> 3), unit)
        default: return nil
        }
    }

    private func relativeBoundary(_ t: Int64, _ e: Int64, _ future: Bool, _ count: Count, _ unit: CompactUnit) throws(FeedDateError) -> Int64 {
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
        default: return try shifted(wt, 0, 0, count.n + 1)  // at most 7 days: before any month
        }
    }
}
