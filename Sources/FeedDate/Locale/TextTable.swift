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

/// The local days the tables of local days cover, 1900-01-01 ..< 2100-01-01
/// (date texts, year and month spans); days outside are worked out each time.
let tableFirstDay = daysFromCivil(1900, 1, 1)
let tableDays = daysFromCivil(2100, 1, 1) - tableFirstDay

final class TextTable: @unchecked Sendable {
    /// Keys covered: firstKey ..< firstKey + blockCount << blockShift.
    let firstKey: Int64
    let blockShift: Int
    let blockCount: Int
    /// Texts of this many bytes or more are not kept (ICU gives them each time).
    let maxLength: Int
    private let slots: UnsafeMutablePointer<Atomic<Int>>

    /// A length meaning "not in the table" (the text is too long).
    static let uncached: UInt32 = 255

    /// maxLength is at most 255.
    init(firstKey: Int64, keyCount: Int64, blockShift: Int, maxLength: Int) {
        precondition(maxLength <= 255)
        self.firstKey = firstKey
        self.blockShift = blockShift
        self.maxLength = maxLength
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
        /// The key is outside the table, or its text is too long to keep.
        case outside
    }

    // A block is packed: one UInt32 per key (the text's byte offset in the
    // block << 8 | its length), then the texts back to back, so a block takes
    // what its texts take and not a fixed entry per key.

    @inline(__always)
    func lookup(_ key: Int64) -> Lookup {
        let rel = key &- firstKey
        guard rel >= 0, rel &>> blockShift < Int64(blockCount) else { return .outside }
        let bits = slots[Int(rel &>> blockShift)].load(ordering: .acquiring)
        guard let block = UnsafeRawPointer(bitPattern: bits) else { return .miss }
        let entry = block.load(fromByteOffset: Int(rel & ((1 &<< blockShift) &- 1)) &* 4, as: UInt32.self)
        let length = entry & 0xFF
        if length == TextTable.uncached { return .outside }
        return .hit(UnsafeRawBufferPointer(start: block + Int(entry &>> 8), count: Int(length)))
    }

    /// Builds and publishes the block holding `key` with `text(k)` for each
    /// of its keys. The caller holds the lock that serialises builders.
    func build<E: Error>(blockOf key: Int64, _ text: (Int64) throws(E) -> [UInt8]) throws(E) {
        let rel = key &- firstKey
        guard rel >= 0, rel >> blockShift < Int64(blockCount) else { return }
        let b = Int(rel >> blockShift)
        if slots[b].load(ordering: .acquiring) != 0 { return }
        let per = 1 << blockShift
        var texts: [[UInt8]?] = [] // nil: too long to keep
        texts.reserveCapacity(per)
        for i in 0..<per {
            let bytes = try text(firstKey + Int64(b << blockShift + i))
            texts.append(bytes.count < maxLength ? bytes : nil)
        }
        let header = per * 4
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: header + texts.reduce(0) { $0 + ($1?.count ?? 0) }, alignment: 8)
        var offset = header
        for (i, bytes) in texts.enumerated() {
            guard let bytes else {
                block.storeBytes(of: TextTable.uncached, toByteOffset: i * 4, as: UInt32.self)
                continue
            }
            block.storeBytes(of: UInt32(offset) << 8 | UInt32(bytes.count), toByteOffset: i * 4, as: UInt32.self)
            if !bytes.isEmpty {
                bytes.withUnsafeBytes { (block + offset).copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
            }
            offset += bytes.count
        }
        slots[b].store(Int(bitPattern: block), ordering: .releasing)
    }
}
