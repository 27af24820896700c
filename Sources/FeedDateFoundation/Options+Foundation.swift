// FeedDateOptions from Foundation's Locale and TimeZone (SPEC section 12).
import Foundation
import FeedDateClient

extension FeedDateOptions {
    /// Options for `style` in a Foundation `Locale` and `TimeZone`.
    ///
    /// - `Locale.autoupdatingCurrent` and `TimeZone.autoupdatingCurrent` mean
    ///   the host's, found as the core finds it (SPEC sections 1 and 2:
    ///   `LC_ALL`, `LC_MESSAGES`, `LANG`; `$TZ`, `/etc/localtime`), so a
    ///   label reads the same as from C or any other binding on the same
    ///   host. (Foundation on Linux has its own idea of the current locale,
    ///   `en_001` whatever `LANG` says, and reads a POSIX `$TZ` such as
    ///   `CST-8` as UTC; neither is used.)
    /// - Any other `Locale` is passed as its BCP 47 tag
    ///   (`identifier(.bcp47)`: "zh-Hans-CN", "ja-JP-u-ca-japanese",
    ///   "en-US-u-hc-h23"), which keeps its calendar and hour cycle keywords.
    ///   A locale ICU has no data for is an error when the formatter is made,
    ///   never the host's locale instead.
    /// - Any other `TimeZone` is passed as its IANA id; a zone with a fixed
    ///   offset and no IANA id (`TimeZone(secondsFromGMT: 19800)`, whose
    ///   identifier is "GMT+0530") as the POSIX TZ string of that offset
    ///   ("<+0530>-5:30"), which needs no zone database.
    public init(style: FeedDateStyle, locale: Locale, timeZone: TimeZone = .autoupdatingCurrent) {
        self.init(style: style, locale: Self.localeID(locale), timeZone: Self.timeZoneID(timeZone))
    }

    /// Options with a locale id (nil: the host's) and a Foundation `TimeZone`
    /// (mapped as by `init(style:locale:timeZone:)` with a `Locale`).
    public init(style: FeedDateStyle, locale: String? = nil, timeZone: TimeZone) {
        self.init(style: style, locale: locale, timeZone: Self.timeZoneID(timeZone))
    }

    /// Options with a Foundation `Locale` and a zone id (nil: the host's).
    public init(style: FeedDateStyle, locale: Locale, timeZone: String?) {
        self.init(style: style, locale: Self.localeID(locale), timeZone: timeZone)
    }

    /// The id the core is given for `locale`: nil (the host's) for
    /// `.autoupdatingCurrent`, else its BCP 47 tag.
    static func localeID(_ locale: Locale) -> String? {
        locale == .autoupdatingCurrent ? nil : locale.identifier(.bcp47)
    }

    /// The id the core is given for `timeZone`: nil (the host's) for
    /// `.autoupdatingCurrent`; the POSIX TZ string of a fixed offset that has
    /// no IANA id; else its identifier.
    static func timeZoneID(_ timeZone: TimeZone) -> String? {
        if timeZone == .autoupdatingCurrent { return nil }
        let id = timeZone.identifier
        return isFixedOffsetID(id) ? posixTZ(secondsEast: timeZone.secondsFromGMT()) : id
    }

    /// Whether `id` is Foundation's name of a fixed offset ("GMT+0530",
    /// "GMT-08:00"), which no zone database holds. IANA's own "GMT+0" and
    /// "Etc/GMT+5" are database ids and stay as they are.
    static func isFixedOffsetID(_ id: String) -> Bool {
        let s = Array(id.utf8)
        guard s.count >= 7, s.starts(with: Array("GMT".utf8)), s[3] == UInt8(ascii: "+") || s[3] == UInt8(ascii: "-")
        else {
            return false
        }
        let rest = s[4...].filter { $0 != UInt8(ascii: ":") }
        return rest.count >= 4 && rest.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The POSIX TZ string of a fixed offset east of UTC: a quoted name of
    /// the offset, then the offset west of UTC as POSIX counts it
    /// (+05:30 is "<+0530>-5:30", -08:00 is "<-0800>8").
    static func posixTZ(secondsEast: Int) -> String {
        let sign = secondsEast < 0 ? "-" : "+", west = secondsEast <= 0 ? "" : "-"
        let a = abs(secondsEast), h = a / 3600, m = a / 60 % 60, s = a % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let name = "\(sign)\(two(h))\(two(m))" + (s != 0 ? two(s) : "")
        var offset = "\(west)\(h)"
        if m != 0 || s != 0 { offset += ":\(two(m))" }
        if s != 0 { offset += ":\(two(s))" }
        return "<\(name)>\(offset)"
    }
}
