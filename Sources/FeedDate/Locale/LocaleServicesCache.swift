// The cache of LocaleServices: formatters of one locale, hour cycle, width
// and text options share one (its ICU objects and text tables are most of a
// formatter's memory and creation time); the 64 most recently made are kept.
import CICU

extension LocaleServices {
    /// Formatters of one (locale, hour cycle, width, text options) share their services:
    /// ICU objects and text tables are the bulk of a formatter's memory and
    /// creation time. The cache keeps the 64 most recently made; a formatter
    /// keeps its own alive.
    private struct Key: Hashable {
        let locale: String
        let hourCycle: FeedDateHourCycle
        let width: FeedDateWidth
        let texts: TextOptions
    }
    private static let cache = GatedMutex<(map: [Key: LocaleServices], order: [Key])>(([:], []))
    private static let cacheLimit = 64

    static func shared(
        locale: LocaleID, hourCycle: FeedDateHourCycle, width: FeedDateWidth,
        texts: TextOptions = TextOptions()
    ) throws(FeedDateError) -> LocaleServices {
        let key = Key(locale: locale.icu, hourCycle: hourCycle, width: texts.width(width), texts: texts)
        if let hit = cache.withLock({ $0.map[key] }) { return hit }
        let made = try LocaleServices(locale: locale, hourCycle: hourCycle, width: width, texts: texts)
        return cache.withLock { c in
            if let hit = c.map[key] { return hit }
            c.map[key] = made
            c.order.append(key)
            if c.order.count > cacheLimit { c.map[c.order.removeFirst()] = nil }
            return made
        }
    }
}
