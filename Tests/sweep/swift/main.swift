// feeddate-sweep: the Swift runner of the label sweep (Tests/sweep/README.md):
// every formatter of a plan (Tests/sweep/sweep_plan.py) labels every instant
// of it through the public Swift API (FeedDate), one line per label, byte for
// byte what Tests/sweep/sweep_run.c writes.
//
//   feeddate-sweep PLAN OUT
//
// OUT gets "text<TAB>next_change_ms" ("-" when the label never changes) per
// label, or "!error" when the formatter or the label fails; a summary goes
// to stderr. Exit 0 after the sweep (whatever the labels), 2 on a usage,
// plan or output error. No Foundation (FeedDate has none): Glibc's FILE, and
// a strict reader of the plan's lines of its own (VectorFiles needs Foundation).
#if canImport(Glibc)
    import Glibc
#endif
import CFeedDateABI // FD_VERSION_*: FeedDate has no public version of its own
import FeedDate

struct Failure: Error {
    let message: String
}

/// One JSON value; an object keeps its members in order.
enum JSON {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }
}

/// A strict reader of one line, as Tests/c/jsonl.c reads: objects (no
/// duplicate keys), arrays, strings (UTF-8 checked, control characters
/// escaped, surrogates only in pairs), integers that fit in Int64 (no
/// fraction, exponent or leading zero), true, false, null; 64 levels at most.
struct Reader {
    let s: ArraySlice<UInt8>
    var i: Int
    var depth = 0

    static func parse(_ line: ArraySlice<UInt8>) throws(Failure) -> JSON {
        var r = Reader(s: line, i: line.startIndex)
        let v = try r.value()
        r.ws()
        if r.i != r.s.endIndex { throw r.fail("trailing bytes") }
        return v
    }

    func fail(_ what: String) -> Failure { Failure(message: "\(what) at byte \(i - s.startIndex)") }
    var peek: UInt8? { i < s.endIndex ? s[i] : nil }

    mutating func ws() {
        while let c = peek, c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A { i += 1 }
    }
    mutating func eat(_ c: UInt8) throws(Failure) {
        ws()
        guard peek == c else { throw fail("expected '\(Character(Unicode.Scalar(c)))'") }
        i += 1
    }
    /// After an item: true for ",", false for `close`.
    mutating func more(_ close: UInt8) throws(Failure) -> Bool {
        ws()
        if peek == UInt8(ascii: ",") { i += 1; return true }
        if peek == close { i += 1; return false }
        throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'")
    }

    mutating func value() throws(Failure) -> JSON {
        ws()
        guard let c = peek else { throw fail("expected a value") }
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            if depth > 64 { throw fail("nested too deep") }
            i += 1
            ws()
            defer { depth -= 1 }
            if c == UInt8(ascii: "{") {
                var members: [(String, JSON)] = []
                if peek == UInt8(ascii: "}") { i += 1; return .object(members) }
                repeat {
                    ws()
                    let key = try string()
                    if members.contains(where: { $0.0 == key }) { throw fail("duplicate key") }
                    try eat(UInt8(ascii: ":"))
                    members.append((key, try value()))
                } while try more(UInt8(ascii: "}"))
                return .object(members)
            }
            var items: [JSON] = []
            if peek == UInt8(ascii: "]") { i += 1; return .array(items) }
            repeat { items.append(try value()) } while try more(UInt8(ascii: "]"))
            return .array(items)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let negative = c == UInt8(ascii: "-")
            if negative { i += 1 }
            let digits = i
            var n: Int64 = 0 // accumulated negative: Int64.min fits
            while let d = peek, d >= UInt8(ascii: "0"), d <= UInt8(ascii: "9") {
                let (times, o1) = n.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.subtractingReportingOverflow(Int64(d - UInt8(ascii: "0")))
                if o1 || o2 { throw fail("integer does not fit in int64") }
                n = sum
                i += 1
            }
            if i == digits || (s[digits] == UInt8(ascii: "0") && i - digits > 1) { throw fail("malformed number") }
            if let e = peek, e == UInt8(ascii: ".") || e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                throw fail("only integers are supported (no fraction or exponent)")
            }
            if negative { return .int(n) }
            if n == Int64.min { throw fail("integer does not fit in int64") }
            return .int(-n)
        default:
            throw fail("unexpected byte")
        }
    }

    mutating func word(_ w: String, _ v: JSON) throws(Failure) -> JSON {
        guard s[i...].starts(with: w.utf8) else { throw fail("bad literal") }
        i += w.utf8.count
        return v
    }

    mutating func hex4() throws(Failure) -> UInt32 {
        guard s.endIndex - i >= 4 else { throw fail("short \\u escape") }
        var u: UInt32 = 0
        for _ in 0..<4 {
            let c = s[i]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw fail("bad \\u escape")
            }
            u = u << 4 | UInt32(d)
            i += 1
        }
        return u
    }

    mutating func string() throws(Failure) -> String {
        try eat(UInt8(ascii: "\""))
        var out: [UInt8] = []
        while true {
            guard let c = peek else { throw fail("unterminated string") }
            i += 1
            switch c {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw fail("a string that is not UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                guard let e = peek else { throw fail("unterminated escape") }
                i += 1
                var scalar: Unicode.Scalar
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalar = Unicode.Scalar(e)
                case UInt8(ascii: "b"): scalar = "\u{8}"
                case UInt8(ascii: "f"): scalar = "\u{c}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"):
                    var u = try hex4()
                    if (0xD800..<0xDC00).contains(u) {
                        guard s.endIndex - i >= 2, s[i] == UInt8(ascii: "\\"), s[i + 1] == UInt8(ascii: "u") else {
                            throw fail("lone surrogate")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("lone surrogate") }
                        u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let v = Unicode.Scalar(u) else { throw fail("lone surrogate") }
                    scalar = v
                default:
                    throw fail("bad escape")
                }
                out.append(contentsOf: UTF8.encode(scalar)!)
            case 0..<0x20:
                throw fail("unescaped control character in a string")
            default:
                out.append(c)
            }
        }
    }
}

/// A vector's style and options (Tests/vectors/README.md) as FeedDateOptions,
/// as Tests/c/vector_options.c reads them; the error names the option.
func options(_ style: String, _ opts: JSON?) throws(Failure) -> FeedDateOptions {
    let styles: [String: FeedDateStyle] = [
        "feed": .feed, "feed_detail": .feedDetail, "chat_list": .chatList, "chat_bubble": .chatBubble,
        "relative": .relative, "compact": .compact, "countdown": .countdown,
    ]
    guard let s = styles[style] else { throw Failure(message: "unknown style") }
    guard case .object(let members) = opts else { throw Failure(message: "options missing or not an object") }
    var o = FeedDateOptions(style: s)
    for (key, v) in members {
        let bad = Failure(message: "\(key): option value of the wrong type or unknown")
        // A C string cannot hold a NUL: refused, as the C runner does.
        func text() throws(Failure) -> String {
            guard case .string(let t) = v, !t.utf8.contains(0) else { throw bad }
            return t
        }
        func flag() throws(Failure) -> Bool {
            guard case .bool(let b) = v else { throw bad }
            return b
        }
        func int64() throws(Failure) -> Int64 {
            guard case .int(let n) = v else { throw bad }
            return n
        }
        func int32() throws(Failure) -> Int32 {
            guard let n = Int32(exactly: try int64()) else { throw bad }
            return n
        }
        func named<T>(_ names: [String: T]) throws(Failure) -> T {
            guard let x = names[try text()] else { throw bad }
            return x
        }
        switch key {
        case "locale": o.locale = try text()
        case "tz": o.timeZone = try text()
        case "hour_cycle": o.hourCycle = try named(["locale": .locale, "h23": .h23, "h12": .h12])
        case "width": o.width = try named(["long": .long, "short": .short, "narrow": .narrow])
        case "max_unit":
            o.maxUnit = try named(
                [
                    "year": .year, "month": .month, "week": .week, "day": .day, "hour": .hour,
                    "minute": .minute, "second": .second,
                ] as [String: FeedDateUnit])
        case "recent_relative": o.recentRelative = try flag()
        case "countdown_days": o.countdownDays = try flag()
        case "plain_spaces": o.plainSpaces = try flag()
        case "spoken": o.spoken = try flag()
        case "overtime": o.overtime = try flag()
        case "just_now_ms": o.justNowMs = try int64()
        case "skew_tolerance_ms": o.skewToleranceMs = try int64()
        case "cross_year_grace_days": o.crossYearGraceDays = try int32()
        case "weekday_window_days": o.weekdayWindowDays = try int32()
        case "precision": o.precision = try int32()
        case "just_now_text": o.justNowText = try text()
        case "yesterday_text": o.yesterdayText = try text()
        case "day_before_yesterday_text": o.dayBeforeYesterdayText = try text()
        case "tomorrow_text": o.tomorrowText = try text()
        default: throw Failure(message: "\(key): unknown option name")
        }
    }
    return o
}

/// OUT through a buffer of 1 MB, written with fwrite.
struct Output {
    let file: UnsafeMutablePointer<FILE>
    var buffer: [UInt8] = []
    var failed = false

    init(_ file: UnsafeMutablePointer<FILE>) {
        self.file = file
        buffer.reserveCapacity(1 << 20)
    }
    mutating func flush() {
        if !buffer.isEmpty, fwrite(buffer, 1, buffer.count, file) != buffer.count { failed = true }
        buffer.removeAll(keepingCapacity: true)
    }
    mutating func append<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { flush() }
    }
}

/// A line to standard error, by its descriptor: Glibc's `stderr` is a
/// mutable global that Swift 6 refuses to read.
func say(_ line: String) {
    var text = "sweep_run (swift): \(line)\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
func errnoText() -> String { String(cString: strerror(errno)) }

func run(_ args: [String]) -> Int32 {
    guard args.count == 3 else { say("usage: feeddate-sweep PLAN OUT"); return 2 }
    let (planPath, outPath) = (args[1], args[2])
    guard let plan = fopen(planPath, "rb") else { say("\(planPath): \(errnoText())"); return 2 }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&chunk, 1, chunk.count, plan)
        data.append(contentsOf: chunk[0..<n])
        if n < chunk.count { break }
    }
    let readError = ferror(plan) != 0
    fclose(plan)
    if readError { say("\(planPath): read error"); return 2 }

    // The plan's non-blank lines (blank: spaces, tabs and CRs only), with their numbers.
    var lines = data.split(separator: 10, omittingEmptySubsequences: false).enumerated().lazy
        .filter { $0.element.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } }
        .makeIterator()
    guard let first = lines.next() else { say("the plan has no header line: \(planPath)"); return 2 }
    let header: JSON
    do { header = try Reader.parse(first.element) } catch {
        say("the plan has no header line: \(error.message)"); return 2
    }
    guard case .int(1) = header["sweep"], case .int(let now) = header["now_ms"], case .array(let items) = header["t_ms"]
    else {
        say("the plan's header is not {\"sweep\": 1, \"now_ms\": ..., \"t_ms\": [...]}: \(planPath)")
        return 2
    }
    var ts: [Int64] = []
    for item in items {
        guard case .int(let t) = item else { say("t_ms holds something other than integers: \(planPath)"); return 2 }
        ts.append(t)
    }

    guard let file = fopen(outPath, "w") else { say("\(outPath): \(errnoText())"); return 2 }
    var out = Output(file)
    var formatters = 0, labels = 0, errors = 0
    while let (index, bytes) = lines.next() {
        let number = index + 1
        let line: JSON
        do { line = try Reader.parse(bytes) } catch {
            say("a malformed plan line: \(planPath), line \(number): \(error.message)")
            return 2
        }
        guard case .string(let style) = line["style"] else { say("a plan line without a style: \(planPath)"); return 2 }
        let o: FeedDateOptions
        do { o = try options(style, line["options"]) } catch {
            say("\(planPath), line \(number): \(error.message)")
            return 2
        }
        let f = try? FeedDateFormatter(o)
        formatters += 1
        for t in ts {
            labels += 1
            guard let f, let l = try? f.label(t, now: now) else {
                errors += 1
                out.append("!error\n".utf8)
                continue
            }
            out.append(l.text.utf8)
            if let next = l.nextChangeMs {
                out.append(CollectionOfOne(0x09))
                out.append(String(next).utf8)
                out.append(CollectionOfOne(0x0A))
            } else {
                out.append("\t-\n".utf8)
            }
        }
    }
    out.flush()
    if fclose(file) != 0 || out.failed { say("\(outPath): \(errnoText())"); return 2 }
    say(
        "FeedDate (Swift) (library \(FD_VERSION_MAJOR).\(FD_VERSION_MINOR).\(FD_VERSION_PATCH), \(FeedDateICU.dataVersion)): "
            + "\(formatters) formatters, \(labels) labels, \(errors) errors")
    return 0
}

exit(run(CommandLine.arguments))
