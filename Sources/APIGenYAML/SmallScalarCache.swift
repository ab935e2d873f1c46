/// The strings of recent short scalars, so that a key or value seen before (`type`,
/// `description`, `string`: a large spec repeats a couple of thousand short texts tens of
/// thousands of times) is stored once, and is neither decoded nor validated again.
///
/// Direct-mapped by the bytes: a slot holds the index in `strings` of the last text of up to 15
/// bytes that hashed to it, and is used only when its bytes are exactly the scalar's.
struct SmallScalarCache {
    private struct Slot {
        /// The text's bytes (see `index(of:in:)`); `count` 0 marks an empty slot.
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = 0
        var index: Int32 = 0
    }

    private static let slotCount = 512
    private var slots = [Slot](repeating: Slot(), count: SmallScalarCache.slotCount)
    private var emptyIndex: Int32?

    /// The index in `strings` of a string with these bytes, appended unless cached.
    mutating func index(of bytes: UnsafeBufferPointer<UInt8>, in strings: inout [String]) -> Int32 {
        let count = bytes.count
        guard count > 0, count <= 15, let base = bytes.baseAddress else {
            if count == 0, let emptyIndex { return emptyIndex }
            strings.append(String(decoding: bytes, as: UTF8.self))
            let index = Int32(strings.count - 1)
            if count == 0 { emptyIndex = index }
            return index
        }
        // The bytes as two words; together with the count they name the text exactly. From
        // 8 bytes on, the words are the first and the last eight (overlapping below 16).
        let raw = UnsafeRawPointer(base)
        let low: UInt64
        let high: UInt64
        if count >= 8 {
            low = raw.loadUnaligned(as: UInt64.self)
            high = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            var word: UInt64 = 0
            for offset in 0..<count {
                word |= UInt64(base[offset]) << (UInt64(offset) * 8)
            }
            low = word
            high = 0
        }
        let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
        let slot = Int(truncatingIfNeeded: mixed >> 55)  // 9 bits: 512 slots
        return slots.withUnsafeMutableBufferPointer { slots in
            if slots[slot].count == count, slots[slot].low == low, slots[slot].high == high {
                return slots[slot].index
            }
            strings.append(String(decoding: bytes, as: UTF8.self))
            let index = Int32(strings.count - 1)
            slots[slot] = Slot(low: low, high: high, count: count, index: index)
            return index
        }
    }
}
