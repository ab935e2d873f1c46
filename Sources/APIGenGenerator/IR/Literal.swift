/// A value written into generated code (a `default`, a `const`, an enum's raw value): data
/// until `Render/` prints it with `SwiftLiteral.code(for:)`, so spec text reaches the output
/// only through the escaping function.
public indirect enum Literal: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: Literal

        public init(key: String, value: Literal) {
            self.key = key
            self.value = value
        }
    }

    case null
    case bool(Bool)
    case integer(Int64)
    /// Always finite: the translator drops other values.
    case number(Double)
    case string(String)
    /// A case of a generated enum, by its Swift name (from the naming function).
    case enumCase(Identifier)
    case array([Literal])
    case dictionary([Member])
    /// A value no Swift literal spells (the `default` of a union-typed property): its JSON
    /// text, decoded where the value is needed (`EmbeddedJSON.decode`).
    case decodedJSON(String)
    /// `JSONValue` values: `[…] as JSONValue`.
    case jsonArray([Literal])
    case jsonObject([Member])
}

extension Literal {
    /// A `.decodedJSON` value: no Swift literal holds it where a default argument is.
    var isDecodedJSON: Bool {
        if case .decodedJSON = self { return true }
        return false
    }
}
