import APIGenOpenAPI

/// The headers an operation's success responses declare become a struct with a typed property
/// each (`Location` a `URL`, `X-Rate-Limit-Remaining` an `Int`), read from the response.
struct ResponseHeadersTranslator {
    let types: SchemaTypes

    /// The types a header can be read as (`HeaderValue` in the runtime).
    private static let readable: Set<SwiftType> = [
        .string, .int, .double, .bool, .url, .scalar(.int32), .scalar(.int64), .scalar(.uuid), .scalar(.date),
    ]

    private static let dateHeaders: Set<String> = ["date", "expires", "last-modified"]

    func headers(for operation: OperationEntry, typeBase: String) -> ResponseHeadersDeclaration? {
        var seen: Set<String> = []
        var names = NameScope(reserved: GeneratedMembers.everyType)
        var fields: [ResponseHeadersDeclaration.Field] = []
        for success in operation.successes {
            // `Content-Type` describes the body, which the value already is.
            for header in success.response.headers where header.name.lowercased() != "content-type" {
                guard seen.insert(header.name.lowercased()).inserted else { continue }
                // `X-Rate-Limit-Remaining` reads as `rateLimitRemaining`: the prefix only marks it nonstandard.
                let isExtension = header.name.lowercased().hasPrefix("x-") && header.name.count > 2
                let plain = isExtension ? String(header.name.dropFirst(2)) : header.name
                let name = names.claim(SwiftName.memberName(plain, fallback: "header"))
                let documentation = Documentation(header.description)
                var type = type(of: header)
                // HTTP's own date headers are HTTP dates whatever format the spec gives them.
                if type == .string, Self.dateHeaders.contains(header.name.lowercased()) {
                    type = .scalar(.date)
                }
                fields.append(.init(name: Identifier(name), key: header.name, type: type, documentation: documentation))
            }
        }
        guard !fields.isEmpty else { return nil }
        return ResponseHeadersDeclaration(typeName: types.claimTopLevelName(typeBase + "ResponseHeaders"), fields: fields)
    }

    /// The schema's scalar type, or an array of one; `String` for anything else, which keeps
    /// the text as sent.
    private func type(of header: Header) -> SwiftType {
        guard let id = header.schema.map(types.table.resolved) else { return .string }
        let schema = types.table[id]
        func scalar(_ schema: Schema) -> SwiftType? {
            guard let first = schema.types.first(where: { $0 != .null }) else { return nil }
            let type = types.primitiveType(first, format: schema.format)
            return Self.readable.contains(type) ? type : nil
        }
        if schema.types.contains(.array) {
            let element = schema.items.map { types.table[types.table.resolved($0)] }.flatMap(scalar) ?? .string
            return .array(element)
        }
        return scalar(schema) ?? .string
    }
}
