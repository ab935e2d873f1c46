import APIGenOpenAPI
import Foundation

/// Classifies media types and picks the one a client should use.
enum MediaTypes {
    enum Kind: Equatable {
        case json, form, multipart, binary, text
        /// `text/event-stream`, `application/jsonl` and `application/x-ndjson`,
        /// `application/json-seq`: read as they arrive, an element at a time.
        case eventStream, jsonLines, jsonSequence

        var isStream: Bool {
            self == .eventStream || self == .jsonLines || self == .jsonSequence
        }
    }

    /// The kind of a body: by its name, except that a wildcard (`*/*`, `application/*`) whose
    /// schema is an object, array or union is JSON, as servers that write such specs
    /// (Kubernetes' `DeleteOptions`) expect; any other wildcard is bytes.
    static func kind(of media: MediaType, _ shapes: ShapeTable, _ table: SchemaTable) -> Kind {
        let kind = kind(ofName: media.name)
        guard kind == .binary, media.name.contains("*"), let schema = media.schema else { return kind }
        switch shapes[table.resolved(schema)] {
        case .object, .array, .dictionary, .union: return .json
        default: return kind
        }
    }

    /// The `Content-Type` a client sends for `media` of `kind`: its name, or a concrete type
    /// for a wildcard.
    static func contentType(of media: MediaType, kind: Kind) -> String {
        guard media.name.contains("*") else { return media.name }
        switch kind {
        case .json: return "application/json"
        case .text: return "text/plain"
        default: return "application/octet-stream"
        }
    }

    private static let ranking: [Kind] = [.json, .form, .multipart, .eventStream, .jsonLines, .jsonSequence, .binary, .text]

    /// JSON first, then form, multipart, streams, bytes, text; document order within a kind.
    static func preferred(_ content: [MediaType], _ shapes: ShapeTable, _ table: SchemaTable) -> MediaType? {
        content.enumerated().min { lhs, rhs in
            (ranking.firstIndex(of: kind(of: lhs.element, shapes, table))!, lhs.offset) < (
                ranking.firstIndex(of: kind(of: rhs.element, shapes, table))!, rhs.offset
            )
        }?.element
    }

    /// Beside the `preferred` one, the first media type of each other kind a request body may
    /// be sent as, in the same order. Streams are never sent.
    static func alternatives(to preferred: MediaType?, in content: [MediaType], _ shapes: ShapeTable, _ table: SchemaTable)
        -> [MediaType]
    {
        guard let preferred, content.count > 1 else { return [] }
        var seen: [Kind] = [kind(of: preferred, shapes, table)]
        var found: [(rank: Int, media: MediaType)] = []
        for media in content {
            let kind = kind(of: media, shapes, table)
            guard !kind.isStream, !seen.contains(kind) else { continue }
            seen.append(kind)
            found.append((ranking.firstIndex(of: kind)!, media))
        }
        return found.sorted { $0.rank < $1.rank }.map(\.media)
    }

    /// `application/json`, `application/problem+json`, `application/vnd.x+json`, `text/json`
    /// are JSON; other names by their type.
    private static func kind(ofName name: String) -> Kind {
        // Nearly every name is already bare lowercase ASCII (`application/json`): it is its own
        // type, without splitting, trimming and lowercasing through Foundation.
        let isBare = name.utf8.allSatisfy {
            $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
        }
        let type = isBare ? name : name.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch type {
        case "text/event-stream": return .eventStream
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines": return .jsonLines
        case "application/json-seq": return .jsonSequence
        default: break
        }
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
}
