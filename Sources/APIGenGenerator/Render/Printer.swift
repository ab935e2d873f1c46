/// The one printer: builds Swift source line by line with 4-space indentation.
public struct Printer {
    public private(set) var text = ""
    private var level = 0
    private var pendingBlank = false
    /// True right after a block opened: a blank line there would only add noise.
    private var justOpened = false

    public init() {
        text.reserveCapacity(16 * 1024)
    }

    /// Writes one line at the current indentation (an empty string writes an empty line).
    public mutating func line(_ content: String) {
        flushBlank()
        justOpened = false
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
        pendingBlank = !justOpened
    }

    /// `header {`, the body one level in, `}`.
    public mutating func block(_ header: String, _ body: (inout Printer) -> Void) {
        line(header + " {")
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
    public mutating func switchBlock(_ subject: String, _ body: (inout Printer) -> Void) {
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
