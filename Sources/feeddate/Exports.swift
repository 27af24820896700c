// The C ABI of libfeeddate.so.1 (include/feeddate.h): thin @_cdecl exports
// over the FeedDate module, taking exactly the C types of the header.
import CFeedDateABI
import FeedDate
import Glibc

/// What an fd_formatter* points at: the Swift formatter and the C strings
/// handed out for it (valid until fd_formatter_free).
private final class Handle {
    let formatter: FeedDateFormatter
    let locale: UnsafeMutablePointer<CChar>
    let timeZone: UnsafeMutablePointer<CChar>
    let tzSource: UnsafeMutablePointer<CChar>
    init(_ f: FeedDateFormatter) {
        formatter = f
        locale = strdup(f.locale)
        timeZone = strdup(f.timeZone)
        tzSource = strdup(f.tzSource)
    }
    deinit {
        free(locale)
        free(timeZone)
        free(tzSource)
    }
    static func from(_ p: OpaquePointer?) -> Handle? {
        p.map { Unmanaged<Handle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    /// Runs body with the formatter behind p without retaining it: threads
    /// sharing a formatter must not contend for its reference count.
    @inline(__always)
    static func with(_ p: OpaquePointer?, _ body: (FeedDateFormatter) -> fd_status) -> fd_status {
        guard let p else { return FD_ERR_ARGUMENT }
        return Unmanaged<Handle>.fromOpaque(UnsafeRawPointer(p))._withUnsafeGuaranteedRef { body($0.formatter) }
    }
}

private func status(_ e: FeedDateError) -> fd_status {
    switch e {
    case .argument: return FD_ERR_ARGUMENT
    case .locale: return FD_ERR_LOCALE
    case .timeZone: return FD_ERR_TIME_ZONE
    case .range: return FD_ERR_RANGE
    case .icu: return FD_ERR_ICU
    case .internal: return FD_ERR_INTERNAL
    }
}

private func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let empty = cString("")
private let versionString = strdup(FD_VERSION_STRING)!

@_cdecl("fd_options_init")
public func fd_options_init(_ opts: UnsafeMutablePointer<fd_options>?, _ style: fd_style) -> fd_status {
    guard let opts else { return FD_ERR_ARGUMENT }
    let known = FeedDateStyle(rawValue: Int32(bitPattern: style.rawValue))
    let d = FeedDateOptions(style: known ?? .feed)
    opts.pointee = fd_options(
        size: UInt32(MemoryLayout<fd_options>.size),
        style: fd_style(rawValue: UInt32(bitPattern: d.style.rawValue)),
        locale: nil, time_zone: nil,
        hour_cycle: fd_hour_cycle(rawValue: UInt32(bitPattern: d.hourCycle.rawValue)),
        width: fd_width(rawValue: UInt32(bitPattern: d.width.rawValue)),
        recent_relative: d.recentRelative ? 1 : 0,
        just_now_ms: d.justNowMs, skew_tolerance_ms: d.skewToleranceMs,
        cross_year_grace_days: d.crossYearGraceDays, weekday_window_days: d.weekdayWindowDays,
        precision: d.precision, countdown_days: d.countdownDays ? 1 : 0)
    return known == nil ? FD_ERR_ARGUMENT : FD_OK
}

/// fd_options (C) to FeedDateOptions (Swift); nil for a bad size or enum.
private func swiftOptions(_ o: fd_options) -> FeedDateOptions? {
    guard o.size == UInt32(MemoryLayout<fd_options>.size),
          let style = FeedDateStyle(rawValue: Int32(bitPattern: o.style.rawValue)),
          let hourCycle = FeedDateHourCycle(rawValue: Int32(bitPattern: o.hour_cycle.rawValue)),
          let width = FeedDateWidth(rawValue: Int32(bitPattern: o.width.rawValue)),
          (0...1).contains(o.recent_relative), (0...1).contains(o.countdown_days)
    else { return nil }
    var s = FeedDateOptions(
        style: style,
        locale: o.locale.map { String(cString: $0) },
        timeZone: o.time_zone.map { String(cString: $0) })
    s.hourCycle = hourCycle
    s.width = width
    s.recentRelative = o.recent_relative != 0
    s.justNowMs = o.just_now_ms
    s.skewToleranceMs = o.skew_tolerance_ms
    s.crossYearGraceDays = o.cross_year_grace_days
    s.weekdayWindowDays = o.weekday_window_days
    s.precision = o.precision
    s.countdownDays = o.countdown_days != 0
    return s
}

@_cdecl("fd_formatter_new")
public func fd_formatter_new(_ opts: UnsafePointer<fd_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> fd_status {
    guard let out else { return FD_ERR_ARGUMENT }
    out.pointee = nil
    // Read the size first: a caller's struct may be smaller than ours.
    guard let opts, UnsafeRawPointer(opts).load(as: UInt32.self) == UInt32(MemoryLayout<fd_options>.size),
          let options = swiftOptions(opts.pointee)
    else { return FD_ERR_ARGUMENT }
    do {
        let handle = Handle(try FeedDateFormatter(options))
        out.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
        return FD_OK
    } catch {
        return status(error)
    }
}

@_cdecl("fd_formatter_free")
public func fd_formatter_free(_ f: OpaquePointer?) {
    guard let f else { return }
    Unmanaged<Handle>.fromOpaque(UnsafeRawPointer(f)).release()
}

@_cdecl("fd_format")
public func fd_format(
    _ f: OpaquePointer?, _ t: Int64, _ now: Int64,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ info: UnsafeMutablePointer<fd_label>?
) -> fd_status {
    let cap = Int(clamping: capacity)  // size_t: SIZE_MAX must not read as -1
    guard buf != nil || cap == 0 else { return FD_ERR_ARGUMENT }
    var w = FeedDateWritten()
    let s = Handle.with(f) { formatter in
        do throws(FeedDateError) {
            // Room for the NUL: the text is written only when it fits before it.
            w = try formatter.write(t, now: now, into: buf.map(UnsafeMutableRawPointer.init), capacity: max(cap - 1, 0),
                                    nextChange: info != nil)
            return FD_OK
        } catch {
            return status(error)
        }
    }
    guard s == FD_OK else { return s }
    if let info {
        info.pointee = fd_label(
            length: w.length, next_change_ms: w.nextChange,
            day_offset: w.day.lowerBound, day_length: w.day.count,
            time_offset: w.time.lowerBound, time_length: w.time.count,
            expired: w.expired ? 1 : 0)
    }
    guard let buf, w.length < cap else {
        if let buf, cap > 0 { buf[0] = 0 }
        return FD_ERR_BUFFER
    }
    buf[w.length] = 0
    return FD_OK
}

@_cdecl("fd_format_many")
public func fd_format_many(
    _ f: OpaquePointer?, _ ts: UnsafePointer<Int64>?, _ count: UInt, _ now: Int64,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ ends: UnsafeMutablePointer<Int>?,
    _ nextChangeMin: UnsafeMutablePointer<Int64>?
) -> fd_status {
    // size_t arguments: SIZE_MAX must not read as -1. More instants than an
    // array can hold is a caller's mistake we can see.
    let cap = Int(clamping: capacity)
    guard f != nil, buf != nil || cap == 0, count <= UInt(Int.max / 8) else { return FD_ERR_ARGUMENT }
    let n = Int(count)
    nextChangeMin?.pointee = Int64.max
    if n == 0 {
        if let buf, cap > 0 { buf[0] = 0 }
        return FD_OK
    }
    guard let ts, let ends else { return FD_ERR_ARGUMENT }
    var earliest = Int64.max
    let s = Handle.with(f) { formatter in
        do throws(FeedDateError) {
            earliest = try formatter.writeMany(ts, count: n, now: now, into: buf.map(UnsafeMutableRawPointer.init),
                                               capacity: cap, ends: ends, nextChange: nextChangeMin != nil)
            return FD_OK
        } catch {
            return status(error)
        }
    }
    guard s == FD_OK else { return s }
    let used = ends[n - 1]
    nextChangeMin?.pointee = earliest
    guard let buf, used <= cap else { return FD_ERR_BUFFER }
    if used < cap { buf[used] = 0 }
    return FD_OK
}

@_cdecl("fd_formatter_locale")
public func fd_formatter_locale(_ f: OpaquePointer?) -> UnsafePointer<CChar> {
    Handle.from(f).map { UnsafePointer($0.locale) } ?? empty
}

@_cdecl("fd_formatter_time_zone")
public func fd_formatter_time_zone(_ f: OpaquePointer?) -> UnsafePointer<CChar> {
    Handle.from(f).map { UnsafePointer($0.timeZone) } ?? empty
}

@_cdecl("fd_formatter_tz_source")
public func fd_formatter_tz_source(_ f: OpaquePointer?) -> UnsafePointer<CChar> {
    Handle.from(f).map { UnsafePointer($0.tzSource) } ?? empty
}

@_cdecl("fd_status_message")
public func fd_status_message(_ s: fd_status) -> UnsafePointer<CChar> {
    switch s {
    case FD_OK: return cString("success")
    case FD_ERR_ARGUMENT: return cString("invalid argument: a NULL pointer, a bad size field, or an unknown style or option value")
    case FD_ERR_LOCALE: return cString("malformed locale id: pass an ICU id like \"zh_CN\" or a BCP 47 tag like \"zh-Hans-CN\"")
    case FD_ERR_TIME_ZONE: return cString("unknown time zone: pass an IANA zone id like \"Asia/Shanghai\"")
    case FD_ERR_RANGE: return cString("instant out of range: use milliseconds from 0001-01-01 to 9999-12-31 UTC")
    case FD_ERR_BUFFER: return cString("buffer too small: the length needed is reported; FD_LABEL_CAPACITY always fits")
    case FD_ERR_ICU: return cString("ICU failed (missing locale data?)")
    case FD_ERR_MEMORY: return cString("out of memory")
    default: return cString("unknown status code")
    }
}

@_cdecl("fd_version")
public func fd_version() -> UInt32 {
    // FD_VERSION_NUMBER is an expression macro, which Swift does not import.
    UInt32(FD_VERSION_MAJOR * 10000 + FD_VERSION_MINOR * 100 + FD_VERSION_PATCH)
}

@_cdecl("fd_version_string")
public func fd_version_string() -> UnsafePointer<CChar> { UnsafePointer(versionString) }

@_cdecl("fd_now_ms")
public func fd_now_ms() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
}
