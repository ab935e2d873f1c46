/// Value types cannot contain themselves. Finds cycles of by-value containment among the
/// generated types and breaks each with the least indirection: unions on a cycle become
/// `indirect enum`s, and struct properties that still close a cycle are stored `@Indirect`.
/// Arrays and dictionaries already store their elements out of line, so they never count.
enum RecursionAnalysis {
    static func breakCycles(in declarations: inout [TypeDeclaration]) {
        var kinds: [String: TypeDeclaration.Kind] = [:]
        collect(declarations, qualifier: "", into: &kinds)
        // First pass: unions on any cycle become indirect.
        let unionCycles = stronglyConnected(kinds)
        let indirectUnions = Set(unionCycles.filter { component in component.count > 1 || selfLoop(component.first!, kinds) }.flatMap { $0 }.filter {
            if case .union = kinds[$0]! { return true }
            return false
        })
        for name in indirectUnions {
            if case .union(var union) = kinds[name]! {
                union.isIndirect = true
                kinds[name] = .union(union)
            }
        }
        // Second pass: cycles left among structs; indirect unions no longer count as edges.
        var indirectProperties: [String: Set<String>] = [:]
        for component in stronglyConnected(kinds) where component.count > 1 || selfLoop(component.first!, kinds) {
            let members = Set(component)
            for name in component {
                guard case .structure(let structure) = kinds[name]! else { continue }
                for property in structure.properties where members.contains(where: { target in contains(property.type, target, kinds) }) {
                    indirectProperties[name, default: []].insert(property.name)
                }
            }
        }
        apply(&declarations, qualifier: "", unions: indirectUnions, properties: indirectProperties)
    }

    private static func collect(_ declarations: [TypeDeclaration], qualifier: String, into kinds: inout [String: TypeDeclaration.Kind]) {
        for declaration in declarations {
            let name = qualifier.isEmpty ? declaration.name : "\(qualifier).\(declaration.name)"
            kinds[name] = declaration.kind
            collect(declaration.nested, qualifier: name, into: &kinds)
        }
    }

    private static func apply(_ declarations: inout [TypeDeclaration], qualifier: String, unions: Set<String>, properties: [String: Set<String>]) {
        for index in declarations.indices {
            let name = qualifier.isEmpty ? declarations[index].name : "\(qualifier).\(declarations[index].name)"
            switch declarations[index].kind {
            case .union(var union) where unions.contains(name):
                union.isIndirect = true
                declarations[index].kind = .union(union)
            case .structure(var structure) where properties[name] != nil:
                for propertyIndex in structure.properties.indices where properties[name]!.contains(structure.properties[propertyIndex].name) {
                    structure.properties[propertyIndex].isIndirect = true
                }
                declarations[index].kind = .structure(structure)
            default:
                break
            }
            apply(&declarations[index].nested, qualifier: name, unions: unions, properties: properties)
        }
    }

    /// Generated types a value of `type` stores inline (through optionals and aliases).
    private static func inlineTargets(_ type: SwiftType, _ kinds: [String: TypeDeclaration.Kind]) -> [String] {
        var current = type
        var seen: Set<String> = []
        while true {
            switch current {
            case .optional(let wrapped):
                current = wrapped
            case .named(let name):
                guard let kind = kinds[name], seen.insert(name).inserted else { return [] }
                if case .alias(let target) = kind {
                    current = target
                } else {
                    return [name]
                }
            case .array, .dictionary:
                return []
            }
        }
    }

    private static func contains(_ type: SwiftType, _ target: String, _ kinds: [String: TypeDeclaration.Kind]) -> Bool {
        inlineTargets(type, kinds).contains(target)
    }

    private static func edges(_ name: String, _ kinds: [String: TypeDeclaration.Kind]) -> [String] {
        switch kinds[name] {
        case .structure(let structure)?:
            return structure.properties.flatMap { inlineTargets($0.type, kinds) }
        case .union(let union)? where !union.isIndirect:
            return union.cases.flatMap { inlineTargets($0.type, kinds) }
        default:
            return []
        }
    }

    private static func selfLoop(_ name: String, _ kinds: [String: TypeDeclaration.Kind]) -> Bool {
        edges(name, kinds).contains(name)
    }

    /// Tarjan's algorithm, iterative so that long chains of types cannot overflow the stack.
    private static func stronglyConnected(_ kinds: [String: TypeDeclaration.Kind]) -> [[String]] {
        let names = kinds.keys.sorted()
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var components: [[String]] = []
        var counter = 0
        for root in names where index[root] == nil {
            var work: [(node: String, successors: [String], next: Int)] = []
            func push(_ node: String) {
                index[node] = counter
                lowLink[node] = counter
                counter += 1
                stack.append(node)
                onStack.insert(node)
                work.append((node, edges(node, kinds), 0))
            }
            push(root)
            while !work.isEmpty {
                let top = work.count - 1
                if work[top].next < work[top].successors.count {
                    let successor = work[top].successors[work[top].next]
                    work[top].next += 1
                    if index[successor] == nil {
                        push(successor)
                    } else if onStack.contains(successor) {
                        lowLink[work[top].node] = min(lowLink[work[top].node]!, index[successor]!)
                    }
                } else {
                    let node = work.removeLast().node
                    if let parent = work.last {
                        lowLink[parent.node] = min(lowLink[parent.node]!, lowLink[node]!)
                    }
                    if lowLink[node] == index[node] {
                        var component: [String] = []
                        while let member = stack.popLast() {
                            onStack.remove(member)
                            component.append(member)
                            if member == node { break }
                        }
                        components.append(component)
                    }
                }
            }
        }
        return components
    }
}
