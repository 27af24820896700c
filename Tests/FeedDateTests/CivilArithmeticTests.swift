// Civil-day arithmetic (Calendar/Civil.swift) and the footer's year lookup
// against Foundation's Gregorian calendar.

import Foundation
import XCTest
@testable import FeedDate
import CSystem

final class CivilArithmeticTests: ZoneTestCase {
    // MARK: - Calendar arithmetic (Civil.swift)

    func testCivilDayArithmetic() {
        XCTAssertEqual(daysFromCivil(1970, 1, 1), 0)
        XCTAssertEqual(daysFromCivil(2000, 3, 1), 11_017)
        XCTAssertEqual(daysFromCivil(1, 1, 1), -719_162) // 0001-01-01T00:00Z = -62135596800 s
        XCTAssertEqual(daysFromCivil(9999, 12, 31), 2_932_896)
        XCTAssertEqual(daysFromCivil(1900, 3, 1) - daysFromCivil(1900, 2, 28), 1) // 1900: no Feb 29
        XCTAssertEqual(daysFromCivil(2000, 3, 1) - daysFromCivil(2000, 2, 28), 2) // 2000: Feb 29
        XCTAssertTrue(civilFromDays(-719_162) == (1, 1, 1))
        XCTAssertTrue(civilFromDays(-719_163) == (0, 12, 31)) // 1 BC, proleptic
        XCTAssertTrue(civilFromDays(2_932_896) == (9999, 12, 31))
        // Round trip and continuity over years -219 ... 10000.
        var previous = civilFromDays(-800_001)
        for z in stride(from: Int64(-800_000), through: 3_000_000, by: 1) {
            let date = civilFromDays(z)
            XCTAssertEqual(daysFromCivil(date.y, date.m, date.d), z)
            let continues = date.d == previous.d + 1 && date.m == previous.m && date.y == previous.y
            let newMonth =
                date.d == 1
                && (date.m == previous.m + 1 && date.y == previous.y
                    || date.m == 1 && previous.m == 12 && date.y == previous.y + 1)
            if !(continues || newMonth) { XCTFail("\(previous) -> \(date)"); break }
            previous = date
        }
        // Against Foundation's Gregorian calendar (after its 1582 Julian cutover).
        for z in stride(from: daysFromCivil(1600, 1, 1), through: daysFromCivil(2600, 1, 1), by: 97) {
            let parts = Self.utc.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(z) * 86_400))
            XCTAssertTrue(civilFromDays(z) == (Int64(parts.year!), Int64(parts.month!), Int64(parts.day!)), "\(z)")
        }
        XCTAssertEqual(floorDiv(-1, 1000), -1)
        XCTAssertEqual(floorMod(-1, 1000), 999)
        XCTAssertEqual(floorDiv(-1000, 1000), -1)
        XCTAssertEqual(floorMod(-1000, 1000), 0)
        XCTAssertEqual(floorDiv(1999, 1000), 1)
        XCTAssertEqual(floorDiv(Int64.min, 1000), -9_223_372_036_854_776)
        XCTAssertEqual(floorMod(Int64.min, 1000), 192)
        XCTAssertEqual(floorMod(Int64.max, 7), Int64.max % 7)
        // Whole-Int64 inputs do not trap.
        for z in [Int64.min, Int64.max, Int64.min / 86_400, Int64.max / 86_400] {
            _ = civilFromDays(z)
            _ = daysFromCivil(z, 1, 1)
        }
    }

    /// The footer's cheap year lookup agrees with civilFromDays, far into the past and future.
    func testFooterYearLookup() {
        var day: Int64 = -110_000_000_000
        while day < 110_000_000_000 {
            for d in [day, day + 1, day - 1] {
                let year = PosixTZ.Year(containing: d)
                XCTAssertEqual(year.number, civilFromDays(d).y, "\(d)")
                XCTAssertEqual(year.jan1, daysFromCivil(year.number, 1, 1), "\(d)")
                XCTAssertEqual(year.isLeap, isLeapYear(year.number), "\(d)")
            }
            day += 1_234_567_891
        }
        for y in Int64(-1000)...12_000 {
            let jan1 = daysFromCivil(y, 1, 1)
            XCTAssertEqual(PosixTZ.Year(containing: jan1).number, y)
            XCTAssertEqual(PosixTZ.Year(containing: jan1 - 1).number, y - 1)
        }
    }
}
