// The machine's own database (/usr/share/zoneinfo): current rules, footers in
// the far future, agreement with Foundation's TimeZone from 1900 to 2037.

import Foundation
import XCTest
@testable import FeedDate
import CSystem

final class SystemDatabaseTests: ZoneTestCase {
    // MARK: - The system database
    /// Zones whose rules changed after ICU 72's tz 2022e: the system data must win.
    func testSystemDatabaseHasCurrentRules() throws {
        try requireSystemDatabase()
        let t = ms(2024, 7, 1, 12)
        for (id, seconds) in [
            ("America/Mexico_City", -6 * 3600), ("Africa/Cairo", 3 * 3600), ("Asia/Almaty", 5 * 3600),
            ("America/Nuuk", -1 * 3600), ("Asia/Shanghai", 8 * 3600), ("Asia/Kathmandu", 20_700),
            ("Etc/UTC", 0),
        ] {
            XCTAssertEqual(try load(id, systemDirectory).offsetSeconds(at: t), Int32(seconds), id)
        }
        XCTAssertEqual(try load("Asia/Shanghai", systemDirectory).offsetSeconds(at: ms(1900, 1, 1)), 29_143) // LMT
    }

    /// The far future follows each footer; expected instants are computed from the rules' text.
    func testSystemFootersInTheFarFuture() throws {
        try requireSystemDatabase()
        let newYork = try load("America/New_York", systemDirectory)
        let dublin = try load("Europe/Dublin", systemDirectory)
        let lordHowe = try load("Australia/Lord_Howe", systemDirectory)
        let nuuk = try load("America/Nuuk", systemDirectory)
        for year in [2100, 2500] {
            func sunday(_ month: Int, _ ordinal: Int) -> Int {
                weekdayInMonth(year, month, weekday: 1, ordinal: ordinal)
            }
            expectTransition(newYork, at: ms(year, 3, sunday(3, 2), 7), from: -18_000, to: -14_400)
            expectTransition(newYork, at: ms(year, 11, sunday(11, 1), 6), from: -14_400, to: -18_000)
            expectTransition(dublin, at: ms(year, 3, sunday(3, 5), 1), from: 0, to: 3600)
            expectTransition(dublin, at: ms(year, 10, sunday(10, 5), 1), from: 3600, to: 0)
            expectTransition(lordHowe, at: ms(year, 10, sunday(10, 1), 2) - 37_800_000, from: 37_800, to: 39_600)
            expectTransition(lordHowe, at: ms(year, 4, sunday(4, 1), 2) - 39_600_000, from: 39_600, to: 37_800)
            expectTransition(nuuk, at: ms(year, 3, sunday(3, 5), 1), from: -7200, to: -3600)
            expectTransition(nuuk, at: ms(year, 10, sunday(10, 5), 1), from: -3600, to: -7200)
        }
    }

    /// Compares with Foundation's TimeZone (ICU) from 1900 to 2037 at a few thousand instants per
    /// zone plus both sides of every transition. Foundation's zone data may be older than the
    /// system's: `icuDataDiffers` lists the zones whose rules changed since 2022 (ICU 72 carries
    /// 2022e), which are compared only before 2022; `changedAfter2025b` those that changed
    /// after Foundation's own 2025b, left out against a newer system database (Debian 13's).
    func testAgreesWithFoundationFrom1900To2037() throws {
        try requireSystemDatabase()
        let zones = [
            "America/New_York", "America/Sao_Paulo", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Tehran",
            "Africa/Casablanca", "Asia/Kathmandu", "America/St_Johns", "Europe/Dublin", "Europe/London",
            "Asia/Shanghai", "Europe/Berlin", "Europe/Moscow", "Asia/Kolkata", "Australia/Sydney",
            "America/Los_Angeles", "Pacific/Chatham", "America/Havana", "Asia/Jerusalem", "America/Santiago",
            "Pacific/Auckland", "Antarctica/Troll", "America/Mexico_City", "Africa/Cairo", "Asia/Almaty",
            "America/Nuuk", "America/Asuncion", "Asia/Tokyo",
        ]
        let icuDataDiffers: Set<String> = [
            "America/Mexico_City", "Africa/Cairo", "Asia/Almaty", "America/Nuuk",
            "America/Asuncion",
        ]
        // Zones whose rules from 1900 to 2037 differ between tz 2025b (Foundation's own data in
        // Swift 6.3) and 2026f (Debian 13's tzdata): `zdump -v -c 1900,2038` of both databases
        // differs for these five only (Casablanca's and Havana's coming years, Tehran 1979,
        // Dublin 1925, São Paulo 1965-66). They are compared only when Foundation's data is not
        // older than 2026f, or the system's is not newer than 2025b.
        let changedAfter2025b: Set<String> = [
            "Africa/Casablanca", "America/Havana", "Asia/Tehran", "Europe/Dublin",
            "America/Sao_Paulo",
        ]
        let systemVersion = systemDatabaseVersion()
        let newerThanFoundation = systemVersion.map { $0 > "2025b" && TimeZone.timeZoneDataVersion < $0 } ?? false
        let first = ms(1900, 1, 1), last = ms(2038, 1, 1)
        for id in zones {
            guard let foundation = TimeZone(identifier: id) else { XCTFail("Foundation lacks \(id)"); continue }
            let rules = try load(id, systemDirectory)
            let end = icuDataDiffers.contains(id) && TimeZone.timeZoneDataVersion < "2022f" ? ms(2022, 1, 1) : last
            let againstFoundation = !(newerThanFoundation && changedAfter2025b.contains(id))
            func compare(_ t: Int64) {
                guard againstFoundation, t >= first, t < end else { return }
                let expected = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t) / 1000))
                XCTAssertEqual(
                    Int(rules.offsetSeconds(at: t)), expected,
                    "\(id) at \(Date(timeIntervalSince1970: Double(t) / 1000))")
            }
            let step = (last - first) / 3000
            var t = first
            while t < end {
                compare(t + Int64(t % 7919) * 1000)
                t += step
            }
            var cursor = first
            var transitions = 0
            while let change = rules.nextOffsetChange(after: cursor), change < end {
                compare(change - 1)
                compare(change)
                cursor = change
                transitions += 1
            }
            XCTAssertGreaterThan(transitions, 0, id)
            checkConsistency(rules, from: first, to: ms(2100, 1, 1), name: id)
        }
    }
}
