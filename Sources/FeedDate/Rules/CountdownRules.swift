// COUNTDOWN (SPEC section 3): the time left until t, H:MM:SS with the
// precision's fraction, as k = ⌈R / unit⌉ units of the precision (so zero is
// shown exactly from the deadline on), and where k next falls by one.

//
// With `overtime`, after the deadline the count is −⌊E / unit⌋ for the time E
// since t (so it counts up in whole steps), shown after the locale's minus
// sign when not zero. With `spoken`, the unit is a whole second whatever the
// precision, and the text is read out (LocaleServices.writeSpoken).

extension Rules {
    @inline(__always)
    func countdownPlan(_ t: Int64, _ now: Int64) -> Plan {
        let r = t - now
        let count = r > 0 ? (r - 1) / countdownUnit + 1 : options.overtime ? -(-r / countdownUnit) : 0
        return Plan(shape: .countdown, count: count, expired: r <= 0)
    }

    /// The next instant after x at which the count changes (nil: expired
    /// without overtime, it never changes again).
    func countdownBoundary(_ t: Int64, _ x: Int64) -> Int64? {
        let r = t - x
        let u = countdownUnit
        if r <= 0 {
            guard options.overtime else { return nil }
            return t + (-r / u + 1) * u
        }
        let k = (r - 1) / u + 1
        return t - (k - 1) * u
    }

    /// The length of one step of the count in ms: a whole second when spoken.
    private var countdownUnit: Int64 { options.spoken ? 1000 : [1000, 100, 10, 1][Int(options.precision)] }

    /// H:MM:SS.F from k units of the precision (k = ⌈R / unit⌉, so zero is
    /// shown exactly from the deadline on), in the locale's digits.
    func writeCountdown(_ count: Int64, to sink: inout Sink) throws(FeedDateError) {
        let k = abs(count)
        if options.spoken {
            let hours = k / 3600
            var parts: [(CompactUnit, Int64)] = []
            if options.countdownDays && hours >= 24 { parts.append((.day, hours / 24)) }
            parts += [(.hour, options.countdownDays ? hours % 24 : hours), (.minute, k / 60 % 60), (.second, k % 60)]
            try services.writeSpoken(parts, minus: count < 0, to: &sink)
            return
        }
        if count < 0 { try services.write(Piece(kind: .digit, key: 11), to: &sink) }
        let precision = Int(options.precision)
        var fractionScale: Int64 = 1
        for _ in 0..<precision { fractionScale *= 10 }
        let totalSeconds = k / fractionScale
        var hours = totalSeconds / 3600
        let days = options.countdownDays && hours >= 24
        if days {
            try services.write(Piece(kind: .days, key: hours / 24), to: &sink)
            sink.append(Rules.space)
            hours %= 24
        }
        let minutes = totalSeconds / 60 % 60, seconds = totalSeconds % 60
        if try services.digitsAreASCII() {
            // The locale writes 0-9 as ASCII: H:MM:SS in one go, no table per digit.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buf in
                let p = buf.baseAddress!
                var i = Rules.asciiDigits(hours, width: days ? 2 : 1, p)
                p[i] = 0x3A
                i += 1 + Rules.asciiDigits(minutes, width: 2, p + i + 1)
                p[i] = 0x3A
                i += 1 + Rules.asciiDigits(seconds, width: 2, p + i + 1)
                sink.append(UnsafeRawBufferPointer(start: p, count: i))
            }
            if precision > 0 {
                try services.write(Piece(kind: .digit, key: 10), to: &sink)
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buf in
                    sink.append(
                        UnsafeRawBufferPointer(
                            start: buf.baseAddress!,
                            count: Rules.asciiDigits(k % fractionScale, width: precision, buf.baseAddress!)))
                }
            }
            return
        }
        func digits(_ v: Int64, width: Int) throws(FeedDateError) {
            var scale: Int64 = 1, n = 1
            while scale <= v / 10 { scale *= 10; n += 1 }
            for _ in n..<max(width, n) { try services.write(Piece(kind: .digit, key: 0), to: &sink) }
            while scale > 0 {
                try services.write(Piece(kind: .digit, key: v / scale % 10), to: &sink)
                scale /= 10
            }
        }
        try digits(hours, width: days ? 2 : 1)
        sink.append(Rules.colon)
        try digits(minutes, width: 2)
        sink.append(Rules.colon)
        try digits(seconds, width: 2)
        if precision > 0 {
            try services.write(Piece(kind: .digit, key: 10), to: &sink)
            try digits(k % fractionScale, width: precision)
        }
    }

    /// v >= 0 in ASCII digits, at least `width` of them (zeros in front), at
    /// p (room for 19 digits, or `width` when more); returns how many.
    @inline(__always)
    static func asciiDigits(_ v: Int64, width: Int, _ p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 1, x = v / 10
        while x > 0 { n += 1; x /= 10 }
        let count = max(n, width)
        var i = count
        x = v
        repeat {
            i -= 1
            p[i] = 0x30 &+ UInt8(truncatingIfNeeded: x % 10)
            x /= 10
        } while i > 0
        return count
    }

    // Views of static string literals: read-only, shared safely (Swift 6
    // cannot see it through the pointer type).
    nonisolated(unsafe) private static let space = UnsafeRawBufferPointer(start: StaticString(" ").utf8Start, count: 1)
    nonisolated(unsafe) private static let colon = UnsafeRawBufferPointer(start: StaticString(":").utf8Start, count: 1)
}
