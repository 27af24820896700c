// Zones no real database holds, whose offset flips by about a day every few
// minutes: the next-change walk must never step over a change of the label
// however the offsets move (RELIABILITY.md, finding 18).
import Foundation
import XCTest
@testable import FeedDate

final class HostileZoneTests: XCTestCase {
    /// A TZif v2 file with `transitions` (seconds, type index) and `offsets` (seconds).
    private func tzif(_ transitions: [(Int64, UInt8)], _ offsets: [Int32]) -> [UInt8] {
        func be(_ value: Int64, _ size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        func block(_ timeSize: Int) -> [UInt8] {
            let list =
                timeSize == 8
                ? transitions : transitions.filter { $0.0 >= Int64(Int32.min) && $0.0 <= Int64(Int32.max) }
            var out = Array("TZif".utf8) + [UInt8(ascii: "2")] + [UInt8](repeating: 0, count: 15)
            for count in [0, 0, 0, list.count, offsets.count, 4] { out += be(Int64(count), 4) }
            for (t, _) in list { out += be(t, timeSize) }
            out += list.map { $0.1 }
            for offset in offsets { out += be(Int64(offset), 4) + [0, 0] }
            out += Array("LMT\u{0}".utf8)
            return out
        }
        return block(4) + block(8) + Array("\n<+00>0\n".utf8)
    }

    /// A database folder holding Hostile/Flip: from `start` (seconds), every
    /// `period` seconds for `count` changes, the offset alternates between `a` and `b`.
    private func database(start: Int64, period: Int64, count: Int, a: Int32, b: Int32) throws -> String {
        let dir = NSTemporaryDirectory() + "feeddate-hostile-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir + "/Hostile", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        var transitions: [(Int64, UInt8)] = (0..<count).map { (start + Int64($0) * period, UInt8($0 % 2 == 0 ? 1 : 2)) }
        transitions.append((start + Int64(count) * period, 0))
        try Data(tzif(transitions, [0, a, b])).write(to: URL(fileURLWithPath: dir + "/Hostile/Flip"))
        try "# version 2099h\n".write(toFile: dir + "/tzdata.zi", atomically: true, encoding: .utf8)
        return dir
    }

    func testNextChangesInZonesThatFlipByADayEveryFewMinutes() throws {
        var rng = SplitMix64(state: 0x5EED_F11B)
        let start: Int64 = 1_711_000_000 // 2024-03-21
        var checked = 0
        for (a, b, period) in [
            (Int32(90_000), Int32(0), Int64(300)), (Int32(45_000), Int32(-45_000), Int64(300)),
            (Int32(-89_000), Int32(0), Int64(300)), (Int32(90_000), Int32(-3_600), Int64(7_200)),
            (Int32(50_400), Int32(-43_200), Int64(60)),
        ] {
            let dir = try database(start: start, period: period, count: 2_000, a: a, b: b)
            try ZoneDatabase.withDirectory(dir) {
                for style in FeedDateStyle.allCases {
                    var o = FeedDateOptions(style: style, locale: "en_US", timeZone: "Hostile/Flip")
                    o.hourCycle = .h23
                    let f = try FeedDateFormatter(o)
                    for _ in 0..<50 {
                        let now =
                            (start - 86_400 + Int64.random(in: 0...(Int64(2_000) * period + 2 * 86_400), using: &rng))
                            * 1000
                            + Int64.random(in: 0..<1000, using: &rng)
                        let t = now - Int64.random(in: -3 * 86_400_000...10 * 86_400_000, using: &rng)
                        let label = try f.label(t, now: now)
                        try checkNextChange(
                            f, t, now, label, context: "\(style) t=\(t) now=\(now) offsets \(a)/\(b) every \(period) s",
                            rng: &rng)
                        checked += 1
                    }
                }
            }
        }
        XCTAssertEqual(checked, 5 * FeedDateStyle.allCases.count * 50)
    }

    /// No zone of the system database is unruly, so instant(fromWall:) keeps
    /// SPEC's gap rule everywhere real; the hand-made flipping zones are.
    func testOnlyHandMadeZonesAreUnruly() throws {
        let db = "/usr/share/zoneinfo"
        var read = 0
        for case let name as String in FileManager.default.enumerator(atPath: db)! {
            guard !name.hasPrefix("right/"), !name.hasPrefix("posix/"),
                let table = try? ZoneDatabase.load(id: name, directory: db)
            else { continue }
            XCTAssertFalse(table.unruly, name)
            read += 1
        }
        XCTAssertGreaterThan(read, 300)
        let dir = try database(start: 1_711_000_000, period: 300, count: 20, a: 90_000, b: 0)
        XCTAssertTrue(try ZoneDatabase.load(id: "Hostile/Flip", directory: dir).unruly)
    }
}
