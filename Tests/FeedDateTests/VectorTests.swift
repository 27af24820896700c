// The golden vectors (Tests/vectors: the shared sets and the project's own), byte for byte:
// text, next change, day and time parts, expired flag.
import Foundation
import XCTest
@testable import FeedDate
import VectorReader

final class VectorTests: XCTestCase {
    func testEveryVector() throws {
        let vectors = try Vector.loadAll()
        XCTAssertGreaterThan(vectors.count, 0, "no vectors")
        var formatters: [FeedDateOptions: FeedDateFormatter] = [:]
        var failed = 0
        for v in vectors {
            let f = try formatters[v.options] ?? FeedDateFormatter(v.options)
            formatters[v.options] = f
            let l = try f.label(v.t, now: v.now)
            // Only the bytes a part covers are significant: compare them.
            let day = Array(l.text.utf8)[l.dayPart], wantDay = Array(v.text.utf8)[v.dayPart]
            let time = Array(l.text.utf8)[l.timePart], wantTime = Array(v.text.utf8)[v.timePart]
            if Array(l.text.utf8) != Array(v.text.utf8) || l.nextChangeMs != v.nextChange
                || day != wantDay || time != wantTime || l.expired != v.expired
            {
                failed += 1
                XCTFail(
                    """
                    \(v.note) [\(v.options.style) \(v.options.locale!) \(v.options.timeZone!)]: \
                    got \(l.text.debugDescription) next \(String(describing: l.nextChangeMs)) \
                    day \(l.dayPart) time \(l.timePart) expired \(l.expired); \
                    want \(v.text.debugDescription) next \(String(describing: v.nextChange)) \
                    day \(v.dayPart) time \(v.timePart) expired \(v.expired)
                    """)
            }
        }
        print("vectors: \(vectors.count - failed) passed, \(failed) failed")
    }
}
