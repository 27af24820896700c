// Reading a TZif file (RFC 8536): its transition times, local time types and
// POSIX TZ footer, validated and nothing more. What they mean as offsets over
// time is TransitionTable's job, the footer's rules are PosixTZ's.
//
// Pure Swift: no Foundation. Hostile bytes throw `.invalidData`; no input
// makes anything here trap.

/// The content of a TZif file that the offsets depend on.
struct TZif {
    /// Transition times in POSIX seconds (leap seconds removed), strictly ascending.
    let times: [Int64]
    /// The local time type in force from each transition (an index into `offsets`).
    let typeIndices: [UInt8]
    /// UT offset (seconds east) of each local time type; never empty. Type 0
    /// (usually local mean time) applies before the first transition.
    let offsets: [Int32]
    /// The rules after the last transition; nil for a version 1 file or an empty footer.
    let footer: PosixTZ?

    /// Parses TZif bytes of version 1, 2, 3 or 4: the 64-bit block and the footer
    /// when present, else the 32-bit block. Hostile input (huge counts, truncation,
    /// bad indices, bad footer) throws `.invalidData`.
    init(_ bytes: [UInt8]) throws(ZoneError) {
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
        times = block.times
        typeIndices = block.typeIndices
        offsets = block.offsets
        self.footer = footer
    }

    /// A zone given by a POSIX TZ string alone ("CST-8", "<+0330>-3:30",
    /// "EST5EDT,M3.2.0,M11.1.0"): no stored transitions, the rule throughout.
    init(rule: PosixTZ) {
        times = []
        typeIndices = []
        offsets = [rule.standardOffset]
        footer = rule
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
            header.isutcnt == 0 || header.isutcnt == header.typecnt
        else {
            throw ZoneError.invalidData("indicator counts differ from the type count")
        }

        var times: [Int64] = []
        times.reserveCapacity(header.timecnt)
        for _ in 0..<header.timecnt {
            let t = try reader.time(size: timeSize)
            if let last = times.last, t <= last {
                throw ZoneError.invalidData("transition times not ascending")
            }
            times.append(t)
        }
        var indices: [UInt8] = []
        indices.reserveCapacity(header.timecnt)
        for _ in 0..<header.timecnt {
            let index = try reader.u8()
            guard Int(index) < header.typecnt else { throw ZoneError.invalidData("bad local time type index") }
            indices.append(index)
        }
        var offsets: [Int32] = []
        offsets.reserveCapacity(header.typecnt)
        for _ in 0..<header.typecnt {
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
        for _ in 0..<header.leapcnt {
            let occurrence = try reader.time(size: timeSize)
            let correction = Int64(Int32(bitPattern: try reader.u32()))
            if let last = leaps.last, occurrence <= last.occurrence {
                throw ZoneError.invalidData("leap second records not ascending")
            }
            guard abs(correction) <= 1_000_000 else {
                throw ZoneError.invalidData("leap second correction out of range")
            }
            leaps.append((occurrence, correction))
        }
        var isstd: [UInt8] = []
        for _ in 0..<header.isstdcnt { isstd.append(try reader.u8()) }
        for i in 0..<header.isutcnt {
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
        return data[position..<position + count]
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
        return data[start..<end]
    }
}
