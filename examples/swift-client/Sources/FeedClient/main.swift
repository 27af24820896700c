// A Swift app's side of a live label (SPEC 12, "Swift, 1.3"): the server
// (any binding's schedule(...).json / to_json) sends the wire; the app reads
// it with FeedDateClient and shows the text at the client's time, swapping
// it at `nextSwap(after:)`. Nothing here needs ICU or the rules: this
// package depends on the product FeedDateClient alone (FoundationEssentials
// on Linux), and `make example-swift` checks that neither FeedDate nor CICU
// is built and that the binary links no ICU.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import FeedDateClient
#if canImport(Glibc)
    import Glibc // exit
#elseif canImport(Darwin)
    import Darwin
#endif

// 1. A server's response, as an app receives it: two posts, each with the
// schedule of its time (a chat list in Shanghai, a chat bubble in New York;
// the labels are the library's, from Tests/vectors/schedule).
let body = #"""
    {"posts":[{"id":1,"schedule":{"v":1,"now":1711348200000,"labels":[["12:30",0],["昨天",34200000],["星期一",86400000],["2024/3/25",432000000]],"until":null}},{"id":2,"schedule":{"v":1,"now":1710041400000,"labels":[["9:30 PM",0],["Yesterday, 9:30 PM",5400000],["Saturday, 9:30 PM",82800000]],"until":1710561600000}}]}
    """#

struct Post: Decodable {
    let id: Int
    let schedule: FeedDateSchedule
}
struct Response: Decodable { let posts: [Post] }

let response = try JSONDecoder().decode(Response.self, from: Data(body.utf8))

// 2. The label of each post at several client times (offsets from the time
// the server made the schedule), and when the app must look again.
let offsets: [(String, Double)] = [
    ("now", 0), ("+1 h", 3600), ("+12 h", 43_200), ("+1 day", 86_400),
    ("+3 days", 3 * 86_400), ("+7 days", 7 * 86_400),
]
let expected: [String] = [
    "12:30", "12:30", "昨天", "昨天", "星期一", "2024/3/25", "9:30 PM", "9:30 PM", "Yesterday, 9:30 PM", "Yesterday, 9:30 PM",
    "Saturday, 9:30 PM", "Saturday, 9:30 PM",
]
var got: [String] = []
for post in response.posts {
    print(
        "post \(post.id): \(post.schedule.entries.count) labels, until \(post.schedule.untilMs.map(String.init) ?? "never (complete)")"
    )
    for (name, seconds) in offsets {
        let client = post.schedule.now.addingTimeInterval(seconds)
        let text = post.schedule.text(at: client)
        let next = post.schedule.nextSwap(after: client)
        let stale = post.schedule.isStale(at: client) ? "  (stale: fetch a new schedule)" : ""
        let wait = next.map { "next swap in \(Int64(($0.timeIntervalSince(client)).rounded())) s" } ?? "no next swap"
        print("  \(name + String(repeating: " ", count: max(0, 8 - name.count))) \(text)  · \(wait)\(stale)")
        got.append(text)
    }
}

// 3. The same through the format style a SwiftUI `Text(.now, format:)` uses:
// the text, and the instant it next changes.
if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
    let style = FeedDateScheduleStyle(response.posts[0].schedule)
    let start = response.posts[0].schedule.now
    print(
        "post 1 through FeedDateScheduleStyle: \(start.formatted(style)), changes after \(Int64(style.discreteInput(after: start)!.timeIntervalSince(start))) s"
    )
}

// 4. A wire that breaks section 11's rules is refused, saying why.
do {
    _ = try FeedDateSchedule(json: #"{"v":1,"now":0,"labels":[["a",0],["b",0]],"until":null}"#)
} catch {
    // LocalizedError (FoundationEssentials has no localizedDescription).
    print("refused: \(error.errorDescription ?? "")")
}

guard got == expected else {
    print("FeedClient: expected \(expected), got \(got)")
    exit(1)
}
print("FeedClient: \(got.count) labels as the server's schedules say")
