// Dates and milliseconds (SPEC 11's rule, 1.3: to the microsecond, then floored).
import Foundation
import XCTest
@testable import FeedDateFoundation

final class InstantTests: XCTestCase {
    /// The Date of every millisecond tried is the Date a caller builds from
    /// an epoch value, and converts back to it exactly over the whole
    /// supported range (SPEC 11's intent, docs/DESIGN.md), though further
    /// than 100 years from 2001 that Date can lie more than half a
    /// microsecond below the millisecond. The Dates a step of the doubles
    /// either side are no such Date and follow the rule's letter.
    func testRoundTripsAreExact() {
        var rng = SplitMix(state: 7)
        var values: [Int64] = [
            FeedDateRange.minInstantMs, FeedDateRange.maxInstantMs, 0, -1, 1, 1_711_348_200_001,
            Instant.referenceMs - 1, Instant.referenceMs, Instant.referenceMs + 1,
        ]
        for _ in 0..<200_000 {
            values.append(Int64.random(in: FeedDateRange.minInstantMs...FeedDateRange.maxInstantMs, using: &rng))
        }
        for _ in 0..<50_000 {
            values.append(FeedDateRange.maxInstantMs - Int64.random(in: 0...10_000_000, using: &rng))
        }
        var belowHalf = 0
        for ms in values {
            let d = Instant.date(ms)
            XCTAssertEqual(Instant.milliseconds(d), ms)
            XCTAssertEqual(d, Date(timeIntervalSince1970: Double(ms) / 1000))
            let x = d.timeIntervalSinceReferenceDate
            if Instant.floorMilliseconds(seconds: x)! + Instant.referenceMs < ms { belowHalf += 1 }
            for y in [x.nextDown, x.nextUp] {
                XCTAssertEqual(
                    Instant.milliseconds(Date(timeIntervalSinceReferenceDate: y)),
                    Instant.floorMilliseconds(seconds: y)! + Instant.referenceMs, "\(ms) \(y)")
            }
        }
        XCTAssertGreaterThan(belowHalf, 0, "some Dates a caller builds lie more than half a microsecond below")
    }

    /// A Date between two milliseconds: rounded to the microsecond, then
    /// floored (SPEC 11, 1.3).
    func testSubMillisecondDatesFloorAfterTheMicrosecond() {
        let base = Date(timeIntervalSince1970: 1_711_348_200)
        XCTAssertEqual(Instant.milliseconds(base + 0.000_4), 1_711_348_200_000)
        XCTAssertEqual(Instant.milliseconds(base + 0.000_6), 1_711_348_200_000)
        XCTAssertEqual(Instant.milliseconds(base + 0.000_999_6), 1_711_348_200_001, "999.6 us is 1000 us")
        XCTAssertEqual(Instant.milliseconds(base + 0.000_999_4), 1_711_348_200_000, "999.4 us is 999 us")
        XCTAssertEqual(Instant.milliseconds(base - 0.000_4), 1_711_348_199_999)
        XCTAssertEqual(Instant.milliseconds(base - 0.000_6), 1_711_348_199_999)
        XCTAssertEqual(Instant.milliseconds(base - 0.000_000_4), 1_711_348_200_000, "-0.4 us is 0 us")
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSinceReferenceDate: 0.0005)), Instant.referenceMs)
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSinceReferenceDate: -0.0005)), Instant.referenceMs - 1)
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSince1970: 0.0625)), 62)
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSince1970: .nan)), Int64.min)
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSince1970: -.infinity)), Int64.min)
        XCTAssertEqual(Instant.milliseconds(Date(timeIntervalSince1970: .infinity)), Int64.max)
        XCTAssertEqual(Instant.milliseconds(TimeInterval(1.2345)), 1234)
        XCTAssertEqual(Instant.milliseconds(TimeInterval(1.0004)), 1000)
        XCTAssertEqual(Instant.milliseconds(TimeInterval(-0.0004)), -1)
        XCTAssertEqual(Instant.milliseconds(TimeInterval.infinity), Int64.max)
    }

    /// The rule against exact arithmetic, for random doubles of every size
    /// and for the doubles nearest to whole and half microseconds.
    func testFloorMillisecondsIsExact() {
        var rng = SplitMix(state: 11)
        func exact(_ x: Double) -> Int64 {
            // x = m * 2^e exactly; microseconds rounded to the nearest (ties: any), then floored to ms.
            let e = x.exponent - Double.significandBitCount
            let m = Int64(x.significandBitPattern | (1 << UInt64(Double.significandBitCount))) * (x < 0 ? -1 : 1)
            // value in us = m * 10^6 * 2^e; e <= -1 here (|x| < 2^52)
            let scaled = m.multipliedFullWidth(by: 1_000_000) // (high, low) of m * 10^6
            let wide = (Int128(scaled.high) << 64) | Int128(scaled.low)
            let shift = Int128(-e)
            let half = Int128(1) << (shift - 1)
            let us = (wide + half) >> shift // floor((v + 1/2)): nearest, ties up
            let ms = us >= 0 ? us / 1000 : -((-us + 999) / 1000)
            return Int64(ms)
        }
        var xs: [Double] = []
        for _ in 0..<100_000 {
            let scale = Double.random(in: -12...11, using: &rng)
            xs.append((Bool.random(using: &rng) ? 1 : -1) * Double.random(in: 1...10, using: &rng) * pow(10, scale))
        }
        for us in [Int64(0), 1, 999, 1000, 999_999, 1_000_000, 62_500, 123_456_789_499, 123_456_789_500] {
            for sign in [1.0, -1.0] {
                let x = sign * Double(us) / 1e6
                xs += [x, x.nextUp, x.nextDown, sign * (Double(us) + 0.5) / 1e6]
            }
        }
        for x in xs where x != 0 && x.magnitude >= 1e-12 && x.magnitude < 1e11 {
            XCTAssertEqual(Instant.floorMilliseconds(seconds: x), exact(x), "\(x)")
        }
    }

    /// A label of a Date is the label of its millisecond by the rule: a countdown
    /// with three digits shows it, and the style's next change is whole.
    func testLabelsOfSubMillisecondDates() throws {
        var o = FeedDateOptions(style: .countdown, locale: "en_US", timeZone: "UTC")
        o.precision = 3
        let f = try FeedDateFormatter(o)
        let t = Date(timeIntervalSince1970: 1_711_348_260)
        let now = Date(timeIntervalSince1970: 1_711_348_200)
        XCTAssertEqual(try f.format(t, now: now + 0.000_4), try f.format(t, now: now))
        XCTAssertEqual(try f.format(t, now: now + 0.000_6), try f.format(t, now: now))
        XCTAssertEqual(try f.format(t, now: now + 0.000_999_6), try f.format(t, now: now + 0.001))
        XCTAssertNotEqual(try f.format(t, now: now + 0.000_4), try f.format(t, now: now + 0.000_999_6))
        let style = try FeedDateFormatStyle(anchor: t, options: o)
        XCTAssertEqual(style.format(now + 0.000_6), try f.format(1_711_348_260_000, now: 1_711_348_200_000))
        XCTAssertEqual(style.format(now - 0.000_4), try f.format(1_711_348_260_000, now: 1_711_348_199_999))
        let after = try XCTUnwrap(style.discreteInput(after: now + 0.000_4))
        XCTAssertEqual(Instant.milliseconds(after), 1_711_348_200_001)
        XCTAssertEqual(after, Date(timeIntervalSince1970: 1_711_348_200.001))
    }
}
