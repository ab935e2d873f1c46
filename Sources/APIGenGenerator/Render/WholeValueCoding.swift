/// How an alternative of a union or an anyOf reads and writes the whole value. Foundation's JSON
/// coders treat dates, data, URLs and decimals specially (the date strategy, base64, a string, the
/// exact digits), but only when they go through a container: their own `init(from:)` and
/// `encode(to:)` read a date as a number, data as an array of bytes and a URL as an object. Those
/// go through a single-value container; every other type codes itself.
enum WholeValueCoding {
    private static let special: Set<SwiftType> = [.scalar(.date), .data, .url, .scalar(.decimal)]

    /// The type an alternative is read and written as: the scalar an alias stands for where
    /// Foundation treats it specially (`AudioFileBinary` as `Data`, an ID alias as `UUID`), else its own.
    static func coded(_ item: UnionDeclaration.Case) -> SwiftType {
        guard let scalar = item.codingType, special.contains(scalar) || holdsUUIDs(scalar) else { return item.type }
        return scalar
    }

    /// `Pet(from: decoder)`, or `decoder.singleValueContainer().decode(Date.self)`.
    static func decoded(_ type: SwiftType, context: RenderContext) -> SourceText {
        special.contains(type) ? "decoder.singleValueContainer().decode(\(type, in: context).self)" : "\(type, in: context)(from: decoder)"
    }

    /// One alternative of a union tried on the whole value: nil when the value does not match
    /// it, thrown when the body is not valid JSON (`UnionAlternative.decoded`).
    /// Where a string alternative would keep text that `URL` changes (`textFallback`), a URL
    /// takes only text it keeps unchanged; otherwise any text `URL` reads.
    static func attempted(_ type: SwiftType, context: RenderContext, textFallback: Bool = false) -> SourceText {
        let decode = type == .url && textFallback ? "UnionAlternative.unchangedURL(decoder)" : decoded(type, context: context)
        return "try UnionAlternative.decoded({ try \(decode) })"
    }

    /// `value.encode(to: encoder)`, or `encoder.encodeSingleValue(value)`.
    static func encoded(_ value: String, type: SwiftType) -> SourceText {
        // UUIDs too: `UUID.encode(to:)` writes upper case, the single-value path lower case.
        special.contains(type) || holdsUUIDs(type)
            ? "encoder.encodeSingleValue(\(value))" : "\(value).encode(to: encoder)"
    }

    /// Whether the type is or holds UUIDs (`UUID`, `[UUID]`, `[String: UUID]?`).
    private static func holdsUUIDs(_ type: SwiftType) -> Bool {
        switch type {
        case .scalar(let scalar): return scalar == .uuid
        case .array(let inner), .dictionary(let inner), .optional(let inner): return holdsUUIDs(inner)
        case .named, .generic: return false
        }
    }
}
