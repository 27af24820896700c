// The shared vectors through Date (SPEC section 12): the formatter's
// label(for:now:), format and formatMany, and the format style's format and
// discrete inputs, each against the vector's text and next change; both
// discrete inputs checked as DiscreteChecks.swift says on every vector.
import Foundation
import XCTest
@testable import FeedDateFoundation
import VectorFiles
import VectorReader

final class DateVectorTests: XCTestCase {
    func testEveryVectorThroughDate() throws {
        let vectors = try Vector.loadAll()
        XCTAssertGreaterThan(vectors.count, 0, "no vectors")
        var formatters: [FeedDateOptions: FeedDateFormatter] = [:]
        var failed = 0
        for v in vectors {
            let f = try formatters[v.options] ?? FeedDateFormatter(v.options)
            formatters[v.options] = f
            let l = try f.label(for: date(v.t), now: date(v.now))
            let text = try f.format(date(v.t), now: date(v.now))
            let many = try f.formatMany([date(v.t), date(v.t)], now: date(v.now))
            let want = v.nextChange.map(date)
            if l.text != v.text || text != v.text || l.nextChange != want || many.texts != [v.text, v.text]
                || many.nextChange != want
                || l.nextChange.map(Instant.milliseconds) != v.nextChange
            {
                failed += 1
                XCTFail(
                    "\(v.name): got \(l.text.debugDescription) next \(String(describing: l.nextChange)), many \(many); "
                        + "want \(v.text.debugDescription) next \(String(describing: want))")
            }
        }
        print("vectors through Date: \(vectors.count - failed) passed, \(failed) failed")
    }

    func testEveryVectorThroughTheFormatStyle() throws {
        let vectors = try Vector.loadAll()
        var failed = 0, compared = 0
        var rng = SplitMix(state: 24)
        for v in vectors {
            let style = try FeedDateFormatStyle(anchor: date(v.t), options: v.options)
            let text = date(v.now).formatted(style)
            let after = style.discreteInput(after: date(v.now))
            if text != v.text || after != v.nextChange.map(date) {
                failed += 1
                XCTFail(
                    "\(v.name): style gives \(text.debugDescription), after \(String(describing: after)); "
                        + "want \(v.text.debugDescription), \(String(describing: v.nextChange))")
            }
            compared += checkDiscreteInputs(style, at: v.now, v.name, &rng)
        }
        print(
            "vectors through the format style: \(vectors.count - failed) passed, \(failed) failed; \(compared) texts compared around their discrete inputs"
        )
    }

    /// A list of every vector that shares options and now, formatted at once:
    /// each text as alone, the next change the earliest.
    func testFormatManyOverVectorGroups() throws {
        let vectors = try Vector.loadAll()
        var groups: [FeedDateOptions: [Int64: [Vector]]] = [:]
        for v in vectors { groups[v.options, default: [:]][v.now, default: []].append(v) }
        var lists = 0
        for (options, byNow) in groups {
            let f = try FeedDateFormatter(options)
            for (now, list) in byNow where list.count > 1 {
                // Repeated so that the batch's copies of day labels are used (8 or more).
                let all = Array(repeating: list, count: 8).joined()
                let many = try f.formatMany(all.map { date($0.t) }, now: date(now))
                XCTAssertEqual(many.texts, all.map(\.text), list[0].name)
                XCTAssertEqual(many.nextChange, list.compactMap(\.nextChange).min().map(date), list[0].name)
                lists += 1
            }
        }
        // Lists need vectors that share options and now: the files of
        // Tests/vectors have them (so none here means the grouping broke);
        // a FEEDDATE_VECTORS file need not, and then this test says so and
        // passes (every vector went through formatMany alone above).
        if lists == 0 && ProcessInfo.processInfo.environment["FEEDDATE_VECTORS", default: ""].isEmpty {
            XCTFail("no two vectors of Tests/vectors share options and now: no list went through formatMany")
        } else if lists == 0 {
            print(
                "vector lists through formatMany: none, since no two vectors of $FEEDDATE_VECTORS share options and now "
                    + "(testEveryVectorThroughDate ran each through formatMany alone)")
        } else {
            print("vector lists through formatMany: \(lists)")
        }
    }

    func testEveryScheduleVectorThroughDate() throws {
        var count = 0, styled = 0
        for o in try VectorFiles.lines(VectorFiles.scheduleFiles()).map(\.object) {
            let f = try FeedDateFormatter(try Vector.options(o))
            let t = (o["t_ms"] as! NSNumber).int64Value, now = (o["now_ms"] as! NSNumber).int64Value
            let horizon = TimeInterval((o["horizon_ms"] as! NSNumber).int64Value) / 1000
            let s = try f.schedule(
                for: date(t), now: date(now), horizon: horizon, maxEntries: (o["max_entries"] as! NSNumber).intValue)
            let note = o["note"] as? String ?? ""
            let want = (o["entries"] as! [[Any]]).map { ($0[0] as! String, date(($0[1] as! NSNumber).int64Value)) }
            XCTAssertEqual(s.entries.map(\.text), want.map(\.0), note)
            XCTAssertEqual(s.entries.map(\.from), want.map(\.1), note)
            XCTAssertEqual(s.now, date(now), note)
            XCTAssertEqual(s.until, (o["until_ms"] as? NSNumber).map { date($0.int64Value) }, note)
            XCTAssertEqual(s.json, o["json"] as! String, note)
            // SPEC 12 (1.3): at every entry, through both format styles, the
            // text at input(before: discreteInput(after: x)) is x's own, x
            // being the entry's start and the last millisecond before the
            // next; the schedule style is the server's schedule read back
            // by FeedDateClient.
            let anchored = try FeedDateFormatStyle(anchor: date(t), options: try Vector.options(o))
            let client = FeedDateScheduleStyle(try FeedDateSchedule(json: s.json))
            for (i, (text, from)) in want.enumerated() {
                var xs = [from]
                if i + 1 < want.count { xs.append(date(Instant.milliseconds(want[i + 1].1) - 1)) }
                for x in xs {
                    XCTAssertEqual(anchored.format(x), text, note)
                    XCTAssertEqual(client.format(x), text, note)
                    if let after = anchored.discreteInput(after: x) {
                        XCTAssertEqual(anchored.format(anchored.input(before: after)!), text, "\(note): \(x)")
                        XCTAssertNotEqual(anchored.format(after), text, "\(note): \(x)")
                    }
                    // The schedule style stops at its last entry; the anchored one goes on.
                    let after = client.discreteInput(after: x)
                    XCTAssertEqual(after, i + 1 < want.count ? want[i + 1].1 : nil, note)
                    if let after { XCTAssertEqual(client.format(client.input(before: after)!), text, "\(note): \(x)") }
                    styled += 1
                }
            }
            count += 1
        }
        XCTAssertGreaterThan(count, 0, "no schedule vector was read")
        print("schedule vectors through Date: \(count) passed; \(styled) instants through both format styles")
    }
}
