/// The one printer: builds Swift source line by line with 4-space indentation.
public struct Printer {
    public private(set) var text = ""
    private var level = 0
    private var pendingBlank = false

    public init() {
        text.reserveCapacity(16 * 1024)
    }

    /// Writes one line at the current indentation (an empty string writes an empty line).
    public mutating func line(_ content: String) {
        flushBlank()
        if content.isEmpty {
            text += "\n"
            return
        }
        for _ in 0..<level {
            text += "    "
        }
        text += content
        text += "\n"
    }

    /// Asks for one empty line before the next line, unless a block just opened or closes next.
    public mutating func blank() {
        pendingBlank = true
    }

    /// `header {`, the body one level in, `}`.
    public mutating func block(_ header: String, _ body: (inout Printer) -> Void) {
        line(header + " {")
        level += 1
        pendingBlank = false
        body(&self)
        level -= 1
        pendingBlank = false
        line("}")
    }

    /// `switch subject {` with its `case` lines at the switch's own indentation, as Swift
    /// style has it.
    public mutating func switchBlock(_ subject: String, _ body: (inout Printer) -> Void) {
        line("switch \(subject) {")
        pendingBlank = false
        body(&self)
        pendingBlank = false
        line("}")
    }

    /// `/// ...` lines for documentation already split into lines.
    public mutating func documentation(_ documentation: Documentation) {
        for docLine in documentation.lines {
            line(docLine.isEmpty ? "///" : "/// " + docLine)
        }
    }

    private mutating func flushBlank() {
        if pendingBlank {
            text += "\n"
            pendingBlank = false
        }
    }
}
