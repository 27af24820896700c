// The wire form of a schedule (SPEC section 11), written here and nowhere
// else: {"v":1,"now":N,"labels":[[text,d0],[text,d1],…],"until":U}, keys in
// that order, no spaces; d0 = 0 and each d the start's difference from the
// previous start; U the until in ms or null. Strings escape only `"`, `\`,
// \b \f \n \r \t, and other U+0000–U+001F as \u00xx (lowercase): no \/,
// no \u2028, no \u for non-ASCII.

/// Where the wire form goes: the C caller's buffer (Sink) or a byte array.
protocol ScheduleOutput {
    mutating func append(_ bytes: UnsafeRawBufferPointer)
}

extension Sink: ScheduleOutput {}

extension Array: ScheduleOutput where Element == UInt8 {
    mutating func append(_ bytes: UnsafeRawBufferPointer) { append(contentsOf: bytes) }
}

enum ScheduleJSON {
    static func begin<Out: ScheduleOutput>(now: Int64, into out: inout Out) {
        literal("{\"v\":1,\"now\":", &out)
        number(now, &out)
        literal(",\"labels\":[", &out)
    }

    static func entry<Out: ScheduleOutput>(_ text: UnsafeRawBufferPointer, delta: Int64, first: Bool, into out: inout Out) {
        literal(first ? "[\"" : ",[\"", &out)
        string(text, &out)
        literal("\",", &out)
        number(delta, &out)
        literal("]", &out)
    }

    /// `until` Int64.max: complete (null).
    static func end<Out: ScheduleOutput>(until: Int64, into out: inout Out) {
        literal("],\"until\":", &out)
        if until == Int64.max { literal("null", &out) } else { number(until, &out) }
        literal("}", &out)
    }

    private static func literal<Out: ScheduleOutput>(_ s: StaticString, _ out: inout Out) {
        out.append(UnsafeRawBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    private static func number<Out: ScheduleOutput>(_ value: Int64, _ out: inout Out) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var v = value.magnitude, i = 20
            repeat {
                i -= 1
                digits[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            } while v > 0
            if value < 0 { i -= 1; digits[i] = UInt8(ascii: "-") }
            out.append(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(digits)[i...]))
        }
    }

    private static func string<Out: ScheduleOutput>(_ text: UnsafeRawBufferPointer, _ out: inout Out) {
        var run = 0  // bytes at the start of the rest that need no escape
        var rest = text
        while !rest.isEmpty {
            run = 0
            while run < rest.count, rest[run] >= 0x20, rest[run] != UInt8(ascii: "\""), rest[run] != UInt8(ascii: "\\") { run += 1 }
            if run > 0 { out.append(UnsafeRawBufferPointer(rebasing: rest[..<run])) }
            guard run < rest.count else { break }
            switch rest[run] {
            case UInt8(ascii: "\""): literal("\\\"", &out)
            case UInt8(ascii: "\\"): literal("\\\\", &out)
            case 0x08: literal("\\b", &out)
            case 0x0C: literal("\\f", &out)
            case 0x0A: literal("\\n", &out)
            case 0x0D: literal("\\r", &out)
            case 0x09: literal("\\t", &out)
            case let c:
                let hex = Array("0123456789abcdef".utf8)
                let escaped: [UInt8] = Array("\\u00".utf8) + [hex[Int(c >> 4)], hex[Int(c & 15)]]
                escaped.withUnsafeBytes { out.append($0) }
            }
            rest = UnsafeRawBufferPointer(rebasing: rest[(run + 1)...])
        }
    }
}
