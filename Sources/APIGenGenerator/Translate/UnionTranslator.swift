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
        var caseScope = NameScope(reserved: discriminator == nil ? ["init", "self", "Type"] : ["unknown", "init", "self", "Type"])
        var cases: [UnionDeclaration.Case] = []
        var usedValues: Set<String> = []
        for (index, member) in members.enumerated() {
            let values =
                discriminator.map {
                    DiscriminatorValues.values(
                        for: member, discriminator: $0, table: table, shapes: types.shapes, componentNames: types.componentNames)
                } ?? []
            let proposed = caseName(for: member, discriminatorValue: values.first, index: index)
            let caseName = caseScope.claim(proposed)
            var type = types.swiftType(for: member, suggestedName: caseName, in: &context)
            type = type.unwrapped
            let fresh = values.filter { usedValues.insert($0).inserted }
            cases.append(.init(name: SwiftName.escaped(caseName), type: type, discriminatorValues: fresh))
        }
        var union = UnionDeclaration(cases: cases, discriminatorKey: discriminator?.propertyName)
        if union.discriminatorKey != nil, cases.allSatisfy({ $0.discriminatorValues.isEmpty }) {
            types.warning("the discriminator selects none of the alternatives; they are tried in order instead", at: schema.source)
            union.discriminatorKey = nil
        }
        // Alternatives that are the same Swift type cannot be told apart when decoding.
        var seenTypes: Set<SwiftType> = []
        if union.discriminatorKey == nil {
            union.cases = union.cases.filter { seenTypes.insert($0.type).inserted }
        }
        var declaration = TypeDeclaration(name: name, documentation: documentation, kind: .union(union))
        declaration.nested = context.nested
        return declaration
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
