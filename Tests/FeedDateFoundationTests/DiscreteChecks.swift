// The properties of SPEC section 12's discrete inputs, checked at one input
// x of one style (used on every vector and on random cases):
// - after = discreteInput(after: x): the text at after differs from the one
//   at x, and nothing changes in between: the text is x's at after - 1 ms
//   and at points sampled in [x, after), and each of those points sees the
//   same next change; the label at after began at after, so
//   discreteInput(before: after) = after - 1 ms.
// - before = discreteInput(before: x): the text at before differs from x's,
//   and at before + 1 ms it is x's, as at points sampled in (before, x];
//   the label at before changes at before + 1 ms:
//   discreteInput(after: before) = before + 1 ms.
// - nil on either side: the label never changes again / was always shown,
//   checked at the ends of the supported range.
import Foundation
import XCTest
@testable import FeedDateFoundation

/// A small deterministic generator (SplitMix64), so a failure can be replayed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Checks both discrete inputs of `style` at x (ms). Returns the number of
/// texts compared (for the log); reports failures with `name`.
@discardableResult
func checkDiscreteInputs(
    _ style: FeedDateFormatStyle, at x: Int64, _ name: String,
    _ rng: inout SplitMix, file: StaticString = #filePath, line: UInt = #line
) -> Int {
    let ms: (Date) -> Int64 = Instant.milliseconds
    let text = style.format(Instant.date(x))
    var compared = 1
    func same(_ y: Int64, _ what: String) {
        compared += 1
        let got = style.format(Instant.date(y))
        if got != text {
            XCTFail(
                "\(name): \(what) at \(y) reads \(got.debugDescription), at x=\(x) \(text.debugDescription)",
                file: file, line: line)
        }
    }
    func differs(_ y: Int64, _ what: String) {
        compared += 1
        let got = style.format(Instant.date(y))
        if got == text {
            XCTFail("\(name): \(what) at \(y) reads \(got.debugDescription), as at x=\(x)", file: file, line: line)
        }
    }
    /// Points of [lo, hi] to sample: both ends, the middle and a few at random.
    func samples(_ lo: Int64, _ hi: Int64) -> [Int64] {
        guard lo <= hi else { return [] }
        var points = [lo, hi, lo + (hi - lo) / 2]
        for _ in 0..<3 { points.append(Int64.random(in: lo...hi, using: &rng)) }
        return points
    }

    // After.
    if let after = style.discreteInput(after: Instant.date(x)).map(ms) {
        if after <= x { XCTFail("\(name): discreteInput(after:) \(after) is not after x=\(x)", file: file, line: line) }
        differs(after, "after")
        same(after - 1, "after - 1 ms")
        for y in samples(x, after - 1) {
            same(y, "a point before after")
            let next = style.discreteInput(after: Instant.date(y)).map(ms)
            if next != after {
                XCTFail(
                    "\(name): next change at \(y) is \(String(describing: next)), at x=\(x) \(after)", file: file,
                    line: line)
            }
        }
        let back = style.discreteInput(before: Instant.date(after)).map(ms)
        if back != after - 1 {
            XCTFail(
                "\(name): discreteInput(before: after=\(after)) is \(String(describing: back)), want after - 1",
                file: file, line: line)
        }
    } else {
        // Never changes again: the same text to the end of the range.
        for y in samples(x, FeedDateRange.maxInstantMs) { same(y, "never changes, but") }
    }

    // Before.
    if let before = style.discreteInput(before: Instant.date(x)).map(ms) {
        if before >= x {
            XCTFail("\(name): discreteInput(before:) \(before) is not before x=\(x)", file: file, line: line)
        }
        differs(before, "before")
        same(before + 1, "before + 1 ms")
        for y in samples(before + 1, x) { same(y, "a point after before") }
        let forth = style.discreteInput(after: Instant.date(before)).map(ms)
        if forth != before + 1 {
            XCTFail(
                "\(name): discreteInput(after: before=\(before)) is \(String(describing: forth)), want before + 1",
                file: file, line: line)
        }
    } else {
        // Always shown: the same text from the start of the range.
        for y in samples(FeedDateRange.minInstantMs, x) { same(y, "always shown, but") }
    }
    return compared
}
