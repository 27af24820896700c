// The writer every label, piece and schedule is written through: the
// caller's buffer, never written past its capacity.

/// A writer into the caller's buffer that never writes past its capacity
/// and keeps counting, so a too-small buffer still learns the length needed.
struct Sink {
    let base: UnsafeMutableRawPointer?
    let capacity: Int
    var length = 0

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if let base, length + bytes.count <= capacity, bytes.count > 0 {
            (base + length).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        length += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBytes { append($0) } }
}
