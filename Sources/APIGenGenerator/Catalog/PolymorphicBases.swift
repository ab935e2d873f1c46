import APIGenOpenAPI

/// Inheritance through `allOf`: a schema with a `discriminator` and no oneOf/anyOf of its own
/// (`Animal`, discriminator `kind`) that component schemas extend (`Cat: allOf [Animal, {lives}]`).
/// Where such a base is used, a value is any of its subtypes, so it is decoded as a union of
/// them picked by the discriminator (an unknown kind kept as sent), rather than as the base's
/// own fields with the subtype's dropped. The subtypes themselves stay structs holding the
/// base's fields and their own.
enum PolymorphicBases {
    /// The subtypes of each base, in document order, then the discriminator mapping's other
    /// targets. A subtype that only wraps its base (`allOf: [Animal]`) adds nothing and is no
    /// case of its own; a base with no subtype stays an object.
    static func subtypes(in table: SchemaTable, shapes: [SchemaShape]) -> [SchemaID: [SchemaID]] {
        func isObject(_ id: SchemaID) -> Bool {
            if case .object = shapes[id.index] { return true }
            return false
        }
        func isBase(_ id: SchemaID) -> Bool {
            let schema = table[id]
            return schema.discriminator != nil && schema.oneOf.isEmpty && schema.anyOf.isEmpty && isObject(id)
        }
        // Most specs have no discriminator outside a oneOf: nothing to walk.
        guard table.schemas.indices.contains(where: { isBase(SchemaID($0)) }) else { return [:] }
        var result: [SchemaID: [SchemaID]] = [:]
        for component in table.components {
            let subtype = table.resolved(component.schema)
            guard isObject(subtype), !table[subtype].allOf.isEmpty else { continue }
            for base in ancestors(of: subtype, in: table) where isBase(base) {
                if result[base, default: []].contains(subtype) == false { result[base, default: []].append(subtype) }
            }
        }
        for (base, found) in result {
            var subtypes = found
            for entry in table[base].discriminator?.mapping ?? [] {
                let target = table.resolved(entry.schema)
                if target != base, isObject(target), !subtypes.contains(target) { subtypes.append(target) }
            }
            result[base] = subtypes
        }
        return result
    }

    /// The schemas `id` extends through `allOf`, directly or through other parts, each once.
    private static func ancestors(of id: SchemaID, in table: SchemaTable) -> [SchemaID] {
        var found: [SchemaID] = []
        var visited: Set<SchemaID> = [id]
        var pending = table[id].allOf
        while let next = pending.popLast() {
            let part = table.resolved(next)
            guard visited.insert(part).inserted else { continue }
            found.append(part)
            pending.append(contentsOf: table[part].allOf)
        }
        return found
    }
}
