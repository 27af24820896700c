// Whether two writers write the same text: for texts that no table holds
// (pieces outside the tables, whole labels of different shapes), written
// into two scratch buffers on the stack and compared.
import Glibc

/// Runs both writers into scratch buffers of `sameTextScratch` bytes each and
/// compares what they wrote; texts longer than that count as different.
@inline(never)
func sameWrittenText(
    _ first: (inout Sink) throws(FeedDateError) -> Void, _ second: (inout Sink) throws(FeedDateError) -> Void
) throws(FeedDateError) -> Bool {
    try withUnsafeTemporaryAllocation(byteCount: 2 * sameTextScratch, alignment: 8) {
        (buf: UnsafeMutableRawBufferPointer) throws(FeedDateError) -> Bool in
        var a = Sink(base: buf.baseAddress!, capacity: sameTextScratch)
        var b = Sink(base: buf.baseAddress! + sameTextScratch, capacity: sameTextScratch)
        try first(&a)
        try second(&b)
        return a.length == b.length && a.length <= sameTextScratch
            && memcmp(buf.baseAddress!, buf.baseAddress! + sameTextScratch, a.length) == 0
    }
}

/// Longer than any label (FeedDateFormatter.capacity) and so any piece.
let sameTextScratch = 512
