import Foundation

/// Writes a generated model's properties into an encoder's keyed container: the body of every
/// generated `encode(to:)`.
///
/// A call records the first error instead of throwing, and `finish()` throws it; after an error
/// nothing more is written, so the outcome is the same as throwing at once. A `try` per
/// property gave each property its own error path, a large part of a model's `encode(to:)` code
/// in a debug build, which the compiler emits for every model of a large client.
@_spi(Generated)
public struct PropertyWriter {
    @usableFromInline var container: KeyedEncodingContainer<AnyCodingKey>
    @usableFromInline var firstError: (any Error)?
    /// Writing something the client sends (`APIJSON.requestKey`): `readOnly` values are left out.
    @usableFromInline let isRequest: Bool
    /// What the model received: nulls to write back, defaults that were absent.
    @usableFromInline let presence: KeyPresence

    /// Opens the encoder's keyed container; `presence` is the model's `keyPresence`.
    @inlinable
    public init(_ encoder: any Encoder, presence: KeyPresence = KeyPresence()) {
        container = encoder.container(keyedBy: AnyCodingKey.self)
        isRequest = encoder.userInfo[APIJSON.requestKey] as? Bool == true
        self.presence = presence
    }

    /// Writes `value` under `key`; a `readOnly` value only when not writing a request.
    @inlinable
    public mutating func encode<Value: Encodable>(_ value: Value, _ key: String, readOnly: Bool = false) {
        guard firstError == nil, !(readOnly && isRequest) else { return }
        do {
            if !presence.urlTexts.isEmpty, let url = Self.url(value), let text = presence.receivedText(of: url, for: key) {
                return try container.encode(text, forKey: AnyCodingKey(key))
            }
            try encodeValue(value, forKey: AnyCodingKey(key))
        } catch {
            firstError = error
        }
    }

    /// Writes `value` under `key`; nil writes nothing, or `null` where the model received `null`
    /// (`""` where it received an empty URL).
    @inlinable
    public mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, _ key: String, readOnly: Bool = false) {
        guard let value else {
            if !presence.nulls.isEmpty, presence.nulls.contains(key) {
                encodeNull(key, readOnly: readOnly)
            } else if !presence.emptyURLs.isEmpty, presence.emptyURLs.contains(key) {
                encode("", key, readOnly: readOnly)
            }
            return
        }
        encode(value, key, readOnly: readOnly)
    }

    /// Writes a property that has a default: left out while it holds the default the model was
    /// given for an absent key, `null` while it holds the default given for a `null`.
    @inlinable
    public mutating func encode<Value: Encodable & Equatable>(
        _ value: Value, _ key: String, default defaultValue: @autoclosure () -> Value, readOnly: Bool = false
    ) {
        if !presence.absent.isEmpty || !presence.nulls.isEmpty, value == defaultValue() {
            if presence.absent.contains(key) { return }
            if presence.nulls.contains(key) { return encodeNull(key, readOnly: readOnly) }
        }
        encode(value, key, readOnly: readOnly)
    }

    /// An optional property that has a default (a nullable one): as `encode(_:_:default:)`, and
    /// nil as `encodeIfPresent(_:_:readOnly:)`.
    @inlinable
    public mutating func encodeIfPresent<Value: Encodable & Equatable>(
        _ value: Value?, _ key: String, default defaultValue: @autoclosure () -> Value, readOnly: Bool = false
    ) {
        guard let value else { return encodeIfPresent(value, key, readOnly: readOnly) }
        encode(value, key, default: defaultValue(), readOnly: readOnly)
    }

    @inlinable
    mutating func encodeNull(_ key: String, readOnly: Bool) {
        guard firstError == nil, !(readOnly && isRequest) else { return }
        do {
            try container.encodeNil(forKey: AnyCodingKey(key))
        } catch {
            firstError = error
        }
    }

    /// Writes each entry of `properties` as a member (see
    /// `KeyedEncodingContainer.encodeAdditionalProperties(_:excluding:)`).
    public mutating func encodeAdditionalProperties<Value: Encodable>(_ properties: [String: Value], excluding knownKeys: Set<String> = [])
    {
        guard firstError == nil else { return }
        do {
            try container.encodeAdditionalProperties(properties, excluding: knownKeys)
        } catch {
            firstError = error
        }
    }

    /// Throws the first error a call recorded.
    @inlinable
    public func finish() throws {
        if let firstError {
            throw firstError
        }
    }

    /// `value` when it is a URL (or a required nullable property's optional one).
    @inlinable
    static func url<Value>(_ value: Value) -> URL? {
        if Value.self == URL.self { return (value as! URL) }
        if Value.self == URL?.self { return value as! URL? }
        return nil
    }

    /// The container's own methods for the common scalars (an encoder writes them directly),
    /// its generic one for everything else. The checks compare types, which fold away once
    /// specialized; a cast such as `value as? [UUID]` would not: it is a dynamic cast that
    /// visits every element of an array of another type.
    @inlinable
    mutating func encodeValue<Value: Encodable>(_ value: Value, forKey key: AnyCodingKey) throws {
        if Value.self == String.self {
            try container.encode(value as! String, forKey: key)
        } else if Value.self == Int.self {
            try container.encode(value as! Int, forKey: key)
        } else if Value.self == Bool.self {
            try container.encode(value as! Bool, forKey: key)
        } else if Value.self == Double.self {
            try container.encode(value as! Double, forKey: key)
        } else if Value.self == Int64.self {
            try container.encode(value as! Int64, forKey: key)
        } else if Value.self == Int32.self {
            try container.encode(value as! Int32, forKey: key)
        } else if Value.self == Float.self {
            try container.encode(value as! Float, forKey: key)
        } else if Value.self == UUID.self {
            // RFC 4122's canonical form is lower case, as paths and queries already send it.
            try container.encode((value as! UUID).uuidString.lowercased(), forKey: key)
        } else if Value.self == [UUID].self {
            try container.encode((value as! [UUID]).map { $0.uuidString.lowercased() }, forKey: key)
        } else if Value.self == UUID?.self {
            // A required nullable property holds an optional.
            try container.encode((value as! UUID?).map { $0.uuidString.lowercased() }, forKey: key)
        } else if Value.self == [UUID]?.self {
            try container.encode((value as! [UUID]?).map { $0.map { $0.uuidString.lowercased() } }, forKey: key)
        } else if Value.self is any UUIDHolder.Type {
            // UUIDs deeper in: in a map (`[String: UUID]`), an array of arrays, optional items.
            try container.encode(LowercasedUUIDs(value as! any UUIDHolder), forKey: key)
        } else {
            try container.encode(value, forKey: key)
        }
    }
}

@_spi(Generated)
extension Encoder {
    /// Encodes `value` as the whole value, through a single-value container so that the JSON
    /// encoder's strategies apply (a `Date` as the date format, `Data` as base64): generated
    /// unions write their date, data, URL and decimal alternatives this way.
    public func encodeSingleValue<Value: Encodable>(_ value: Value) throws {
        var container = singleValueContainer()
        if Value.self is any UUIDHolder.Type {
            // A UUID alternative (or a list or map of them) lower case, as properties are written.
            return try container.encode(LowercasedUUIDs(value as! any UUIDHolder))
        }
        try container.encode(value)
    }
}
