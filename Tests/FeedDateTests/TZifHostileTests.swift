// Hostile TZif bytes (Zone/TZif.swift): every malformed field refused, random
// corruption never traps.

import Foundation
import XCTest
@testable import FeedDate
import CSystem

final class TZifHostileTests: ZoneTestCase {
    // MARK: - Hostile input

    func testHostileBytesAreRejected() throws {
        let dir = try compileZones(easternSource + lordHoweSource, bloat: "fat")
        let good = try bytes(dir + "/Test/Eastern")
        XCTAssertNoThrow(try table(good))

        for length in 0..<good.count { expectInvalid(Array(good.prefix(length)), "prefix of \(length) bytes") }

        func u32(_ data: [UInt8], _ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let v1Length =
            u32(good, 32) * 5 + u32(good, 36) * 6 + u32(good, 40) + u32(good, 28) * 8 + u32(good, 24) + u32(good, 20)
        let second = 44 + v1Length
        for header in [0, second] {
            for field in 0..<6 {
                for value: [UInt8] in [[0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xF0], [0, 0, 0x10, 0]] {
                    var data = good
                    data.replaceSubrange(header + 20 + 4 * field..<header + 24 + 4 * field, with: value)
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
        descending.replaceSubrange(data2 + 8..<data2 + 16, with: [0x80, 0, 0, 0, 0, 0, 0, 0])
        expectInvalid(descending, "descending transition times")
        var badOffset = good
        badOffset.replaceSubrange(data2 + timecnt * 9..<data2 + timecnt * 9 + 4, with: [0x80, 0, 0, 0])
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
        for footer in [
            "EST", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.0.0,M11.1.0",
            "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0", "<+03", "<+0>3", "ES5", "EST25",
            "EST5:60", "EST5EDT,J0,J365", "EST5EDT,J366,J1", "EST5EDT,366,1", "EST5EDT,M3.2.0/168,M11.1.0",
            "EST5EDT,M3.2.0,M11.1.0x", "EST5EDT,M3.2.0,M11.1.0,", "EST5EDT,M3.2.0/1:2:3:4,M11.1.0",
            "EST-", "EST+", "EST5EDT,M3.2.0,", "EST99999999999999999999", "EST5EDT,M03.2.0.1,M11.1.0",
            "<ES\u{7F}>5", "\u{0}", "EST5EDT,M3.2.0/,M11.1.0", " EST5",
        ] {
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
        let seeds = [
            try bytes(dir + "/Test/Eastern"), try bytes(dir + "/Test/Apia"),
            try bytes(try compileZones(easternSource, bloat: "fat") + "/Test/Eastern"),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> UInt64 { // SplitMix64: deterministic
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var accepted = 0
        for round in 0..<3000 {
            var data = seeds[round % seeds.count]
            for _ in 0...Int(random() % 4) {
                let position = Int(random() % UInt64(data.count))
                data[position] =
                    random() % 3 == 0 ? UInt8(truncatingIfNeeded: random()) : data[position] ^ (1 << (random() % 8))
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
}
