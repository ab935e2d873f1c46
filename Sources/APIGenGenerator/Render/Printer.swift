import Foundation

/// The one printer: builds Swift source line by line with 4-space indentation.
///
/// Text is gathered as UTF-8 bytes: appending to an array is a copy, while appending to a
/// `String` pays for capacity and ASCII bookkeeping on every call, and a large spec prints
/// hundreds of thousands of pieces. Every piece comes from a `String` or a `StaticString`, so
/// the bytes are valid UTF-8; they are written to the file as they are.
public struct Printer: ~Copyable {
    private var bytes = ByteOutput()
    private var level = 0
    private var pendingBlank = false
    /// True right after a block opened: a blank line there would only add noise.
    private var justOpened = false

    /// The column limit of generated code: swift-format's `lineLength` in `.swift-format`.
    public static let lineLength = 140

    public init() {
    }

    /// A printer for a whole file: room for a large file from the start (memory that is not
    /// written is not touched).
    public static func forFile() -> Printer {
        var printer = Printer()
        printer.bytes = ByteOutput(capacity: 64 * 1024)
        return printer
    }

    /// Everything printed so far.
    public var text: String {
        bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Everything printed, as the bytes of a file, handed over without a copy; the printer is
    /// left empty.
    public mutating func takeContents() -> Data {
        bytes.take()
    }

    /// Writes one line at the current indentation (an empty string writes an empty line).
    public mutating func line(_ content: SourceText) {
        startLine(indented: !content.isEmpty)
        append(content)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Asks for one empty line before the next line, unless a block just opened or closes next.
    public mutating func blank() {
        pendingBlank = !justOpened
    }

    /// `header {`, the body one level in, `}`.
    public mutating func block(_ header: SourceText, _ body: (inout Printer) -> Void) {
        startLine(indented: true)
        append(header)
        openedBlock(body)
    }

    /// After a block's header: ` {`, the body one level in, `}`.
    private mutating func openedBlock(_ body: (inout Printer) -> Void) {
        (" {\n" as StaticString).withUTF8Buffer { bytes.append($0) }
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

    /// The first lines of a generated file: the header apigen knows its files by, then `imports`
    /// in name order; the `exported` ones are seen by whoever imports this module.
    public mutating func fileStart(specFileName: String, imports: [String], exported: Set<String> = []) {
        line(SourceText(GeneratedFile.header(specFileName: specFileName)))
        guard !imports.isEmpty else { return }
        blank()
        for module in imports.sorted() {
            // The runtime's helpers for generated code (`PropertyReader`, …) are its `Generated`
            // SPI: visible here, and not in the autocomplete of an app's own `import APIGenRuntime`.
            if module == "APIGenRuntime" {
                line("@_spi(Generated) import APIGenRuntime")
            } else {
                line(SourceText((exported.contains(module) ? "@_exported import " : "import ") + module))
            }
        }
    }

    /// Whether a line of `width` columns fits at the current indentation.
    public func fits(_ width: Int) -> Bool {
        level * 4 + width <= Self.lineLength
    }

    /// `open`, the items separated by `, ` and `close`, on one line when it fits; else `open`
    /// ends a line, each item has a line of its own one level in, followed by a comma (the
    /// last one only with `trailingComma`, as collection literals have it), and `close`
    /// starts a line: the layouts swift-format keeps.
    public mutating func list(_ open: SourceText, _ items: [SourceText], _ close: SourceText, trailingComma: Bool = false) {
        let width = open.count + (items.isEmpty ? 0 : Self.width(of: items)) + close.count
        if items.isEmpty || fits(width) {
            // Most lists fit on their line: written straight into the output, not joined first.
            startLine(indented: width > 0)
            appendJoined(open, items, close)
            bytes.append(UInt8(ascii: "\n"))
            return
        }
        line(open)
        wrappedItems(items, trailingComma: trailingComma)
        line(close)
    }

    /// `list` for a header followed by a block: `func name(a: A, b: B) -> R {`, body, `}`.
    public mutating func listBlock(_ open: SourceText, _ items: [SourceText], _ close: SourceText, _ body: (inout Printer) -> Void) {
        if items.isEmpty || fits(open.count + Self.width(of: items) + close.count + 2) {
            startLine(indented: true)
            appendJoined(open, items, close)
            openedBlock(body)
            return
        }
        line(open)
        wrappedItems(items, trailingComma: false)
        block(close, body)
    }

    /// A call whose arguments `list` wraps when its line is too long: `open`, `arguments`,
    /// `close`, as in `reader.decodeIfPresent(` `Int.self, "id"` `)`.
    public struct Call {
        var open: SourceText
        var arguments: [SourceText]
        var close: SourceText

        init(_ open: SourceText, _ arguments: [SourceText] = [], _ close: SourceText = "") {
            (self.open, self.arguments, self.close) = (open, arguments, close)
        }
    }

    /// `call` on one line, or with its arguments wrapped (`list`).
    public mutating func call(_ call: Call) {
        list(call.open, call.arguments, call.close)
    }

    private mutating func wrappedItems(_ items: [SourceText], trailingComma: Bool) {
        level += 1
        for (index, item) in items.enumerated() {
            line(index < items.count - 1 || trailingComma ? "\(item)," : item)
        }
        level -= 1
    }

    private static func width(of items: [SourceText]) -> Int {
        items.reduce(2 * (items.count - 1)) { $0 + $1.count }
    }

    /// `open`, the items separated by `, `, and `close`, on the current line.
    private mutating func appendJoined(_ open: SourceText, _ items: [SourceText], _ close: SourceText) {
        append(open)
        for (index, item) in items.enumerated() {
            if index > 0 {
                bytes.append(UInt8(ascii: ","))
                bytes.append(UInt8(ascii: " "))
            }
            append(item)
        }
        append(close)
    }

    /// `text` as a multi-line string literal (`SwiftLiteral.multilineString`): its three lines
    /// at the current indentation, the closing delimiter followed by `suffix`.
    public mutating func multilineString(_ text: String, suffix: StaticString = "") {
        let literal = SwiftLiteral.multilineString(text)
        line(SourceText(literal.open))
        line(SourceText(literal.content))
        var closing = SourceText(literal.close)
        closing.append(suffix)
        line(closing)
    }

    /// `/// ...` lines for documentation. Every entry is text as the spec or the generator wrote
    /// it, escaped here and nowhere else (`SwiftLiteral.documentationLines`), so no spec text can
    /// end the comment. Empty entries are blank lines between paragraphs; blank lines at either end
    /// are dropped.
    public mutating func documentation(_ documentation: Documentation) {
        var blanks = 0
        var started = false
        for entry in documentation.lines {
            if entry.isEmpty {
                if started { blanks += 1 }
                continue
            }
            if SwiftLiteral.isOneDocumentationLine(entry) {
                documentationLine(entry, after: &blanks)
                started = true
                continue
            }
            for line in SwiftLiteral.documentationLines(entry) {
                if line.isEmpty {
                    if started { blanks += 1 }
                } else {
                    documentationLine(line, after: &blanks)
                    started = true
                }
            }
        }
    }

    /// Documentation given as lines of text, escaped as `documentation(_:)` does.
    public mutating func documentation(_ lines: String...) {
        documentation(Documentation(lines))
    }

    private mutating func documentationLine(_ text: String, after blanks: inout Int) {
        while blanks > 0 {
            startLine(indented: true)
            append("///\n")
            blanks -= 1
        }
        startLine(indented: true)
        append("/// ")
        append(text)
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func append(_ text: SourceText) {
        text.withUTF8 { bytes.append($0) }
    }

    private mutating func append(_ piece: String) {
        var piece = piece
        piece.withUTF8 { bytes.append($0) }
    }

    private mutating func indent() {
        let width = level * 4
        if width <= Self.spaces.utf8CodeUnitCount {
            Self.spaces.withUTF8Buffer { bytes.append(UnsafeBufferPointer(rebasing: $0[..<width])) }
        } else {
            bytes.append(UInt8(ascii: " "), count: width)
        }
    }

    /// 32 levels of indentation. A literal rather than an array: it needs no lazy initialization,
    /// reference counting or generic slice for each of the hundred thousand lines of a large file.
    private static let spaces: StaticString =
        "                                                                                                                                "

    /// A new line: the blank asked for before it, then its indentation unless it is empty.
    private mutating func startLine(indented: Bool) {
        flushBlank()
        justOpened = false
        if indented {
            indent()
        }
    }

    private mutating func flushBlank() {
        if pendingBlank {
            bytes.append(UInt8(ascii: "\n"))
            pendingBlank = false
        }
    }
}

/// The printer's output, in memory from `malloc` written through a pointer and grown with
/// `realloc`, which moves a large block by remapping its pages: no byte is zeroed or copied
/// after it is written, and the finished file is handed over as `Data` that frees the memory.
/// Not copyable, so two printers can never share it.
private struct ByteOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(capacity: Int = 16 * 1024) {
        self.capacity = capacity
        base = Self.allocate(capacity)
    }

    deinit {
        free(base)
    }

    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    mutating func append(_ byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        if count + repeats > capacity { grow(toHold: count + repeats) }
        (base + count).initialize(repeating: byte, count: repeats)
        count += repeats
    }

    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let from = source.baseAddress, !source.isEmpty else { return }
        let end = count + source.count
        if end > capacity { grow(toHold: end) }
        (base + count).update(from: from, count: source.count)
        count = end
    }

    /// The bytes written, as `Data` that owns them (nothing copied); empty afterwards.
    mutating func take() -> Data {
        let taken = Data(bytesNoCopy: base, count: count, deallocator: .free)
        capacity = 16
        base = Self.allocate(capacity)
        count = 0
        return taken
    }

    /// Calls `body` with the bytes written so far.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    private mutating func grow(toHold needed: Int) {
        capacity = Swift.max(needed, capacity * 2)
        guard let moved = realloc(base, capacity) else { fatalError("apigen: out of memory") }
        base = moved.assumingMemoryBound(to: UInt8.self)
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("apigen: out of memory") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }
}
