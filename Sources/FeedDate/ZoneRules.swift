// Time-zone rules read from the system's tz database: TZif files (RFC 8536)
// under $TZDIR, else /usr/share/zoneinfo (SPEC section 1).
//
// A zone is reduced to what labels need: its UT offset as a function of the
// instant. Stored transitions become one sorted array of offset changes (binary
// search); instants after the last stored transition follow the file's POSIX TZ
// footer, evaluated per year without allocation (PosixTZ.swift). Before the
// first transition, time type 0 (usually local mean time) applies.
//
// Pure Swift on Glibc: no Foundation. Hostile files throw `.invalidData`; no
// input, and no instant in the whole Int64 range, makes anything here trap.

import Glibc

/// Why a zone could not be loaded.
enum ZoneError: Error, Equatable {
    /// The id is not a well-formed zone name (see `ZoneRules.load`).
    case badName
    /// No regular file for the id in the database folder.
    case notFound
    /// The file is not valid TZif (or could not be read); the text says why.
    case invalidData(String)
}

/// The UT-offset rules of one time zone. Immutable and cheap to copy.
struct ZoneRules: Sendable {
    /// Instants (ms) at which the offset changes, strictly ascending; only real changes.
    private let changeTimes: [Int64]
    /// `changeOffsets[i]` (seconds east of UT) is in force from `changeTimes[i]`.
    private let changeOffsets: [Int32]
    /// The offset before the first change (time type 0, e.g. local mean time).
    private let initialOffset: Int32
    /// Rules for instants at or after `footerStart`; nil when the file has none.
    private let footer: PosixTZ?
    /// The last stored transition (ms); Int64.min when the footer governs everything,
    /// Int64.max when there is no footer.
    private let footerStart: Int64

    /// Largest |UT offset| in seconds that a zone can have: TZif types are limited
    /// to -89999 ... 93599 (RFC 8536 section 3.2), footer offsets to ±24:59:59.
    static let maxOffsetMagnitude: Int64 = 93_600

    /// `nextOffsetChange` looks no further than this: the end of the supported
    /// range (9999-12-31T23:59:59.999Z) plus two days.
    static let changeSearchLimit: Int64 = 253_402_300_799_999 + 2 * 86_400_000

    /// TZif files larger than this are refused (real ones are below 10 KB).
    static let maxFileSize = 1 << 22

    // MARK: Loading

    /// Parses TZif bytes (v1, v2, v3, v4). Uses the 64-bit block when present, and the footer.
    /// Hostile input (huge counts, truncation, bad indices, bad footer) throws .invalidData, never traps.
    init(tzif bytes: [UInt8]) throws(ZoneError) {
        var reader = ByteReader(bytes: bytes)
        let first = try TZifHeader(&reader)
        let block: TZifBlock
        var footer: PosixTZ?
        if first.version == 0 {
            block = try TZifBlock(&reader, first, timeSize: 4)
        } else {
            try reader.skip(first.dataLength(timeSize: 4), "version 1 data block")
            let second = try TZifHeader(&reader)
            guard second.version == first.version else {
                throw ZoneError.invalidData("second header's version differs from the first")
            }
            block = try TZifBlock(&reader, second, timeSize: 8)
            let text = try reader.footer()
            footer = text.isEmpty ? nil : try PosixTZ(parsing: text)
        }

        // Convert to ms and keep only the transitions that change the offset.
        // Times that do not fit in Int64 ms are outside every instant we accept:
        // too early ones merely set the initial type, too late ones never happen.
        var initial = block.offsets[0]
        var times: [Int64] = []
        var offsets: [Int32] = []
        times.reserveCapacity(block.times.count)
        offsets.reserveCapacity(block.times.count)
        var current = initial
        var lastTransition: Int64?      // ms of the last transition that fits, if any
        var droppedLate = false
        for (seconds, typeIndex) in zip(block.times, block.typeIndices) {
            let offset = block.offsets[Int(typeIndex)]
            let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            if overflow {
                if seconds > 0 {
                    droppedLate = true
                    break
                }
                initial = offset
                lastTransition = Int64.min
            } else {
                if offset != current {
                    times.append(ms)
                    offsets.append(offset)
                }
                lastTransition = ms
            }
            current = offset
        }
        changeTimes = times
        changeOffsets = offsets
        initialOffset = initial
        if let footer, !droppedLate {
            self.footer = footer
            footerStart = lastTransition ?? Int64.min
        } else {
            self.footer = nil
            footerStart = Int64.max
        }
    }

    /// Loads zone `id` from `directory`. `id` is a NAME, not a path: only [A-Za-z0-9._+-] components
    /// separated by single '/', no "." or ".." component, no leading '/', at most 255 bytes; else .badName.
    /// Missing file or directory -> .notFound. Must be a regular file (no directories, devices).
    static func load(id: String, directory: String) throws(ZoneError) -> ZoneRules {
        guard isValidName(id) else { throw ZoneError.badName }
        // Links inside the database are fine (US/Eastern -> ../America/New_York);
        // a link that leads outside it is not followed, not even opened.
        guard let base = realPath(directory), let file = realPath(directory + "/" + id),
              file.hasPrefix(base == "/" ? "/" : base + "/")
        else { throw ZoneError.notFound }
        switch readFile(atPath: file, limit: maxFileSize, truncate: false) {
        case .success(let bytes):
            return try ZoneRules(tzif: bytes)
        case .failure(.missing), .failure(.notRegular):
            throw ZoneError.notFound
        case .failure(.tooLarge):
            throw ZoneError.invalidData("file larger than \(maxFileSize) bytes")
        case .failure(.unreadable(let code)):
            throw ZoneError.invalidData("cannot read: \(String(cString: strerror(code)))")
        }
    }

    /// The zone database folder: $TZDIR when set and non-empty, else "/usr/share/zoneinfo".
    static var databaseDirectory: String {
        if let dir = environment("TZDIR"), !dir.isEmpty { return dir }
        return "/usr/share/zoneinfo"
    }

    /// "2025b" from `<dir>/tzdata.zi` first line "# version 2025b", or from `<dir>/+VERSION`; nil when absent.
    static func databaseVersion(directory: String) -> String? {
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

    /// The host's default zone id: $TZ when it names a zone (strip a leading ':'), else the target of the
    /// /etc/localtime symlink relative to a "zoneinfo/" component, else /etc/timezone's content, else nil.
    static func hostDefaultID() -> String? {
        hostDefaultID(tz: environment("TZ"), localtime: "/etc/localtime",
                      timezoneFile: "/etc/timezone", directory: databaseDirectory)
    }

    /// `hostDefaultID()` with its inputs spelled out (for tests). `tz` names a zone when,
    /// after a leading ':' is dropped, it is a valid name (or an absolute path whose part
    /// after a "zoneinfo/" component is one) with a regular file in `directory`.
    static func hostDefaultID(tz: String?, localtime: String, timezoneFile: String, directory: String) -> String? {
        if var value = tz {
            if value.hasPrefix(":") { value.removeFirst() }
            let name = value.hasPrefix("/") ? nameAfterZoneinfo(Array(value.utf8)) : value
            if let name, isValidName(name), isRegularFile(directory + "/" + name) { return name }
        }
        if let target = readLink(localtime), let name = nameAfterZoneinfo(target), isValidName(name) {
            return name
        }
        if case .success(let bytes) = readFile(atPath: timezoneFile, limit: 512, truncate: true) {
            let name = String(decoding: trimmed(firstLine(bytes)), as: UTF8.self)
            if isValidName(name) { return name }
        }
        return nil
    }

    // MARK: Queries

    /// UTC offset in SECONDS in force at instant `ms` (milliseconds since the epoch, any Int64 in
    /// -62135596800000 ... 253402300799999 at least; must not trap anywhere in Int64).
    @inline(__always)
    func offsetSeconds(at ms: Int64) -> Int32 {
        if ms >= footerStart, let footer {
            return footer.offset(atSeconds: floorDiv(ms, 1000))
        }
        return storedOffset(at: ms)
    }

    /// The first instant > ms at which the offset changes (transitions that do not change the
    /// offset are skipped), or nil if none up to 253402300799999 + 2 days.
    func nextOffsetChange(after ms: Int64) -> Int64? {
        guard ms < Self.changeSearchLimit else { return nil }
        var from = ms
        if ms < footerStart {
            let index = firstChangeIndex(after: ms)
            if index < changeTimes.count, changeTimes[index] < footerStart {
                return Self.withinLimit(changeTimes[index])
            }
            guard let footer else { return nil }
            // Stored data hands over to the footer at footerStart (> ms).
            if footer.offset(atSeconds: floorDiv(footerStart, 1000)) != storedOffset(at: footerStart - 1) {
                return Self.withinLimit(footerStart)
            }
            from = footerStart
        }
        guard let footer, footer.daylight?.changes == true else { return nil }
        // Footer transitions fall on whole seconds: t * 1000 > from  <=>  t > floor(from / 1000).
        var seconds = floorDiv(from, 1000)
        let limitSeconds = Self.changeSearchLimit / 1000
        while let t = footer.nextTransition(afterSeconds: seconds), t <= limitSeconds {
            if footer.offset(atSeconds: t) != footer.offset(atSeconds: t - 1) {
                return Self.withinLimit(t * 1000)
            }
            seconds = t
        }
        return nil
    }

    /// Wall-clock time (ms since 1970-01-01T00:00 local, i.e. instant + offset) to instant.
    /// A wall time in a gap moves forward by the gap (result = wall - offsetBefore, landing after the
    /// transition); a repeated wall time resolves to its FIRST occurrence (the earlier instant).
    func instant(fromWall wall: Int64) -> Int64 {
        instantFromWall(wall, offsetMs: { Int64(offsetSeconds(at: $0)) * 1000 }, nextOffsetChange: nextOffsetChange(after:))
    }

    // MARK: Internals

    /// The offset from the stored transitions (ignoring the footer).
    @inline(__always)
    private func storedOffset(at ms: Int64) -> Int32 {
        let index = firstChangeIndex(after: ms)
        return index == 0 ? initialOffset : changeOffsets[index - 1]
    }

    /// Index of the first stored change strictly after `ms` (= number of changes at or before it).
    @inline(__always)
    private func firstChangeIndex(after ms: Int64) -> Int {
        changeTimes.withUnsafeBufferPointer { times in
            var low = 0
            var high = times.count
            while low < high {
                let mid = (low + high) >> 1
                if times[mid] <= ms { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    private static func withinLimit(_ ms: Int64) -> Int64? {
        ms <= changeSearchLimit ? ms : nil
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

    private static func isNameByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// The part of `path` after its last "zoneinfo/" component, if any.
    private static func nameAfterZoneinfo(_ path: [UInt8]) -> String? {
        let marker = Array("zoneinfo/".utf8)
        guard path.count > marker.count else { return nil }
        for start in stride(from: path.count - marker.count - 1, through: 0, by: -1)
        where (start == 0 || path[start - 1] == UInt8(ascii: "/")) && path[start ..< start + marker.count].elementsEqual(marker) {
            return String(decoding: path[(start + marker.count)...], as: UTF8.self)
        }
        return nil
    }

    private static func firstLine(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
    }

    /// A version such as "2025b": 1 ... 32 bytes of [A-Za-z0-9._+-], surrounding blanks ignored.
    private static func versionToken(_ text: ArraySlice<UInt8>) -> String? {
        let token = trimmed(text)
        guard !token.isEmpty, token.count <= 32, token.allSatisfy(isNameByte) else { return nil }
        return String(decoding: token, as: UTF8.self)
    }

    /// `text` without leading and trailing blanks.
    private static func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) }) else { return [] }
        return text[first...last]
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")
    }
}

// MARK: - TZif structure (RFC 8536 section 3)

/// The 44-byte TZif header.
private struct TZifHeader {
    /// 0 for version 1, else the ASCII digit ('2', '3', '4', ...).
    let version: UInt8
    let isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt: Int

    init(_ reader: inout ByteReader) throws(ZoneError) {
        guard reader.remaining >= 44 else { throw ZoneError.invalidData("truncated header") }
        guard try reader.bytes(4).elementsEqual("TZif".utf8) else {
            throw ZoneError.invalidData("not a TZif file")
        }
        version = try reader.u8()
        guard version == 0 || version >= UInt8(ascii: "2") else {
            throw ZoneError.invalidData("unknown TZif version")
        }
        try reader.skip(15, "header")
        isutcnt = Int(try reader.u32())
        isstdcnt = Int(try reader.u32())
        leapcnt = Int(try reader.u32())
        timecnt = Int(try reader.u32())
        typecnt = Int(try reader.u32())
        charcnt = Int(try reader.u32())
    }

    /// Bytes of the data block that follows (counts are < 2^32, so no overflow in Int).
    func dataLength(timeSize: Int) -> Int {
        timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
    }
}

/// The validated content of one TZif data block.
private struct TZifBlock {
    /// Transition times in POSIX seconds (leap seconds removed), strictly ascending.
    let times: [Int64]
    let typeIndices: [UInt8]
    /// UT offset (seconds) of each local time type; never empty.
    let offsets: [Int32]

    init(_ reader: inout ByteReader, _ header: TZifHeader, timeSize: Int) throws(ZoneError) {
        // Check the whole block is present before allocating anything for it.
        guard header.dataLength(timeSize: timeSize) <= reader.remaining else {
            throw ZoneError.invalidData("truncated data block")
        }
        guard header.typecnt >= 1 else { throw ZoneError.invalidData("no local time types") }
        guard header.charcnt >= 1 else { throw ZoneError.invalidData("no time zone designations") }
        guard header.isstdcnt == 0 || header.isstdcnt == header.typecnt,
              header.isutcnt == 0 || header.isutcnt == header.typecnt else {
            throw ZoneError.invalidData("indicator counts differ from the type count")
        }

        var times: [Int64] = []
        times.reserveCapacity(header.timecnt)
        for _ in 0 ..< header.timecnt {
            let t = try reader.time(size: timeSize)
            if let last = times.last, t <= last {
                throw ZoneError.invalidData("transition times not ascending")
            }
            times.append(t)
        }
        var indices: [UInt8] = []
        indices.reserveCapacity(header.timecnt)
        for _ in 0 ..< header.timecnt {
            let index = try reader.u8()
            guard Int(index) < header.typecnt else { throw ZoneError.invalidData("bad local time type index") }
            indices.append(index)
        }
        var offsets: [Int32] = []
        offsets.reserveCapacity(header.typecnt)
        for _ in 0 ..< header.typecnt {
            let utoff = Int32(bitPattern: try reader.u32())
            let isdst = try reader.u8()
            let designation = try reader.u8()
            guard utoff >= -89_999, utoff <= 93_599 else { throw ZoneError.invalidData("UT offset out of range") }
            guard isdst <= 1 else { throw ZoneError.invalidData("bad DST flag") }
            guard Int(designation) < header.charcnt else { throw ZoneError.invalidData("bad designation index") }
            offsets.append(utoff)
        }
        try reader.skip(header.charcnt, "designations")

        // Leap-second records ("right/" zones): the times above then count leap
        // seconds; subtract the correction in force to get POSIX time.
        var leaps: [(occurrence: Int64, correction: Int64)] = []
        leaps.reserveCapacity(header.leapcnt)
        for _ in 0 ..< header.leapcnt {
            let occurrence = try reader.time(size: timeSize)
            let correction = Int64(Int32(bitPattern: try reader.u32()))
            if let last = leaps.last, occurrence <= last.occurrence {
                throw ZoneError.invalidData("leap second records not ascending")
            }
            guard abs(correction) <= 1_000_000 else { throw ZoneError.invalidData("leap second correction out of range") }
            leaps.append((occurrence, correction))
        }
        var isstd: [UInt8] = []
        for _ in 0 ..< header.isstdcnt { isstd.append(try reader.u8()) }
        for i in 0 ..< header.isutcnt {
            let isut = try reader.u8()
            guard isut <= 1, isstd.isEmpty || isstd[i] <= 1, isut == 0 || (!isstd.isEmpty && isstd[i] == 1) else {
                throw ZoneError.invalidData("bad standard/UT indicator")
            }
        }
        guard isstd.allSatisfy({ $0 <= 1 }) else { throw ZoneError.invalidData("bad standard/wall indicator") }

        if !leaps.isEmpty {
            var leapIndex = 0
            var correction: Int64 = 0
            for i in times.indices {
                while leapIndex < leaps.count, leaps[leapIndex].occurrence <= times[i] {
                    correction = leaps[leapIndex].correction
                    leapIndex += 1
                }
                let (posix, overflow) = times[i].subtractingReportingOverflow(correction)
                guard !overflow, i == 0 || posix > times[i - 1] else {
                    throw ZoneError.invalidData("transition times not ascending")
                }
                times[i] = posix
            }
        }
        self.times = times
        self.typeIndices = indices
        self.offsets = offsets
    }
}

/// A bounds-checked big-endian reader; every read throws `.invalidData` past the end.
private struct ByteReader {
    let data: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { data = bytes }

    var remaining: Int { data.count - position }

    mutating func bytes(_ count: Int) throws(ZoneError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw ZoneError.invalidData("truncated file") }
        defer { position += count }
        return data[position ..< position + count]
    }

    mutating func skip(_ count: Int, _ what: String) throws(ZoneError) {
        guard count >= 0, count <= remaining else { throw ZoneError.invalidData("truncated \(what)") }
        position += count
    }

    mutating func u8() throws(ZoneError) -> UInt8 {
        try bytes(1).first!
    }

    mutating func u32() throws(ZoneError) -> UInt32 {
        try bytes(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A signed big-endian time of 4 or 8 bytes.
    mutating func time(size: Int) throws(ZoneError) -> Int64 {
        if size == 4 { return Int64(Int32(bitPattern: try u32())) }
        return Int64(bitPattern: try bytes(8).reduce(0) { $0 << 8 | UInt64($1) })
    }

    /// The footer "\n<TZ string>\n" (RFC 8536 section 3.3); returns the TZ string.
    mutating func footer() throws(ZoneError) -> ArraySlice<UInt8> {
        guard remaining >= 1, data[position] == UInt8(ascii: "\n") else {
            throw ZoneError.invalidData("missing footer")
        }
        let start = position + 1
        guard let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw ZoneError.invalidData("unterminated footer")
        }
        position = end + 1
        return data[start ..< end]
    }
}

// MARK: - Files and environment (Glibc)

private enum FileReadError: Error {
    case missing, notRegular, tooLarge
    case unreadable(Int32)
}

/// Reads a regular file. Beyond `limit` bytes: the first `limit` bytes when `truncate`,
/// else `.tooLarge`. Never opens anything but a regular file (no FIFOs, devices, folders).
private func readFile(atPath path: String, limit: Int, truncate: Bool) -> Result<[UInt8], FileReadError> {
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
private func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

private func openError(_ code: Int32) -> FileReadError {
    code == ENOENT || code == ENOTDIR || code == ENAMETOOLONG || code == ELOOP ? .missing : .unreadable(code)
}

private func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
}

/// The target of symbolic link `path`, or nil when it is not one.
private func readLink(_ path: String) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { raw in
        readlink(path, raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
    }
    guard n > 0, n < buffer.count else { return nil }
    return Array(buffer[..<n])
}

private func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

extension Int64 {
    /// self - other, clamped to Int64's range instead of trapping.
    func subtractingSaturating(_ other: Int64) -> Int64 {
        let (result, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return result }
        return other > 0 ? .min : .max
    }
}
