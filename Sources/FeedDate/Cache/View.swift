// What every label at one viewer instant shares: the local day, when it
// changes next, and the calendar year around it. A View holds for every
// instant of a local day, so a feed rendered at one now, or a server's calls
// all day long, compute it once. Formatters keep the last ones for later
// calls (SharedView.swift).

struct View: Equatable {
    /// Valid for instants in [from, until): `until` is the next change of the
    /// local day after `from`.
    var from: Int64
    var until: Int64
    var day: Int64
    /// Local days [yearStart, yearEnd) of the calendar year holding `day`.
    var yearStart: Int64
    var yearEnd: Int64
    /// The first instant of the next calendar year.
    var nextYear: Int64
    /// The zone's offset at `from`, and the first offset change after three
    /// days before `from` (Int64.max: none; Int64.min: not worked out), for
    /// Rules.calm.
    var offset: Int64 = 0
    var calmUntil: Int64 = Int64.min

    @inline(__always)
    func covers(_ x: Int64) -> Bool { x >= from && x < until }
    @inline(__always)
    func sameYear(_ day: Int64) -> Bool { day >= yearStart && day < yearEnd }
}

/// The views one call has met (usually now, and the next day at the
/// boundary of a label).
struct Views {
    var now: View?
    var other: View?
    /// Whether `at` made a view in this call (one for the formatter to keep).
    var made = false
    /// The formatter's view of the day after now's, read only when a call
    /// needs a view other than now's (most labels need none).
    unowned(unsafe) var next: SharedView? = nil

    /// The view of x, from those met so far or made (and kept) now.
    @inline(__always)
    mutating func at(_ x: Int64, _ make: (Int64) throws(FeedDateError) -> View) throws(FeedDateError) -> View {
        if let v = now, v.covers(x) { return v }
        if let v = other, v.covers(x) { return v }
        if other == nil, let v = next?.load(covering: x) {
            other = v
            return v
        }
        let v = try make(x)
        if now == nil { now = v } else { other = v }
        made = true
        return v
    }

    /// The local day and calendar year of x only: a known view, or `partial`
    /// (which leaves `until` and `nextYear` unset and is not kept).
    @inline(__always)
    func day(_ x: Int64, _ partial: (Int64) throws(FeedDateError) -> View) throws(FeedDateError) -> View {
        if let v = now, v.covers(x) { return v }
        if let v = other, v.covers(x) { return v }
        if other == nil, let v = next?.load(covering: x) { return v }
        return try partial(x)
    }
}
