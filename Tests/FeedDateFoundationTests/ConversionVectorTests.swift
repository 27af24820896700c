// SPEC 11's rule (1.3) in Swift's own types: the lines of
// Tests/vectors/conversion/conversion-1.3.jsonl that a Date (since_2001) and
// a TimeInterval (seconds, for horizons) hold give the milliseconds, labels
// and wire bytes every binding gives. A Date is binary floating point, so an
// exact ISO instant is not one of its forms; a whole-millisecond one is the
// Date of its millisecond (Instant.date), which reads back as that millisecond.
import Foundation
import XCTest
@testable import FeedDateFoundation
import VectorFiles
import VectorReader

final class ConversionVectorTests: XCTestCase {
    static let file = VectorFiles.root.appendingPathComponent("conversion").appendingPathComponent(
        "conversion-1.3.jsonl")

    /// The double written after `"key": ` in the line, read by Double(String)
    /// (correctly rounded: JSONSerialization's NSNumber can be a double off).
    func double(_ line: Substring, _ key: String) -> Double? {
        guard let r = line.range(of: "\"\(key)\": ") else { return nil }
        let digits = line[r.upperBound...].prefix { "+-.0123456789eE".contains($0) }
        return Double(String(digits))
    }

    /// The Date of a form, when a Date is one of its forms.
    func date(_ form: [String: Any], ms: Int64, _ line: Substring, _ key: String) -> Date? {
        if form["since_2001"] != nil {
            // The form is the object after "key": read the number from the line's own text.
            let rest = line[line.range(of: "\"\(key)\": {")!.upperBound...]
            return Date(timeIntervalSinceReferenceDate: double(rest, "since_2001")!)
        }
        if let iso = form["iso"] as? String, !iso.contains(".") || iso.split(separator: ".")[1].dropLast().count <= 3 {
            return Instant.date(ms) // a whole millisecond ("...00.125Z")
        }
        return nil
    }

    func testConversionVectors() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        var ran: [String: Int] = [:]
        var formatters: [FeedDateOptions: FeedDateFormatter] = [:]
        for (i, line) in text.split(separator: "\n").enumerated() {
            let v = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let kase = v["case"] as! String
            let place = "conversion-1.3.jsonl:\(i + 1) (\(v["note"] as? String ?? ""))"
            switch kase {
            case "instant":
                guard let s = double(line, "since_2001") else { continue }
                let want = (v["expect_ms"] as! NSNumber).int64Value
                XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSinceReferenceDate: s)), want, place)
            case "horizon":
                guard let s = double(line, "seconds") else { continue }
                XCTAssertEqual(Instant.milliseconds(TimeInterval(s)), (v["expect_ms"] as! NSNumber).int64Value, place)
            case "label", "schedule":
                let tMs = (v["t_ms"] as! NSNumber).int64Value, nowMs = (v["now_ms"] as! NSNumber).int64Value
                guard let t = date(v["t"] as! [String: Any], ms: tMs, line, "t"),
                    let now = date(v["now"] as! [String: Any], ms: nowMs, line, "now")
                else {
                    continue
                }
                let o = try Vector.options(v)
                let f: FeedDateFormatter
                if let known = formatters[o] { f = known } else { f = try FeedDateFormatter(o); formatters[o] = f }
                if kase == "label" {
                    XCTAssertEqual(try f.format(t, now: now), v["text"] as? String, place)
                } else {
                    guard (v["horizon"] as! [String: Any])["seconds"] != nil,
                        let h = double(line[line.range(of: "\"horizon\": {")!.upperBound...], "seconds")
                    else { continue }
                    let s = try f.schedule(
                        for: t, now: now, horizon: h,
                        maxEntries: (v["max_entries"] as! NSNumber).intValue)
                    XCTAssertEqual(s.json, v["json"] as? String, place)
                }
            default:
                XCTFail("\(place): unknown case \(kase)")
            }
            ran[kase, default: 0] += 1
        }
        for c in ["instant", "horizon", "label", "schedule"] {
            XCTAssertGreaterThan(ran[c] ?? 0, 0, "no \(c) line ran")
        }
        print("conversion vectors run: \(ran.sorted { $0.key < $1.key })")
    }

    /// A horizon below 0 after the rule (-0.4 ms is -1 ms) and one past an
    /// Int64 are the library's own message.
    func testHorizonsOutOfRange() throws {
        let f = try FeedDateFormatter(FeedDateOptions(style: .relative, locale: "en_US", timeZone: "UTC"))
        let t = Date(timeIntervalSince1970: 1_711_348_141), now = Date(timeIntervalSince1970: 1_711_348_200)
        for (h, message) in [
            (-0.0004, "horizon -1 ms is out of range 0...31622400000 (366 days)"),
            (1e300, "horizon 9223372036854775807 ms is out of range 0...31622400000 (366 days)"),
        ] {
            XCTAssertThrowsError(try f.schedule(for: t, now: now, horizon: h)) { error in
                XCTAssertEqual((error as? FeedDateError)?.description, message)
            }
        }
        XCTAssertEqual(
            try f.schedule(for: t, now: now, horizon: 366 * 86_400 + 0.0004).json,
            try f.schedule(for: t, now: now, horizon: 366 * 86_400).json)
    }
}
