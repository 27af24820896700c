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

// Between years -30000 and 30000 (every instant the library accepts, and
// far beyond) the conversions are Neri and Schneider's ("Euclidean affine
// functions and their application to calendar algorithms", 2022): 32-bit
// multiplications and shifts instead of divisions, the hot path of every
// RELATIVE and COMPACT count. Outside, Hinnant's, as before; both agree on
// every day of their common range (CivilTests).

/// The shift that makes every day number of the fast range non-negative:
/// 82 eras of 400 years.
private let civilEras: Int64 = 82
private let civilDayShift: Int64 = 719_468 + 146_097 * civilEras
private let civilYearShift: Int64 = 400 * civilEras

/// Day number (days since 1970-01-01) of the proleptic-Gregorian date y-m-d.
/// `m` is 1...12, `d` is 1...31; a day past the month's end rolls into the next month.
@inline(__always)
func daysFromCivil(_ y: Int64, _ m: Int64, _ d: Int64) -> Int64 {
    if y > -30_000 && y < 30_000 && m >= 1 && m <= 12 && d >= 1 && d <= 31 {
        let j: Int64 = m <= 2 ? 1 : 0
        let year = UInt32(truncatingIfNeeded: y &+ civilYearShift &- j)
        let month = UInt32(truncatingIfNeeded: m &+ 12 &* j)
        let century = year / 100
        let yearDays = 1461 &* year / 4 &- century &+ century / 4
        let monthDays = (979 &* month &- 2919) / 32
        return Int64(yearDays &+ monthDays) &+ (d &- 1) &- civilDayShift
    }
    return daysFromCivilWide(y, m, d)
}

/// Hinnant's days_from_civil: any year.
func daysFromCivilWide(_ y: Int64, _ m: Int64, _ d: Int64) -> Int64 {
    let y = m <= 2 ? y &- 1 : y
    let era = floorDiv(y, 400)
    let yoe = y &- era &* 400 // 0 ... 399
    let mp = m > 2 ? m &- 3 : m &+ 9 // March = 0
    let doy = (153 &* mp &+ 2) / 5 &+ d &- 1 // 0 ... 365
    let doe = yoe &* 365 &+ yoe / 4 &- yoe / 100 &+ doy // 0 ... 146096
    return era &* 146_097 &+ doe &- 719_468
}

/// The proleptic-Gregorian date (year, month 1...12, day 1...31) of day number `z`.
@inline(__always)
func civilFromDays(_ z: Int64) -> (y: Int64, m: Int64, d: Int64) {
    // Years -30000 ... 30000: about ±11.7 million days.
    if z > -11_000_000 && z < 10_000_000 {
        let n = UInt32(truncatingIfNeeded: z &+ civilDayShift)
        let n1 = 4 &* n &+ 3
        let century = n1 / 146_097
        let dayOfCentury = n1 % 146_097 / 4
        let n2 = UInt64(4 &* dayOfCentury &+ 3) &* 2_939_745
        let yearOfCentury = UInt32(truncatingIfNeeded: n2 >> 32)
        let dayOfYear = UInt32(truncatingIfNeeded: n2) / 2_939_745 / 4 // from March 1
        let n3 = 2141 &* dayOfYear &+ 197_913
        let month = n3 >> 16, day = (n3 & 0xFFFF) / 2141
        let j: UInt32 = dayOfYear >= 306 ? 1 : 0
        let year = Int64(100 &* century &+ yearOfCentury &+ j) &- civilYearShift
        return (year, Int64(j == 1 ? month &- 12 : month), Int64(day &+ 1))
    }
    return civilFromDaysWide(z)
}

/// Hinnant's civil_from_days: any day.
func civilFromDaysWide(_ z: Int64) -> (y: Int64, m: Int64, d: Int64) {
    let z = z &+ 719_468
    let era = floorDiv(z, 146_097)
    let doe = z &- era &* 146_097 // 0 ... 146096
    let yoe = (doe &- doe / 1460 &+ doe / 36524 &- doe / 146_096) / 365 // 0 ... 399
    let doy = doe &- (365 &* yoe &+ yoe / 4 &- yoe / 100) // 0 ... 365
    let mp = (5 &* doy &+ 2) / 153 // March = 0
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
    shiftMonths(date, by: months) &* msPerDay &+ time
}

/// The day number of the civil date `date` moved by whole months, pinned as above.
@inline(__always)
func shiftMonths(_ date: (y: Int64, m: Int64, d: Int64), by months: Int64) -> Int64 {
    let total = date.y &* 12 &+ (date.m &- 1) &+ months
    let y = floorDiv(total, 12), m = floorMod(total, 12) &+ 1
    return daysFromCivil(y, m, min(date.d, daysInMonth(y, m)))
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

/// January 1 of 1900 ... 2101 as day numbers. Written once, by the lazy
/// global's initializer (which runs once, under the runtime's lock), and only
/// read after: safe to share, which the pointer type cannot say (Swift 6).
nonisolated(unsafe) private let januaryFirsts1900: UnsafeMutablePointer<Int64> = {
    let p = UnsafeMutablePointer<Int64>.allocate(capacity: 202)
    for i in 0..<202 { p[i] = daysFromCivil(1900 + Int64(i), 1, 1) }
    return p
}()
