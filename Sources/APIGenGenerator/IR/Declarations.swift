/// The Swift declarations apigen emits, as plain data between translation and rendering.

/// Documentation for a declaration: text as the spec or the generator wrote it, one entry per
/// line or paragraph, with `""` for a blank line between paragraphs. It is escaped only when
/// printed (`Printer.documentation`), so an entry may hold any text, line breaks included.
public struct Documentation: Hashable, Sendable {
    public var lines: [String]

    public init(_ lines: [String] = []) {
        self.lines = lines
    }

    /// The documentation of `text`, or none where the spec gave none (or only white space).
    public init(_ text: String?) {
        self.lines = text.map { Self.hasText($0) ? [$0] : [] } ?? []
    }

    public var isEmpty: Bool {
        lines.isEmpty
    }

    /// The lines as they will be printed: for text that must keep the line structure (an
    /// indented list item) or take one line of it (a summary).
    public var printedLines: [String] {
        lines.flatMap { $0.isEmpty ? [""] : SwiftLiteral.documentationLines($0) }
    }

    /// The first line printed, or nil for no text.
    public var firstLine: String? {
        for entry in lines where !entry.isEmpty {
            if let line = SwiftLiteral.documentationLines(entry).first { return line }
        }
        return nil
    }

    /// Adds `text` as a paragraph of its own, after a blank line if there is text before it.
    public mutating func appendParagraph(_ text: String) {
        guard Self.hasText(text) else { return }
        if !lines.isEmpty { lines.append("") }
        lines.append(text)
    }

    /// `` `GET /pets/{id}` ``: the line that says how an operation is sent, the path on one line.
    static func methodLine(_ method: String, _ path: String) -> String {
        "`\(method.uppercased()) \(SwiftLiteral.documentationLines(path).joined())`"
    }

    /// False for text that prints as nothing but blank lines.
    static func hasText(_ text: String) -> Bool {
        text.utf8.contains { $0 > 0x20 && $0 != 0x7F }
    }
}

public struct TypeDeclaration: Sendable {
    public enum Kind: Sendable {
        case structure(StructDeclaration)
        case enumeration(EnumDeclaration)
        case union(UnionDeclaration)
        case alias(SwiftType)
        /// An array or map schema that contains itself (`Tree: {type: array, items: $ref Tree}`):
        /// a type alias cannot refer to itself, so a struct holds the value and codes as it.
        case wrapper(SwiftType)
    }

    /// The Swift name (unqualified).
    public var name: String
    public var documentation: Documentation
    public var kind: Kind
    /// Types declared inside this one (inline object and enum schemas).
    public var nested: [TypeDeclaration] = []

    public init(name: String, documentation: Documentation, kind: Kind) {
        self.name = name
        self.documentation = documentation
        self.kind = kind
    }

    /// A struct with an `id` property is `Identifiable` (every model type is `Hashable`), so
    /// `List(pets)` and `ForEach` need no `id: \.id`; unless a nested `ID` type would be taken
    /// for the conformance's `ID`. The `id` property's type, or nil.
    public var identifiableID: SwiftType? {
        guard case .structure(let structure) = kind, !nested.contains(where: { $0.name == "ID" }) else { return nil }
        return structure.properties.first { $0.name.plain == "id" }?.type
    }
}

public struct StructDeclaration: Sendable {
    /// How the struct reads and writes itself.
    public enum Coding: Sendable, Equatable {
        /// A property per key of one object.
        case keyed
        /// A property per alternative of an `anyOf` (all optional): each is decoded from the
        /// whole value and is nil where the value does not match it, so a value matching
        /// several keeps them all. The alternatives named in `mergedObjects` are objects and
        /// encode into one object together; otherwise the first one present is the value.
        case allMatches(mergedObjects: Set<Identifier>)
    }

    public var coding = Coding.keyed
    public var properties: [PropertyDeclaration] = []
    /// Conforms to `ValidatableBody`: the client was generated with `validatesRequests: true`.
    public var validates = false
    /// The schema says `deprecated: true`. The memberwise initializer carries the deprecation,
    /// so an app that builds such a value is warned. The type cannot: every generated use of
    /// it (properties, request builders, unions) would warn, and Swift cannot silence them.
    public var deprecationMessage: String?
    /// Values of keys beyond the declared properties, from `additionalProperties`.
    public var additionalProperties: AdditionalPropertiesMember?

    public init() {}

    /// A property whose absent and null (or absent and default) read alike: the struct keeps a
    /// `KeyPresence` so that it encodes back what it received.
    public var tracksPresence: Bool {
        properties.contains { $0.tracksPresence }
    }

    /// Whether the struct reads and writes keys itself, beside the unions it decodes from the
    /// whole value: a struct of unions alone opens no container of its own.
    public var readsKeys: Bool {
        properties.contains { !$0.isWholeValue } || additionalProperties != nil || tracksPresence
    }
}

public struct AdditionalPropertiesMember: Sendable {
    public var name: Identifier
    public var valueType: SwiftType
}

/// A constraint the spec puts on a value, checked before sending (`validatesRequests: true`):
/// the runtime's `ValueRule` cases.
public enum ValueConstraint: Sendable, Equatable {
    case minLength(Int)
    case maxLength(Int)
    case pattern(String)
    case minimum(Double)
    case maximum(Double)
    case minItems(Int)
    case maxItems(Int)
    case knownValue
}

/// An `OpenEnum`: known cases plus `unknown(RawValue)`, so new server values never fail decoding.
public struct EnumDeclaration: Sendable {
    public struct Case: Sendable {
        public var name: Identifier
        /// The raw value: a string or an integer.
        public var rawValue: Literal
        public var documentation: Documentation
    }

    /// `String`, `Int`, `Int32`, `Int64` or `Double`.
    public var rawType: SwiftType
    public var cases: [Case]
}

/// oneOf / anyOf: one case per alternative.
public struct UnionDeclaration: Sendable {
    public struct Case: Sendable {
        public var name: Identifier
        public var type: SwiftType
        /// The scalar a named alternative stands for (`AudioFileBinary`, an alias of `Data`):
        /// Foundation codes data, dates and URLs as JSON only through a container, so the
        /// alternative is read and written as this type. Nil for every other alternative.
        public var codingType: SwiftType?
        /// Discriminator values that select this case. Cases may share a value (OpenAI's
        /// system, user and assistant messages are all `type: message`): that value tries each.
        public var discriminatorValues: [String]
        /// How many keys the alternative requires, when it is an object: without a
        /// discriminator, an alternative requiring more is tried first, so a value that has
        /// them all is not taken by a looser alternative that would drop some.
        public var requiredKeyCount = 0
        /// The keys the alternative's struct reads, when it drops any other (an object without
        /// `additionalProperties`): an alternative that declares every key of a value is tried
        /// before one that would drop some. Nil for other alternatives.
        public var declaredKeys: [String]?
    }

    /// A property every case holds (the fields of a polymorphic base), read from whichever
    /// case the value is; nil for an unknown kind that lacks it.
    public struct SharedProperty: Sendable {
        public var name: Identifier
        public var key: String
        /// The type each case declares, without its optional.
        public var type: SwiftType
        public var documentation: Documentation
    }

    public var cases: [Case]
    /// The JSON keys of the polymorphic base this union stands for (`PolymorphicBases`), whose
    /// properties become `sharedProperties` where every case holds them alike.
    public var baseKeys: [String] = []
    public var sharedProperties: [SharedProperty] = []
    /// The property whose value picks the case; nil means "try each case in order".
    public var discriminatorKey: String?
    /// Needed when a case holds the union itself, directly or through other values; also set
    /// when the cases together hold many fields (`ValueLayout`).
    public var isIndirect = false

    /// The order a union without a discriminator tries its cases in, so that a looser type
    /// cannot shadow a stricter one: Bool, then integers, then other numbers, then everything
    /// else, objects requiring more keys first (otherwise as written), and `JSONValue` last.
    public var decodingOrder: [Case] {
        func rank(_ type: SwiftType) -> Int {
            if type == .bool { return 0 }
            if type.isInteger { return 1 }
            if type.scalarKind?.isFractional == true { return 2 }
            return type == .jsonValue ? 4 : 3
        }
        return cases.enumerated().sorted { lhs, rhs in
            (rank(lhs.element.type), -lhs.element.requiredKeyCount, lhs.offset) < (
                rank(rhs.element.type), -rhs.element.requiredKeyCount, rhs.offset
            )
        }.map(\.element)
    }
}
