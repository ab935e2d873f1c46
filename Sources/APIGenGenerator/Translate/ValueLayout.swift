/// Keeps large values out of line, as swift-protobuf does with its storage classes for large
/// messages.
///
/// A struct stores its properties' structs inline, so its value witnesses (copy, assign,
/// destroy) and its outlined copies handle every field of every nested value one by one. A
/// large response embedded by value in a dozen event types was copied field by field in each:
/// for openai.yaml, value witnesses and outlined copies were over half of the models' LLVM IR,
/// and the LLVM backend most of their debug compile time. A property whose type holds more
/// than `threshold` fields is stored behind `Indirect` instead (one reference to copy), and a
/// union whose cases together hold that many becomes an `indirect enum`. The public API is
/// the same: the property stays a `var` of the same type, and the enum keeps its cases.
enum ValueLayout {
    /// Fields a value may hold inline before it is boxed. Small values (a few strings, a
    /// nested id and name) stay inline, where they cost no allocation.
    static let threshold = 16

    /// Run after `RecursionAnalysis.breakCycles`, so the graph of inline values has no cycle.
    static func boxLargeValues(in graph: inout TypeGraph, threshold: Int = threshold) {
        var weight = Array(repeating: 1, count: graph.nodeCount)
        var boxed: [(node: Int, property: Int)] = []
        var indirectUnions: [Int] = []

        // The inline field count of `node`, once those of the types it holds are known.
        func settle(_ node: Int) {
            switch graph.kinds[node] {
            case .structure(let targets):
                var total = 0
                for (index, target) in targets.enumerated() {
                    guard let target else {
                        total += 1
                        continue
                    }
                    if weight[target] > threshold {
                        boxed.append((node, index))
                        total += 1
                    } else {
                        total += weight[target]
                    }
                }
                weight[node] = max(total, 1)
            case .union(let targets):
                guard !graph.isIndirectUnion[node] else { return }
                let total = targets.reduce(0) { $0 + ($1.map { weight[$0] } ?? 1) }
                if total > threshold {
                    indirectUnions.append(node)
                    weight[node] = 1
                } else {
                    weight[node] = max(total, 1)
                }
            case .other:
                break
            }
        }

        for node in postOrder(graph) {
            settle(node)
        }
        for (node, property) in boxed {
            graph.box(property: property, of: node)
        }
        for node in indirectUnions {
            graph.makeIndirect(union: node)
        }
    }

    /// Every node after the nodes it holds inline, without recursion: chains of nested types
    /// can be long.
    private static func postOrder(_ graph: TypeGraph) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(graph.nodeCount)
        var visited = Array(repeating: false, count: graph.nodeCount)
        for root in 0..<graph.nodeCount where !visited[root] {
            var stack: [(node: Int, isExpanded: Bool)] = [(root, false)]
            while let (node, isExpanded) = stack.popLast() {
                if isExpanded {
                    order.append(node)
                    continue
                }
                guard !visited[node] else { continue }
                visited[node] = true
                stack.append((node, true))
                for target in graph.edges(node) where !visited[target] {
                    stack.append((target, false))
                }
            }
        }
        return order
    }
}
