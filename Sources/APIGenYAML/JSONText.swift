import Foundation

/// JSON read through libyaml, with JSON's rules for what a string may hold.
///
/// JSON allows any character from U+0020 in a string except `"` and `\`, but libyaml's reader
/// refuses some of them anywhere in a file (DEL, the C1 controls other than NEL, U+FFFE and
/// U+FFFF: SendGrid's spec has U+009F inside a string), takes NEL, LS and PS for line breaks
/// (folding them into spaces and counting lines that no editor shows), and refuses the escaped
/// surrogate pairs JSON writes characters beyond U+FFFF with (`\uD83D\uDE00`). Inside strings,
/// `prepare` rewrites each as the YAML escape of the same character (`\u009F`, `\U0001F600`),
/// so the scalar libyaml returns is the string JSON means; outside strings nothing changes, so
/// what YAML rejects there JSON rejects too.
enum JSONText {
    /// The text to give libyaml and where its columns differ from the file's; nil when the
    /// file needs no rewriting (the usual case, which costs one pass over the bytes and no copy).
    static func prepare(_ input: UnsafeRawBufferPointer) -> (bytes: Data, shifts: ColumnShifts)? {
        let bytes = UnsafeBufferPointer(start: input.baseAddress?.assumingMemoryBound(to: UInt8.self), count: input.count)
        guard startsLikeJSON(bytes), mayNeedRewriting(bytes) else { return nil }
        var rewriter = Rewriter(bytes)
        rewriter.run()
        guard !rewriter.shifts.isEmpty else { return nil }
        return (Data(rewriter.output), rewriter.shifts)
    }

    /// A `.json` file whose first character is not `{` or `[` is YAML by another name; its
    /// quotes are not JSON's, so it is left to YAML's rules.
    private static func startsLikeJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = hasByteOrderMark(bytes) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && (bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "["))
    }

    static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// Whether anything that `Rewriter` rewrites appears at all, inside a string or not.
    private static func mayNeedRewriting(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices {
            let byte = bytes[index]
            // Every case starts with one of these bytes; the rest of the file is skipped at a compare each.
            guard byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF || byte == UInt8(ascii: "\\") else { continue }
            if refusedCharacter(in: bytes, at: index) != nil || surrogatePair(in: bytes, at: index) != nil {
                return true
            }
        }
        return false
    }

    /// The character at `index` if it is one that libyaml refuses or takes for a line break,
    /// with its length in bytes.
    static func refusedCharacter(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int)? {
        func byte(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        switch bytes[index] {
        case 0x7F:
            return (0x7F, 1)
        case 0xC2:
            // U+0080–U+009F, NEL (U+0085) included.
            guard let second = byte(1), (0x80...0x9F).contains(second) else { return nil }
            return (UInt32(second), 2)
        case 0xE2:
            // LS and PS.
            guard byte(1) == 0x80, let third = byte(2), third == 0xA8 || third == 0xA9 else { return nil }
            return (0x2000 | UInt32(third & 0x3F), 3)
        case 0xEF:
            guard byte(1) == 0xBF, let third = byte(2), third == 0xBE || third == 0xBF else { return nil }
            return (0xFFC0 | UInt32(third & 0x3F), 3)
        default:
            return nil
        }
    }

    /// The character an escaped surrogate pair starting at `index` stands for (12 bytes).
    static func surrogatePair(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index + 12 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 6] == UInt8(ascii: "\\"),
            let high = unicodeEscape(bytes, at: index), (0xD800...0xDBFF).contains(high),
            let low = unicodeEscape(bytes, at: index + 6), (0xDC00...0xDFFF).contains(low)
        else { return nil }
        return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    /// The value of `\uXXXX` at `index`.
    private static func unicodeEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = hexValue(bytes[index + offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

/// Copies a JSON text, rewriting what `JSONText` describes inside strings, and counts lines and
/// columns as libyaml will in the copy, so each rewrite's column shift is known by libyaml's line.
private struct Rewriter {
    let input: UnsafeBufferPointer<UInt8>
    var output: [UInt8] = []
    var shifts = ColumnShifts()
    private var index = 0
    /// Input bytes before this are in `output` already.
    private var copied = 0
    private var line: Int32 = 1
    private var column: Int32 = 1

    init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        output.reserveCapacity(input.count + 64)
        // libyaml skips a byte order mark without counting it as a column.
        index = JSONText.hasByteOrderMark(input) ? 3 : 0
    }

    mutating func run() {
        var inString = false
        var escaped = false
        while index < input.count {
            let byte = input[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    if let scalar = JSONText.surrogatePair(in: input, at: index) {
                        replace(12, with: "\\U" + hex(scalar, digits: 8))
                        continue
                    }
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if let refused = JSONText.refusedCharacter(in: input, at: index) {
                    replace(refused.length, with: "\\u" + hex(refused.scalar, digits: 4), columns: 1)
                    continue
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            advance(past: byte)
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied...]))
    }

    /// Counts one byte of the copy as libyaml does: a line break (LF, CR LF, a lone CR, and
    /// outside strings NEL, LS and PS) starts a new line, and every other character is a column.
    private mutating func advance(past byte: UInt8) {
        let isBreak =
            byte == 0x0A || (byte == 0x0D && (index + 1 == input.count || input[index + 1] != 0x0A))
            || JSONText.refusedCharacter(in: input, at: index).map { [0x85, 0x2028, 0x2029].contains($0.scalar) } == true
        if isBreak {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80, byte != 0x0D {
            column += 1
        }
        index += 1
    }

    /// Writes `replacement` for the next `length` bytes, which the file shows as `columns` columns.
    private mutating func replace(_ length: Int, with replacement: String, columns: Int32? = nil) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<index]))
        output.append(contentsOf: replacement.utf8)
        let width = Int32(replacement.utf8.count)
        shifts.append(line: line, start: column, width: width, originalWidth: columns ?? Int32(length))
        column += width
        index += length
        copied = index
    }

    private func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(digits - text.count, 0)) + text
    }
}

/// Where the columns of a rewritten text differ from the file's: libyaml reports positions in
/// the text it read, diagnostics must quote the file's.
struct ColumnShifts: Sendable {
    private struct Shift {
        var line: Int32
        /// The rewrite's first column, and the column after it, in the rewritten text.
        var start: Int32
        var end: Int32
        /// How many columns longer the rewrite made the line.
        var growth: Int32
    }

    /// In file order, so sorted by line.
    private var shifts: [Shift] = []

    var isEmpty: Bool { shifts.isEmpty }

    mutating func append(line: Int32, start: Int32, width: Int32, originalWidth: Int32) {
        shifts.append(Shift(line: line, start: start, end: start + width, growth: width - originalWidth))
    }

    /// The file's column for a column of the rewritten text; one inside a rewrite is its start.
    func original(line: Int32, column: Int32) -> Int32 {
        guard !shifts.isEmpty else { return column }
        var low = 0
        var high = shifts.count
        while low < high {
            let middle = (low + high) / 2
            if shifts[middle].line < line { low = middle + 1 } else { high = middle }
        }
        var result = column
        for shift in shifts[low...] {
            guard shift.line == line, shift.start < column else { break }
            result -= column < shift.end ? column - shift.start : shift.growth
        }
        return result
    }
}
