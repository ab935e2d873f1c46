import APIGenOpenAPI

/// How an object's properties are treated, decided here for the generated struct, the members
/// other translators read (body fields, paging) and the example check, so the three agree.
enum PropertyRules {
    /// Names a struct's members may not take. Built once: copies share its set, where a new
    /// scope per struct would hash every name again.
    private static let reservedMemberScope = NameScope(reserved: GeneratedMembers.structure)

    /// The scope a struct's member names are claimed in.
    static var memberScope: NameScope { reservedMemberScope }

    /// The Swift names of the object's properties, in order, and the scope they were claimed
    /// in, for a member the struct adds after them.
    static func memberNames(of merged: MergedObject) -> (names: [Identifier], scope: NameScope) {
        var scope = reservedMemberScope
        let names = merged.properties.map { Identifier(scope.claim(SwiftName.memberName($0.name))) }
        return (names, scope)
    }

    /// Whether a property's schema, the schema it references, or a part of its `allOf` (as
    /// `allOf: [$ref: Connection, readOnly: true]` writes it) sets `flag`.
    /// `flag` is a function, not a key path: applying a key path copies the whole schema out of
    /// the table, and this runs for every property of every object.
    static func marks(_ id: SchemaID, _ flag: (borrowing Schema) -> Bool, in table: SchemaTable) -> Bool {
        let resolved = table.resolved(id)
        return flag(table[id]) || flag(table[resolved])
            || table[id].allOf.contains { flag(table[$0]) || flag(table[table.resolved($0)]) }
    }

    /// Whether `id` takes null: nullable where it is used or where it is defined, or accepting
    /// anything (`acceptsNull`). The struct's optionals, the samples and the example check all ask
    /// this, so a property the struct lets be null is one a sample may leave null.
    static func takesNull(_ id: SchemaID, shapes: ShapeTable, in table: SchemaTable) -> Bool {
        SchemaShape.isNullable(id, table) || acceptsNull(id, shapes: shapes, in: table)
    }

    /// Whether a value may be null although the spec does not say nullable: a free-form value
    /// (`{}`, a `JSONValue`), or a union with an alternative that accepts anything
    /// (`anyOf: [$ref: Links, {}]`). A property's null is then kept and sent back like a
    /// nullable property's.
    static func acceptsNull(_ id: SchemaID, shapes: ShapeTable, in table: SchemaTable) -> Bool {
        let resolved = table.resolved(id)
        if case .any = shapes[resolved] { return true }
        let schema = table[resolved]
        return (schema.oneOf + schema.anyOf).contains { SchemaShape.isAnnotationOnly(table[$0]) }
    }

    /// Required of every value of the object `object`: listed in `required`; a read-only one
    /// (absent from requests) only where the client never sends the object, a write-only one
    /// (absent from responses) only where it never receives it.
    static func isRequired(
        _ property: Schema.Property, of merged: MergedObject, object: SchemaID, usage: SchemaUsage, in table: SchemaTable
    ) -> Bool {
        guard merged.required.contains(property.name), !table.undeclaredProperties.contains(property.schema) else { return false }
        if marks(property, of: merged, { $0.readOnly }, in: table) { return usage.isOnlyReceived(object) }
        if marks(property, of: merged, { $0.writeOnly }, in: table) { return usage.isOnlySent(object) }
        return true
    }

    /// Whether a property of a merged object carries a flag (`readOnly`, `writeOnly`): where it
    /// is declared, or in an allOf part that only asserts over it.
    static func marks(
        _ property: Schema.Property, of merged: MergedObject, _ flag: (borrowing Schema) -> Bool, in table: SchemaTable
    ) -> Bool {
        if marks(property.schema, flag, in: table) { return true }
        // Most objects have no overlay: no name to hash then.
        guard !merged.overlays.isEmpty, let overlays = merged.overlays[property.name] else { return false }
        return overlays.contains { marks($0, flag, in: table) }
    }
}
