import Foundation

/// How a generated union tries one of its alternatives on the whole value.
@_spi(Generated)
public enum UnionAlternative {
    /// The alternative's value, or nil when the value does not match it: a `DecodingError`, or
    /// a number that does not fit the alternative's type. Any other error is thrown: it says the
    /// body is not valid JSON. Foundation's decoder checks a string only when something reads it
    /// (`"a":"x\u001a"`, an unescaped control character, or a broken `\u` escape), and reports it
    /// inside a decode as an error of its own; taken for a mismatch, the union would fall to an
    /// alternative that does not read the string, and silently drop the text.
    @inlinable
    public static func decoded<Value>(_ decode: () throws -> Value) throws -> Value? {
        do {
            return try decode()
        } catch DecodingError.dataCorrupted(let context) where context.debugDescription == APIJSON.invalidJSON {
            throw DecodingError.dataCorrupted(context)
        } catch is DecodingError {
            return nil
        } catch let error where isNumberOutOfRange(error) {
            return nil
        }
    }

    /// A URL alternative tried before others: the text only where `URL` holds it as it is.
    /// `URL(string:)` percent-encodes what a URI may not hold (`"lÃ"` becomes `"l%C3%83"`), so
    /// such text is left to the alternatives after it (a plain string keeps it unchanged).
    @inlinable
    public static func unchangedURL(_ decoder: any Decoder) throws -> URL {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let url = URL(string: text), url.absoluteString == text else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "URL would change the text.")
        }
        return url
    }

    /// Foundation's error, inside a decode, for a number its type cannot hold (`1.5` as `Int`):
    /// a mismatch like any other, though not a `DecodingError` until the decode returns.
    @usableFromInline
    static func isNumberOutOfRange(_ error: any Error) -> Bool {
        String(describing: error).hasPrefix("numberIsNotRepresentableInSwift")
    }
}
