/// A coding key with any string or integer value.
///
/// Generated models read and write every property with it, written as a string literal
/// (`forKey: "created_at"`): one key type in the runtime instead of a `CodingKeys` enum per model,
/// whose synthesized conformances were a fifth of a large client's compile time. It also carries
/// `additionalProperties`, keys that are only known at run time.
@_spi(Generated)
public struct AnyCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The member name, or the decimal form of an integer key.
    public let stringValue: String
    /// `intValue`, or `Int.min` for a string key: one word instead of an optional's two keeps the
    /// key (copied through every layer of a decoder) small, which decodes measurably faster.
    /// (An integer key of `Int.min` itself reads back as a string key, which no JSON
    /// array index can be.)
    @usableFromInline let integer: Int

    /// The index for an integer key (an array position); nil for a string key.
    public var intValue: Int? {
        integer == .min ? nil : integer
    }

    // Inlinable, like the literal initializer below: every generated `decode`/`encode` call
    // makes a key, which should cost no more than a `CodingKeys` case.
    /// A string key: `AnyCodingKey("created_at")`.
    @inlinable
    public init(_ stringValue: String) {
        self.stringValue = stringValue
        self.integer = .min
    }

    /// Never fails; satisfies `CodingKey`'s failable requirement.
    public init(stringValue: String) {
        self.init(stringValue)
    }

    /// Never fails; the string value is the decimal form of `intValue`.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.integer = intValue
    }

    /// The same key as another coding key, for mixing fixed and dynamic keys.
    public init(_ key: some CodingKey) {
        self.stringValue = key.stringValue
        self.integer = key.intValue ?? .min
    }

    /// A string key written as a literal, as generated code does: `forKey: "created_at"`.
    @inlinable
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

@_spi(Generated)
extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Decodes every member whose key is not in `knownKeys` (the fixed properties) as `Value`.
    ///
    /// A member that does not decode as `Value` throws, with the member's key in the error's path.
    public func decodeAdditionalProperties<Value: Decodable>(
        _ type: Value.Type = Value.self,
        excluding knownKeys: Set<String>
    ) throws -> [String: Value] {
        var result: [String: Value] = [:]
        for key in allKeys where !knownKeys.contains(key.stringValue) {
            result[key.stringValue] = try decode(Value.self, forKey: key)
        }
        return result
    }
}

@_spi(Generated)
extension KeyedEncodingContainer where Key == AnyCodingKey {
    /// Encodes each entry of `properties` as a member, in key order so the output is deterministic.
    /// Keys in `knownKeys` (the fixed properties, already encoded) are skipped so an extra entry
    /// can never overwrite a documented property.
    public mutating func encodeAdditionalProperties<Value: Encodable>(_ properties: [String: Value], excluding knownKeys: Set<String> = [])
        throws
    {
        let holdsUUIDs = Value.self is any UUIDHolder.Type
        for (key, value) in properties.sorted(by: { $0.key < $1.key }) where !knownKeys.contains(key) {
            if holdsUUIDs {
                // `additionalProperties: {format: uuid}`: lower case, as properties are written.
                try encode(LowercasedUUIDs(value as! any UUIDHolder), forKey: AnyCodingKey(key))
            } else {
                try encode(value, forKey: AnyCodingKey(key))
            }
        }
    }
}
