// Dates and milliseconds (SPEC section 12: rounding to the nearest).
import Foundation
import XCTest
@testable import FeedDateFoundation

final class InstantTests: XCTestCase {
    /// The Date of every millisecond tried converts back to it exactly, over
    /// the whole supported range, and equals the Date a caller builds from
    /// an epoch value.
    func testRoundTripsAreExact() {
        var rng = SplitMix(state: 7)
        var values: [Int64] = [FeedDateRange.minInstantMs, FeedDateRange.maxInstantMs, 0, -1, 1, 1_711_348_200_001,
                               Instant.referenceMs - 1, Instant.referenceMs, Instant.referenceMs + 1]
        for _ in 0..<200_000 { values.append(Int64.random(in: FeedDateRange.minInstantMs...FeedDateRange.maxInstantMs, using: &rng)) }
        for _ in 0..<50_000 { values.append(FeedDateRange.maxInstantMs - Int64.random(in: 0...10_000_000, using: &rng)) }
        for ms in values {
            let d = Instant.date(ms)
            XCTAssertEqual(Instant.milliseconds(d), ms)
            XCTAssertEqual(d, Date(timeIntervalSince1970: Double(ms) / 1000))
        }
    }

    /// A Date between two milliseconds reads as the nearest, halves away from zero.
    func testSubMillisecondDatesRoundToTheNearest() {
        let base = Date(timeIntervalSince1970: 1_711_348_200)
        XCTAssertEqual(Instant.milliseconds(base + 0.000_4), 1_711_348_200_000)
        XCTAssertEqual(Instant.milliseconds(base + 0.000_6), 1_711_348_200_001)
        XCTAssertEqual(Instant.milliseconds(base - 0.000_4), 1_711_348_200_000)
        XCTAssertEqual(Instant.milliseconds(base - 0.000_6), 1_711_348_199_999)
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSinceReferenceDate: 0.0005)), Instant.referenceMs + 1)
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSinceReferenceDate: -0.0005)), Instant.referenceMs - 1)
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSince1970: .nan)), Int64.min)
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSince1970: -.infinity)), Int64.min)
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSince1970: .infinity)), Int64.max)
        XCTAssertEqual(Instant.milliseconds(TimeInterval(1.2345)), 1235)
        XCTAssertEqual(Instant.milliseconds(TimeInterval.infinity), Int64.max)
    }

    /// A label of a Date is the label of its nearest millisecond: a countdown
    /// with three digits shows it, and the style's next change is whole.
    func testLabelsOfSubMillisecondDates() throws {
        var o = FeedDateOptions(style: .countdown, locale: "en_US", timeZone: "UTC")
        o.precision = 3
        let f = try FeedDateFormatter(o)
        let t = Date(timeIntervalSince1970: 1_711_348_260)
        let now = Date(timeIntervalSince1970: 1_711_348_200)
        XCTAssertEqual(try f.format(t, now: now + 0.000_4), try f.format(t, now: now))
        XCTAssertEqual(try f.format(t, now: now + 0.000_6), try f.format(t, now: now + 0.001))
        XCTAssertNotEqual(try f.format(t, now: now + 0.000_4), try f.format(t, now: now + 0.000_6))
        let style = try FeedDateFormatStyle(anchor: t, options: o)
        XCTAssertEqual(style.format(now + 0.000_6), try f.format(1_711_348_260_000, now: 1_711_348_200_001))
        XCTAssertEqual(style.format(now + 0.000_4), try f.format(1_711_348_260_000, now: 1_711_348_200_000))
        let after = try XCTUnwrap(style.discreteInput(after: now + 0.000_4))
        XCTAssertEqual(Instant.milliseconds(after), 1_711_348_200_001)
        XCTAssertEqual(after, Date(timeIntervalSince1970: 1_711_348_200.001))
    }
}
