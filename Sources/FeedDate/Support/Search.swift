// Gallop-then-bisect search over a monotone predicate on n >= 0.

/// The largest n >= 0 with fits(n), for a predicate that holds at 0 and,
/// once false, stays false for every larger n. Starts from `estimate`
/// (a guess that need not be right): when it fits, gallops upwards from it
/// in doubling steps, then bisects the last step; when it does not, bisects
/// [0, estimate). A good estimate costs two or three calls to `fits`.
func largest<E: Error>(estimate: Int64, _ fits: (Int64) throws(E) -> Bool) throws(E) -> Int64 {
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
