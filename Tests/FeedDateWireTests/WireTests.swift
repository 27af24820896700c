// FeedDateWire (SPEC 12, "Swift, 1.3"): every schedule vector's wire read,
// written back byte for byte and followed by the client rule; the reader's
// refusals (SPEC 11's "Strict"), each with a message that says what; and
// Codable of the wire object. Foundation here is the tests' only: the
// target under test has none.
import Foundation
import XCTest
import FeedDateWire
import VectorFiles

final class WireTests: XCTestCase {
    /// FEEDDATE_SCHEDULE_VECTORS (":"-separated) when set, else Tests/vectors/schedule (SPEC 10's rule).
    private func vectorLines() throws -> [(String, [String: Any])] {
        let lines = try VectorFiles.lines(VectorFiles.scheduleFiles()).map { ($0.place, $0.object) }
        XCTAssertGreaterThan(lines.count, 0, "no schedule vector was read")
        return lines
    }

    func testEveryScheduleVectorThroughTheReaderAndTheRule() throws {
        var entries = 0
        for (note, o) in try vectorLines() {
            let wire = o["json"] as! String
            let s = try FeedDateSchedule(json: wire)
            let want = (o["entries"] as! [[Any]]).map {
                FeedDateSchedule.Entry(text: $0[0] as! String, fromMs: ($0[1] as! NSNumber).int64Value)
            }
            XCTAssertEqual(s.entries, want, note)
            XCTAssertEqual(s.nowMs, (o["now_ms"] as! NSNumber).int64Value, note)
            XCTAssertEqual(s.untilMs, (o["until_ms"] as? NSNumber)?.int64Value, note)
            // The writer gives the same bytes back.
            XCTAssertEqual(s.json, wire, note)
            XCTAssertEqual(s.jsonBytes, Array(wire.utf8), note)
            // The rule: each text at its start and 1 ms before the next start;
            // the first before now; the last past until.
            XCTAssertEqual(s.text(atMs: s.nowMs - 1), want[0].text, note)
            XCTAssertEqual(s.text(atMs: Int64.min), want[0].text, note)
            for (i, e) in want.enumerated() {
                let next = i + 1 < want.count ? want[i + 1].fromMs : nil
                XCTAssertEqual(s.text(atMs: e.fromMs), e.text, note)
                XCTAssertEqual(s.index(atMs: e.fromMs), i, note)
                XCTAssertEqual(s.nextSwapMs(afterMs: e.fromMs), next ?? s.untilMs, note)
                XCTAssertEqual(s.nextTextChangeMs(afterMs: e.fromMs), next, note)
                XCTAssertEqual(s.previousTextEndMs(atMs: e.fromMs), i == 0 ? nil : e.fromMs - 1, note)
                if let next {
                    XCTAssertEqual(s.text(atMs: next - 1), e.text, note)
                    XCTAssertEqual(s.nextSwapMs(afterMs: next - 1), next, note)
                    XCTAssertEqual(s.previousTextEndMs(atMs: next - 1), i == 0 ? nil : e.fromMs - 1, note)
                }
                entries += 1
            }
            if let until = s.untilMs {
                XCTAssertEqual(s.text(atMs: until), want.last!.text, note)
                XCTAssertNil(s.nextSwapMs(afterMs: until), note)
                XCTAssertEqual(s.nextSwapMs(afterMs: until - 1), until, note)
            } else {
                XCTAssertNil(s.nextSwapMs(afterMs: want.last!.fromMs), note)
            }
            // Codable of the wire object: a decoder reads the same schedule,
            // an encoder writes an object that reads back to it.
            XCTAssertEqual(try JSONDecoder().decode(FeedDateSchedule.self, from: Data(wire.utf8)), s, note)
            XCTAssertEqual(try JSONDecoder().decode(FeedDateSchedule.self, from: try JSONEncoder().encode(s)), s, note)
            XCTAssertEqual(
                try FeedDateSchedule(json: String(decoding: try JSONEncoder().encode(s), as: UTF8.self)), s, note)
        }
        print("wire: \(entries) entries of the schedule vectors passed")
    }

    func testTheReaderRefusesWhatSection11Forbids() {
        let cases: [(String, String)] = [
            (#"{"v":2,"now":0,"labels":[["a",0]],"until":null}"#, "v is 2, not 1"),
            (#"{"v":1.0,"now":0,"labels":[["a",0]],"until":null}"#, "v is 1.0, not 1"),
            (#"{"now":0,"labels":[["a",0]],"until":null}"#, "v is missing"),
            (#"{"v":1,"now":0,"labels":[["a",5]],"until":null}"#, "labels[0]: d is 5, not 0"),
            (
                #"{"v":1,"now":0,"labels":[["a",0],["b",0]],"until":null}"#,
                "labels[1]: d is 0; after the first entry each d must be > 0"
            ),
            (#"{"v":1,"now":0,"labels":[["a",0],["b",-3]],"until":null}"#, "labels[1]: d is -3"),
            (#"{"v":1,"now":0,"labels":[["a",0],["b",1.5]],"until":null}"#, "labels[1]: d is 1.5, not an integer"),
            (#"{"v":1,"now":0,"labels":[["a",0],["b",1e3]],"until":null}"#, "labels[1]: d is 1e3, not an integer"),
            (#"{"v":1,"now":0.5,"labels":[["a",0]],"until":null}"#, "now is 0.5, not an integer"),
            (#"{"v":1,"now":"0","labels":[["a",0]],"until":null}"#, "now is the string \"0\", not an integer"),
            (#"{"v":1,"now":99999999999999999999,"labels":[["a",0]],"until":null}"#, "beyond Int64"),
            (#"{"v":1,"now":0,"labels":[["a",0],["a",5]],"until":null}"#, "labels[1]: the same text as labels[0]"),
            (#"{"v":1,"now":0,"labels":[["a",0],["b",5]],"until":5}"#, "until 5 is not after the last start 5"),
            (#"{"v":1,"now":0,"labels":[["a",0]],"until":-1}"#, "until -1 is not after the last start 0"),
            (#"{"v":1,"now":0,"labels":[["a",0]],"until":"x"}"#, "until is the string \"x\", not an integer or null"),
            (#"{"v":1,"now":0,"labels":[["a",0]]}"#, "until is missing"),
            (#"{"v":1,"now":0,"labels":[[7,0]],"until":null}"#, "labels[0]: the text is a number, not a string"),
            (#"{"v":1,"now":0,"labels":[["a",0,1]],"until":null}"#, "labels[0] is an array, not a [text, d] pair"),
            (#"{"v":1,"now":0,"labels":[],"until":null}"#, "labels is empty"),
            (#"{"v":1,"now":0,"labels":{},"until":null}"#, "labels is an object, not an array"),
            (#"{"v":1,"now":0,"labels":[["a",0]],"until":null,"x":1}"#, "unknown key \"x\""),
            (#"{"v":1,"v":1,"now":0,"labels":[["a",0]],"until":null}"#, "key \"v\" appears twice"),
            (#"{"v":1,"now":9223372036854775807,"labels":[["a",0],["b",1]],"until":null}"#, "beyond Int64"),
            (#"[1]"#, "the wire is an array, not an object"),
            (#"{"v":1,"now":0,"labels":[["a",0]],"until":null} x"#, "not JSON: text after the JSON value at byte 48"),
            (#"{"v":1,"now":0,"labels":[["a",0]],"until":nul}"#, "not JSON: unknown word"),
            (#"{"v":1,"now":01,"labels":[["a",0]],"until":null}"#, "not JSON: a number with a leading zero"),
            (#"{"v":1,"now":0,"labels":[["\ud800",0]],"until":null}"#, "not JSON: a lone surrogate escape"),
            (#"{"v":1,"now":0,"labels":[["\x",0]],"until":null}"#, "not JSON: an unknown escape: \\ before \"x\""),
            ("{\"v\":1,\"now\":0,\"labels\":[[\"a\nb\",0]],\"until\":null}", "not JSON: a raw control character"),
            ("", "not JSON: the text ends where a value should be"),
            (String(repeating: "[", count: 100), "nested deeper than 32"),
            // Messages quote safely for a log line (LogSafe): no raw ESC or newline.
            (#"{"v":1,"now":0,"labels":[["a",0]],"until":null,"\u001b[2J\n":1}"#, #"unknown key "\x1b[2J\n""#),
        ]
        for (wire, message) in cases {
            XCTAssertThrowsError(try FeedDateSchedule(json: wire), wire) { error in
                let e = error as! FeedDateWireError
                XCTAssertTrue(e.message.contains(message), "\(wire): \(e.message)")
                XCTAssertTrue(e.description.hasPrefix("malformed schedule: "))
            }
            // A decoder refuses what section 11 forbids too (JSON's syntax,
            // unknown or repeated keys and numbers written with a fraction
            // are the decoder's to judge).
            let decodersOwn = ["not JSON", "nested", "unknown key", "appears twice", "1.0", "1e3"]
            if !decodersOwn.contains(where: { message.contains($0) }) {
                XCTAssertThrowsError(try JSONDecoder().decode(FeedDateSchedule.self, from: Data(wire.utf8)), wire)
            }
        }
        let bad = Data(#"{"v":1,"now":0,"labels":[["a",0],["b",0]],"until":null}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(FeedDateSchedule.self, from: bad)) { error in
            guard case DecodingError.dataCorrupted(let c) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(
                (c.underlyingError as? FeedDateWireError)?.message,
                "labels[1]: d is 0; after the first entry each d must be > 0")
        }
        // Invalid UTF-8 in a string.
        var bytes = Array(#"{"v":1,"now":0,"labels":[["a",0]],"until":null}"#.utf8)
        bytes[27] = 0xFF
        XCTAssertThrowsError(try FeedDateSchedule(jsonUTF8: bytes)) { error in
            XCTAssertTrue((error as! FeedDateWireError).message.contains("not valid UTF-8"), "\(error)")
        }
    }

    func testTextsDifferByCodeUnitsAndManyKeysCostLinearTime() throws {
        // "é" and "e" + U+0301 are two texts, as for the web client (===) and the library.
        let s = try FeedDateSchedule(json: #"{"v":1,"now":0,"labels":[["\u00e9",0],["e\u0301",5]],"until":null}"#)
        XCTAssertEqual(s.entries.count, 2)
        // 200,000 keys are refused at the first unknown one's check, after a linear read.
        let keys = (0..<200_000).map { "\"k\($0)\":0" }.joined(separator: ",")
        let started = ContinuousClock.now
        XCTAssertThrowsError(try FeedDateSchedule(json: "{" + keys + "}"))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10), "200,000 keys took too long (quadratic?)")
    }

    func testTheReaderTakesAnyJSONOfTheWireObject() throws {
        // Spaces, another key order, every escape, the script form's escapes (SPEC 11, "Script context").
        let wire =
            #" { "until" : null , "labels" : [ [ "\u003c/script\u003e \u0026 \u2028\/\"\\\b\f\n\r\t\ud83d\ude00é" , 0 ] , ["b", 1] ], "now": -5, "v": 1 } "#
        let s = try FeedDateSchedule(json: wire)
        XCTAssertEqual(
            s.entries,
            [.init(text: "</script> & \u{2028}/\"\\\u{8}\u{C}\n\r\t😀é", fromMs: -5), .init(text: "b", fromMs: -4)])
        XCTAssertNil(s.untilMs)
        XCTAssertEqual(
            s.json,
            "{\"v\":1,\"now\":-5,\"labels\":[[\"</script> & \u{2028}/\\\"\\\\\\b\\f\\n\\r\\t😀é\",0],[\"b\",1]],\"until\":null}"
        )
        XCTAssertEqual(try FeedDateSchedule(json: s.json), s)
        // The ends of Int64.
        let ends = try FeedDateSchedule(
            json: #"{"v":1,"now":-9223372036854775808,"labels":[["a",0]],"until":9223372036854775807}"#)
        XCTAssertEqual(ends.nowMs, Int64.min)
        XCTAssertEqual(ends.untilMs, Int64.max)
    }

    func testTheWriterEscapesAsSection11Says() {
        let controls = FeedDateSchedule(
            nowMs: -5,
            entries: [
                .init(text: "\u{0}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}", fromMs: -5),
                .init(text: "x", fromMs: 7),
            ], untilMs: nil)
        XCTAssertEqual(
            controls.json,
            "{\"v\":1,\"now\":-5,\"labels\":[[\"\\u0000\\b\\t\\n\\f\\r\\u001f\u{7F}\",0],[\"x\",12]],\"until\":null}")
        XCTAssertEqual(try FeedDateSchedule(json: controls.json), controls)
        let empty = FeedDateSchedule(nowMs: 0, entries: [], untilMs: nil)
        XCTAssertEqual(empty.text(atMs: 0), "")
        XCTAssertNil(empty.index(atMs: 0))
        XCTAssertNil(empty.nextSwapMs(afterMs: 0))
    }
}
