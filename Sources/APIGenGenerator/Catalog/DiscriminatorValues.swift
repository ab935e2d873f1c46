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
            if let property, case .string(let value)? = SchemaShape.fixedValue(of: property.schema, in: table) {
                return [value]
            }
            return componentNames[target].map { [$0] } ?? []
        }
    }
}
