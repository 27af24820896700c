// The zone database (Zone/ZoneDatabase.swift, Zone/Zone.swift, Zone/HostZone.swift):
// names, which files are read and how links are judged, errors for corrupt
// files and unknown or old names, versions, the folder, the host's zone id.

import Foundation
import XCTest
@testable import FeedDate
import CSystem

final class ZoneDatabaseTests: ZoneTestCase {
    // MARK: - Names and files

    func testNameValidation() throws {
        let dir = try compileZones(easternSource)
        for bad in [
            "../../etc/passwd", "/etc/passwd", "Asia/../UTC", "", String(repeating: "a", count: 300),
            ".", "..", "Test//Eastern", "Test/", "Test/./Eastern", "Test/Eastern\u{0}", "Test/East ern",
            "Test\\Eastern", "Tëst/Eastern", "~/x",
        ] {
            expectLoadError(bad, dir, .badName)
        }
        XCTAssertTrue(ZoneDatabase.isValidName(String(repeating: "a", count: 255)))
        XCTAssertFalse(ZoneDatabase.isValidName(String(repeating: "a", count: 256)))
        XCTAssertTrue(ZoneDatabase.isValidName("Etc/GMT+5"))
        XCTAssertTrue(ZoneDatabase.isValidName("America/Port-au-Prince"))
        XCTAssertTrue(ZoneDatabase.isValidName("...x/.hidden"))
        expectLoadError("No/Such_Zone", dir, .notFound)
        expectLoadError("Test/Eastern", dir + "/missing-directory", .notFound)
        expectLoadError("Test", dir, .notFound) // a directory
        XCTAssertNoThrow(try ZoneDatabase.load(id: "Test/Eastern", directory: dir))
    }

    func testOnlyRegularFilesAreRead() throws {
        let dir = try compileZones(easternSource)
        try FileManager.default.createDirectory(atPath: dir + "/Dev", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Dev/null", withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: dir + "/Dev/zero", withDestinationPath: "/dev/zero")
        XCTAssertEqual(mkfifo(dir + "/Dev/fifo", 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Dev/link", withDestinationPath: "../Test/Eastern")
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/Dev/absolute", withDestinationPath: dir + "/Test/Eastern")
        try Data(repeating: 0x41, count: 100).write(to: URL(fileURLWithPath: dir + "/Dev/text"))
        expectLoadError("Dev/null", dir, .notFound)
        expectLoadError("Dev/zero", dir, .notFound)
        expectLoadError("Dev/fifo", dir, .notFound) // must not block
        expectLoadError("Dev/text", dir, .invalidData("not a TZif file"))
        // Absolute links are not followed, even to a file inside: the file is
        // opened below the folder, and "/..." would leave it (csystem.h).
        expectLoadError("Dev/absolute", dir, .notFound)
        let linked = try load("Dev/link", dir) // relative links inside (as in zoneinfo) are followed
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
        let links = [
            ("Link/Inside", "../Test/Eastern"), ("Link/Absolute", outside + "/Secret"),
            ("Link/Out", "../../" + (outside as NSString).lastPathComponent + "/Secret"),
            ("Link/Dir", outside), ("Link/Loop", "Loop"), ("Link/Up", ".."),
            ("Deep/Er/Back", "../../Test/Eastern"), ("Link/Chain", "Inside"), ("Link/Dot", "./Inside"),
        ]
        for (name, target) in links { try fm.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: target) }
        XCTAssertEqual(mkfifo(dir + "/Link/Fifo", 0o600), 0)
        let ids = [
            "Test/Eastern", "Link/Inside", "Link/Absolute", "Link/Out", "Link/Dir/Secret", "Link/Loop",
            "Link/Up/Test/Eastern", "Deep/Er/Back", "Link/Chain", "Link/Dot", "Link/Fifo", "Link", "No/Such",
        ]
        func outcomes() -> [String] {
            ids.map { id in
                do { return "\(try ZoneDatabase.load(id: id, directory: dir).offsetSeconds(at: ms(2024, 7, 1)))" } catch
                { return "\(error)" }
            }
        }
        let kernel = outcomes()
        XCTAssertEqual(csys_beneath_uses_openat2(), 1, "openat2 is expected on this machine's kernel")
        csys_beneath_force_walk(1)
        defer { csys_beneath_force_walk(0) }
        let walked = outcomes()
        XCTAssertEqual(csys_beneath_uses_openat2(), 0)
        XCTAssertEqual(walked, kernel)
        let expected = [
            "-14400", "-14400", "notFound", "notFound", "notFound", "notFound",
            "-14400", "-14400", "-14400", "-14400", "notFound", "notFound", "notFound",
        ]
        XCTAssertEqual(walked, expected)
        // Without /proc, a file judged by its O_PATH descriptor is opened
        // again by name and must be the same inode (csystem.h): the same
        // outcomes, through the walk and through openat2.
        csys_reopen_force_by_name(1)
        defer { csys_reopen_force_by_name(0) }
        XCTAssertEqual(outcomes(), expected)
        csys_beneath_force_walk(0)
        XCTAssertEqual(outcomes(), expected)
    }

    /// Out of descriptors or memory, the database cannot say whether it has
    /// a name: an error naming the cause (FD_ERR_TIME_ZONE for EMFILE and
    /// ENFILE, FD_ERR_MEMORY for ENOMEM), never "not found", which would let
    /// "EST5EDT" be read as the POSIX rule (tests/c/test_descriptors.c runs
    /// it under every `ulimit -n` from 3 to 16).
    func testOutOfDescriptorsOrMemoryIsNamed() throws {
        for (code, name) in [(EMFILE, "EMFILE"), (ENFILE, "ENFILE")] {
            guard case .timeZone(let text) = ZoneDatabase.shortage(code, what: "time zone \"EST5EDT\"") else {
                return XCTFail("\(name) is not a time zone error")
            }
            XCTAssertTrue(text.hasPrefix("time zone \"EST5EDT\" could not be looked up in "), text)
            XCTAssertTrue(text.contains("no file descriptor free (\(name)"), text)
        }
        guard case .memory(let text) = ZoneDatabase.shortage(ENOMEM, what: "time zone \"EST5EDT\"") else {
            return XCTFail("ENOMEM is not a memory error")
        }
        XCTAssertTrue(text.hasPrefix("out of memory: time zone \"EST5EDT\""), text)
        XCTAssertTrue(text.contains("ENOMEM"), text)
        XCTAssertEqual(
            [EMFILE, ENFILE, ENOMEM, ENOENT, EACCES].map(ZoneDatabase.isShortage), [true, true, true, false, false])
    }

    /// Out of descriptors, a POSIX TZ string is read as one only when lstat
    /// (no descriptor) finds nothing of that name in the folder.
    func testHasEntryNeedsNoDescriptorAndSaysNoOnlyForNothing() throws {
        let dir = try compileZones(easternSource)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Dangling", withDestinationPath: "Nowhere")
        XCTAssertTrue(ZoneDatabase.hasEntry("Test/Eastern", directory: dir))
        XCTAssertTrue(ZoneDatabase.hasEntry("Test", directory: dir))
        XCTAssertTrue(ZoneDatabase.hasEntry("Dangling", directory: dir)) // something is there: not a POSIX reading
        XCTAssertFalse(ZoneDatabase.hasEntry("CST-8", directory: dir))
        XCTAssertFalse(ZoneDatabase.hasEntry("Test/Eastern/x", directory: dir))
        XCTAssertFalse(ZoneDatabase.hasEntry("<+0330>-3:30", directory: dir)) // no zone name at all
        XCTAssertFalse(ZoneDatabase.hasEntry("EST5EDT", directory: dir + "/missing-directory"))
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
            XCTAssertTrue(
                message.hasPrefix("unknown time zone \"US/Eastern\": did you mean \"America/New_York\"?"), message)
            XCTAssertTrue(message.contains("tzdata-legacy"), message)
            XCTAssertTrue(message.contains(dir), message)
            // ICU knows Asia/Calcutta as Asia/Kolkata, which this database lacks.
            XCTAssertEqual(
                zoneError("Asia/Calcutta"),
                "unknown time zone \"Asia/Calcutta\": pass an IANA zone id like \"Asia/Shanghai\"")
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
        XCTAssertNil(try ZoneDatabase.version(directory: dir))
        try "2031x\n".write(toFile: dir + "/+VERSION", atomically: true, encoding: .utf8)
        XCTAssertEqual(try ZoneDatabase.version(directory: dir), "2031x")
        try "# version 2030a\n# Some zone data\nZ Test 0 - UTC\n".write(
            toFile: dir + "/tzdata.zi", atomically: true, encoding: .utf8)
        XCTAssertEqual(try ZoneDatabase.version(directory: dir), "2030a")
        try "# no version here\n".write(toFile: dir + "/tzdata.zi", atomically: true, encoding: .utf8)
        XCTAssertEqual(try ZoneDatabase.version(directory: dir), "2031x")
        try "bad version\n".write(toFile: dir + "/+VERSION", atomically: true, encoding: .utf8)
        XCTAssertNil(try ZoneDatabase.version(directory: dir))

        let system = "/usr/share/zoneinfo/tzdata.zi"
        if let text = try? String(contentsOfFile: system, encoding: .utf8) {
            let first = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            XCTAssertTrue(first.hasPrefix("# version "))
            XCTAssertEqual(
                try ZoneDatabase.version(directory: "/usr/share/zoneinfo"),
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
        try Data([0x54, 0x5a]).write(to: URL(fileURLWithPath: localtime)) // a copy, not a link
        XCTAssertEqual(try host(nil), .host("Asia/Tokyo"))
        try FileManager.default.removeItem(atPath: localtime)
        try FileManager.default.createSymbolicLink(
            atPath: localtime, withDestinationPath: "/usr/share/zoneinfo/Europe/Berlin")
        XCTAssertEqual(try host(nil), .host("Europe/Berlin"))
        try FileManager.default.removeItem(atPath: localtime)
        try FileManager.default.createSymbolicLink(
            atPath: localtime, withDestinationPath: "../usr/share/zoneinfo/America/Port-au-Prince")
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
            let range = target.range(of: "zoneinfo/", options: .backwards)
        {
            XCTAssertEqual(try HostZone.choice(), .host(String(target[range.upperBound...])))
        }
    }
}
