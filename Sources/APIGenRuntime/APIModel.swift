/// What every generated model is: `Codable`, `Hashable` and `Sendable`.
///
/// Equality and hashing compare the stored properties (for an enum: the case and its payload),
/// as the synthesized conformances would, through one generated function per type,
/// `_visitStoredValues(pairedWith:_:)`, instead of the two the compiler would synthesize:
/// synthesized `==` and `hash(into:)` were about a third of the compile time of a large
/// generated client. Specialized in an optimized build, the visit is as fast as synthesized code.
public protocol APIModel: Codable, Hashable, Sendable {
    /// Hands `visitor` each stored value beside the same value of `other` (for an enum, the
    /// payloads when both are the same case; else `visitDifferentCases()`). Equality and hashing
    /// are built on it; generated models implement it, other types get a reflection-based one.
    /// The leading underscore keeps this machinery out of autocomplete: apps use `==` and `hash`.
    func _visitStoredValues<Visitor: StoredValueVisitor>(pairedWith other: Self, _ visitor: inout Visitor)
}

/// What `APIModel._visitStoredValues(pairedWith:_:)` hands its values to.
public protocol StoredValueVisitor {
    /// One stored value of the first model beside the same value of the other.
    mutating func visit<Value: Hashable>(_ value: Value, _ otherValue: Value)
    /// The two values are different cases of an enum.
    mutating func visitDifferentCases()
}

extension APIModel {
    /// Whether two values have equal stored properties (for an enum: the same case and payload).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        var equality = StoredValueEquality()
        lhs._visitStoredValues(pairedWith: rhs, &equality)
        return equality.isEqual
    }

    /// Hashes the stored properties, so that equal values hash alike.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        var hashing = StoredValueHashing(hasher)
        _visitStoredValues(pairedWith: self, &hashing)
        hasher = hashing.hasher
    }

    /// Field by field through `Mirror`, for a type that declares the conformance by hand:
    /// correct, but hundreds of times slower than the generated visit.
    public func _visitStoredValues<Visitor: StoredValueVisitor>(pairedWith other: Self, _ visitor: inout Visitor) {
        let left = Mirror(reflecting: self)
        let right = Mirror(reflecting: other)
        if left.displayStyle == .enum && left.children.isEmpty && right.children.isEmpty {
            // Cases without a payload have no children to tell them apart.
            return visitor.visit(String(describing: self), String(describing: other))
        }
        guard left.children.count == right.children.count else { return visitor.visitDifferentCases() }
        for (leftChild, rightChild) in zip(left.children, right.children) {
            // For an enum the label is the case name; for a struct both labels are the same.
            guard leftChild.label == rightChild.label else { return visitor.visitDifferentCases() }
            // Every stored property of a model is `Hashable` (nil optionals included).
            visitor.visit(leftChild.value as? AnyHashable, rightChild.value as? AnyHashable)
        }
    }
}

/// Compares pairs of stored values: equal while every pair is.
@frozen
public struct StoredValueEquality: StoredValueVisitor {
    /// Whether every pair visited so far was equal.
    public var isEqual = true

    /// Equal until a pair differs.
    @inlinable
    public init() {}

    /// Notes a pair that differs.
    @inlinable
    public mutating func visit<Value: Hashable>(_ value: Value, _ otherValue: Value) {
        if isEqual && value != otherValue {
            isEqual = false
        }
    }

    /// Different cases are never equal.
    @inlinable
    public mutating func visitDifferentCases() {
        isEqual = false
    }
}

/// Feeds the first of each pair of stored values to a hasher.
@frozen
public struct StoredValueHashing: StoredValueVisitor {
    /// The hasher the values are fed to.
    public var hasher: Hasher

    /// Feeds `hasher`.
    @inlinable
    public init(_ hasher: Hasher) {
        self.hasher = hasher
    }

    /// Combines the first value (hashing visits a model paired with itself).
    @inlinable
    public mutating func visit<Value: Hashable>(_ value: Value, _ otherValue: Value) {
        hasher.combine(value)
    }

    /// Never called when a model is paired with itself.
    @inlinable
    public mutating func visitDifferentCases() {}
}
