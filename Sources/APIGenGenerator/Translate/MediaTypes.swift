import APIGenOpenAPI
import Foundation

/// Classifies media types and picks the one a client should use.
enum MediaTypes {
    enum Kind: Equatable {
        case json, form, multipart, binary, text
    }

    /// `application/json`, `application/problem+json`, `application/vnd.x+json`, `text/json`
    /// are JSON; `*/*` is treated as bytes.
    static func kind(of name: String) -> Kind {
        // Nearly every name is already bare lowercase ASCII (`application/json`): it is its own
        // type, without splitting, trimming and lowercasing through Foundation.
        let isBare = name.utf8.allSatisfy {
            $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
        }
        let type = isBare ? name : name.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if type == "application/json" || type.hasSuffix("+json") || type == "text/json" || type.hasSuffix("/json")
            || type.hasPrefix("application/json")
        {
            return .json
        }
        if type == "application/x-www-form-urlencoded" { return .form }
        if type.hasPrefix("multipart/") { return .multipart }
        if type.hasPrefix("text/") { return .text }
        return .binary
    }

    /// JSON first, then form, multipart, bytes, text; document order within a kind.
    static func preferred(_ content: [MediaType]) -> MediaType? {
        let ranking: [Kind] = [.json, .form, .multipart, .binary, .text]
        return content.enumerated().min { lhs, rhs in
            (ranking.firstIndex(of: kind(of: lhs.element.name))!, lhs.offset) < (
                ranking.firstIndex(of: kind(of: rhs.element.name))!, rhs.offset
            )
        }?.element
    }
}
