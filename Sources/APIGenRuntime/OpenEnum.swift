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
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(RawValue.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}
