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
        let holders = Self.holders(in: table)
        let named = Set(table.components.map { table.resolved($0.schema) } + table.referenceNames.keys.map(table.resolved))
        for index in 0..<table.count {
            let id = SchemaID(index)
            let schema = table[id]
            guard !schema.required.isEmpty, schema.reference == nil, schema.additionalProperties == .unspecified,
                schema.types.isEmpty || schema.types.contains(.object)
            else { continue }
            var declared = Self.declaredNames(from: [id], in: table)
            // A schema that declares nothing only asserts, beside a part that declares
            // (`items: {required: [key]}` over another allOf part's items).
            guard !declared.isEmpty, schema.required.contains(where: { !declared.contains($0) }) else { continue }
            // An inline part's names may be declared by the schema holding it; a named schema is
            // also a type of its own, whose values carry every name it requires.
            if !named.contains(id) {
                declared.formUnion(Self.declaredNames(from: Self.ancestors(of: id, holders: holders), in: table))
            }
            for name in schema.required where !declared.contains(name) {
                declared.insert(name)
                let value = SchemaID(table.count)
                table.schemas.append(Schema(source: schema.source))
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

    /// For each schema, the schemas that hold it as an allOf part or an alternative.
    private static func holders(in table: SchemaTable) -> [SchemaID: [SchemaID]] {
        var holders: [SchemaID: [SchemaID]] = [:]
        for index in 0..<table.count {
            let schema = table[SchemaID(index)]
            for member in schema.allOf + schema.oneOf + schema.anyOf {
                holders[table.resolved(member), default: []].append(SchemaID(index))
            }
        }
        return holders
    }

    private static func ancestors(of id: SchemaID, holders: [SchemaID: [SchemaID]]) -> [SchemaID] {
        var found: Set<SchemaID> = []
        var pending = holders[id] ?? []
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += holders[next] ?? []
        }
        return Array(found)
    }

    /// The property names the schemas declare, with their allOf parts and alternatives.
    private static func declaredNames(from start: [SchemaID], in table: SchemaTable) -> Set<String> {
        var names: Set<String> = []
        var visited: Set<SchemaID> = []
        var pending = start
        while let next = pending.popLast() {
            let id = table.resolved(next)
            guard visited.insert(id).inserted else { continue }
            let schema = table[id]
            names.formUnion(schema.properties.map(\.name))
            pending += schema.allOf + schema.oneOf + schema.anyOf
        }
        return names
    }
}
