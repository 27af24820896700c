// Running out of memory is a status, not a crash (SPEC section 10, 1.2).
// Swift's runtime traps when an allocation fails, and so would ICU's C++
// beneath it on some paths; so the work that allocates asks first whether a
// reserve of memory can be had, and reports FD_ERR_MEMORY when it cannot:
// creating a formatter (at most ~200 KB for a locale's first one, measured;
// a reserve of 1 MiB), and the slow paths of a label that fill a table or
// call ICU (a reserve of 256 KiB). What this cannot cover: another thread
// taking the reserve between the check and the work (feeddate.h says so).
import CSystem

enum MemoryHeadroom {
    static let creation = 1 << 20
    static let label = 1 << 18

    /// Throws `.memory` unless `bytes` can be allocated now.
    static func check(_ bytes: Int, for what: String) throws(FeedDateError) {
        guard csys_can_allocate(UInt(bytes)) != 0 else {
            throw .memory("out of memory: \(what) needs up to \(bytes / 1024) KiB, and not that much can be allocated")
        }
    }

    /// The same for the ICU-typed slow paths: an ICUError with ICU's own
    /// code for a failed allocation, which FeedDateError(ICUError) maps to `.memory`.
    static func checkForICU(_ bytes: Int = label) throws(ICUError) {
        guard csys_can_allocate(UInt(bytes)) != 0 else {
            throw ICUError(code: ICUError.memoryAllocation, call: "malloc")
        }
    }
}
