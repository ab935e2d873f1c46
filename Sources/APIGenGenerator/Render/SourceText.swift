/// Text for one printer call (a line, a block header), built by string interpolation straight
/// into UTF-8 bytes: a line costs no allocation at all when it fits `InlineBytes` (most do), where
/// a `String` interpolation pays for growth and bookkeeping at every piece, and the printer then
/// copies the bytes once more.
public struct SourceText: ExpressibleByStringInterpolation {
    /// The text's bytes while they fit (and `spilled` is nil).
    private var inline = InlineBytes()
    /// All of the text's bytes once they no longer fit inline.
    private var spilled: [UInt8]?
    /// A text that is a single literal (`"}"`, which closes every block) keeps the literal
    /// itself: nothing to copy.
    private var literal: StaticString?

    public init(stringLiteral value: StaticString) {
        if value.hasPointerRepresentation {
            literal = value
        } else {
            append(value)
        }
    }

    public init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.text
    }

    /// Text already in a `String`.
    public init(_ text: String) {
        append(text)
    }

    private init() {}

    /// Length in UTF-8 bytes: at least the columns the text takes, so a line measured by it
    /// never runs past the limit.
    var count: Int {
        literal?.utf8CodeUnitCount ?? spilled?.count ?? inline.count
    }

    var isEmpty: Bool {
        count == 0
    }

    /// Calls `body` with the text's UTF-8 bytes.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let literal {
            return literal.withUTF8Buffer(body)
        }
        if let spilled {
            return spilled.withUnsafeBufferPointer(body)
        }
        return inline.withUTF8(body)
    }

    /// Appends raw UTF-8 bytes: inline while they fit, else to the spilled array. The common
    /// case, a piece that fits inline, is inlined into every caller; half a million pieces make
    /// a large client, and the call and frame of the general case cost more than the copy.
    @inline(__always)
    private mutating func append(bytes piece: UnsafeBufferPointer<UInt8>) {
        if literal == nil, spilled == nil, inline.append(piece) {
            return
        }
        appendGenerally(bytes: piece)
    }

    @inline(never)
    private mutating func appendGenerally(bytes piece: UnsafeBufferPointer<UInt8>) {
        if let kept = literal {
            literal = nil
            kept.withUTF8Buffer { append(bytes: $0) }
        }
        if spilled == nil, inline.append(piece) {
            return
        }
        if spilled == nil {
            var bytes = [UInt8]()
            bytes.reserveCapacity(2 * (inline.count + piece.count))
            inline.withUTF8 { bytes.append(contentsOf: $0) }
            spilled = bytes
        }
        spilled!.append(contentsOf: piece)
    }

    mutating func append(_ literal: StaticString) {
        guard literal.hasPointerRepresentation else {
            append(literal.description)
            return
        }
        literal.withUTF8Buffer { append(bytes: $0) }
    }

    mutating func append(_ piece: String) {
        var piece = piece
        piece.withUTF8 { append(bytes: $0) }
    }

    mutating func append(_ piece: Substring) {
        var piece = piece
        piece.withUTF8 { append(bytes: $0) }
    }

    mutating func append(_ other: SourceText) {
        other.withUTF8 { append(bytes: $0) }
    }

    /// `type` as written inside the type `scope`, without building the nested text first.
    mutating func append(_ type: SwiftType, scope: String) {
        switch type {
        case .named, .scalar, .generic: append(type.code(in: scope))
        case .array(let element):
            append("[" as StaticString)
            append(element, scope: scope)
            append("]" as StaticString)
        case .dictionary(let value):
            append("[String: " as StaticString)
            append(value, scope: scope)
            append("]" as StaticString)
        case .optional(let wrapped):
            append(wrapped, scope: scope)
            append("?" as StaticString)
        }
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var text: SourceText

        public init(literalCapacity: Int, interpolationCount: Int) {
            text = SourceText()
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            text.append(literal)
        }

        public mutating func appendInterpolation(_ value: String) {
            text.append(value)
        }

        public mutating func appendInterpolation(_ value: Substring) {
            text.append(value)
        }

        public mutating func appendInterpolation(_ value: SourceText) {
            text.append(value)
        }

        /// A name, escaped if it is a reserved word.
        public mutating func appendInterpolation(_ name: Identifier) {
            text.append(name.code)
        }

        public mutating func appendInterpolation(_ value: Bool) {
            text.append(value ? "true" as StaticString : "false")
        }

        public mutating func appendInterpolation(_ value: some BinaryInteger) {
            text.append(String(value))
        }

        /// A type as written inside the type `context` is rendering (`RenderContext.code`).
        mutating func appendInterpolation(_ type: SwiftType, in context: RenderContext) {
            text.append(type, scope: context.scope)
        }

        /// A Swift string literal for `value` (`SwiftLiteral.string`).
        mutating func appendInterpolation(literal value: String) {
            SwiftLiteral.appendString(value) { text.append(bytes: $0) }
        }
    }
}

/// Up to `capacity` bytes of text stored in place: a `SourceText` that fits (nearly every line of
/// a large client does) needs no buffer to allocate and free, which a buffer per line would cost
/// on every line generated.
struct InlineBytes {
    static let capacity = 112
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    /// Appends `piece` if it still fits; false, with nothing appended, if it does not.
    @inline(__always)
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count + piece.count <= Self.capacity else { return false }
        guard let source = piece.baseAddress, piece.count > 0 else { return true }
        let offset = count
        withUnsafeMutableBytes(of: &storage) { raw in
            (raw.baseAddress! + offset).copyMemory(from: source, byteCount: piece.count)
        }
        count += piece.count
        return true
    }

    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: storage) { raw in
            raw.withMemoryRebound(to: UInt8.self) { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
    }
}
