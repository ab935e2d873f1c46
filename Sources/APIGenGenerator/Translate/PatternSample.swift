import Foundation

/// A string that matches a schema's `pattern`, for samples: the common subset of ECMA-262 and
/// Python regular expressions that API specs use (literals, escapes, classes, groups,
/// alternation, quantifiers, anchors, look-arounds). nil for anything outside that subset
/// (back-references, Unicode properties), so the caller falls back to its plain sample.
enum PatternSample {
    /// A match of `pattern` whose length is within the bounds, trying a few more repetitions of
    /// open-ended quantifiers until the length fits; nil when none is found.
    static func string(matching pattern: String, variant: Int, minLength: Int?, maxLength: Int?) -> String? {
        guard pattern.utf8.count <= 1_000 else { return nil }
        var parser = Parser(characters: Array(pattern))
        guard let node = parser.parseAlternation(), parser.isAtEnd else { return nil }
        // A look-around writes nothing, so what the rest writes is checked against the whole
        // pattern (`^(?!sink_)[a-z_]+$`: a sample must not start with the excluded prefix).
        for extra in [0, 1, 2, 4, 8, 16, 32, 64] {
            var output = ""
            guard node.write(into: &output, extra: extra, variant: variant, budget: 4_096) else { return nil }
            let count = output.count
            if let maxLength, count > maxLength { return nil }
            guard minLength.map({ count >= $0 }) ?? true else { continue }
            if parser.hasLookaround, PatternMatch.accepts(output, pattern: pattern) != true { continue }
            return output
        }
        return nil
    }

    /// A parsed pattern.
    indirect enum Node {
        case sequence([Node])
        case alternation([Node])
        /// One character out of a set; `choices` in preference order.
        case character([Character])
        case repeated(Node, min: Int, max: Int?)
        /// `^`, `$`, `\b` and look-arounds: they match no character.
        case anchor

        /// Appends a match; false when it would exceed `budget` characters.
        func write(into output: inout String, extra: Int, variant: Int, budget: Int) -> Bool {
            switch self {
            case .sequence(let nodes):
                return nodes.allSatisfy { $0.write(into: &output, extra: extra, variant: variant, budget: budget) }
            case .alternation(let branches):
                return branches[0].write(into: &output, extra: extra, variant: variant, budget: budget)
            case .character(let choices):
                guard output.count < budget else { return false }
                output.append(choices[variant % choices.count])
                return true
            case .repeated(let node, let min, let max):
                let count = max.map { Swift.min($0, min + extra) } ?? (min + extra)
                for _ in 0..<count where !node.write(into: &output, extra: extra, variant: variant, budget: budget) {
                    return false
                }
                return true
            case .anchor:
                return true
            }
        }
    }

    /// Recursive descent over the pattern's characters; every method returns nil on syntax it
    /// does not support.
    struct Parser {
        let characters: [Character]
        var index = 0
        var depth = 0
        /// Whether the pattern holds a look-ahead or look-behind, whose condition the caller checks.
        var hasLookaround = false

        var isAtEnd: Bool { index == characters.count }

        private var next: Character? { index < characters.count ? characters[index] : nil }

        mutating func parseAlternation() -> Node? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { return nil }
            var branches: [Node] = []
            while true {
                guard let branch = parseSequence() else { return nil }
                branches.append(branch)
                guard next == "|" else { break }
                index += 1
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        private mutating func parseSequence() -> Node? {
            var nodes: [Node] = []
            while let character = next, character != "|", character != ")" {
                guard let atom = parseAtom(), let quantified = parseQuantifier(atom) else { return nil }
                nodes.append(quantified)
            }
            return .sequence(nodes)
        }

        private mutating func parseAtom() -> Node? {
            guard let character = next else { return nil }
            index += 1
            switch character {
            case "^", "$": return .anchor
            case ".": return .character(["a", "b", "c"])
            case "[": return parseClass()
            case "(":
                let isLookaround = next == "?" ? parseGroupPrefix() : false
                guard let isLookaround, let inner = parseAlternation(), next == ")" else { return nil }
                index += 1
                hasLookaround = hasLookaround || isLookaround
                return isLookaround ? .anchor : inner
            case "\\": return parseEscape(inClass: false).map { $0.isEmpty ? .anchor : .character($0) }
            case "{": return .character(["{"])
            case "*", "+", "?", ")", "|": return nil
            default: return .character([character])
            }
        }

        /// Past `(?`: a non-capturing or named group (false), a look-ahead or look-behind
        /// (true), or nil for another kind (flags, conditionals).
        private mutating func parseGroupPrefix() -> Bool? {
            let rest = characters[(index + 1)...].prefix(3)
            if rest.first == ":" {
                index += 2
                return false
            }
            if rest.first == "=" || rest.first == "!" {
                index += 2
                return true
            }
            if rest.starts(with: "<=") || rest.starts(with: "<!") {
                index += 3
                return true
            }
            // `(?<name>` and Python's `(?P<name>`: the name is skipped.
            guard rest.first == "<" || rest.starts(with: "P<"), let close = characters[index...].firstIndex(of: ">") else { return nil }
            index = close + 1
            return false
        }

        private mutating func parseQuantifier(_ atom: Node) -> Node? {
            var bounds: (Int, Int?)
            switch next {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                // A `{` that starts no quantifier is a literal (parsed as the next atom).
                guard let parsed = parseBraces() else { return atom }
                bounds = parsed
            default: return atom
            }
            index += 1
            if next == "?" || next == "+" { index += 1 }  // lazy and possessive forms match the same strings
            if let max = bounds.1, max < bounds.0 { return nil }
            guard bounds.0 <= 1_000 else { return nil }
            return .repeated(atom, min: bounds.0, max: bounds.1)
        }

        /// `{n}`, `{n,}` or `{n,m}` at `index`; leaves `index` on the closing brace.
        private mutating func parseBraces() -> (Int, Int?)? {
            var cursor = index + 1
            func number() -> Int? {
                var digits = ""
                while cursor < characters.count, let digit = characters[cursor].wholeNumberValue, characters[cursor].isASCII {
                    digits.append(String(digit))
                    cursor += 1
                }
                return digits.isEmpty ? nil : Int(digits.prefix(6))
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if cursor < characters.count, characters[cursor] == "," {
                cursor += 1
                high = number()
            }
            guard cursor < characters.count, characters[cursor] == "}" else { return nil }
            index = cursor
            return (low, high)
        }

        private mutating func parseClass() -> Node? {
            var negated = false
            if next == "^" {
                negated = true
                index += 1
            }
            var members: [Character] = []
            var ranges: [ClosedRange<Character>] = []
            var first = true
            while let character = next, character != "]" || first {
                first = false
                index += 1
                var low: Character
                if character == "\\" {
                    guard let escaped = parseEscape(inClass: true) else { return nil }
                    if escaped.count != 1 {
                        members += escaped
                        continue
                    }
                    low = escaped[0]
                } else {
                    low = character
                }
                if next == "-", index + 1 < characters.count, characters[index + 1] != "]" {
                    index += 1
                    guard var high = next else { return nil }
                    index += 1
                    if high == "\\" {
                        guard let escaped = parseEscape(inClass: true), escaped.count == 1 else { return nil }
                        high = escaped[0]
                    }
                    guard low <= high else { return nil }
                    ranges.append(low...high)
                } else {
                    members.append(low)
                }
            }
            guard next == "]" else { return nil }
            index += 1
            func contains(_ character: Character) -> Bool {
                members.contains(character) || ranges.contains { $0.contains(character) }
            }
            if negated {
                let choices = Self.printable.filter { !contains($0) }
                return choices.isEmpty ? nil : .character(choices)
            }
            // Ranges first (`a`, `b`, `c` of `a-z`): letters and digits read better than `_`.
            var choices: [Character] = []
            for range in ranges {
                // A few characters of each range are enough for variety.
                let scalars = range.lowerBound.unicodeScalars.first!.value...range.upperBound.unicodeScalars.first!.value
                choices += scalars.prefix(3).compactMap { Unicode.Scalar($0).map(Character.init) }
            }
            choices += members
            return choices.isEmpty ? nil : .character(choices)
        }

        /// The characters an escape matches, in preference order; empty for `\b`, `\B`, `\A`,
        /// `\z` and `\Z`, which match none. Leaves `index` after the escape.
        private mutating func parseEscape(inClass: Bool) -> [Character]? {
            guard let character = next else { return nil }
            index += 1
            switch character {
            case "d": return ["0", "1", "2"]
            case "w": return ["a", "b", "c"]
            case "s": return [" "]
            case "D", "S": return ["x", "y", "z"]
            case "W": return ["-"]
            case "n": return ["\n"]
            case "t": return ["\t"]
            case "r": return ["\r"]
            case "b" where !inClass, "B" where !inClass, "A", "z", "Z": return []
            case "u":
                guard index + 4 <= characters.count,
                    let value = UInt32(String(characters[index..<index + 4]), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                index += 4
                return [Character(scalar)]
            case "x":
                guard index + 2 <= characters.count, let value = UInt32(String(characters[index..<index + 2]), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                index += 2
                return [Character(scalar)]
            default:
                // Letters and digits escape into classes or back-references this subset lacks;
                // any other escaped character stands for itself.
                return character.isLetter || character.isNumber ? nil : [character]
            }
        }

        static let printable: [Character] = Array("abcxyzABCXYZ0123456789_-.")
    }
}
