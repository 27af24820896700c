// Locale ids: ICU form ("zh_CN", "ja_JP@calendar=japanese") and BCP 47
// ("zh-Hans-CN", "en-US-u-hc-h23") are both accepted, alone or as a priority
// list in Accept-Language form (LocalePriorityList.swift). An id wins only
// when ICU has data for its language: never the host's locale or another
// language in silence (SPEC section 2).
#if canImport(FeedDateWire)
    import FeedDateWire // LogSafe (the fuzz build compiles it into this module)
#endif
import CICU

struct LocaleID {
    /// The canonical ICU id used to open every ICU service.
    let icu: String
    /// The language subtag ("zh").
    let language: String
    /// The script, given or likely ("Hans", "Hant", "Latn").
    let script: String

    /// The locale for the `locale` option: nil is the host's default (as ICU
    /// reads LC_ALL, LC_MESSAGES, LANG); otherwise one id or a priority list,
    /// of which the first entry (by weight, then order) whose language ICU
    /// has data for wins.
    init(_ input: String?) throws(FeedDateError) {
        guard let input else {
            let host = LocaleID.host
            let named =
                host.variable.map { "\($0)=\(LogSafe.quote(bytes: host.value ?? [], marks: false))" }
                ?? "the host's locale"
            // ICU keeps what it does not understand ("en_US\e[31m" became
            // "en__US\e[31M"); fd_formatter_locale must never return it raw.
            guard LocaleID.isPrintable(host.value ?? []), LocaleID.isPrintable(Array(host.icu.utf8)) else {
                throw .locale(
                    "\(named) holds control characters or bytes that are not UTF-8, which no locale id has "
                        + "(ICU read it as \(LogSafe.quote(host.icu))): set it to a locale like \"zh_CN.UTF-8\" or \"C.UTF-8\", "
                        + "or pass a locale, like \"zh_CN\" or \"en-US\"")
            }
            try self.init(canonical: host.icu)
            guard hasData else {
                throw .locale(
                    "\(named) names no locale ICU has data for (ICU read it as \(LogSafe.quote(host.icu))): "
                        + "set it to a locale like \"zh_CN.UTF-8\" or \"C.UTF-8\", or pass a locale, like \"zh_CN\" or \"en-US\""
                )
            }
            return
        }
        try LocalePriorityList.checkSize(input)
        let list = LocalePriorityList(input)
        if list.entries.count == 1 && list.entries[0].weight == nil {
            // One id: malformed or without data, the error says which.
            let id = list.entries[0].id
            let locale = try LocaleID(single: id)
            guard locale.hasData else {
                throw .locale(
                    "no locale data for \(LogSafe.quote(id)) (ICU has none for its language \(LogSafe.quote(locale.language))): "
                        + "pass a locale ICU knows, like \"zh_CN\" or \"en-US\", or a list like \(LogSafe.quote(id + ", en;q=0.5"))"
                )
            }
            self = locale
            return
        }
        var tried: [String] = [], skipped: [String] = []
        for entry in list.ordered {
            guard entry.weight.map({ $0 > 0 }) ?? true, entry.id != "*",
                let locale = try? LocaleID(single: entry.id)
            else { skipped.append(entry.id); continue }
            if locale.hasData { self = locale; return }
            tried.append(entry.id)
        }
        func quoted(_ ids: [String]) -> String { ids.map { LogSafe.quote($0) }.joined(separator: ", ") }
        var why = "no locale in \(LogSafe.quote(input)) has data: "
        why += tried.isEmpty ? "none tried" : "tried \(quoted(tried)) (ICU has no data for their languages)"
        if !skipped.isEmpty { why += "; skipped \(quoted(skipped)) (malformed, \"*\" or q=0)" }
        throw .locale(why + "; pass ids ICU knows, like \"zh_CN\" or \"en-US\"")
    }

    /// The host's default locale as ICU resolved it (LC_ALL, LC_MESSAGES,
    /// LANG), and the variable it came from with its value, for messages.
    /// Worked out once: ICU keeps its default for the life of the process,
    /// and no later call reads the environment (another thread may be
    /// changing it).
    static var host: (icu: String, variable: String?, value: [UInt8]?) {
        // A lock, not a lazy global: the fork gate's rule (forkgate.h) keeps
        // ICU calls out of a global's initializer.
        hostCache.withLock { cached in
            if let cached { return cached }
            let def = (try? icuString("uloc_getDefault") { buf, cap, _ in cicu_default_locale(buf, cap) }) ?? ""
            let variable = ["LC_ALL", "LC_MESSAGES", "LANG"].first { environment($0).map { !$0.isEmpty } ?? false }
            let value = variable.flatMap(environmentBytes)
            let host = (def.isEmpty ? "en_US_POSIX" : def, variable, value)
            cached = host
            return host
        }
    }
    private static let hostCache = GatedMutex<(icu: String, variable: String?, value: [UInt8]?)?>(nil)

    /// Whether `bytes` are UTF-8 without controls: what LogSafe leaves as it is.
    static func isPrintable(_ bytes: [UInt8]) -> Bool {
        LogSafe.quote(bytes: bytes, limit: bytes.count, marks: false) == String(decoding: bytes, as: UTF8.self)
    }

    /// One id, canonicalized by ICU; a malformed id is an error.
    private init(single input: String) throws(FeedDateError) {
        func malformed() -> FeedDateError {
            .malformedLocale(LogSafe.quote(input))
        }
        guard LocaleID.isWellFormed(input) else { throw malformed() }
        let icuForm: String
        if input.utf8.contains(UInt8(ascii: "-")) && !input.utf8.contains(UInt8(ascii: "@")) {
            var parsed: Int32 = 0
            guard let id = try? icuString("uloc_forLanguageTag", { cicu_locale_for_tag(input, $0, $1, &parsed, $2) }),
                Int(parsed) == input.utf8.count
            else { throw malformed() }
            icuForm = id.isEmpty ? "root" : id
        } else {
            guard let id = try? icuString("uloc_canonicalize", { cicu_locale_canonicalize(input, $0, $1, $2) })
            else { throw malformed() }
            // ICU canonicalizes "und" (undetermined) to "", its root locale.
            icuForm = id.isEmpty ? "root" : id
        }
        try self.init(canonical: icuForm)
    }

    /// Whether ICU has data for this id's language (a region or script it
    /// lacks falls back within the language: "en_XX" is English). ICU's root
    /// locale ("und", "root") has data by definition.
    var hasData: Bool {
        if language.isEmpty || language == "root" { return true }
        let valid = (try? icuString("ures_getLocaleByType") { cicu_locale_valid(icu, $0, $1, $2) }) ?? ""
        let validLanguage = (try? icuString("uloc_getLanguage") { cicu_locale_language(valid, $0, $1, $2) }) ?? ""
        return validLanguage == language
    }

    private init(canonical given: String) throws(FeedDateError) {
        let canonical = try LocaleID.checkingKeywords(given)
        icu = canonical
        language = (try? icuString("uloc_getLanguage") { cicu_locale_language(canonical, $0, $1, $2) }) ?? ""
        let likely =
            (try? icuString("uloc_addLikelySubtags") { cicu_locale_likely(canonical, $0, $1, $2) }) ?? canonical
        script = (try? icuString("uloc_getScript") { cicu_locale_script(likely, $0, $1, $2) }) ?? ""
    }

    /// A keyword of the id ("calendar", "hours"), or nil.
    func keyword(_ key: String) -> String? {
        guard let v = try? icuString("uloc_getKeywordValue", { cicu_locale_keyword(icu, key, $0, $1, $2) }), !v.isEmpty
        else { return nil }
        return v
    }

    /// Syntax check before ICU sees the id: ASCII letters, digits and the
    /// separators of both forms; a 2–8 letter language (or "root") first;
    /// keywords as key=value pairs.
    static func isWellFormed(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        guard !bytes.isEmpty, bytes.count <= 156 else { return false }
        let at = bytes.firstIndex(of: UInt8(ascii: "@")) ?? bytes.count
        let base = bytes[..<at]
        func isAlnum(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
        }
        let subtags = base.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false) }
        guard let first = subtags.first, (2...8).contains(first.count),
            first.allSatisfy({ isAlnum($0) && !($0 >= 0x30 && $0 <= 0x39) })
        else { return false }
        // ICU ids may have an empty subtag ("en__POSIX"); BCP 47 tags may not.
        for tag in subtags.dropFirst() where tag.count > 8 || !tag.allSatisfy(isAlnum) { return false }
        if at == bytes.count { return true }
        let keywords = bytes[(at + 1)...].split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        for kv in keywords {
            let parts = kv.split(separator: UInt8(ascii: "="), omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, parts[0].allSatisfy(isAlnum),
                parts[1].allSatisfy({
                    isAlnum($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "/")
                })
            else { return false }
        }
        return true
    }
}
