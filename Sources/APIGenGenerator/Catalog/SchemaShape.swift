import APIGenOpenAPI

/// What a schema turns into in Swift, decided once from its keywords.
enum SchemaShape {
    /// `$ref`: the named type of the target.
    case reference(SchemaID)
    /// A wrapper that adds nothing but documentation or nullability (`allOf: [$ref]`,
    /// a oneOf with one non-null member).
    case alias(SchemaID)
    case union([SchemaID])
    case object
    case stringEnum([String])
    case integerEnum([Int64])
    /// A single allowed string (`const`, one-value `enum`): a `String` with that default.
    case constant(String)
    case array(SchemaID?)
    case dictionary(SchemaID?)
    case primitive(JSONType)
    /// `type: [string, integer]`: one of several primitive types.
    case primitiveUnion([JSONType])
    case any

    init(_ schema: Schema, in table: SchemaTable) {
        if let target = schema.reference {
            self = .reference(target)
            return
        }
        let alternatives = SchemaShape.alternatives(of: schema, in: table)
        if !alternatives.isEmpty, schema.properties.isEmpty, schema.allOf.isEmpty {
            // OpenAPI 3.1's titled enum, `oneOf: [{const: 1, title: One}, {const: 2, title: Two}]`:
            // an integer enum, not a union of alternatives no Swift type tells apart.
            if alternatives.count > 1, let constants = SchemaShape.constantAlternatives(alternatives, table) {
                self = constants
                return
            }
            self = alternatives.count == 1 ? .alias(alternatives[0]) : .union(alternatives)
            return
        }
        if !schema.allOf.isEmpty {
            // `allOf: [$ref: TagList, {description: …, example: …}]` only annotates the one part
            // that says what the value is: it is that part, not an object.
            let substantive = schema.allOf.count == 1 ? schema.allOf : schema.allOf.filter { !SchemaShape.isAnnotationOnly(table[$0]) }
            let onlyWraps = substantive.count == 1 && schema.properties.isEmpty && schema.additionalProperties == .unspecified
            if !onlyWraps, SchemaShape.saysOnlyObject(schema, table, depth: 0) {
                // `allOf: [$ref: Function, {type: object}]`, Function being `type: object`: a
                // free-form object, as `type: object` alone is, not a struct that keeps no key.
                self = .dictionary(nil)
                return
            }
            self = onlyWraps ? .alias(substantive[0]) : .object
            return
        }
        if let values = schema.enumValues.map({ SchemaShape.distinct($0.filter { $0 != .null }) }), !values.isEmpty {
            let strings = values.compactMap(\.stringValue)
            let integers = values.compactMap { value -> Int64? in
                if case .int(let number) = value { return number }
                return nil
            }
            let isBoolean = schema.types.contains(.boolean) || values.allSatisfy { $0.boolValue != nil }
            if isBoolean {
                self = .primitive(.boolean)
            } else if strings.count == values.count, !schema.types.contains(.integer), !schema.types.contains(.number) {
                self = strings.count == 1 ? .constant(strings[0]) : .stringEnum(strings)
            } else if integers.count == values.count, !schema.types.contains(.number) {
                self = .integerEnum(integers)
            } else {
                self = SchemaShape.byType(schema)
            }
            return
        }
        if case .string(let value)? = schema.constValue {
            self = .constant(value)
            return
        }
        // `const: 2` or `const: true` without `type`: the constant's own type, not any value.
        if schema.types.subtracting([.null]).isEmpty, schema.properties.isEmpty, schema.items == nil,
            let type = schema.constValue.flatMap(SchemaShape.scalarType)
        {
            self = .primitive(type)
            return
        }
        self = SchemaShape.byType(schema)
    }

    /// The oneOf/anyOf members that are alternatives of a value: not the `{type: 'null'}` that
    /// makes it nullable, nor a member that only adds constraints (`{required: [a]}`).
    static func alternatives(of schema: borrowing Schema, in table: SchemaTable) -> [SchemaID] {
        (schema.oneOf + schema.anyOf).filter { !isNullOnly(table[$0], table) && !isConstraintOnly(table[$0]) }
    }

    /// The one value a schema allows by its own keywords, whatever type it narrows: its
    /// `const`, or an `enum` of one value besides null (`allOf: [$ref: Kind], enum: [2]` is the
    /// `Kind` 2), read from the schema or else from the one it refers to; nil when it allows more.
    static func fixedValue(of id: SchemaID, in table: SchemaTable) -> SpecValue? {
        ownFixedValue(table[id]) ?? ownFixedValue(table[table.resolved(id)])
    }

    /// The one value `schema` itself allows (`const`, or an `enum` of one value besides null).
    static func ownFixedValue(_ schema: borrowing Schema) -> SpecValue? {
        if let constant = schema.constValue, constant != .null {
            return constant
        }
        guard let values = schema.enumValues else { return nil }
        // Compared in place, nothing allocated: every enum is asked.
        var found: SpecValue?
        for value in values where value != .null {
            if let found, found != value { return nil }
            found = value
        }
        return found
    }

    /// The type of a `const` that is a number or a Bool; nil for other values.
    private static func scalarType(_ value: SpecValue) -> JSONType? {
        switch value {
        case .int: return .integer
        case .double: return .number
        case .bool: return .boolean
        default: return nil
        }
    }

    /// An integer enum of the alternatives' values when each one only fixes an integer
    /// (`{const: 1, title: One}`, `{type: integer, enum: [1]}`); nil otherwise. `EnumTranslator`
    /// names the cases after the alternatives' titles.
    private static func constantAlternatives(_ alternatives: [SchemaID], _ table: SchemaTable) -> SchemaShape? {
        var integers: [Int64] = []
        for id in alternatives {
            guard table[id].reference == nil, table[id].properties.isEmpty, table[id].items == nil, table[id].allOf.isEmpty,
                table[id].oneOf.isEmpty, table[id].anyOf.isEmpty, table[id].types.subtracting([.null]).isSubset(of: [.integer]),
                case .int(let number)? = fixedValue(of: id, in: table)
            else { return nil }
            integers.append(number)
        }
        return .integerEnum(distinct(integers))
    }

    /// Whether the schema is declared as a Swift type of its own (a struct or an enum); the
    /// other shapes are written as a type that exists (`[Pet]`, `String`) or an alias of one.
    var declaresType: Bool {
        switch self {
        case .object, .union, .stringEnum, .integerEnum, .primitiveUnion: return true
        case .reference, .alias, .constant, .array, .dictionary, .primitive, .any: return false
        }
    }

    private static func byType(_ schema: Schema) -> SchemaShape {
        let types = schema.types.subtracting([.null])
        if types.count > 1 {
            let primitives: [JSONType] = [.boolean, .integer, .number, .string]
            return types.isSubset(of: JSONTypes(primitives)) ? .primitiveUnion(primitives.filter(types.contains)) : .any
        }
        switch types.first {
        case .object?:
            return objectOrDictionary(schema)
        case .array?:
            return .array(schema.items)
        case .string?, .integer?, .number?, .boolean?:
            return .primitive(types.first!)
        case .null?:
            return .any
        case nil:
            if !schema.properties.isEmpty { return .object }
            if schema.items != nil { return .array(schema.items) }
            if schema.additionalProperties != .unspecified { return objectOrDictionary(schema) }
            return .any
        }
    }

    /// Whether a schema and its allOf parts, each followed through its reference, say only that
    /// the value is an object (one of them says `type: object`): no properties, items,
    /// alternatives, values or limit on other keys.
    private static func saysOnlyObject(_ schema: borrowing Schema, _ table: SchemaTable, depth: Int) -> Bool {
        guard depth < 16, schema.properties.isEmpty, schema.items == nil, schema.oneOf.isEmpty, schema.anyOf.isEmpty,
            schema.enumValues == nil, schema.constValue == nil, schema.types.subtracting([.null]).isSubset(of: [.object])
        else { return false }
        switch schema.additionalProperties {
        case .unspecified, .allowed(true): break
        case .allowed(false), .schema: return false
        }
        let parts = schema.allOf.map { table.resolved($0) }
        guard parts.allSatisfy({ saysOnlyObject(table[$0], table, depth: depth + 1) }) else { return false }
        return depth > 0 || schema.types.contains(.object) || parts.contains { saysObject(table[$0], table) }
    }

    /// Whether a schema or one of its allOf parts says `type: object`.
    private static func saysObject(_ schema: borrowing Schema, _ table: SchemaTable) -> Bool {
        schema.types.contains(.object) || schema.allOf.contains { saysObject(table[table.resolved($0)], table) }
    }

    private static func objectOrDictionary(_ schema: Schema) -> SchemaShape {
        if !schema.properties.isEmpty {
            return .object
        }
        switch schema.additionalProperties {
        case .schema(let value): return .dictionary(value)
        case .allowed(false): return .object
        case .allowed(true), .unspecified: return .dictionary(nil)
        }
    }

    static func distinct<Value: Hashable>(_ values: [Value]) -> [Value] {
        // Most enums are short and already distinct: comparing a few values costs less than
        // hashing each one.
        guard values.count > 16 else {
            var kept: [Value] = []
            kept.reserveCapacity(values.count)
            for value in values where !kept.contains(value) { kept.append(value) }
            return kept
        }
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }

    /// `{type: "null"}` or `{enum: [null]}`: a way to say "or null" inside oneOf/anyOf.
    static func isNullOnly(_ schema: Schema, _ table: SchemaTable) -> Bool {
        if let reference = schema.reference {
            return allowsOnlyNull(table[table.resolved(reference)])
        }
        return allowsOnlyNull(schema)
    }

    private static func allowsOnlyNull(_ schema: Schema) -> Bool {
        if schema.types == [.null] { return true }
        if let values = schema.enumValues, values == [.null] { return true }
        return false
    }

    /// `oneOf: [{required: [a]}, {required: [b]}]` only validates; it declares no alternative types.
    static func isConstraintOnly(_ schema: Schema) -> Bool {
        schema.reference == nil && schema.types.isEmpty && schema.properties.isEmpty && schema.items == nil
            && schema.allOf.isEmpty && schema.oneOf.isEmpty && schema.anyOf.isEmpty && schema.enumValues == nil
            && schema.constValue == nil && schema.additionalProperties == .unspecified && !schema.required.isEmpty
    }

    /// `{description: …, example: …}`: words about a value, not a constraint on it (readOnly and
    /// nullable included, which the property rules read from allOf parts).
    static func isAnnotationOnly(_ schema: Schema) -> Bool {
        schema.reference == nil && schema.types.isEmpty && schema.properties.isEmpty && schema.items == nil
            && schema.allOf.isEmpty && schema.oneOf.isEmpty && schema.anyOf.isEmpty && schema.enumValues == nil
            && schema.constValue == nil && schema.additionalProperties == .unspecified && schema.required.isEmpty
            && schema.discriminator == nil
    }

    /// True when the schema lets the value be null where it is used or where it is defined
    /// (`$ref` to a nullable schema).
    static func isNullable(_ id: SchemaID, _ table: SchemaTable) -> Bool {
        isNullable(table[id], table) || isNullable(table[table.resolved(id)], table)
    }

    /// True when the schema lets the value be null.
    static func isNullable(_ schema: Schema, _ table: SchemaTable) -> Bool {
        isNullable(schema, table, depth: 0)
    }

    private static func isNullable(_ schema: Schema, _ table: SchemaTable, depth: Int) -> Bool {
        if schema.nullable || schema.types.contains(.null) { return true }
        if schema.allOf.contains(where: { table[$0].nullable && isAnnotationOnly(table[$0]) }) { return true }
        if schema.enumValues?.contains(.null) == true { return true }
        // A union takes null when an alternative does: `{type: 'null'}`, a nullable one
        // (`anyOf: [{type: object, nullable: true}, $ref: Droplet]`, as DigitalOcean writes "a
        // Droplet or null"), or a union that takes null itself (OpenSearch's FieldValue,
        // `anyOf: [boolean, 'null', number, string]`, as one alternative of a match query).
        return schema.oneOf.contains { acceptsNull(alternative: $0, table, depth: depth) }
            || schema.anyOf.contains { acceptsNull(alternative: $0, table, depth: depth) }
    }

    private static func acceptsNull(alternative id: SchemaID, _ table: SchemaTable, depth: Int) -> Bool {
        if isNullOnly(table[id], table) { return true }
        let resolved = table[table.resolved(id)]
        if resolved.nullable || resolved.types.contains(.null) { return true }
        guard depth < 8, !resolved.oneOf.isEmpty || !resolved.anyOf.isEmpty else { return false }
        return isNullable(resolved, table, depth: depth + 1)
    }
}

/// Every schema's shape, computed once: translation asks for shapes many times per schema.
struct ShapeTable {
    private let shapes: [SchemaShape]
    /// Which way each schema's values travel (`SchemaUsage`).
    let usage: SchemaUsage
    /// Objects merged with their allOf members, by schema: samples and example checks merge
    /// the same objects over and over.
    /// Merged objects and fixed values, in one object so that a copy of the table (every
    /// checker and translator holds one) retains one reference for both.
    private let memo: ShapeMemo

    init(_ table: SchemaTable, usage: SchemaUsage = SchemaUsage()) {
        self.usage = usage
        memo = ShapeMemo(fixedValues: table.schemas.map { SchemaShape.ownFixedValue($0) })
        var shapes = table.schemas.map { SchemaShape($0, in: table) }
        for (base, subtypes) in PolymorphicBases.subtypes(in: table, shapes: shapes) {
            shapes[base.index] = .union(subtypes)
        }
        self.shapes = shapes
    }

    subscript(id: SchemaID) -> SchemaShape {
        shapes[id.index]
    }

    /// `SchemaShape.fixedValue(of:in:)`, from the values found once per schema.
    func fixedValue(of id: SchemaID, in table: SchemaTable) -> SpecValue? {
        memo.fixedValues[id.index] ?? memo.fixedValues[table.resolved(id).index]
    }

    /// The schema that holds `id`'s content, past `$ref`s and single-member wrappers (`allOf:
    /// [$ref: Pet]`); nil past a chain longer than any spec writes, which only a cycle makes.
    /// Defaults, unions and struct members all walk to the content this way.
    func content(of id: SchemaID, in table: SchemaTable) -> SchemaID? {
        var current = table.resolved(id)
        for _ in 0..<64 {
            switch self[current] {
            case .reference(let target), .alias(let target): current = table.resolved(target)
            default: return current
            }
        }
        return nil
    }

    /// `SchemaTypes.mergedObject(_:table:)`, computed once per schema. `table` must be the
    /// table these shapes were made from.
    func mergedObject(_ id: SchemaID, table: SchemaTable) -> MergedObject {
        if let known = memo.objects[id] {
            return known
        }
        let merged = MergedObject.merging(id, in: table)
        memo.objects[id] = merged
        return merged
    }
}

/// What `ShapeTable` works out once and its copies share: the objects merged so far, and each
/// schema's own fixed value (`SchemaShape.ownFixedValue`), which samples, example checks and
/// decoders ask for at every value they meet.
final class ShapeMemo {
    var objects = SchemaMap<MergedObject>()
    let fixedValues: [SpecValue?]

    init(fixedValues: [SpecValue?]) {
        self.fixedValues = fixedValues
    }
}
