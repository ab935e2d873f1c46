/// How declarations are spread over a fixed set of numbered files (`Models07.swift`).
///
/// A declaration's file is chosen by a hash of a stable key (its name), so adding or changing
/// one schema or operation changes one file. Numbers are zero-padded so that the files sort
/// in number order: the compiler driver batches a module's files in name order.
enum FileSharding {
    /// `Models.swift` when there is one file, else `Models01.swift` … (`Models1.swift` under 10).
    static func fileName(_ base: String, index: Int, count: Int) -> String {
        guard count > 1 else { return "\(base).swift" }
        let number = String(index + 1)
        let width = String(count).count
        return base + String(repeating: "0", count: width - number.count) + number + ".swift"
    }

    /// Groups `items` into `count` shards by the hash of each item's key, keeping their order.
    static func shards<Item>(_ items: [Item], count: Int, key: (Item) -> String) -> [[Item]] {
        var shards = Array(repeating: [Item](), count: max(1, count))
        for item in items {
            shards[shard(of: key(item), count: shards.count)].append(item)
        }
        return shards
    }

    static func shard(of key: String, count: Int) -> Int {
        Int(stableHash(key) % UInt64(max(1, count)))
    }

    /// FNV-1a: the same on every run and platform, unlike `Hasher`.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
