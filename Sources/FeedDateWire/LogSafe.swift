// Values the caller passed, as error messages quote them (SPEC section 7,
// 1.2): safe for one log line whatever the value holds. "\n" and "\t" become
// those two characters each; every other C0 or C1 control, DEL, and each
// byte of invalid UTF-8 becomes \xNN (lowercase hex); a value longer than
// 64 bytes is cut at a character boundary within its first 64 bytes and
// marked with "…", so a 1 MB id never makes a 1 MB message.

package enum LogSafe {
    /// How many bytes of a value a message quotes.
    package static let limit = 64

    /// `value` in double quotes (without them when `marks` is false), made safe.
    package static func quote(_ value: String, limit: Int = LogSafe.limit, marks: Bool = true) -> String {
        quote(bytes: value.utf8, limit: limit, marks: marks)
    }

    /// The same for raw bytes, which need not be valid UTF-8.
    package static func quote<Bytes: Collection<UInt8>>(
        bytes value: Bytes, limit: Int = LogSafe.limit, marks: Bool = true
    ) -> String {
        let bytes = Array(value.prefix(limit + 4))
        var out: [UInt8] = marks ? [UInt8(ascii: "\"")] : []
        var i = 0
        func hex(_ b: UInt32) {
            let digits = Array("0123456789abcdef".utf8)
            out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(b >> 4) & 15], digits[Int(b) & 15]]
        }
        while i < bytes.count {
            let (scalar, length) = decode(bytes, at: i)
            if i + length > limit { break }
            switch scalar {
            case nil: hex(UInt32(bytes[i]))
            case 0x0A?: out += Array("\\n".utf8)
            case 0x09?: out += Array("\\t".utf8)
            case let c? where c < 0x20 || (0x7F...0x9F).contains(c): hex(c)
            default: out += bytes[i..<i + length]
            }
            i += length
        }
        if i < bytes.count { out += Array("…".utf8) }
        if marks { out.append(UInt8(ascii: "\"")) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The scalar at bytes[i] and its length in bytes; nil (length 1) for a
    /// byte that does not begin a valid UTF-8 sequence.
    private static func decode(_ bytes: [UInt8], at i: Int) -> (UInt32?, Int) {
        let b0 = bytes[i]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        let length: Int, minimum: UInt32
        var scalar: UInt32
        switch b0 {
        case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(b0 & 0x1F))
        case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(b0 & 0x0F))
        case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(b0 & 0x07))
        default: return (nil, 1)
        }
        guard i + length <= bytes.count else { return (nil, 1) }
        for k in 1..<length {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { return (nil, 1) }
            scalar = scalar << 6 | UInt32(b & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return (nil, 1) }
        return (scalar, length)
    }
}
