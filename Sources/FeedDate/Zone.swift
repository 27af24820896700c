// The viewer's zone: the system's TZif rules (ZoneRules), or ICU's built-in
// rules only where the machine has no zone database at all.
import CICU
import Glibc
import Synchronization

/// ICU's own zone rules, the fallback. A UCalendar is not thread-safe, so
/// every use holds the lock.
final class ICUZone: @unchecked Sendable {
    private let lock = Mutex(())
    private let raw: UnsafeMutableRawPointer
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
}

struct Zone: Sendable {
    enum Rules: Sendable {
        case tzif(ZoneRules)
        case icu(ICUZone)
    }
    let id: String
    /// "tzdata 2025b", or "icu 2022e" for the fallback.
    let source: String
    let rules: Rules

    /// Resolves `id` (nil = the host's zone) against the system database,
    /// falling back to ICU only when no database folder exists.
    init(_ requested: String?) throws(FeedDateError) {
        let dir = ZoneRules.databaseDirectory
        let name = requested ?? ZoneRules.hostDefaultID() ?? "UTC"
        id = name
        if Zone.directoryExists(dir) {
            do {
                rules = .tzif(try ZoneRules.load(id: name, directory: dir))
            } catch {
                throw .timeZone(name)
            }
            source = "tzdata " + (ZoneRules.databaseVersion(directory: dir) ?? "(unknown version)")
        } else {
            guard Zone.isPlausibleName(name), let zone = try? ICUZone(id: name) else { throw .timeZone(name) }
            rules = .icu(zone)
            var err: Int32 = 0
            source = "icu " + String(cString: cicu_tzdata_version(&err))
        }
    }

    private static func directoryExists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// For ICU's fallback only (the database loader checks names itself):
    /// ASCII letters, digits and "/_+-." with no empty or dot-only component.
    private static func isPlausibleName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && !part.allSatisfy({ $0 == UInt8(ascii: ".") })
                && part.allSatisfy { c in
                    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                        || c == UInt8(ascii: "_") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
                }
        }
    }

    @inline(__always)
    func offsetMs(at ms: Int64) -> Int64 {
        switch rules {
        case .tzif(let r): return Int64(r.offsetSeconds(at: ms)) * 1000
        case .icu(let z): return z.offsetMs(at: ms)
        }
    }

    /// Wall-clock milliseconds (local time as if it were UTC) of instant ms.
    @inline(__always)
    func wall(_ ms: Int64) -> Int64 { ms + offsetMs(at: ms) }

    /// The local day number (days since 1970-01-01) of instant ms.
    @inline(__always)
    func localDay(_ ms: Int64) -> Int64 { floorDiv(wall(ms), msPerDay) }

    /// The instant of a wall-clock time: a time in a gap moves forward by the
    /// gap, a repeated time means its first occurrence.
    func instant(fromWall w: Int64) -> Int64 {
        switch rules {
        case .tzif(let r): return r.instant(fromWall: w)
        case .icu:
            let before = offsetMs(at: w - 2 * msPerDay), after = offsetMs(at: w + 2 * msPerDay)
            let a = w - before, b = w - after
            let aOK = offsetMs(at: a) == before, bOK = offsetMs(at: b) == after
            switch (aOK, bOK) {
            case (true, true): return min(a, b)
            case (true, false): return a
            case (false, true): return b
            case (false, false): return a  // in a gap: forward by the gap
            }
        }
    }

    /// The first instant of local day `day` (01:00 where midnight does not exist).
    func startOfDay(_ day: Int64) -> Int64 {
        instant(fromWall: day * msPerDay)
    }

    /// The first instant > ms at which the offset changes, or nil.
    func nextOffsetChange(after ms: Int64) -> Int64? {
        switch rules {
        case .tzif(let r): return r.nextOffsetChange(after: ms)
        case .icu(let z): return z.nextTransition(after: ms)
        }
    }

    /// The first instant > ms whose local day differs from that of ms: the
    /// next midnight, or a transition that jumps over one or back across one
    /// (St. John's 2006-10-29 00:01 NDT went back to 23:01 NST of the 28th).
    func nextDayChange(after ms: Int64) -> Int64 {
        let day = localDay(ms)
        var cur = ms
        while true {
            // The offset is constant from cur up to the next change.
            let midnight = (day + 1) * msPerDay - offsetMs(at: cur)
            guard let change = nextOffsetChange(after: cur), change <= midnight else { return midnight }
            if localDay(change) != day { return change }
            cur = change
        }
    }

    /// The first offset change in (ms, limit) at which the local date goes
    /// back, or nil. Such a change can briefly make "today" yesterday again.
    func nextDayRegression(after ms: Int64, before limit: Int64) -> Int64? {
        var cur = ms
        for _ in 0..<64 {
            guard let change = nextOffsetChange(after: cur), change < limit else { return nil }
            if localDay(change) < localDay(change - 1) { return change }
            cur = change
        }
        return nil
    }
}

let msPerDay: Int64 = 86_400_000
