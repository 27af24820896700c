// The `locale` option as a priority list in Accept-Language form (SPEC
// section 2): "tlh, de-CH;q=0.9, en;q=0.5". Entries are split at commas;
// only a trailing ";q=<number>" is a weight (a ";" inside ICU keywords,
// "@calendar=buddhist;numbers=thai", belongs to the id); entries go by
// weight, then by order. Which entry wins is LocaleID's question.

#if canImport(FeedDateWire)
    import FeedDateWire // LogSafe (the fuzz build compiles it into this module)
#endif
struct LocalePriorityList {
    struct Entry {
        let id: String
        /// The q-value, nil when none was given (weight 1). A weight that is
        /// not a number in 0...1 makes the entry malformed (`valid` false).
        let weight: Double?
        let valid: Bool
        let position: Int
    }

    let entries: [Entry]

    init(_ text: String) {
        var out: [Entry] = []
        for (i, raw) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            var id = Substring(raw).trimmingSpaces
            var weight: Double? = nil
            var valid = true
            if let semi = id.lastIndex(of: ";") {
                let tail = id[id.index(after: semi)...].trimmingSpaces
                if tail.hasPrefix("q=") || tail.hasPrefix("Q=") {
                    let number = tail.dropFirst(2)
                    weight = LocalePriorityList.qValue(number)
                    valid = weight != nil
                    id = id[..<semi].trimmingSpaces
                }
            }
            out.append(Entry(id: String(id), weight: valid ? weight : 0, valid: valid && !id.isEmpty, position: i))
        }
        entries = out
    }

    /// At most this many entries and bytes (SPEC section 2, 1.2): counted on
    /// the raw text, before any entry is skipped, so a long list costs
    /// nothing before it is refused.
    static let maxEntries = 32
    static let maxBytes = 1024

    /// Throws when `text` is longer than a locale option may be.
    static func checkSize(_ text: String) throws(FeedDateError) {
        let bytes = text.utf8.count
        guard bytes <= maxBytes else {
            throw .locale(
                "the locale is \(bytes) bytes (\(LogSafe.quote(text))): a locale id or list holds at most "
                    + "\(maxBytes) bytes and \(maxEntries) entries, like \"de-CH, de;q=0.9, en;q=0.5\"")
        }
        let entries = text.utf8.reduce(1) { $1 == UInt8(ascii: ",") ? $0 + 1 : $0 }
        guard entries <= maxEntries else {
            throw .locale(
                "the locale list has \(entries) entries (\(LogSafe.quote(text))): a list holds at most "
                    + "\(maxEntries) entries and \(maxBytes) bytes, like \"de-CH, de;q=0.9, en;q=0.5\"")
        }
    }

    /// The entries by weight (highest first), then by their order in the text;
    /// malformed entries are kept (with weight 0) so that they can be named.
    var ordered: [Entry] {
        entries.sorted { a, b in
            let wa = a.valid ? a.weight ?? 1 : -1, wb = b.valid ? b.weight ?? 1 : -1
            return wa != wb ? wa > wb : a.position < b.position
        }.map { $0.valid ? $0 : Entry(id: $0.id, weight: 0, valid: false, position: $0.position) }
    }

    /// RFC 9110 qvalue: 0, 1, or 0.ddd / 1.000 with at most three decimals.
    private static func qValue(_ s: Substring) -> Double? {
        let bytes = Array(s.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1"), bytes.count <= 5 else {
            return nil
        }
        if bytes.count == 1 { return first == UInt8(ascii: "1") ? 1 : 0 }
        guard bytes[1] == UInt8(ascii: "."), bytes.count >= 3 else { return nil }
        var value = Double(first - UInt8(ascii: "0")), scale = 0.1
        for b in bytes[2...] {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
            value += Double(b - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1 ? value : nil
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
