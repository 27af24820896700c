// When the label shown now began: the other end of next_change (SPEC
// section 4), which DiscreteFormatStyle's discreteInput(before:) needs
// (section 12). Found with next_change itself and Search.swift's search, so
// no rule is written a second time, and no cache of the formatter is touched.
//
// Why that finds it: the label of t at y is the one shown at now, and stays
// so all the way to now, exactly when next_change(t, y) > now (the label is
// the same on [y, next_change) and differs there). That holds at y = now
// and, once it fails going back, fails for every earlier y: a monotone
// predicate of n = now - y, whose largest n `largest` finds by galloping
// back from now and bisecting the last step.

extension FeedDateFormatter {
    /// The first instant of the run over which `t`'s label is the one shown
    /// at `now` (ms since the epoch): `label(t, now: y)` has the same text for
    /// every y in [start, now], and a different one at start - 1. nil when
    /// that label is shown from the start of the supported range on (there
    /// is no earlier instant with another label).
    ///
    /// Costs one plan and one next change per step of the search: about
    /// 2 log2(now - start) of them (some 50 for a label a day old).
    public func labelStart(_ t: Int64, now: Int64) throws(FeedDateError) -> Int64? {
        guard FeedDateRange.contains(t) else { throw .range(t) }
        guard FeedDateRange.contains(now) else { throw .range(now) }
        let back = try largest(estimate: 0) { (n: Int64) throws(FeedDateError) -> Bool in
            let y = now - n
            guard y >= FeedDateRange.minInstantMs else { return false }
            return try nextChangeUncached(t, y) > now
        }
        let start = now - back
        return start == FeedDateRange.minInstantMs ? nil : start
    }

    /// The next change of t's label at `now` (Int64.max: never), from the
    /// rules alone: the same plan and walk as `label`, without reading or
    /// filling the formatter's views and memo, which hold the latest now's
    /// day for the calls that format at the real now.
    private func nextChangeUncached(_ t: Int64, _ now: Int64) throws(FeedDateError) -> Int64 {
        var views = Views()
        _ = try views.at(now, rules.makeView) // views.now is now's view, as label() has it
        let plan = try rules.plan(t, now, &views)
        return try rules.nextChange(t, now, current: plan, &views)
    }
}
