/// A reference to a Swift type in generated code.
public indirect enum SwiftType: Hashable, Sendable {
    /// A type by name: a builtin (`String`), a runtime type (`JSONValue`), a generated
    /// top-level type (`Pet`) or a nested one (`Pet.Status`).
    case named(String)
    case array(SwiftType)
    case dictionary(SwiftType)
    case optional(SwiftType)

    public static let string = SwiftType.named("String")
    public static let int = SwiftType.named("Int")
    public static let double = SwiftType.named("Double")
    public static let bool = SwiftType.named("Bool")
    public static let jsonValue = SwiftType.named("JSONValue")
    public static let data = SwiftType.named("Data")

    /// Swift source for the type.
    public var code: String {
        switch self {
        case .named(let name): return name
        case .array(let element): return "[\(element.code)]"
        case .dictionary(let value): return "[String: \(value.code)]"
        case .optional(let wrapped):
            return "\(wrapped.code)?"
        }
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its outer optional.
    public var unwrapped: SwiftType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    public var optional: SwiftType {
        isOptional ? self : .optional(self)
    }
}
