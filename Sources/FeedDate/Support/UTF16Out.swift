// The UTF-16 entry points (fd_format_utf16, fd_format_many_utf16; SPEC
// section 7, 1.2) write the same labels as UTF-16 code units, for bindings
// whose strings are UTF-16 (Java, JavaScript). The labels are written as
// UTF-8 first (the library's texts are valid UTF-8: ICU's, and the caller's
// words checked at creation), then turned into code units here, with their
// lengths and offsets counted in code units.

package enum UTF16Out {
    /// The code units of the UTF-8 bytes p[0..<n] (a four-byte sequence is a
    /// surrogate pair); with `units`, as transcode fills it.
    @inline(__always)
    package static func count(_ p: UnsafePointer<UInt8>, _ n: Int, units: UnsafeMutablePointer<UInt16>? = nil) -> Int {
        var o = 0, i = 0
        while i < n {
            units?[i] = UInt16(truncatingIfNeeded: o)
            let b = p[i]
            i += b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            o += b < 0xF0 ? 1 : 2
        }
        units?[n] = UInt16(truncatingIfNeeded: o)
        return o
    }

    /// Writes the UTF-16 of the UTF-8 bytes p[0..<n] to out, which has room
    /// for count(p, n) code units; returns how many it wrote (the call of a
    /// label without an fd_label wants nothing else).
    @inlinable
    package static func transcode(_ p: UnsafePointer<UInt8>, _ n: Int, into out: UnsafeMutablePointer<UInt16>) -> Int {
        // (Wrapping arithmetic: i and o stay below n + 4, a label's length.)
        var i = 0, o = 0
        while i < n {
            let b = UInt32(p[i])
            if b < 0x80 {
                out[o] = UInt16(truncatingIfNeeded: b)
                i &+= 1
            } else if b < 0xE0 {
                out[o] = UInt16(truncatingIfNeeded: (b & 0x1F) &<< 6 | UInt32(p[i &+ 1] & 0x3F))
                i &+= 2
            } else if b < 0xF0 {
                out[o] = UInt16(
                    truncatingIfNeeded: (b & 0x0F) &<< 12 | UInt32(p[i &+ 1] & 0x3F) &<< 6 | UInt32(p[i &+ 2] & 0x3F))
                i &+= 3
            } else {
                let c =
                    (b & 0x07) &<< 18 | UInt32(p[i &+ 1] & 0x3F) &<< 12 | UInt32(p[i &+ 2] & 0x3F) &<< 6
                    | UInt32(p[i &+ 3] & 0x3F)
                out[o] = UInt16(truncatingIfNeeded: 0xD800 &+ ((c &- 0x10000) &>> 10))
                o &+= 1
                out[o] = UInt16(truncatingIfNeeded: 0xDC00 &+ ((c &- 0x10000) & 0x3FF))
                i &+= 4
            }
            o &+= 1
        }
        return o
    }

    /// transcode, and when `units` is given (room for n + 1 entries),
    /// units[i] gets the code units before
    /// byte i for every i that starts a character, and units[n] the total:
    /// the label's parts in code units, in the same pass.
    @inline(__always)
    @discardableResult
    package static func transcode(
        _ p: UnsafePointer<UInt8>, _ n: Int, into out: UnsafeMutablePointer<UInt16>,
        units: UnsafeMutablePointer<UInt16>?
    ) -> Int {
        var i = 0, o = 0
        while i < n {
            units?[i] = UInt16(truncatingIfNeeded: o)
            let b = UInt32(p[i])
            if b < 0x80 {
                out[o] = UInt16(b)
                i += 1; o += 1
            } else if b < 0xE0 {
                out[o] = UInt16((b & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F))
                i += 2; o += 1
            } else if b < 0xF0 {
                out[o] = UInt16((b & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F))
                i += 3; o += 1
            } else {
                let c =
                    (b & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6
                    | UInt32(p[i + 3] & 0x3F)
                out[o] = UInt16(0xD800 + ((c - 0x10000) >> 10))
                out[o + 1] = UInt16(0xDC00 + ((c - 0x10000) & 0x3FF))
                i += 4; o += 2
            }
        }
        units?[n] = UInt16(truncatingIfNeeded: o)
        return o
    }
}
