// Small helpers over the bytes of short text files (tzdata.zi's version
// line, /etc/timezone): name bytes, the first line, blanks trimmed.

/// A byte of a zone name or version: [A-Za-z0-9._+-].
func isNameByte(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
        return true
    default:
        return false
    }
}

func firstLine(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
}

/// `text` without leading and trailing blanks.
func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard let first = text.firstIndex(where: { !isSpace($0) }),
        let last = text.lastIndex(where: { !isSpace($0) })
    else { return [] }
    return text[first...last]
}

private func isSpace(_ b: UInt8) -> Bool {
    b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")
}
