import APIGenOpenAPI

/// Properties, required names and extra-property rule of an object, with every allOf
/// member merged in (members first, so a schema's own definition of a property wins).
struct MergedObject {
    var properties: [Schema.Property] = []
    var required: Set<String> = []
    var additionalProperties: Schema.AdditionalProperties = .unspecified
    /// Schemas whose oneOf/anyOf of several alternatives is part of the object (inside an
    /// allOf, or beside properties): the value is also one of those alternatives, read from and
    /// written into the same JSON object as the properties.
    var unions: [SchemaID] = []
    /// The keys each part that says `additionalProperties: false` declares itself: JSON Schema
    /// lets such a part see only its own properties, so a value valid for the whole object holds
    /// no optional key outside any of these (a spec may close an allOf member this way).
    var closedKeySets: [Set<String>] = []
    /// The keys each part with an `additionalProperties` schema declares itself: JSON Schema holds
    /// every other key of the value to that schema as well (OpenSearch's geo queries put a map of
    /// fields beside QueryBase's `boost` and `_name`), so a sample leaves out an optional key
    /// outside any of these rather than meet two schemas at once.
    var mapKeySets: [Set<String>] = []

    /// Whether a value of the whole object may hold the optional key `name` without having to
    /// meet a closed part or a map part that does not declare it.
    func admitsOptionalKey(_ name: String) -> Bool {
        closedKeySets.allSatisfy { $0.contains(name) } && mapKeySets.allSatisfy { $0.contains(name) }
    }
    /// The schemas of parts that only assert over a property another part declares
    /// (`size: {readOnly: true}` in a request's allOf): the property keeps its type, and their
    /// annotations apply to it as well.
    var overlays: [String: [SchemaID]] = [:]
    /// Keys that never come together, one list per part that says `not: {required: […]}`
    /// (OpenSearch's bucket aggregations: `aggregations` or its alias `aggs`, not both).
    var forbiddenTogether: [[String]] = []
    /// The fewest and most keys a value may hold: the tightest `minProperties` and
    /// `maxProperties` of the object and its parts, each of which counts every key of the value
    /// (OpenSearch's FieldSuggester: one part's `maxProperties: 1` leaves room for one key in all).
    var leastKeys = 0
    var mostKeys: Int?

    /// Merges `id`'s allOf members into one object. `ShapeTable.mergedObject` memoizes it.
    static func merging(_ id: SchemaID, in table: SchemaTable) -> MergedObject {
        var merged = MergedObject()
        var visited: Set<SchemaID> = []
        func visit(_ id: SchemaID) {
            let resolved = table.resolved(id)
            guard visited.insert(resolved).inserted else { return }
            let schema = table[resolved]
            for member in schema.allOf {
                visit(member)
            }
            let alternatives = SchemaShape.alternatives(of: schema, in: table)
            if alternatives.count == 1 {
                // One alternative is one more part of the object, as an allOf member is.
                visit(alternatives[0])
            } else if alternatives.count > 1,
                !(holdsWholeValues(alternatives, table) && merged.unions.contains { holdsWholeValues(table[$0], table) })
            {
                // A second union that may be an array or a scalar describes the very value the
                // first one holds (OpenSearch's buckets: allOf [Buckets, oneOf [map, array]]):
                // kept, it would write that value twice.
                merged.unions.append(resolved)
            }
            for property in schema.properties {
                if let existing = merged.properties.firstIndex(where: { $0.name == property.name }) {
                    // A value keeps every part's schema of it: a later one that only asserts
                    // (`inbound: {required: [action]}` beside an array) keeps the type.
                    guard !isOverlay(property.schema, on: merged.properties[existing].schema, in: table) else {
                        merged.overlays[property.name, default: []].append(property.schema)
                        continue
                    }
                    merged.properties[existing] = property
                } else {
                    merged.properties.append(property)
                }
            }
            if !schema.required.isEmpty {
                // Room for all at once, rather than growing (and rehashing) at 1, 2, 4, 8.
                merged.required.reserveCapacity(merged.required.count + schema.required.count)
                merged.required.formUnion(schema.required)
            }
            if schema.additionalProperties != .unspecified {
                merged.additionalProperties = schema.additionalProperties
            }
            if !schema.notRequired.isEmpty {
                merged.forbiddenTogether.append(schema.notRequired)
            }
            merged.leastKeys = max(merged.leastKeys, schema.minProperties ?? 0)
            if let most = schema.maxProperties { merged.mostKeys = min(merged.mostKeys ?? most, most) }
            if schema.additionalProperties == .allowed(false), !schema.properties.isEmpty {
                merged.closedKeySets.append(Set(schema.properties.map(\.name)))
            }
            if case .schema(let values) = schema.additionalProperties, !table[table.resolved(values)].isUnconstrained {
                merged.mapKeySets.append(Set(schema.properties.map(\.name)))
            }
        }
        visit(id)
        return merged
    }

    /// Whether a union's value may be other than an object: an array or a scalar is one whole
    /// value, which no other part can add keys to.
    private static func holdsWholeValues(_ alternatives: [SchemaID], _ table: SchemaTable) -> Bool {
        alternatives.contains { alternative in
            let schema = table[table.resolved(alternative)]
            return schema.items != nil || !schema.types.subtracting([.object, .null]).isEmpty
        }
    }

    private static func holdsWholeValues(_ union: borrowing Schema, _ table: SchemaTable) -> Bool {
        holdsWholeValues(SchemaShape.alternatives(of: union, in: table), table)
    }

    /// Whether `property` of a later part only names a property `earlier` declares: `{}`, or an
    /// overlay on it.
    private static func restates(_ property: Schema.Property, of earlier: borrowing Schema, in table: SchemaTable) -> Bool {
        guard let declared = earlier.properties.first(where: { $0.name == property.name }) else { return false }
        return table[table.resolved(property.schema)].isUnconstrained || isOverlay(property.schema, on: declared.schema, in: table)
    }

    /// Whether `later` adds no structure to `earlier`: no properties, alternatives, values,
    /// reference or items of its own (items, and properties `earlier` declares, that are an
    /// overlay themselves or `{}` aside), and no kind but the object or array `earlier` is; it may
    /// close the object to the keys it names. JSON Schema applies both; the type is `earlier`'s.
    /// linode's LKE ACL repeats `acl: {properties: {addresses: …, revision-id: {}}}` in a second
    /// part only to name its keys; its firewall bodies restate `rules` beside the part that types
    /// it as `{additionalProperties: false, properties: {inbound: {required: [action, …]}, …}}`.
    private static func isOverlay(_ later: SchemaID, on earlier: SchemaID, in table: SchemaTable) -> Bool {
        let schema = table[later]
        let first = table[table.resolved(earlier)]
        // Items that only assert over the earlier items are an overlay too.
        if let items = schema.items {
            guard let earlierItems = first.items, isOverlay(items, on: earlierItems, in: table) else { return false }
        }
        guard schema.reference == nil, schema.allOf.isEmpty,
            schema.oneOf.isEmpty, schema.anyOf.isEmpty, schema.enumValues == nil, schema.constValue == nil,
            schema.additionalProperties == .unspecified || schema.additionalProperties == .allowed(false),
            !first.isUnconstrained,
            schema.properties.allSatisfy({ restates($0, of: first, in: table) })
        else { return false }
        guard let kind = schema.types.first else { return true }
        return schema.types.count == 1 && (kind == .object || kind == .array) && !schema.nullable && first.types.contains(kind)
    }
}
