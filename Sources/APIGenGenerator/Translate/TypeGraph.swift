/// The generated types as a graph of integers: which type each property or union case stores
/// inline. Recursion analysis breaks its cycles, value layout boxes its large values, and
/// `apply(to:)` writes both decisions into the declarations in one walk.
struct TypeGraph {
    enum Kind {
        /// Per property, the type it stores inline, if any (none when already boxed).
        case structure(propertyTargets: [Int?])
        /// Per case, the type it stores inline, if any.
        case union(caseTargets: [Int?])
        case other
    }

    /// One per node; nodes are numbered in declaration order, nested types after their parent.
    var kinds: [Kind] = []
    var isIndirectUnion: [Bool] = []

    var nodeCount: Int {
        kinds.count
    }

    /// Outgoing edges; an indirect union has none, since its cases are boxed.
    func edges(_ node: Int) -> [Int] {
        switch kinds[node] {
        case .structure(let properties): return properties.compactMap { $0 }
        case .union(let cases): return isIndirectUnion[node] ? [] : cases.compactMap { $0 }
        case .other: return []
        }
    }

    func isCyclic(_ component: [Int]) -> Bool {
        component.count > 1 || edges(component[0]).contains(component[0])
    }

    /// A declared name: its node, and where an alias leads.
    private struct Named {
        var node = 0
        var alias: SwiftType?
    }

    init(_ declarations: [TypeDeclaration]) {
        // One table for nodes and aliases: a type name is looked up once, not once per table.
        var named: [String: Named] = [:]
        var pending: [TypeDeclaration.Kind] = []
        func collect(_ declarations: [TypeDeclaration], qualifier: String) {
            // Fields are read in place: copying a whole declaration retains every field.
            for index in declarations.indices {
                let name = qualifier.isEmpty ? declarations[index].name : "\(qualifier).\(declarations[index].name)"
                named[name, default: Named()].node = pending.count
                if case .alias(let target) = declarations[index].kind {
                    named[name]?.alias = target
                }
                pending.append(declarations[index].kind)
                collect(declarations[index].nested, qualifier: name)
            }
        }
        collect(declarations, qualifier: "")
        let table = named
        var isIndirectUnion = Array(repeating: false, count: pending.count)
        kinds = pending.enumerated().map { node, kind in
            switch kind {
            case .structure(let structure):
                return .structure(propertyTargets: structure.properties.map { $0.isIndirect ? nil : Self.inlineTarget($0.type, table) })
            case .union(let union):
                isIndirectUnion[node] = union.isIndirect
                return .union(caseTargets: union.cases.map { Self.inlineTarget($0.type, table) })
            case .enumeration, .alias, .wrapper:
                // A wrapper holds an array or a map: already out of line.
                return .other
            }
        }
        self.isIndirectUnion = isIndirectUnion
    }

    /// The generated type a value of `type` stores inline (through optionals and aliases).
    /// Static, with the table passed in: a nested function used inside a closure boxes what
    /// it captures and checks every access at run time. At most one target, so no array.
    private static func inlineTarget(_ type: SwiftType, _ named: [String: Named]) -> Int? {
        var current = type
        var steps = 0
        while steps < 64 {
            steps += 1
            switch current {
            case .optional(let wrapped):
                current = wrapped
            case .named(let name):
                guard let entry = named[name] else { return nil }
                guard let alias = entry.alias else { return entry.node }
                current = alias
            case .array, .dictionary, .scalar, .generic:
                return nil
            }
        }
        return nil
    }

    /// Properties to store behind `Indirect`, per struct node, as the analyses decided.
    private(set) var boxedProperties: [Int: Set<Int>] = [:]

    /// Stores a struct's property behind `Indirect`: it no longer holds its target inline.
    mutating func box(property index: Int, of node: Int) {
        guard case .structure(var targets) = kinds[node] else { return }
        targets[index] = nil
        kinds[node] = .structure(propertyTargets: targets)
        boxedProperties[node, default: []].insert(index)
    }

    /// Makes a union an `indirect enum`: its cases are boxed, so it holds nothing inline.
    mutating func makeIndirect(union node: Int) {
        isIndirectUnion[node] = true
    }

    /// Writes the decisions into the declarations, visited in the order that numbered the nodes.
    func apply(to declarations: inout [TypeDeclaration]) {
        var node = 0
        apply(to: &declarations, next: &node)
    }

    private func apply(to declarations: inout [TypeDeclaration], next node: inout Int) {
        for index in declarations.indices {
            let current = node
            node += 1
            switch declarations[index].kind {
            case .union(var union) where isIndirectUnion[current] && !union.isIndirect:
                union.isIndirect = true
                declarations[index].kind = .union(union)
            case .structure(var structure):
                if let boxed = boxedProperties[current] {
                    for property in boxed {
                        structure.properties[property].isIndirect = true
                    }
                    declarations[index].kind = .structure(structure)
                }
            default:
                break
            }
            apply(to: &declarations[index].nested, next: &node)
        }
    }
}
