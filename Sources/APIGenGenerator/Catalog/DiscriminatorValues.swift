import APIGenOpenAPI

/// The discriminator values that select a union's alternative: decided here for both the
/// union's decoder (`UnionTranslator`) and the samples (`SampleSynthesizer`), so that a sample
/// always decodes as the branch it was built from.
enum DiscriminatorValues {
    /// Explicit mapping entries, which are the spec's word: where it maps values to the
    /// alternative, those are its values, though its property may allow others (DigitalOcean's
    /// actions share one `type` enum of every action). Else the values its discriminator
    /// property allows (`type: {const: cat}`, `type: {enum: [eq, ne]}`), or, where it allows
    /// any, the alternative's component name. Fixed values rule the name out: a value the
    /// alternative names for itself is what its instances carry, and decoding enforces a constant.
    static func values(
        for member: SchemaID, discriminator: Schema.Discriminator, table: SchemaTable, shapes: ShapeTable,
        componentNames: SchemaMap<String>
    ) -> [String] {
        let target = table.resolved(member)
        let mapped = discriminator.mapping.filter { table.resolved($0.schema) == target }.map(\.value)
        guard mapped.isEmpty else { return mapped }
        let property = shapes.mergedObject(member, table: table).properties.first { $0.name == discriminator.propertyName }
        switch property.map({ shapes[table.resolved($0.schema)] }) {
        case .constant(let value): return [value]
        case .stringEnum(let cases) where !cases.isEmpty: return cases
        default:
            // `kind: {allOf: [$ref: Kind], enum: [cat]}`: the one kind it narrows `Kind` to.
            if let property, case .string(let value)? = shapes.fixedValue(of: property.schema, in: table) {
                return [value]
            }
            return componentNames[target].map { [$0] } ?? []
        }
    }

    /// The discriminator property and value an object is known by as a union's alternative.
    struct Known: Equatable {
        var key: String
        var value: String
    }

    /// For each object that is an alternative of a discriminated union (a oneOf/anyOf, or a
    /// polymorphic base's subtype), the one value that selects it, where every such union
    /// agrees on it: the default of its memberwise init's parameter (`Cat(petType: String =
    /// "kitty")`) and the value its sample carries, so that `.cat(Cat(…))` encodes as a value
    /// that decodes as `.cat` again. An object selected by several values (`enum: [eq, ne]`,
    /// two mapping entries) or differently by two unions has none.
    static func known(table: SchemaTable, shapes: ShapeTable, componentNames: SchemaMap<String>) -> SchemaMap<Known> {
        var found: [SchemaID: Known?] = [:]
        for index in table.schemas.indices {
            let union = SchemaID(index)
            guard let discriminator = table[union].discriminator, case .union(let members) = shapes[union] else { continue }
            for member in members {
                // The struct is declared for the object a `$ref` names; a wrapper (`allOf: [Base]`)
                // is an alias of another struct, which other kinds may share: it gets nothing.
                let object = table.resolved(member)
                guard case .object = shapes[object] else { continue }
                let selecting = values(
                    for: member, discriminator: discriminator, table: table, shapes: shapes, componentNames: componentNames)
                let kind = selecting.count == 1 ? Known(key: discriminator.propertyName, value: selecting[0]) : nil
                if let earlier = found[object] {
                    if earlier != kind { found[object] = .some(nil) }
                } else {
                    found[object] = .some(kind)
                }
            }
        }
        var result = SchemaMap<Known>()
        for (object, kind) in found {
            if let kind { result[object] = kind }
        }
        return result
    }
}
