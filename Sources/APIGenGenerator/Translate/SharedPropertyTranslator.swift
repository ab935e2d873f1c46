/// The fields of a polymorphic base, readable on the union that stands for it: a
/// `[NotificationModel]` still says each notification's `id`, whatever its kind. Worked out from
/// the translated structs of the cases, so a property is shared only where every case declares
/// it under the same name and type.
enum SharedPropertyTranslator {
    /// Names the union already uses, which an accessor may not take.
    private static let reserved = GeneratedMembers.unionAccessors

    static func apply(to declarations: inout [TypeDeclaration]) {
        // Most specs have no polymorphic base: no need to index every struct.
        let hasBase = declarations.contains { declaration in
            if case .union(let union) = declaration.kind { return !union.baseKeys.isEmpty }
            return false
        }
        guard hasBase else { return }
        let structs = Dictionary(
            declarations.compactMap { declaration -> (String, StructDeclaration)? in
                guard case .structure(let structure) = declaration.kind, structure.coding == .keyed else { return nil }
                return (declaration.name, structure)
            }, uniquingKeysWith: { first, _ in first })
        for index in declarations.indices {
            guard case .union(var union) = declarations[index].kind, !union.baseKeys.isEmpty else { continue }
            union.sharedProperties = shared(union, structs: structs)
            declarations[index].kind = .union(union)
        }
    }

    private static func shared(_ union: UnionDeclaration, structs: [String: StructDeclaration]) -> [UnionDeclaration.SharedProperty] {
        var caseStructs: [(name: String, structure: StructDeclaration)] = []
        for item in union.cases {
            guard case .named(let name) = item.type, let structure = structs[name] else { return [] }
            caseStructs.append((name, structure))
        }
        let taken = reserved.union(union.cases.map(\.name.plain))
        return union.baseKeys.compactMap { key in
            let properties = caseStructs.compactMap { $0.structure.properties.first { $0.key == key } }
            guard let first = properties.first, properties.count == caseStructs.count, !taken.contains(first.name.plain) else {
                return nil
            }
            let type = first.type.unwrapped
            // The same name and type in every case; a type nested in one case is not another's.
            // A deprecated property is read through its storage only inside its own type.
            guard properties.allSatisfy({ $0.name == first.name && $0.type.unwrapped == type && $0.deprecationMessage == nil }),
                !caseStructs.contains(where: { isNested(type, in: $0.name) })
            else { return nil }
            return UnionDeclaration.SharedProperty(name: first.name, key: key, type: type, documentation: first.documentation)
        }
    }

    /// Whether `type` names a type nested in `name` (`Cat.Kind`, `[Cat.Toy]`).
    private static func isNested(_ type: SwiftType, in name: String) -> Bool {
        switch type {
        case .named(let named): return named.hasPrefix(name + ".")
        case .scalar: return false
        case .generic(_, let arguments): return arguments.contains { isNested($0, in: name) }
        case .array(let inner), .dictionary(let inner), .optional(let inner): return isNested(inner, in: name)
        }
    }
}
