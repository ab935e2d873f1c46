import APIGenOpenAPI

/// oneOf / anyOf become enums with a case per alternative, named after what each one is: the
/// schema, its alternatives and the name its type is given in, the declaration out.
struct UnionTranslator {
    let types: SchemaTypes
    var table: SchemaTable { types.table }

    func declaration(for id: SchemaID, members: [SchemaID], name: String, context: NestingContext, documentation: Documentation)
        -> TypeDeclaration
    {
        let schema = table[id]
        var context = context
        let discriminator = schema.discriminator
        // The object behind each alternative (past references and wrappers), found once.
        let objects = members.map { Self.objectBehind($0, types) }
        let keepsAllMatches = Self.keepsAllMatches(schema, objects: objects.compactMap { $0 }, types: types)
        var caseScope =
            keepsAllMatches
            ? PropertyRules.memberScope
            : NameScope(reserved: discriminator == nil ? Self.caseReserved : Self.caseReserved.union(["unknown"]))
        var cases: [UnionDeclaration.Case] = []
        var objectCases: Set<Identifier> = []
        for (index, member) in members.enumerated() {
            let values =
                discriminator.map {
                    DiscriminatorValues.values(
                        for: member, discriminator: $0, table: table, shapes: types.shapes, componentNames: types.componentNames)
                } ?? []
            let proposed = Self.unlikeTypeName(caseName(for: member, discriminatorValue: values.first, index: index))
            let caseName = caseScope.claim(proposed)
            var type = types.swiftType(for: member, suggestedName: caseName, in: &context)
            type = type.unwrapped
            var item = UnionDeclaration.Case(name: Identifier(caseName), type: type, discriminatorValues: values)
            if case .named = type { item.codingType = types.aliasedScalar(member) }
            if let object = objects[index] {
                item.requiredKeyCount = Self.requiredKeyCount(object, types)
                item.declaredKeys = Self.declaredKeys(object, types)
                objectCases.insert(item.name)
            }
            cases.append(item)
        }
        var union = UnionDeclaration(cases: cases, discriminatorKey: discriminator?.propertyName)
        if schema.oneOf.isEmpty, schema.anyOf.isEmpty {
            // A polymorphic base: its own properties are every subtype's.
            union.baseKeys = types.mergedObject(id).properties.map(\.name)
        }
        if union.discriminatorKey != nil, cases.allSatisfy({ $0.discriminatorValues.isEmpty }) {
            types.warning("the discriminator selects none of the alternatives; they are tried in order instead", at: schema.source)
            union.discriminatorKey = nil
        }
        // Alternatives that are the same Swift type cannot be told apart when decoding.
        var seenTypes: Set<SwiftType> = []
        if union.discriminatorKey == nil {
            union.cases = union.cases.filter { seenTypes.insert($0.type).inserted }
        }
        if keepsAllMatches {
            var declaration = TypeDeclaration(
                name: name, documentation: documentation, kind: .structure(allMatches(union.cases, objects: objectCases)))
            declaration.nested = context.nested
            return declaration
        }
        var declaration = TypeDeclaration(name: name, documentation: documentation, kind: .union(union))
        declaration.nested = context.nested
        return declaration
    }

    /// Names a union's cases may not take: its own members, and the `sample`/`samples` its
    /// Samples.swift extension adds (an enum case and a static property of one name clash).
    private static let caseReserved = GeneratedMembers.unionCases

    /// An `anyOf` without a discriminator, with two or more object alternatives: a value can
    /// match several, and each holds keys the others do not, so the type keeps every match (a
    /// struct of optionals) rather than the first (an enum). Other unions hold one value.
    private static func keepsAllMatches(_ schema: Schema, objects: [SchemaID], types: SchemaTypes) -> Bool {
        guard schema.discriminator == nil, !schema.anyOf.isEmpty, schema.oneOf.isEmpty else { return false }
        return objects.count >= 2 && !areExclusive(objects, types)
    }

    /// Whether the alternatives each fix one property to a different constant (`type: {const:
    /// accept}` beside `type: {const: abort}`, `v: {const: 1}` beside `v: {const: 2}`): an
    /// implicit discriminator, so at most one matches.
    private static func areExclusive(_ alternatives: [SchemaID], _ types: SchemaTypes) -> Bool {
        let constants = alternatives.map { alternative -> [String: SpecValue] in
            var found: [String: SpecValue] = [:]
            for property in types.shapes.mergedObject(alternative, table: types.table).properties {
                if let value = types.shapes.fixedValue(of: property.schema, in: types.table) {
                    found[property.name] = value
                }
            }
            return found
        }
        guard let first = constants.first else { return false }
        return first.keys.contains { key in
            let values = constants.compactMap { $0[key] }
            return values.count == constants.count && Set(values).count == values.count
        }
    }

    /// The keys an object requires of every value (`PropertyRules.isRequired`).
    private static func requiredKeyCount(_ object: SchemaID, _ types: SchemaTypes) -> Int {
        let merged = types.shapes.mergedObject(object, table: types.table)
        return merged.properties.filter {
            PropertyRules.isRequired($0, of: merged, object: object, usage: types.shapes.usage, in: types.table)
        }.count
    }

    /// The keys of an object whose struct drops undeclared ones; nil for a map, or an object
    /// that keeps other keys in `additionalProperties` (`StructTranslator`).
    private static func declaredKeys(_ object: SchemaID, _ types: SchemaTypes) -> [String]? {
        guard case .object = types.shapes[object] else { return nil }
        let merged = types.shapes.mergedObject(object, table: types.table)
        switch merged.additionalProperties {
        case .schema, .allowed(true): return merged.properties.isEmpty ? [] : nil
        case .allowed(false), .unspecified: return merged.properties.map(\.name)
        }
    }

    /// The object or map an alternative is, past references and wrappers (a bounded walk, as
    /// wrappers may form a loop); nil when it is another kind of value. Objects' keys merge
    /// with other objects' into one value.
    private static func objectBehind(_ id: SchemaID, _ types: SchemaTypes) -> SchemaID? {
        guard let content = types.shapes.content(of: id, in: types.table) else { return nil }
        switch types.shapes[content] {
        case .object, .dictionary: return content
        default: return nil
        }
    }

    /// The struct of an `anyOf` that keeps every match: a property per alternative, nil where
    /// the value does not match it.
    private func allMatches(_ kept: [UnionDeclaration.Case], objects: Set<Identifier>) -> StructDeclaration {
        var structure = StructDeclaration()
        for item in kept {
            let description = "The value as `\(item.type.code)`, or nil when it does not match."
            structure.properties.append(
                PropertyDeclaration(
                    name: item.name, key: item.name.plain, type: item.type.optional, isRequired: false,
                    documentation: Documentation(description)))
        }
        structure.coding = .allMatches(mergedObjects: objects.intersection(kept.map(\.name)))
        return structure
    }

    /// A case name that a type could have too: one that starts with a digit (`_1`, from a title,
    /// value or key `1`) has no letter to lower-case, so the alternative's nested type, named
    /// from the case, gets the same spelling (`case _1(U._1)`: an invalid redeclaration), and a
    /// referenced type so named is hidden by the case (`try _1(from: decoder)` calls the case).
    /// It gets a word in front: `_1` → `variant1`, and its type `Variant1`.
    private static func unlikeTypeName(_ name: String) -> String {
        // Only a name the naming function began with `_` (before a digit) can be its type's too.
        guard name.utf8.first == UInt8(ascii: "_"), SwiftName.typeName(name) == name else { return name }
        return SwiftName.memberName("variant " + name)
    }

    /// `$ref: Cat` → `cat`; a title; a discriminator value; `string`, `int`, `strings` for
    /// primitives and arrays; else the first required property; `variant1` as the last resort.
    private func caseName(for member: SchemaID, discriminatorValue: String?, index: Int) -> String {
        let schema = table[member]
        if schema.reference != nil, let name = types.typeNames[table.resolved(member)] ?? types.typeNames[schema.reference!] {
            return SwiftName.memberName(name)
        }
        if let name = types.typeNames[member] {
            return SwiftName.memberName(name)
        }
        if let title = schema.title, !SwiftName.words(title).isEmpty {
            return SwiftName.memberName(title)
        }
        if let discriminatorValue, !SwiftName.words(discriminatorValue).isEmpty {
            return SwiftName.memberName(discriminatorValue)
        }
        switch types.shapes[member] {
        case .primitive(let type):
            return SwiftName.memberName(types.primitiveType(type, format: schema.format).code)
        case .constant(let value):
            return SwiftName.memberName(value, fallback: "string")
        case .stringEnum, .integerEnum:
            return "value"
        case .array(let items):
            if let items, let itemName = types.typeNames[table.resolved(items)] {
                return SwiftName.memberName(itemName) + "List"
            }
            if let items, case .primitive(let type) = types.shapes[items] {
                return SwiftName.memberName(types.primitiveType(type, format: table[items].format).code) + "List"
            }
            return "array"
        case .dictionary:
            return "dictionary"
        case .primitiveUnion:
            return "value"
        case .object:
            // A property fixed to a text (`method: {const: email}`) names the alternative, as a
            // discriminator's value would.
            for property in types.mergedObject(member).properties {
                if case .string(let value)? = types.shapes.fixedValue(of: property.schema, in: table), !SwiftName.words(value).isEmpty {
                    return SwiftName.memberName(value)
                }
            }
            if let first = types.mergedObject(member).properties.first(where: { schema.required.contains($0.name) })
                ?? types.mergedObject(member).properties.first
            {
                return SwiftName.memberName(first.name)
            }
            return "object"
        default:
            return "variant\(index + 1)"
        }
    }
}
