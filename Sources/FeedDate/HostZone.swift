// The host's default zone, used when a formatter names none: $TZ when it names
// a zone of the database, else the zone that /etc/localtime links to, else
// the content of /etc/timezone (DESIGN.md, "Host defaults").

enum HostZone {
    /// The host's default zone id, or nil when the host names none.
    static func id() -> String? {
        id(tz: environment("TZ"), localtime: "/etc/localtime",
           timezoneFile: "/etc/timezone", directory: ZoneDatabase.directory)
    }

    /// `id()` with its inputs spelled out (for tests). `tz` names a zone when,
    /// after a leading ':' is dropped, it is a valid name (or an absolute path
    /// whose part after a "zoneinfo/" component is one) with a regular file in
    /// `directory`. A POSIX rule string in $TZ is not a zone name and is ignored.
    static func id(tz: String?, localtime: String, timezoneFile: String, directory: String) -> String? {
        if var value = tz {
            if value.hasPrefix(":") { value.removeFirst() }
            let name = value.hasPrefix("/") ? nameAfterZoneinfo(Array(value.utf8)) : value
            if let name, ZoneDatabase.isValidName(name), isRegularFile(directory + "/" + name) { return name }
        }
        if let target = readLink(localtime), let name = nameAfterZoneinfo(target), ZoneDatabase.isValidName(name) {
            return name
        }
        if case .success(let bytes) = readFile(atPath: timezoneFile, limit: 512, truncate: true) {
            let name = String(decoding: trimmed(firstLine(bytes)), as: UTF8.self)
            if ZoneDatabase.isValidName(name) { return name }
        }
        return nil
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
}
