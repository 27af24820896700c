// The formatters a formatter's markup needs besides itself (SPEC section 11,
// "Semantics and screen readers", 1.3): FEED_DETAIL of the same options for
// the `title`, and the same options with `spoken` for the spoken schedule.
// Made when first asked for and kept for the formatter's lifetime (its
// options, locale and zone never change, so they never go stale); they
// share its zone, and their locale services come from the shared cache.

final class Companions: Sendable {
    private let made = GatedMutex<(detail: FeedDateFormatter?, spoken: FeedDateFormatter?)>((nil, nil))

    init() {}

    enum Kind { case detail, spoken }

    /// The companion of `owner` of this kind (owner itself when it already is one).
    func of(_ owner: FeedDateFormatter, _ kind: Kind) throws(FeedDateError) -> FeedDateFormatter {
        var options = owner.options
        switch kind {
        case .detail:
            if options.style == .feedDetail { return owner }
            options.style = .feedDetail
            if let hit = made.withLock({ $0.detail }) { return hit }
        case .spoken:
            if options.spoken { return owner }
            options.spoken = true
            if let hit = made.withLock({ $0.spoken }) { return hit }
        }
        // The owner's own locale id again: a list resolves to the same entry.
        let companion = try FeedDateFormatter(
            options, localeID: try LocaleID(owner.options.locale), zone: owner.rules.zone)
        return made.withLock { m in
            switch kind {
            case .detail:
                if let hit = m.detail { return hit }
                m.detail = companion
            case .spoken:
                if let hit = m.spoken { return hit }
                m.spoken = companion
            }
            return companion
        }
    }
}
