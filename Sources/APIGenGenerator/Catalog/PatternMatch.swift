import Foundation

/// Whether a text matches a schema's `pattern` (ECMA-262's `test`: a match anywhere), decided in
/// one place for samples and examples. The patterns specs write most (`^[a-zA-Z0-9_-]+$`,
/// `^tunnel_[a-z0-9]{32}$`) are matched directly; any other is compiled once by Foundation (ICU),
/// whose compile costs more than generating a small client.
enum PatternMatch {
    /// nil when the pattern is neither simple nor compiles.
    static func accepts(_ text: String, pattern: String) -> Bool? {
        guard pattern.utf8.count <= 1_000, text.utf8.count <= 10_000 else { return nil }
        if let simple = SimplePattern(pattern), let matched = simple.matches(text) {
            return matched
        }
        guard let expression = CompiledPatterns.shared.expression(pattern) else { return nil }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// An anchored pattern (`^…$`) of ASCII literals and classes, each with a count: what most
/// specs' patterns are.
struct SimplePattern {
    struct Item {
        var allowed: ASCIISet
        var least: Int
        var most: Int?
    }

    /// ASCII characters, one bit each.
    struct ASCIISet {
        var bits: (UInt64, UInt64) = (0, 0)

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { bits.0 |= 1 << UInt64(byte) } else { bits.1 |= 1 << UInt64(byte - 64) }
        }

        mutating func insert(_ range: ClosedRange<UInt8>) {
            for byte in range { insert(byte) }
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? bits.0 & (1 << UInt64(byte)) != 0 : byte < 128 && bits.1 & (1 << UInt64(byte - 64)) != 0
        }
    }

    let items: [Item]

    /// nil for a pattern outside the subset (unanchored, `.`, alternation, groups, negated classes).
    init?(_ pattern: String) {
        var bytes = Array(pattern.utf8)
        guard bytes.first == UInt8(ascii: "^"), bytes.count >= 2, bytes.last == UInt8(ascii: "$"),
            bytes[bytes.count - 2] != UInt8(ascii: "\\")
        else { return nil }
        bytes = Array(bytes[1..<(bytes.count - 1)])
        var items: [Item] = []
        var index = 0
        while index < bytes.count {
            guard let set = Self.atom(bytes, &index), let count = Self.count(bytes, &index) else { return nil }
            items.append(Item(allowed: set, least: count.least, most: count.most))
        }
        self.items = items
    }

    /// Whether the whole text matches; nil when matching would take too long to tell.
    func matches(_ text: String) -> Bool? {
        let bytes = Array(text.utf8)
        var budget = 20_000
        return Self.match(items[...], bytes[...], budget: &budget)
    }

    private static func match(_ items: ArraySlice<Item>, _ text: ArraySlice<UInt8>, budget: inout Int) -> Bool? {
        budget -= 1
        guard budget > 0 else { return nil }
        guard let item = items.first else { return text.isEmpty }
        var taken = 0
        while taken < item.least {
            guard taken < text.count, item.allowed.contains(text[text.startIndex + taken]) else { return false }
            taken += 1
        }
        var longest = taken
        while item.most.map({ longest < $0 }) ?? true, longest < text.count, item.allowed.contains(text[text.startIndex + longest]) {
            longest += 1
        }
        // Greedy first, then one fewer at a time, as a backtracking engine tries them.
        for length in stride(from: longest, through: taken, by: -1) {
            switch match(items.dropFirst(), text.dropFirst(length), budget: &budget) {
            case true?: return true
            case nil: return nil
            case false?: continue
            }
        }
        return false
    }

    private static func atom(_ bytes: [UInt8], _ index: inout Int) -> ASCIISet? {
        var set = ASCIISet()
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "["):
            return characterClass(bytes, &index)
        case UInt8(ascii: "\\"):
            guard index < bytes.count, let escaped = escape(bytes[index]) else { return nil }
            index += 1
            return escaped
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: " "):
            set.insert(byte)
            return set
        default:
            return nil
        }
    }

    /// An escaped punctuation character. (`\d` and `\w` are left to Foundation: ICU reads them
    /// as Unicode classes, and samples keep its reading.)
    private static func escape(_ byte: UInt8) -> ASCIISet? {
        var set = ASCIISet()
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "@"):
            set.insert(byte)
        default: return nil
        }
        return set
    }

    /// `[a-zA-Z0-9_.-]`: ranges of letters or digits, and literal punctuation.
    private static func characterClass(_ bytes: [UInt8], _ index: inout Int) -> ASCIISet? {
        var set = ASCIISet()
        guard index < bytes.count, bytes[index] != UInt8(ascii: "^") else { return nil }
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\\") {
                guard index < bytes.count, let escaped = escape(bytes[index]) else { return nil }
                index += 1
                set.bits = (set.bits.0 | escaped.bits.0, set.bits.1 | escaped.bits.1)
            } else if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] != UInt8(ascii: "]") {
                let upper = bytes[index + 1]
                guard isAlphanumeric(byte), isAlphanumeric(upper), byte <= upper else { return nil }
                set.insert(byte...upper)
                index += 2
            } else if isAlphanumeric(byte) || [UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: " ")].contains(byte) {
                set.insert(byte)
            } else {
                return nil
            }
        }
        guard index < bytes.count else { return nil }
        index += 1
        return set
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `+`, `*`, `?`, `{n}`, `{m,n}`, `{m,}`, or once.
    private static func count(_ bytes: [UInt8], _ index: inout Int) -> (least: Int, most: Int?)? {
        guard index < bytes.count else { return (1, 1) }
        switch bytes[index] {
        case UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "?"):
            let symbol = bytes[index]
            index += 1
            return symbol == UInt8(ascii: "+") ? (1, nil) : symbol == UInt8(ascii: "*") ? (0, nil) : (0, 1)
        case UInt8(ascii: "{"):
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
            let inside = String(decoding: bytes[(index + 1)..<close], as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            index = close + 1
            guard let least = Int(inside[0]), least <= 10_000 else { return nil }
            if inside.count == 1 { return (least, least) }
            guard inside.count == 2 else { return nil }
            if inside[1].isEmpty { return (least, nil) }
            guard let most = Int(inside[1]), most >= least else { return nil }
            return (least, most)
        default:
            return (1, 1)
        }
    }
}

/// Each pattern Foundation compiles, once: a spec repeats its patterns (an ID format on every ID).
final class CompiledPatterns: @unchecked Sendable {
    static let shared = CompiledPatterns()
    private let lock = NSLock()
    /// nil for a pattern Foundation cannot compile.
    private var expressions: [String: NSRegularExpression?] = [:]

    func expression(_ pattern: String) -> NSRegularExpression? {
        lock.withLock {
            if let known = expressions[pattern] { return known }
            let compiled = try? NSRegularExpression(pattern: pattern)
            expressions[pattern] = compiled
            return compiled
        }
    }
}
