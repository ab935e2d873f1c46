import Foundation

/// Reads a generated model's properties from a decoder's keyed container: the body of every
/// generated `init(from:)`.
///
/// An optional property that fails to decode records the error and reads as nil; the next
/// required property, or `finish()`, throws it. The error thrown is therefore the first one in
/// property order, as with a `try` per property, but optional properties need no error path of
/// their own in the debug code the compiler emits for every model of a large client.
@_spi(Generated)
public struct PropertyReader {
    @usableFromInline let container: KeyedDecodingContainer<AnyCodingKey>
    @usableFromInline var firstError: (any Error)?
    @usableFromInline var recorded = KeyPresence()

    /// The nulls and absent defaults read so far, for the model's `keyPresence`.
    @inlinable
    public var presence: KeyPresence { recorded }

    /// Opens the decoder's keyed container. Throws a `DecodingError` when the value is not an object.
    @inlinable
    public init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    /// A required property (which may still be an optional type that must be present).
    ///
    /// Throws the error an earlier optional property recorded, else this property's own
    /// `DecodingError` (key missing, wrong type, null).
    @inlinable
    public func decode<Value: Decodable>(_ type: Value.Type, _ key: String) throws -> Value {
        if let firstError {
            throw firstError
        }
        return try decodeValue(Value.self, forKey: AnyCodingKey(key))
    }

    /// A required URL, whose text `presence` keeps where `URL` gives it back otherwise.
    @inlinable
    public mutating func decode(_ type: URL.Type, _ key: String) throws -> URL {
        if let firstError {
            throw firstError
        }
        return try decodeURL(key, required: true)!
    }

    /// A required nullable URL: the key must be present; `null` reads as nil, a text as
    /// `decode(URL.self, _:)` reads it, its text kept in `presence`.
    @inlinable
    public mutating func decode(_ type: URL?.Type, _ key: String) throws -> URL? {
        if let firstError {
            throw firstError
        }
        let codingKey = AnyCodingKey(key)
        if try !container.contains(codingKey) || container.decodeNil(forKey: codingKey) {
            // The generic read: `keyNotFound` when absent, as for any required property.
            return try decodeValue(URL?.self, forKey: codingKey)
        }
        return try decodeURL(key, required: true)
    }

    /// An optional property: nil when it is absent or null, or when it does not decode (the
    /// error is kept for `finish()`). An optional URL that came as `""`, as many servers write
    /// "no URL", is nil too, and `presence` remembers it so that the model encodes it back.
    @inlinable
    public mutating func decodeIfPresent<Value: Decodable>(_ type: Value.Type, _ key: String) -> Value? {
        guard firstError == nil else { return nil }
        do {
            if Value.self == URL.self {
                return try decodeURL(key, required: false) as! Value?
            }
            return try decodeValueIfPresent(Value.self, forKey: AnyCodingKey(key))
        } catch {
            firstError = error
            return nil
        }
    }

    /// A URL property, read from its text so that the text is kept where `URL` would give it
    /// back otherwise (see `ReceivedURL`). An optional one that came as `""` is nil.
    @inlinable
    mutating func decodeURL(_ key: String, required: Bool) throws -> URL? {
        let codingKey = AnyCodingKey(key)
        let text =
            try required ? container.decode(String.self, forKey: codingKey) : container.decodeIfPresent(String.self, forKey: codingKey)
        guard let text else { return nil }
        if text.isEmpty, !required {
            recorded.emptyURLs.append(key)
            return nil
        }
        guard let url = ReceivedURL.url(from: text) else {
            throw DecodingError.dataCorruptedError(forKey: codingKey, in: container, debugDescription: "Invalid URL string.")
        }
        if url.absoluteString != text {
            recorded.urlTexts.append(ReceivedURLText(key: key, text: text, url: url))
        }
        return url
    }

    /// An optional nullable property, as `decodeIfPresent`; a `null` is remembered in `presence`
    /// so that the model encodes it back.
    @inlinable
    public mutating func decodeNullable<Value: Decodable>(_ type: Value.Type, _ key: String) -> Value? {
        let value = decodeIfPresent(Value.self, key)
        if value == nil, firstError == nil, container.contains(AnyCodingKey(key)) {
            recorded.nulls.append(key)
        }
        return value
    }

    /// An optional property with a default: the default when the key is absent or null, which
    /// `presence` remembers so that the model encodes it back as it came.
    @inlinable
    public mutating func decode<Value: Decodable>(_ type: Value.Type, _ key: String, default defaultValue: @autoclosure () -> Value)
        -> Value
    {
        if let value = decodeIfPresent(Value.self, key) {
            return value
        }
        if firstError == nil {
            if container.contains(AnyCodingKey(key)) {
                recorded.nulls.append(key)
            } else {
                recorded.absent.append(key)
            }
        }
        return defaultValue()
    }

    /// A property whose value the schema fixes (`const`, or an `enum` of one string): any other
    /// value is an error, so that a union whose alternatives differ by such a value decodes the
    /// one the value names. An optional one that is absent reads as the constant (remembered in
    /// `presence`); a required one that is absent is an error.
    @inlinable
    public mutating func decode(constant: String, _ key: String, required: Bool) throws -> String {
        if let firstError {
            throw firstError
        }
        let codingKey = AnyCodingKey(key)
        if !required, !container.contains(codingKey) {
            recorded.absent.append(key)
            return constant
        }
        let value = try container.decode(String.self, forKey: codingKey)
        guard value == constant else {
            throw DecodingError.dataCorruptedError(
                forKey: codingKey, in: container, debugDescription: "Expected \"\(constant)\", found \"\(value)\"")
        }
        return value
    }

    /// A required property whose schema fixes a value of another kind than a string (`const:
    /// 2`, `enum: [2]`, `allOf: [$ref: Kind], enum: [2]`): any other value is an error, as for
    /// `decode(constant:_:required:)`, so that a union decodes the alternative the value names.
    @inlinable
    public func decode<Value: Decodable & Equatable>(_ type: Value.Type, _ key: String, constant: Value) throws -> Value {
        let value = try decode(Value.self, key)
        guard value == constant else {
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey(key), in: container, debugDescription: "Expected \(constant), found \(value)")
        }
        return value
    }

    /// An optional such property: nil when it is absent or null; another value is an error,
    /// kept for `finish()` as `decodeIfPresent(_:_:)` keeps its own.
    @inlinable
    public mutating func decodeIfPresent<Value: Decodable & Equatable>(_ type: Value.Type, _ key: String, constant: Value) -> Value? {
        guard let value = decodeIfPresent(Value.self, key) else { return nil }
        guard value == constant else {
            firstError = DecodingError.dataCorruptedError(
                forKey: AnyCodingKey(key), in: container, debugDescription: "Expected \(constant), found \(value)")
            return nil
        }
        return value
    }

    /// Whether the object has `key` at all (a PATCH field tells absent from null).
    @inlinable
    public func contains(_ key: String) -> Bool {
        container.contains(AnyCodingKey(key))
    }

    /// Every member not in `knownKeys`, decoded as `Value` (see
    /// `KeyedDecodingContainer.decodeAdditionalProperties(_:excluding:)`).
    public func decodeAdditionalProperties<Value: Decodable>(_ type: Value.Type = Value.self, excluding knownKeys: Set<String>) throws
        -> [String: Value]
    {
        if let firstError {
            throw firstError
        }
        return try container.decodeAdditionalProperties(Value.self, excluding: knownKeys)
    }

    /// Throws the first error an optional property recorded.
    @inlinable
    public func finish() throws {
        if let firstError {
            throw firstError
        }
    }

    /// The container's own methods for the common scalars (a decoder reads them directly),
    /// its generic one for everything else. Specialized for a known type, the checks fold away.
    @inlinable
    func decodeValue<Value: Decodable>(_ type: Value.Type, forKey key: AnyCodingKey) throws -> Value {
        if Value.self == String.self {
            return try container.decode(String.self, forKey: key) as! Value
        } else if Value.self == Int.self {
            return try container.decode(Int.self, forKey: key) as! Value
        } else if Value.self == Bool.self {
            return try container.decode(Bool.self, forKey: key) as! Value
        } else if Value.self == Double.self {
            return try container.decode(Double.self, forKey: key) as! Value
        } else if Value.self == Int64.self {
            return try container.decode(Int64.self, forKey: key) as! Value
        } else if Value.self == Int32.self {
            return try container.decode(Int32.self, forKey: key) as! Value
        } else if Value.self == Float.self {
            return try container.decode(Float.self, forKey: key) as! Value
        }
        return try container.decode(Value.self, forKey: key)
    }

    @inlinable
    func decodeValueIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: AnyCodingKey) throws -> Value? {
        if Value.self == String.self {
            return try container.decodeIfPresent(String.self, forKey: key) as! Value?
        } else if Value.self == Int.self {
            return try container.decodeIfPresent(Int.self, forKey: key) as! Value?
        } else if Value.self == Bool.self {
            return try container.decodeIfPresent(Bool.self, forKey: key) as! Value?
        } else if Value.self == Double.self {
            return try container.decodeIfPresent(Double.self, forKey: key) as! Value?
        } else if Value.self == Int64.self {
            return try container.decodeIfPresent(Int64.self, forKey: key) as! Value?
        } else if Value.self == Int32.self {
            return try container.decodeIfPresent(Int32.self, forKey: key) as! Value?
        } else if Value.self == Float.self {
            return try container.decodeIfPresent(Float.self, forKey: key) as! Value?
        }
        return try container.decodeIfPresent(Value.self, forKey: key)
    }
}
