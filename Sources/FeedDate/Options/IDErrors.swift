// The errors of an id the library cannot use, worded once: the core's
// (LocaleID, ZoneDatabase) and fd_formatter_new's for an id that is not
// UTF-8 say the same thing and give the same advice.

extension FeedDateError {
    /// A locale id that is not one; `quoted` is the id as messages quote it
    /// (LogSafe), with anything to add about it.
    package static func malformedLocale(_ quoted: String) -> FeedDateError {
        .locale("malformed locale id \(quoted): pass an ICU id like \"zh_CN\" or a BCP 47 tag like \"zh-Hans-CN\"")
    }

    /// A zone id without a zone; `quoted` as for malformedLocale.
    package static func unknownZone(_ quoted: String) -> FeedDateError {
        .timeZone("unknown time zone \(quoted): pass an IANA zone id like \"Asia/Shanghai\"")
    }
}
