// Loaded zones, shared by every formatter of a zone file or POSIX rule, and
// how a changed file is told from the one loaded (SPEC section 1, 1.2: a
// tzdata upgrade or an edit in place reaches new formatters).
import Glibc

/// What tells a changed file from the one loaded, from fstat on the
/// descriptor read: a replaced file (dpkg writes a new one and renames it)
/// has a new inode; a file edited in place a new change time (ctime), which
/// no caller can set back, unlike the modification time.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64, inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = Int64(info.st_ctim.tv_sec)
        nanoseconds = Int64(info.st_ctim.tv_nsec)
    }

    /// The cache key of the file: one entry per file, whatever names lead to it.
    var key: String { "file:\(device):\(inode)" }
}

/// Loaded zones by key (a zone file's device and inode, or "posix:" and a
/// rule). An entry whose file's identity has changed is loaded again;
/// formatters made before keep the table they have.
enum ZoneCache {
    private struct Entry {
        let zone: LoadedZone
        let identity: FileIdentity?
    }
    private static let zones = GatedMutex<[String: Entry]>([:])

    /// The entry for `key`, else what `load` makes (stored only when it succeeds).
    static func shared<E: Error>(
        key: String, identity: FileIdentity? = nil,
        load: () throws(E) -> LoadedZone
    ) throws(E) -> LoadedZone {
        if let hit = zones.withLock({ $0[key] }), hit.identity == identity { return hit.zone }
        let zone = try load()
        return zones.withLock { cache in
            if let hit = cache[key], hit.identity == identity { return hit.zone }
            cache[key] = Entry(zone: zone, identity: identity)
            return zone
        }
    }
}
