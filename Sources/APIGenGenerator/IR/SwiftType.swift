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

    /// Swift source for the type as written inside the type `scope` (`Pet.Owner`): nested
    /// types of the enclosing types are named without their qualifier, as people write them.
    /// Nested names never repeat along one chain of enclosing types, so this stays unambiguous.
    public func code(in scope: String) -> String {
        guard !scope.isEmpty else { return code }
        switch self {
        case .named(let name):
            // Only nested types (`Pet.Owner`) can be shortened.
            guard name.utf8.contains(UInt8(ascii: ".")) else { return name }
            if name.isASCII, scope.isASCII {
                return Self.shortened(name, in: scope) ?? name
            }
            var prefix = Substring(scope)
            while !prefix.isEmpty {
                if name.hasPrefix(prefix + "."), name.count > prefix.count + 1 {
                    return String(name.dropFirst(prefix.count + 1))
                }
                guard let dot = prefix.lastIndex(of: ".") else { break }
                prefix = prefix[..<dot]
            }
            return name
        case .array(let element): return "[\(element.code(in: scope))]"
        case .dictionary(let value): return "[String: \(value.code(in: scope))]"
        case .optional(let wrapped): return "\(wrapped.code(in: scope))?"
        }
    }

    /// `code(in:)` for a nested name on ASCII text (all generated names), comparing bytes.
    private static func shortened(_ name: String, in scope: String) -> String? {
        let name = Array(name.utf8)
        let scope = Array(scope.utf8)
        var end = scope.count
        while end > 0 {
            if name.count > end + 1, name[end] == UInt8(ascii: "."), name[..<end].elementsEqual(scope[..<end]) {
                return String(decoding: name[(end + 1)...], as: UTF8.self)
            }
            guard let dot = scope[..<end].lastIndex(of: UInt8(ascii: ".")) else { break }
            end = dot
        }
        return nil
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
