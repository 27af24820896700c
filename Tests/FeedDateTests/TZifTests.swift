// TZif files built by hand (Zone/TZif.swift, Zone/PosixTZ.swift): the footer's
// grammar, DST all year, empty footers, versions and extreme times, leap seconds.

import Foundation
import XCTest
@testable import FeedDate
import CSystem

final class TZifTests: ZoneTestCase {
    // MARK: - Hand-built TZif files and footers

    func testFooterGrammar() throws {
        // Iran's 2022 rules: Jn never counts February 29; hour 24 means the end of the day.
        let tehran = try footerRules("<+0330>-3:30<+0430>,J79/24,J263/24")
        for year in [2024, 2025, 2100] {
            expectTransition(tehran, at: ms(year, 3, 20, 20, 30), from: 12_600, to: 16_200)
            expectTransition(tehran, at: ms(year, 9, 20, 19, 30), from: 16_200, to: 12_600)
        }
        // Zero-based days count February 29; Julian days do not.
        let julian = try footerRules("AAA0BBB,J60/0,J61/0")
        let zeroBased = try footerRules("AAA0BBB,59/0,60/0")
        for year in [2024, 2025] {
            expectTransition(julian, at: ms(year, 3, 1), from: 0, to: 3600)
            expectTransition(julian, at: ms(year, 3, 1, 23), from: 3600, to: 0)
        }
        expectTransition(zeroBased, at: ms(2024, 2, 29), from: 0, to: 3600)
        expectTransition(zeroBased, at: ms(2025, 3, 1), from: 0, to: 3600)
        expectTransition(zeroBased, at: ms(2025, 3, 1, 23), from: 3600, to: 0)
        // Negative rule times (Greenland since 2023) and version 3 hours up to 167.
        let nuuk = try footerRules("<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        expectTransition(nuuk, at: ms(2025, 3, 30, 1), from: -7200, to: -3600)
        expectTransition(nuuk, at: ms(2025, 10, 26, 1), from: -3600, to: -7200)
        let week = try footerRules("AAA0BBB,M3.2.0/167,M11.1.0/-167:00:00")
        expectTransition(week, at: ms(2025, 3, 15, 23), from: 0, to: 3600)
        expectTransition(week, at: ms(2025, 10, 26, 0), from: 3600, to: 0)
        // Rules whose transitions leave their year: standard time from Dec 29 23:00Z to Jan 2 00:00Z.
        let crossing = try footerRules("AAA0BBB,J365/48,J1/-48")
        for year in [2024, 2025, 2399] {
            expectTransition(crossing, at: ms(year, 12, 29, 23), from: 3600, to: 0)
            expectTransition(crossing, at: ms(year + 1, 1, 2), from: 0, to: 3600)
            XCTAssertEqual(crossing.offsetSeconds(at: ms(year + 1, 1, 1, 12)), 0)
            XCTAssertEqual(crossing.offsetSeconds(at: ms(year, 6, 1)), 3600)
            XCTAssertEqual(crossing.instant(fromWall: ms(year + 1, 1, 2, 0, 30)), ms(year + 1, 1, 2, 0, 30)) // gap
            XCTAssertEqual(crossing.instant(fromWall: ms(year, 12, 29, 23, 30)), ms(year, 12, 29, 22, 30)) // first
        }
        // Both transitions of a year falling in the next year: DST from Jan 5 00:00Z to Jan 4 03:00Z.
        let late = try footerRules("AAA0BBB,J365/120,J365/100")
        for year in [2025, 2026, 2400] {
            XCTAssertEqual(late.offsetSeconds(at: ms(year, 1, 2)), 3600)
            expectTransition(late, at: ms(year, 1, 4, 3), from: 3600, to: 0)
            expectTransition(late, at: ms(year, 1, 5), from: 0, to: 3600)
        }
        // A start and end at the same instant (J100 02:00 standard = 03:00 daylight) give no DST at all.
        let empty = try footerRules("AAA0BBB,J100/2,J100/3")
        XCTAssertEqual(empty.offsetSeconds(at: ms(2025, 4, 10, 2)), 0)
        XCTAssertEqual(empty.offsetSeconds(at: ms(2025, 8, 1)), 0)
        XCTAssertNil(empty.nextOffsetChange(after: ms(2025, 1, 1)))
        // Negative DST (Ireland): winter is the "daylight" time, one hour behind standard.
        let dublin = try footerRules("IST-1GMT0,M10.5.0,M3.5.0/1")
        expectTransition(dublin, at: ms(2025, 3, 30, 1), from: 0, to: 3600)
        expectTransition(dublin, at: ms(2025, 10, 26, 1), from: 3600, to: 0)
        XCTAssertEqual(dublin.offsetSeconds(at: ms(2100, 1, 1)), 0)
        XCTAssertEqual(dublin.offsetSeconds(at: ms(2100, 7, 1)), 3600)
        // Southern hemisphere, explicit DST offset, minutes in offsets.
        let chatham = try footerRules("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45")
        expectTransition(chatham, at: ms(2025, 9, 28, 2, 45) - 45_900_000, from: 45_900, to: 49_500)
        expectTransition(chatham, at: ms(2026, 4, 5, 3, 45) - 49_500_000, from: 49_500, to: 45_900)
        // A dst name without rules takes the US rules.
        let us = try footerRules("EST5EDT")
        expectTransition(us, at: ms(2025, 3, 9, 7), from: -18_000, to: -14_400)
        expectTransition(us, at: ms(2025, 11, 2, 6), from: -14_400, to: -18_000)
        // Standard time only, with quoted names and signs.
        for (footer, offset) in [
            ("<+08>-8", 28_800), ("<-0330>+3:30", -12_600), ("UTC0", 0),
            ("<UTC+14>-14", 50_400), ("XXX24", -86_400), ("<A1->-24:59:59", 89_999),
        ] {
            let rules = try footerRules(footer)
            XCTAssertEqual(rules.offsetSeconds(at: ms(2025, 1, 1)), Int32(offset), footer)
            XCTAssertEqual(rules.offsetSeconds(at: Int64.min), Int32(offset), footer)
            XCTAssertNil(rules.nextOffsetChange(after: Int64.min), footer)
        }
    }

    /// RFC 8536 3.3.1: DST all year, e.g. "EST5EDT,0/0,J365/25".
    func testDaylightSavingAllYear() throws {
        let rules = try footerRules("EST5EDT,0/0,J365/25")
        var t = ms(2019, 12, 31)
        while t < ms(2031, 1, 2) {
            XCTAssertEqual(rules.offsetSeconds(at: t), -14_400, "\(t)")
            t += 7 * hour + 13 * minute
        }
        for year in [2020, 2021, 2400] {
            for delta in [-1, 0, 1] as [Int64] {
                XCTAssertEqual(rules.offsetSeconds(at: ms(year, 1, 1, 5) + delta), -14_400)
                XCTAssertEqual(rules.offsetSeconds(at: ms(year, 1, 1, 4) + delta), -14_400)
            }
        }
        XCTAssertNil(rules.nextOffsetChange(after: ms(2020, 1, 1)))
        XCTAssertEqual(rules.instant(fromWall: ms(2025, 1, 1)), ms(2025, 1, 1, 4))
    }

    func testEmptyFooterKeepsLastType() throws {
        let rules = try table(makeTZif(transitions: [(0, 1), (86_400, 2)], offsets: [3600, 7200, -3600], footer: ""))
        XCTAssertEqual(rules.offsetSeconds(at: -1), 3600)
        XCTAssertEqual(rules.offsetSeconds(at: 0), 7200)
        XCTAssertEqual(rules.offsetSeconds(at: 86_400_000), -3600)
        XCTAssertEqual(rules.offsetSeconds(at: Int64.max), -3600)
        XCTAssertEqual(rules.nextOffsetChange(after: Int64.min), 0)
        XCTAssertEqual(rules.nextOffsetChange(after: 0), 86_400_000)
        XCTAssertNil(rules.nextOffsetChange(after: 86_400_000))
        // The footer takes over after the last transition; transitions that keep the offset are skipped.
        let withFooter = try table(
            makeTZif(
                transitions: [(0, 1), (100, 1), (86_400, 0)],
                offsets: [3600, 7200], footer: "AAA-1BBB-2,J1/0,J2/0"))
        XCTAssertEqual(withFooter.nextOffsetChange(after: -1), 0)
        XCTAssertEqual(withFooter.nextOffsetChange(after: 0), 86_400_000)
        XCTAssertEqual(withFooter.offsetSeconds(at: 86_400_000), 3600)
        XCTAssertEqual(withFooter.nextOffsetChange(after: 86_400_000), ms(1971, 1, 1) - 3_600_000)
    }

    func testVersionsAndExtremeTransitionTimes() throws {
        // Version 1: 32-bit data, no footer; the last type holds forever.
        let v1 = try table(makeTZif(version: 0, transitions: [(-100, 1), (1_000_000_000, 0)], offsets: [0, 1800]))
        XCTAssertEqual(v1.offsetSeconds(at: -100_001), 0)
        XCTAssertEqual(v1.offsetSeconds(at: -100_000), 1800)
        XCTAssertEqual(v1.offsetSeconds(at: ms(2100, 1, 1)), 0)
        for version in ["3", "4"].map({ UInt8(ascii: Unicode.Scalar($0)!) }) {
            let rules = try table(
                makeTZif(
                    version: version, transitions: [(0, 1)], offsets: [0, 3600],
                    footer: "<+01>-1<+02>,M3.5.0/-1,M10.5.0/24"))
            XCTAssertEqual(rules.offsetSeconds(at: ms(2025, 7, 1)), 7200)
            XCTAssertEqual(rules.offsetSeconds(at: ms(2025, 1, 1)), 3600)
        }
        // A "big bang" transition far before any representable millisecond sets the initial type;
        // one far after it is unreachable (and keeps the footer from applying).
        let early = try table(
            makeTZif(transitions: [(-(1 << 59), 1), (0, 0)], offsets: [100, 200], footer: "<+03>-3"))
        XCTAssertEqual(early.offsetSeconds(at: Int64.min), 200)
        XCTAssertEqual(early.offsetSeconds(at: -1), 200)
        XCTAssertEqual(early.offsetSeconds(at: 0), 10_800)
        XCTAssertEqual(early.nextOffsetChange(after: Int64.min), 0)
        let late = try table(makeTZif(transitions: [(0, 1), (1 << 60, 0)], offsets: [100, 200], footer: "<+03>-3"))
        XCTAssertEqual(late.offsetSeconds(at: Int64.max), 200)
        XCTAssertNil(late.nextOffsetChange(after: 0))
    }

    /// "right/" zones count leap seconds in their transition times; the offsets at POSIX
    /// instants must equal those of the plain zone. (A right/ file has an empty footer, as a
    /// POSIX TZ string cannot express leap seconds, and its data ends where its leap-second
    /// table expires, 2026-06-28 for tzdata 2025b: the comparison stops before that.)
    func testLeapSecondZonesMatchPosixZones() throws {
        let plainRules = try table(makeTZif(transitions: [(100_000_000, 1)], offsets: [0, 3600]))
        let rightRules = try table(
            makeTZif(
                transitions: [(100_000_010, 1)], offsets: [0, 3600],
                leaps: [(78_796_809, 1), (94_694_410, 2), (99_999_990, 10)]))
        XCTAssertEqual(rightRules.nextOffsetChange(after: 0), plainRules.nextOffsetChange(after: 0))
        let system = "/usr/share/zoneinfo"
        guard FileManager.default.fileExists(atPath: system + "/right/America/New_York") else { return }
        for id in ["America/New_York", "Europe/London", "Australia/Lord_Howe"] {
            let plain = try load(id, system), right = try load("right/" + id, system)
            var t = ms(1960, 1, 1)
            while t < ms(2026, 6, 1) {
                XCTAssertEqual(right.offsetSeconds(at: t), plain.offsetSeconds(at: t), "\(id) at \(t)")
                if let next = plain.nextOffsetChange(after: t), next < ms(2026, 6, 1) {
                    XCTAssertEqual(right.nextOffsetChange(after: t), next, "\(id) after \(t)")
                }
                t += 97 * 3_600_000 + 12_345
            }
        }
    }
}
