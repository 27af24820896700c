// The host's default zone, used when a formatter names none (SPEC section 1):
// $TZ when set — a zone id, the same with a leading ':', an absolute path to
// a file inside the zone database (":/etc/localtime"), an empty value meaning
// UTC (as glibc reads it), or a POSIX TZ string ("CST-8") — else the zone
// that /etc/localtime links to, else the content of /etc/timezone, else UTC.
// A $TZ that is none of these is an error naming it, never UTC in silence.

#if canImport(FeedDateWire)
    import FeedDateWire // LogSafe (the fuzz build compiles it into this module)
#endif
enum HostZone {
    /// Where the host's zone comes from, and the id or rule to resolve.
    enum Choice: Equatable {
        /// $TZ, without a leading ':' (a zone id or a POSIX TZ string).
        case tz(String)
        /// A zone id named by /etc/localtime or /etc/timezone, or "UTC".
        case host(String)
    }

    static func choice() throws(FeedDateError) -> Choice {
        try choice(
            tz: environment("TZ"), localtime: "/etc/localtime",
            timezoneFile: "/etc/timezone", directory: ZoneDatabase.directory)
    }

    /// `choice()` with its inputs spelled out (for tests).
    static func choice(
        tz: String?, localtime: String, timezoneFile: String,
        directory: String
    ) throws(FeedDateError) -> Choice {
        guard var value = tz else {
            return .host(try id(localtime: localtime, timezoneFile: timezoneFile) ?? "UTC")
        }
        if value.hasPrefix(":") { value.removeFirst() }
        if value.isEmpty { return .tz("UTC") }
        guard value.hasPrefix("/") else { return .tz(value) }
        // A path: a file of the zone database, by its name there.
        if value == localtime, let name = try id(localtime: localtime, timezoneFile: timezoneFile) { return .tz(name) }
        if let file = realPath(value), let base = realPath(directory), file.hasPrefix(base + "/") {
            let name = String(file.dropFirst(base.count + 1))
            if ZoneDatabase.isValidName(name), isRegularFile(file) { return .tz(name) }
        }
        throw .timeZone(
            "TZ=\(LogSafe.quote(tz!, marks: false)) is not a zone: the path is not a file of the zone database \(LogSafe.quote(directory, limit: 256, marks: false)); "
                + "set TZ to an IANA id like \"Asia/Shanghai\", a POSIX TZ string like \"CST-8\", or unset it")
    }

    /// The zone /etc/localtime links to, else the one /etc/timezone names;
    /// nil when neither names one. An /etc/timezone that could not be read
    /// for want of descriptors or memory is an error, never UTC.
    static func id(localtime: String, timezoneFile: String) throws(FeedDateError) -> String? {
        if let target = readLink(localtime), let name = nameAfterZoneinfo(target), ZoneDatabase.isValidName(name) {
            return name
        }
        switch readFile(atPath: timezoneFile, limit: 512, truncate: true) {
        case .success(let bytes):
            let name = String(decoding: trimmed(firstLine(bytes)), as: UTF8.self)
            if ZoneDatabase.isValidName(name) { return name }
        case .failure(.unreadable(let code)) where ZoneDatabase.isShortage(code):
            throw ZoneDatabase.shortage(
                code, what: "the host's zone",
                place: "could not be read from \(LogSafe.quote(timezoneFile, limit: 256))")
        case .failure:
            break
        }
        return nil
    }

    /// The part of `path` after its last "zoneinfo/" component, if any.
    private static func nameAfterZoneinfo(_ path: [UInt8]) -> String? {
        let marker = Array("zoneinfo/".utf8)
        guard path.count > marker.count else { return nil }
        for start in stride(from: path.count - marker.count - 1, through: 0, by: -1)
        where (start == 0 || path[start - 1] == UInt8(ascii: "/"))
            && path[start..<start + marker.count].elementsEqual(marker)
        {
            return String(decoding: path[(start + marker.count)...], as: UTF8.self)
        }
        return nil
    }
}
