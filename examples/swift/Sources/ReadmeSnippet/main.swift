import FeedDateFoundation   // re-exports FeedDate, FeedDateClient and Foundation (Date, Locale, TimeZone)

let zh = Locale(identifier: "zh_CN"), shanghai = TimeZone(identifier: "Asia/Shanghai")!
let post = Date(timeIntervalSince1970: 1_711_281_600)          // 2024-03-24 20:00 in Shanghai
print(Date.now.formatted(.feed(post, style: .chatList, locale: zh, timeZone: shanghai)))   // "昨天", then "星期日", …

let f = try FeedDateFormatter(FeedDateOptions(style: .feed, locale: zh, timeZone: shanghai))
let label = try f.label(for: post, now: .now)                  // label.text, label.nextChange: Date?
let schedule = try f.schedule(for: post, now: .now)            // entries (text, from), until, json

// In the app (only the product FeedDateClient: no ICU): the server's wire, read strictly.
let received = try FeedDateSchedule(json: schedule.json)
print(label.text, received.text(at: .now), received.nextSwap(after: .now) as Any)
