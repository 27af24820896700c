// The public Swift API: an immutable, thread-safe formatter.
import Glibc
import CFeedDateABI // FD_LABEL_CAPACITY

/// A label and what a UI needs besides its text.
public struct FeedDateLabel: Sendable, Equatable {
    /// The label.
    public var text: String
    /// The earliest instant (ms since the epoch) after `now` at which the text
    /// changes; nil when it never changes again inside the supported range.
    public var nextChangeMs: Int64?
    /// Byte offsets into `text.utf8` of the day part (relative word, weekday
    /// or date); an empty range where there is none.
    public var dayPart: Range<Int>
    /// Byte offsets into `text.utf8` of the time part; empty where there is none.
    public var timePart: Range<Int>
    /// COUNTDOWN: the deadline has been reached.
    public var expired: Bool

    /// The day part as text ("昨天" of "昨天 11:11").
    public var dayText: Substring { Self.slice(text, dayPart) }
    /// The time part as text ("11:11" of "昨天 11:11").
    public var timeText: Substring { Self.slice(text, timePart) }

    private static func slice(_ s: String, _ r: Range<Int>) -> Substring {
        let u = s.utf8
        return Substring(
            u[u.index(u.startIndex, offsetBy: r.lowerBound)..<u.index(u.startIndex, offsetBy: r.upperBound)])
    }
}

/// Turns instants into feed, chat and countdown labels (SPEC section 3).
///
/// Create one per (style, options, locale, zone) and reuse it: creation opens
/// ICU data, labels are cheap. Immutable and safe to share between threads.
/// Named so that it does not clash with Foundation's `Formatter`.
///
/// ```swift
/// let f = try FeedDateFormatter(FeedDateOptions(style: .chatList, locale: "zh_CN", timeZone: "Asia/Shanghai"))
/// let l = try f.label(1711281600000, now: 1711348200000)   // "昨天", next change at midnight
/// ```
public final class FeedDateFormatter: Sendable {
    /// The options the formatter was made with.
    public let options: FeedDateOptions
    /// The locale ICU resolved the requested id to ("zh_CN", "ja_JP@calendar=japanese").
    public let locale: String
    /// The zone id in use.
    public let timeZone: String
    /// The zone data: "tzdata 2025b" when a database file was read, "posix"
    /// for a POSIX TZ string or UTC read from none (SPEC section 1).
    public let tzSource: String
    let rules: Rules
    /// The views of the local day of the latest `now` and of the day after
    /// (see SharedView.swift).
    let sharedView = SharedView()
    let sharedNextView = SharedView()
    /// Next changes of day labels (see Validity.swift) by days back: for
    /// the view of the latest now, and for the view of a schedule's entries
    /// after the first (most often the next local day), which must not put
    /// out the first.
    let memo: NextChangeMemo
    let aheadMemo: NextChangeMemo
    /// RELATIVE's and COMPACT's counts of two or more days back, by key
    /// (holding none for other styles).
    let countMemo: CountMemo

    /// The formatters the markup needs besides this one (FEED_DETAIL for
    /// the title, the spoken twin), made when first asked for
    /// (API/Companions.swift).
    let companions = Companions()

    /// A formatter of `options`: throws `.argument` for an option out of
    /// range, `.locale` or `.timeZone` for an id without data (the message
    /// names it), as `fd_formatter_new`.
    public convenience init(_ options: FeedDateOptions) throws(FeedDateError) {
        try self.init(options, unreadableID: nil)
    }

    /// The one path that makes a formatter from a caller's options, and so
    /// the one place they are validated: fd_formatter_new passes as
    /// `unreadableID` the error of a locale or zone id it could not read as
    /// text (not UTF-8), thrown only once the options are known good, as an
    /// id without data is.
    package convenience init(_ options: FeedDateOptions, unreadableID: FeedDateError?) throws(FeedDateError) {
        try options.validate()
        if let unreadableID { throw unreadableID }
        try MemoryHeadroom.check(MemoryHeadroom.creation, for: "creating a formatter")
        let localeID = try LocaleID(options.locale)
        if options.style.needsCountdownDigits { try localeID.checkCountdownDigits() }
        try self.init(options, localeID: localeID, zone: try Zone(options.timeZone))
    }

    /// A formatter of valid `options` whose locale and zone are known
    /// (a companion shares its formatter's zone: no second read of the file).
    init(_ options: FeedDateOptions, localeID: LocaleID, zone: Zone) throws(FeedDateError) {
        let services = try LocaleServices.shared(
            locale: localeID, hourCycle: options.hourCycle,
            width: options.width, texts: options.texts)
        self.options = options
        self.locale = services.resolvedLocale
        self.timeZone = zone.id
        self.tzSource = zone.source
        self.rules = Rules(options: options, zone: zone, services: services)
        memo = NextChangeMemo(slots: options.style.holdsForDay ? NextChangeMemo.slotCount : 0)
        aheadMemo = NextChangeMemo(slots: options.style.holdsForDay ? NextChangeMemo.slotCount : 0)
        countMemo = CountMemo(holdsCounts: options.style.countsBack)
    }

    /// The label of instant `t` (ms since the epoch) as seen at `now`.
    public func label(_ t: Int64, now: Int64) throws(FeedDateError) -> FeedDateLabel {
        func make(_ buf: UnsafeMutableRawBufferPointer) throws(FeedDateError) -> FeedDateLabel? {
            let w = try write(t, now: now, into: buf.baseAddress, capacity: buf.count)
            guard w.length <= buf.count else { return nil }
            return FeedDateLabel(
                text: String(decoding: UnsafeRawBufferPointer(rebasing: buf[..<w.length]), as: UTF8.self),
                nextChangeMs: w.nextChange == Rules.never ? nil : w.nextChange,
                dayPart: w.day, timePart: w.time, expired: w.expired)
        }
        if let l = try withUnsafeTemporaryAllocation(byteCount: FeedDateFormatter.capacity, alignment: 1, make) {
            return l
        }
        // Longer than any label we know of: write it again into a buffer that fits.
        let length = try write(t, now: now, into: nil, capacity: 0).length
        let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 1)
        defer { buf.deallocate() }
        return try make(buf)!
    }

    /// Just the text.
    public func format(_ t: Int64, now: Int64) throws(FeedDateError) -> String {
        try label(t, now: now).text
    }

    /// Every label fits in this many bytes (FD_LABEL_CAPACITY, less its NUL).
    package static let capacity = Int(FD_LABEL_CAPACITY) - 1

    /// Writes the UTF-8 text of the label into `base[0..<capacity]` (nothing
    /// past it; a text that does not fit is not written whole) and reports
    /// its full length, parts, expired flag and next change (Int64.max for
    /// never). The C exports use this directly.
    /// `nextChange: false` skips the next change (reported as Int64.max) for
    /// callers that do not read it.
    package func write(
        _ t: Int64, now: Int64, into base: UnsafeMutableRawPointer?, capacity: Int, nextChange wanted: Bool = true
    ) throws(FeedDateError) -> FeedDateWritten {
        var views = try knownViews(now)
        let w = try write(
            t, now: now, into: base, capacity: capacity, &views, unlessFrom: wanted ? Rules.never : Int64.min)
        keep(views, now)
        return w
    }

    /// `write` for a schedule's entry after the first (Schedule.swift): at a
    /// now ahead of the real one, with the schedule's own `views`, carried
    /// from entry to entry. It reads the formatter's views and stores into
    /// none of them nor into the memos of now's day (its next changes go to
    /// the memo of schedules), so the labels formatted at the real now find
    /// their caches as they left them.
    func writeAhead(
        _ t: Int64, now: Int64, into base: UnsafeMutableRawPointer?, capacity: Int, _ views: inout Views
    ) throws(FeedDateError) -> FeedDateWritten {
        guard FeedDateRange.contains(now) else { throw .range(now) }
        views.next = sharedNextView
        try views.move(to: now, known: sharedView, rules.makeView)
        return try write(t, now: now, into: base, capacity: capacity, &views, unlessFrom: Rules.never)
    }

    /// Writes the labels of ts[0..<count] one after another into
    /// base[0..<capacity] (a label that does not fit is not written whole;
    /// nothing past capacity is), ends[i] = the end of label i; returns the
    /// earliest next change (Int64.max when `nextChange` is false). The views
    /// of `now` are looked up once, and a label's next change is worked out
    /// only when it could come before the earliest found so far.
    /// `nul`: a 0 byte follows each label (written where it fits, counted in
    /// ends[i] either way), so that label i is a C string and the batch is one
    /// text that splits at its NULs (fd_format_many_nul).
    package func writeMany(
        _ ts: UnsafePointer<Int64>, count: Int, now: Int64,
        into base: UnsafeMutableRawPointer?, capacity: Int, ends: UnsafeMutablePointer<Int>,
        nextChange wanted: Bool = true,
        nul: Bool = false
    ) throws(FeedDateError) -> Int64 {
        var views = try knownViews(now)
        var used = 0, earliest = wanted ? Rules.never : Int64.min
        // Labels that read the same across a key are written once and copied:
        // FEED's and CHAT_LIST's days (BatchDayCopies), RELATIVE's and
        // COMPACT's counts of two or more days (BatchCountCopies).
        let copying = options.style.dayTextHoldsForDay && base != nil && count >= 8
        let calm =
            base != nil && count >= BatchCountCopies.minimumBatch ? views.now.flatMap { rules.countCalm(now, $0) } : nil
        // The counts' table from malloc: without the memory, the batch works every count out.
        let countTable = calm != nil ? malloc(BatchCountCopies.words * MemoryLayout<Int64>.size) : nil
        defer { free(countTable) }
        let counts = countTable.map {
            BatchCountCopies(
                UnsafeMutableBufferPointer(start: $0.assumingMemoryBound(to: Int64.self), count: BatchCountCopies.words)
            )
        }
        return try withUnsafeTemporaryAllocation(of: Int64.self, capacity: copying ? BatchDayCopies.words : 0) {
            (table: UnsafeMutableBufferPointer<Int64>) throws(FeedDateError) -> Int64 in
            let copies = copying ? BatchDayCopies(table) : nil
            for i in 0..<count {
                let t = ts[i]
                var slot = -1, countKey: (key: Int64, wt: Int64)? = nil
                if let counts, let view = views.now, let calm, let k = rules.countKey(t, now, view, calm),
                    BatchCountCopies.holds(k.key)
                {
                    if let (start, length, days) = counts.written(k.key) {
                        // The same count, so the same text; its next change at t's time of day,
                        // unless that lies outside what calm knows (then worked out whole below).
                        let next = wanted ? rules.countNextChange(k.wt, days, calm) : Rules.never
                        if let next {
                            if used + length <= capacity {
                                (base! + used).copyMemory(from: base! + start, byteCount: length)
                            }
                            used += length
                            if nul { used = Self.terminate(base, used, capacity) }
                            earliest = min(earliest, next <= FeedDateRange.maxInstantMs ? next : Rules.never)
                            ends[i] = used
                            continue
                        }
                    } else {
                        countKey = k
                    }
                } else if let copies, let view = views.now, FeedDateRange.contains(t),
                    let day = rules.dayLabel(t, now, localDay: rules.zone.localDay(t), view), day.textByDay
                {
                    slot = copies.slot(day.daysBack)
                    // Its next change is needed only when it could come before earliest.
                    if Validity.untilDayChange(day).earliestChange(now: now) >= earliest,
                        let (start, length) = copies.written(slot, day.daysBack)
                    {
                        if used + length <= capacity {
                            (base! + used).copyMemory(from: base! + start, byteCount: length)
                        }
                        used += length
                        if nul { used = Self.terminate(base, used, capacity) }
                        ends[i] = used
                        continue
                    }
                    copies.claim(slot, day.daysBack)
                }
                let room = max(capacity - used, 0)
                let w = try write(
                    t, now: now, into: room > 0 ? base.map { $0 + used } : nil, capacity: room, &views,
                    unlessFrom: earliest)
                if slot >= 0 {
                    copies.unsafelyUnwrapped.record(
                        slot, start: used, length: w.length, whole: used + w.length <= capacity)
                }
                if let k = countKey, used + w.length <= capacity, let calm, let view = views.now {
                    // The count the label was written from, remembered in the count memo (else worked out again).
                    let tDay = floorDiv(k.wt, msPerDay)
                    let days =
                        (countMemo.load(k.key, nowDay: view.day, tDay: tDay)
                        ?? rules.gregorianDayCount(k.wt, calm.wall(now), span: now - t)).next
                    counts.unsafelyUnwrapped.record(k.key, start: used, length: w.length, days: days)
                }
                used += w.length
                if nul { used = Self.terminate(base, used, capacity) }
                earliest = min(earliest, w.nextChange)
                ends[i] = used
            }
            keep(views, now)
            return wanted ? earliest : Rules.never
        }
    }

    /// writeMany's NUL after a label that ends at `used`, written when it fits
    /// (base is not nil when capacity > 0); the end past it.
    @inline(__always)
    private static func terminate(_ base: UnsafeMutableRawPointer?, _ used: Int, _ capacity: Int) -> Int {
        if used < capacity { base.unsafelyUnwrapped.storeBytes(of: 0, toByteOffset: used, as: UInt8.self) }
        return used + 1
    }

    /// One label. Its next change is left out (reported as Int64.max) when it
    /// cannot come before `limit`: Int64.max asks for every next change but
    /// "never", Int64.min for none.
    @inline(__always)
    private func write(
        _ t: Int64, now: Int64, into base: UnsafeMutableRawPointer?, capacity: Int, _ views: inout Views,
        unlessFrom limit: Int64
    ) throws(FeedDateError) -> FeedDateWritten {
        guard FeedDateRange.contains(t) else { throw .range(t) }
        if countMemo.holdsCounts {
            return try writeCount(t, now: now, into: base, capacity: capacity, &views, unlessFrom: limit)
        }
        let plan = try rules.plan(t, now, &views)
        return try write(plan, t, now: now, into: base, capacity: capacity, &views, unlessFrom: limit)
    }

    /// `write` for the styles with counts (RELATIVE, COMPACT): a count two or
    /// more days back comes from the count memo. Apart, so that the other
    /// styles' calls keep theirs inline.
    @inline(never)
    private func writeCount(
        _ t: Int64, now: Int64, into base: UnsafeMutableRawPointer?, capacity: Int, _ views: inout Views,
        unlessFrom limit: Int64
    ) throws(FeedDateError) -> FeedDateWritten {
        let plan: Plan
        if let p = rememberedCount(t, now, views) { plan = p } else { plan = try rules.plan(t, now, &views) }
        return try write(plan, t, now: now, into: base, capacity: capacity, &views, unlessFrom: limit)
    }

    /// The label of `plan`, t's at now.
    @inline(__always)
    private func write(
        _ plan: Plan, _ t: Int64, now: Int64, into base: UnsafeMutableRawPointer?, capacity: Int, _ views: inout Views,
        unlessFrom limit: Int64
    ) throws(FeedDateError) -> FeedDateWritten {
        var sink = Sink(base: base, capacity: capacity)
        var parts = try rules.write(plan, to: &sink)
        if !options.style.hasParts { parts = Parts() }
        let validity = rules.validity(t, now, plan, views)
        // Not needed when it cannot come before limit.
        let next =
            validity.earliestChange(now: now) >= limit ? Rules.never : try nextChange(t, now, plan, validity, &views)
        return FeedDateWritten(
            length: sink.length, nextChange: next, day: parts.day, time: parts.time, expired: plan.expired)
    }

    /// The plan of a RELATIVE or COMPACT count two or more days back by its
    /// key, from the count memo (worked out and remembered there on a miss);
    /// nil for every other label, which the rules plan in full.
    @inline(__always)
    private func rememberedCount(_ t: Int64, _ now: Int64, _ views: Views) -> Plan? {
        guard let view = views.now, let calm = rules.countCalm(now, view),
            let k = rules.countKey(t, now, view, calm)
        else { return nil }
        let tDay = floorDiv(k.wt, msPerDay)
        if let c = countMemo.load(k.key, nowDay: view.day, tDay: tDay) { return rules.countPlan(c, k.wt, calm) }
        let c = rules.gregorianDayCount(k.wt, calm.wall(now), span: now - t)
        if !views.ahead { countMemo.store(k.key, c, nowDay: view.day, tDay: tDay) }
        return rules.countPlan(c, k.wt, calm)
    }

    /// The next change of a label: from its validity when that knows it,
    /// from the memo for a day label whose next change is its day's (or
    /// worked out and remembered there), else by walking the rules.
    @inline(never)
    private func nextChange(_ t: Int64, _ now: Int64, _ plan: Plan, _ validity: Validity, _ views: inout Views)
        throws(FeedDateError) -> Int64
    {
        switch validity {
        case .until(let x): return x
        case .never: return Rules.never
        case .untilDayChange(let day) where try rules.memoKeeps(day, plan):
            // A schedule's entries after the first have a memo of their own (see `aheadMemo`).
            let view = views.now.unsafelyUnwrapped, slot = NextChangeMemo.slot(daysBack: day.daysBack)
            if let next = views.ahead ? aheadMemo.load(slot, at: view) : memo.load(slot, at: view) { return next }
            let next = try rules.nextChange(t, now, current: plan, &views)
            if views.ahead { aheadMemo.store(slot, next, at: view) } else { memo.store(slot, next, at: view) }
            return next
        case .untilDayChange, .walk:
            return try rules.nextChange(t, now, current: plan, &views)
        }
    }

    /// The views of now's day and the next that other calls already made, or
    /// now's day made here (and kept for later calls by `keep`). Checks now.
    @inline(__always)
    private func knownViews(_ now: Int64) throws(FeedDateError) -> Views {
        guard FeedDateRange.contains(now) else { throw .range(now) }
        var views = Views(now: sharedView.load(covering: now))
        if views.now == nil { _ = try views.at(now, rules.makeView) }
        views.next = sharedNextView
        return views
    }

    /// Offers the views this call made to the calls that come after it.
    @inline(__always)
    private func keep(_ views: Views, _ now: Int64) {
        guard views.made, let v = views.now, v.covers(now) else { return }
        if sharedView.load(covering: now) == nil { sharedView.store(v) }
        if let w = views.other, w.from == v.until, sharedNextView.load(covering: w.from) == nil {
            sharedNextView.store(w)
        }
    }
}

/// What `write` reports besides the bytes.
package struct FeedDateWritten {
    package var length = 0
    /// Int64.max for never.
    package var nextChange = Int64.max
    package var day: Range<Int> = 0..<0
    package var time: Range<Int> = 0..<0
    package var expired = false
    package init() {}
    init(length: Int, nextChange: Int64, day: Range<Int>, time: Range<Int>, expired: Bool) {
        (self.length, self.nextChange, self.day, self.time, self.expired) = (length, nextChange, day, time, expired)
    }
}
