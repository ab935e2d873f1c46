import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URL and header rules shared by the client's request building.
enum RequestBuilder {
    /// `base` + `path` + `?query`. The base URL's path and query are kept; characters that can
    /// never appear raw in a path or query (spaces, `#`, line breaks, non-ASCII) are
    /// percent-encoded, so even a hand-written request can't cut the URL short.
    static func url(base: URL, path: String, query: [(name: String, value: String)]) throws -> URL {
        var text = base.absoluteString
        if let hash = text.firstIndex(of: "#") {
            text = String(text[..<hash])
        }
        var items: [String] = []
        if let question = text.firstIndex(of: "?") {
            let baseQuery = text[text.index(after: question)...]
            if !baseQuery.isEmpty {
                items.append(String(baseQuery))
            }
            text = String(text[..<question])
        }
        while text.hasSuffix("/") {
            text.removeLast()
        }
        if !path.isEmpty {
            text += (path.hasPrefix("/") ? "" : "/") + escape(path, keeping: "/:@!$&'()*+,;=")
        }
        items += query.map { escape($0.name, keeping: "/?:@!$'()*+,;") + "=" + escape($0.value, keeping: "/?:@!$&'()*+,;=") }
        if !items.isEmpty {
            text += "?" + items.joined(separator: "&")
        }
        guard let url = URL(string: text), url.scheme != nil else {
            throw APIError.invalidRequest("Not a valid URL: base \(Redaction().redact(base)), path \(path)")
        }
        return url
    }

    /// Percent-encodes every byte that is not unreserved, `%`, or in `keeping`.
    private static func escape(_ text: String, keeping allowed: String) -> String {
        let allowedBytes = Set(allowed.utf8)
        var result = ""
        for byte in text.utf8 {
            let isUnreserved =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if isUnreserved || byte == 0x25 || allowedBytes.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// Header names must be RFC 9110 tokens; values must not contain CR, LF or NUL, which would let
    /// a value end the header and forge others. Messages name the header, never its value.
    static func validate(headers: HTTPFields) throws {
        for (name, value) in headers {
            guard isToken(name) else {
                throw APIError.invalidRequest("Header name \(name.debugDescription) is not a valid HTTP header name")
            }
            guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw APIError.invalidRequest("The value of header \(name) contains a line break")
            }
        }
    }

    /// Cookie names must be tokens; values must not contain `;` (which would start another cookie),
    /// CR, LF or NUL.
    static func validate(cookies: [(name: String, value: String)]) throws {
        for (name, value) in cookies {
            guard isToken(name) else {
                throw APIError.invalidRequest("Cookie name \(name.debugDescription) is not valid")
            }
            guard !value.utf8.contains(where: { $0 == 0x3B || $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw APIError.invalidRequest("The value of cookie \(name) contains a semicolon or line break")
            }
        }
    }

    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                    || "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
    }
}
