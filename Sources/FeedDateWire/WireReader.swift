// The wire reader (SPEC section 11): any JSON text of the wire object, read
// strictly. It takes what JSON allows (spaces, keys in any order, every
// string escape: the script form's \u003c and \u2028 read as the characters
// they stand for) and refuses what section 11 forbids, as the web client's
// `attach` does: `v` other than 1, d0 other than 0, a later d that is not
// positive, a number that is not an integer (a fraction or an exponent) or
// not an Int64, two consecutive texts that are the same, an `until` that is
// not after the last start, a text that is not a string; also a key missing,
// repeated or unknown, an empty `labels`, invalid UTF-8 and anything after
// the object. The error says what was wrong, and where.

/// Why a wire could not be read: `message` says what was wrong ("labels[2]:
/// d is 0; after the first entry each d must be > 0"), naming the byte
/// offset for JSON syntax.
public struct FeedDateWireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, and where.
    public var message: String
    /// A reader error with this message.
    public init(_ message: String) { self.message = message }
    /// "malformed schedule: " and the message.
    public var description: String { "malformed schedule: " + message }
}

extension FeedDateSchedule {
    /// Reads the wire form (SPEC section 11), strictly (see
    /// `FeedDateWireError`): `try FeedDateSchedule(json: wire).text(atMs: now)`.
    public init(json: String) throws(FeedDateWireError) {
        var json = json
        let bytes = json.withUTF8 { Array($0) }
        try self.init(jsonUTF8: bytes)
    }

    /// Reads the wire form from its UTF-8 bytes.
    public init(jsonUTF8 bytes: [UInt8]) throws(FeedDateWireError) {
        var reader = JSONReader(bytes)
        let value = try reader.document()
        self = try Self.fromWireObject(value)
    }

    /// The schedule of a wire object's parts, checked by section 11's rules:
    /// `labels` as (text, d) pairs, starts summed from `now`. What both the
    /// reader and `Decodable` check.
    public static func validated(now: Int64, labels: [(text: String, d: Int64)], until: Int64?)
        throws(FeedDateWireError) -> FeedDateSchedule
    {
        guard !labels.isEmpty else { throw FeedDateWireError("labels is empty; a schedule has at least one entry") }
        var entries: [Entry] = []
        entries.reserveCapacity(labels.count)
        var from = now
        for (i, (text, d)) in labels.enumerated() {
            if i == 0 {
                guard d == 0 else {
                    throw FeedDateWireError("labels[0]: d is \(d), not 0 (the first entry starts at now)")
                }
            } else {
                guard d > 0 else {
                    throw FeedDateWireError("labels[\(i)]: d is \(d); after the first entry each d must be > 0")
                }
                // Code units, as the web client's === and the library compare (not
                // String's ==, which takes "é" and "e\u{301}" for one text).
                guard !text.utf8.elementsEqual(labels[i - 1].text.utf8) else {
                    throw FeedDateWireError(
                        "labels[\(i)]: the same text as labels[\(i - 1)] (\(quoted(text))); consecutive texts differ")
                }
                let (sum, overflow) = from.addingReportingOverflow(d)
                guard !overflow else {
                    throw FeedDateWireError("labels[\(i)]: its start (now plus the d's) is beyond Int64")
                }
                from = sum
            }
            entries.append(Entry(text: text, fromMs: from))
        }
        if let until, until <= from {
            throw FeedDateWireError("until \(until) is not after the last start \(from)")
        }
        return FeedDateSchedule(nowMs: now, entries: entries, untilMs: until)
    }

    private static func fromWireObject(_ value: JSONValue) throws(FeedDateWireError) -> FeedDateSchedule {
        guard case .object(let members) = value else {
            throw FeedDateWireError("the wire is \(value.kind), not an object")
        }
        var v: JSONValue?, now: JSONValue?, labels: JSONValue?, until: JSONValue?
        for (key, member) in members {
            switch key {
            case "v": v = member
            case "now": now = member
            case "labels": labels = member
            case "until": until = member
            default: throw FeedDateWireError("unknown key \(quoted(key)); the wire has v, now, labels and until")
            }
        }
        guard let v else { throw FeedDateWireError("v is missing") }
        guard case .integer(1) = v else { throw FeedDateWireError("v is \(v.shown), not 1") }
        guard let now else { throw FeedDateWireError("now is missing") }
        guard case .integer(let nowMs) = now else { throw FeedDateWireError("now is \(now.shown), not an integer") }
        guard let labels else { throw FeedDateWireError("labels is missing") }
        guard case .array(let list) = labels else { throw FeedDateWireError("labels is \(labels.kind), not an array") }
        var pairs: [(text: String, d: Int64)] = []
        pairs.reserveCapacity(list.count)
        for (i, item) in list.enumerated() {
            guard case .array(let pair) = item, pair.count == 2 else {
                throw FeedDateWireError("labels[\(i)] is \(item.kind), not a [text, d] pair")
            }
            guard case .string(let text) = pair[0] else {
                throw FeedDateWireError("labels[\(i)]: the text is \(pair[0].kind), not a string")
            }
            guard case .integer(let d) = pair[1] else {
                throw FeedDateWireError("labels[\(i)]: d is \(pair[1].shown), not an integer")
            }
            pairs.append((text, d))
        }
        guard let until else { throw FeedDateWireError("until is missing (null when the schedule is complete)") }
        let untilMs: Int64?
        switch until {
        case .null: untilMs = nil
        case .integer(let u): untilMs = u
        default: throw FeedDateWireError("until is \(until.shown), not an integer or null")
        }
        return try validated(now: nowMs, labels: pairs, until: untilMs)
    }
}

/// A text as every message quotes one (LogSafe: safe for a log line, cut at 64 bytes).
func quoted(_ s: String) -> String { LogSafe.quote(s) }

/// A JSON value as the reader keeps it: numbers are integers (Int64) or not.
enum JSONValue {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case integer(Int64)
    /// A number with a fraction or an exponent, as written.
    case nonInteger(String)
    case bool(Bool)
    case null

    var kind: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .integer, .nonInteger: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// Numbers as written; other values by kind.
    var shown: String {
        switch self {
        case .integer(let n): return String(n)
        case .nonInteger(let s): return s
        case .string(let s): return "the string " + quoted(s)
        default: return kind
        }
    }
}

/// RFC 8259 JSON, one value and nothing after it but spaces.
struct JSONReader {
    private let bytes: [UInt8]
    private var at = 0
    private var depth = 0
    /// Deeper than any wire: refused before the stack could run out.
    private static let maxDepth = 32

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(FeedDateWireError) -> JSONValue {
        let value = try self.value()
        skipSpace()
        guard at == bytes.count else { throw fail("text after the JSON value") }
        return value
    }

    private func fail(_ what: String) -> FeedDateWireError {
        FeedDateWireError("not JSON: \(what) at byte \(at)")
    }

    private mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 {
            at += 1
        }
    }

    private mutating func value() throws(FeedDateWireError) -> JSONValue {
        skipSpace()
        guard at < bytes.count else { throw fail("the text ends where a value should be") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected byte 0x\(String(bytes[at], radix: 16))")
        }
    }

    private mutating func word(_ w: StaticString) throws(FeedDateWireError) {
        let n = w.utf8CodeUnitCount
        guard at + n <= bytes.count else { throw fail("unknown word") }
        for i in 0..<n where bytes[at + i] != w.utf8Start[i] { throw fail("unknown word") }
        at += n
    }

    private mutating func nest() throws(FeedDateWireError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw fail("values nested deeper than \(Self.maxDepth)") }
    }

    private mutating func object() throws(FeedDateWireError) -> JSONValue {
        try nest()
        at += 1
        var members: [(String, JSONValue)] = [], keys = Set<[UInt8]>()
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
            at += 1; depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("a key should be here") }
            let key = try string()
            // A set, so that a hostile object of many keys costs linear time.
            guard keys.insert(Array(key.utf8)).inserted else {
                throw FeedDateWireError("key \(quoted(key)) appears twice")
            }
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("':' should be here") }
            at += 1
            members.append((key, try value()))
            skipSpace()
            guard at < bytes.count else { throw fail("the object is not closed") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            guard bytes[at] == UInt8(ascii: "}") else { throw fail("',' or '}' should be here") }
            at += 1; depth -= 1
            return .object(members)
        }
    }

    private mutating func array() throws(FeedDateWireError) -> JSONValue {
        try nest()
        at += 1
        var items: [JSONValue] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
            at += 1; depth -= 1
            return .array(items)
        }
        while true {
            items.append(try value())
            skipSpace()
            guard at < bytes.count else { throw fail("the array is not closed") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            guard bytes[at] == UInt8(ascii: "]") else { throw fail("',' or ']' should be here") }
            at += 1; depth -= 1
            return .array(items)
        }
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?: an Int64 when it has
    /// neither fraction nor exponent.
    private mutating func number() throws(FeedDateWireError) -> JSONValue {
        let start = at
        let negative = bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        guard at < bytes.count, Self.isDigit(bytes[at]) else { throw fail("a digit should follow '-'") }
        if bytes[at] == UInt8(ascii: "0"), at + 1 < bytes.count, Self.isDigit(bytes[at + 1]) {
            throw fail("a number with a leading zero")
        }
        var magnitude: UInt64 = 0, tooBig = false
        while at < bytes.count, Self.isDigit(bytes[at]) {
            let (m1, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (m2, o2) = m1.addingReportingOverflow(UInt64(bytes[at] - UInt8(ascii: "0")))
            if o1 || o2 { tooBig = true }
            magnitude = m2
            at += 1
        }
        var integral = true
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            integral = false
            at += 1
            guard at < bytes.count, Self.isDigit(bytes[at]) else { throw fail("a digit should follow '.'") }
            while at < bytes.count, Self.isDigit(bytes[at]) { at += 1 }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            integral = false
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard at < bytes.count, Self.isDigit(bytes[at]) else { throw fail("a digit should follow the exponent") }
            while at < bytes.count, Self.isDigit(bytes[at]) { at += 1 }
        }
        let written = String(decoding: bytes[start..<at], as: UTF8.self)
        guard integral else { return .nonInteger(written) }
        let limit = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        guard !tooBig, magnitude <= limit else { return .nonInteger(written + " (beyond Int64)") }
        return .integer(negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude))
    }

    private mutating func hex4() throws(FeedDateWireError) -> UInt32 {
        guard at + 4 <= bytes.count else { throw fail("\\u needs four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[at]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail("\\u needs four hex digits")
            }
            v = v * 16 + digit
            at += 1
        }
        return v
    }

    /// A string: its escapes resolved, its UTF-8 checked (no raw control
    /// character, no lone surrogate).
    private mutating func string() throws(FeedDateWireError) -> String {
        at += 1 // the opening quote
        var out: [UInt8] = []
        while true {
            guard at < bytes.count else { throw fail("the string is not closed") }
            let b = bytes[at]
            if b == UInt8(ascii: "\"") { at += 1; break }
            if b < 0x20 { throw fail("a raw control character in a string") }
            if b != UInt8(ascii: "\\") {
                // A run of plain bytes, checked as UTF-8 below.
                out.append(b)
                at += 1
                continue
            }
            at += 1
            guard at < bytes.count else { throw fail("the string is not closed") }
            let e = bytes[at]
            at += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard at + 2 <= bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u")
                    else {
                        throw fail("a lone surrogate escape")
                    }
                    at += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("a lone surrogate escape")
                }
                out.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
            default:
                throw fail("an unknown escape: \\ before \(LogSafe.quote(bytes: [e]))")
            }
        }
        guard Self.isValidUTF8(out) else { throw fail("a string that is not valid UTF-8") }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var it = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
