/// The one escaping function: every string from a spec that reaches generated source goes
/// through here, as a string literal or as documentation. Nothing else writes spec text.
public enum SwiftLiteral {
    /// A Swift string literal: `"a \"b\" \\ \n"`. Control, bidi and line-separator characters
    /// are written as `\u{…}` escapes so the literal always stays on one line.
    public static func string(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `string(text)` appended to UTF-8 bytes.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        appendString(text) { out.append(contentsOf: $0) }
    }

    /// `string(text)` handed to `write` piece by piece, as UTF-8 bytes.
    static func appendString(_ text: String, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        let quote: StaticString = "\""
        quote.withUTF8Buffer(write)
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            var runStart = 0
            while index < bytes.count {
                // Printable ASCII other than `"` and `\` is copied as it is, a run at a time.
                let byte = bytes[index]
                if byte >= 0x20, byte < 0x7F, byte != 0x22, byte != 0x5C {
                    index += 1
                    continue
                }
                write(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                let (value, length) = scalar(at: index, in: bytes)
                switch value {
                case 0x22: ("\\\"" as StaticString).withUTF8Buffer(write)
                case 0x5C: ("\\\\" as StaticString).withUTF8Buffer(write)
                case 0x0A: ("\\n" as StaticString).withUTF8Buffer(write)
                case 0x0D: ("\\r" as StaticString).withUTF8Buffer(write)
                case 0x09: ("\\t" as StaticString).withUTF8Buffer(write)
                default:
                    if needsEscape(value) {
                        Array("\\u{\(String(value, radix: 16))}".utf8).withUnsafeBufferPointer(write)
                    } else {
                        write(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                    }
                }
                index += length
                runStart = index
            }
            write(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        }
        quote.withUTF8Buffer(write)
    }

    /// A raw string literal (`#"{"a":"b"}"#`), easier to read for JSON. The delimiter has more
    /// `#` than any run of `#` in the text, so neither a closing quote nor an interpolation can
    /// be formed inside; text with characters that must be escaped falls back to `string`.
    public static func rawString(_ text: String) -> String {
        guard let hashes = rawDelimiter(text) else {
            return string(text)
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 2 * hashes.utf8.count + 2)
        out += hashes
        out += "\""
        out += text
        out += "\""
        out += hashes
        return out
    }

    /// A multi-line string literal holding one line of text, as its three lines: the opening
    /// delimiter, the text, the closing delimiter (`#"""`, `{"a":"b"}`, `"""#`), for text too
    /// long for one line of code. Raw as in `rawString`, unless the text has characters that
    /// must be escaped: then escaped as in `string` (every quote too, so `"""` cannot occur).
    public static func multilineString(_ text: String) -> (open: String, content: String, close: String) {
        guard let hashes = rawDelimiter(text) else {
            return ("\"\"\"", String(string(text).dropFirst().dropLast()), "\"\"\"")
        }
        return (hashes + "\"\"\"", text, "\"\"\"" + hashes)
    }

    /// A raw multiline literal for text made of lines (a streamed body): the delimiters and the
    /// lines between them, the text's line feeds being the literal's own. nil when a line has
    /// characters that must be escaped.
    public static func multilineLines(_ text: String) -> (open: String, lines: [String], close: String)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let hashes = rawDelimiter(lines.joined()) else { return nil }
        return (hashes + "\"\"\"", lines, "\"\"\"" + hashes)
    }

    /// The `#`s of a raw literal for `text`: one more than its longest run of `#`, so neither a
    /// closing delimiter nor an escape can be formed inside; nil when the text has characters
    /// that must be escaped. One pass over the bytes.
    private static func rawDelimiter(_ text: String) -> String? {
        var copy = text
        let longestRun = copy.withUTF8 { bytes -> Int? in
            var longestRun = 0
            var run = 0
            var index = 0
            while index < bytes.count {
                // Printable ASCII other than `#`, most of any text: nothing to decode or escape.
                let lead = bytes[index]
                if (0x20..<0x7F).contains(lead) && lead != 0x23 {
                    run = 0
                    index += 1
                    continue
                }
                let (value, length) = scalar(at: index, in: bytes)
                if needsEscape(value) { return nil }
                run = value == 0x23 ? run + 1 : 0
                longestRun = max(longestRun, run)
                index += length
            }
            return longestRun
        }
        return longestRun.map { String(repeating: "#", count: $0 + 1) }
    }

    /// The scalar starting at `index` and its length in bytes. Swift strings are valid UTF-8,
    /// so the lead byte gives the length (clamped to the buffer all the same).
    private static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (value: UInt32, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 {
            return (UInt32(lead), 1)
        }
        let length = min(lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4, bytes.count - index)
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for continuation in bytes[(index + 1)..<(index + length)] {
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        return (value, length)
    }

    /// Spec text on one line of a doc comment, inside backquotes: the lines of
    /// `documentationLines(_:)` joined, with backquotes turned into quotes.
    public static func inlineDocumentation(_ text: String) -> String {
        documentationLines(text).joined(separator: " ").replacingOccurrences(of: "`", with: "'")
    }

    /// Lines of documentation text, safe to put after `/// `: line breaks of every kind split
    /// lines (CR LF counts once), tabs become spaces, and invisible or direction-changing
    /// characters are dropped. Works on UTF-8 bytes: descriptions are most of a spec's text.
    public static func documentationLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                // Most bytes are kept as they are: copy each run of them at once.
                let runStart = index
                while index < bytes.count, isPlainDocumentationByte(bytes[index]) {
                    index += 1
                }
                if index > runStart {
                    current.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    continue
                }
                let byte = bytes[index]
                switch byte {
                case 0x0D:
                    endLine(&current, into: &lines)
                    index += bytes.count > index + 1 && bytes[index + 1] == 0x0A ? 2 : 1
                    continue
                case 0x0A, 0x0B, 0x0C:
                    endLine(&current, into: &lines)
                case 0x09:
                    current += [0x20, 0x20, 0x20, 0x20]
                case 0x00..<0x20, 0x7F:
                    break
                case 0xC2, 0xE2, 0xEF:
                    switch special(bytes, at: index) {
                    case .lineBreak(let length):
                        endLine(&current, into: &lines)
                        index += length
                        continue
                    case .dropped(let length):
                        index += length
                        continue
                    case .kept:
                        current.append(byte)
                    }
                default:
                    current.append(byte)
                }
                index += 1
            }
        }
        endLine(&current, into: &lines)
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// What a multi-byte character starting at `index` is to documentation.
    private enum Special {
        case lineBreak(length: Int)
        case dropped(length: Int)
        case kept
    }

    /// C1 controls are dropped, NEL (U+0085) and the line and paragraph separators break the
    /// line, and invisible or direction-changing characters and the byte-order mark are dropped.
    private static func special(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Special {
        let lead = bytes[index]
        if lead == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
            return bytes[index + 1] == 0x85 ? .lineBreak(length: 2) : .dropped(length: 2)
        }
        if lead == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80 || bytes[index + 1] == 0x81 {
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            if second == 0x80, third == 0xA8 || third == 0xA9 {
                return .lineBreak(length: 3)
            }
            let invisible =
                second == 0x80 ? (third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third)) : (0xA6...0xA9).contains(third)
            return invisible ? .dropped(length: 3) : .kept
        }
        if lead == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
            return .dropped(length: 3)
        }
        return .kept
    }

    /// True where `documentationLines(text)` is `[text]`: one line of bytes it keeps as they are,
    /// not ending in a space. Most documentation is, and is then printed without a copy.
    public static func isOneDocumentationLine(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let last = bytes.last, last != UInt8(ascii: " ") else { return false }
            var index = 0
            // Eight bytes at a time while they are printable ASCII (no byte with the high bit,
            // none below a space, no DEL): most documentation is.
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                let ones: UInt64 = 0x0101_0101_0101_0101
                let belowSpace = (word &- ones &* 0x20) & ~word & high
                let delete = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & high
                guard (word & high) | belowSpace | delete == 0 else { break }
                index += 8
            }
            while index < bytes.count, isPlainDocumentationByte(bytes[index]) {
                index += 1
            }
            return index == bytes.count
        }
    }

    /// A static helper, not a nested function: variables a nested function captures are boxed
    /// and checked for exclusive access at run time on every use.
    private static func endLine(_ current: inout [UInt8], into lines: inout [String]) {
        while current.last == UInt8(ascii: " ") { current.removeLast() }
        lines.append(String(decoding: current, as: UTF8.self))
        current.removeAll(keepingCapacity: true)
    }

    /// Bytes `documentationLines` keeps without looking further: printable ASCII and UTF-8
    /// bytes other than the lead bytes of the characters it drops or breaks on.
    private static func isPlainDocumentationByte(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte < 0x7F) || (byte >= 0x80 && byte != 0xC2 && byte != 0xE2 && byte != 0xEF)
    }

    /// An integer literal, its digits grouped by three from five on (`10_000`), as Swift
    /// style writes them.
    public static func integer(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        guard digits.utf8.count >= 5 else { return String(value) }
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.utf8.count - index) % 3 == 0 { grouped.append("_") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// Swift source of a literal: strings through `string(_:)`, numbers as Swift reads them
    /// back, enum cases by their names, escaped.
    public static func code(for literal: Literal) -> String {
        switch literal {
        case .null: return "nil"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return integer(number)
        case .number(let number): return double(number) ?? "0"
        case .string(let text): return string(text)
        case .enumCase(let name): return "." + name.code
        case .array(let items): return "[" + items.map(code(for:)).joined(separator: ", ") + "]"
        case .dictionary(let members): return dictionary(members)
        case .decodedJSON(let json): return "EmbeddedJSON.decode(\(rawString(json)))"
        case .jsonArray(let items): return "[" + items.map(code(for:)).joined(separator: ", ") + "] as JSONValue"
        case .jsonObject(let members): return dictionary(members) + " as JSONValue"
        }
    }

    private static func dictionary(_ members: [Literal.Member]) -> String {
        guard !members.isEmpty else { return "[:]" }
        return "[" + members.map { "\(string($0.key)): \(code(for: $0.value))" }.joined(separator: ", ") + "]"
    }

    /// A floating-point literal that Swift reads back as the same Double.
    public static func double(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value)) + ".0"
        }
        return "\(value)"
    }

    private static func needsEscape(_ value: UInt32) -> Bool {
        return value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x200E || value == 0x200F || value == 0x2028 || value == 0x2029 || value == 0xFEFF
    }
}
