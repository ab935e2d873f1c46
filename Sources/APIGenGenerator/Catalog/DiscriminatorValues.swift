import APIGenOpenAPI

/// The discriminator values that select a union's alternative: decided here for both the
/// union's decoder (`UnionTranslator`) and the samples (`SampleSynthesizer`), so that a sample
/// always decodes as the branch it was built from.
enum DiscriminatorValues {
    /// Explicit mapping entries, else the alternative's component name; then the single value
    /// its discriminator property allows (`type: {enum: [cat]}`), when that is another one.
    static func values(
        for member: SchemaID, discriminator: Schema.Discriminator, table: SchemaTable, shapes: ShapeTable,
        componentNames: SchemaMap<String>
    ) -> [String] {
        let target = table.resolved(member)
        var values = discriminator.mapping.filter { table.resolved($0.schema) == target }.map(\.value)
        if values.isEmpty, let name = componentNames[target] {
            values.append(name)
        }
        let property = shapes.mergedObject(member, table: table).properties.first { $0.name == discriminator.propertyName }
        if let property, case .constant(let value) = shapes[table.resolved(property.schema)], !values.contains(value) {
            values.append(value)
        }
        return values
    }
}
