// The C ABI of libfeeddate.so.1 (include/feeddate.h): thin @_cdecl exports
// over the FeedDate module, taking exactly the C types of the header.
#if canImport(FeedDateWire)
    import FeedDateWire // LogSafe
#endif
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

    /// Runs body with the formatter behind p without retaining it (threads
    /// sharing a formatter must not contend for its reference count): FD_OK,
    /// or the status of what it threw with its message for fd_last_error.
    /// The one place a call's FeedDateError becomes its status.
    @inline(__always)
    static func with(_ p: OpaquePointer?, _ body: (FeedDateFormatter) throws(FeedDateError) -> Void) -> fd_status {
        guard let p else { return FD_ERR_ARGUMENT }
        return Unmanaged<Handle>.fromOpaque(UnsafeRawPointer(p))._withUnsafeGuaranteedRef { handle in
            do throws(FeedDateError) {
                try body(handle.formatter)
                return FD_OK
            } catch {
                return fail(error)
            }
        }
    }
}

private func status(_ e: FeedDateError) -> fd_status {
    switch e {
    case .argument: return FD_ERR_ARGUMENT
    case .locale: return FD_ERR_LOCALE
    case .timeZone: return FD_ERR_TIME_ZONE
    case .range: return FD_ERR_RANGE
    case .icu: return FD_ERR_ICU
    case .memory: return FD_ERR_MEMORY
    case .internal: return FD_ERR_INTERNAL
    }
}

/// Returns status s with `message` as the calling thread's fd_last_error.
private func fail(_ s: fd_status, _ message: String) -> fd_status {
    var message = message
    message.withUTF8 {
        fdabi_set_error(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count)
    }
    return s
}

private func fail(_ e: FeedDateError) -> fd_status { fail(status(e), e.description) }

/// FD_OK, clearing the calling thread's fd_last_error.
@inline(__always)
private func succeed() -> fd_status {
    fdabi_clear_error()
    return FD_OK
}

/// The first checks of every call that writes into the caller's buffer, and
/// their words: the status to return at once, or nil to go on.
@inline(__always)
private func bufferArguments<Unit>(
    _ name: String, _ f: OpaquePointer?, _ buf: UnsafeMutablePointer<Unit>?, _ capacity: UInt
) -> fd_status? {
    guard f != nil else { return fail(FD_ERR_ARGUMENT, "\(name): formatter is NULL") }
    return capacityArgument(name, buf, capacity)
}

/// A NULL buf is a size query, only with cap 0: the status to return, or nil.
@inline(__always)
private func capacityArgument<Unit>(_ name: String, _ buf: UnsafeMutablePointer<Unit>?, _ capacity: UInt) -> fd_status?
{
    guard buf != nil || capacity == 0 else {
        return fail(FD_ERR_ARGUMENT, "\(name): buf is NULL but cap is \(capacity) (NULL only with cap 0, a size query)")
    }
    return nil
}

/// The end of a call that wrote `length` units for the caller with room
/// for a NUL after them (cap: the caller's capacity): FD_OK with the NUL
/// written, or FD_ERR_BUFFER with `message` and nothing but a NUL at buf[0]
/// (when there is room for it).
@inline(__always)
private func terminated<Unit: BinaryInteger>(
    _ buf: UnsafeMutablePointer<Unit>?, _ length: Int, _ cap: Int, _ message: @autoclosure () -> String
) -> fd_status {
    guard let buf, length < cap else {
        if let buf, cap > 0 { buf[0] = 0 }
        return fail(FD_ERR_BUFFER, message())
    }
    buf[length] = 0
    return succeed()
}

private func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

// C strings made once (lazy globals: under the runtime's once) and never
// written or freed after: safe to share, which the pointer types cannot say
// (Swift 6).
nonisolated(unsafe) private let empty = cString("")
nonisolated(unsafe) private let versionString = strdup("\(FD_VERSION_MAJOR).\(FD_VERSION_MINOR).\(FD_VERSION_PATCH)")!
nonisolated(unsafe) private let icuVersionString = strdup(FeedDateICU.version)!

// MARK: fd_options and its published layouts (feeddate.h, "How the struct grows")

/// The sizes of the published fd_options layouts, oldest first: 1.0's ends
/// with countdown_days (padded to the struct's alignment). The last entry is
/// this header's layout. A new layout appends its size here.
private let optionsLayouts: [Int] = {
    let align = MemoryLayout<fd_options>.alignment
    func size(endingWith end: Int) -> Int { (end + align - 1) / align * align }
    let size10 = size(
        endingWith: MemoryLayout<fd_options>.offset(of: \fd_options.countdown_days)! + MemoryLayout<Int32>.size)
    // 1.1's first field must start past 1.0's size: never in its tail padding.
    precondition(MemoryLayout<fd_options>.offset(of: \fd_options.plain_spaces)! >= size10)
    let size11 = size(
        endingWith: MemoryLayout<fd_options>.offset(of: \fd_options.tomorrow_text)!
            + MemoryLayout<UnsafePointer<CChar>?>.size)
    precondition(size11 == MemoryLayout<fd_options>.size)
    return [size10, size11]
}()

private func layoutsText() -> String {
    optionsLayouts.enumerated().map { "\($0.element) (1.\($0.offset))" }.joined(separator: ", ")
}

/// A C enum of fd_options as its messages name it: the field, what a value
/// is, and every value, from the Swift cases (`allCases`, in order; the C
/// name is the case's in capitals, "_" before each word: chatBubble is
/// FD_STYLE_CHAT_BUBBLE). The one writer of the lists "pass FD_X (0), ... or
/// FD_Z (2)", so a new case is named in them by itself.
private struct CEnum<E: CaseIterable & RawRepresentable> where E.RawValue == Int32 {
    let field: String, noun: String, prefix: String

    /// The case of C value `raw`, or nil.
    func known(_ raw: UInt32) -> E? { E(rawValue: Int32(bitPattern: raw)) }

    /// The case of C value `raw`, or the error that names every value.
    func read(_ raw: UInt32) throws(FeedDateError) -> E {
        guard let value = known(raw) else { throw .argument(refusal(raw)) }
        return value
    }

    /// "style 9 is not a style: pass FD_STYLE_FEED (0), ... or FD_STYLE_COUNTDOWN (6)".
    func refusal(_ raw: UInt32) -> String {
        let names = E.allCases.map { value -> String in
            var name = prefix
            for c in String(describing: value) {
                if c.isUppercase { name += "_" }
                name += c.uppercased()
            }
            return "\(name) (\(value.rawValue))"
        }
        return "\(field) \(raw) is not \(noun): pass " + names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

private let styles = CEnum<FeedDateStyle>(field: "style", noun: "a style", prefix: "FD_STYLE_")

/// The defaults of SPEC section 6 for a style, in this header's layout.
private func defaultOptions(_ style: FeedDateStyle) -> fd_options {
    let d = FeedDateOptions(style: style)
    return fd_options(
        size: UInt32(MemoryLayout<fd_options>.size),
        style: fd_style(rawValue: UInt32(bitPattern: d.style.rawValue)),
        locale: nil, time_zone: nil,
        hour_cycle: fd_hour_cycle(rawValue: UInt32(bitPattern: d.hourCycle.rawValue)),
        width: fd_width(rawValue: UInt32(bitPattern: d.width.rawValue)),
        recent_relative: d.recentRelative ? 1 : 0,
        just_now_ms: d.justNowMs, skew_tolerance_ms: d.skewToleranceMs,
        cross_year_grace_days: d.crossYearGraceDays, weekday_window_days: d.weekdayWindowDays,
        precision: d.precision, countdown_days: d.countdownDays ? 1 : 0,
        plain_spaces: d.plainSpaces ? 1 : 0, spoken: d.spoken ? 1 : 0, overtime: d.overtime ? 1 : 0,
        max_unit: fd_unit(rawValue: UInt32(bitPattern: d.maxUnit.rawValue)),
        just_now_text: nil, yesterday_text: nil, day_before_yesterday_text: nil, tomorrow_text: nil)
}

@_cdecl("fd_options_init_sized")
public func fd_options_init_sized(_ opts: UnsafeMutablePointer<fd_options>?, _ size: Int, _ style: fd_style)
    -> fd_status
{
    guard let opts else { return fail(FD_ERR_ARGUMENT, "fd_options_init: opts is NULL") }
    guard optionsLayouts.contains(size) else {
        return fail(
            FD_ERR_ARGUMENT,
            "fd_options_init: size \(UInt(bitPattern: size)) is not a published fd_options layout: "
                + layoutsText() + " (a struct from a newer feeddate.h needs a newer library)")
    }
    var d = defaultOptions(styles.known(style.rawValue) ?? .feed)
    d.size = UInt32(size)
    // Exactly `size` bytes: the caller's struct may be an older, smaller layout.
    withUnsafeBytes(of: &d) { UnsafeMutableRawPointer(opts).copyMemory(from: $0.baseAddress!, byteCount: size) }
    guard styles.known(style.rawValue) != nil else {
        return fail(FD_ERR_ARGUMENT, "fd_options_init: " + styles.refusal(style.rawValue))
    }
    return succeed()
}

/// The symbol of 1.0, whose callers' structs have 1.0's layout: it fills
/// that layout forever (the header's fd_options_init macro calls the sized one).
@_cdecl("fd_options_init")
public func fd_options_init(_ opts: UnsafeMutablePointer<fd_options>?, _ style: fd_style) -> fd_status {
    fd_options_init_sized(opts, optionsLayouts[0], style)
}

/// fd_options (C) to FeedDateOptions (Swift), and the error of a locale or
/// zone id that is not UTF-8 (FeedDateFormatter throws it once the options
/// are known good); throws what else is wrong.
private func swiftOptions(_ o: fd_options) throws(FeedDateError) -> (FeedDateOptions, unreadableID: FeedDateError?) {
    let style = try styles.read(o.style.rawValue)
    let hourCycle = try CEnum<FeedDateHourCycle>(field: "hour_cycle", noun: "an hour cycle", prefix: "FD_HOUR_CYCLE_")
        .read(o.hour_cycle.rawValue)
    let width = try CEnum<FeedDateWidth>(field: "width", noun: "a width", prefix: "FD_WIDTH_").read(o.width.rawValue)
    for (name, value) in [
        ("recent_relative", o.recent_relative), ("countdown_days", o.countdown_days),
        ("plain_spaces", o.plain_spaces), ("spoken", o.spoken), ("overtime", o.overtime),
    ]
    where !(0...1).contains(value) {
        throw .argument("\(name) \(value) must be 0 or 1")
    }
    let maxUnit = try CEnum<FeedDateUnit>(field: "max_unit", noun: "a unit", prefix: "FD_UNIT_").read(
        o.max_unit.rawValue)
    var words: [String?] = []
    let limit = FeedDateOptions.textLimit
    for (name, p) in [
        ("just_now_text", o.just_now_text), ("yesterday_text", o.yesterday_text),
        ("day_before_yesterday_text", o.day_before_yesterday_text), ("tomorrow_text", o.tomorrow_text),
    ] {
        guard let p else { words.append(nil); continue }
        // At most limit + 1 bytes are read: a longer text is refused without scanning it all.
        let length = strnlen(p, limit + 1)
        // The value quoted as every message quotes one (of limit + 1 bytes read: cut with "…").
        func quoted() -> String { LogSafe.quote(bytes: UnsafeRawBufferPointer(start: p, count: length)) }
        guard length <= limit else {
            throw .argument(
                "\(name) is longer than \(limit) bytes (\(quoted())): pass 1..\(limit) bytes of UTF-8 (or NULL)")
        }
        guard let text = String(validatingCString: p) else {
            throw .argument("\(name) is not valid UTF-8 (\(quoted())): pass 1..\(limit) bytes of UTF-8 (or NULL)")
        }
        words.append(text)
    }
    // Ids that are not UTF-8 are malformed ids, quoted byte for byte in the
    // message (String(cString:) would have replaced those bytes in silence).
    func id(_ p: UnsafePointer<CChar>?) -> (text: String?, bad: String?) {
        guard let p else { return (nil, nil) }
        if let text = String(validatingCString: p) { return (text, nil) }
        return (nil, LogSafe.quote(bytes: UnsafeRawBufferPointer(start: p, count: strlen(p))))
    }
    let locale = id(o.locale), zone = id(o.time_zone)
    var s = FeedDateOptions(style: style, locale: locale.text, timeZone: zone.text)
    s.hourCycle = hourCycle
    s.width = width
    s.recentRelative = o.recent_relative != 0
    s.justNowMs = o.just_now_ms
    s.skewToleranceMs = o.skew_tolerance_ms
    s.crossYearGraceDays = o.cross_year_grace_days
    s.weekdayWindowDays = o.weekday_window_days
    s.precision = o.precision
    s.countdownDays = o.countdown_days != 0
    s.plainSpaces = o.plain_spaces != 0
    s.spoken = o.spoken != 0
    s.overtime = o.overtime != 0
    s.maxUnit = maxUnit
    s.justNowText = words[0]
    s.yesterdayText = words[1]
    s.dayBeforeYesterdayText = words[2]
    s.tomorrowText = words[3]
    // Options out of range are FD_ERR_ARGUMENT whatever the ids hold, as
    // FeedDateFormatter checks them before the ids: so a malformed id is
    // reported by it, once the options are known good.
    if let bad = locale.bad {
        return (s, .malformedLocale("\(bad) (not UTF-8)"))
    }
    if let bad = zone.bad {
        return (s, .unknownZone("\(bad) (not UTF-8)"))
    }
    return (s, nil)
}

@_cdecl("fd_formatter_new")
public func fd_formatter_new(_ opts: UnsafePointer<fd_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?)
    -> fd_status
{
    guard let out else { return fail(FD_ERR_ARGUMENT, "fd_formatter_new: out is NULL") }
    out.pointee = nil
    guard let opts else { return fail(FD_ERR_ARGUMENT, "fd_formatter_new: opts is NULL") }
    // Read the size first, then only the bytes it covers: the caller's
    // struct may be an older, smaller layout; later fields keep defaults.
    let size = Int(UnsafeRawPointer(opts).load(as: UInt32.self))
    guard optionsLayouts.contains(size) else {
        return fail(
            FD_ERR_ARGUMENT,
            "fd_formatter_new: opts->size \(size) is not a published fd_options layout: "
                + layoutsText()
                + " (fill the struct with fd_options_init; a struct from a newer feeddate.h needs a newer library)")
    }
    var full = defaultOptions(.feed)
    withUnsafeMutableBytes(of: &full) { $0.baseAddress!.copyMemory(from: UnsafeRawPointer(opts), byteCount: size) }
    do throws(FeedDateError) {
        let (options, unreadableID) = try swiftOptions(full)
        let handle = Handle(try FeedDateFormatter(options, unreadableID: unreadableID))
        out.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
        return succeed()
    } catch {
        return fail(error)
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
    let cap = Int(clamping: capacity) // size_t: SIZE_MAX must not read as -1
    if let s = bufferArguments("fd_format", f, buf, capacity) { return s }
    var w = FeedDateWritten()
    let s = Handle.with(f) { (formatter) throws(FeedDateError) in
        // Room for the NUL: the text is written only when it fits before it.
        w = try formatter.write(
            t, now: now, into: buf.map(UnsafeMutableRawPointer.init), capacity: max(cap - 1, 0),
            nextChange: info != nil)
    }
    guard s == FD_OK else { return s }
    if let info {
        info.pointee = fd_label(
            length: w.length, next_change_ms: w.nextChange,
            day_offset: w.day.lowerBound, day_length: w.day.count,
            time_offset: w.time.lowerBound, time_length: w.time.count,
            expired: w.expired ? 1 : 0)
    }
    return terminated(
        buf, w.length, cap,
        "fd_format: the label needs \(w.length + 1) bytes with its NUL; cap is \(capacity) (FD_LABEL_CAPACITY always fits)"
    )
}

/// The argument rules fd_format_many and fd_format_many_utf16 share (`name`
/// names the function in messages): the status to return at once, or nil to
/// go on with count (>= 1) instants, ts and ends given. size_t arguments:
/// SIZE_MAX must not read as -1, and more instants than an array can hold is
/// a caller's mistake we can see. n = 0 is FD_OK, with a 0 at buf[0] when
/// there is room.
private func manyArguments<Unit: BinaryInteger>(
    _ name: String, _ f: OpaquePointer?, _ ts: UnsafePointer<Int64>?, _ count: UInt,
    _ buf: UnsafeMutablePointer<Unit>?, _ capacity: UInt, _ ends: UnsafeMutablePointer<Int>?,
    _ nextChangeMin: UnsafeMutablePointer<Int64>?
) -> fd_status? {
    let cap = Int(clamping: capacity)
    if let s = bufferArguments(name, f, buf, capacity) { return s }
    guard count <= UInt(Int.max / 8) else {
        return fail(FD_ERR_ARGUMENT, "\(name): n \(count) is more instants than memory can hold")
    }
    nextChangeMin?.pointee = Int64.max
    if count == 0 {
        if let buf, cap > 0 { buf[0] = 0 }
        return succeed()
    }
    guard ts != nil else { return fail(FD_ERR_ARGUMENT, "\(name): t_ms is NULL with n = \(count)") }
    guard ends != nil else { return fail(FD_ERR_ARGUMENT, "\(name): ends is NULL with n = \(count)") }
    return nil
}

@_cdecl("fd_format_many")
public func fd_format_many(
    _ f: OpaquePointer?, _ ts: UnsafePointer<Int64>?, _ count: UInt, _ now: Int64,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ ends: UnsafeMutablePointer<Int>?,
    _ nextChangeMin: UnsafeMutablePointer<Int64>?
) -> fd_status {
    formatMany("fd_format_many", f, ts, count, now, buf, capacity, ends, nextChangeMin, nul: false)
}

/// fd_format_many with a NUL after each label (1.2): a binding splits the batch as one text.
@_cdecl("fd_format_many_nul")
public func fd_format_many_nul(
    _ f: OpaquePointer?, _ ts: UnsafePointer<Int64>?, _ count: UInt, _ now: Int64,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ ends: UnsafeMutablePointer<Int>?,
    _ nextChangeMin: UnsafeMutablePointer<Int64>?
) -> fd_status {
    formatMany("fd_format_many_nul", f, ts, count, now, buf, capacity, ends, nextChangeMin, nul: true)
}

/// fd_format_many, and with nul fd_format_many_nul (whose ends count each label's NUL: it writes
/// nothing past the last one's).
private func formatMany(
    _ name: String, _ f: OpaquePointer?, _ ts: UnsafePointer<Int64>?, _ count: UInt, _ now: Int64,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ ends: UnsafeMutablePointer<Int>?,
    _ nextChangeMin: UnsafeMutablePointer<Int64>?, nul: Bool
) -> fd_status {
    if let s = manyArguments(name, f, ts, count, buf, capacity, ends, nextChangeMin) { return s }
    let cap = Int(clamping: capacity), n = Int(count), ts = ts.unsafelyUnwrapped, ends = ends.unsafelyUnwrapped
    var earliest = Int64.max
    let s = Handle.with(f) { (formatter) throws(FeedDateError) in
        earliest = try formatter.writeMany(
            ts, count: n, now: now, into: buf.map(UnsafeMutableRawPointer.init),
            capacity: cap, ends: ends, nextChange: nextChangeMin != nil, nul: nul)
    }
    guard s == FD_OK else { return s }
    let used = ends[n - 1]
    nextChangeMin?.pointee = earliest
    guard let buf, used <= cap else {
        return fail(
            FD_ERR_BUFFER,
            "\(name): the labels need \(used) bytes\(nul ? " with their NULs" : ""); cap is \(capacity) (n × FD_LABEL_CAPACITY always fits)"
        )
    }
    if used < cap && !nul { buf[used] = 0 }
    return succeed()
}

// MARK: UTF-16 (SPEC section 7, 1.2): the same labels as code units

@_cdecl("fd_format_utf16")
public func fd_format_utf16(
    _ f: OpaquePointer?, _ t: Int64, _ now: Int64,
    _ buf: UnsafeMutablePointer<UInt16>?, _ capacity: UInt, _ info: UnsafeMutablePointer<fd_label>?
) -> fd_status {
    let cap = Int(clamping: capacity)
    if let s = bufferArguments("fd_format_utf16", f, buf, capacity) { return s }
    // The label as UTF-8 (every label fits in FeedDateFormatter.capacity bytes), then in one pass its
    // code units and, for its parts, the code units before each byte.
    // (768 bytes of scratch: on the stack, as Swift keeps temporary allocations up to 1 KiB.)
    let room = FeedDateFormatter.capacity
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: (room + 1) + (room + 1) / 2) {
        scratch -> fd_status in
        let units = scratch.baseAddress!
        let bytes = UnsafeMutableRawPointer(units + room + 1).assumingMemoryBound(to: UInt8.self)
        var w = FeedDateWritten()
        let s = Handle.with(f) { (formatter) throws(FeedDateError) in
            w = try formatter.write(
                t, now: now, into: UnsafeMutableRawPointer(bytes), capacity: room, nextChange: info != nil)
        }
        guard s == FD_OK else { return s }
        guard w.length <= room else { return fail(FD_ERR_INTERNAL, "fd_format_utf16: a label of \(w.length) bytes") }
        // Straight into buf when it has room for any label; else counted first, and written when it fits.
        let length: Int
        if let buf, cap > room {
            length =
                info == nil
                ? UTF16Out.transcode(bytes, w.length, into: buf)
                : UTF16Out.transcode(bytes, w.length, into: buf, units: units)
        } else {
            length = UTF16Out.count(bytes, w.length, units: info == nil ? nil : units)
            if let buf, length < cap { _ = UTF16Out.transcode(bytes, w.length, into: buf) }
        }
        if let info {
            let day = Int(units[w.day.lowerBound]), time = Int(units[w.time.lowerBound])
            info.pointee = fd_label(
                length: length, next_change_ms: w.nextChange,
                day_offset: day, day_length: Int(units[w.day.upperBound]) - day,
                time_offset: time, time_length: Int(units[w.time.upperBound]) - time, expired: w.expired ? 1 : 0)
        }
        return terminated(
            buf, length, cap,
            "fd_format_utf16: the label needs \(length + 1) code units with its NUL; "
                + "cap is \(capacity) (FD_LABEL_CAPACITY always fits)")
    }
}

/// fd_format_utf16 with its six arguments read from *call (JNA on Java 17: one argument, not six).
@_cdecl("fd_format_utf16_call")
public func fd_format_utf16_call(_ call: UnsafePointer<fd_utf16_call>?) -> fd_status {
    guard let c = call?.pointee else { return fail(FD_ERR_ARGUMENT, "fd_format_utf16_call: call is NULL") }
    return fd_format_utf16(c.formatter, c.t_ms, c.now_ms, c.buf, UInt(c.cap), c.info)
}

@_cdecl("fd_format_many_utf16")
public func fd_format_many_utf16(
    _ f: OpaquePointer?, _ ts: UnsafePointer<Int64>?, _ count: UInt, _ now: Int64,
    _ buf: UnsafeMutablePointer<UInt16>?, _ capacity: UInt, _ ends: UnsafeMutablePointer<Int>?,
    _ nextChangeMin: UnsafeMutablePointer<Int64>?
) -> fd_status {
    if let s = manyArguments("fd_format_many_utf16", f, ts, count, buf, capacity, ends, nextChangeMin) { return s }
    let cap = Int(clamping: capacity), n = Int(count), ts = ts.unsafelyUnwrapped, ends = ends.unsafelyUnwrapped
    // Chunks of up to 4,096 labels written as UTF-8 into scratch (room for each whole), then as code
    // units into buf; each chunk is one writeMany, whose copies of days and counts serve the chunk.
    // The scratch (1 MB at most) comes from malloc: without it, FD_ERR_MEMORY, never an abort.
    let chunk = min(n, 4_096), room = chunk * FeedDateFormatter.capacity
    guard let scratch = malloc(room + chunk * MemoryLayout<Int>.size) else {
        return fail(
            FD_ERR_MEMORY,
            "fd_format_many_utf16: out of memory for \(room + chunk * MemoryLayout<Int>.size) bytes of scratch")
    }
    defer { free(scratch) }
    let byteEnd = scratch.bindMemory(to: Int.self, capacity: chunk) // first: malloc aligns it
    let bytes = (scratch + chunk * MemoryLayout<Int>.size).bindMemory(to: UInt8.self, capacity: room)
    var earliest = Int64.max, used = 0
    let s = Handle.with(f) { (formatter) throws(FeedDateError) in
        for start in stride(from: 0, to: n, by: chunk) {
            let k = min(chunk, n - start)
            earliest = min(
                earliest,
                try formatter.writeMany(
                    ts + start, count: k, now: now, into: UnsafeMutableRawPointer(bytes), capacity: room,
                    ends: byteEnd, nextChange: nextChangeMin != nil))
            var from = 0
            for j in 0..<k {
                let length = byteEnd[j] - from, label = bytes + from
                // A label has no more code units than bytes: where its bytes fit, it does.
                if let buf, length <= cap - min(used, cap) {
                    used += UTF16Out.transcode(label, length, into: buf + used)
                } else {
                    let units = UTF16Out.count(label, length)
                    if let buf, used + units <= cap { _ = UTF16Out.transcode(label, length, into: buf + used) }
                    used += units
                }
                ends[start + j] = used
                from = byteEnd[j]
            }
        }
    }
    guard s == FD_OK else { return s }
    nextChangeMin?.pointee = earliest
    guard let buf, used <= cap else {
        return fail(
            FD_ERR_BUFFER,
            "fd_format_many_utf16: the labels need \(used) code units; cap is \(capacity) (n × FD_LABEL_CAPACITY always fits)"
        )
    }
    if used < cap { buf[used] = 0 }
    return succeed()
}

// MARK: schedules (SPEC section 11, 1.2)

/// A max_entries over the limit, refused before any work (the core refuses
/// 0), with the count as the caller meant it. A size_t of 2^63 or more is a
/// negative count from a signed caller (C's -1, a binding's clamped -5),
/// said as that number: "max_entries -1", not 18446744073709551615. The
/// bindings pass a negative count this way so that this is the one message.
@inline(__always)
private func maxEntriesRefusal(_ n: UInt) -> fd_status? {
    guard n > UInt(FeedDateFormatter.scheduleEntriesLimit) else { return nil }
    return fail(
        FeedDateFormatter.maxEntriesError(n > UInt(Int64.max) ? String(Int64(bitPattern: UInt64(n))) : String(n)))
}

/// The argument checks fd_schedule_json and the markup calls share: the
/// status to return at once, or nil to go on (with *length set to 0).
@inline(__always)
private func wireArguments(
    _ name: String, _ f: OpaquePointer?, _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt,
    _ length: UnsafeMutablePointer<Int>?, _ maxEntries: UInt
) -> fd_status? {
    if let s = bufferArguments(name, f, buf, capacity) { return s }
    guard let length else { return fail(FD_ERR_ARGUMENT, "\(name): length is NULL") }
    length.pointee = 0
    return maxEntriesRefusal(maxEntries)
}

@_cdecl("fd_schedule")
public func fd_schedule(
    _ f: OpaquePointer?, _ t: Int64, _ now: Int64, _ horizon: Int64, _ maxEntries: UInt,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ ends: UnsafeMutablePointer<Int>?,
    _ froms: UnsafeMutablePointer<Int64>?, _ count: UnsafeMutablePointer<Int>?, _ until: UnsafeMutablePointer<Int64>?
) -> fd_status {
    let cap = Int(clamping: capacity)
    if let s = bufferArguments("fd_schedule", f, buf, capacity) { return s }
    guard let ends, let froms, let count, let until else {
        return fail(FD_ERR_ARGUMENT, "fd_schedule: ends, from_ms, n and until_ms must not be NULL")
    }
    count.pointee = 0
    if let s = maxEntriesRefusal(maxEntries) { return s }
    var result = (count: 0, until: Int64.max)
    let s = Handle.with(f) { (formatter) throws(FeedDateError) in
        result = try formatter.writeSchedule(
            t, now: now, horizonMs: horizon, maxEntries: Int(clamping: maxEntries),
            into: buf.map(UnsafeMutableRawPointer.init), capacity: cap, ends: ends, froms: froms)
    }
    guard s == FD_OK else { return s }
    count.pointee = result.count
    until.pointee = result.until
    let used = ends[result.count - 1]
    guard let buf, used <= cap else {
        return fail(
            FD_ERR_BUFFER,
            "fd_schedule: the texts need \(used) bytes; cap is \(capacity) (max_entries × FD_LABEL_CAPACITY always fits)"
        )
    }
    if used < cap { buf[used] = 0 }
    return succeed()
}

@_cdecl("fd_schedule_json")
public func fd_schedule_json(
    _ f: OpaquePointer?, _ t: Int64, _ now: Int64, _ horizon: Int64, _ maxEntries: UInt,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ length: UnsafeMutablePointer<Int>?
) -> fd_status {
    let cap = Int(clamping: capacity)
    if let s = wireArguments("fd_schedule_json", f, buf, capacity, length, maxEntries) { return s }
    var written = 0
    let s = Handle.with(f) { (formatter) throws(FeedDateError) in
        // Room for the NUL: the text is written only when it fits before it.
        written = try formatter.writeScheduleJSON(
            t, now: now, horizonMs: horizon, maxEntries: Int(clamping: maxEntries),
            into: buf.map(UnsafeMutableRawPointer.init), capacity: max(cap - 1, 0))
    }
    guard s == FD_OK else { return s }
    length.unsafelyUnwrapped.pointee = written
    return terminated(
        buf, written, cap, "fd_schedule_json: the wire form needs \(written + 1) bytes with its NUL; cap is \(capacity)"
    )
}

// MARK: markup and script-safe wire (SPEC section 11, 1.3)

/// Copies a schedule form the core made into the caller's buffer as
/// fd_schedule_json does: NUL-terminated, *length without the NUL, and
/// FD_ERR_BUFFER (nothing but a NUL at buf[0] written) when it does not fit.
private func deliver(
    _ name: String, _ f: OpaquePointer?, _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt,
    _ length: UnsafeMutablePointer<Int>?, _ maxEntries: UInt,
    _ make: (FeedDateFormatter, Int) throws(FeedDateError) -> [UInt8]
) -> fd_status {
    let cap = Int(clamping: capacity)
    if let s = wireArguments(name, f, buf, capacity, length, maxEntries) { return s }
    var bytes: [UInt8] = []
    let s = Handle.with(f) { (formatter) throws(FeedDateError) in
        bytes = try make(formatter, Int(clamping: maxEntries))
    }
    guard s == FD_OK else { return s }
    length.unsafelyUnwrapped.pointee = bytes.count
    if let buf, bytes.count < cap {
        bytes.withUnsafeBytes { UnsafeMutableRawPointer(buf).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    }
    return terminated(
        buf, bytes.count, cap, "\(name): it needs \(bytes.count + 1) bytes with its NUL; cap is \(capacity)")
}

@_cdecl("fd_schedule_html")
public func fd_schedule_html(
    _ f: OpaquePointer?, _ t: Int64, _ now: Int64, _ horizon: Int64, _ maxEntries: UInt, _ flags: UInt32,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ length: UnsafeMutablePointer<Int>?
) -> fd_status {
    let known = UInt32(FD_HTML_SPOKEN)
    guard flags & ~known == 0 else {
        length?.pointee = 0
        return fail(
            FD_ERR_ARGUMENT,
            "fd_schedule_html: flags 0x\(String(flags, radix: 16)) has unknown bits 0x\(String(flags & ~known, radix: 16)); the flags are FD_HTML_SPOKEN (0x1)"
        )
    }
    return deliver("fd_schedule_html", f, buf, capacity, length, maxEntries) {
        (formatter, count) throws(FeedDateError) in
        try formatter.htmlBytes(t, now: now, horizonMs: horizon, maxEntries: count, spoken: flags & known != 0)
    }
}

@_cdecl("fd_schedule_script_json")
public func fd_schedule_script_json(
    _ f: OpaquePointer?, _ t: Int64, _ now: Int64, _ horizon: Int64, _ maxEntries: UInt,
    _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ length: UnsafeMutablePointer<Int>?
) -> fd_status {
    deliver("fd_schedule_script_json", f, buf, capacity, length, maxEntries) {
        (formatter, count) throws(FeedDateError) in
        try formatter.scriptJSONBytes(t, now: now, horizonMs: horizon, maxEntries: count)
    }
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
    case FD_ERR_ARGUMENT:
        return cString(
            "invalid argument: a NULL pointer, an unpublished options size, or an unknown style or option value")
    case FD_ERR_LOCALE:
        return cString(
            "locale error: a malformed locale id, or no locale data for its language (or for any entry of a list, or for the host's LANG): pass an ICU id like \"zh_CN\" or a BCP 47 tag like \"zh-Hans-CN\""
        )
    case FD_ERR_TIME_ZONE:
        return cString(
            "time zone error: an unknown zone id, a bad $TZ, or no zone database ($TZDIR, /usr/share/zoneinfo): pass an IANA zone id like \"Asia/Shanghai\" or a POSIX TZ string like \"CST-8\""
        )
    case FD_ERR_RANGE: return cString("instant out of range: use milliseconds from 0001-01-01 to 9999-12-31 UTC")
    case FD_ERR_BUFFER: return cString("buffer too small: the length needed is reported; FD_LABEL_CAPACITY always fits")
    case FD_ERR_ICU: return cString("ICU failed (missing locale data?)")
    case FD_ERR_MEMORY:
        return cString("out of memory: the library, ICU or the caller's process could not allocate what was needed")
    case FD_ERR_INTERNAL:
        return cString("internal error: the library could not work out a label or its next change (please report it)")
    default: return cString("unknown status code")
    }
}

// MARK: quoting (SPEC section 7, 1.2; exported in 1.3)

@_cdecl("fd_quote")
public func fd_quote(
    _ value: UnsafePointer<CChar>?, _ length: UInt, _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt,
    _ quotedLength: UnsafeMutablePointer<Int>?
) -> fd_status {
    quotedLength?.pointee = 0
    guard value != nil || length == 0 else {
        return fail(FD_ERR_ARGUMENT, "fd_quote: value is NULL but length is \(length) (NULL only with length 0)")
    }
    if let s = capacityArgument("fd_quote", buf, capacity) { return s }
    // What LogSafe reads of any value: its first LogSafe.limit bytes and
    // the character that crosses them, so a 1 GB length costs nothing.
    let read = Int(clamping: min(length, UInt(LogSafe.limit + 4)))
    var quoted = LogSafe.quote(bytes: UnsafeRawBufferPointer(start: value, count: read))
    return quoted.withUTF8 { q in
        quotedLength?.pointee = q.count
        guard let buf, q.count < Int(clamping: capacity) else {
            return fail(
                FD_ERR_BUFFER,
                "fd_quote: the quoted value needs \(q.count + 1) bytes with its NUL; cap is \(capacity) (FD_QUOTE_CAPACITY always fits)"
            )
        }
        UnsafeMutableRawPointer(buf).copyMemory(from: q.baseAddress!, byteCount: q.count)
        buf[q.count] = 0
        return succeed()
    }
}

@_cdecl("fd_last_error")
public func fd_last_error() -> UnsafePointer<CChar> { fdabi_last_error() }

@_cdecl("fd_icu_version")
public func fd_icu_version() -> UnsafePointer<CChar> { UnsafePointer(icuVersionString) }

@_cdecl("fd_data_version")
public func fd_data_version() -> UnsafePointer<CChar> { FeedDateICU.dataVersionCString }

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
