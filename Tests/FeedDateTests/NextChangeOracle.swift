// The property every next change has (SPEC section 4), checked one way for
// every test that draws labels: the label reads the same at next_change − 1
// and at random instants in [now, next_change) and differs at next_change;
// a label that never changes reads the same at random instants up to
// `horizon`.
import XCTest
@testable import FeedDate

/// Checks `label`, f's label of t at now. Returns whether it has a next change.
@discardableResult
func checkNextChange(
    _ f: FeedDateFormatter, _ t: Int64, _ now: Int64, _ label: FeedDateLabel,
    horizon: Int64 = FeedDateRange.maxInstantMs, context: String, rng: inout SplitMix64,
    file: StaticString = #filePath, line: UInt = #line
) throws -> Bool {
    guard let next = label.nextChangeMs else {
        for _ in 0..<3 {
            let x = Int64.random(in: now...max(now, min(horizon, FeedDateRange.maxInstantMs)), using: &rng)
            XCTAssertEqual(
                try f.format(t, now: x), label.text, "never changes, but does at \(x): \(context)", file: file,
                line: line)
        }
        return false
    }
    XCTAssertGreaterThan(next, now, context, file: file, line: line)
    XCTAssertEqual(
        try f.format(t, now: next - 1), label.text, "changed before next_change \(next): \(context)", file: file,
        line: line)
    XCTAssertNotEqual(
        try f.format(t, now: next), label.text, "unchanged at next_change \(next): \(context)", file: file, line: line)
    for _ in 0..<3 {
        let x = Int64.random(in: now..<max(next, now + 1), using: &rng)
        XCTAssertEqual(
            try f.format(t, now: x), label.text, "changed at \(x) before \(next): \(context)", file: file, line: line)
    }
    return true
}
