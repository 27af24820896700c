// The keywords of a locale id that ICU would ignore in silence or fail on
// only when a label is written: the calendar (BCP 47 "-u-ca-", ICU
// "@calendar="), the hour cycle ("-u-hc-", "@hours=") and the numbering
// system ("-u-nu-", "@numbers="). An unknown value is FD_ERR_LOCALE when the
// formatter is made, naming it and what is valid, so that the resolved id
// never shows a keyword as if it were honoured.
//
// Two decisions where the SPEC leaves the details open (DESIGN.md):
// - An hour cycle in the id picks 12 or 24 hours, but hours stay 1..12 or
//   0..23: h11 ("0:05 AM") is read as h12, h24 ("24:05") as h23. The
//   hour_cycle option, when not LOCALE, wins over the id.
// - COUNTDOWN needs digits 0-9: an algorithmic numbering system (jpan, hans,
//   roman, hebr, ...) is refused for it at creation; other styles write
//   their numbers in it as ICU does ("二千二十三年").
#if canImport(FeedDateWire)
    import FeedDateWire // LogSafe (the fuzz build compiles it into this module)
#endif
import CICU

extension LocaleID {
    /// The values the "hours" keyword may take (ICU's names of -u-hc-).
    static let hourCycleValues = ["h11", "h12", "h23", "h24"]

    /// Every calendar type ICU knows, in ICU's names ("gregorian", "japanese", ...).
    static let calendarTypes: [String] = {
        guard let list = try? icuString("ucal_getKeywordValuesForLocale", { cicu_calendar_types($0, $1, $2) })
        else { return [] }
        return list.split(separator: ",").map(String.init)
    }()

    /// `id` with its keywords checked, and its hour cycle kept to h12 or h23.
    static func checkingKeywords(_ id: String) throws(FeedDateError) -> String {
        func keyword(_ key: String) -> String? {
            guard let v = try? icuString("uloc_getKeywordValue", { cicu_locale_keyword(id, key, $0, $1, $2) }),
                !v.isEmpty
            else { return nil }
            return v
        }
        if let calendar = keyword("calendar"), !calendarTypes.contains(calendar) {
            throw .locale(
                "locale \(LogSafe.quote(id)) asks for the calendar \(LogSafe.quote(calendar)), which ICU does not know: "
                    + "pass one of \(calendarTypes.joined(separator: ", ")) (or none, for the locale's own)")
        }
        if keyword("numbers") != nil, numberingSystem(of: id) == nil {
            throw .locale(
                "locale \(LogSafe.quote(id)) asks for the numbering system \(LogSafe.quote(keyword("numbers")!)), which ICU does not know: "
                    + "pass one like latn, arab, deva, hanidec, thai (or none, for the locale's own)")
        }
        guard let hours = keyword("hours") else { return id }
        guard hourCycleValues.contains(hours) else {
            throw .locale(
                "locale \(LogSafe.quote(id)) asks for the hour cycle \(LogSafe.quote(hours)): pass h12 or h23 (or h11, h24, "
                    + "which read as h12, h23), or none, for the locale's own")
        }
        let kept = hours == "h11" ? "h12" : hours == "h24" ? "h23" : hours
        if kept == hours { return id }
        return (try? icuString("uloc_setKeywordValue") { cicu_locale_set_keyword(id, "hours", kept, $0, $1, $2) }) ?? id
    }

    /// The numbering system ICU writes numbers of `id` in, and whether it is
    /// algorithmic (no digits 0-9); nil when ICU does not know the one asked for.
    static func numberingSystem(of id: String) -> (name: String, algorithmic: Bool)? {
        var algorithmic: Int32 = 0
        guard let name = try? icuString("unumsys_open", { cicu_numbering_system(id, $0, $1, &algorithmic, $2) })
        else { return nil }
        return (name, algorithmic != 0)
    }

    /// Refuses a locale whose numbering system has no digits for COUNTDOWN,
    /// which writes H:MM:SS digit by digit.
    func checkCountdownDigits() throws(FeedDateError) {
        guard let system = LocaleID.numberingSystem(of: icu), system.algorithmic else { return }
        throw .locale(
            "locale \(LogSafe.quote(icu)) writes numbers in the numbering system \"\(system.name)\", which has no "
                + "digits 0-9 for a countdown: pass the locale without it, or with a decimal one (\"-u-nu-latn\", "
                + "\"@numbers=latn\")")
    }
}
