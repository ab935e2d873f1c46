/// A value that may be explicitly JSON `null`, for bodies (typically PATCH) where "absent", "null"
/// and "a value" mean three different things: leave unchanged, clear, set.
///
/// Generated models declare such a property as `Nullable<T>?`:
/// - `nil`: the key is absent (encoded with `encodeIfPresent`, so nothing is written);
/// - `.null`: the key is present with JSON `null`;
/// - `.value(x)`: the key is present with `x`.
///
/// When decoding, generated code only calls `decode(Nullable<T>.self, forKey:)` when the container
/// `contains` the key, so a missing key stays `nil` and a `null` becomes `.null`.
public enum Nullable<Wrapped> {
    /// The key is present with JSON `null`: clear the field.
    case null
    /// The key is present with this value: set the field.
    case value(Wrapped)

    /// `.value(x)` for `x`, `.null` for nil.
    public init(_ value: Wrapped?) {
        if let value {
            self = .value(value)
        } else {
            self = .null
        }
    }

    /// The wrapped value, or nil for `.null`.
    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Decodable where Wrapped: Decodable {
    /// JSON `null` becomes `.null`; anything else must decode as `Wrapped`.
    ///
    /// Note that for a `Wrapped` that can itself hold null (such as `JSONValue`), `null` is still
    /// `.null`, never `.value(.null)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else {
            self = .value(try container.decode(Wrapped.self))
        }
    }
}

extension Nullable: Encodable where Wrapped: Encodable {
    /// Writes JSON `null` or the wrapped value. A model leaves the key out by encoding its
    /// `Nullable<T>?` property with `encodeIfPresent`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let wrapped): try container.encode(wrapped)
        }
    }
}
