// The ICU the library runs on and the data its labels come from (SPEC
// section 13): since 1.3 ICU 78.3 with CLDR 48, carried inside the library,
// on every host; the zone rules are the system's tz database.
#if canImport(Glibc)
    import Glibc
#endif
import CICU
import Synchronization

/// The ICU the labels come from and the versions of their data (SPEC 13).
public enum FeedDateICU {
    /// "78.3": the ICU inside the library ("72.1" in a Debian 12 build made
    /// with `make ICU=system`, whose labels follow the system's ICU).
    public static let version: String = {
        var buf = [CChar](repeating: 0, count: 32)
        cicu_icu_version(&buf, Int32(buf.count))
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// Whether the library was built against the system's ICU (`make ICU=system`).
    public static var isSystemICU: Bool { cicu_is_system() != 0 }

    /// "ICU 78.3; CLDR 48.0; tzdata 2025b": what a label depends on besides
    /// feeddate's version. The tzdata version is the zone database's in use
    /// ($TZDIR, else /usr/share/zoneinfo), "tzdata unknown" when it names
    /// none; a build on the system's ICU says "ICU 72.1 (system)". Read once,
    /// when first asked for (`fd_data_version`).
    public static var dataVersion: String { String(cString: dataVersionCString) }

    /// The same as one C string of static storage, for `fd_data_version`.
    /// Made at most once per process, without a lazy global's once (the
    /// CLDR version is read inside the fork gate, and ForkGate.swift's rule
    /// keeps the gate out of lazy initializers): threads that race may each
    /// make it, and the first to publish wins.
    /// When memory runs out it is a static "unknown (out of memory)" text,
    /// and when no descriptor is free to read the zone database's version
    /// one that says so; both published by no one (the next call tries
    /// again, so a process that once ran out never keeps "unknown"), never
    /// a crash.
    package static var dataVersionCString: UnsafePointer<CChar> {
        if let made = published.load(ordering: .acquiring) { return UnsafePointer(made) }
        guard (try? MemoryHeadroom.check(MemoryHeadroom.label, for: "the data version")) != nil else {
            return outOfMemory
        }
        guard let text = describe() else { return outOfDescriptors }
        guard let made = strdup(text) else { return outOfMemory }
        let (stored, winner) = published.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
        if stored { return UnsafePointer(made) }
        free(made)
        return UnsafePointer(winner!)
    }

    /// The published text: every access goes through the atomic, and the
    /// text it points to is never written or freed once published, which the
    /// pointer type cannot say (Swift 6).
    nonisolated(unsafe) private static let published = Atomic<UnsafeMutablePointer<CChar>?>(nil)
    private static var outOfMemory: UnsafePointer<CChar> {
        UnsafeRawPointer(("data version unknown (out of memory)" as StaticString).utf8Start).assumingMemoryBound(
            to: CChar.self)
    }
    private static var outOfDescriptors: UnsafePointer<CChar> {
        UnsafeRawPointer(
            ("data version unknown (no file descriptor or memory free to read the zone database's version)"
                as StaticString)
                .utf8Start
        ).assumingMemoryBound(to: CChar.self)
    }

    /// nil when descriptors or memory ran out before the zone database's version was read.
    private static func describe() -> String? {
        var buf = [CChar](repeating: 0, count: 32)
        let n = Int(cicu_cldr_version(&buf, Int32(buf.count)))
        let cldr = String(decoding: buf.prefix(min(n, buf.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let tzdata: String
        do throws(ZoneError) {
            tzdata = try ZoneDatabase.version(directory: ZoneDatabase.directory) ?? "unknown"
        } catch {
            return nil
        }
        return "ICU \(version)\(isSystemICU ? " (system)" : ""); CLDR \(cldr); tzdata \(tzdata)"
    }
}
