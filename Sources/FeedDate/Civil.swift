// Proleptic-Gregorian day arithmetic shared by the zone rules and the label core.
//
// Day numbers count days since 1970-01-01 (day 0, a Thursday); the calendar is
// proleptic Gregorian (no Julian cutover), year 0 = 1 BC. The conversions are
// Howard Hinnant's `days_from_civil` / `civil_from_days`
// (https://howardhinnant.github.io/date_algorithms.html), written with floor
// division so that negative days and years need no special cases.
//
// All functions use wrapping arithmetic: they never trap. Results are exact for
// |days| < 10^15 (about ±2.7 billion years), far beyond any instant the library
// accepts; outside that range the result is unspecified but harmless.

/// ⌊a / b⌋ for b > 0 (rounds toward negative infinity, unlike `/`).
@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b < 0) ? q &- 1 : q
}

/// a mod b in 0 ..< b for b > 0 (never negative, unlike `%`).
@inline(__always)
func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
    let r = a % b
    return r < 0 ? r &+ b : r
}

/// Day number (days since 1970-01-01) of the proleptic-Gregorian date y-m-d.
/// `m` is 1...12, `d` is 1...31; a day past the month's end rolls into the next month.
@inline(__always)
func daysFromCivil(_ y: Int64, _ m: Int64, _ d: Int64) -> Int64 {
    let y = m <= 2 ? y &- 1 : y
    let era = floorDiv(y, 400)
    let yoe = y &- era &* 400                                   // 0 ... 399
    let mp = m > 2 ? m &- 3 : m &+ 9                            // March = 0
    let doy = (153 &* mp &+ 2) / 5 &+ d &- 1                    // 0 ... 365
    let doe = yoe &* 365 &+ yoe / 4 &- yoe / 100 &+ doy         // 0 ... 146096
    return era &* 146_097 &+ doe &- 719_468
}

/// The proleptic-Gregorian date (year, month 1...12, day 1...31) of day number `z`.
@inline(__always)
func civilFromDays(_ z: Int64) -> (y: Int64, m: Int64, d: Int64) {
    let z = z &+ 719_468
    let era = floorDiv(z, 146_097)
    let doe = z &- era &* 146_097                                        // 0 ... 146096
    let yoe = (doe &- doe / 1460 &+ doe / 36524 &- doe / 146_096) / 365  // 0 ... 399
    let doy = doe &- (365 &* yoe &+ yoe / 4 &- yoe / 100)                // 0 ... 365
    let mp = (5 &* doy &+ 2) / 153                                       // March = 0
    let d = doy &- (153 &* mp &+ 2) / 5 &+ 1
    let m = mp < 10 ? mp &+ 3 : mp &- 9
    let y = yoe &+ era &* 400
    return (m <= 2 ? y &+ 1 : y, m, d)
}

/// Whether proleptic-Gregorian year `y` has a February 29.
@inline(__always)
func isLeapYear(_ y: Int64) -> Bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

/// Days in month `m` (1...12) of proleptic-Gregorian year `y`.
@inline(__always)
func daysInMonth(_ y: Int64, _ m: Int64) -> Int64 {
    m == 2 ? (isLeapYear(y) ? 29 : 28) : (m == 4 || m == 6 || m == 9 || m == 11) ? 30 : 31
}

/// Wall-clock milliseconds of the civil date `date` at `time` ms into its day,
/// moved by whole months (negative: back), the day of month pinned to the
/// target month's length: January 31 plus one month is February 28 or 29.
/// Gregorian month arithmetic, for every caller that adds months.
@inline(__always)
func shiftMonths(_ date: (y: Int64, m: Int64, d: Int64), time: Int64, by months: Int64) -> Int64 {
    let total = date.y &* 12 &+ (date.m &- 1) &+ months
    let y = floorDiv(total, 12), m = floorMod(total, 12) &+ 1
    return daysFromCivil(y, m, min(date.d, daysInMonth(y, m))) &* msPerDay &+ time
}

/// The proleptic-Gregorian year of day number `day`, with a table for
/// 1900 ... 2100 (two multiplications instead of `civilFromDays`). The table
/// is raw memory: no reference counting when threads share it.
@inline(__always)
func gregorianYear(ofDay day: Int64) -> Int64 {
    let rel = day &- januaryFirsts1900[0]
    if rel >= 0 && rel < januaryFirsts1900[201] &- januaryFirsts1900[0] {
        // 365.25 days a year is within a day of right over two centuries.
        var i = Int(rel &* 4 / 1461)
        if day < januaryFirsts1900[i] { i -= 1 } else if day >= januaryFirsts1900[i + 1] { i += 1 }
        return 1900 + Int64(i)
    }
    return civilFromDays(day).y
}

/// January 1 of 1900 ... 2101 as day numbers.
private let januaryFirsts1900: UnsafeMutablePointer<Int64> = {
    let p = UnsafeMutablePointer<Int64>.allocate(capacity: 202)
    for i in 0..<202 { p[i] = daysFromCivil(1900 + Int64(i), 1, 1) }
    return p
}()
