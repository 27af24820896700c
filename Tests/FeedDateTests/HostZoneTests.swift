// The host's zone from $TZ (SPEC 1.1 section 1), POSIX TZ strings, right/
// zones, and a zone database that changes under a running process.
import Foundation
import XCTest
@testable import FeedDate

final class HostZoneTests: XCTestCase {
    private let db = "/usr/share/zoneinfo"

    private func choice(_ tz: String?, localtime: String = "/nonexistent/localtime") throws -> HostZone.Choice {
        try HostZone.choice(tz: tz, localtime: localtime, timezoneFile: "/nonexistent/timezone", directory: db)
    }

    func testTZValues() throws {
        XCTAssertEqual(try choice("Asia/Shanghai"), .tz("Asia/Shanghai"))
        XCTAssertEqual(try choice(":Asia/Tokyo"), .tz("Asia/Tokyo"))
        XCTAssertEqual(try choice("CST-8"), .tz("CST-8"))
        XCTAssertEqual(try choice(""), .tz("UTC"))
        XCTAssertEqual(try choice(":"), .tz("UTC"))
        XCTAssertEqual(try choice(":\(db)/Europe/Paris"), .tz("Europe/Paris"))
        XCTAssertEqual(try choice(nil), .host("UTC"))
        XCTAssertThrowsError(try choice("/etc/passwd")) { error in
            guard case .timeZone(let m) = error as! FeedDateError else { return XCTFail("\(error)") }
            XCTAssertTrue(m.contains("TZ=/etc/passwd"), m)
        }
    }

    private func zone(_ id: String) throws -> FeedDateFormatter {
        try FeedDateFormatter(FeedDateOptions(style: .feedDetail, locale: "en_US", timeZone: id))
    }

    func testPosixStrings() throws {
        // 2024-03-25T06:30Z
        let t: Int64 = 1_711_348_200_000
        let cst = try zone("CST-8")
        XCTAssertEqual(cst.timeZone, "CST-8")
        XCTAssertEqual(cst.tzSource, "posix")
        XCTAssertEqual(try cst.format(t, now: t), "Mar 25, 2024, 2:30\u{202F}PM")
        XCTAssertEqual(try zone("<+0330>-3:30").format(t, now: t), "Mar 25, 2024, 10:00\u{202F}AM")
        // A rule with daylight time: 2024-07-01T12:00Z is 08:00 EDT.
        XCTAssertEqual(
            try zone("EST5EDT,M3.2.0,M11.1.0").format(1_719_835_200_000, now: t), "Jul 1, 2024, 8:00\u{202F}AM")
        // A database name wins over the rule it spells. Debian 13 moved EST5EDT and the other
        // legacy names to tzdata-legacy: without that file the string is a POSIX rule again.
        if FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/EST5EDT") {
            XCTAssertTrue(try zone("EST5EDT").tzSource.hasPrefix("tzdata "))
        } else {
            XCTAssertEqual(try zone("EST5EDT").tzSource, "posix")
        }
        for bad in ["CST", "Bogus/Zone", "CST-8/x", "<+0330"] {
            XCTAssertThrowsError(try zone(bad), bad)
        }
    }

    func testLeapSecondZonesAreRefused() {
        XCTAssertThrowsError(try zone("right/America/New_York")) { error in
            guard case .timeZone(let m) = error as! FeedDateError else { return XCTFail("\(error)") }
            XCTAssertTrue(m.contains("\"America/New_York\""), m)
        }
    }

    /// A copy of the database whose files a test may replace, as a tzdata
    /// upgrade does (new file, rename over the old one).
    private func scratchDatabase() throws -> String {
        let dir = NSTemporaryDirectory() + "feeddate-tz-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/America", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/Brazil", withIntermediateDirectories: true)
        try fm.copyItem(atPath: db + "/America/Sao_Paulo", toPath: dir + "/America/Sao_Paulo")
        try fm.createSymbolicLink(atPath: dir + "/Brazil/East", withDestinationPath: "../America/Sao_Paulo")
        try "# version 2000a\n".write(toFile: dir + "/tzdata.zi", atomically: true, encoding: .utf8)
        return dir
    }

    func testANewDatabaseReachesNewFormattersOnly() throws {
        let dir = try scratchDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try ZoneDatabase.withDirectory(dir) {
            // 2024-03-25T06:30Z: 03:30 in São Paulo (UTC-3).
            let t: Int64 = 1_711_348_200_000
            let before = try zone("America/Sao_Paulo")
            XCTAssertEqual(try before.format(t, now: t), "Mar 25, 2024, 3:30\u{202F}AM")
            XCTAssertEqual(before.tzSource, "tzdata 2000a")

            // The upgrade: new rules (Tokyo's, +9) written to a new file renamed
            // over the old one, and a new version.
            let tmp = dir + "/America/.Sao_Paulo.new"
            try FileManager.default.copyItem(atPath: db + "/Asia/Tokyo", toPath: tmp)
            XCTAssertEqual(rename(tmp, dir + "/America/Sao_Paulo"), 0)
            try "# version 2099z\n".write(toFile: dir + "/tzdata.zi", atomically: true, encoding: .utf8)

            let after = try zone("America/Sao_Paulo")
            XCTAssertEqual(try after.format(t, now: t), "Mar 25, 2024, 3:30\u{202F}PM")
            XCTAssertEqual(after.tzSource, "tzdata 2099z")
            // A link to the same file gives the same rules.
            XCTAssertEqual(try zone("Brazil/East").format(t, now: t), "Mar 25, 2024, 3:30\u{202F}PM")
            // The formatter made before keeps its rules and its version.
            XCTAssertEqual(try before.format(t, now: t), "Mar 25, 2024, 3:30\u{202F}AM")
            XCTAssertEqual(before.tzSource, "tzdata 2000a")
        }
    }

    /// An edit in place that keeps the size and sets the modification time
    /// back still reaches new formatters: files are known by their change
    /// time (ctime), which no caller can set back (1.1 kept the stale rules).
    func testASameSizeEditWithTheOldModificationTimeIsSeen() throws {
        let dir = try scratchDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/America/Sao_Paulo"
        // Two files of one size: Sao_Paulo's rules, then the same with its
        // first standard offset's hour changed (a byte edit, same length).
        try ZoneDatabase.withDirectory(dir) {
            let t: Int64 = 1_711_348_200_000
            XCTAssertEqual(try zone("America/Sao_Paulo").format(t, now: t), "Mar 25, 2024, 3:30\u{202F}AM")
            var info = stat()
            XCTAssertEqual(stat(file, &info), 0)
            let tokyo = try Data(contentsOf: URL(fileURLWithPath: db + "/Asia/Tokyo"))
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            // Same size: Tokyo's rules padded (TZif readers stop at the data's end).
            guard tokyo.count <= bytes.count else { throw XCTSkip("Tokyo's file is larger than São Paulo's here") }
            bytes.replaceSubrange(0..<tokyo.count, with: tokyo)
            let fd = open(file, O_WRONLY)
            XCTAssertGreaterThanOrEqual(fd, 0)
            XCTAssertEqual(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, bytes.count)
            close(fd)
            // The modification time set back to what it was.
            var times = [info.st_atim, info.st_mtim]
            XCTAssertEqual(utimensat(AT_FDCWD, file, &times, 0), 0)
            XCTAssertEqual(try zone("America/Sao_Paulo").format(t, now: t), "Mar 25, 2024, 3:30\u{202F}PM")
        }
    }
}
