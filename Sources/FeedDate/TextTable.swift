// Lock-free caches of ICU text.
//
// A label is assembled from pieces that depend on a small integer key: the
// minute of the day, a local day, a count. A TextTable maps a range of keys
// to UTF-8 texts, filled a block at a time on first use (under the
// formatter's ICU lock) and published with a release store; readers do one
// acquire load and read raw memory, so threads sharing a formatter never
// write to a shared cache line and never touch a reference count. Blocks
// live until the formatter is freed; the key range bounds the memory.
import Synchronization

final class TextTable: @unchecked Sendable {
    /// Keys covered: firstKey ..< firstKey + blockCount << blockShift.
    let firstKey: Int64
    let blockShift: Int
    let blockCount: Int
    /// Bytes per entry: a length byte, then the text.
    let entrySize: Int
    private let slots: UnsafeMutablePointer<Atomic<Int>>

    /// A length byte meaning "not in the table" (the text is too long).
    static let uncached: UInt8 = 255

    init(firstKey: Int64, keyCount: Int64, blockShift: Int, entrySize: Int) {
        precondition(entrySize <= 255)
        self.firstKey = firstKey
        self.blockShift = blockShift
        self.entrySize = entrySize
        blockCount = Int((keyCount + (1 << blockShift) - 1) >> blockShift)
        slots = .allocate(capacity: blockCount)
        for i in 0..<blockCount { (slots + i).initialize(to: Atomic(0)) }
    }

    deinit {
        for i in 0..<blockCount {
            if let p = UnsafeMutableRawPointer(bitPattern: slots[i].load(ordering: .acquiring)) { p.deallocate() }
        }
        slots.deinitialize(count: blockCount)
        slots.deallocate()
    }

    enum Lookup {
        case hit(UnsafeRawBufferPointer)
        /// The block is not built yet.
        case miss
        /// The key is outside the table, or its text is too long for an entry.
        case outside
    }

    @inline(__always)
    func lookup(_ key: Int64) -> Lookup {
        let rel = key &- firstKey
        guard rel >= 0, rel >> blockShift < Int64(blockCount) else { return .outside }
        let bits = slots[Int(rel >> blockShift)].load(ordering: .acquiring)
        guard let block = UnsafeRawPointer(bitPattern: bits) else { return .miss }
        let entry = block + Int(rel & ((1 << blockShift) - 1)) * entrySize
        let length = entry.load(as: UInt8.self)
        if length == TextTable.uncached { return .outside }
        return .hit(UnsafeRawBufferPointer(start: entry + 1, count: Int(length)))
    }

    /// Builds and publishes the block holding `key` with `text(k)` for each
    /// of its keys. The caller holds the lock that serialises builders.
    func build<E: Error>(blockOf key: Int64, _ text: (Int64) throws(E) -> [UInt8]) throws(E) {
        let rel = key &- firstKey
        guard rel >= 0, rel >> blockShift < Int64(blockCount) else { return }
        let b = Int(rel >> blockShift)
        if slots[b].load(ordering: .acquiring) != 0 { return }
        let per = 1 << blockShift
        let block = UnsafeMutableRawPointer.allocate(byteCount: per * entrySize, alignment: 8)
        do {
            for i in 0..<per {
                let entry = block + i * entrySize
                let bytes = try text(firstKey + Int64(b << blockShift + i))
                if bytes.count < entrySize {
                    entry.storeBytes(of: UInt8(bytes.count), as: UInt8.self)
                    if !bytes.isEmpty {
                        bytes.withUnsafeBytes { (entry + 1).copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
                    }
                } else {
                    entry.storeBytes(of: TextTable.uncached, as: UInt8.self)
                }
            }
        } catch {
            block.deallocate()
            throw error
        }
        slots[b].store(Int(bitPattern: block), ordering: .releasing)
    }
}
