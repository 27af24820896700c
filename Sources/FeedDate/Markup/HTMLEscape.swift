// Text and attribute values in HTML (SPEC section 11, 1.3): `&`, `<`, `>`,
// `"` and `'` as character references, everything else as it is. One
// escape for the text of an element and for a double-quoted attribute's
// value, so that a label or a wire is safe wherever the markup puts it.

enum HTMLEscape {
    /// Appends `bytes` (UTF-8) escaped to `out`.
    static func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to out: inout [UInt8]) {
        for b in bytes {
            switch b {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&#39;".utf8)
            default: out.append(b)
            }
        }
    }
}
