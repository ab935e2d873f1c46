import APIGenOpenAPI

/// A schema's `default` as a `Literal`, checked against the property's Swift type.
extension SchemaTypes {
    /// nil when the value does not fit the type (the default is then ignored with a warning).
    func defaultLiteral(_ value: SpecValue, for type: SwiftType, schema: SchemaID) -> Literal? {
        switch type {
        case .array(let element):
            guard case .array(let items) = value else { return nil }
            let itemSchema = contentSchema(schema).flatMap { table[$0].items }
            var parts: [Literal] = []
            for item in items {
                guard
                    let literal = itemSchema.flatMap({ defaultLiteral(item, for: element, schema: $0) })
                        ?? (element == .jsonValue ? jsonLiteral(item) : nil)
                else { return nil }
                parts.append(literal)
            }
            // An element only JSON spells (an object, a union) makes the whole array decoded:
            // `[EmbeddedJSON.decode(…)]` cannot be a default argument (the helper is SPI).
            if parts.contains(where: \.isDecodedJSON) {
                return surelyDecodes(value, schema: schema) ? .decodedJSON(JSONText.render(value)) : nil
            }
            return .array(parts)
        case .dictionary(let valueType):
            guard case .object(let members) = value else { return nil }
            guard !members.isEmpty else { return .dictionary([]) }
            var valueSchema: SchemaID?
            if let content = contentSchema(schema), case .schema(let values) = table[content].additionalProperties {
                valueSchema = values
            }
            var parts: [Literal.Member] = []
            for member in members {
                guard
                    let literal = valueSchema.flatMap({ defaultLiteral(member.value, for: valueType, schema: $0) })
                        ?? (valueType == .jsonValue ? jsonLiteral(member.value) : nil)
                else { return nil }
                parts.append(Literal.Member(key: member.key, value: literal))
            }
            if parts.contains(where: { $0.value.isDecodedJSON }) {
                return surelyDecodes(value, schema: schema) ? .decodedJSON(JSONText.render(value)) : nil
            }
            return .dictionary(parts)
        case .optional(let wrapped):
            return value == .null ? .null : defaultLiteral(value, for: wrapped, schema: schema)
        case .scalar(let scalar):
            return scalarLiteral(value, for: scalar)
        case .named("JSONValue"):
            return jsonLiteral(value)
        case .named(let name) where overriddenTypes.contains(name):
            // The app's own type: it reads the JSON, whatever literals it takes.
            return decodedLiteral(value, schema: schema)
        case .named, .generic:
            // A type alias of a scalar (`typealias ParallelToolCalls = Bool`) takes its literal.
            if let content = contentSchema(schema), case .primitive(let primitive) = shapes[content],
                case .scalar(let scalar) = primitiveType(primitive, format: table[content].format)
            {
                return scalarLiteral(value, for: scalar)
            }
            return enumCaseLiteral(value, schema: schema) ?? decodedLiteral(value, schema: schema)
        }
    }

    /// `value` as a literal of `scalar`, where the type holds it exactly.
    private func scalarLiteral(_ value: SpecValue, for scalar: Scalar) -> Literal? {
        switch (scalar, value) {
        case (.string, .string(let text)):
            return .string(text)
        case (.int, .int(let number)), (.int32, .int(let number)), (.int64, .int(let number)), (.double, .int(let number)),
            (.decimal, .int(let number)):
            return ValueFit.problem(value, as: scalar) == nil ? .integer(number) : nil
        case (.int, .double(let number)), (.int32, .double(let number)), (.int64, .double(let number)), (.double, .double(let number)),
            (.decimal, .double(let number)):
            // By the one check of what the type holds: an Int32 takes no 3.0e9, which was
            // written into the code as 3_000_000_000 and did not compile.
            guard ValueFit.problem(value, as: scalar) == nil else { return nil }
            // Whole and below 2^53 for an integer type (`ValueFit.problem`).
            return scalar.isInteger ? .integer(Int64(number)) : .number(number)
        case (.bool, .bool(let flag)):
            return .bool(flag)
        default:
            return nil
        }
    }

    /// `.available` for a value of an enum schema.
    private func enumCaseLiteral(_ value: SpecValue, schema: SchemaID) -> Literal? {
        guard let enumSchema = contentSchema(schema) else { return nil }
        let names = caseNames(for: enumSchema)
        switch shapes[enumSchema] {
        case .stringEnum(let values):
            guard case .string(let text) = value, let index = values.firstIndex(of: text) else { return nil }
            return .enumCase(names[index])
        case .integerEnum(let values):
            guard case .int(let number) = value, let index = values.firstIndex(of: number) else { return nil }
            return .enumCase(names[index])
        default:
            return nil
        }
    }

    /// A value no Swift literal spells: of a union (`anyOf: [integer, number, array]`, `type:
    /// [string, integer]`) or of an object (`{a: 1}`), as its JSON, decoded where it is needed
    /// (`EmbeddedJSON.decode`). That stops the app when the JSON does not decode, and a default
    /// is decoded whenever a value lacks the key: only a value that surely decodes is taken.
    private func decodedLiteral(_ value: SpecValue, schema: SchemaID) -> Literal? {
        // A null default is the absent value of an optional, not a value to decode.
        guard value != .null, let content = contentSchema(schema) else { return nil }
        switch shapes[content] {
        case .object where value == .object([]):
            // `{}` says nothing about an object: the property stays optional, as it was.
            return nil
        case .union, .primitiveUnion, .object:
            return surelyDecodes(value, schema: schema) ? .decodedJSON(JSONText.render(value)) : nil
        default:
            return nil
        }
    }

    /// Whether `value`'s JSON decodes as the type of `schema` whatever the runtime meets:
    /// `ExampleChecker` in its strict mode.
    private func surelyDecodes(_ value: SpecValue, schema: SchemaID) -> Bool {
        var checker = ExampleChecker(table: table, shapes: shapes)
        checker.decodesSurely = true
        checker.componentNames = componentNames
        return checker.conforms(value, to: schema)
    }

    private func contentSchema(_ id: SchemaID) -> SchemaID? {
        shapes.content(of: id, in: table)
    }

    /// A `JSONValue` literal (the runtime type is expressible by every JSON literal); nil for
    /// a number that is not finite.
    func jsonLiteral(_ value: SpecValue) -> Literal? {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .integer(number)
        case .double(let number): return number.isFinite ? .number(number) : nil
        case .string(let text): return .string(text)
        case .array(let items):
            var parts: [Literal] = []
            for item in items {
                guard let literal = jsonLiteral(item) else { return nil }
                parts.append(literal)
            }
            return .jsonArray(parts)
        case .object(let members):
            var parts: [Literal.Member] = []
            for member in members {
                guard let literal = jsonLiteral(member.value) else { return nil }
                parts.append(Literal.Member(key: member.key, value: literal))
            }
            return .jsonObject(parts)
        }
    }
}
