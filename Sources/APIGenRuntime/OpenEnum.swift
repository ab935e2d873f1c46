/// An enum generated from an OpenAPI `enum` that keeps values it does not know instead of failing.
///
/// APIs add enum values over time; a client built last year must still decode today's responses.
/// Generated enums declare the known cases plus `case unknown(RawValue)`, a non-failable
/// `init(rawValue:)` that falls back to `.unknown`, and a computed `rawValue`. This protocol supplies
/// everything else: Codable through the raw value, and equality/hashing by raw value.
///
/// Equality is by raw value on purpose: `.unknown("sold")` can only be built by hand (decoding and
/// `init(rawValue:)` map "sold" to `.sold`), and treating it as `.sold` keeps `==`, `hash(into:)` and
/// the wire form in agreement, so two values are equal exactly when they encode the same.
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable
where RawValue: Codable & Hashable & Sendable {
    /// Creates the matching known case, or `.unknown(rawValue)`: never fails.
    init(rawValue: RawValue)
}

extension OpenEnum {
    /// Decodes the raw value and maps it with `init(rawValue:)`, so a value this client does not know
    /// becomes `.unknown` instead of an error.
    ///
    /// Throws a `DecodingError` only when the value is not a `RawValue` at all (a number where the
    /// enum holds strings, or `null`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(RawValue.self))
    }

    /// Encodes the raw value, for known and unknown cases alike.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether both have the same raw value.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the raw value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}
