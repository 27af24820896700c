// The wire form of a schedule (SPEC section 11), written here and nowhere
// else: {"v":1,"now":N,"labels":[[text,d0],[text,d1],…],"until":U}, keys in
// that order, no spaces; d0 = 0 and each d the start's difference from the
// previous start; U the until in ms or null. Strings escape only `"`, `\`,
// \b \f \n \r \t, and other U+0000–U+001F as \u00xx (lowercase): no \/,
// no \u2028, no \u for non-ASCII.

//
// This is the one writer of the wire: FeedDateSchedule.json below, and the
// library's fd_schedule_json, fd_schedule_html and fd_schedule_script_json
// (FeedDate's Schedule.swift, into the C caller's buffer through its Sink),
// so the bytes a server sends and the bytes a client writes back are made by
// the same code (issue 40). `package` and @inlinable: FeedDate calls it as
// if it were its own, specialized for its buffer.

/// Where the wire form goes: the C caller's buffer (FeedDate's Sink) or a
/// byte array.
package protocol ScheduleOutput {
    mutating func append(_ bytes: UnsafeRawBufferPointer)
    /// Where `bytes` more can be written directly, if there is room for them.
    func room(_ bytes: Int) -> UnsafeMutablePointer<UInt8>?
    /// Counts bytes written at `room`.
    mutating func advance(by bytes: Int)
}

extension Array: ScheduleOutput where Element == UInt8 {
    @inlinable package mutating func append(_ bytes: UnsafeRawBufferPointer) { append(contentsOf: bytes) }
    @inlinable package func room(_ bytes: Int) -> UnsafeMutablePointer<UInt8>? { nil }
    @inlinable package mutating func advance(by bytes: Int) {}
}

package enum ScheduleJSON {
    @inlinable
    package static func begin<Out: ScheduleOutput>(now: Int64, into out: inout Out) {
        literal("{\"v\":1,\"now\":", &out)
        number(now, &out)
        literal(",\"labels\":[", &out)
    }

    /// One `[text,delta]` (with its leading comma unless first). Written
    /// with raw stores into the output's room when it has enough for the
    /// worst case, else into a scratch buffer appended after: one writer.
    @inlinable
    package static func entry<Out: ScheduleOutput>(
        _ text: UnsafeRawBufferPointer, delta: Int64, first: Bool, into out: inout Out
    ) {
        let worst = text.count * 6 + 32
        if let room = out.room(worst) {
            out.advance(by: write(text, delta: delta, first: first, to: room))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: worst) { scratch in
            let n = write(text, delta: delta, first: first, to: scratch.baseAddress!)
            out.append(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(scratch)[..<n]))
        }
    }

    /// Writes the entry at p (room for text.count * 6 + 32 bytes); returns its length.
    @inlinable @inline(__always)
    static func write(_ text: UnsafeRawBufferPointer, delta: Int64, first: Bool, to start: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        var p = start
        @inline(__always) func put(_ b: UInt8) { p.pointee = b; p += 1 }
        if !first { put(UInt8(ascii: ",")) }
        put(UInt8(ascii: "[")); put(UInt8(ascii: "\""))
        // Most labels need no escape: one check, one copy.
        var clean = true
        for c in text where c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") { clean = false; break }
        if clean, let from = text.baseAddress {
            UnsafeMutableRawPointer(p).copyMemory(from: from, byteCount: text.count)
            p += text.count
        }
        let hex: StaticString = "0123456789abcdef"
        for c in clean ? UnsafeRawBufferPointer(start: nil, count: 0) : text {
            if c >= 0x20 && c != UInt8(ascii: "\"") && c != UInt8(ascii: "\\") { put(c); continue }
            put(UInt8(ascii: "\\"))
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(c)
            case 0x08: put(UInt8(ascii: "b"))
            case 0x0C: put(UInt8(ascii: "f"))
            case 0x0A: put(UInt8(ascii: "n"))
            case 0x0D: put(UInt8(ascii: "r"))
            case 0x09: put(UInt8(ascii: "t"))
            default:
                put(UInt8(ascii: "u")); put(UInt8(ascii: "0")); put(UInt8(ascii: "0"))
                put(hex.utf8Start[Int(c >> 4)]); put(hex.utf8Start[Int(c & 15)])
            }
        }
        put(UInt8(ascii: "\"")); put(UInt8(ascii: ","))
        // The delta: non-negative (starts only move forward), at most 19 digits.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let n = withUnsafeMutableBytes(of: &digits) { d -> Int in
            var v = delta.magnitude, i = 0
            repeat { d[i] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10; i += 1 } while v > 0
            return i
        }
        withUnsafeBytes(of: &digits) { d in
            if delta < 0 { put(UInt8(ascii: "-")) }
            for i in stride(from: n - 1, through: 0, by: -1) { put(d[i]) }
        }
        put(UInt8(ascii: "]"))
        return p - start
    }

    /// `until` Int64.max: complete (null).
    @inlinable
    package static func end<Out: ScheduleOutput>(until: Int64, into out: inout Out) {
        literal("],\"until\":", &out)
        if until == Int64.max { literal("null", &out) } else { number(until, &out) }
        literal("}", &out)
    }

    @inlinable
    static func literal<Out: ScheduleOutput>(_ s: StaticString, _ out: inout Out) {
        out.append(UnsafeRawBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    @inlinable
    static func number<Out: ScheduleOutput>(_ value: Int64, _ out: inout Out) {
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
}
