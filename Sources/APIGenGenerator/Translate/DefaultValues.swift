import APIGenOpenAPI

/// Swift source for a schema's `default`, checked against the property's Swift type.
extension ModelTranslator {
    /// nil when the value does not fit the type (the default is then ignored with a warning).
    func defaultLiteral(_ value: SpecValue, for type: SwiftType, schema: SchemaID) -> String? {
        switch type {
        case .array(let element):
            guard case .array(let items) = value else { return nil }
            let itemSchema = contentSchema(schema).flatMap { table[$0].items }
            var parts: [String] = []
            for item in items {
                guard
                    let literal = itemSchema.flatMap({ defaultLiteral(item, for: element, schema: $0) })
                        ?? (element == .jsonValue ? jsonLiteral(item) : nil)
                else { return nil }
                parts.append(literal)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .dictionary(let valueType):
            guard case .object(let members) = value else { return nil }
            guard !members.isEmpty else { return "[:]" }
            var valueSchema: SchemaID?
            if let content = contentSchema(schema), case .schema(let values) = table[content].additionalProperties {
                valueSchema = values
            }
            var parts: [String] = []
            for member in members {
                guard
                    let literal = valueSchema.flatMap({ defaultLiteral(member.value, for: valueType, schema: $0) })
                        ?? (valueType == .jsonValue ? jsonLiteral(member.value) : nil)
                else { return nil }
                parts.append("\(SwiftLiteral.string(member.key)): \(literal)")
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .optional(let wrapped):
            return value == .null ? "nil" : defaultLiteral(value, for: wrapped, schema: schema)
        case .named(let name):
            switch (name, value) {
            case ("String", .string(let text)):
                return SwiftLiteral.string(text)
            case ("Int", .int(let number)), ("Int64", .int(let number)):
                return SwiftLiteral.integer(number)
            case ("Int32", .int(let number)) where Int32(exactly: number) != nil:
                return SwiftLiteral.integer(number)
            case ("Double", .int(let number)), ("Float", .int(let number)):
                return SwiftLiteral.integer(number)
            case ("Double", .double(let number)), ("Float", .double(let number)):
                return SwiftLiteral.double(number)
            case ("Int", .double(let number)), ("Int64", .double(let number)), ("Int32", .double(let number)):
                return number == number.rounded() && abs(number) < 1e15 ? SwiftLiteral.integer(Int64(number)) : nil
            case ("Bool", .bool(let flag)):
                return flag ? "true" : "false"
            case ("JSONValue", _):
                return jsonLiteral(value)
            default:
                return enumCaseLiteral(value, schema: schema)
            }
        }
    }

    /// `.available` for a value of an enum schema.
    private func enumCaseLiteral(_ value: SpecValue, schema: SchemaID) -> String? {
        guard let enumSchema = contentSchema(schema) else { return nil }
        let names = caseNames(for: enumSchema)
        switch shapes[enumSchema] {
        case .stringEnum(let values):
            guard case .string(let text) = value, let index = values.firstIndex(of: text) else { return nil }
            return "." + names[index]
        case .integerEnum(let values):
            guard case .int(let number) = value, let index = values.firstIndex(of: number) else { return nil }
            return "." + names[index]
        default:
            return nil
        }
    }

    /// The schema that holds the content, past `$ref`s and single-member wrappers.
    private func contentSchema(_ id: SchemaID) -> SchemaID? {
        var current = id
        for _ in 0..<64 {
            switch shapes[current] {
            case .reference(let target), .alias(let target):
                current = target
            default:
                return current
            }
        }
        return nil
    }

    /// A `JSONValue` literal (the runtime type is expressible by every JSON literal).
    func jsonLiteral(_ value: SpecValue) -> String? {
        switch value {
        case .null: return "nil"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return SwiftLiteral.integer(number)
        case .double(let number): return SwiftLiteral.double(number)
        case .string(let text): return SwiftLiteral.string(text)
        case .array(let items):
            var parts: [String] = []
            for item in items {
                guard let literal = jsonLiteral(item) else { return nil }
                parts.append(literal)
            }
            return "[" + parts.joined(separator: ", ") + "] as JSONValue"
        case .object(let members):
            guard !members.isEmpty else { return "[:] as JSONValue" }
            var parts: [String] = []
            for member in members {
                guard let literal = jsonLiteral(member.value) else { return nil }
                parts.append("\(SwiftLiteral.string(member.key)): \(literal)")
            }
            return "[" + parts.joined(separator: ", ") + "] as JSONValue"
        }
    }
}
