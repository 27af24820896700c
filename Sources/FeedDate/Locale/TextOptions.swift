// The options that change the text of pieces rather than which label an
// instant gets (SPEC section 6, 1.1): plain_spaces, spoken's wording of
// dates and counts, and the caller's own words for just now, yesterday, the
// day before yesterday and tomorrow. LocaleServices keys its shared texts by
// them, so that every cached text, and every comparison of texts that
// next_change makes, is already the text the caller sees. FeedDateOptions.texts
// picks them out of the options.

struct TextOptions: Hashable, Sendable {
    var plainSpaces = false
    var spoken = false
    var justNow: String?
    var yesterday: String?
    var dayBeforeYesterday: String?
    var tomorrow: String?

    /// The width counts are worded in: spoken counts are read out in full
    /// ("2 hours ago" for "2h"), whatever width the visible label has.
    func width(_ requested: FeedDateWidth) -> FeedDateWidth { spoken ? .long : requested }

    /// The caller's word for a day offset (−2, −1, +1), or nil for the locale's.
    func word(_ offset: Int64) -> String? {
        switch offset {
        case -2: return dayBeforeYesterday
        case -1: return yesterday
        case 1: return tomorrow
        default: return nil
        }
    }

    /// Text as the caller sees it: with plain_spaces, every space character
    /// (Unicode category Zs: U+00A0, U+202F before "PM", U+2009, U+3000, ...)
    /// becomes U+0020. Everything else is kept byte for byte.
    func shaped(_ text: [UInt8]) -> [UInt8] {
        guard plainSpaces, text.contains(where: { $0 >= 0xC2 }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            let (scalar, length) = TextOptions.decode(text, at: i)
            if let scalar, scalar != 0x20, TextOptions.isSpaceSeparator(scalar) {
                out.append(0x20)
            } else {
                out.append(contentsOf: text[i..<(i + length)])
            }
            i += length
        }
        return out
    }

    /// Unicode's category Zs (space separators), all of it.
    static func isSpaceSeparator(_ c: UInt32) -> Bool {
        switch c {
        case 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The scalar starting at byte i of UTF-8 text and its length in bytes
    /// (nil and 1 for a byte that does not start a well-formed sequence).
    private static func decode(_ b: [UInt8], at i: Int) -> (UInt32?, Int) {
        let lead = b[i]
        let n = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        guard n > 0, i + n <= b.count else { return (nil, 1) }
        if n == 1 { return (UInt32(lead), 1) }
        var c = UInt32(lead) & (0xFF >> (n + 1))
        for k in 1..<n {
            let cont = b[i + k]
            guard cont & 0xC0 == 0x80 else { return (nil, 1) }
            c = c << 6 | UInt32(cont & 0x3F)
        }
        return (c, n)
    }
}

extension FeedDateOptions {
    /// The options that change the texts of pieces (LocaleServices keys its
    /// shared texts by them).
    var texts: TextOptions {
        TextOptions(
            plainSpaces: plainSpaces, spoken: spoken, justNow: justNowText, yesterday: yesterdayText,
            dayBeforeYesterday: dayBeforeYesterdayText, tomorrow: tomorrowText)
    }
}
