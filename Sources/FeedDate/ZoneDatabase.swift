// The system's zone database (SPEC section 1): a folder of TZif files named by
// zone id, $TZDIR or else /usr/share/zoneinfo, with its data version in
// tzdata.zi. This file checks zone names, finds and reads zone files safely,
// and keeps the zones loaded so far; it also holds the file and environment
// helpers of the zone layer (Glibc, no Foundation).
//
// A loaded zone is cached with the version string of the database it was read
// from, so a formatter reports the data its labels really use, however long
// the process runs. The cache is keyed by the resolved file, so links such as
// Brazil/East and America/Sao_Paulo share one table.

import Glibc
import Synchronization

/// Why a zone could not be loaded.
enum ZoneError: Error, Equatable {
    /// The id is not a well-formed zone name (see `ZoneDatabase.isValidName`).
    case badName
    /// No regular file for the id in the database folder.
    case notFound
    /// The file is not valid TZif; the text says why.
    case invalidData(String)
    /// The file exists but could not be read; the text says why.
    case unreadable(String)
}

/// A zone's transition table and the data it was made from ("tzdata 2025b",
/// "icu 2022e"), read together.
struct LoadedZone: Sendable {
    let table: TransitionTable
    let source: String
}

enum ZoneDatabase {
    /// TZif files larger than this are refused (real ones are below 10 KB).
    static let maxFileSize = 1 << 22

    /// The database folder: $TZDIR when set and non-empty, else /usr/share/zoneinfo.
    static var directory: String {
        if let dir = environment("TZDIR"), !dir.isEmpty { return dir }
        return "/usr/share/zoneinfo"
    }

    /// Whether `directory` is a folder; without one, zones fall back to ICU's rules.
    static func exists(_ directory: String) -> Bool {
        var info = stat()
        return stat(directory, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Zone `id` of the database in `directory`, shared by every formatter of
    /// that zone file. The file's identity (device, inode, size, modification
    /// time) is checked each time a formatter asks: a tzdata upgrade gives new
    /// formatters the new rules (existing ones keep theirs: they are
    /// immutable), and the version reported is the one read with the table. A
    /// name that is no file of the database is nil; a zone file that cannot be
    /// read or parsed is an error naming its path.
    ///
    /// A name asked for before costs one stat of `directory/id` (links
    /// followed): when it still finds the file loaded then, that zone is the
    /// answer, without resolving the path again.
    static func shared(id: String, directory: String) throws(FeedDateError) -> LoadedZone? {
        let name = directory + "/" + id
        let seen = isValidName(id) ? FileIdentity(path: name) : nil
        if let seen, let zone = ZoneCache.byName(name, identity: seen) { return zone }
        let file: String
        do { file = try self.file(of: id, in: directory) } catch { return nil }
        let zone = try ZoneCache.shared(key: file, identity: FileIdentity(path: file)) { () throws(FeedDateError) in
            let version = self.version(directory: directory) ?? "(unknown version)"
            do throws(ZoneError) {
                return LoadedZone(table: TransitionTable(tzif: try read(file)), source: "tzdata " + version)
            } catch {
                switch error {
                case .badName, .notFound: throw unknownZone(id)
                case .invalidData(let why), .unreadable(let why):
                    throw .timeZone("time zone \"\(id)\": its file \(file) is corrupt or unreadable (\(why))")
                }
            }
        }
        if let seen { ZoneCache.remember(name, identity: seen, zone: zone) }
        return zone
    }

    /// The error for a name that is not a zone of the database.
    static func unknownZone(_ id: String) -> FeedDateError {
        .timeZone("unknown time zone \"\(id)\": pass an IANA zone id like \"Asia/Shanghai\"")
    }

    /// Zone `id` of the database in `directory`, read afresh (not cached).
    static func load(id: String, directory: String) throws(ZoneError) -> TransitionTable {
        TransitionTable(tzif: try read(try file(of: id, in: directory)))
    }

    /// The resolved path of zone `id`'s file. `id` is a NAME, not a path (see
    /// `isValidName`), else `.badName`. Links inside the database are followed
    /// (US/Eastern -> ../America/New_York); a file outside it is `.notFound`,
    /// as is a missing one.
    static func file(of id: String, in directory: String) throws(ZoneError) -> String {
        guard isValidName(id) else { throw ZoneError.badName }
        guard let base = realPath(directory), let file = realPath(directory + "/" + id),
              file.hasPrefix(base == "/" ? "/" : base + "/"), isRegularFile(file)
        else { throw ZoneError.notFound }
        return file
    }

    /// Reads and parses the zone file at `path` (a regular file only).
    static func read(_ path: String) throws(ZoneError) -> TZif {
        switch readFile(atPath: path, limit: maxFileSize, truncate: false) {
        case .success(let bytes):
            return try TZif(bytes)
        case .failure(.missing), .failure(.notRegular):
            throw ZoneError.notFound
        case .failure(.tooLarge):
            throw ZoneError.invalidData("file larger than \(maxFileSize) bytes")
        case .failure(.unreadable(let code)):
            throw ZoneError.unreadable("cannot read: \(String(cString: strerror(code)))")
        }
    }

    /// "2025b" from `<dir>/tzdata.zi` first line "# version 2025b", or from `<dir>/+VERSION`; nil when absent.
    static func version(directory: String) -> String? {
        if case .success(let head) = readFile(atPath: directory + "/tzdata.zi", limit: 256, truncate: true) {
            let line = firstLine(head)
            let prefix = Array("# version ".utf8)
            if line.starts(with: prefix), let version = versionToken(line.dropFirst(prefix.count)) {
                return version
            }
        }
        if case .success(let bytes) = readFile(atPath: directory + "/+VERSION", limit: 256, truncate: true) {
            return versionToken(firstLine(bytes))
        }
        return nil
    }

    /// Zone-name syntax: components of [A-Za-z0-9._+-] separated by single '/', none of them
    /// "." or "..", no leading or trailing '/', 1 ... 255 bytes.
    static func isValidName(_ id: String) -> Bool {
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        var length = 0          // of the current component
        var onlyDots = true
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (onlyDots && length <= 2) { return false }
                length = 0
                onlyDots = true
            } else if isNameByte(byte) {
                length += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            } else {
                return false
            }
        }
        return length > 0 && !(onlyDots && length <= 2)
    }

    /// A version such as "2025b": 1 ... 32 bytes of [A-Za-z0-9._+-], surrounding blanks ignored.
    private static func versionToken(_ text: ArraySlice<UInt8>) -> String? {
        let token = trimmed(text)
        guard !token.isEmpty, token.count <= 32, token.allSatisfy(isNameByte) else { return nil }
        return String(decoding: token, as: UTF8.self)
    }
}

/// What tells a changed file from the one loaded: a replaced file (dpkg
/// writes a new one and renames it) has a new inode, an edited one a new
/// size or modification time.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64, inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = Int64(info.st_mtim.tv_sec)
        nanoseconds = Int64(info.st_mtim.tv_nsec)
    }
}

/// Loaded zones by key (a resolved file path, "icu:" and a zone id, or
/// "posix:" and a rule). An entry whose file's identity has changed is loaded
/// again; formatters made before keep the table they have.
enum ZoneCache {
    private struct Entry {
        let zone: LoadedZone
        let identity: FileIdentity?
    }
    private static let zones = GatedMutex<[String: Entry]>([:])
    /// Zones by the path a formatter named ("<dir>/US/Eastern"), with the
    /// identity of the file that path led to when it was loaded.
    private static let names = GatedMutex<[String: Entry]>([:])

    /// The zone loaded for path `name` if the file it leads to is still the one loaded.
    static func byName(_ name: String, identity: FileIdentity) -> LoadedZone? {
        guard let hit = names.withLock({ $0[name] }), hit.identity == identity else { return nil }
        return hit.zone
    }

    static func remember(_ name: String, identity: FileIdentity, zone: LoadedZone) {
        names.withLock { $0[name] = Entry(zone: zone, identity: identity) }
    }

    static func shared(key: String, identity: FileIdentity? = nil,
                       load: () throws(FeedDateError) -> LoadedZone) throws(FeedDateError) -> LoadedZone {
        if let hit = zones.withLock({ $0[key] }), hit.identity == identity { return hit.zone }
        let zone = try load()
        return zones.withLock { cache in
            if let hit = cache[key], hit.identity == identity { return hit.zone }
            cache[key] = Entry(zone: zone, identity: identity)
            return zone
        }
    }
}

// MARK: - Text of small files

/// A byte of a zone name or version: [A-Za-z0-9._+-].
func isNameByte(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
         UInt8(ascii: "0")...UInt8(ascii: "9"),
         UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
        return true
    default:
        return false
    }
}

func firstLine(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
}

/// `text` without leading and trailing blanks.
func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard let first = text.firstIndex(where: { !isSpace($0) }),
          let last = text.lastIndex(where: { !isSpace($0) }) else { return [] }
    return text[first...last]
}

private func isSpace(_ b: UInt8) -> Bool {
    b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")
}

// MARK: - Files and environment (Glibc)

enum FileReadError: Error {
    case missing, notRegular, tooLarge
    case unreadable(Int32)
}

/// Reads a regular file. Beyond `limit` bytes: the first `limit` bytes when `truncate`,
/// else `.tooLarge`. Never opens anything but a regular file (no FIFOs, devices, folders).
func readFile(atPath path: String, limit: Int, truncate: Bool) -> Result<[UInt8], FileReadError> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(openError(errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard fd >= 0 else { return .failure(openError(errno)) }
    defer { close(fd) }
    // The path may have been swapped since stat(): check what was actually opened.
    guard fstat(fd, &info) == 0 else { return .failure(.unreadable(errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }

    var buffer = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 0), limit) + 1)
    var count = 0
    while true {
        if count == buffer.count {
            if count > limit { break }
            buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, limit + 1 - buffer.count)))
        }
        let n = buffer.withUnsafeMutableBytes { raw in
            read(fd, raw.baseAddress! + count, raw.count - count)
        }
        if n < 0 {
            if errno == EINTR { continue }
            return .failure(.unreadable(errno))
        }
        if n == 0 { break }
        count += n
    }
    if count > limit {
        if !truncate { return .failure(.tooLarge) }
        count = limit
    }
    buffer.removeSubrange(count...)
    return .success(buffer)
}

/// The canonical absolute path (links resolved), or nil if it does not exist.
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

private func openError(_ code: Int32) -> FileReadError {
    code == ENOENT || code == ENOTDIR || code == ENAMETOOLONG || code == ELOOP ? .missing : .unreadable(code)
}

func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
}

/// The target of symbolic link `path`, or nil when it is not one.
func readLink(_ path: String) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { raw in
        readlink(path, raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
    }
    guard n > 0, n < buffer.count else { return nil }
    return Array(buffer[..<n])
}

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
