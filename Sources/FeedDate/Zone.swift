// The viewer's zone: the system's TZif rules (ZoneRules), or ICU's built-in
// rules only where the machine has no zone database at all.
//
// Labels ask for UTC offsets several times each, so a zone is also expanded
// once into a flat table of offset changes up to the year 2400, indexed by
// buckets of 2^32 ms (about 50 days): an offset is then one bucket read and
// a step or two. The table is raw memory, shared by every formatter of the
// zone and never freed, so the hot path touches no reference counts.
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

/// The rules behind a table, for instants the table does not cover.
enum ZoneSourceRules: Sendable {
    case tzif(ZoneRules)
    case icu(ICUZone)

    func offsetMs(at ms: Int64) -> Int64 {
        switch self {
        case .tzif(let r): return Int64(r.offsetSeconds(at: ms)) * 1000
        case .icu(let z): return z.offsetMs(at: ms)
        }
    }
    func nextOffsetChange(after ms: Int64) -> Int64? {
        switch self {
        case .tzif(let r): return r.nextOffsetChange(after: ms)
        case .icu(let z): return z.nextTransition(after: ms)
        }
    }
}

/// A zone expanded into raw, immutable arrays (see the file comment).
final class ZoneTable: @unchecked Sendable {
    let rules: ZoneSourceRules
    /// Offset changes in [lo, hi), ascending, and the offset (ms) from each.
    let times: UnsafeMutablePointer<Int64>
    let offsets: UnsafeMutablePointer<Int64>
    let count: Int
    let initialOffset: Int64
    let lo: Int64, hi: Int64
    /// buckets[b] = index of the first change after bucketLo + b << 32.
    let buckets: UnsafeMutablePointer<Int32>
    let bucketCount: Int
    let bucketLo: Int64
    /// The changes in [lo, hi) at which the local date goes back (a fall-back
    /// across midnight): rare, so usually none.
    let regressions: [Int64]
    /// The first change at or after hi, if any.
    let changeAfterTable: Int64?

    static let coverageStart = FeedDateRange.minInstantMs - 3 * msPerDay
    static let coverageEnd = daysFromCivil(2400, 1, 1) * msPerDay
    static let bucketStart = daysFromCivil(1800, 1, 1) * msPerDay

    init(rules: ZoneSourceRules) {
        self.rules = rules
        lo = ZoneTable.coverageStart
        hi = ZoneTable.coverageEnd
        initialOffset = rules.offsetMs(at: lo)
        var t: [Int64] = [], o: [Int64] = []
        var cursor = lo
        while let next = rules.nextOffsetChange(after: cursor), next < hi {
            t.append(next)
            o.append(rules.offsetMs(at: next))
            cursor = next
        }
        count = t.count
        times = .allocate(capacity: max(1, count))
        offsets = .allocate(capacity: max(1, count))
        times.initialize(from: t, count: count)
        offsets.initialize(from: o, count: count)
        var back: [Int64] = []
        for i in 0..<count {
            let before = i == 0 ? initialOffset : o[i - 1]
            if floorDiv(t[i] + o[i], msPerDay) < floorDiv(t[i] - 1 + before, msPerDay) { back.append(t[i]) }
        }
        regressions = back
        changeAfterTable = rules.nextOffsetChange(after: hi - 1)
        bucketLo = ZoneTable.bucketStart
        bucketCount = Int((hi - bucketLo) >> 32) + 1
        buckets = .allocate(capacity: bucketCount)
        var index = 0
        for b in 0..<bucketCount {
            let start = bucketLo + Int64(b) << 32
            while index < count && t[index] <= start { index += 1 }
            buckets[b] = Int32(index)
        }
    }

    /// Index of the first change strictly after ms (ms within [lo, hi)).
    @inline(__always)
    private func firstIndex(after ms: Int64) -> Int {
        let rel = ms &- bucketLo
        var i: Int
        if rel >= 0 && Int(rel >> 32) < bucketCount {
            i = Int(buckets[Int(rel >> 32)])
        } else {
            var low = 0, high = count
            while low < high {
                let mid = (low + high) >> 1
                if times[mid] <= ms { low = mid + 1 } else { high = mid }
            }
            return low
        }
        while i < count && times[i] <= ms { i += 1 }
        return i
    }

    @inline(__always)
    func offsetMs(at ms: Int64) -> Int64 {
        guard ms >= lo && ms < hi else { return rules.offsetMs(at: ms) }
        let i = firstIndex(after: ms)
        return i == 0 ? initialOffset : offsets[i - 1]
    }

    @inline(__always)
    func nextOffsetChange(after ms: Int64) -> Int64? {
        guard ms >= lo && ms < hi else { return rules.nextOffsetChange(after: ms) }
        let i = firstIndex(after: ms)
        return i < count ? times[i] : changeAfterTable
    }

    /// Wall-clock time to instant (see `instantFromWall`), walking the table.
    @inline(__always)
    func instant(fromWall wall: Int64) -> Int64 {
        let low = wall &- ZoneRules.maxOffsetMagnitude * 1000
        let high = wall &+ ZoneRules.maxOffsetMagnitude * 1000
        guard low >= lo && high < hi else {
            return instantFromWall(wall, offsetMs: rules.offsetMs(at:), nextOffsetChange: rules.nextOffsetChange(after:))
        }
        var i = firstIndex(after: low)
        var offset = i == 0 ? initialOffset : offsets[i - 1]
        var previousOffset = offset
        var pieceStart = Int64.min
        while true {
            let candidate = wall - offset
            if candidate < pieceStart { return wall - previousOffset }
            if i >= count || candidate < times[i] { return candidate }
            previousOffset = offset
            pieceStart = times[i]
            offset = offsets[i]
            i += 1
        }
    }

    /// Tables are shared by every formatter of a zone and live as long as the
    /// process: there are a few hundred zones at most.
    private static let shared = Mutex<[String: ZoneTable]>([:])

    static func shared(key: String, make: () throws(FeedDateError) -> ZoneSourceRules) throws(FeedDateError) -> ZoneTable {
        if let hit = shared.withLock({ $0[key] }) { return hit }
        let table = ZoneTable(rules: try make())
        return shared.withLock { cache in
            if let hit = cache[key] { return hit }
            cache[key] = table
            return table
        }
    }
}

struct Zone: Sendable {
    let id: String
    /// "tzdata 2025b", or "icu 2022e" for the fallback.
    let source: String
    let table: ZoneTable

    /// Resolves `id` (nil = the host's zone) against the system database,
    /// falling back to ICU only when no database folder exists.
    init(_ requested: String?) throws(FeedDateError) {
        let dir = ZoneRules.databaseDirectory
        let name = requested ?? ZoneRules.hostDefaultID() ?? "UTC"
        id = name
        if Zone.directoryExists(dir) {
            table = try ZoneTable.shared(key: dir + "\0" + name) { () throws(FeedDateError) in
                do {
                    return .tzif(try ZoneRules.load(id: name, directory: dir))
                } catch {
                    throw .timeZone(name)
                }
            }
            source = "tzdata " + (ZoneRules.databaseVersion(directory: dir) ?? "(unknown version)")
        } else {
            table = try ZoneTable.shared(key: "icu\0" + name) { () throws(FeedDateError) in
                guard ZoneRules.isValidName(name), let zone = try? ICUZone(id: name) else { throw .timeZone(name) }
                return .icu(zone)
            }
            var err: Int32 = 0
            source = "icu " + String(cString: cicu_tzdata_version(&err))
        }
    }

    private static func directoryExists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    @inline(__always)
    func offsetMs(at ms: Int64) -> Int64 { table.offsetMs(at: ms) }

    /// Wall-clock milliseconds (local time as if it were UTC) of instant ms.
    @inline(__always)
    func wall(_ ms: Int64) -> Int64 { ms + table.offsetMs(at: ms) }

    /// The local day number (days since 1970-01-01) of instant ms.
    @inline(__always)
    func localDay(_ ms: Int64) -> Int64 { floorDiv(wall(ms), msPerDay) }

    /// The first instant > ms at which the offset changes, or nil.
    @inline(__always)
    func nextOffsetChange(after ms: Int64) -> Int64? { table.nextOffsetChange(after: ms) }

    /// The instant of a wall-clock time: a time in a gap moves forward by the
    /// gap, a repeated time means its first occurrence.
    @inline(__always)
    func instant(fromWall w: Int64) -> Int64 { table.instant(fromWall: w) }

    /// The first instant of local day `day` (01:00 where midnight does not exist).
    func startOfDay(_ day: Int64) -> Int64 {
        instant(fromWall: day * msPerDay)
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
        if ms >= table.lo && limit <= table.hi {
            let r = table.regressions
            guard !r.isEmpty, let first = r.firstIndex(where: { $0 > ms }) else { return nil }
            return r[first] < limit ? r[first] : nil
        }
        var cur = ms
        for _ in 0..<64 {
            guard let change = nextOffsetChange(after: cur), change < limit else { return nil }
            if localDay(change) < localDay(change - 1) { return change }
            cur = change
        }
        return nil
    }
}

/// Wall-clock time to instant, for any offset function: every instant i with
/// i + offset(i) = wall lies within the largest possible offset of wall, so
/// walk the constant-offset pieces from there. The first piece that contains
/// wall − offset gives the earliest occurrence; a piece whose local times
/// start after wall means wall fell into the gap before it, and moves forward
/// by the gap.
@inline(__always)
func instantFromWall(
    _ wall: Int64, offsetMs: (Int64) -> Int64, nextOffsetChange: (Int64) -> Int64?
) -> Int64 {
    let low = wall.subtractingSaturating(ZoneRules.maxOffsetMagnitude * 1000)
    var pieceStart = Int64.min
    var cursor = low
    var offset = offsetMs(low)
    var previousOffset = offset
    while true {
        let candidate = wall.subtractingSaturating(offset)
        if candidate < pieceStart { return wall.subtractingSaturating(previousOffset) }
        guard let end = nextOffsetChange(cursor), candidate >= end else { return candidate }
        previousOffset = offset
        pieceStart = end
        cursor = end
        offset = offsetMs(end)
    }
}
