// The viewer's zone as the label rules see it: wall-clock time, local days and
// their boundaries, on top of the zone's transition table (TransitionTable)
// from the system's zone database or a POSIX TZ string. ICU's built-in zone
// rules are never used (SPEC section 1, 1.2: ICU 72's are 2022e's).

#if canImport(FeedDateWire)
    import FeedDateWire // LogSafe (the fuzz build compiles it into this module)
#endif
import Glibc

struct Zone: Sendable {
    let id: String
    /// The data the table was made from: "tzdata 2025b", or "posix" for a
    /// POSIX TZ string or UTC read from no database.
    let source: String
    let table: TransitionTable

    /// Resolves `requested` (nil = the host's zone, see HostZone) as a zone
    /// of the system database, else as a POSIX TZ string ("CST-8"; never a
    /// path). With no database, only UTC and POSIX TZ strings resolve.
    init(_ requested: String?) throws(FeedDateError) {
        guard let requested else {
            switch try HostZone.choice() {
            case .host(let id): try self.init(resolving: id, fromTZ: false)
            case .tz(let value): try self.init(resolving: value, fromTZ: true)
            }
            return
        }
        try self.init(resolving: requested, fromTZ: false)
    }

    /// The names of UTC that need no database.
    static let utcNames: Set<String> = [
        "UTC", "Etc/UTC", "GMT", "Etc/GMT", "UCT", "Zulu", "Universal", "Etc/Universal", "Etc/Zulu",
    ]

    private init(resolving name: String, fromTZ: Bool) throws(FeedDateError) {
        if name.hasPrefix("right/") {
            // Leap-second variants: their times are not POSIX seconds.
            let plain = String(name.dropFirst("right/".count))
            throw .timeZone(
                "time zone \(LogSafe.quote(name)) counts leap seconds, which civil time and labels do not: pass \(LogSafe.quote(plain))"
            )
        }
        let what = fromTZ ? "TZ=\(LogSafe.quote(name, marks: false))" : "time zone \(LogSafe.quote(name))"
        let directory = ZoneDatabase.directory
        var folder: Int32? = nil
        var lookup = ZoneLookup.absent
        switch ZoneDatabase.openFolder(directory) {
        case .success(let fd): folder = fd
        case .failure(.exhausted(let code)): lookup = .exhausted(code)
        case .failure: break // no database: UTC and POSIX TZ strings only
        }
        defer { if let folder { close(folder) } }
        if let folder { lookup = try ZoneDatabase.shared(id: name, folder: folder, directory: directory) }
        var zone: LoadedZone? = nil
        switch lookup {
        case .found(let loaded):
            zone = loaded
        case .absent:
            zone = Zone.rule(name)
            if zone == nil, Zone.utcNames.contains(name) { zone = Zone.rule("UTC0") }
        case .exhausted(let code):
            // Out of descriptors or memory, the database could not say
            // whether it has the name: "EST5EDT" is a zone there whose rules
            // differ from the POSIX reading of the id. Only UTC's names, and
            // a POSIX TZ string with nothing of that name in the folder
            // (lstat needs no descriptor), are the same whatever it holds.
            if Zone.utcNames.contains(name) {
                zone = Zone.rule("UTC0")
            } else if !ZoneDatabase.hasEntry(name, directory: directory) {
                zone = Zone.rule(name)
            }
            guard zone != nil else { throw ZoneDatabase.shortage(code, what: what) }
        }
        guard let zone else {
            guard let folder, ZoneDatabase.looksLikeDatabase(folder) else {
                throw .timeZone(
                    "\(what): no zone database in \(ZoneDatabase.directoryName): install tzdata (apt-get install tzdata) "
                        + "or set $TZDIR to a zoneinfo folder; only UTC and POSIX TZ strings like \"CST-8\" need none")
            }
            if fromTZ {
                throw .timeZone(
                    "\(what) is not a zone: set TZ to an IANA id like \"Asia/Shanghai\" (looked up in \(ZoneDatabase.directoryName)), "
                        + "a POSIX TZ string like \"CST-8\" or \"<+0330>-3:30\", or unset it")
            }
            throw ZoneDatabase.unknownZone(name, folder: folder)
        }
        id = name
        source = zone.source
        table = zone.table
    }

    /// A zone from a POSIX TZ string, or nil when `s` is not one.
    private static func rule(_ s: String) -> LoadedZone? {
        guard !s.isEmpty, s.utf8.count <= 255, !s.utf8.contains(UInt8(ascii: "/")),
            let rule = try? PosixTZ(parsing: Array(s.utf8)[...])
        else { return nil }
        return try? ZoneCache.shared(key: "posix:" + s) { () throws(FeedDateError) in
            LoadedZone(table: TransitionTable(tzif: TZif(rule: rule)), source: "posix")
        }
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

    /// The first instant of local day `day`: its midnight, or where midnight
    /// does not exist the change that skipped it (01:00 after a spring-forward
    /// at midnight; 00:30 after one from 23:30). The first time the day
    /// begins: where the date later goes back, the day begins again after.
    func startOfDay(_ day: Int64) -> Int64 {
        table.firstInstant(wallAtLeast: day * msPerDay)
    }

    /// The first instant > ms whose local day is `day` or later. Local days
    /// mostly only move forward, and then this is startOfDay(day) (or ms + 1
    /// when ms's day is that late already); but where a fall-back moved the
    /// date back before ms (St. John's 2004-10-31 00:01 NDT went back to
    /// 23:01 NST of the 30th), `day` may have begun before ms and begin again
    /// after it (at 00:00 NST).
    func firstInstant(after ms: Int64, ofDayAtLeast day: Int64) -> Int64 {
        let midnight = day * msPerDay
        return table.firstInstant(
            wallAtLeast: midnight,
            from: max(ms + 1, midnight.subtractingSaturating(TransitionTable.maxOffsetMs)))
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
    /// back, or nil. Such a change can make "today" yesterday again, or
    /// bring back a day whose label had ended.
    func nextDayRegression(after ms: Int64, before limit: Int64) -> Int64? {
        if ms >= TransitionTable.coverageStart && limit <= TransitionTable.coverageEnd {
            guard let first = table.regression(after: ms) else { return nil }
            return first < limit ? first : nil
        }
        var cur = ms
        for _ in 0..<64 {
            guard let change = nextOffsetChange(after: cur), change < limit else { return nil }
            if localDay(change) < localDay(change - 1) { return change }
            cur = change
        }
        return nil
    }

    /// An instant after which no offset change can take the local date below
    /// `day`: the wall clock is never more than maxOffsetMs behind the
    /// instant, so from day * msPerDay + maxOffsetMs on it reads `day` or later.
    static func dateStaysAtLeast(_ day: Int64) -> Int64 {
        day * msPerDay + TransitionTable.maxOffsetMs
    }
}
