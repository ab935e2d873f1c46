import APIGenOpenAPI

/// Object schemas (with allOf merged in) become structs.
extension ModelTranslator {
    /// Properties, required names and extra-property rule of an object, with every allOf
    /// member merged in (members first, so a schema's own definition of a property wins).
    struct MergedObject {
        var properties: [Schema.Property] = []
        var required: Set<String> = []
        var additionalProperties: Schema.AdditionalProperties = .unspecified
        /// Schemas whose oneOf/anyOf could not be merged (reported as warnings).
        var unsupportedAlternatives: [SourceRef] = []
    }

    /// Merged once per schema: struct, union, body-field and paging translation all ask.
    func mergedObject(_ id: SchemaID) -> MergedObject {
        if let known = mergedObjects[id] {
            return known
        }
        // The shape table's memo: samples and example checks merge the same objects.
        let result = shapes.mergedObject(id, table: table)
        mergedObjects[id] = result
        for source in result.unsupportedAlternatives where warnedSources.insert(source).inserted {
            warning(
                "oneOf/anyOf beside properties or inside allOf is not supported; only the object's own properties are generated", at: source
            )
        }
        return result
    }

    static func mergedObject(_ id: SchemaID, table: SchemaTable) -> MergedObject {
        var merged = MergedObject()
        var visited: Set<SchemaID> = []
        func visit(_ id: SchemaID) {
            let resolved = table.resolved(id)
            guard visited.insert(resolved).inserted else { return }
            let schema = table[resolved]
            for member in schema.allOf {
                visit(member)
            }
            let alternatives = (schema.oneOf + schema.anyOf).filter {
                !SchemaShape.isConstraintOnly(table[$0]) && !SchemaShape.isNullOnly(table[$0], table)
            }
            if alternatives.count == 1, schema.properties.isEmpty {
                visit(alternatives[0])
            } else if alternatives.count > 1 {
                merged.unsupportedAlternatives.append(schema.source)
            }
            for property in schema.properties {
                if let existing = merged.properties.firstIndex(where: { $0.name == property.name }) {
                    merged.properties[existing] = property
                } else {
                    merged.properties.append(property)
                }
            }
            if !schema.required.isEmpty {
                // Room for all at once, rather than growing (and rehashing) at 1, 2, 4, 8.
                merged.required.reserveCapacity(merged.required.count + schema.required.count)
                merged.required.formUnion(schema.required)
            }
            if schema.additionalProperties != .unspecified {
                merged.additionalProperties = schema.additionalProperties
            }
        }
        visit(id)
        return merged
    }

    func structDeclaration(for id: SchemaID, name: String, context: NestingContext, documentation: Documentation) -> TypeDeclaration {
        var context = context
        let merged = mergedObject(id)
        let isPatchBody = patchBodies.contains(id)
        var (names, members) = PropertyRules.memberNames(of: merged)
        var declaration = StructDeclaration()
        for (property, swiftName) in zip(merged.properties, names) {
            // Schemas are read in place (`table[id].field`): copying one costs a retain per field.
            let resolvedID = table.resolved(property.schema)
            var type = swiftType(for: property.schema, suggestedName: property.name, in: &context)
            let isReadOnly = PropertyRules.marks(property.schema, \.readOnly, in: table)
            let isRequired = PropertyRules.isRequired(property, of: merged, in: table)
            var defaultValue: Literal?
            var constant: String?
            if case .constant(let value) = shapes[table.resolved(property.schema)], type == .string {
                defaultValue = .string(value)
                constant = value
            } else if let value = table[property.schema].defaultValue ?? table[resolvedID].defaultValue {
                defaultValue = defaultLiteral(value, for: type.unwrapped, schema: property.schema)
                // `null`, `{}` and `[]` defaults on structured types say nothing useful.
                let isEmptyStructure = value == .null || value == .object([]) || value == .array([])
                if defaultValue == nil, !isEmptyStructure {
                    warning(
                        "default value of '\(property.name)' does not match its type \(type.unwrapped.code); it is ignored",
                        at: table[property.schema].source)
                }
            }
            let nullable = type.isOptional
            if !isRequired, defaultValue == nil {
                type = type.optional
            }
            var member = PropertyDeclaration(
                name: swiftName, key: property.name, type: type, isRequired: isRequired,
                documentation: propertyDocumentation(schema: table[property.schema], resolved: table[resolvedID]))
            member.defaultValue = defaultValue
            member.isReadOnly = isReadOnly
            member.isPatchNullable = isPatchBody && nullable && !isRequired
            member.isNullable = nullable
            member.constant = constant
            declaration.properties.append(member)
        }
        if !merged.properties.isEmpty {
            switch merged.additionalProperties {
            case .schema(let value):
                let valueType = swiftType(for: value, suggestedName: "AdditionalProperty", in: &context)
                declaration.additionalProperties = AdditionalPropertiesMember(
                    name: members.claim("additionalProperties"), valueType: valueType)
            case .allowed(true):
                declaration.additionalProperties = AdditionalPropertiesMember(
                    name: members.claim("additionalProperties"), valueType: .jsonValue)
            case .allowed(false), .unspecified:
                break
            }
        }
        var result = TypeDeclaration(name: name, documentation: documentation, kind: .structure(declaration))
        result.nested = context.nested
        return result
    }

    /// The properties of the object behind `id` (past references and wrappers) with the Swift
    /// names its struct gives them; empty when it is not an object.
    func structMembers(of id: SchemaID) -> [(key: String, name: String, schema: SchemaID)] {
        var current = table.resolved(id)
        if case .alias(let target) = shapes[current] {
            current = table.resolved(target)
        }
        guard case .object = shapes[current] else { return [] }
        let merged = mergedObject(current)
        return zip(merged.properties, PropertyRules.memberNames(of: merged).names).map { property, name in
            (property.name, name, property.schema)
        }
    }

    private func propertyDocumentation(schema: Schema, resolved: Schema) -> Documentation {
        var documentation = self.documentation(for: schema)
        if documentation.isEmpty, schema.reference == nil {
            documentation = self.documentation(for: resolved)
        }
        if let example = schema.examples.first, let text = Self.exampleText(example) {
            if !documentation.isEmpty { documentation.lines.append("") }
            documentation.lines += SwiftLiteral.documentationLines("- Example: `\(text)`")
        }
        return documentation
    }

    /// A one-line rendering of an example scalar for documentation; structures are skipped.
    static func exampleText(_ value: SpecValue) -> String? {
        let text: String
        switch value {
        case .string(let string): text = string
        case .int(let number): text = String(number)
        case .double(let number): text = String(number)
        case .bool(let flag): text = String(flag)
        default: return nil
        }
        guard !text.contains("`"), !text.contains("\n"), text.count <= 120 else { return nil }
        return text
    }
}
