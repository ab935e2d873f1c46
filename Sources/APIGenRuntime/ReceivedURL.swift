import Foundation

/// How a model reads the text a server sent for a URL property.
///
/// `URL(string:)` percent-encodes what a URI may not hold (an IRI's non-ASCII characters,
/// spaces, control characters). Text it still rejects, such as `"Ü:"` (which starts like a
/// scheme no URI can have), becomes a relative URL of the whole text percent-encoded: one
/// malformed link does not fail the response it came in; `""` in a required property is
/// `about:blank`. Either way the model keeps the text
/// in its `KeyPresence` and encodes it back unchanged.
@usableFromInline
enum ReceivedURL {
    @usableFromInline
    static func url(from text: String) -> URL? {
        if let url = URL(string: text) {
            return url
        }
        // `""`, as many servers write "no URL", in a property that must hold one: `about:blank`,
        // the URL of nothing, with the empty text kept to be sent back.
        if text.isEmpty {
            return blank
        }
        guard let encoded = text.addingPercentEncoding(withAllowedCharacters: unreserved) else { return nil }
        return URL(string: encoded)
    }

    /// What a required URL property holds for `""`.
    @usableFromInline
    static let blank = URL(string: "about:blank")!

    /// RFC 3986's unreserved characters: the only ones left as they are.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
