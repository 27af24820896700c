// Foundation's own ICU (lib_FoundationICU.so, 76.1) and the ICU inside the
// core (78.3, linked statically and hidden: SPEC sections 12 and 13) in one
// process: each formats as it does alone, from several threads at once, and
// the core maps no ICU library or data file of its own.
import Foundation
import XCTest
import Synchronization
@testable import FeedDateFoundation

final class TwoICUsTests: XCTestCase {
    func testFoundationAndFeedDateFormatSideBySideFromManyThreads() throws {
        let zh = Locale(identifier: "zh_CN"), en = Locale(identifier: "en_US")
        let shanghai = TimeZone(identifier: "Asia/Shanghai")!, newYork = TimeZone(identifier: "America/New_York")!
        let now = Date(timeIntervalSince1970: 1_711_348_200)
        let posts = (0..<24).map { now - Double($0 * $0) * 1_537.25 }

        /// Foundation's own formatting: DateFormatter and Date.FormatStyle, in two locales and zones.
        @Sendable func foundationTexts() -> [String] {
            let df = DateFormatter()
            df.locale = zh
            df.timeZone = shanghai
            df.dateStyle = .long
            df.timeStyle = .short
            var texts = posts.map(df.string(from:))
            let style = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: en, timeZone: newYork)
            texts += posts.map { $0.formatted(style) }
            texts += posts.map { $0.formatted(.relative(presentation: .named, unitsStyle: .wide).locale(zh)) }
            return texts
        }
        /// feeddate's labels of the same instants.
        @Sendable func feedDateTexts() -> [String] {
            var texts: [String] = []
            for style in FeedDateStyle.allCases {
                texts += posts.map { now.formatted(.feed($0, style: style, locale: zh, timeZone: shanghai)) }
                texts += posts.map { now.formatted(.feed($0, style: style, locale: en, timeZone: newYork)) }
            }
            return texts
        }
        let foundation = foundationTexts(), feedDate = feedDateTexts()
        XCTAssertTrue(foundation.contains("2024年3月25日 14:30"), "\(foundation)")
        XCTAssertTrue(feedDate.contains("昨天 23:07") && feedDate.contains("Yesterday, 10:39\u{202F}PM"), "\(feedDate)")

        // Both ICUs are loaded.
        // (FileHandle: String(contentsOfFile:) stops at the first 4 KB of a /proc file.)
        let maps = String(
            decoding: try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() ?? Data(),
            as: UTF8.self)
        let libraries = Set(
            maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
                .filter { $0.contains("icu") || $0.contains("ICU") }.map { ($0 as NSString).lastPathComponent })
        print("ICU libraries loaded: \(libraries.sorted())")
        XCTAssertTrue(libraries.contains { $0.hasPrefix("lib_FoundationICU") }, "\(libraries)")
        // The core's ICU is inside this test binary: no libicu*.so, no icudt*.dat of the host.
        XCTAssertFalse(libraries.contains { $0.hasPrefix("libicu") || $0.hasPrefix("icudt") }, "\(libraries)")
        XCTAssertEqual(FeedDateICU.version, "78.3")
        XCTAssertTrue(FeedDateICU.dataVersion.hasPrefix("ICU 78.3; CLDR 48.0; tzdata "), FeedDateICU.dataVersion)

        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for round in 0..<40 {
                let got = (i + round) % 2 == 0 ? foundationTexts() : feedDateTexts()
                let want = (i + round) % 2 == 0 ? foundation : feedDate
                if got != want {
                    failures.withLock { $0.append("thread \(i) round \(round): \(zip(got, want).first { $0 != $1 }!)") }
                }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
    }
}
