// The fast civil conversions (Neri and Schneider's) against Hinnant's, on
// every day of years -30000 ... 30000 and at the edges of their range.
import XCTest
@testable import FeedDate

final class CivilTests: XCTestCase {
    func testTheFastConversionsAgreeWithHinnantsOnEveryDay() {
        let first = daysFromCivilWide(-29_999, 1, 1), last = daysFromCivilWide(29_999, 12, 31)
        var mismatches = 0
        var day = first - 50
        while day <= last + 50 {
            let fast = civilFromDays(day), wide = civilFromDaysWide(day)
            if fast.y != wide.y || fast.m != wide.m || fast.d != wide.d {
                mismatches += 1; if mismatches < 5 { XCTFail("civilFromDays(\(day)) = \(fast), Hinnant's \(wide)") }
            }
            if daysFromCivil(wide.y, wide.m, wide.d) != day {
                mismatches += 1
                if mismatches < 5 { XCTFail("daysFromCivil\(wide) != \(day)") }
            }
            day += 1
        }
        XCTAssertEqual(mismatches, 0)
        // Days past a month's end roll over, as Hinnant's do.
        for (y, m, d) in [(2023, 2, 31), (2024, 2, 30), (1999, 12, 31), (2000, 3, 1), (1, 1, 1), (9999, 12, 31)]
            as [(Int64, Int64, Int64)]
        {
            XCTAssertEqual(daysFromCivil(y, m, d), daysFromCivilWide(y, m, d), "\(y)-\(m)-\(d)")
        }
        // Far outside the fast range: Hinnant's answers.
        for day in [Int64(-1) << 40, Int64(1) << 40, -11_000_000, 10_000_000] {
            let (a, b) = (civilFromDays(day), civilFromDaysWide(day))
            XCTAssertTrue(a.y == b.y && a.m == b.m && a.d == b.d, "\(day)")
        }
    }
}
