// The version of ICU the library runs on: its words are CLDR's of that
// version, so callers (and the vector suites, which pick their expected set
// by it) need to know it.
import CICU

public enum FeedDateICU {
    /// "72.1" on Debian 12, "76.1" on Debian 13.
    public static let version: String = {
        var buf = [CChar](repeating: 0, count: 32)
        cicu_icu_version(&buf, Int32(buf.count))
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
