import APIGenYAML

/// A name listed in `required` that no property declares, in the schema, its allOf parts, its
/// alternatives or a schema that holds it: JSON Schema still asks every value to carry that
/// key, with any value. The repair makes it an optional free-form property, so a value that
/// carries it keeps it and samples can give it, while a server that leaves it out (the usual
/// reason: a typo, or a property dropped from `properties`) still decodes.
struct UndeclaredRequired {
    let files: SpecFiles
    var strict = false

    func repair(_ table: inout SchemaTable, into diagnostics: inout Diagnostics) {
        // Built only once a schema needs them: most schemas declare what they require.
        var relations: (holders: [[SchemaID]], named: [Bool])?
        for index in 0..<table.count {
            let id = SchemaID(index)
            let schema = table[id]
            guard !schema.required.isEmpty, schema.reference == nil, schema.additionalProperties == .unspecified,
                schema.types.isEmpty || schema.types.contains(.object),
                !schema.required.allSatisfy({ Self.declares($0, id, in: table) }),
                // A schema that declares nothing only asserts, beside a part that declares
                // (`items: {required: [key]}` over another allOf part's items).
                Self.declaresAny(id, in: table)
            else { continue }
            if relations == nil { relations = Self.relations(in: table) }
            guard let (holders, named) = relations else { continue }
            // An inline part's names may be declared by the schema holding it; a named schema is
            // also a type of its own, whose values carry every name it requires.
            let ancestors = named[index] ? [] : Self.ancestors(of: id, holders: holders)
            for name in schema.required
            where !Self.declares(name, id, in: table) && !ancestors.contains(where: { Self.declares(name, $0, in: table) }) {
                let value = table.append(Schema(source: schema.source))
                table.undeclaredProperties.insert(value)
                table[id].fields.properties.append(Schema.Property(name: name, schema: value))
                let message =
                    "required property '\(name)' is not declared in 'properties'; it is generated as an optional free-form property"
                diagnostics.append(
                    Diagnostic(
                        strict ? .error : .warning, message, at: files.location(schema.source), pointer: files.pointer(schema.source)))
            }
        }
    }

    /// Whether `id`, its allOf parts or its alternatives declare `name`: the common case, found
    /// without building sets.
    private static func declares(_ name: String, _ id: SchemaID, in table: SchemaTable) -> Bool {
        declaresProperty(id, in: table) { $0.name == name }
    }

    /// Whether `id` or its allOf parts and alternatives declare any property.
    private static func declaresAny(_ id: SchemaID, in table: SchemaTable) -> Bool {
        declaresProperty(id, in: table) { _ in true }
    }

    /// Whether a property `id`, its allOf parts or its alternatives declare passes `test`
    /// (cycles stop at a depth no real spec nests to).
    private static func declaresProperty(
        _ id: SchemaID, in table: SchemaTable, depth: Int = 0, _ test: (Schema.Property) -> Bool
    ) -> Bool {
        guard depth < 16 else { return false }
        let schema = table[table.resolved(id)]
        if schema.properties.contains(where: test) { return true }
        // Three lists in turn, rather than an array of them allocated on every call.
        return schema.allOf.contains { declaresProperty($0, in: table, depth: depth + 1, test) }
            || schema.oneOf.contains { declaresProperty($0, in: table, depth: depth + 1, test) }
            || schema.anyOf.contains { declaresProperty($0, in: table, depth: depth + 1, test) }
    }

    /// For each schema (by index), the schemas that hold it as an allOf part or an alternative,
    /// and whether it is named (a component, or a file's schema a reference names).
    private static func relations(in table: SchemaTable) -> (holders: [[SchemaID]], named: [Bool]) {
        var holders = [[SchemaID]](repeating: [], count: table.count)
        for index in 0..<table.count {
            let schema = table[SchemaID(index)]
            for members in [schema.allOf, schema.oneOf, schema.anyOf] {
                for member in members { holders[table.resolved(member).index].append(SchemaID(index)) }
            }
        }
        var named = [Bool](repeating: false, count: table.count)
        for (_, id) in table.components { named[table.resolved(id).index] = true }
        for id in table.referenceNames.keys { named[table.resolved(id).index] = true }
        return (holders, named)
    }

    private static func ancestors(of id: SchemaID, holders: [[SchemaID]]) -> [SchemaID] {
        var found: Set<SchemaID> = []
        var pending = holders[id.index]
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += holders[next.index]
        }
        return Array(found)
    }
}
