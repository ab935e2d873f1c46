import Foundation

/// The node tree of one YAML or JSON file.
///
/// Nodes live in flat arrays and are named by index (`YAMLNode`), which keeps a 3 MB spec
/// to a few allocations and makes every node's line, column and JSON pointer cheap to recover.
/// An alias is the same node as its anchor, so aliases never copy anything.
public final class YAMLDocument: Sendable {
    public enum Kind: UInt8, Sendable {
        case scalar
        case mapping
        case sequence
    }

    /// One node, in 20 bytes: a large file holds millions of them, and the reader's memory
    /// budget (`YAMLReader.Limits.nodeBudget`) is counted in nodes.
    struct Entry: Sendable {
        /// The kind (2 bits), whether a scalar is plain (1 bit) and the line (29 bits).
        var header: UInt32
        var column: Int32
        /// Scalar: index into `strings`. Collection: index of the first child in `children`.
        var start: Int32
        /// Collection: number of child slots (a mapping uses two per entry).
        var count: Int32
        var parent: Int32

        static let maxLine = Int32(1 << 29 - 1)

        init(kind: Kind, isPlain: Bool, line: Int32, column: Int32, start: Int32, count: Int32, parent: Int32) {
            header = UInt32(kind.rawValue) | (isPlain ? 4 : 0) | UInt32(min(max(line, 0), Self.maxLine)) << 3
            self.column = column
            self.start = start
            self.count = count
            self.parent = parent
        }

        var kind: Kind {
            Kind(rawValue: UInt8(truncatingIfNeeded: header & 3)) ?? .scalar
        }

        /// Plain (unquoted, untagged) scalars are the only ones that can mean null, bool or number.
        var isPlain: Bool {
            header & 4 != 0
        }

        var line: Int32 {
            Int32(header >> 3)
        }
    }

    /// The file path as given, used in diagnostics.
    public let path: String
    public let root: YAMLNode
    let entries: [Entry]
    let strings: [String]
    let children: [Int32]
    /// The keys of large mappings (`components/schemas` of a big spec), so that following a
    /// reference is a lookup instead of a scan over thousands of keys.
    let largeMappings: [Int32: KeyTable]

    init(path: String, root: YAMLNode, entries: [Entry], strings: [String], children: [Int32], largeMappings: [Int32: KeyTable]) {
        self.path = path
        self.root = root
        self.entries = entries
        self.strings = strings
        self.children = children
        self.largeMappings = largeMappings
    }

    public var nodeCount: Int {
        entries.count
    }

    public func kind(_ node: YAMLNode) -> Kind {
        entries[node.index].kind
    }

    /// The scalar's text, or nil for a mapping or sequence.
    public func scalar(_ node: YAMLNode) -> String? {
        let entry = entries[node.index]
        return entry.kind == .scalar ? strings[Int(entry.start)] : nil
    }

    public func isPlainScalar(_ node: YAMLNode) -> Bool {
        let entry = entries[node.index]
        return entry.kind == .scalar && entry.isPlain
    }

    public func location(_ node: YAMLNode) -> SourceLocation {
        let entry = entries[node.index]
        return SourceLocation(file: path, line: Int(entry.line), column: Int(entry.column))
    }

    /// Number of entries of a mapping or items of a sequence; 0 for a scalar.
    public func count(_ node: YAMLNode) -> Int {
        let entry = entries[node.index]
        switch entry.kind {
        case .scalar: return 0
        case .mapping: return Int(entry.count) / 2
        case .sequence: return Int(entry.count)
        }
    }

    /// The key/value pairs of a mapping in document order; empty for other kinds.
    public func pairs(_ node: YAMLNode) -> PairSequence {
        let entry = entries[node.index]
        guard entry.kind == .mapping else { return PairSequence(document: self, range: 0..<0) }
        let start = Int(entry.start)
        return PairSequence(document: self, range: start..<(start + Int(entry.count)))
    }

    /// The items of a sequence in order; empty for other kinds.
    public func items(_ node: YAMLNode) -> [YAMLNode] {
        let entry = entries[node.index]
        guard entry.kind == .sequence else { return [] }
        let start = Int(entry.start)
        return children[start..<(start + Int(entry.count))].map { YAMLNode(index: Int($0)) }
    }

    /// The value for a scalar key of a mapping.
    public func value(_ node: YAMLNode, forKey key: String) -> YAMLNode? {
        if let keys = largeMappings[Int32(node.index)] {
            return keys.slot(of: key, entries: entries, strings: strings, children: children).map {
                YAMLNode(index: Int(children[Int($0) + 1]))
            }
        }
        for pair in pairs(node) where pair.key == key {
            return pair.value
        }
        return nil
    }

    /// The JSON pointer of a node (`/paths/~1pets/get`), found by walking up to the root.
    /// An aliased node reports the pointer of its anchor.
    public func pointer(_ node: YAMLNode) -> String {
        var tokens: [String] = []
        var current = node.index
        while true {
            let parent = Int(entries[current].parent)
            if parent < 0 { break }
            let parentEntry = entries[parent]
            let start = Int(parentEntry.start)
            let end = start + Int(parentEntry.count)
            if parentEntry.kind == .mapping {
                var slot = start + 1
                while slot < end, Int(children[slot]) != current { slot += 2 }
                if slot < end {
                    tokens.append(JSONPointer.escape(strings[Int(entries[Int(children[slot - 1])].start)]))
                } else {
                    // `current` is a key: point at the mapping itself.
                }
            } else {
                var slot = start
                while slot < end, Int(children[slot]) != current { slot += 1 }
                tokens.append(String(slot - start))
            }
            current = parent
        }
        return tokens.reversed().reduce(into: "") { $0 += "/" + $1 }
    }

    /// Follows a JSON pointer (`/components/schemas/Pet`) from the root.
    public func resolve(pointer: String) -> YAMLNode? {
        JSONPointer.tokens(pointer).flatMap(resolve(tokens:))
    }

    /// Follows a pointer already split by `JSONPointer.tokens` from the root.
    public func resolve(tokens: [String]) -> YAMLNode? {
        var node = root
        for token in tokens {
            switch kind(node) {
            case .mapping:
                guard let next = value(node, forKey: token) else { return nil }
                node = next
            case .sequence:
                guard let index = Int(token), index >= 0, index < count(node) else { return nil }
                node = YAMLNode(index: Int(children[Int(entries[node.index].start) + index]))
            case .scalar:
                return nil
            }
        }
        return node
    }
}

/// The keys of one mapping, open-addressed: each slot holds the position of a key in
/// `children` (or -1), 8 bytes a key where a `[String: Int32]` or a `Set<String>` takes about
/// 30. The reader builds one for every mapping of more than eight keys to find a repeated key,
/// and keeps those of large mappings for lookups.
struct KeyTable: Sendable {
    private var slots: [Int32]

    /// The table of the mapping whose key and value slots are `children[positions]`, or the
    /// position of the first key that repeats an earlier one.
    static func make(
        positions: Range<Int>, entries: [YAMLDocument.Entry], strings: [String], children: [Int32]
    ) -> Result<KeyTable, RepeatedKey> {
        var size = 32
        while size < positions.count { size *= 2 }  // twice the keys: probes stay short
        var slots = [Int32](repeating: -1, count: size)
        for position in stride(from: positions.lowerBound, to: positions.upperBound, by: 2) {
            let key = strings[Int(entries[Int(children[position])].start)]
            var index = key.hashValue & (size - 1)
            while slots[index] >= 0 {
                if strings[Int(entries[Int(children[Int(slots[index])])].start)] == key {
                    return .failure(RepeatedKey(position: position))
                }
                index = (index + 1) & (size - 1)
            }
            slots[index] = Int32(position)
        }
        return .success(KeyTable(slots: slots))
    }

    struct RepeatedKey: Error {
        let position: Int
    }

    /// The position of `key` in `children`.
    func slot(of key: String, entries: [YAMLDocument.Entry], strings: [String], children: [Int32]) -> Int32? {
        let mask = slots.count - 1
        var index = key.hashValue & mask
        while slots[index] >= 0 {
            if strings[Int(entries[Int(children[Int(slots[index])])].start)] == key { return slots[index] }
            index = (index + 1) & mask
        }
        return nil
    }
}

/// A node of a `YAMLDocument`.
public struct YAMLNode: Hashable, Sendable {
    public let index: Int

    public init(index: Int) {
        self.index = index
    }
}

/// Iterates a mapping's pairs without allocating an array.
public struct PairSequence: Sequence {
    public struct Pair {
        public let key: String
        public let keyNode: YAMLNode
        public let value: YAMLNode
    }

    let document: YAMLDocument
    let range: Range<Int>

    public struct Iterator: IteratorProtocol {
        let document: YAMLDocument
        var slot: Int
        let end: Int

        public mutating func next() -> Pair? {
            guard slot < end else { return nil }
            let keyIndex = Int(document.children[slot])
            let valueIndex = Int(document.children[slot + 1])
            slot += 2
            let keyEntry = document.entries[keyIndex]
            let key = keyEntry.kind == .scalar ? document.strings[Int(keyEntry.start)] : ""
            return Pair(key: key, keyNode: YAMLNode(index: keyIndex), value: YAMLNode(index: valueIndex))
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(document: document, slot: range.lowerBound, end: range.upperBound)
    }

    public var underestimatedCount: Int {
        range.count / 2
    }
}

/// JSON pointer (RFC 6901) tokens: `~0` is `~`, `~1` is `/`.
public enum JSONPointer {
    public static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Splits `/a/b~1c` into `["a", "b/c"]`; nil when the pointer is malformed
    /// (not starting with `/`, or a `~` not followed by 0 or 1).
    public static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        // ASCII (nearly every pointer) is split on bytes; other text by characters, as a
        // combining mark after `/` or `~` makes one character that is neither.
        guard pointer.isASCII else { return characterTokens(pointer) }
        var copy = pointer
        return copy.withUTF8 { bytes -> [String]? in
            guard bytes[0] == UInt8(ascii: "/") else { return nil }
            var result: [String] = []
            var start = 1
            while true {
                var end = start
                var escaped = false
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") {
                    escaped = escaped || bytes[end] == UInt8(ascii: "~")
                    end += 1
                }
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if escaped {
                    guard let token = unescape(ascii: raw) else { return nil }
                    result.append(token)
                } else {
                    result.append(String(decoding: raw, as: UTF8.self))
                }
                guard end < bytes.count else { return result }
                start = end + 1
            }
        }
    }

    private static func unescape(ascii raw: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            index += 1
            guard byte == UInt8(ascii: "~") else {
                out.append(byte)
                continue
            }
            guard index < raw.count else { return nil }
            switch raw[index] {
            case UInt8(ascii: "0"): out.append(UInt8(ascii: "~"))
            case UInt8(ascii: "1"): out.append(UInt8(ascii: "/"))
            default: return nil
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func characterTokens(_ pointer: String) -> [String]? {
        guard pointer.hasPrefix("/") else { return nil }
        var result: [String] = []
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = unescape(raw) else { return nil }
            result.append(token)
        }
        return result
    }

    static func unescape(_ raw: Substring) -> String? {
        guard raw.contains("~") else { return String(raw) }
        var out = ""
        var iterator = raw.makeIterator()
        while let character = iterator.next() {
            if character == "~" {
                switch iterator.next() {
                case "0": out.append("~")
                case "1": out.append("/")
                default: return nil
                }
            } else {
                out.append(character)
            }
        }
        return out
    }
}

extension String {
    /// True when every character is ASCII, so that byte and character operations agree.
    public var isASCII: Bool {
        var copy = self
        return copy.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }
}
