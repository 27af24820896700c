// The system's zone database (SPEC section 1): a folder of TZif files named by
// zone id, $TZDIR or else /usr/share/zoneinfo, with its data version in
// tzdata.zi. This file checks zone names, finds and reads zone files safely,
// and keeps the zones loaded so far (ZoneCache.swift); its file calls
// are in Support/Files.swift.
//
// A loaded zone is cached with the version string of the database it was read
// from, so a formatter reports the data its labels really use, however long
// the process runs. The cache is keyed by the resolved file, so links such as
// Brazil/East and America/Sao_Paulo share one table.

#if canImport(FeedDateWire)
    import FeedDateWire // LogSafe (the fuzz build compiles it into this module)
#endif
import CICU
import CSystem
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
    /// The folder or file could not be opened or read for want of
    /// descriptors or memory (EMFILE, ENFILE, ENOMEM: `isShortage`). Says
    /// nothing about the zone: never read as "not found".
    case exhausted(Int32)
}

/// What looking a zone up in the database found.
enum ZoneLookup {
    case found(LoadedZone)
    /// No regular file of the database by that name.
    case absent
    /// Not known: the process or system had no descriptor or memory to spare.
    case exhausted(Int32)
}

/// A zone's transition table and the data it was made from ("tzdata 2025b",
/// or "posix" for a POSIX TZ string), read together.
struct LoadedZone: Sendable {
    let table: TransitionTable
    let source: String
}

enum ZoneDatabase {
    /// TZif files larger than this are refused (real ones are below 10 KB).
    static let maxFileSize = 1 << 22
    /// Where zones are looked up when $TZDIR is not set.
    static let systemDirectory = "/usr/share/zoneinfo"

    /// $TZDIR as it was when the zone layer was first used, read once (SPEC
    /// section 1, 1.2): no later call reads the environment, which another
    /// thread may be changing (glibc's getenv beside setenv can crash).
    private static let configured: String? = environment("TZDIR").flatMap { $0.isEmpty ? nil : $0 }
    /// A folder tests use instead (`withDirectory`); nil otherwise.
    private static let substitute = GatedMutex<String?>(nil)

    /// The database folder: $TZDIR when it was set and non-empty, else /usr/share/zoneinfo.
    static var directory: String { substitute.withLock { $0 } ?? configured ?? systemDirectory }

    /// How messages name the folder: "$TZDIR (/opt/zones)" or
    /// "/usr/share/zoneinfo", quoted as every value is (LogSafe, without
    /// marks; paths cut at 256 bytes as in `corrupt`).
    static var directoryName: String {
        let dir = directory
        let quoted = LogSafe.quote(dir, limit: 256, marks: false)
        return configured == dir ? "$TZDIR (\(quoted))" : quoted
    }

    /// Runs `body` with zones looked up in `dir` (for tests: a process reads $TZDIR once).
    package static func withDirectory<T, E: Error>(_ dir: String, _ body: () throws(E) -> T) throws(E) -> T {
        let saved = substitute.withLock { s in
            defer { s = dir }; return s
        }
        defer { substitute.withLock { $0 = saved } }
        return try body()
    }

    /// A descriptor of the database folder; `.notFound` when there is none,
    /// `.exhausted` when it could not be opened for want of descriptors or memory.
    static func openFolder(_ directory: String) -> Result<Int32, ZoneError> {
        let fd = csys_open_folder(directory)
        if fd >= 0 { return .success(fd) }
        return .failure(isShortage(errno) ? .exhausted(errno) : .notFound)
    }

    /// EMFILE, ENFILE and ENOMEM: the process or the system ran out of
    /// descriptors or memory, which says nothing about the file.
    static func isShortage(_ code: Int32) -> Bool {
        code == EMFILE || code == ENFILE || code == ENOMEM
    }

    /// The error for a zone the database could not be asked about for want
    /// of descriptors (FD_ERR_TIME_ZONE) or memory (FD_ERR_MEMORY). `what`
    /// names the zone as the caller gave it (already quoted).
    /// `place` says what could not be done (default: looked up in the database).
    static func shortage(_ code: Int32, what: String, place: String? = nil) -> FeedDateError {
        let place = place ?? "could not be looked up in \(directoryName)"
        let names = "UTC, Etc/UTC, GMT and POSIX TZ strings like \"CST-8\" need no descriptor"
        switch code {
        case ENOMEM:
            return .memory(
                "out of memory: \(what) \(place): the kernel could not open its file (ENOMEM); free memory and try again"
            )
        case ENFILE:
            return .timeZone(
                "\(what) \(place): the system has no file descriptor free (ENFILE, too many open files in the system); "
                    + "close files or raise the system's limit (fs.file-max) and try again; \(names)")
        default:
            return .timeZone(
                "\(what) \(place): the process has no file descriptor free (EMFILE, too many open files); "
                    + "close descriptors or raise the limit (ulimit -n, RLIMIT_NOFILE) and try again; \(names)")
        }
    }

    /// Whether the database folder may hold an entry named `id`: false only
    /// when lstat of its path says there is none (ENOENT, ENOTDIR). Needs no
    /// descriptor; for deciding, out of descriptors, that an id cannot be a
    /// zone file of the database. A name that is no valid zone name has none.
    static func hasEntry(_ id: String, directory: String) -> Bool {
        guard isValidName(id) else { return false }
        var info = stat()
        guard lstat(directory + "/" + id, &info) != 0 else { return true }
        return !(errno == ENOENT || errno == ENOTDIR)
    }

    /// Whether the folder holds a zone database at all (for the message of a
    /// zone not found there): its version file or UTC zone, else any entry.
    static func looksLikeDatabase(_ folder: Int32) -> Bool {
        let marked = ["tzdata.zi", "+VERSION", "UTC", "Etc/UTC", "zone1970.tab"].contains { name in
            var info = stat()
            return fstatat(folder, name, &info, 0) == 0
        }
        if marked { return true }
        let fd = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0, let listing = fdopendir(fd) else {
            if fd >= 0 { close(fd) }
            return false
        }
        defer { closedir(listing) }
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { return true }
        }
        return false
    }

    /// Zone `id` of the database whose folder is open as `folder` (its path
    /// `directory`, for messages), shared by every formatter of that zone
    /// file. The file is found by name below the folder, links followed only
    /// while they stay inside it (csys_find_beneath), and known by the
    /// device, inode, size and change time of what was found (fstat on its
    /// O_PATH descriptor; it is opened for reading only to be loaded): a tzdata upgrade or an edit in place gives new formatters
    /// the new rules (existing ones keep theirs: they are immutable), and the
    /// version reported is the one read with the table. A name that is no
    /// regular file of the database is `.absent`; one that could not be
    /// looked up or read for want of descriptors or memory `.exhausted`
    /// (nothing is cached then); a zone file that cannot be read or parsed
    /// is an error naming its path.
    static func shared(id: String, folder: Int32, directory: String) throws(FeedDateError) -> ZoneLookup {
        // An O_PATH descriptor: its fstat tells a cached file from a changed
        // one without opening it for reading; the file is opened only to be
        // read, and both are closed before the version file is read, so a
        // lookup never holds more than three descriptors (folder, these two).
        let found: Int32
        switch find(id, in: folder) {
        case .success(let descriptor): found = descriptor
        case .failure(.badName), .failure(.notFound): return .absent
        case .failure(.exhausted(let code)): return .exhausted(code)
        case .failure(let error): throw corrupt(id, path: directory + "/" + id, error)
        }
        var held = found
        defer { if held >= 0 { close(held) } }
        var info = stat()
        guard fstat(found, &info) == 0 else {
            throw corrupt(id, path: directory + "/" + id, .unreadable(String(cString: strerror(errno))))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return .absent }
        let identity = FileIdentity(info)
        do throws(ZoneError) {
            return .found(
                try ZoneCache.shared(key: identity.key, identity: identity) { () throws(ZoneError) in
                    let fd = csys_reopen_beneath(found, folder, id)
                    guard fd >= 0 else { throw openFailure(errno) }
                    close(found)
                    held = -1
                    let tzif = Result { () throws(ZoneError) in try read(fd) }
                    close(fd)
                    let table = TransitionTable(tzif: try tzif.get())
                    return LoadedZone(
                        table: table, source: "tzdata " + (try version(folder: folder) ?? "(unknown version)"))
                })
        } catch {
            if case .exhausted(let code) = error { return .exhausted(code) }
            throw corrupt(id, path: directory + "/" + id, error)
        }
    }

    private static func corrupt(_ id: String, path: String, _ error: ZoneError) -> FeedDateError {
        let why: String
        switch error {
        case .invalidData(let text), .unreadable(let text): why = text
        case .badName, .notFound: why = "not found"
        case .exhausted(let code): why = String(cString: strerror(code))
        }
        return .timeZone(
            "time zone \(LogSafe.quote(id)): its file \(LogSafe.quote(path, limit: 256)) is corrupt or unreadable (\(why))"
        )
    }

    /// The error for a name that is not a zone of the database in `folder`.
    /// An old name the database lacks (Debian 13 moved "US/Eastern" and the
    /// rest of tzdata's `backward` file to tzdata-legacy) gets a "did you
    /// mean" for the zone that replaced it, from ICU's alias table (a name
    /// only: ICU's rules are never used), when the database has that zone.
    static func unknownZone(_ id: String, folder: Int32?) -> FeedDateError {
        let quoted = LogSafe.quote(id)
        if let folder, isValidName(id),
            let current = try? icuString("ucal_getCanonicalTimeZoneID", { cicu_zone_canonical_id(id, $0, $1, $2) }),
            current != id, case .success(let fd) = find(current, in: folder)
        {
            close(fd)
            return .timeZone(
                "unknown time zone \(quoted): did you mean \(LogSafe.quote(current))? \(quoted) is its old name, "
                    + "which \(directoryName) does not have (Debian keeps the old names in the package tzdata-legacy)")
        }
        return .unknownZone(quoted)
    }

    /// Zone `id` of the database in `directory`, read afresh (not cached).
    static func load(id: String, directory: String) throws(ZoneError) -> TransitionTable {
        let folder = try openFolder(directory).get()
        defer { close(folder) }
        let fd = try open(id, in: folder).get()
        defer { close(fd) }
        return TransitionTable(tzif: try read(fd))
    }

    /// Opens zone `id`'s file below `folder`. `id` is a NAME, not a path (see
    /// `isValidName`), else `.badName`. Links inside the database are followed
    /// (US/Eastern -> ../America/New_York); one leading out of it is
    /// `.notFound`, as are a missing file and anything but a regular file
    /// (which is never opened for reading: csys_open_beneath). No descriptor
    /// or memory to spare is `.exhausted`, never `.notFound`.
    static func open(_ id: String, in folder: Int32) -> Result<Int32, ZoneError> {
        guard isValidName(id) else { return .failure(.badName) }
        let fd = csys_open_beneath(folder, id)
        return fd >= 0 ? .success(fd) : .failure(openFailure(errno))
    }

    /// `open` without opening for reading: an O_PATH descriptor of the
    /// regular file (csys_find_beneath), for its identity.
    static func find(_ id: String, in folder: Int32) -> Result<Int32, ZoneError> {
        guard isValidName(id) else { return .failure(.badName) }
        let fd = csys_find_beneath(folder, id)
        return fd >= 0 ? .success(fd) : .failure(openFailure(errno))
    }

    private static func openFailure(_ code: Int32) -> ZoneError {
        switch code {
        case ENOENT, ENOTDIR, EXDEV, ELOOP, ENAMETOOLONG, EISDIR, ENXIO, ENODEV:
            return .notFound
        case EMFILE, ENFILE, ENOMEM:
            return .exhausted(code)
        default:
            return .unreadable("cannot open: \(String(cString: strerror(code)))")
        }
    }

    /// Reads and parses the zone file open as `fd` (a regular file only).
    static func read(_ fd: Int32) throws(ZoneError) -> TZif {
        switch readFile(fd, limit: maxFileSize, truncate: false) {
        case .success(let bytes):
            return try TZif(bytes)
        case .failure(.missing), .failure(.notRegular):
            throw ZoneError.notFound
        case .failure(.tooLarge):
            throw ZoneError.invalidData("file larger than \(maxFileSize) bytes")
        case .failure(.unreadable(let code)) where isShortage(code):
            throw ZoneError.exhausted(code)
        case .failure(.unreadable(let code)):
            throw ZoneError.unreadable("cannot read: \(String(cString: strerror(code)))")
        }
    }

    /// The version of the database in `directory`; nil when it names none;
    /// `.exhausted` when the folder or its files could not be opened or read
    /// for want of descriptors or memory (a reader must not keep "unknown").
    static func version(directory: String) throws(ZoneError) -> String? {
        let folder: Int32
        switch openFolder(directory) {
        case .success(let opened): folder = opened
        case .failure(.exhausted(let code)): throw .exhausted(code)
        case .failure: return nil
        }
        defer { close(folder) }
        return try version(folder: folder)
    }

    /// "2025b" from the folder's tzdata.zi first line "# version 2025b", or
    /// from its +VERSION; nil when absent. `.exhausted` when a file could not
    /// be opened or read for want of descriptors or memory: a zone loaded
    /// then would be cached with no version for the life of the process.
    static func version(folder: Int32) throws(ZoneError) -> String? {
        func head(_ name: String) throws(ZoneError) -> [UInt8]? {
            let fd: Int32
            switch open(name, in: folder) {
            case .success(let opened): fd = opened
            case .failure(.exhausted(let code)): throw .exhausted(code)
            case .failure: return nil
            }
            defer { close(fd) }
            switch readFile(fd, limit: 256, truncate: true) {
            case .success(let bytes): return bytes
            case .failure(.unreadable(let code)) where isShortage(code): throw .exhausted(code)
            case .failure: return nil
            }
        }
        if let text = try head("tzdata.zi") {
            let line = firstLine(text)
            let prefix = Array("# version ".utf8)
            if line.starts(with: prefix), let version = versionToken(line.dropFirst(prefix.count)) {
                return version
            }
        }
        if let bytes = try head("+VERSION") {
            return versionToken(firstLine(bytes))
        }
        return nil
    }

    /// Zone-name syntax: components of [A-Za-z0-9._+-] separated by single '/', none of them
    /// "." or "..", no leading or trailing '/', 1 ... 255 bytes.
    static func isValidName(_ id: String) -> Bool {
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        var length = 0 // of the current component
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
