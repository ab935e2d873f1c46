import APIGenOpenAPI

/// The discriminator values that select a union's alternative: decided here for both the
/// union's decoder (`UnionTranslator`) and the samples (`SampleSynthesizer`), so that a sample
/// always decodes as the branch it was built from.
enum DiscriminatorValues {
    /// Explicit mapping entries; then the single value its discriminator property allows
    /// (`type: {enum: [cat]}`), or, where it allows any, the alternative's component name. A
    /// fixed value rules the name out: decoding enforces it, so the name could never decode.
    static func values(
        for member: SchemaID, discriminator: Schema.Discriminator, table: SchemaTable, shapes: ShapeTable,
        componentNames: SchemaMap<String>
    ) -> [String] {
        let target = table.resolved(member)
        var values = discriminator.mapping.filter { table.resolved($0.schema) == target }.map(\.value)
        let property = shapes.mergedObject(member, table: table).properties.first { $0.name == discriminator.propertyName }
        if let property, case .constant(let value) = shapes[table.resolved(property.schema)] {
            if !values.contains(value) {
                values.append(value)
            }
        } else if values.isEmpty, let name = componentNames[target] {
            values.append(name)
        }
        return values
    }
}
