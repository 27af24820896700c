// A zone's UT offset as a function of the instant, and the three queries the
// rules ask of it: the offset at an instant, the next offset change, and the
// instant of a wall-clock time.
//
// Labels ask for offsets several times each, so a zone is expanded once into
// a flat list of its offset changes, in raw memory (no arrays, so the hot path
// touches no reference counts), shared by every formatter of the zone through
// the cache in ZoneDatabase.swift. From 1800 to past 2400 the list is indexed by buckets of
// 2^32 ms (about 50 days): an offset there is one bucket read and a step or
// two. Elsewhere within the list's span a binary search finds it. Outside the
// span, the zone's own rules answer: the TZif footer or the last
// offset for a file without footer.
//
// From a TZif file: before the first transition, time type 0 (usually local
// mean time) applies; after the last one, the footer. The list holds the
// stored changes, the hand-over to the footer, and the footer's changes up to
// the end of the bucketed span. (A file whose transitions all lie before the
// supported range is read as its footer alone: nothing asks about instants
// that early.)

/// The rules of a zone outside its listed span.
enum OuterRules: Sendable {
    /// One offset (ms) forever: a TZif file without footer, after its last change.
    case fixed(Int64)
    /// The POSIX TZ footer of a TZif file.
    case footer(PosixTZ)

    func offsetMs(at ms: Int64) -> Int64 {
        switch self {
        case .fixed(let offset): return offset
        case .footer(let footer): return Int64(footer.offset(atSeconds: floorDiv(ms, 1000))) * 1000
        }
    }

    /// The first instant > ms at which the offset changes, or nil; footer changes are looked for up to the search limit.
    func nextOffsetChange(after ms: Int64) -> Int64? {
        switch self {
        case .fixed:
            return nil
        case .footer(let footer):
            guard footer.daylight?.changes == true else { return nil }
            // Footer transitions fall on whole seconds: t * 1000 > ms  <=>  t > floor(ms / 1000).
            var seconds = floorDiv(ms, 1000)
            let limitSeconds = TransitionTable.changeSearchLimit / 1000
            while let t = footer.nextTransition(afterSeconds: seconds), t <= limitSeconds {
                if footer.offset(atSeconds: t) != footer.offset(atSeconds: t - 1) { return t * 1000 }
                seconds = t
            }
            return nil
        }
    }
}

/// A zone's offset changes in raw, immutable arrays (see the file comment).
final class TransitionTable: @unchecked Sendable {
    /// Offset changes, strictly ascending, and the offset (ms) from each on.
    let times: UnsafeMutablePointer<Int64>
    let offsets: UnsafeMutablePointer<Int64>
    let count: Int
    /// The offset before the first listed change.
    let initialOffset: Int64
    /// The list decides every instant in [listFrom, listTo); `outside` the others.
    let listFrom: Int64, listTo: Int64
    let outside: OuterRules
    /// Listed changes up to `changeSearchLimit` (the later ones are not reported).
    let reportableCount: Int
    /// The next change after the last reportable listed one: the first change
    /// at or after listTo when it is reportable, else Int64.max (none).
    let changeAfterReportable: Int64
    /// buckets[b] = index of the first change after bucketFrom + b << 32.
    let buckets: UnsafeMutablePointer<Int32>
    let bucketFrom: Int64
    /// bucketCount << 32: the bucketed span is [bucketFrom, bucketFrom + bucketSpan).
    let bucketSpan: Int64
    /// The changes within [coverageStart, coverageEnd) at which the local date
    /// goes back (a fall-back across midnight): rare, so usually none.
    let regressions: [Int64]
    /// Whether the wall clock somewhere goes back over wall times it skipped
    /// in a gap before (changes closer together than their jumps: no zone of
    /// the tz database, only hand-made ones). There, "the first occurrence"
    /// of a wall time and "moved forward by the gap" contradict each other,
    /// and instant(fromWall:) becomes the first instant the clock reads that
    /// time or later, which keeps it monotone (RELIABILITY.md, finding 18).
    let unruly: Bool

    /// Every list covers [coverageStart, coverageEnd): the supported range with
    /// three days to spare before it, and the bucketed span after it.
    static let coverageStart = FeedDateRange.minInstantMs - 3 * msPerDay
    static let bucketStart = daysFromCivil(1800, 1, 1) * msPerDay
    static let bucketCount = Int((daysFromCivil(2400, 1, 1) * msPerDay - bucketStart) >> 32) + 1
    static let coverageEnd = bucketStart + Int64(bucketCount) << 32

    /// Largest |UT offset| in ms that a zone can have: TZif types are limited to
    /// -89999 ... 93599 s (RFC 8536 section 3.2), footer offsets to ±24:59:59.
    static let maxOffsetMs: Int64 = 93_600_000

    /// No offset change later than this is reported: the end of the supported
    /// range (9999-12-31T23:59:59.999Z) plus two days.
    static let changeSearchLimit: Int64 = 253_402_300_799_999 + 2 * 86_400_000

    /// The list (changes in (listFrom, listTo) and the offset at listFrom) and
    /// the rules outside it.
    private init(
        times t: [Int64], offsets o: [Int64], initialOffset: Int64,
        listFrom: Int64, listTo: Int64, outside: OuterRules
    ) {
        count = t.count
        times = .allocate(capacity: max(1, count))
        offsets = .allocate(capacity: max(1, count))
        times.initialize(from: t, count: count)
        offsets.initialize(from: o, count: count)
        self.initialOffset = initialOffset
        self.listFrom = listFrom
        self.listTo = listTo
        self.outside = outside
        var reportable = count
        while reportable > 0 && t[reportable - 1] > Self.changeSearchLimit { reportable -= 1 }
        reportableCount = reportable
        let afterList = listTo == .max ? nil : outside.nextOffsetChange(after: listTo - 1)
        if reportable == count, let afterList, afterList <= Self.changeSearchLimit {
            changeAfterReportable = afterList
        } else {
            changeAfterReportable = .max
        }

        var back: [Int64] = []
        for i in 0..<count where t[i] >= Self.coverageStart && t[i] < Self.coverageEnd {
            let before = i == 0 ? initialOffset : o[i - 1]
            if floorDiv(t[i] + o[i], msPerDay) < floorDiv(t[i] - 1 + before, msPerDay) { back.append(t[i]) }
        }
        regressions = back
        unruly = Self.goesBackOverAGap(t, o, initialOffset: initialOffset)

        bucketFrom = Self.bucketStart
        bucketSpan = Int64(Self.bucketCount) << 32
        buckets = .allocate(capacity: Self.bucketCount)
        var index = 0
        for b in 0..<Self.bucketCount {
            let start = bucketFrom + Int64(b) << 32
            while index < count && t[index] <= start { index += 1 }
            buckets[b] = Int32(index)
        }
    }

    /// Whether some change takes the wall clock back into wall times that an
    /// earlier change skipped (see `unruly`). A wall clock never goes back by
    /// more than 2 × maxOffsetMs, so older gaps are forgotten.
    private static func goesBackOverAGap(_ t: [Int64], _ o: [Int64], initialOffset: Int64) -> Bool {
        var gaps: [(from: Int64, to: Int64)] = []
        for i in 0..<t.count where t[i] >= coverageStart && t[i] < coverageEnd {
            let before = t[i] + (i == 0 ? initialOffset : o[i - 1]), after = t[i] + o[i]
            gaps.removeAll { $0.to < before - 2 * maxOffsetMs }
            if after > before {
                gaps.append((before, after))
            } else if after < before, gaps.contains(where: { $0.to > after && $0.from < before }) {
                return true
            }
        }
        return false
    }

    deinit {
        times.deallocate()
        offsets.deallocate()
        buckets.deallocate()
    }

    /// The offsets of a TZif file (see the file comment).
    convenience init(tzif: TZif) {
        // Convert to ms and keep only the transitions that change the offset.
        // Times that do not fit in Int64 ms are outside every instant we accept:
        // too early ones merely set the initial type, too late ones never happen
        // (and keep the footer from applying).
        var initial = tzif.offsets[0]
        var current = initial
        var times: [Int64] = [], offsets: [Int64] = []
        var last: Int64? // the last transition that fits, if any
        var droppedLate = false
        for (seconds, type) in zip(tzif.times, tzif.typeIndices) {
            let offset = tzif.offsets[Int(type)]
            let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            if overflow {
                if seconds > 0 {
                    droppedLate = true
                    break
                }
                initial = offset
                last = .min
            } else {
                if offset != current {
                    times.append(ms)
                    offsets.append(Int64(offset) * 1000)
                }
                last = ms
            }
            current = offset
        }
        let initialMs = Int64(initial) * 1000
        guard let footer = tzif.footer, !droppedLate else {
            self.init(
                times: times, offsets: offsets, initialOffset: initialMs,
                listFrom: .min, listTo: .max, outside: .fixed(offsets.last ?? initialMs))
            return
        }
        let rules = OuterRules.footer(footer)
        let footerStart = last ?? .min
        var from = footerStart
        var listFrom = Int64.min, listTo = Self.coverageEnd
        var initialOffset = initialMs
        if footerStart >= Self.coverageStart {
            // The stored changes before the footer takes over, then the hand-over.
            while let t = times.last, t >= footerStart {
                times.removeLast()
                offsets.removeLast()
            }
            let handover = rules.offsetMs(at: footerStart)
            if handover != (offsets.last ?? initialMs) {
                times.append(footerStart)
                offsets.append(handover)
            }
            listTo = max(listTo, footerStart + 1)
        } else {
            times = []
            offsets = []
            listFrom = Self.coverageStart
            from = listFrom
            initialOffset = rules.offsetMs(at: listFrom)
        }
        while let next = rules.nextOffsetChange(after: from), next < listTo {
            times.append(next)
            offsets.append(rules.offsetMs(at: next))
            from = next
        }
        self.init(
            times: times, offsets: offsets, initialOffset: initialOffset,
            listFrom: listFrom, listTo: listTo, outside: rules)
    }

    // MARK: Queries
    //
    // The bucketed span is looked up inline; everything else goes through
    // functions kept out of line, so the hot path stays small. "No change" is
    // Int64.max inside (no reportable change is that late).

    /// UT offset (ms) in force at instant ms; any Int64.
    @inline(__always)
    func offsetMs(at ms: Int64) -> Int64 {
        let rel = ms &- bucketFrom
        guard rel >= 0 && rel < bucketSpan else { return offsetOutsideBuckets(ms) }
        return offset(before: scan(from: Int(buckets[Int(rel >> 32)]), ms))
    }

    /// The first instant > ms at which the offset changes, or nil if none up
    /// to `changeSearchLimit`.
    @inline(__always)
    func nextOffsetChange(after ms: Int64) -> Int64? {
        let rel = ms &- bucketFrom
        let next =
            rel >= 0 && rel < bucketSpan
            ? change(at: scan(from: Int(buckets[Int(rel >> 32)]), ms))
            : changeOutsideBuckets(after: ms)
        return next == .max ? nil : next
    }

    /// The offset in force at ms and the next change after it (Int64.max:
    /// none), in one lookup.
    @inline(__always)
    private func piece(at ms: Int64) -> (offset: Int64, end: Int64) {
        let rel = ms &- bucketFrom
        guard rel >= 0 && rel < bucketSpan else { return (offsetOutsideBuckets(ms), changeOutsideBuckets(after: ms)) }
        let i = scan(from: Int(buckets[Int(rel >> 32)]), ms)
        return (offset(before: i), change(at: i))
    }

    /// The offset from the listed change before index i.
    @inline(__always)
    private func offset(before i: Int) -> Int64 { i == 0 ? initialOffset : offsets[i - 1] }

    /// The reportable change at index i or after, Int64.max when none.
    @inline(__always)
    private func change(at i: Int) -> Int64 { i < reportableCount ? times[i] : changeAfterReportable }

    /// Index of the first listed change strictly after ms, from an index at or before it.
    @inline(__always)
    private func scan(from start: Int, _ ms: Int64) -> Int {
        var i = start
        while i < count && times[i] <= ms { i += 1 }
        return i
    }

    /// Index of the first listed change strictly after ms (= the number at or
    /// before it), by binary search; nil when the list does not decide ms.
    private func search(after ms: Int64) -> Int? {
        guard ms >= listFrom && ms < listTo else { return nil }
        var low = 0, high = count
        while low < high {
            let mid = (low + high) >> 1
            if times[mid] <= ms { low = mid + 1 } else { high = mid }
        }
        return low
    }

    @inline(never)
    private func offsetOutsideBuckets(_ ms: Int64) -> Int64 {
        guard let i = search(after: ms) else { return outside.offsetMs(at: ms) }
        return offset(before: i)
    }

    @inline(never)
    private func changeOutsideBuckets(after ms: Int64) -> Int64 {
        if let i = search(after: ms) { return change(at: i) }
        guard let next = outside.nextOffsetChange(after: ms), next <= Self.changeSearchLimit else { return .max }
        return next
    }

    /// Wall-clock time (instant + offset, ms) to instant: a wall time in a gap
    /// moves forward by the gap, a repeated one means its first occurrence.
    ///
    /// Every instant i with i + offset(i) = wall lies within the largest
    /// possible offset of wall, so walk the constant-offset pieces from there.
    /// The first piece that contains wall − offset gives the earliest
    /// occurrence; a piece whose local times start after wall means wall fell
    /// into the gap before it, and moves forward by the gap.
    @inline(__always)
    func instant(fromWall wall: Int64) -> Int64 {
        if unruly { return firstInstant(wallAtLeast: wall) }
        var (offset, end) = piece(at: wall.subtractingSaturating(Self.maxOffsetMs))
        var candidate = wall.subtractingSaturating(offset)
        while candidate >= end && end != .max {
            let previousOffset = offset, pieceStart = end
            (offset, end) = piece(at: pieceStart)
            candidate = wall.subtractingSaturating(offset)
            if candidate < pieceStart { return wall.subtractingSaturating(previousOffset) }
        }
        return candidate
    }

    /// The first instant at or after `from` whose wall-clock time is `wall`
    /// or later: the first occurrence of `wall`, or where `wall` falls in a
    /// gap, the change that skipped it (unlike instant(fromWall:), which
    /// moves it forward by the gap). From `wall - maxOffsetMs` (the default)
    /// it is the first instant ever; from later, it may be `wall` coming
    /// again after the clock went back. Walks the pieces of constant offset:
    /// a few, as no wall time is more than maxOffsetMs from its instant.
    func firstInstant(wallAtLeast wall: Int64, from: Int64? = nil) -> Int64 {
        var start = from ?? wall.subtractingSaturating(Self.maxOffsetMs)
        var (offset, end) = piece(at: start)
        while true {
            let candidate = max(start, wall.subtractingSaturating(offset))
            if candidate < end || end == .max { return candidate }
            start = end
            (offset, end) = piece(at: start)
        }
    }

    /// The first change in `regressions` after ms, or nil.
    func regression(after ms: Int64) -> Int64? {
        var low = 0, high = regressions.count
        while low < high {
            let mid = (low + high) >> 1
            if regressions[mid] <= ms { low = mid + 1 } else { high = mid }
        }
        return low < regressions.count ? regressions[low] : nil
    }
}

extension Int64 {
    /// self - other, clamped to Int64's range instead of trapping.
    func subtractingSaturating(_ other: Int64) -> Int64 {
        let (result, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return result }
        return other > 0 ? .min : .max
    }
}
