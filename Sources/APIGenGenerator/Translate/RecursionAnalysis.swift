/// Value types cannot contain themselves. Finds cycles of by-value containment among the
/// generated types and breaks each with the least indirection: unions on a cycle become
/// `indirect enum`s, and struct properties that still close a cycle are stored `Indirect`.
/// Arrays and dictionaries already store their elements out of line, so they never count.
enum RecursionAnalysis {
    /// The generated types as a graph of integers, built once.
    private struct Graph {
        enum Kind {
            /// Per property, the type it stores inline, if any.
            case structure(propertyTargets: [Int?])
            case union(caseTargets: [Int])
            case other
        }

        var names: [String] = []
        var kinds: [Kind] = []
        var isIndirectUnion: [Bool] = []

        /// Outgoing edges; an indirect union has none, since its cases are boxed.
        func edges(_ node: Int) -> [Int] {
            switch kinds[node] {
            case .structure(let properties): return properties.compactMap { $0 }
            case .union(let cases): return isIndirectUnion[node] ? [] : cases
            case .other: return []
            }
        }

        func isCyclic(_ component: [Int]) -> Bool {
            component.count > 1 || edges(component[0]).contains(component[0])
        }
    }

    static func breakCycles(in declarations: inout [TypeDeclaration]) {
        var graph = makeGraph(declarations)
        // First pass: unions on any cycle become indirect.
        var indirectUnions: Set<String> = []
        for component in stronglyConnected(graph) where graph.isCyclic(component) {
            for node in component {
                if case .union = graph.kinds[node] {
                    indirectUnions.insert(graph.names[node])
                }
            }
        }
        for (node, name) in graph.names.enumerated() where indirectUnions.contains(name) {
            graph.isIndirectUnion[node] = true
        }
        // Second pass: cycles left among structs close through properties that need a box.
        var indirectProperties: [String: Set<Int>] = [:]
        for component in stronglyConnected(graph) where graph.isCyclic(component) {
            let members = Set(component)
            for node in component {
                guard case .structure(let properties) = graph.kinds[node] else { continue }
                for (index, target) in properties.enumerated() where target.map(members.contains) == true {
                    indirectProperties[graph.names[node], default: []].insert(index)
                }
            }
        }
        guard !indirectUnions.isEmpty || !indirectProperties.isEmpty else { return }
        apply(&declarations, qualifier: "", unions: indirectUnions, properties: indirectProperties)
    }

    /// A declared name: its node, and where an alias leads.
    private struct Named {
        var node = 0
        var alias: SwiftType?
    }

    private static func makeGraph(_ declarations: [TypeDeclaration]) -> Graph {
        var graph = Graph()
        // One table for nodes and aliases: a type name is looked up once, not once per table.
        var named: [String: Named] = [:]
        var pending: [TypeDeclaration.Kind] = []
        func collect(_ declarations: [TypeDeclaration], qualifier: String) {
            // Fields are read in place: copying a whole declaration retains every field.
            for index in declarations.indices {
                let name = qualifier.isEmpty ? declarations[index].name : "\(qualifier).\(declarations[index].name)"
                named[name, default: Named()].node = graph.names.count
                if case .alias(let target) = declarations[index].kind {
                    named[name]?.alias = target
                }
                graph.names.append(name)
                pending.append(declarations[index].kind)
                collect(declarations[index].nested, qualifier: name)
            }
        }
        collect(declarations, qualifier: "")
        let table = named
        graph.kinds = pending.map { kind in
            switch kind {
            case .structure(let structure): return .structure(propertyTargets: structure.properties.map { inlineTarget($0.type, table) })
            case .union(let union): return .union(caseTargets: union.cases.compactMap { inlineTarget($0.type, table) })
            case .enumeration, .alias: return .other
            }
        }
        graph.isIndirectUnion = Array(repeating: false, count: graph.names.count)
        return graph
    }

    private static func apply(_ declarations: inout [TypeDeclaration], qualifier: String, unions: Set<String>, properties: [String: Set<Int>]) {
        for index in declarations.indices {
            let name = qualifier.isEmpty ? declarations[index].name : "\(qualifier).\(declarations[index].name)"
            switch declarations[index].kind {
            case .union(var union) where unions.contains(name):
                union.isIndirect = true
                declarations[index].kind = .union(union)
            case .structure(var structure):
                if let boxed = properties[name] {
                    for property in boxed {
                        structure.properties[property].isIndirect = true
                    }
                    declarations[index].kind = .structure(structure)
                }
            default:
                break
            }
            apply(&declarations[index].nested, qualifier: name, unions: unions, properties: properties)
        }
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
            case .array, .dictionary:
                return nil
            }
        }
        return nil
    }

    /// Tarjan's algorithm, iterative so that long chains of types cannot overflow the stack.
    private static func stronglyConnected(_ graph: Graph) -> [[Int]] {
        let count = graph.names.count
        var index = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var counter = 0
        for root in 0..<count where index[root] < 0 {
            var work: [(node: Int, successors: [Int], next: Int)] = []
            func push(_ node: Int) {
                index[node] = counter
                lowLink[node] = counter
                counter += 1
                stack.append(node)
                onStack[node] = true
                work.append((node, graph.edges(node), 0))
            }
            push(root)
            while !work.isEmpty {
                let top = work.count - 1
                if work[top].next < work[top].successors.count {
                    let successor = work[top].successors[work[top].next]
                    work[top].next += 1
                    if index[successor] < 0 {
                        push(successor)
                    } else if onStack[successor] {
                        lowLink[work[top].node] = min(lowLink[work[top].node], index[successor])
                    }
                } else {
                    let node = work.removeLast().node
                    if let parent = work.last {
                        lowLink[parent.node] = min(lowLink[parent.node], lowLink[node])
                    }
                    if lowLink[node] == index[node] {
                        var component: [Int] = []
                        while let member = stack.popLast() {
                            onStack[member] = false
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
