/// Stores a value behind a reference so that a struct can contain itself.
///
/// Generated models use it only for properties that close a cycle of value types
/// (`LinkedNode.next: LinkedNode?`), as private storage behind a computed property;
/// everywhere else values are stored inline. The box is immutable and replaced on write,
/// so `Indirect` keeps value semantics.
@_spi(Generated)
public struct Indirect<Value> {
    private final class Box {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box

    /// Boxes `value`.
    public init(_ value: Value) {
        box = Box(value)
    }

    /// The stored value. Setting it stores a new box, so copies made before keep their value.
    public var value: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

@_spi(Generated)
extension Indirect: Equatable where Value: Equatable {
    /// Whether the stored values are equal.
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool {
        lhs.value == rhs.value
    }
}

@_spi(Generated)
extension Indirect: Hashable where Value: Hashable {
    /// Hashes the stored value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

// The box is never mutated after creation, so sharing it across threads is safe when the
// value itself is.
@_spi(Generated)
extension Indirect: @unchecked Sendable where Value: Sendable {}
