// ICU's own zone rules: the fallback used only where the machine has no zone
// database folder at all (DESIGN.md). Formatters then report "icu 2022e" (the
// zone data built into ICU) as their tz source.

import CICU
import Synchronization

/// One ICU zone. A UCalendar is not thread-safe, so every use holds the lock;
/// the transition table built from it asks only for instants it does not list.
final class ICUZone: @unchecked Sendable {
    private let lock = GatedMutex(())
    private let raw: cicu_zone_ref

    init(id: String) throws(ICUError) {
        raw = try icuOpen("ucal_open") { cicu_zone_open(id, $0) }
    }
    deinit { cicu_zone_close(raw) }

    func offsetMs(at ms: Int64) -> Int64 {
        lock.withLock { _ in
            var err: Int32 = 0
            return Int64(cicu_zone_offset_ms(raw, Double(ms), &err))
        }
    }

    func nextTransition(after ms: Int64) -> Int64? {
        lock.withLock { _ in
            var err: Int32 = 0, next = 0.0
            guard cicu_zone_next_transition(raw, Double(ms), &next, &err) != 0, err <= 0 else { return nil }
            return Int64(next)
        }
    }

    /// Zone `id` by ICU's rules, shared by every formatter of that zone.
    static func shared(id: String) throws(FeedDateError) -> LoadedZone {
        try ZoneCache.shared(key: "icu:" + id) { () throws(FeedDateError) in
            guard ZoneDatabase.isValidName(id), let zone = try? ICUZone(id: id) else { throw ZoneDatabase.unknownZone(id) }
            var err: Int32 = 0
            return LoadedZone(table: TransitionTable(icu: zone), source: "icu " + String(cString: cicu_tzdata_version(&err)))
        }
    }
}
