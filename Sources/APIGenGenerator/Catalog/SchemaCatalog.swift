import APIGenOpenAPI

/// What the generator decides about a document before it declares anything, made in one pass
/// (the pipeline's `catalog` stage) and never changed after: each schema's shape, which way its
/// values travel, its component name and the discriminator value it is known by, and each
/// operation's entry (its body, successes and alternatives). Every translator reads these
/// answers; none works them out again.
public struct SchemaCatalog {
    public let document: OpenAPIDocument
    let table: SchemaTable
    let shapes: ShapeTable
    /// The component name of each (resolved) component schema, for discriminator values.
    let componentNames: SchemaMap<String>
    /// The discriminator value each object is known by as a union's alternative: the default of
    /// its memberwise init's parameter and the value its samples carry.
    let knownDiscriminators: SchemaMap<DiscriminatorValues.Known>
    /// Each operation's entry, in document order.
    let operations: [OperationEntry]

    public init(_ document: OpenAPIDocument) {
        self.document = document
        let table = document.schemas
        self.table = table
        let shapes = ShapeTable(table, usage: SchemaUsage(document))
        self.shapes = shapes
        var names = SchemaMap<String>()
        for (name, id) in table.components where names[table.resolved(id)] == nil {
            names[table.resolved(id)] = name
        }
        componentNames = names
        knownDiscriminators = DiscriminatorValues.known(table: table, shapes: shapes, componentNames: names)
        operations = document.operations.map { OperationEntry($0, shapes: shapes, table: table) }
    }
}
