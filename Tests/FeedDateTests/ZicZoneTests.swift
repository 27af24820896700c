// The transition table's queries (TransitionTable.swift) on zones compiled
// with zic: US rules fat and slim, gaps and overlaps, half-hour DST, a skipped
// day, a missing midnight, local mean time, no instant that traps.

import Foundation
import XCTest
@testable import FeedDate
import CSystem

final class ZicZoneTests: ZoneTestCase {
    // MARK: - Zones compiled with zic

    /// US rules, fat and slim: exact transitions, LMT, and the footer far beyond the last
    /// stored transition (slim files store few transitions and rely on the footer).
    func testUSRulesFatAndSlimMatchIndependentCalendar() throws {
        let fatDir = try compileZones(easternSource, bloat: "fat")
        let slimDir = try compileZones(easternSource, bloat: "slim")
        let fatCount = usedTransitionCount(try bytes(fatDir + "/Test/Eastern"))
        let slimCount = usedTransitionCount(try bytes(slimDir + "/Test/Eastern"))
        XCTAssertLessThan(slimCount, 100, "slim file should rely on its footer")
        XCTAssertGreaterThan(fatCount, slimCount + 50, "fat file should list transitions to 2037")

        for dir in [fatDir, slimDir] {
            let rules = try load("Test/Eastern", dir)
            // Local mean time before the first transition, 1883-11-18 17:00 UTC.
            let lmtEnd = ms(1883, 11, 18, 17)
            XCTAssertEqual(rules.offsetSeconds(at: ms(1800, 1, 1)), -(4 * 3600 + 56 * 60 + 2))
            XCTAssertEqual(rules.offsetSeconds(at: -62_135_596_800_000), -17_762)
            expectTransition(rules, at: lmtEnd, from: -17_762, to: -18_000)
            // Historic rules.
            expectTransition(rules, at: ms(1974, 1, 6, 7), from: -18_000, to: -14_400)
            expectTransition(rules, at: ms(2006, 10, 29, 6), from: -14_400, to: -18_000)
            // Current rules, stored (fat) or from the footer (slim), and far beyond 2037.
            for year in [2007, 2024, 2036, 2037, 2038, 2050, 2100, 2101, 2400, 2500, 3000, 9999] {
                let start = ms(year, 3, weekdayInMonth(year, 3, weekday: 1, ordinal: 2), 7)
                let end = ms(year, 11, weekdayInMonth(year, 11, weekday: 1, ordinal: 1), 6)
                expectTransition(rules, at: start, from: -18_000, to: -14_400)
                expectTransition(rules, at: end, from: -14_400, to: -18_000)
                XCTAssertEqual(rules.nextOffsetChange(after: ms(year, 1, 1)), start, "\(year)")
                XCTAssertEqual(rules.nextOffsetChange(after: start), end, "\(year)")
                XCTAssertEqual(rules.offsetSeconds(at: ms(year, 7, 1)), -14_400, "\(year)")
                XCTAssertEqual(rules.offsetSeconds(at: ms(year, 12, 31, 23, 59)), -18_000, "\(year)")
            }
            // Nothing after November 9999 within the supported range (+ 2 days).
            XCTAssertNil(rules.nextOffsetChange(after: ms(9999, 11, 8)))
            XCTAssertNil(rules.nextOffsetChange(after: Int64.max))
            XCTAssertEqual(
                checkConsistency(rules, from: ms(1880, 1, 1), to: ms(2100, 1, 1), name: dir),
                1 + 2 * (1973 - 1967 + 1) + 2 * (2099 - 1974 + 1))
        }
    }

    func testGapAndOverlapResolution() throws {
        let rules = try load("Test/Eastern", try compileZones(easternSource))
        // Spring forward 2024-03-10 02:00 EST -> 03:00 EDT (07:00Z).
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 3, 10, 1, 59, 59)), ms(2024, 3, 10, 6, 59, 59))
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 3, 10, 2, 0)), ms(2024, 3, 10, 7, 0))
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 3, 10, 2, 30)), ms(2024, 3, 10, 7, 30)) // 03:30 EDT
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 3, 10, 3, 0)), ms(2024, 3, 10, 7, 0))
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 3, 10, 3, 30)), ms(2024, 3, 10, 7, 30))
        // Fall back 2024-11-03 02:00 EDT -> 01:00 EST (06:00Z): 01:xx happens twice.
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 11, 3, 0, 59)), ms(2024, 11, 3, 4, 59))
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 11, 3, 1, 0)), ms(2024, 11, 3, 5, 0)) // first: EDT
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 11, 3, 1, 30)), ms(2024, 11, 3, 5, 30))
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 11, 3, 1, 59, 59) + 999), ms(2024, 11, 3, 5, 59, 59) + 999)
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 11, 3, 2, 0)), ms(2024, 11, 3, 7, 0))
        // The same in 2500, where only the footer speaks.
        let day = weekdayInMonth(2500, 3, weekday: 1, ordinal: 2)
        XCTAssertEqual(rules.instant(fromWall: ms(2500, 3, day, 2, 30)), ms(2500, 3, day, 7, 30))
        let back = weekdayInMonth(2500, 11, weekday: 1, ordinal: 1)
        XCTAssertEqual(rules.instant(fromWall: ms(2500, 11, back, 1, 30)), ms(2500, 11, back, 5, 30))
    }

    func testHalfHourDaylightSaving() throws {
        for bloat in ["fat", "slim"] {
            let rules = try load("Test/Lord_Howe", try compileZones(lordHoweSource, bloat: bloat))
            // 02:00 +1030 on the first Sunday of October; 02:00 +11 on the first Sunday of April.
            expectTransition(rules, at: ms(2024, 10, 5, 15, 30), from: 37_800, to: 39_600)
            expectTransition(rules, at: ms(2025, 4, 5, 15, 0), from: 39_600, to: 37_800)
            XCTAssertEqual(rules.instant(fromWall: ms(2024, 10, 6, 2, 15)), ms(2024, 10, 5, 15, 45)) // gap: 02:45
            XCTAssertEqual(rules.instant(fromWall: ms(2025, 4, 6, 1, 45)), ms(2025, 4, 5, 14, 45)) // first 01:45
            XCTAssertEqual(rules.offsetSeconds(at: ms(1890, 1, 1)), 10 * 3600 + 36 * 60 + 20)
            for year in [2030, 2100, 2500] {
                let start = weekdayInMonth(year, 10, weekday: 1, ordinal: 1)
                let end = weekdayInMonth(year, 4, weekday: 1, ordinal: 1)
                expectTransition(rules, at: ms(year, 10, start, 2) - 37_800_000, from: 37_800, to: 39_600)
                expectTransition(rules, at: ms(year, 4, end, 2) - 39_600_000, from: 39_600, to: 37_800)
            }
            checkConsistency(rules, from: ms(1890, 1, 1), to: ms(2110, 1, 1), name: "Lord_Howe \(bloat)")
        }
    }

    /// Samoa skipped Friday 2011-12-30: 2011-12-29 23:59:59 -10 was followed by 2011-12-31 00:00 +14.
    func testSkippedDay() throws {
        for bloat in ["fat", "slim"] {
            let rules = try load("Test/Apia", try compileZones(apiaSource, bloat: bloat))
            let jump = ms(2011, 12, 30, 10)
            expectTransition(rules, at: jump, from: -36_000, to: 50_400)
            XCTAssertEqual(
                jump - 1 + Int64(rules.offsetSeconds(at: jump - 1)) * 1000, ms(2011, 12, 29, 23, 59, 59) + 999)
            XCTAssertEqual(jump + Int64(rules.offsetSeconds(at: jump)) * 1000, ms(2011, 12, 31))
            // Any wall time on the missing day moves forward by the 24 h gap.
            XCTAssertEqual(rules.instant(fromWall: ms(2011, 12, 30)), jump)
            XCTAssertEqual(rules.instant(fromWall: ms(2011, 12, 30, 12)), ms(2011, 12, 30, 22))
            XCTAssertEqual(rules.instant(fromWall: ms(2011, 12, 31)), jump)
            XCTAssertEqual(rules.instant(fromWall: ms(2011, 12, 29, 23, 59)), ms(2011, 12, 30, 9, 59))
            // No DST after 2021: the footer is std only.
            XCTAssertEqual(rules.offsetSeconds(at: ms(2030, 1, 1)), 46_800)
            XCTAssertEqual(rules.nextOffsetChange(after: ms(2021, 4, 5)), nil)
            checkConsistency(rules, from: ms(1890, 1, 1), to: ms(2030, 1, 1), name: "Apia \(bloat)")
        }
    }

    /// Brazil started DST at 00:00: 2018-11-04 began at 01:00.
    func testMidnightThatDoesNotExist() throws {
        for bloat in ["fat", "slim"] {
            let rules = try load("Test/Sao_Paulo", try compileZones(saoPauloSource, bloat: bloat))
            expectTransition(rules, at: ms(2018, 11, 4, 3), from: -10_800, to: -7_200)
            XCTAssertEqual(rules.instant(fromWall: ms(2018, 11, 4)), ms(2018, 11, 4, 3)) // = 01:00 -02
            XCTAssertEqual(rules.instant(fromWall: ms(2018, 11, 4, 0, 30)), ms(2018, 11, 4, 3, 30))
            XCTAssertEqual(rules.instant(fromWall: ms(2018, 11, 4, 1)), ms(2018, 11, 4, 3))
            // 2019-02-17 00:00 -02 -> 2019-02-16 23:00 -03: 23:xx repeats; first occurrence wins.
            expectTransition(rules, at: ms(2019, 2, 17, 2), from: -7_200, to: -10_800)
            XCTAssertEqual(rules.instant(fromWall: ms(2019, 2, 16, 23, 30)), ms(2019, 2, 17, 1, 30))
            XCTAssertEqual(rules.instant(fromWall: ms(2019, 2, 17)), ms(2019, 2, 17, 3))
            XCTAssertNil(rules.nextOffsetChange(after: ms(2019, 2, 17, 2)))
            XCTAssertEqual(rules.offsetSeconds(at: ms(2500, 1, 1)), -10_800)
            checkConsistency(rules, from: ms(1900, 1, 1), to: ms(2030, 1, 1), name: "Sao_Paulo \(bloat)")
        }
    }

    func testLocalMeanTimeBeforeFirstTransition() throws {
        for bloat in ["fat", "slim"] {
            let rules = try load("Test/Shanghai", try compileZones(shanghaiSource, bloat: bloat))
            let lmt: Int32 = 8 * 3600 + 5 * 60 + 43
            XCTAssertEqual(rules.offsetSeconds(at: -62_135_596_800_000), lmt)
            XCTAssertEqual(rules.offsetSeconds(at: ms(1900, 6, 1)), lmt)
            expectTransition(rules, at: ms(1901, 1, 1) - Int64(lmt) * 1000, from: lmt, to: 28_800)
            XCTAssertEqual(rules.offsetSeconds(at: ms(2024, 6, 1)), 28_800)
            XCTAssertNil(rules.nextOffsetChange(after: ms(1901, 1, 1)))
            XCTAssertEqual(rules.nextOffsetChange(after: Int64.min), ms(1901, 1, 1) - Int64(lmt) * 1000)
        }
    }

    func testNoInstantTraps() throws {
        let dir = try compileZones(easternSource + lordHoweSource + apiaSource, bloat: "slim")
        for id in ["Test/Eastern", "Test/Lord_Howe", "Test/Apia"] {
            let rules = try load(id, dir)
            for t in [
                Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 1, Int64.max,
                -62_135_596_800_000, 253_402_300_799_999, Int64.max / 1000, Int64.min / 1000,
            ] {
                let offset = rules.offsetSeconds(at: t)
                XCTAssertLessThanOrEqual(abs(Int(offset)), 15 * 3600, "\(id) at \(t)")
                if let next = rules.nextOffsetChange(after: t) { XCTAssertGreaterThan(next, t) }
                let instant = rules.instant(fromWall: t)
                if t > Int64.min / 2, t < Int64.max / 2 {
                    XCTAssertLessThanOrEqual(abs(instant - t), 15 * hour, "\(id) wall \(t)")
                }
            }
        }
    }
}
