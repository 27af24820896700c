// Tests of the zone layer: the TZif and POSIX TZ readers (TZif.swift, PosixTZ.swift),
// the transition table's queries (TransitionTable.swift), the zone database and the
// host's zone (ZoneDatabase.swift, HostZone.swift, Zone.swift), and Civil.swift.
//
// Most zones are compiled on the fly with /usr/sbin/zic from source text into a
// temporary TZDIR, so the expectations do not depend on the machine's tzdata.
// Expected instants are computed independently of the code under test, with
// Foundation's Gregorian calendar in UTC. A few tests read the real system
// database (/usr/share/zoneinfo) and compare with Foundation's TimeZone.

import Foundation
import XCTest
@testable import FeedDate
import CSystem

extension TransitionTable {
    /// The offset in seconds, as the expectations below are written.
    fileprivate func offsetSeconds(at ms: Int64) -> Int32 { Int32(offsetMs(at: ms) / 1000) }
}

final class ZoneRulesTests: XCTestCase {

    // MARK: - Helpers

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Milliseconds since the epoch of a UTC date-time (or, read as wall time, of a local one).
    private func ms(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Int64 {
        let date = Self.utc.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))!
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    private let hour: Int64 = 3_600_000
    private let minute: Int64 = 60_000

    /// Day of month of the `ordinal`-th (1-based) `weekday` (1 = Sunday) of a month; ordinal 5 = the last.
    private func weekdayInMonth(_ y: Int, _ mo: Int, weekday: Int, ordinal: Int) -> Int {
        let days = Self.utc.range(of: .day, in: .month, for: Self.utc.date(from: DateComponents(year: y, month: mo, day: 1))!)!
        let matches = days.filter {
            Self.utc.component(.weekday, from: Self.utc.date(from: DateComponents(year: y, month: mo, day: $0))!) == weekday
        }
        return ordinal >= 5 ? matches.last! : matches[ordinal - 1]
    }

    /// A fresh temporary directory, removed after the test.
    private func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zonerules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// Compiles zone source text with zic (`-b fat` or `-b slim`) into a new TZDIR and returns it.
    private func compileZones(_ source: String, bloat: String = "fat") throws -> String {
        let dir = try temporaryDirectory()
        let sourcePath = dir + "/source.zi"
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let zic = Process()
        zic.executableURL = URL(fileURLWithPath: "/usr/sbin/zic")
        zic.arguments = ["-d", dir, "-b", bloat, sourcePath]
        let errors = Pipe()
        zic.standardError = errors
        try zic.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        zic.waitUntilExit()
        XCTAssertEqual(zic.terminationStatus, 0, "zic failed: \(message)")
        return dir
    }

    private func load(_ id: String, _ dir: String, file: StaticString = #filePath, line: UInt = #line) throws -> TransitionTable {
        do {
            return try ZoneDatabase.load(id: id, directory: dir)
        } catch {
            XCTFail("cannot load \(id): \(error)", file: file, line: line)
            throw error
        }
    }

    /// The table of TZif bytes.
    private func table(_ bytes: [UInt8]) throws -> TransitionTable {
        TransitionTable(tzif: try TZif(bytes))
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Transition count of the block that a reader uses (the 64-bit one of a v2+ file).
    private func usedTransitionCount(_ data: [UInt8]) -> Int {
        func u32(_ at: Int) -> Int { data[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let v1 = u32(32) * 5 + u32(36) * 6 + u32(40) + u32(28) * 8 + u32(24) + u32(20)
        return data[4] == 0 ? u32(32) : u32(44 + v1 + 32)
    }

    private func expectInvalid(_ data: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try TZif(data)
            XCTFail("accepted \(what)", file: file, line: line)
        } catch {
            guard case .invalidData = error else {
                return XCTFail("\(what): expected invalidData, got \(error)", file: file, line: line)
            }
        }
    }

    private func expectLoadError(_ id: String, _ dir: String, _ expected: ZoneError,
                                 file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try ZoneDatabase.load(id: id, directory: dir)
            XCTFail("loaded \(id)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expected, id, file: file, line: line)
        }
    }

    /// Checks `offset` just before and at a transition instant `at`, and that it is found as the next change.
    private func expectTransition(_ rules: TransitionTable, at: Int64, from before: Int32, to after: Int32,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(rules.offsetSeconds(at: at - 1), before, "offset just before \(at)", file: file, line: line)
        XCTAssertEqual(rules.offsetSeconds(at: at), after, "offset at \(at)", file: file, line: line)
        XCTAssertEqual(rules.nextOffsetChange(after: at - 1), at, "next change after \(at - 1)", file: file, line: line)
        XCTAssertEqual(rules.nextOffsetChange(after: at - 6 * hour), at, "next change after \(at) - 6 h", file: file, line: line)
    }

    /// Walks every offset change in (from, to] and checks the invariants that tie the three
    /// queries together: a change really changes the offset, the offset is constant between
    /// changes, and instant(fromWall:) inverts `instant + offset` with the documented gap /
    /// overlap resolution around each change (checked where the neighbouring changes are more
    /// than two days away). Returns the number of changes seen.
    @discardableResult
    private func checkConsistency(_ rules: TransitionTable, from: Int64, to: Int64, name: String,
                                  file: StaticString = #filePath, line: UInt = #line) -> Int {
        let twoDays: Int64 = 48 * hour
        var t = from
        var previous: Int64?
        var changes = 0
        while let c = rules.nextOffsetChange(after: t), c <= to {
            XCTAssertGreaterThan(c, t, name, file: file, line: line)
            let before = Int64(rules.offsetSeconds(at: c - 1)) * 1000
            let after = Int64(rules.offsetSeconds(at: c)) * 1000
            XCTAssertNotEqual(before, after, "\(name): no change at \(c)", file: file, line: line)
            XCTAssertEqual(Int64(rules.offsetSeconds(at: t + (c - t) / 2)) * 1000, before,
                           "\(name): offset not constant before \(c)", file: file, line: line)
            let following = rules.nextOffsetChange(after: c)
            if c - (previous ?? c - 2 * twoDays) > twoDays, following.map({ $0 - c > twoDays }) ?? true {
                // Wall times c + before ..< c + after are skipped (gap: forward by the gap) or
                // c + after ..< c + before repeat (overlap: first occurrence); both map to wall - before.
                let lowWall = c + min(before, after), highWall = c + max(before, after)
                for wall in [lowWall - hour, lowWall - 1, lowWall, lowWall + 1, (lowWall + highWall) / 2,
                             highWall - 1, highWall, highWall + 1, highWall + hour] {
                    let expected = wall < highWall ? wall - before : wall - after
                    XCTAssertEqual(rules.instant(fromWall: wall), expected, "\(name): wall \(wall) near change \(c)",
                                   file: file, line: line)
                }
            }
            previous = c
            t = c
            changes += 1
        }
        return changes
    }

    // MARK: - Zone sources for zic

    private let easternSource = """
        Rule	TUS	1967	2006	-	Oct	lastSun	2:00	0	S
        Rule	TUS	1967	1973	-	Apr	lastSun	2:00	1:00	D
        Rule	TUS	1974	only	-	Jan	6	2:00	1:00	D
        Rule	TUS	1975	only	-	Feb	lastSun	2:00	1:00	D
        Rule	TUS	1976	1986	-	Apr	lastSun	2:00	1:00	D
        Rule	TUS	1987	2006	-	Apr	Sun>=1	2:00	1:00	D
        Rule	TUS	2007	max	-	Mar	Sun>=8	2:00	1:00	D
        Rule	TUS	2007	max	-	Nov	Sun>=1	2:00	0	S
        Zone	Test/Eastern	-4:56:02 -	LMT	1883 Nov 18 17:00u
        			-5:00	TUS	E%sT

        """

    private let lordHoweSource = """
        Rule	LH	2008	max	-	Apr	Sun>=1	2:00	0	-
        Rule	LH	2008	max	-	Oct	Sun>=1	2:00	0:30	-
        Zone	Test/Lord_Howe	10:36:20 -	LMT	1895 Feb
        			10:00	-	AEST	1981 Mar
        			10:30	LH	+1030/+11

        """

    private let apiaSource = """
        Rule	WS	2010	only	-	Sep	lastSun	0:00	1	-
        Rule	WS	2011	only	-	Apr	Sat>=1	4:00	0	-
        Rule	WS	2011	only	-	Sep	lastSat	3:00	1	-
        Rule	WS	2012	2021	-	Apr	Sun>=1	4:00	0	-
        Rule	WS	2012	2020	-	Sep	lastSun	3:00	1	-
        Zone	Test/Apia	12:33:04 -	LMT	1892 Jul  5
        			-11:26:56 -	LMT	1911
        			-11:30	-	-1130	1950
        			-11:00	WS	-11/-10	2011 Dec 29 24:00
        			13:00	WS	+13/+14

        """

    private let saoPauloSource = """
        Rule	Brazil	2017	only	-	Oct	Sun>=15	0:00	1:00	-
        Rule	Brazil	2018	only	-	Feb	Sun>=15	0:00	0	-
        Rule	Brazil	2018	only	-	Nov	Sun>=1	0:00	1:00	-
        Rule	Brazil	2019	only	-	Feb	Sun>=15	0:00	0	-
        Zone	Test/Sao_Paulo	-3:06:28 -	LMT	1914
        			-3:00	Brazil	-03/-02

        """

    private let shanghaiSource = """
        Zone	Test/Shanghai	8:05:43	-	LMT	1901
        			8:00	-	CST

        """

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
            XCTAssertEqual(checkConsistency(rules, from: ms(1880, 1, 1), to: ms(2100, 1, 1), name: dir),
                           1 + 2 * (1973 - 1967 + 1) + 2 * (2099 - 1974 + 1))
        }
    }

    func testGapAndOverlapResolution() throws {
        let rules = try load("Test/Eastern", try compileZones(easternSource))
        // Spring forward 2024-03-10 02:00 EST -> 03:00 EDT (07:00Z).
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 3, 10, 1, 59, 59)), ms(2024, 3, 10, 6, 59, 59))
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 3, 10, 2, 0)), ms(2024, 3, 10, 7, 0))
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 3, 10, 2, 30)), ms(2024, 3, 10, 7, 30))   // 03:30 EDT
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 3, 10, 3, 0)), ms(2024, 3, 10, 7, 0))
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 3, 10, 3, 30)), ms(2024, 3, 10, 7, 30))
        // Fall back 2024-11-03 02:00 EDT -> 01:00 EST (06:00Z): 01:xx happens twice.
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 11, 3, 0, 59)), ms(2024, 11, 3, 4, 59))
        XCTAssertEqual(rules.instant(fromWall: ms(2024, 11, 3, 1, 0)), ms(2024, 11, 3, 5, 0))     // first: EDT
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
            XCTAssertEqual(rules.instant(fromWall: ms(2024, 10, 6, 2, 15)), ms(2024, 10, 5, 15, 45))  // gap: 02:45
            XCTAssertEqual(rules.instant(fromWall: ms(2025, 4, 6, 1, 45)), ms(2025, 4, 5, 14, 45))   // first 01:45
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
            XCTAssertEqual(jump - 1 + Int64(rules.offsetSeconds(at: jump - 1)) * 1000, ms(2011, 12, 29, 23, 59, 59) + 999)
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
            XCTAssertEqual(rules.instant(fromWall: ms(2018, 11, 4)), ms(2018, 11, 4, 3))          // = 01:00 -02
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
            for t in [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 1, Int64.max,
                      -62_135_596_800_000, 253_402_300_799_999, Int64.max / 1000, Int64.min / 1000] {
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

    // MARK: - Calendar arithmetic (Civil.swift)

    func testCivilDayArithmetic() {
        XCTAssertEqual(daysFromCivil(1970, 1, 1), 0)
        XCTAssertEqual(daysFromCivil(2000, 3, 1), 11_017)
        XCTAssertEqual(daysFromCivil(1, 1, 1), -719_162)                 // 0001-01-01T00:00Z = -62135596800 s
        XCTAssertEqual(daysFromCivil(9999, 12, 31), 2_932_896)
        XCTAssertEqual(daysFromCivil(1900, 3, 1) - daysFromCivil(1900, 2, 28), 1)   // 1900: no Feb 29
        XCTAssertEqual(daysFromCivil(2000, 3, 1) - daysFromCivil(2000, 2, 28), 2)   // 2000: Feb 29
        XCTAssertTrue(civilFromDays(-719_162) == (1, 1, 1))
        XCTAssertTrue(civilFromDays(-719_163) == (0, 12, 31))             // 1 BC, proleptic
        XCTAssertTrue(civilFromDays(2_932_896) == (9999, 12, 31))
        // Round trip and continuity over years -219 ... 10000.
        var previous = civilFromDays(-800_001)
        for z in stride(from: Int64(-800_000), through: 3_000_000, by: 1) {
            let date = civilFromDays(z)
            XCTAssertEqual(daysFromCivil(date.y, date.m, date.d), z)
            let continues = date.d == previous.d + 1 && date.m == previous.m && date.y == previous.y
            let newMonth = date.d == 1 && (date.m == previous.m + 1 && date.y == previous.y
                                           || date.m == 1 && previous.m == 12 && date.y == previous.y + 1)
            if !(continues || newMonth) { XCTFail("\(previous) -> \(date)"); break }
            previous = date
        }
        // Against Foundation's Gregorian calendar (after its 1582 Julian cutover).
        for z in stride(from: daysFromCivil(1600, 1, 1), through: daysFromCivil(2600, 1, 1), by: 97) {
            let parts = Self.utc.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(z) * 86_400))
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
        for y in Int64(-1000) ... 12_000 {
            let jan1 = daysFromCivil(y, 1, 1)
            XCTAssertEqual(PosixTZ.Year(containing: jan1).number, y)
            XCTAssertEqual(PosixTZ.Year(containing: jan1 - 1).number, y - 1)
        }
    }

    // MARK: - Names and files

    func testNameValidation() throws {
        let dir = try compileZones(easternSource)
        for bad in ["../../etc/passwd", "/etc/passwd", "Asia/../UTC", "", String(repeating: "a", count: 300),
                    ".", "..", "Test//Eastern", "Test/", "Test/./Eastern", "Test/Eastern\u{0}", "Test/East ern",
                    "Test\\Eastern", "Tëst/Eastern", "~/x"] {
            expectLoadError(bad, dir, .badName)
        }
        XCTAssertTrue(ZoneDatabase.isValidName(String(repeating: "a", count: 255)))
        XCTAssertFalse(ZoneDatabase.isValidName(String(repeating: "a", count: 256)))
        XCTAssertTrue(ZoneDatabase.isValidName("Etc/GMT+5"))
        XCTAssertTrue(ZoneDatabase.isValidName("America/Port-au-Prince"))
        XCTAssertTrue(ZoneDatabase.isValidName("...x/.hidden"))
        expectLoadError("No/Such_Zone", dir, .notFound)
        expectLoadError("Test/Eastern", dir + "/missing-directory", .notFound)
        expectLoadError("Test", dir, .notFound)                              // a directory
        XCTAssertNoThrow(try ZoneDatabase.load(id: "Test/Eastern", directory: dir))
    }

    func testOnlyRegularFilesAreRead() throws {
        let dir = try compileZones(easternSource)
        try FileManager.default.createDirectory(atPath: dir + "/Dev", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Dev/null", withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: dir + "/Dev/zero", withDestinationPath: "/dev/zero")
        XCTAssertEqual(mkfifo(dir + "/Dev/fifo", 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Dev/link", withDestinationPath: "../Test/Eastern")
        try FileManager.default.createSymbolicLink(atPath: dir + "/Dev/absolute", withDestinationPath: dir + "/Test/Eastern")
        try Data(repeating: 0x41, count: 100).write(to: URL(fileURLWithPath: dir + "/Dev/text"))
        expectLoadError("Dev/null", dir, .notFound)
        expectLoadError("Dev/zero", dir, .notFound)
        expectLoadError("Dev/fifo", dir, .notFound)   // must not block
        expectLoadError("Dev/text", dir, .invalidData("not a TZif file"))
        // Absolute links are not followed, even to a file inside: the file is
        // opened below the folder, and "/..." would leave it (csystem.h).
        expectLoadError("Dev/absolute", dir, .notFound)
        let linked = try load("Dev/link", dir)        // relative links inside (as in zoneinfo) are followed
        XCTAssertEqual(linked.offsetSeconds(at: ms(2024, 7, 1)), -14_400)
    }

    /// Where openat2 is missing (old kernels, some sandboxes) the library
    /// walks the name itself; both must judge every link the same way:
    /// links inside followed, links out (absolute, or ".." above the folder)
    /// refused, loops refused, folders and FIFOs not files.
    func testTheWalkJudgesLinksAsOpenat2Does() throws {
        let dir = try compileZones(easternSource)
        let outside = try temporaryDirectory()
        let fm = FileManager.default
        try fm.copyItem(atPath: dir + "/Test/Eastern", toPath: outside + "/Secret")
        try fm.createDirectory(atPath: dir + "/Link", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/Deep/Er", withIntermediateDirectories: true)
        let links = [("Link/Inside", "../Test/Eastern"), ("Link/Absolute", outside + "/Secret"),
                     ("Link/Out", "../../" + (outside as NSString).lastPathComponent + "/Secret"),
                     ("Link/Dir", outside), ("Link/Loop", "Loop"), ("Link/Up", ".."),
                     ("Deep/Er/Back", "../../Test/Eastern"), ("Link/Chain", "Inside"), ("Link/Dot", "./Inside")]
        for (name, target) in links { try fm.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: target) }
        XCTAssertEqual(mkfifo(dir + "/Link/Fifo", 0o600), 0)
        let ids = ["Test/Eastern", "Link/Inside", "Link/Absolute", "Link/Out", "Link/Dir/Secret", "Link/Loop",
                   "Link/Up/Test/Eastern", "Deep/Er/Back", "Link/Chain", "Link/Dot", "Link/Fifo", "Link", "No/Such"]
        func outcomes() -> [String] {
            ids.map { id in
                do { return "\(try ZoneDatabase.load(id: id, directory: dir).offsetSeconds(at: ms(2024, 7, 1)))" }
                catch { return "\(error)" }
            }
        }
        let kernel = outcomes()
        XCTAssertEqual(csys_beneath_uses_openat2(), 1, "openat2 is expected on this machine's kernel")
        csys_beneath_force_walk(1)
        defer { csys_beneath_force_walk(0) }
        let walked = outcomes()
        XCTAssertEqual(csys_beneath_uses_openat2(), 0)
        XCTAssertEqual(walked, kernel)
        let expected = ["-14400", "-14400", "notFound", "notFound", "notFound", "notFound",
                        "-14400", "-14400", "-14400", "-14400", "notFound", "notFound", "notFound"]
        XCTAssertEqual(walked, expected)
    }

    /// Runs `body` with zones looked up in `dir` (the library reads $TZDIR once).
    private func withTZDIR<T>(_ dir: String, _ body: () throws -> T) rethrows -> T {
        try ZoneDatabase.withDirectory(dir) { () throws -> T in try body() }
    }

    /// The message of the time-zone error that Zone(id) throws, or nil when it loads.
    private func zoneError(_ id: String) -> String? {
        do {
            _ = try Zone(id)
            return nil
        } catch {
            guard case .timeZone(let message) = error else { return "not a time-zone error: \(error)" }
            return message
        }
    }

    /// A name that is not in the database is an unknown zone; a zone whose file is
    /// corrupt or unreadable is reported as such, with the file's path.
    func testCorruptFileIsNotAnUnknownZone() throws {
        let dir = try compileZones(easternSource)
        let good = try bytes(dir + "/Test/Eastern")
        try Data(good.prefix(100)).write(to: URL(fileURLWithPath: dir + "/Test/Truncated"))
        try Data(repeating: 0x41, count: 100).write(to: URL(fileURLWithPath: dir + "/Test/Text"))
        withTZDIR(dir) {
            XCTAssertNil(zoneError("Test/Eastern"))
            for (id, why) in [("Test/Truncated", "truncated"), ("Test/Text", "not a TZif file")] {
                let message = zoneError(id) ?? "loaded"
                XCTAssertTrue(message.contains("\"\(id)\""), message)
                XCTAssertTrue(message.contains("corrupt or unreadable"), message)
                XCTAssertTrue(message.contains(dir + "/" + id), message)
                XCTAssertTrue(message.contains(why), message)
                XCTAssertFalse(message.contains("unknown"), message)
            }
            for id in ["No/Such_Zone", "Test", "../../etc/passwd", ""] {
                let message = zoneError(id) ?? "loaded"
                XCTAssertTrue(message.hasPrefix("unknown time zone \"\(id)\""), message)
                XCTAssertTrue(message.contains("\"Asia/Shanghai\""), message)
            }
        }
        XCTAssertEqual(FeedDateError.timeZone("x").description, "x")
    }

    /// An old name the database lacks (Debian 13 without tzdata-legacy) is
    /// refused with a "did you mean" for the zone that replaced it, when the
    /// database has that zone; never loaded from ICU's rules.
    func testOldNameMissingFromTheDatabaseNamesItsZone() throws {
        let dir = try compileZones(easternSource)
        try FileManager.default.createDirectory(atPath: dir + "/America", withIntermediateDirectories: true)
        try Data(bytes(dir + "/Test/Eastern")).write(to: URL(fileURLWithPath: dir + "/America/New_York"))
        withTZDIR(dir) {
            let message = zoneError("US/Eastern") ?? "loaded"
            XCTAssertTrue(message.hasPrefix("unknown time zone \"US/Eastern\": did you mean \"America/New_York\"?"), message)
            XCTAssertTrue(message.contains("tzdata-legacy"), message)
            XCTAssertTrue(message.contains(dir), message)
            // ICU knows Asia/Calcutta as Asia/Kolkata, which this database lacks.
            XCTAssertEqual(zoneError("Asia/Calcutta"), "unknown time zone \"Asia/Calcutta\": pass an IANA zone id like \"Asia/Shanghai\"")
            XCTAssertNil(zoneError("America/New_York"))
        }
    }

    /// A zone reports the version of the data its table was read from, even after the
    /// database changes; names linked to one file share one table.
    func testZoneReportsTheVersionOfItsTable() throws {
        let dir = try compileZones(easternSource)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Test/Alias", withDestinationPath: "Eastern")
        try "# version 2031x\n".write(toFile: dir + "/tzdata.zi", atomically: true, encoding: .utf8)
        try withTZDIR(dir) {
            let eastern = try Zone("Test/Eastern")
            XCTAssertEqual(eastern.source, "tzdata 2031x")
            try "# version 2032a\n".write(toFile: dir + "/tzdata.zi", atomically: true, encoding: .utf8)
            let again = try Zone("Test/Eastern"), alias = try Zone("Test/Alias")
            XCTAssertEqual(again.source, "tzdata 2031x")
            XCTAssertTrue(again.table === eastern.table)
            XCTAssertEqual(alias.id, "Test/Alias")
            XCTAssertEqual(alias.source, "tzdata 2031x")
            XCTAssertTrue(alias.table === eastern.table, "a link shares its target's table")
            XCTAssertEqual(alias.offsetMs(at: ms(2024, 7, 1)), -14_400_000)
        }
    }

    func testDatabaseDirectoryAndVersion() throws {
        // $TZDIR is read once, on first use: setting it later changes nothing.
        let first = ZoneDatabase.directory
        let saved = getenv("TZDIR").map { String(cString: $0) }
        defer { if let saved { setenv("TZDIR", saved, 1) } else { unsetenv("TZDIR") } }
        setenv("TZDIR", "/opt/zones", 1)
        XCTAssertEqual(ZoneDatabase.directory, first)
        if saved == nil || saved == "" { XCTAssertEqual(first, "/usr/share/zoneinfo") }
        ZoneDatabase.withDirectory("/opt/zones") { XCTAssertEqual(ZoneDatabase.directory, "/opt/zones") }
        XCTAssertEqual(ZoneDatabase.directory, first)

        let dir = try temporaryDirectory()
        XCTAssertNil(ZoneDatabase.version(directory: dir))
        try "2031x\n".write(toFile: dir + "/+VERSION", atomically: true, encoding: .utf8)
        XCTAssertEqual(ZoneDatabase.version(directory: dir), "2031x")
        try "# version 2030a\n# Some zone data\nZ Test 0 - UTC\n".write(toFile: dir + "/tzdata.zi", atomically: true, encoding: .utf8)
        XCTAssertEqual(ZoneDatabase.version(directory: dir), "2030a")
        try "# no version here\n".write(toFile: dir + "/tzdata.zi", atomically: true, encoding: .utf8)
        XCTAssertEqual(ZoneDatabase.version(directory: dir), "2031x")
        try "bad version\n".write(toFile: dir + "/+VERSION", atomically: true, encoding: .utf8)
        XCTAssertNil(ZoneDatabase.version(directory: dir))

        let system = "/usr/share/zoneinfo/tzdata.zi"
        if let text = try? String(contentsOfFile: system, encoding: .utf8) {
            let first = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            XCTAssertTrue(first.hasPrefix("# version "))
            XCTAssertEqual(ZoneDatabase.version(directory: "/usr/share/zoneinfo"),
                           String(first.dropFirst("# version ".count)))
        }
    }

    func testHostDefaultID() throws {
        let zones = try compileZones(easternSource)
        let dir = try temporaryDirectory()
        let localtime = dir + "/localtime", timezone = dir + "/timezone"
        func host(_ tz: String?) throws -> HostZone.Choice {
            try HostZone.choice(tz: tz, localtime: localtime, timezoneFile: timezone, directory: zones)
        }
        XCTAssertEqual(try host(nil), .host("UTC"))
        try "  Asia/Tokyo \n".write(toFile: timezone, atomically: true, encoding: .utf8)
        XCTAssertEqual(try host(nil), .host("Asia/Tokyo"))
        try Data([0x54, 0x5a]).write(to: URL(fileURLWithPath: localtime))   // a copy, not a link
        XCTAssertEqual(try host(nil), .host("Asia/Tokyo"))
        try FileManager.default.removeItem(atPath: localtime)
        try FileManager.default.createSymbolicLink(atPath: localtime, withDestinationPath: "/usr/share/zoneinfo/Europe/Berlin")
        XCTAssertEqual(try host(nil), .host("Europe/Berlin"))
        try FileManager.default.removeItem(atPath: localtime)
        try FileManager.default.createSymbolicLink(atPath: localtime, withDestinationPath: "../usr/share/zoneinfo/America/Port-au-Prince")
        XCTAssertEqual(try host(nil), .host("America/Port-au-Prince"))
        // TZ, when set, is what the zone is resolved from: names and POSIX
        // rules alike (Zone resolves them; an unknown one is an error there).
        XCTAssertEqual(try host("Test/Eastern"), .tz("Test/Eastern"))
        XCTAssertEqual(try host(":Test/Eastern"), .tz("Test/Eastern"))
        XCTAssertEqual(try host("\(zones)/Test/Eastern"), .tz("Test/Eastern"))
        XCTAssertEqual(try host(":\(localtime)"), .tz("America/Port-au-Prince"))
        XCTAssertEqual(try host("EST5EDT,M3.2.0,M11.1.0"), .tz("EST5EDT,M3.2.0,M11.1.0"))
        XCTAssertEqual(try host("No/Such_Zone"), .tz("No/Such_Zone"))
        XCTAssertEqual(try host(""), .tz("UTC"))
        XCTAssertThrowsError(try host("/somewhere/zoneinfo/Test/Eastern"))
        // A link that leads nowhere in particular: fall back to /etc/timezone's content.
        try FileManager.default.removeItem(atPath: localtime)
        try FileManager.default.createSymbolicLink(atPath: localtime, withDestinationPath: "/etc/zoneinfo-elsewhere")
        XCTAssertEqual(try host(nil), .host("Asia/Tokyo"))
        try "../../etc/passwd\n".write(toFile: timezone, atomically: true, encoding: .utf8)
        XCTAssertEqual(try host(nil), .host("UTC"))

        // The real host, with TZ unset: the /etc/localtime link when there is one.
        let saved = getenv("TZ").map { String(cString: $0) }
        defer { if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") } }
        unsetenv("TZ")
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
           let range = target.range(of: "zoneinfo/", options: .backwards) {
            XCTAssertEqual(try HostZone.choice(), .host(String(target[range.upperBound...])))
        }
    }

    // MARK: - Hand-built TZif files and footers

    /// A TZif file: the same data in the v1 block (32-bit times that fit) and, unless
    /// version is 0, in the v2+ block (64-bit), followed by the footer.
    private func makeTZif(version: UInt8 = UInt8(ascii: "2"), transitions: [(Int64, UInt8)] = [],
                          offsets: [Int32], footer: String = "", leaps: [(Int64, Int32)] = []) -> [UInt8] {
        func be(_ value: Int64, _ size: Int) -> [UInt8] {
            (0 ..< size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        func block(_ timeSize: Int) -> [UInt8] {
            let fits = { (t: Int64) in timeSize == 8 || (t >= Int64(Int32.min) && t <= Int64(Int32.max)) }
            let list = transitions.filter { fits($0.0) }
            let leapList = leaps.filter { fits($0.0) }
            var out = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
            for count in [0, 0, leapList.count, list.count, offsets.count, 4] { out += be(Int64(count), 4) }
            for (t, _) in list { out += be(t, timeSize) }
            out += list.map { $0.1 }
            for offset in offsets { out += be(Int64(offset), 4) + [0, 0] }
            out += Array("LMT\u{0}".utf8)
            for (t, correction) in leapList { out += be(t, timeSize) + be(Int64(correction), 4) }
            return out
        }
        if version == 0 { return block(4) }
        return block(4) + block(8) + Array("\n\(footer)\n".utf8)
    }

    private func footerRules(_ footer: String, file: StaticString = #filePath, line: UInt = #line) throws -> TransitionTable {
        do {
            return try table(makeTZif(offsets: [0], footer: footer))
        } catch {
            XCTFail("footer \(footer): \(error)", file: file, line: line)
            throw error
        }
    }

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
            XCTAssertEqual(crossing.instant(fromWall: ms(year + 1, 1, 2, 0, 30)), ms(year + 1, 1, 2, 0, 30))   // gap
            XCTAssertEqual(crossing.instant(fromWall: ms(year, 12, 29, 23, 30)), ms(year, 12, 29, 22, 30))     // first
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
        for (footer, offset) in [("<+08>-8", 28_800), ("<-0330>+3:30", -12_600), ("UTC0", 0),
                                 ("<UTC+14>-14", 50_400), ("XXX24", -86_400), ("<A1->-24:59:59", 89_999)] {
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
        let withFooter = try table(makeTZif(transitions: [(0, 1), (100, 1), (86_400, 0)],
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
            let rules = try table(makeTZif(version: version, transitions: [(0, 1)], offsets: [0, 3600],
                                                     footer: "<+01>-1<+02>,M3.5.0/-1,M10.5.0/24"))
            XCTAssertEqual(rules.offsetSeconds(at: ms(2025, 7, 1)), 7200)
            XCTAssertEqual(rules.offsetSeconds(at: ms(2025, 1, 1)), 3600)
        }
        // A "big bang" transition far before any representable millisecond sets the initial type;
        // one far after it is unreachable (and keeps the footer from applying).
        let early = try table(makeTZif(transitions: [(-(1 << 59), 1), (0, 0)], offsets: [100, 200], footer: "<+03>-3"))
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
        let rightRules = try table(makeTZif(transitions: [(100_000_010, 1)], offsets: [0, 3600],
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

    // MARK: - Hostile input

    func testHostileBytesAreRejected() throws {
        let dir = try compileZones(easternSource + lordHoweSource, bloat: "fat")
        let good = try bytes(dir + "/Test/Eastern")
        XCTAssertNoThrow(try table(good))

        for length in 0 ..< good.count { expectInvalid(Array(good.prefix(length)), "prefix of \(length) bytes") }

        func u32(_ data: [UInt8], _ at: Int) -> Int { data[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let v1Length = u32(good, 32) * 5 + u32(good, 36) * 6 + u32(good, 40) + u32(good, 28) * 8 + u32(good, 24) + u32(good, 20)
        let second = 44 + v1Length
        for header in [0, second] {
            for field in 0 ..< 6 {
                for value: [UInt8] in [[0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xF0], [0, 0, 0x10, 0]] {
                    var data = good
                    data.replaceSubrange(header + 20 + 4 * field ..< header + 24 + 4 * field, with: value)
                    expectInvalid(data, "count \(field) of header at \(header) = \(value)")
                }
            }
        }
        let timecnt = u32(good, second + 32), typecnt = u32(good, second + 36)
        let data2 = second + 44
        var badIndex = good
        badIndex[data2 + timecnt * 8 + 3] = UInt8(typecnt)
        expectInvalid(badIndex, "type index = typecnt")
        var descending = good
        descending.replaceSubrange(data2 + 8 ..< data2 + 16, with: [0x80, 0, 0, 0, 0, 0, 0, 0])
        expectInvalid(descending, "descending transition times")
        var badOffset = good
        badOffset.replaceSubrange(data2 + timecnt * 9 ..< data2 + timecnt * 9 + 4, with: [0x80, 0, 0, 0])
        expectInvalid(badOffset, "UT offset -2^31")
        var badDST = good
        badDST[data2 + timecnt * 9 + 4] = 7
        expectInvalid(badDST, "isdst = 7")
        var badMagic = good
        badMagic[0] = UInt8(ascii: "X")
        expectInvalid(badMagic, "magic")
        var badVersion = good
        badVersion[4] = UInt8(ascii: "1")
        expectInvalid(badVersion, "version '1'")

        // Footers: the good one is the tail after the last-but-one newline.
        let footerStart = good.dropLast().lastIndex(of: UInt8(ascii: "\n"))!
        XCTAssertEqual(String(decoding: good[footerStart...], as: UTF8.self), "\nEST5EDT,M3.2.0,M11.1.0\n")
        for footer in ["EST", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.0.0,M11.1.0",
                       "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0", "<+03", "<+0>3", "ES5", "EST25",
                       "EST5:60", "EST5EDT,J0,J365", "EST5EDT,J366,J1", "EST5EDT,366,1", "EST5EDT,M3.2.0/168,M11.1.0",
                       "EST5EDT,M3.2.0,M11.1.0x", "EST5EDT,M3.2.0,M11.1.0,", "EST5EDT,M3.2.0/1:2:3:4,M11.1.0",
                       "EST-", "EST+", "EST5EDT,M3.2.0,", "EST99999999999999999999", "EST5EDT,M03.2.0.1,M11.1.0",
                       "<ES\u{7F}>5", "\u{0}", "EST5EDT,M3.2.0/,M11.1.0", " EST5"] {
            var data = Array(good[..<footerStart])
            data += Array("\n\(footer)\n".utf8)
            expectInvalid(data, "footer \(footer)")
        }
        expectInvalid(Array(good[..<footerStart]) + Array("\nEST5EDT".utf8), "unterminated footer")
        expectInvalid(Array(good[..<footerStart]) + Array("EST5\n".utf8), "footer without its first newline")
    }

    /// Random corruption never traps; whatever parses still satisfies the query invariants.
    func testRandomCorruptionNeverTraps() throws {
        let dir = try compileZones(easternSource + apiaSource, bloat: "slim")
        let seeds = [try bytes(dir + "/Test/Eastern"), try bytes(dir + "/Test/Apia"),
                     try bytes(try compileZones(easternSource, bloat: "fat") + "/Test/Eastern")]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> UInt64 {   // SplitMix64: deterministic
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var accepted = 0
        for round in 0 ..< 3000 {
            var data = seeds[round % seeds.count]
            for _ in 0 ... Int(random() % 4) {
                let position = Int(random() % UInt64(data.count))
                data[position] = random() % 3 == 0 ? UInt8(truncatingIfNeeded: random()) : data[position] ^ (1 << (random() % 8))
            }
            guard let rules = try? TransitionTable(tzif: TZif(data)) else { continue }
            accepted += 1
            for t in [Int64.min, -62_135_596_800_000, 0, ms(2024, 3, 10, 7), 253_402_300_799_999, Int64.max] {
                _ = rules.offsetSeconds(at: t)
                _ = rules.instant(fromWall: t)
                if let next = rules.nextOffsetChange(after: t) {
                    XCTAssertGreaterThan(next, t)
                    XCTAssertNotEqual(rules.offsetSeconds(at: next), rules.offsetSeconds(at: next - 1))
                }
            }
        }
        XCTAssertGreaterThan(accepted, 0, "some mutations (e.g. in designations) keep the file valid")
    }

    // MARK: - The system database

    private let systemDirectory = "/usr/share/zoneinfo"

    /// The version of the system database ("2026f"), from the first line of its tzdata.zi.
    private func systemDatabaseVersion() -> String? {
        guard let text = try? String(contentsOfFile: systemDirectory + "/tzdata.zi", encoding: .utf8),
              let line = text.split(separator: "\n").first, line.hasPrefix("# version ") else { return nil }
        return String(line.dropFirst("# version ".count))
    }

    private func requireSystemDatabase() throws {
        guard FileManager.default.fileExists(atPath: systemDirectory + "/America/New_York") else {
            throw XCTSkip("no zone database at \(systemDirectory): install Debian's tzdata to run this test")
        }
    }

    /// Zones whose rules changed after ICU 72's tz 2022e: the system data must win.
    func testSystemDatabaseHasCurrentRules() throws {
        try requireSystemDatabase()
        let t = ms(2024, 7, 1, 12)
        for (id, seconds) in [("America/Mexico_City", -6 * 3600), ("Africa/Cairo", 3 * 3600), ("Asia/Almaty", 5 * 3600),
                              ("America/Nuuk", -1 * 3600), ("Asia/Shanghai", 8 * 3600), ("Asia/Kathmandu", 20_700),
                              ("Etc/UTC", 0)] {
            XCTAssertEqual(try load(id, systemDirectory).offsetSeconds(at: t), Int32(seconds), id)
        }
        XCTAssertEqual(try load("Asia/Shanghai", systemDirectory).offsetSeconds(at: ms(1900, 1, 1)), 29_143)   // LMT
    }

    /// The far future follows each footer; expected instants are computed from the rules' text.
    func testSystemFootersInTheFarFuture() throws {
        try requireSystemDatabase()
        let newYork = try load("America/New_York", systemDirectory)
        let dublin = try load("Europe/Dublin", systemDirectory)
        let lordHowe = try load("Australia/Lord_Howe", systemDirectory)
        let nuuk = try load("America/Nuuk", systemDirectory)
        for year in [2100, 2500] {
            func sunday(_ month: Int, _ ordinal: Int) -> Int { weekdayInMonth(year, month, weekday: 1, ordinal: ordinal) }
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
        let zones = ["America/New_York", "America/Sao_Paulo", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Tehran",
                     "Africa/Casablanca", "Asia/Kathmandu", "America/St_Johns", "Europe/Dublin", "Europe/London",
                     "Asia/Shanghai", "Europe/Berlin", "Europe/Moscow", "Asia/Kolkata", "Australia/Sydney",
                     "America/Los_Angeles", "Pacific/Chatham", "America/Havana", "Asia/Jerusalem", "America/Santiago",
                     "Pacific/Auckland", "Antarctica/Troll", "America/Mexico_City", "Africa/Cairo", "Asia/Almaty",
                     "America/Nuuk", "America/Asuncion", "Asia/Tokyo"]
        let icuDataDiffers: Set<String> = ["America/Mexico_City", "Africa/Cairo", "Asia/Almaty", "America/Nuuk",
                                           "America/Asuncion"]
        // Zones whose rules from 1900 to 2037 differ between tz 2025b (Foundation's own data in
        // Swift 6.3) and 2026f (Debian 13's tzdata): `zdump -v -c 1900,2038` of both databases
        // differs for these five only (Casablanca's and Havana's coming years, Tehran 1979,
        // Dublin 1925, São Paulo 1965-66). They are compared only when Foundation's data is not
        // older than 2026f, or the system's is not newer than 2025b.
        let changedAfter2025b: Set<String> = ["Africa/Casablanca", "America/Havana", "Asia/Tehran", "Europe/Dublin",
                                              "America/Sao_Paulo"]
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
                XCTAssertEqual(Int(rules.offsetSeconds(at: t)), expected, "\(id) at \(Date(timeIntervalSince1970: Double(t) / 1000))")
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
