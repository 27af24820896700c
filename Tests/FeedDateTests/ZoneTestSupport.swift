// What the zone tests share (TZifTests, PosixFooterTests, ZicZoneTests,
// ZoneDatabaseTests, SystemDatabaseTests, CivilArithmeticTests): dates computed
// with Foundation's Gregorian calendar in UTC, independently of the code under
// test; zone source text compiled with /usr/sbin/zic into a temporary TZDIR, so
// expectations do not depend on the machine's tzdata; hand-built TZif files.

import Foundation
import XCTest
@testable import FeedDate
import CSystem

extension TransitionTable {
    /// The offset in seconds, as the expectations are written.
    func offsetSeconds(at ms: Int64) -> Int32 { Int32(offsetMs(at: ms) / 1000) }
}

/// The base of the zone test classes: their helpers and zone sources.
class ZoneTestCase: XCTestCase {
    // MARK: - Helpers

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Milliseconds since the epoch of a UTC date-time (or, read as wall time, of a local one).
    func ms(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Int64 {
        let date = Self.utc.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))!
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    let hour: Int64 = 3_600_000
    let minute: Int64 = 60_000

    /// Day of month of the `ordinal`-th (1-based) `weekday` (1 = Sunday) of a month; ordinal 5 = the last.
    func weekdayInMonth(_ y: Int, _ mo: Int, weekday: Int, ordinal: Int) -> Int {
        let days = Self.utc.range(
            of: .day, in: .month, for: Self.utc.date(from: DateComponents(year: y, month: mo, day: 1))!)!
        let matches = days.filter {
            Self.utc.component(.weekday, from: Self.utc.date(from: DateComponents(year: y, month: mo, day: $0))!)
                == weekday
        }
        return ordinal >= 5 ? matches.last! : matches[ordinal - 1]
    }

    /// A fresh temporary directory, removed after the test.
    func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zonerules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// Compiles zone source text with zic (`-b fat` or `-b slim`) into a new TZDIR and returns it.
    func compileZones(_ source: String, bloat: String = "fat") throws -> String {
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

    func load(_ id: String, _ dir: String, file: StaticString = #filePath, line: UInt = #line) throws -> TransitionTable
    {
        do {
            return try ZoneDatabase.load(id: id, directory: dir)
        } catch {
            XCTFail("cannot load \(id): \(error)", file: file, line: line)
            throw error
        }
    }

    /// The table of TZif bytes.
    func table(_ bytes: [UInt8]) throws -> TransitionTable {
        TransitionTable(tzif: try TZif(bytes))
    }

    func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Transition count of the block that a reader uses (the 64-bit one of a v2+ file).
    func usedTransitionCount(_ data: [UInt8]) -> Int {
        func u32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let v1 = u32(32) * 5 + u32(36) * 6 + u32(40) + u32(28) * 8 + u32(24) + u32(20)
        return data[4] == 0 ? u32(32) : u32(44 + v1 + 32)
    }

    func expectInvalid(_ data: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try TZif(data)
            XCTFail("accepted \(what)", file: file, line: line)
        } catch {
            guard case .invalidData = error else {
                return XCTFail("\(what): expected invalidData, got \(error)", file: file, line: line)
            }
        }
    }

    func expectLoadError(
        _ id: String, _ dir: String, _ expected: ZoneError,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            _ = try ZoneDatabase.load(id: id, directory: dir)
            XCTFail("loaded \(id)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expected, id, file: file, line: line)
        }
    }

    /// Checks `offset` just before and at a transition instant `at`, and that it is found as the next change.
    func expectTransition(
        _ rules: TransitionTable, at: Int64, from before: Int32, to after: Int32,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(rules.offsetSeconds(at: at - 1), before, "offset just before \(at)", file: file, line: line)
        XCTAssertEqual(rules.offsetSeconds(at: at), after, "offset at \(at)", file: file, line: line)
        XCTAssertEqual(rules.nextOffsetChange(after: at - 1), at, "next change after \(at - 1)", file: file, line: line)
        XCTAssertEqual(
            rules.nextOffsetChange(after: at - 6 * hour), at, "next change after \(at) - 6 h", file: file, line: line)
    }

    /// Walks every offset change in (from, to] and checks the invariants that tie the three
    /// queries together: a change really changes the offset, the offset is constant between
    /// changes, and instant(fromWall:) inverts `instant + offset` with the documented gap /
    /// overlap resolution around each change (checked where the neighbouring changes are more
    /// than two days away). Returns the number of changes seen.
    @discardableResult
    func checkConsistency(
        _ rules: TransitionTable, from: Int64, to: Int64, name: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        let twoDays: Int64 = 48 * hour
        var t = from
        var previous: Int64?
        var changes = 0
        while let c = rules.nextOffsetChange(after: t), c <= to {
            XCTAssertGreaterThan(c, t, name, file: file, line: line)
            let before = Int64(rules.offsetSeconds(at: c - 1)) * 1000
            let after = Int64(rules.offsetSeconds(at: c)) * 1000
            XCTAssertNotEqual(before, after, "\(name): no change at \(c)", file: file, line: line)
            XCTAssertEqual(
                Int64(rules.offsetSeconds(at: t + (c - t) / 2)) * 1000, before,
                "\(name): offset not constant before \(c)", file: file, line: line)
            let following = rules.nextOffsetChange(after: c)
            if c - (previous ?? c - 2 * twoDays) > twoDays, following.map({ $0 - c > twoDays }) ?? true {
                // Wall times c + before ..< c + after are skipped (gap: forward by the gap) or
                // c + after ..< c + before repeat (overlap: first occurrence); both map to wall - before.
                let lowWall = c + min(before, after), highWall = c + max(before, after)
                for wall in [
                    lowWall - hour, lowWall - 1, lowWall, lowWall + 1, (lowWall + highWall) / 2,
                    highWall - 1, highWall, highWall + 1, highWall + hour,
                ] {
                    let expected = wall < highWall ? wall - before : wall - after
                    XCTAssertEqual(
                        rules.instant(fromWall: wall), expected, "\(name): wall \(wall) near change \(c)",
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

    let easternSource = """
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

    let lordHoweSource = """
        Rule	LH	2008	max	-	Apr	Sun>=1	2:00	0	-
        Rule	LH	2008	max	-	Oct	Sun>=1	2:00	0:30	-
        Zone	Test/Lord_Howe	10:36:20 -	LMT	1895 Feb
        			10:00	-	AEST	1981 Mar
        			10:30	LH	+1030/+11

        """

    let apiaSource = """
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

    let saoPauloSource = """
        Rule	Brazil	2017	only	-	Oct	Sun>=15	0:00	1:00	-
        Rule	Brazil	2018	only	-	Feb	Sun>=15	0:00	0	-
        Rule	Brazil	2018	only	-	Nov	Sun>=1	0:00	1:00	-
        Rule	Brazil	2019	only	-	Feb	Sun>=15	0:00	0	-
        Zone	Test/Sao_Paulo	-3:06:28 -	LMT	1914
        			-3:00	Brazil	-03/-02

        """

    let shanghaiSource = """
        Zone	Test/Shanghai	8:05:43	-	LMT	1901
        			8:00	-	CST

        """

    /// Runs `body` with zones looked up in `dir` (the library reads $TZDIR once).
    func withTZDIR<T>(_ dir: String, _ body: () throws -> T) rethrows -> T {
        try ZoneDatabase.withDirectory(dir) { () throws -> T in try body() }
    }

    /// The message of the time-zone error that Zone(id) throws, or nil when it loads.
    func zoneError(_ id: String) -> String? {
        do {
            _ = try Zone(id)
            return nil
        } catch {
            guard case .timeZone(let message) = error else { return "not a time-zone error: \(error)" }
            return message
        }
    }

    /// A TZif file: the same data in the v1 block (32-bit times that fit) and, unless
    /// version is 0, in the v2+ block (64-bit), followed by the footer.
    func makeTZif(
        version: UInt8 = UInt8(ascii: "2"), transitions: [(Int64, UInt8)] = [],
        offsets: [Int32], footer: String = "", leaps: [(Int64, Int32)] = []
    ) -> [UInt8] {
        func be(_ value: Int64, _ size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
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

    func footerRules(_ footer: String, file: StaticString = #filePath, line: UInt = #line) throws -> TransitionTable {
        do {
            return try table(makeTZif(offsets: [0], footer: footer))
        } catch {
            XCTFail("footer \(footer): \(error)", file: file, line: line)
            throw error
        }
    }

    // MARK: - The system database

    let systemDirectory = "/usr/share/zoneinfo"

    /// The version of the system database ("2026f"), from the first line of its tzdata.zi.
    func systemDatabaseVersion() -> String? {
        guard let text = try? String(contentsOfFile: systemDirectory + "/tzdata.zi", encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("# version ")
        else { return nil }
        return String(line.dropFirst("# version ".count))
    }

    func requireSystemDatabase() throws {
        guard FileManager.default.fileExists(atPath: systemDirectory + "/America/New_York") else {
            throw XCTSkip("no zone database at \(systemDirectory): install Debian's tzdata to run this test")
        }
    }
}
