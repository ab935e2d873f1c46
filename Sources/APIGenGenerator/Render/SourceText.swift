/// Text for one printer call (a line, a block header), built by string interpolation straight
/// into UTF-8 bytes: a line costs one buffer, where a `String` interpolation pays for growth
/// and bookkeeping at every piece, and the printer then copies the bytes once more.
public struct SourceText: ExpressibleByStringInterpolation {
    /// The text's UTF-8 bytes, unless the text is one literal (`literal`).
    private var bytes: [UInt8]
    /// A text that is a single literal (`"}"`, which closes every block) keeps the literal
    /// itself: no buffer to allocate and free.
    private var literal: StaticString?

    public init(stringLiteral value: StaticString) {
        bytes = []
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
        bytes = []
        append(text)
    }

    private init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Length in UTF-8 bytes: at least the columns the text takes, so a line measured by it
    /// never runs past the limit.
    var count: Int {
        literal.map(\.utf8CodeUnitCount) ?? bytes.count
    }

    var isEmpty: Bool {
        literal.map { $0.utf8CodeUnitCount == 0 } ?? bytes.isEmpty
    }

    /// Calls `body` with the text's UTF-8 bytes.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let literal {
            return literal.withUTF8Buffer(body)
        }
        return bytes.withUnsafeBufferPointer(body)
    }

    /// Moves a kept literal into the bytes before anything is appended to it.
    private mutating func materialize() {
        guard let kept = literal else { return }
        literal = nil
        kept.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ literal: StaticString) {
        materialize()
        guard literal.hasPointerRepresentation else {
            append(literal.description)
            return
        }
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ piece: String) {
        materialize()
        var piece = piece
        piece.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ piece: Substring) {
        materialize()
        var piece = piece
        piece.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ other: SourceText) {
        materialize()
        other.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `type` as written inside the type `scope`, without building the nested text first.
    mutating func append(_ type: SwiftType, scope: String) {
        switch type {
        case .named: append(type.code(in: scope))
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
            text = SourceText(capacity: literalCapacity + 48 * interpolationCount)
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
            SwiftLiteral.appendString(value, to: &text.bytes)
        }
    }
}
