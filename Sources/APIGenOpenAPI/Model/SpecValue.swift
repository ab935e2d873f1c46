import APIGenYAML

/// A literal value from a spec (`default`, `example`, `enum`, `const`), kept in document order.
public indirect enum SpecValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([SpecValue])
    case object([Member])

    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: SpecValue

        public init(key: String, value: SpecValue) {
            self.key = key
            self.value = value
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public subscript(key: String) -> SpecValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

extension SpecValue {
    /// Converts a YAML subtree; an aliased subtree is converted once per use, which the
    /// reader's expansion budget keeps bounded.
    init(document: YAMLDocument, node: YAMLNode) {
        switch document.kind(node) {
        case .scalar:
            switch document.scalarValue(node) ?? .null {
            case .null: self = .null
            case .bool(let value): self = .bool(value)
            case .int(let value): self = .int(value)
            case .double(let value): self = .double(value)
            case .string(let value): self = .string(value)
            }
        case .sequence:
            self = .array(document.items(node).map { SpecValue(document: document, node: $0) })
        case .mapping:
            self = .object(document.pairs(node).map { Member(key: $0.key, value: SpecValue(document: document, node: $0.value)) })
        }
    }
}
