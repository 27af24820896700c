// An instant as HTML's `datetime` attribute gives it (SPEC section 11, 1.3):
// UTC, `YYYY-MM-DDTHH:MM:SS.sssZ`, four-digit years (the supported range is
// years 1 to 9999), milliseconds always written.

enum UTCStamp {
    /// `ms` must be in the supported range (years 1 to 9999): the markup
    /// writes the stamp only after the schedule's walk has checked t.
    static func bytes(_ ms: Int64) -> [UInt8] {
        precondition(FeedDateRange.contains(ms), "UTCStamp: an instant outside the supported range")
        let day = floorDiv(ms, msPerDay), inDay = floorMod(ms, msPerDay)
        let (y, m, d) = civilFromDays(day)
        var out: [UInt8] = []
        out.reserveCapacity(24)
        func digits(_ v: Int64, _ n: Int) {
            var p: Int64 = 1
            for _ in 1..<n { p *= 10 }
            var v = v
            while p > 0 { out.append(UInt8(ascii: "0") + UInt8(v / p)); v %= p; p /= 10 }
        }
        digits(y, 4); out.append(UInt8(ascii: "-")); digits(m, 2); out.append(UInt8(ascii: "-")); digits(d, 2)
        out.append(UInt8(ascii: "T"))
        digits(inDay / 3_600_000, 2); out.append(UInt8(ascii: ":"))
        digits(inDay / 60_000 % 60, 2); out.append(UInt8(ascii: ":"))
        digits(inDay / 1000 % 60, 2); out.append(UInt8(ascii: "."))
        digits(inDay % 1000, 3); out.append(UInt8(ascii: "Z"))
        return out
    }
}
