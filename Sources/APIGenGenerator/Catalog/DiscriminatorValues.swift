import APIGenOpenAPI

/// The discriminator values that select a union's alternative: decided here for both the
/// union's decoder (`UnionTranslator`) and the samples (`SampleSynthesizer`), so that a sample
/// always decodes as the branch it was built from.
enum DiscriminatorValues {
    /// Explicit mapping entries; then the values its discriminator property allows (`type:
    /// {const: cat}`, `type: {enum: [eq, ne]}`), or, where it allows any, the alternative's
    /// component name. Fixed values rule the name out: a value the alternative names for
    /// itself is what its instances carry, and decoding enforces a constant.
    static func values(
        for member: SchemaID, discriminator: Schema.Discriminator, table: SchemaTable, shapes: ShapeTable,
        componentNames: SchemaMap<String>
    ) -> [String] {
        let target = table.resolved(member)
        var values = discriminator.mapping.filter { table.resolved($0.schema) == target }.map(\.value)
        let property = shapes.mergedObject(member, table: table).properties.first { $0.name == discriminator.propertyName }
        let allowed: [String]
        switch property.map({ shapes[table.resolved($0.schema)] }) {
        case .constant(let value): allowed = [value]
        case .stringEnum(let cases): allowed = cases
        default: allowed = []
        }
        values += allowed.filter { !values.contains($0) }
        if allowed.isEmpty, values.isEmpty, let name = componentNames[target] {
            values.append(name)
        }
        return values
    }
}
