// The wire form for a `<script>` element (SPEC section 11, "Script
// context", 1.3): the wire of ScheduleJSON with `<`, `>`, `&`, U+2028 and
// U+2029 written as \u003c, \u003e, \u0026, \u2028 and \u2029. Those
// characters occur in the wire only inside strings, where the escapes mean
// the same characters, so the result is valid JSON that parses to the same
// object, and no `</script>` or `<!--` in a label can end or change the
// script element.

enum ScriptJSON {
    /// The wire's bytes made safe inside `<script>`.
    static func escaped(_ wire: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(wire.count)
        var i = 0
        while i < wire.count {
            let b = wire[i]
            switch b {
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            case 0xE2 where i + 2 < wire.count && wire[i + 1] == 0x80 && (wire[i + 2] == 0xA8 || wire[i + 2] == 0xA9):
                out += Array((wire[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                i += 2
            default: out.append(b)
            }
            i += 1
        }
        return out
    }
}
