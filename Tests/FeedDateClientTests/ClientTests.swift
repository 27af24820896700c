// FeedDateClient (SPEC 12, "Swift, 1.3"): every schedule vector's wire read
// from bytes and followed through Dates (text at each start and 1 ms before
// the next, next swaps), the format style's discrete inputs and the
// protocol's guarantee at every entry, Codable inside a larger response, and
// the reader's error as a LocalizedError.
import Foundation
import XCTest
import FeedDateClient
import VectorFiles

final class ClientTests: XCTestCase {
    private func date(_ ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }

    private func vectorLines() throws -> [(String, [String: Any])] {
        let lines = try VectorFiles.lines(VectorFiles.scheduleFiles()).map { ($0.place, $0.object) }
        XCTAssertGreaterThan(lines.count, 0, "no schedule vector was read")
        return lines
    }

    func testEveryScheduleVectorThroughDates() throws {
        var checked = 0
        for (note, o) in try vectorLines() {
            let wire = o["json"] as! String
            let s = try FeedDateSchedule(json: Data(wire.utf8))
            let want = (o["entries"] as! [[Any]]).map { ($0[0] as! String, ($0[1] as! NSNumber).int64Value) }
            let until = (o["until_ms"] as? NSNumber)?.int64Value
            XCTAssertEqual(s.json, wire, note)
            XCTAssertEqual(s.now, date((o["now_ms"] as! NSNumber).int64Value), note)
            XCTAssertEqual(s.until, until.map(date), note)
            XCTAssertEqual(s.entries.map(\.from), want.map { date($0.1) }, note)
            let style = FeedDateScheduleStyle(s)
            XCTAssertEqual(style.format(date(want[0].1 - 1)), want[0].0, note)
            XCTAssertNil(style.discreteInput(before: date(want[0].1)), note)
            for (i, (text, from)) in want.enumerated() {
                let next = i + 1 < want.count ? want[i + 1].1 : nil
                // The instants a client meets: the start, 1 ms before the next start, and between.
                var instants = [from]
                if let next { instants += [next - 1, from + (next - from) / 2] }
                for ms in instants {
                    let x = date(ms)
                    XCTAssertEqual(s.text(at: x), text, note)
                    XCTAssertEqual(x.formatted(style), text, note)
                    XCTAssertEqual(s.nextSwap(after: x), (next ?? until).map(date), note)
                    XCTAssertEqual(style.discreteInput(after: x), next.map(date), note)
                    XCTAssertEqual(style.discreteInput(before: x), i == 0 ? nil : date(from - 1), note)
                    // The protocol's guarantee, and its mirror.
                    if let after = style.discreteInput(after: x) {
                        XCTAssertEqual(style.format(style.input(before: after)!), text, note)
                        XCTAssertNotEqual(style.format(after), text, note)
                    }
                    if let before = style.discreteInput(before: x) {
                        XCTAssertEqual(style.format(style.input(after: before)!), text, note)
                        XCTAssertNotEqual(style.format(before), text, note)
                    }
                    checked += 1
                }
            }
            if let until {
                XCTAssertTrue(s.isStale(at: date(until)), note)
                XCTAssertFalse(s.isStale(at: date(until - 1)), note)
                XCTAssertEqual(s.text(at: date(until + 86_400_000)), want.last!.0, note)
                XCTAssertNil(s.nextSwap(after: date(until)), note)
            }
            // The style encodes as its schedule's wire object and back.
            XCTAssertEqual(
                try JSONDecoder().decode(FeedDateScheduleStyle.self, from: try JSONEncoder().encode(style)), style, note
            )
        }
        print("client: \(checked) instants of the schedule vectors passed")
    }

    func testDatesByTheRuleOfSection11() throws {
        let s = try FeedDateSchedule(json: #"{"v":1,"now":0,"labels":[["a",0],["b",62],["c",1]],"until":100}"#)
        // 0.0625 s is 62 ms; a Date one ulp below a whole millisecond is that millisecond.
        XCTAssertEqual(s.text(at: Date(timeIntervalSince1970: 0.0625)), "b")
        XCTAssertEqual(s.text(at: Date(timeIntervalSince1970: 0.0619)), "a")
        XCTAssertEqual(s.text(at: Date(timeIntervalSince1970: (0.063).nextDown)), "c")
        XCTAssertEqual(s.nextSwap(after: Date(timeIntervalSince1970: 0.0625)), date(63))
        XCTAssertEqual(s.nextSwap(after: date(63)), date(100))
        let style = FeedDateScheduleStyle(s)
        XCTAssertEqual(style.input(after: Date(timeIntervalSince1970: 0.0625)), date(63))
        XCTAssertEqual(style.input(before: Date(timeIntervalSince1970: 0.0625)), date(61))
        XCTAssertEqual(Date(timeIntervalSince1970: 0.0625).formatted(.feedDate(s)), "b")
    }

    func testCodableInsideAResponseAndTheErrorsDescription() throws {
        struct Post: Codable, Equatable { var id: Int; var schedule: FeedDateSchedule }
        let body = #"{"id":7,"schedule":{"v":1,"now":1000,"labels":[["刚刚",0],["1分钟前",30000]],"until":90000}}"#
        let post = try JSONDecoder().decode(Post.self, from: Data(body.utf8))
        XCTAssertEqual(post.schedule.entries.map(\.text), ["刚刚", "1分钟前"])
        XCTAssertEqual(post.schedule.until, date(90_000))
        XCTAssertEqual(try JSONDecoder().decode(Post.self, from: try JSONEncoder().encode(post)), post)
        do {
            _ = try FeedDateSchedule(json: #"{"v":1,"now":0,"labels":[["a",0],["a",5]],"until":null}"#)
            XCTFail("read a wire with equal consecutive texts")
        } catch {
            XCTAssertEqual(
                (error as any Error).localizedDescription,
                "malformed schedule: labels[1]: the same text as labels[0] (\"a\"); consecutive texts differ")
        }
    }
}
