/// Value types cannot contain themselves. Finds cycles of by-value containment among the
/// generated types and breaks each with the least indirection: unions on a cycle become
/// `indirect enum`s, and struct properties that still close a cycle are stored `Indirect`.
/// Arrays and dictionaries already store their elements out of line, so they never count.
enum RecursionAnalysis {
    static func breakCycles(in graph: inout TypeGraph) {
        // First pass: unions on any cycle become indirect.
        var unions: [Int] = []
        for component in stronglyConnected(graph) where graph.isCyclic(component) {
            for node in component {
                if case .union = graph.kinds[node] {
                    unions.append(node)
                }
            }
        }
        for node in unions {
            graph.makeIndirect(union: node)
        }
        // Second pass: cycles left among structs close through properties that need a box.
        var boxed: [(node: Int, property: Int)] = []
        for component in stronglyConnected(graph) where graph.isCyclic(component) {
            let members = Set(component)
            for node in component {
                guard case .structure(let properties) = graph.kinds[node] else { continue }
                for (index, target) in properties.enumerated() where target.map(members.contains) == true {
                    boxed.append((node, index))
                }
            }
        }
        for (node, property) in boxed {
            graph.box(property: property, of: node)
        }
    }

    /// Tarjan's algorithm, iterative so that long chains of types cannot overflow the stack.
    private static func stronglyConnected(_ graph: TypeGraph) -> [[Int]] {
        let count = graph.nodeCount
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
