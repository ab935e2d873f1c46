/// The one printer: builds Swift source line by line with 4-space indentation.
///
/// Text is gathered as UTF-8 bytes: appending to an array is a copy, while appending to a
/// `String` pays for capacity and ASCII bookkeeping on every call, and a large spec prints
/// hundreds of thousands of pieces. Every piece comes from a `String` or a `StaticString`, so
/// the bytes are valid UTF-8; they are written to the file as they are.
public struct Printer {
    private var bytes: [UInt8] = []
    private var level = 0
    private var pendingBlank = false
    /// True right after a block opened: a blank line there would only add noise.
    private var justOpened = false

    public init() {
        bytes.reserveCapacity(16 * 1024)
    }

    /// Everything printed so far.
    public var text: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Everything printed so far, as the UTF-8 bytes a file is written with.
    public var utf8: [UInt8] {
        bytes
    }

    /// Writes one line at the current indentation (an empty string writes an empty line).
    public mutating func line(_ content: SourceText) {
        flushBlank()
        justOpened = false
        if !content.isEmpty {
            indent()
            append(content)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Asks for one empty line before the next line, unless a block just opened or closes next.
    public mutating func blank() {
        pendingBlank = !justOpened
    }

    /// `header {`, the body one level in, `}`.
    public mutating func block(_ header: SourceText, _ body: (inout Printer) -> Void) {
        flushBlank()
        justOpened = false
        indent()
        append(header)
        bytes.append(contentsOf: " {\n".utf8)
        level += 1
        pendingBlank = false
        justOpened = true
        body(&self)
        level -= 1
        pendingBlank = false
        line("}")
    }

    /// The body one level in, for blocks whose opening line is not `header {`
    /// (`return { request in`).
    public mutating func indented(_ body: (inout Printer) -> Void) {
        level += 1
        justOpened = true
        body(&self)
        level -= 1
        pendingBlank = false
    }

    /// `switch subject {` with its `case` lines at the switch's own indentation, as Swift
    /// style has it.
    public mutating func switchBlock(_ subject: SourceText, _ body: (inout Printer) -> Void) {
        line("switch \(subject) {")
        pendingBlank = false
        justOpened = true
        body(&self)
        pendingBlank = false
        line("}")
    }

    /// `/// ...` lines for documentation already split into lines.
    public mutating func documentation(_ documentation: Documentation) {
        for docLine in documentation.lines {
            flushBlank()
            justOpened = false
            indent()
            if docLine.isEmpty {
                append("///\n")
            } else {
                append("/// ")
                append(docLine)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
    }

    private mutating func append(_ text: SourceText) {
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ piece: String) {
        var piece = piece
        piece.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func indent() {
        let width = level * 4
        if width <= Self.spaces.count {
            bytes.append(contentsOf: Self.spaces[..<width])
        } else {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width))
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 128)

    private mutating func flushBlank() {
        if pendingBlank {
            bytes.append(UInt8(ascii: "\n"))
            pendingBlank = false
        }
    }
}
