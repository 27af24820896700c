// A feed as a Swift program shows it: Date in, text out, and the instant at
// which the screen must redraw. The labels come from feeddate's rules (the
// same as libfeeddate.so gives C, Python, Go, Java, Node and Rust).
import Foundation
import FeedDateFoundation

let shanghai = TimeZone(identifier: "Asia/Shanghai")!, newYork = TimeZone(identifier: "America/New_York")!
let zh = Locale(identifier: "zh_CN"), en = Locale(identifier: "en_US")

// 1. A fixed now, so the output can be checked: 2024-03-25 14:30 in Shanghai.
let now = Date(timeIntervalSince1970: 1_711_348_200)
let posts: [(String, Date)] = [
    ("just now", now - 20),
    ("this morning", now - 6 * 3600),
    ("last night", now - 16 * 3600),
    ("two days ago", now - 50 * 3600),
    ("last week", now - 6 * 86_400),
    ("last year", Date(timeIntervalSince1970: 1_703_916_000)), // 2023-12-30
]
let expected = [
    "14:29", "08:30", "昨天", "前天", "3月19日", "2023年12月30日",
    "2:29\u{202F}AM", "Yesterday", "Yesterday", "2 days ago", "Mar 19", "Dec 30, 2023",
]
var got: [String] = []
print("Feed at 2024-03-25 14:30 Shanghai (zh_CN) / 02:30 New York (en_US):")
for (what, t) in posts {
    let zhText = now.formatted(.feed(t, style: .feed, locale: zh, timeZone: shanghai))
    let enText = now.formatted(.feed(t, style: .feed, locale: en, timeZone: newYork))
    got += [zhText]
    print("  \(what.padding(toLength: 13, withPad: " ", startingAt: 0)) \(zhText) · \(enText)")
}
got += posts.map { now.formatted(.feed($0.1, style: .feed, locale: en, timeZone: newYork)) }

// One timer for the whole list: the earliest next change of its labels.
let formatter = try FeedDateFormatter(FeedDateOptions(style: .feed, locale: zh, timeZone: shanghai))
let list = try formatter.formatMany(posts.map(\.1), now: now)
print("  redraw at \(list.nextChange.map { $0.formatted(.iso8601) } ?? "never")")

// What a chat list shows for last night's message as the days go by, and
// when each label starts: its schedule (`.json` is the wire form a web page
// is sent, SPEC section 11).
let chat = try FeedDateFormatter(FeedDateOptions(style: .chatList, locale: zh, timeZone: shanghai))
print("A message of last night in the chat list, from now on:")
for entry in try chat.schedule(for: now - 16 * 3600, now: now, horizon: 10 * 86_400).entries {
    print("  from \(entry.from.formatted(.iso8601)): \(entry.text)")
}

// 2. The real now, in this host's zone: a style is a DiscreteFormatStyle, so
// SwiftUI's timelines (or any loop) know when to redraw.
// The host's zone is found as the C library finds it ($TZ, /etc/localtime).
let live = Date.now
let host = try FeedDateFormatter(FeedDateOptions(style: .relative, locale: en))
print("Now, in this host's zone (\(host.timeZone), \(host.tzSource)), en_US:")
for minutes in [0, 3, 90, 60 * 30] {
    let style = FeedDateFormatStyle.feed(live - Double(minutes) * 60, style: .relative, locale: en)
    let redraw = style.discreteInput(after: live).map { $0.formatted(.iso8601) } ?? "never"
    print("  \(Date.now.formatted(style)) (until \(redraw))")
}

if got != expected {
    print("FAIL: got \(got), expected \(expected)")
    exit(1)
}
print("ok: the fixed feed reads as expected")
