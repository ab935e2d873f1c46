import Foundation

/// A value that holds UUIDs in arrays, string-keyed maps or optionals, at any depth
/// (`[String: UUID]`, `[[UUID]]`, `[UUID?]`, `[String: [UUID]]?`), or a UUID itself.
///
/// Foundation's `UUID.encode(to:)` writes `uuidString`, which is upper case, and no
/// `JSONEncoder` strategy reaches it: a UUID received as `3f25…` would go back as `3F25…`.
/// `PropertyWriter` writes a `UUID` or `[UUID]` property lower case itself (RFC 4122's form, as
/// paths and queries send it); values nested deeper are written through `LowercasedUUIDs`.
/// The conformances are conditional, so whether a type holds UUIDs is a question about the
/// type (a cached conformance lookup), answered without visiting its elements.
@usableFromInline
protocol UUIDHolder {
    func encodeLowercasingUUIDs(to encoder: any Encoder) throws
}

extension UUID: UUIDHolder {
    @usableFromInline
    func encodeLowercasingUUIDs(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(uuidString.lowercased())
    }
}

extension Optional: UUIDHolder where Wrapped: UUIDHolder {
    @usableFromInline
    func encodeLowercasingUUIDs(to encoder: any Encoder) throws {
        switch self {
        case .none:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .some(let wrapped):
            try wrapped.encodeLowercasingUUIDs(to: encoder)
        }
    }
}

extension Array: UUIDHolder where Element: UUIDHolder {
    @usableFromInline
    func encodeLowercasingUUIDs(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self {
            try container.encode(LowercasedUUIDs(element))
        }
    }
}

extension Dictionary: UUIDHolder where Key == String, Value: UUIDHolder {
    @usableFromInline
    func encodeLowercasingUUIDs(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in self {
            try container.encode(LowercasedUUIDs(value), forKey: AnyCodingKey(key))
        }
    }
}

/// Encodes a value with every UUID in it lower case.
@usableFromInline
struct LowercasedUUIDs: Encodable {
    @usableFromInline let value: any UUIDHolder

    @usableFromInline
    init(_ value: any UUIDHolder) {
        self.value = value
    }

    @usableFromInline
    func encode(to encoder: any Encoder) throws {
        try value.encodeLowercasingUUIDs(to: encoder)
    }

    /// `value` as it is to be written: through `LowercasedUUIDs` when its type holds UUIDs,
    /// else itself. For request bodies and parameters, which no `PropertyWriter` writes.
    static func encodable<Value: Encodable>(_ value: Value) -> any Encodable {
        guard Value.self is any UUIDHolder.Type else { return value }
        return LowercasedUUIDs(value as! any UUIDHolder)
    }
}
