/// What every generated model is: `Codable`, `Hashable` and `Sendable`.
///
/// Equality and hashing compare the stored properties (for an enum: the case and its payload),
/// exactly like the synthesized conformance would, but they are written once here instead of
/// once per type. Synthesized `==` and `hash(into:)` were about a third of the compile time of a
/// large generated client (openai.yaml: thousands of types); this costs a little speed at run
/// time instead (reflection), which equality on API values can afford. A model that needs faster
/// equality can still declare its own `==` and `hash(into:)` in an extension.
public protocol APIModel: Codable, Hashable, Sendable {}

extension APIModel {
    /// Whether two values have equal stored properties (for an enum: the same case and payload).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        StoredProperties.equal(lhs, rhs)
    }

    /// Hashes the stored properties, so that equal values hash alike.
    public func hash(into hasher: inout Hasher) {
        StoredProperties.hash(self, into: &hasher)
    }
}

/// Field-by-field equality and hashing through `Mirror`, for `APIModel`.
enum StoredProperties {
    static func equal<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
        let left = Mirror(reflecting: lhs)
        let right = Mirror(reflecting: rhs)
        if left.displayStyle == .enum && left.children.isEmpty && right.children.isEmpty {
            // Cases without a payload have no children to tell them apart.
            return String(describing: lhs) == String(describing: rhs)
        }
        guard left.children.count == right.children.count else { return false }
        for (leftChild, rightChild) in zip(left.children, right.children) {
            // For an enum the label is the case name; for a struct both labels are the same.
            guard leftChild.label == rightChild.label, hashable(leftChild.value) == hashable(rightChild.value) else {
                return false
            }
        }
        return true
    }

    static func hash<Value>(_ value: Value, into hasher: inout Hasher) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .enum && mirror.children.isEmpty {
            hasher.combine(String(describing: value))
            return
        }
        for child in mirror.children {
            hasher.combine(child.label)
            hasher.combine(hashable(child.value))
        }
    }

    /// Every stored property of a generated model is `Hashable` (nil optionals included).
    private static func hashable(_ value: Any) -> AnyHashable? {
        value as? AnyHashable
    }
}
