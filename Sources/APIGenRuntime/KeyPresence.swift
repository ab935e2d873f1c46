/// What a decoded model received beyond its values: which optional keys came as `null`, which
/// keys with a default did not come at all, and which optional URLs came as `""`. `encode(to:)` reads it to write the model back
/// exactly as it came (`null` stays `null`, an absent key stays absent), where the values alone
/// cannot tell (`nil` is both absent and null; a default is both absent and sent).
///
/// It is bookkeeping, not part of the value: any two presences are equal and hash alike, so two
/// models with the same values are equal however they were received. A model built in code has
/// an empty presence: nil is left out and defaults are written.
@_spi(Generated)
public struct KeyPresence: Hashable, Sendable {
    @usableFromInline var nulls: [String] = []
    @usableFromInline var absent: [String] = []
    /// Optional URL properties that came as an empty string, which no `URL` holds: read as nil,
    /// written back as `""`.
    @usableFromInline var emptyURLs: [String] = []

    /// An empty presence.
    @inlinable
    public init() {}

    /// Always true: the presence never makes two models differ.
    @inlinable
    public static func == (lhs: KeyPresence, rhs: KeyPresence) -> Bool {
        true
    }

    /// Adds nothing, so that equal models hash alike.
    @inlinable
    public func hash(into hasher: inout Hasher) {}
}
