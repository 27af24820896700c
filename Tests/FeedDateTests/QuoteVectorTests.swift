// The one quoting rule (SPEC 7, 1.2; fd_quote, 1.3) against
// Tests/vectors/quote/quote-1.3.jsonl (FEEDDATE_QUOTE_VECTORS names another
// file): LogSafe, the rule's one implementation, gives each case's text from
// its bytes, and a formatter whose zone is the value (when a Swift String can
// hold it: valid UTF-8) fails with a message that holds that text. A Swift
// String carries a NUL, so the NUL case is the library's message here too.
import Foundation
import XCTest
@testable import FeedDate
import FeedDateWire
import VectorFiles

final class QuoteVectorTests: XCTestCase {
    func testQuoteVectors() throws {
        let files = VectorFiles.files("quote", env: "FEEDDATE_QUOTE_VECTORS")
        XCTAssertFalse(files.isEmpty, "no quote vectors in Tests/vectors/quote")
        var quoted = 0, zones = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (i, line) in text.split(separator: "\n").enumerated() {
                let v = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                let place = "\(file.lastPathComponent):\(i + 1) (\(v["case"] as! String))"
                let hex = Array((v["bytes"] as! String).utf8)
                let bytes = stride(from: 0, to: hex.count, by: 2).map {
                    UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)!
                }
                let want = v["quoted"] as! String
                XCTAssertEqual(LogSafe.quote(bytes: bytes), want, place)
                quoted += 1
                guard let id = String(validating: bytes, as: UTF8.self) else { continue }
                do {
                    _ = try FeedDateFormatter(FeedDateOptions(style: .feed, locale: "en_US", timeZone: id))
                    XCTFail("\(place): a formatter was made")
                } catch {
                    guard case .timeZone(let message) = error else { XCTFail("\(place): \(error)"); continue }
                    XCTAssertTrue(message.contains(want), "\(place): \(message) does not hold \(want)")
                    zones += 1
                }
            }
        }
        XCTAssertGreaterThan(quoted, 0)
        XCTAssertGreaterThan(zones, 0)
    }
}
