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
    /// A call at a now ahead of the real one: a schedule's entries after
    /// the first. What it works out must not go into the caches of the
    /// latest now's day (the formatter's views, next-change memo and count
    /// memo), where it would put out the day of the calls at the real now:
    /// its next changes go to the formatter's memo of schedules instead, and
    /// its views stay its own.
    var ahead = false

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

    /// Views of their own for a call at a later now x (a schedule's next
    /// entry): now's view becomes x's, one met so far, else the formatter's
    /// (`known` and `next`, read only), else one made here; none is kept.
    @inline(__always)
    mutating func move(to x: Int64, known: SharedView, _ make: (Int64) throws(FeedDateError) -> View)
        throws(FeedDateError)
    {
        ahead = true
        if let v = now, v.covers(x) { return }
        if let v = other, v.covers(x) { (now, other) = (v, nil); return }
        (now, other) = (known.load(covering: x), nil)
        if now == nil, let v = next?.load(covering: x) { now = v }
        if now == nil { now = try make(x) }
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
