import Foundation

/// What a decoded model received beyond its values: which optional keys came as `null`, which
/// keys with a default did not come at all, which optional URLs came as `""`, and the text of
/// URLs that `URL` holds differently. `encode(to:)` reads it to write the model back
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
    /// URL properties whose text `URL` does not give back as received (an IRI's non-ASCII
    /// characters, which it percent-encodes, or text it only holds encoded): the text, written
    /// back while the property still holds the URL it was read as.
    @usableFromInline var urlTexts: [ReceivedURLText] = []

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

/// The text a URL property came as, beside the URL it was read as.
@_spi(Generated)
public struct ReceivedURLText: Sendable {
    @usableFromInline let key: String
    @usableFromInline let text: String
    @usableFromInline let url: URL

    @inlinable
    init(key: String, text: String, url: URL) {
        self.key = key
        self.text = text
        self.url = url
    }
}

extension KeyPresence {
    /// The text `key` came as, if it still holds the URL read from it.
    @inlinable
    func receivedText(of url: URL, for key: String) -> String? {
        guard let received = urlTexts.first(where: { $0.key == key }), received.url == url else { return nil }
        return received.text
    }
}
